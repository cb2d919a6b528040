"""How a Gift List card looks on screen: a colour letter and its number on the colour.

Every colour has a letter (``R`` red, ``O`` orange, ``Y`` yellow, ``B`` blue, ``G`` green),
so cards and people tell apart without colour (NO_COLOR, monochrome terminals); the colours
are the palette's (:mod:`yule.tui.palette`), red its vermillion.  A card's code is the same in
every language (``R7``); its words are the language's (:func:`~yule.tui.gift_list.words.card_words`).

    >>> card_code("orange-10"), colour_letter("green"), card_words("blue-3")
    ('O10', 'G', 'blue 3')
"""

from __future__ import annotations

from rich.text import Text

from ...core.gift_list.cards import CARD_COLOUR, CARD_NUMBER, COLOUR_OF_PERSON, COLOURS
from ..palette import badge, paint
from .words import card_words as card_words  # a card beside its code, worded here before
from .words import person_name

COLOUR_STYLES: dict[str, str] = {
    "red": badge("vermillion"),
    "orange": badge("orange"),
    "yellow": badge("yellow"),
    "blue": badge("blue"),
    "green": badge("bluish-green"),
}

WRAPPED = "▣"
"""Beside the word "wrapped": a gift still face down."""
LOCKED = "⊘"
"""Beside the word "locked": a gift just stolen, which can't be stolen again yet."""


def colour_letter(colour: str) -> str:
    return colour[0].upper()


def card_code(card: str) -> str:
    """``'R7'`` for ``red-7``."""
    return f"{colour_letter(CARD_COLOUR[card])}{CARD_NUMBER[card]}"


def card_badge(card: str, wide: bool = False) -> Text:
    """A card as its code on its colour; ``wide`` (the TV of a big screen): the colour a space
    wider on either side.

    >>> card_badge("red-7").plain, card_badge("red-7", wide=True).plain
    ('R7', ' R7 ')
    """
    code = f" {card_code(card)} " if wide else card_code(card)
    return paint(code, COLOUR_STYLES[CARD_COLOUR[card]])


def cards_text(cards: list[str], wide: bool = False) -> Text:
    """Several cards as badges separated by spaces, colour by colour, low numbers first."""
    ordered = sorted(cards, key=lambda c: (COLOURS.index(CARD_COLOUR[c]), CARD_NUMBER[c]))
    return Text(" ").join(card_badge(c, wide) for c in ordered)


def person_badge(person: str) -> Text:
    """A person as the letter of the colour they want, on that colour, then their name."""
    colour = COLOUR_OF_PERSON[person]
    text = paint(colour_letter(colour), COLOUR_STYLES[colour])
    text.append(f" {person_name(person)}")
    return text
