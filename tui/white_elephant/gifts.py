"""How a White Elephant gift looks on screen: a two-letter suit code beside the colour.

Every suit has a code (``GB`` Gift Basket, ``SK`` Socks ...) so suits tell apart without
colour (NO_COLOR, monochrome terminals); the colour is the palette's (:mod:`yule.tui.palette`).  Surprise Gifts show their handle number
(``?4``); one this seat has peeked at shows what it is after an ``=``, for this seat alone.

    >>> gift_badge("snow-globe-10").plain
    'SG 10'
    >>> gift_badge("surprise-4").plain, gift_badge("surprise-4", {"surprise-4": "mug-5"}).plain
    ('?4', '?4=MU 5')
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text

from ...core.white_elephant.cards import number_of, suit_of
from ..palette import badge, paint
from .words import is_surprise, surprise_number

SUIT_CODES: dict[str, str] = {
    "snow-globe": "SG",
    "mug": "MU",
    "gift-basket": "GB",
    "grill-kit": "GK",
    "board-game": "BG",
    "football": "FB",
    "bird-house": "BH",
    "socks": "SK",
}

SUIT_STYLES: dict[str, str] = {
    "snow-globe": badge("sky-blue"),
    "mug": badge("vermillion"),
    "gift-basket": badge("orange"),
    "grill-kit": badge("charcoal"),
    "board-game": badge("reddish-purple"),
    "football": badge("yellow"),
    "bird-house": badge("bluish-green"),
    "socks": badge("blue"),
}

SURPRISE_STYLE = badge("white")
PEANUT = "●"

HIDDEN = "hidden"
"""In place of a peeked Surprise Gift's card while the hand is hidden (``known``: handle ->
``HIDDEN``): its badge shows card backs, as wide as the widest card's code (``?4=▒▒ ▒▒``)."""
HIDDEN_CODE = "▒▒ ▒▒"


def hidden_known(known: Mapping[str, str]) -> dict[str, str]:
    """The Surprise Gifts this seat peeked at, their cards hidden (:data:`HIDDEN`)."""
    return dict.fromkeys(known, HIDDEN)


def suit_badge(suit: str) -> Text:
    """A suit's code on its colour: the same badge everywhere, code first."""
    return paint(SUIT_CODES[suit], SUIT_STYLES[suit])


def card_code(card: str) -> str:
    """``'GB 7'`` for ``gift-basket-7``."""
    return f"{SUIT_CODES[suit_of(card)]} {number_of(card)}"


def gift_badge(
    ref: str, known: Mapping[str, str] | None = None, on_gifts: Mapping[str, int] | None = None, wide: bool = False
) -> Text:
    """A gift as a coloured badge with its code (and its Peanuts for a Surprise Gift); ``wide``
    (the TV of a big screen): the colour a space wider on either side.

    >>> gift_badge("mug-5", wide=True).plain, gift_badge("surprise-4", on_gifts={"surprise-4": 2}, wide=True).plain
    (' MU 5 ', ' ?4 ●●')
    """
    pad = " " if wide else ""
    text = Text()
    if is_surprise(ref):
        card = (known or {}).get(ref)
        text.append_text(paint(f"{pad}?{surprise_number(ref)}{pad}", SURPRISE_STYLE))
        if card == HIDDEN:
            text.append("=")
            text.append(f"{pad}{HIDDEN_CODE}{pad}", "dim")
        elif card:
            text.append("=")
            text.append_text(paint(f"{pad}{card_code(card)}{pad}", SUIT_STYLES[suit_of(card)]))
        peanuts = (on_gifts or {}).get(ref, 0)
        if peanuts:
            text.append(PEANUT * peanuts, "bold")
    else:
        text.append_text(paint(f"{pad}{card_code(ref)}{pad}", SUIT_STYLES[suit_of(ref)]))
    return text


def badges(refs: list[str], known: Mapping[str, str] | None = None, on_gifts: Mapping[str, int] | None = None) -> Text:
    """Several gifts as badges separated by spaces."""
    return Text(" ").join(gift_badge(r, known, on_gifts) for r in refs)
