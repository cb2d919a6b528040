"""White Elephant's gift cards: suits, numbers, the deck per player count and the deal table.

Card ids are ``<suit>-<number>``; every suit counts up from 0 (house rule 1)::

    >>> card_id("snow-globe", 10)
    'snow-globe-10'
    >>> suit_of("gift-basket-3"), number_of("gift-basket-3")
    ('gift-basket', 3)
    >>> len(deck_for(5))
    55
"""

from __future__ import annotations

SUITS: dict[str, int] = {
    "snow-globe": 11,
    "mug": 10,
    "gift-basket": 10,
    "grill-kit": 10,
    "board-game": 9,
    "football": 9,
    "bird-house": 8,
    "socks": 8,
}
"""Each suit and how many cards it has (numbers 0 to count-1), in the rulebook's order."""

SUIT_RANK: dict[str, int] = {suit: rank for rank, suit in enumerate(SUITS)}
"""Each suit's place in the rulebook's order, from 0."""

REMOVED: dict[int, tuple[str, ...]] = {
    3: ("grill-kit", "bird-house", "socks"),
    4: ("snow-globe", "grill-kit"),
    5: ("mug", "grill-kit"),
    6: ("grill-kit",),
    7: (),
    8: ("snow-globe",),
}
"""Suits taken out of the deck for each player count."""

DEAL: dict[int, tuple[int, int]] = {
    3: (5, 2),
    4: (6, 3),
    5: (8, 3),
    6: (9, 4),
    7: (11, 4),
    8: (11, 5),
}
"""Gifts dealt each round for each player count: (faceup, facedown)."""

PEANUTS = 35
"""Peanut tokens in the game; never more, never fewer."""


def card_id(suit: str, number: int) -> str:
    return f"{suit}-{number}"


CARD_SUIT: dict[str, str] = {}
CARD_NUMBER: dict[str, int] = {}
for _suit, _count in SUITS.items():
    for _n in range(_count):
        CARD_SUIT[card_id(_suit, _n)] = _suit
        CARD_NUMBER[card_id(_suit, _n)] = _n


def suit_of(card: str) -> str:
    return CARD_SUIT[card]


def number_of(card: str) -> int:
    return CARD_NUMBER[card]


def suits_for(players: int) -> tuple[str, ...]:
    """The suits in play for a player count, in the rulebook's order."""
    removed = REMOVED[players]
    return tuple(s for s in SUITS if s not in removed)


def deck_for(players: int) -> list[str]:
    """The unshuffled deck for a player count, suit by suit, low numbers first (a new list)."""
    return list(_DECKS[players])


_DECKS: dict[int, tuple[str, ...]] = {
    players: tuple(card_id(s, n) for s in suits_for(players) for n in range(SUITS[s])) for players in REMOVED
}
