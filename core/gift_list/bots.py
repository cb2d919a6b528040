"""Gift List bots.  Each decides from its seat's view alone and answers in wire form.

* :class:`GreedyBot` brings the attic card it needs least, steals the open gift that raises
  its score most, and opens a gift otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..base import Bot, MoveDict
from .cards import CARD_NUMBER, Tops, card_gain, tops_of
from .views import GiftListView


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


def view_moves(view: GiftListView) -> list[MoveDict]:
    """The seat's moves read off its view (wire form): each attic card to bring, or each open
    and steal it may make."""
    actions = view.get("actions")
    if not actions:
        return []
    if actions["bring"] is None:
        return [{"type": "bring", "card": card} for card in view["attic"]]
    moves: list[MoveDict] = [{"type": "open", "from": t} for t in view["open_from"]]
    return moves + [{"type": "steal", "from": t} for t in view["steal_from"]]


def alternatives(view: GiftListView, best: MoveDict, moves: list[MoveDict]) -> list[MoveDict]:
    """What a player might do instead of ``best`` (the kind bot's choice): any move now, since a
    turn is one choice of a gift to take, wrapped (open) or open (steal), and a bring any
    card of the attic.

    >>> alternatives({}, {"type": "open", "from": 2}, [{"type": "open", "from": 2}, {"type": "steal", "from": 0}])
    [{'type': 'open', 'from': 2}, {'type': 'steal', 'from': 0}]
    """
    return moves or [best]


class GreedyBot(Bot[GiftListView]):
    """Brings what it does not need, steals what its list wants, opens otherwise."""

    kind = "greedy"

    def choose(self, view: GiftListView) -> MoveDict:
        kind, what = greedy_choice(
            bringing=view["actions"]["bring"] is None,
            attic=view["attic"],
            tops=tops_of(view["best"]),
            holding=view["holding"],
            steal_from=view["steal_from"],
            open_from=view["open_from"],
            rng=self.rng,
        )
        return {"type": kind, "card" if kind == "bring" else "from": what}
