"""Elf bots.  Each decides from its own seat's view alone and answers in wire form.

* :class:`GoalBot` looks a few cards ahead (every order of up to 3 cards from its hand, with
  every heading and the Ice Floe jump) and scores each plan: its own unvisited goal
  locations are good, anyone else's are bad (they pay somebody and push its own slots down),
  Gingerbread Men and syrup are small gains, END is worth taking once its goals are done.
  Between plans it prefers to leave Buddy close to its next goal, or to NYC.

It plays the "greedy" level (the normal bots) and reads only the view plus the public board
geometry (:mod:`.board`, :mod:`.cards`).
"""

from __future__ import annotations

from ..base import Bot, MoveDict, seat_of
from .board import (
    CELLS,
    FLOE,
    FLOE_BITS,
    GINGERBREAD,
    HEADING_INDEX,
    HEADINGS,
    LOCATION,
    OTHER_FLOE,
    SYRUP,
    T_END,
    TOKEN_INDEX,
    TOKENS,
    VEC,
    XY,
    ZONE,
    cell,
    entry_headings,
    in_area,
    slot_value,
    touched,
)
from .cards import CARD_TYPE, JUMPS, Placement, placements
from .preview import live_mask
from .views import ElfView


def _flat_moves(view: ElfView) -> list[MoveDict]:
    return [
        {"type": "play", "card": card, **option} for card, options in view["placements"].items() for option in options
    ]


def view_moves(view: ElfView) -> list[MoveDict]:
    """The seat's moves read off its view (wire form): each card in each way it fits, and the
    end of the turn once it may."""
    actions = view.get("actions")
    if not actions:
        return []
    return _flat_moves(view) + ([{"type": "end"}] if actions["end"] is None else [])


def _distance_map(token: int) -> tuple[int, ...]:
    zone = ZONE[token]
    return tuple(min(abs(XY[c][0] - x) + abs(XY[c][1] - y) for x, y in zone) for c in range(CELLS))


DIST: tuple[tuple[int, ...], ...] = tuple(_distance_map(t) for t in range(len(TOKENS)))
"""Token -> cell -> Manhattan distance from the cell to the token's touch zone."""

_KIND = tuple(t.kind for t in TOKENS)
DEPTH = 3
CARD_COST = 0.35
STEP = 0.45  # value of one cell closer to the target at the end of a plan


_APPROACHES: dict[int, int] = {}
_LEAVES: dict[int, float] = {}
"""A plan's end by arrow and targets (:meth:`GoalBot._leaf`): some hundred thousand at most."""


def _approach(arrow_cell: int, heading: int, target: int) -> int:
    """Cells from the arrow's next entry cell to the target's touch zone (best entry), cached
    (a plan asks again and again, a few thousand arrows and targets in all)."""
    key = (arrow_cell * 8 + heading) * len(TOKENS) + target
    found = _APPROACHES.get(key)
    if found is None:
        found = _APPROACHES[key] = _measure_approach(arrow_cell, heading, target)
    return found


def _measure_approach(arrow_cell: int, heading: int, target: int) -> int:
    x, y = XY[arrow_cell]
    best = 99
    dist = DIST[target]
    for h in entry_headings(heading):
        dx, dy = VEC[h]
        if in_area(x + dx, y + dy):
            d = dist[cell(x + dx, y + dy)]
            if d < best:
                best = d
    return best


