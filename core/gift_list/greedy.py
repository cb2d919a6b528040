"""How Gift List's greedy bot chooses, from the facts it weighs: what :class:`.bots.GreedyBot`
reads off its view and the search's playouts (:func:`.search.playout_move`) read off the
position.  Compiled with the rules engine (setup.py): the playouts run it for every seat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .cards import CARD_NUMBER, Tops, card_gain


def least_needed(attic: list[str], tops: Tops) -> str:
    """The attic card whose loss costs least to a seat whose best cards are ``tops``: no use to
    the list first, then the lowest, then by name.

    >>> least_needed(["red-9", "blue-2", "green-1"], {"red": 0, "green": 8})
    'green-1'
    """
    return min(attic, key=lambda c: (card_gain(tops, c), CARD_NUMBER[c], c))


def greedy_choice(
    *,
    bringing: bool,
    attic: list[str],
    tops: Tops,
    holding: list[str | None],
    steal_from: Sequence[int],
    open_from: Sequence[int],
    rng: random.Random,
) -> tuple[str, Any]:
    """The greedy bot's move as (kind, what: a card to bring or a seat), from the facts it
    weighs: whether it brings, its attic, its best cards, the open gifts held and whom it may
    steal from or whose gift it may open."""
    if bringing:
        return "bring", least_needed(attic, tops)
    if steal_from:
        value, source = max((card_gain(tops, card), -t) for t in steal_from if (card := holding[t]))
        if value > 0:
            return "steal", -source
    return "open", rng.choice(open_from)
