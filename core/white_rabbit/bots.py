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

from ..base import Bot, MoveDict, seat_of
from .cards import CARD_VALUE, COLOURS, RABBIT_CARDS, step
from .moves import DIRECTIONS
from .views import Landing, MaxChoice, WhiteRabbitView


def pile_worth(cards: int, has_max: bool, takeable: bool, chance: float) -> float:
    """What landing beside a pile of ``cards`` cards is worth to a seat: Max's pile much when
    he can take a value the seat lacks from another seat (``takeable``), little otherwise; an
    empty pile nothing (no card, and no extra roll after a 6); any other pile the ``chance``
    that its top card is a value the seat lacks."""
    if has_max:
        return 2.0 if takeable else 0.1
    return chance if cards else 0.0


def fresh_chance(lacking: int, seen: int, seen_lacking: int) -> float:
    """The chance that a rabbit card nobody has seen is of one of the ``lacking`` values a seat
    lacks, when ``seen`` of the 24 rabbit cards have been seen, ``seen_lacking`` of them of
    those values (0 once every card has been seen).

    >>> fresh_chance(lacking=2, seen=4, seen_lacking=1)  # 7 of the 20 cards nobody saw
    0.35
    """
    unseen = len(RABBIT_CARDS) - seen
    return (len(COLOURS) * lacking - seen_lacking) / unseen if unseen else 0.0


def direction(cw: float, ccw: float, rng: random.Random) -> str:
    """The way to the pile worth more (``cw`` and ``ccw``: what each way's pile is worth),
    either at random when both are worth the same."""
    if cw == ccw:
        return rng.choice(DIRECTIONS)
    return "cw" if cw > ccw else "ccw"


def max_take(choices: list[MaxChoice], sizes: list[int]) -> MaxChoice | None:
    """What Max takes among ``choices``: from the seat closest to a full family (``sizes``:
    each seat's family size; the lowest seat of those as close), the first of its cards
    listed; ``None`` (nothing) when there is nothing to take."""
    if not choices:
        return None
    return max(choices, key=lambda c: (sizes[c["from"]], -c["from"]))


def max_place(rabbit: int, die: int | None, rng: random.Random) -> int:
    """The pile Max goes on: beside the rabbit, where the next seat cannot reach him in one
    roll; after a 6 (the seat rolls again) 2 or 3 spaces away either way, which two of the
    six faces reach."""
    if die == 6:
        return step(rabbit, rng.choice((2, 3)), rng.choice(DIRECTIONS))
    return rabbit


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
) -> MoveDict:
    """The greedy bot's move, from the facts it weighs (all public): the phase, where each way
    leads, each pile's size and whether Max tops it, every family, the values the seat lacks,
    what Max could take, the rabbit's space and the roll.  A face-down card is any card not
    held face up, as far as these facts go."""
    if phase == "roll":
        return {"type": "roll"}
    if phase == "direction":
        assert landing is not None
        lacking = set(missing)
        held = [CARD_VALUE[c] for family in families for c in family]
        takeable = any(CARD_VALUE[c] in lacking for t, family in enumerate(families) if t != seat for c in family)
        chance = fresh_chance(len(lacking), len(held), sum(1 for value in held if value in lacking))
        cw = pile_worth(*piles[landing["cw"]], takeable, chance)
        ccw = pile_worth(*piles[landing["ccw"]], takeable, chance)
        return {"type": "move", "dir": direction(cw, ccw, rng)}
    if phase == "max_take":
        best = max_take(max_choices, [len(f) for f in families])
        return {"type": "max_take", "from": None, "card": None} if best is None else {"type": "max_take", **best}
    return {"type": "max_place", "pile": max_place(rabbit, die, rng)}


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
