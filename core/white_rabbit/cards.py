"""White Rabbit's cards: 24 rabbit cards (4 colours x values 1-6) and Max Mümmelmann.

Card ids are ``<colour>-<value>``; Max is ``max``.  The colour only matters for the
"Oberhase" title; a family is the six values, whatever their colours.

    >>> len(RABBIT_CARDS), CARD_VALUE["grey-5"], CARD_COLOUR["grey-5"]
    (24, 5, 'grey')
"""

from __future__ import annotations

COLOURS: tuple[str, ...] = ("brown", "grey", "black", "cream")
VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
MAX = "max"
"""Max Mümmelmann's card id."""

SPACES = 8
"""Board spaces (and piles) 0-7; pile ``i`` lies beside space ``i``."""

PILE_SIZE = 3
"""Rabbit cards dealt to each pile."""

MAX_ROLLS = 500
"""A game whose 500th roll has been played out without a winner is stopped (house rule 6)."""

RABBIT_CARDS: tuple[str, ...] = tuple(f"{c}-{v}" for c in COLOURS for v in VALUES)

CARD_VALUE: dict[str, int] = {f"{c}-{v}": v for c in COLOURS for v in VALUES}
CARD_COLOUR: dict[str, str] = {f"{c}-{v}": c for c in COLOURS for v in VALUES}


def step(space: int, steps: int, direction: str) -> int:
    """The space reached from ``space`` after ``steps`` in ``direction`` (``cw`` counts up).

    >>> step(6, 3, "cw"), step(1, 4, "ccw")
    (1, 5)
    """
    return (space + steps) % SPACES if direction == "cw" else (space - steps) % SPACES
