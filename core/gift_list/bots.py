"""Gift List bots.  Each decides from its seat's view alone and answers in wire form.

* :class:`GreedyBot` brings the attic card it needs least, steals the open gift that raises
  its score most, and opens a gift otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from ..base import Bot, MoveDict
from .cards import CARD_NUMBER, gain
from .views import GiftListView


def least_needed(attic: list[str], best: Mapping[str, str | None]) -> str:
    """The attic card whose loss costs least to a seat whose best card per person on its list
    is ``best``: no use to the list first, then the lowest, then by name.

    >>> least_needed(["red-9", "blue-2", "green-1"], {"mother-in-law": None, "great-uncle-irwin": "green-8"})
    'green-1'
    """
    return min(attic, key=lambda c: (gain(best, c), CARD_NUMBER[c], c))


def greedy_move(
    *,
    allowed: set[str],
    attic: list[str],
    best: Mapping[str, str | None],
    holding: list[str | None],
    steal_from: list[int],
    open_from: list[int],
    rng: random.Random,
) -> MoveDict:
    """The greedy bot's move, from the facts it weighs: the kinds of move allowed, its attic,
    its best card per person on its list, the open gifts held and whom it may steal from or
    whose gift it may open."""
    if "bring" in allowed:
        return {"type": "bring", "card": least_needed(attic, best)}
    if "steal" in allowed:
        value, source = max((gain(best, card), -t) for t in steal_from if (card := holding[t]))
        if value > 0:
            return {"type": "steal", "from": -source}
    return {"type": "open", "from": rng.choice(open_from)}


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
        return greedy_move(
            allowed={kind for kind, reason in view["actions"].items() if reason is None},
            attic=view["attic"],
            best=view["best"],
            holding=view["holding"],
            steal_from=view["steal_from"],
            open_from=view["open_from"],
            rng=self.rng,
        )
