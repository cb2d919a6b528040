"""Gift List's cards: gift card ids, the five people, the ten Gift List cards, attic sizes.

Gift cards are ``<colour>-<n>`` with n from 1 to 10; each colour is one person on the lists::

    >>> CARD_COLOUR["blue-7"], CARD_NUMBER["blue-7"]
    ('blue', 7)
    >>> PERSON_OF_COLOUR["green"]
    'great-uncle-irwin'
    >>> len(DECK), len(GIFT_LISTS), ATTIC_SIZE[5]
    (50, 10, 7)
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations

COLOURS: tuple[str, ...] = ("red", "orange", "yellow", "blue", "green")
"""The five colours, in the order used everywhere (deal, lists, views)."""

PEOPLE: tuple[str, ...] = (
    "mother-in-law",
    "crazy-neighbor",
    "fluffy-the-cat",
    "random-stranger",
    "great-uncle-irwin",
)
"""The five people on the Gift Lists; ``PEOPLE[i]`` wants ``COLOURS[i]``."""

PERSON_OF_COLOUR: dict[str, str] = dict(zip(COLOURS, PEOPLE, strict=True))
COLOUR_OF_PERSON: dict[str, str] = dict(zip(PEOPLE, COLOURS, strict=True))
PERSON_RANK: dict[str, int] = {p: i for i, p in enumerate(PEOPLE)}

HIGHEST = 10
"""Each colour runs from 1 to this number."""

DECK: tuple[str, ...] = tuple(f"{c}-{n}" for c in COLOURS for n in range(1, HIGHEST + 1))
"""The 50 gift cards, colour by colour, low numbers first."""

CARD_COLOUR: dict[str, str] = {}
CARD_NUMBER: dict[str, int] = {}
for _card in DECK:
    _colour, _, _n = _card.partition("-")
    CARD_COLOUR[_card] = _colour
    CARD_NUMBER[_card] = int(_n)

GIFT_LISTS: tuple[tuple[str, str, str], ...] = tuple(combinations(PEOPLE, 3))
"""The ten Gift List cards: every choice of 3 of the 5 people, people in the order of PEOPLE."""

ATTIC_SIZE: dict[int, int] = {3: 8, 4: 8, 5: 7, 6: 6, 7: 5}
"""Attic (hand) size per player count; there is one party per attic card."""


def canonical_list(people: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """A Gift List with its people in the usual order.

    >>> canonical_list(["great-uncle-irwin", "mother-in-law", "fluffy-the-cat"])
    ('mother-in-law', 'fluffy-the-cat', 'great-uncle-irwin')
    """
    return tuple(sorted(people, key=PERSON_RANK.__getitem__))


Tops = Mapping[str, int]
"""A seat's best card so far for each colour its list wants: its number (0: none yet), by colour.
Colours its list does not want are not in it."""


def tops_of(best: Mapping[str, str | None]) -> dict[str, int]:
    """The :data:`Tops` of a view's ``best`` (the best card per person on the list).

    >>> tops_of({"mother-in-law": "red-3", "crazy-neighbor": None})
    {'red': 3, 'orange': 0}
    """
    return {COLOUR_OF_PERSON[person]: CARD_NUMBER[top] if top else 0 for person, top in best.items()}


def card_gain(tops: Tops, card: str) -> int:
    """How much ``card`` would add to a score whose best cards are ``tops``: what it beats for
    the person of its colour, if that person is on the list.

    >>> card_gain({"red": 3, "orange": 0}, "red-7"), card_gain({"red": 9}, "red-7"), card_gain({"red": 9}, "blue-7")
    (4, 0, 0)
    """
    top = tops.get(CARD_COLOUR[card])
    return 0 if top is None else max(0, CARD_NUMBER[card] - top)


def gain(best: Mapping[str, str | None], card: str) -> int:
    """:func:`card_gain` with a view's ``best`` (the best card per person on the list).

    >>> gain({"mother-in-law": "red-3", "crazy-neighbor": None}, "red-7"), gain({"mother-in-law": "red-9"}, "red-7")
    (4, 0)
    """
    return card_gain(tops_of(best), card)
