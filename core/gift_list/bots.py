"""Gift List bots.  Each decides from its seat's view alone and answers in wire form.

* :class:`GreedyBot` brings the attic card it needs least, steals the open gift that raises
  its score most, and opens a gift otherwise.
"""

from __future__ import annotations

from ..base import Bot, MoveDict
from .cards import tops_of
from .greedy import greedy_choice
from .views import GiftListView


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
