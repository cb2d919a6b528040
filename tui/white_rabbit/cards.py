"""How a White Rabbit card looks on screen: a colour letter and the value, on the colour.

Each colour has a letter (``b`` brown, ``g`` grey, ``k`` black, ``c`` cream), so a card reads
without colour (NO_COLOR, monochrome terminals): ``g5`` is the grey 5.  The colour is the
palette's ink of that name (:mod:`yule.tui.palette`).

    >>> chip("grey-5").plain, chip("max").plain
    ('g5', 'MAX')
"""

from __future__ import annotations

from rich.text import Text

from ...core.white_rabbit.cards import CARD_COLOUR, CARD_VALUE, COLOURS, MAX
from ..palette import badge, paint
from .words import colour_name

COLOUR_LETTERS: dict[str, str] = {"brown": "b", "grey": "g", "black": "k", "cream": "c"}

COLOUR_STYLES: dict[str, str] = {colour: badge(colour) for colour in COLOURS}

MAX_STYLE = badge("white")


def chip(card: str) -> Text:
    """A card as two characters on its colour: ``b3``; Max is ``MAX``."""
    if card == MAX:
        return paint("MAX", MAX_STYLE)
    colour = CARD_COLOUR[card]
    return paint(f"{COLOUR_LETTERS[colour]}{CARD_VALUE[card]}", COLOUR_STYLES[colour])


def legend() -> Text:
    """``b brown  g grey`` and ``k black  c cream`` on two lines, each letter on its colour (the
    letters are codes, the same in every language; the colours' names are the language's)."""
    chips = [paint(COLOUR_LETTERS[c], COLOUR_STYLES[c]) + Text(f" {colour_name(c)}") for c in COLOURS]
    return Text("\n").join(Text("  ").join(chips[i : i + 2]) for i in (0, 2))
