"""White Rabbit bots.  Each decides from its seat's view alone and answers in wire form.

* :class:`GreedyBot` is simple and honest about what a view can tell: a face-down pile card
  is, as far as the view goes, any card not held face up, so every non-empty pile is equally
  promising.  It therefore only tells piles apart by Max (a sure card when another seat
  holds a value it lacks) and emptiness (no card, and no extra roll after a 6).  With Max it
  takes from the seat closest to a full family (slowing the leader), and puts Max where the
  next seat cannot reach him in one roll (beside the rabbit), or, when it rolls again itself,
  where it is most likely to reach him.

The search bot's model of a seat (:mod:`.search`) is this bot with a memory: it weighs a pile by
what a player who remembers the cards slid under knows of its top card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from ..base import Bot, MoveDict, seat_of
from .cards import CARD_VALUE, step
from .views import Landing, MaxChoice, WhiteRabbitView


def _pile_worth(
    piles: list[tuple[int, bool]],
    families: list[list[str]],
    missing: list[int],
    seat: int,
    space: int,
    chances: Mapping[int, float] | None,
) -> float:
    """What landing on ``space`` is worth to ``seat``, from what everyone sees (and, in
    ``chances``, what a player who remembers knows of the top card of a pile without Max)."""
    cards, has_max = piles[space]
    if has_max:
        lacking = set(missing)
        takeable = any(CARD_VALUE[c] in lacking for t, fam in enumerate(families) if t != seat for c in fam)
        return 2.0 if takeable else 0.1
    if cards == 0:
        return 0.0
    if chances is not None:
        return chances[space]
    lacking = set(missing)
    held = sum(len(f) for f in families)
    unseen = 24 - held
    # Cards of the values it lacks that nobody holds, over the unseen cards.
    lacking_unseen = 4 * len(lacking) - sum(1 for fam in families for c in fam if CARD_VALUE[c] in lacking)
    return lacking_unseen / unseen if unseen else 0.0


def greedy_move(
    *,
    seat: int,
    phase: str,
    landing: Landing | None,
    piles: list[tuple[int, bool]],
    families: list[list[str]],
    missing: list[int],
    max_choices: list[MaxChoice],
    rabbit: int,
    die: int | None,
    rng: random.Random,
    chances: Mapping[int, float] | None = None,
) -> MoveDict:
    """The greedy bot's move, from the facts it weighs (all public): the phase, where each way
    leads, each pile's size and whether Max tops it, every family, the values the seat lacks,
    what Max could take, the rabbit's space and the roll.

    ``chances`` is for a seat that remembers: for each space the rabbit may land beside, the
    chance that the top card of its pile (neither empty nor Max's) is a value the seat lacks.
    Without it a face-down card is any card not held face up, as the greedy bot sees it."""
    if phase == "roll":
        return {"type": "roll"}
    if phase == "direction":
        assert landing is not None
        cw = _pile_worth(piles, families, missing, seat, landing["cw"], chances)
        ccw = _pile_worth(piles, families, missing, seat, landing["ccw"], chances)
        if cw == ccw:
            return {"type": "move", "dir": rng.choice(("cw", "ccw"))}
        return {"type": "move", "dir": "cw" if cw > ccw else "ccw"}
    if phase == "max_take":
        if not max_choices:
            return {"type": "max_take", "from": None, "card": None}
        sizes = [len(f) for f in families]
        best = max(max_choices, key=lambda c: (sizes[c["from"]], -c["from"]))
        return {"type": "max_take", **best}
    if die == 6:
        # It rolls again: spaces 2 or 3 away either way are reached by two of the six faces.
        return {"type": "max_place", "pile": step(rabbit, rng.choice((2, 3)), rng.choice(("cw", "ccw")))}
    return {"type": "max_place", "pile": rabbit}


def view_moves(view: WhiteRabbitView) -> list[MoveDict]:
    """The seat's moves read off its view (wire form): the roll it sets off, a direction, each
    take with Max (and taking nothing), or each pile for Max."""
    actions = view.get("actions")
    if not actions:
        return []
    if actions["roll"] is None:
        return [{"type": "roll"}]
    if actions["move"] is None:
        return [{"type": "move", "dir": "cw"}, {"type": "move", "dir": "ccw"}]
    if actions["max_take"] is None:
        takes: list[MoveDict] = [{"type": "max_take", **choice} for choice in view.get("max_choices", [])]
        return takes + [{"type": "max_take", "from": None, "card": None}]
    if actions["max_place"] is None:
        return [{"type": "max_place", "pile": pile} for pile in range(len(view["piles"]))]
    return []


def alternatives(view: WhiteRabbitView, best: MoveDict, moves: list[MoveDict]) -> list[MoveDict]:
    """What a player might do instead of ``best`` (the kind bot's choice): a move of the same
    kind, but Max takes nothing only when there is nothing to take.

    >>> take = {"type": "max_take", "from": 1, "card": "grey-3"}
    >>> alternatives({}, take, [take, {"type": "max_take", "from": None, "card": None}])
    [{'type': 'max_take', 'from': 1, 'card': 'grey-3'}]
    """
    same = [move for move in moves if move["type"] == best["type"]]
    return [move for move in same if move["type"] != "max_take" or move["from"] is not None] or [best]


class GreedyBot(Bot[WhiteRabbitView]):
    """Heads for Max when he can help, avoids empty piles, takes from the leader."""

    kind = "greedy"

    def choose(self, view: WhiteRabbitView) -> MoveDict:
        seat = seat_of(view)
        return greedy_move(
            seat=seat,
            phase=view["phase"],
            landing=view["landing"],
            piles=[(p["cards"], p["max"]) for p in view["piles"]],
            families=view["families"],
            missing=view["missing"][seat],
            max_choices=view.get("max_choices", []),
            rabbit=view["rabbit"],
            die=view["die"],
            rng=self.rng,
        )