class GoalBot(Bot[ElfView]):
    """Plans up to 3 cards ahead toward its own unvisited goal locations, then to NYC."""

    kind = "greedy"

    def choose(self, view: ElfView) -> MoveDict:
        hints = view["actions"]
        if hints["play"] is not None:
            return {"type": "end"}
        goal = view["goal"]
        assert goal is not None, "the Goal cards are dealt before play"
        arrow = view["arrow"]
        move = self.plan(
            mine={TOKEN_INDEX[loc] for loc in goal["locations"]},
            deck=view["deck"],
            live=live_mask(view),
            taken=sum(1 for s in view["slots"] if s is not None) + (1 if view["seventh"] else 0),
            arrow=(cell(*arrow["cell"]), HEADING_INDEX[arrow["heading"]]),
            offer=TOKEN_INDEX[view["jump"]["offer"]] if view["jump"]["offer"] else -1,
            hand=list(view["hands"][seat_of(view)]),
            can_end=hints["end"] is None,
        )
        return move if move is not None else self.rng.choice(_flat_moves(view))

    def plan(
        self,
        *,
        mine: set[int],
        deck: int,
        live: int,
        taken: int,
        arrow: tuple[int, int],
        offer: int,
        hand: list[str],
        can_end: bool,
        depth: int = DEPTH,
    ) -> MoveDict | None:
        """The best first move of the plans up to ``depth`` cards long, from what the seat
        knows: its goal locations (token indexes), the deck's size, the tokens still live (a bit
        mask), the locations taken so far, Buddy's arrow (cell, heading), the floe a jump may
        start from (or -1), its hand, and whether it may end its turn.  ``None``: no plan."""
        self.mine = mine
        self.mine_mask = sum(1 << t for t in mine)
        self.deck = deck
        a_cell, a_head = arrow
        self.best_value = -1e9
        self.best_first: MoveDict | None = None
        if can_end:
            self._consider(self._leaf(a_cell, a_head, live), {"type": "end"})
        self._search(hand, a_cell, a_head, live, offer, taken, 0.0, depth, None)
        return self.best_first

    def _consider(self, value: float, first: MoveDict) -> None:
        if value > self.best_value + 1e-9:
            self.best_value = value
            self.best_first = first

    def _leaf(self, a_cell: int, a_head: int, live: int) -> float:
        """What a plan's end is worth: how close Buddy's arrow is to the nearest target (its
        own goal locations still live, else END), cached by arrow and targets."""
        targets = live & self.mine_mask or 1 << T_END
        key = (a_cell * 8 + a_head) << len(TOKENS) | targets
        found = _LEAVES.get(key)
        if found is None:
            near = min(_approach(a_cell, a_head, t) for t in range(len(TOKENS)) if targets >> t & 1)
            found = _LEAVES[key] = -STEP * near
        return found

    def _search(
        self,
        hand: list[str],
        a_cell: int,
        a_head: int,
        live: int,
        offer: int,
        taken: int,
        value: float,
        depth: int,
        first: MoveDict | None,
    ) -> None:
        if depth == 0:
            return
        seen_types: set[str] = set()
        for i, card in enumerate(hand):
            t = CARD_TYPE[card]
            if t in seen_types:
                continue
            seen_types.add(t)
            rest = hand[:i] + hand[i + 1 :]
            options: list[tuple[Placement, list[int] | None]] = [(p, None) for p in placements(a_cell, a_head, t)]
            if offer >= 0:
                options.extend((p, list(XY[p.origin])) for p in JUMPS[(offer, t)])
            for p, floe in options:
                move = first
                if move is None:
                    move = {"type": "play", "card": card, "heading": HEADINGS[p.heading]}
                    if floe is not None:
                        move["floe"] = floe
                jump = floe is not None
                gain, new_live, new_taken, new_offer, ended = self._resolve(p, live, taken, jump)
                total = value + gain - CARD_COST
                if ended:
                    self._consider(total, move)
                    continue
                self._consider(total + self._leaf(p.arrow_cell, p.arrow_heading, new_live), move)
                self._search(
                    rest, p.arrow_cell, p.arrow_heading, new_live, new_offer, new_taken, total, depth - 1, move
                )

    def _resolve(self, p: Placement, live: int, taken: int, jump: bool) -> tuple[float, int, int, int, bool]:
        """What laying placement ``p`` is worth to this bot, and the board after it."""
        if jump:
            live &= ~FLOE_BITS
        gain = 0.0
        offer = -1
        ended = False
        mine = self.mine
        for t, _ in touched(p.cells, live):
            kind = _KIND[t]
            if kind == LOCATION:
                live &= ~(1 << t)
                worth = slot_value(taken)
                taken += 1
                gain += (worth * 1.5 + 1.0) if t in mine else -(worth * 0.8 + 0.5)
            elif kind == GINGERBREAD:
                live &= ~(1 << t)
                gain += 2.0
            elif kind == SYRUP:
                live &= ~(1 << t)
                gain += 0.6 if self.deck else 0.0
            elif kind == FLOE:
                offer = OTHER_FLOE[t]
            elif t == T_END:
                ended = True
        if ended:
            left = sum(1 for t in mine if live >> t & 1)
            gain += 2.0 + (4.0 if left == 0 else -3.0 * left)
        return gain, live, taken, offer, ended
