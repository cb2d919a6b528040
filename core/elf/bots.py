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
    GOAL_MASKS,
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
)
from .cards import CARD_TYPE, JUMPS, Placement, placements_by_type
from .moves import ENDS, PLAYS, End, Play
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
SYRUP_GAIN = 0.6  # a card drawn, while the deck lasts
STEP = 0.45  # value of one cell closer to the target at the end of a plan


Lay = tuple[str, Placement, bool]
"""A card laid in a plan: the card, how it is laid and whether it is the Ice Floe jump."""
First = Lay | End
"""A plan's first move: a card laid, or the end of the turn."""

_APPROACHES: dict[int, tuple[int, ...]] = {}
_LEAVES: dict[int, float] = {}
"""A plan's end by arrow and targets (:meth:`GoalBot._leaf`): some hundred thousand at most."""
_END_BIT = 1 << T_END
_ARROW_SHIFT = len(TOKENS)
"""A leaf's key: the arrow, shifted past a bit for each token, and its targets."""


def _approaches(arrow: int) -> tuple[int, ...]:
    """Token -> cells from the next entry cell of the arrow (``cell * 8 + heading``) to the
    token's touch zone (best entry; 99 if there is none), cached (a few thousand arrows in all)."""
    found = _APPROACHES.get(arrow)
    if found is None:
        x, y = XY[arrow >> 3]
        entries = [
            cell(x + dx, y + dy) for dx, dy in (VEC[h] for h in entry_headings(arrow & 7)) if in_area(x + dx, y + dy)
        ]
        found = _APPROACHES[arrow] = tuple(min((dist[c] for c in entries), default=99) for dist in DIST)
    return found


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
        seat = seat_of(view)
        move = self.plan(
            seat=seat,
            mine=GOAL_MASKS[goal["id"]],
            deck=view["deck"],
            live=live_mask(view),
            taken=sum(1 for s in view["slots"] if s is not None) + (1 if view["seventh"] else 0),
            arrow=(cell(*arrow["cell"]), HEADING_INDEX[arrow["heading"]]),
            offer=TOKEN_INDEX[view["jump"]["offer"]] if view["jump"]["offer"] else -1,
            hand=view["hands"][seat],
            can_end=hints["end"] is None,
        )
        if move is None:
            return self.rng.choice(_flat_moves(view))
        wire = move.to_record()
        del wire["by"]  # the wire form: a seat sends its own moves
        return wire

    def plan(
        self,
        *,
        seat: int,
        mine: int,
        deck: int,
        live: int,
        taken: int,
        arrow: tuple[int, int],
        offer: int,
        hand: list[str],
        can_end: bool,
        depth: int = DEPTH,
    ) -> Play | End | None:
        """The best first move of ``seat``'s plans up to ``depth`` cards long, from what the
        seat knows: its goal locations (a bit mask of token indexes), the deck's size, the
        tokens still live (a bit mask), the locations taken so far, Buddy's arrow (cell,
        heading), the floe a jump may start from (or -1), its hand, and whether it may end its
        turn.  ``None``: no plan (no card fits, and the turn may not end yet)."""
        self.mine = mine
        self.syrup = SYRUP_GAIN if deck else 0.0
        a_cell, a_head = arrow
        self.best_value = -1e9
        self.best_first: First | None = None
        if can_end:
            self.best_value, self.best_first = self._leaf(a_cell * 8 + a_head, live), ENDS[seat]
        self._search(hand, placements_by_type(a_cell, a_head), live, offer, taken, 0.0, depth, None)
        best = self.best_first
        if isinstance(best, tuple):
            card, p, jump = best
            return PLAYS[seat, card, HEADINGS[p.heading], XY[p.origin] if jump else None]
        return best

    def _leaf(self, arrow: int, live: int) -> float:
        """What a plan's end is worth: how close Buddy's arrow (``cell * 8 + heading``) is to the
        nearest target (its own goal locations still live, else END), cached by arrow and targets."""
        targets = live & self.mine or _END_BIT
        key = arrow << _ARROW_SHIFT | targets
        found = _LEAVES.get(key)
        if found is None:
            approach = _approaches(arrow)
            near = min(approach[t] for t in range(len(TOKENS)) if targets >> t & 1)
            found = _LEAVES[key] = -STEP * near
        return found

    def _search(
        self,
        hand: list[str],
        fits: dict[str, tuple[Placement, ...]],
        live: int,
        offer: int,
        taken: int,
        value: float,
        depth: int,
        first: Lay | None,
    ) -> None:
        """Each card of ``hand`` (the first of each shape) laid each way it ``fits`` from the
        arrow (and from the floe ``offer``), then the plans on from there, ``depth`` cards in all.
        A plan's end is weighed as :meth:`_leaf` does, its cache read here first."""
        mine = self.mine
        shapes: list[str] = []
        for i, card in enumerate(hand):
            t = CARD_TYPE[card]
            if t in shapes:
                continue
            shapes.append(t)
            options = fits[t]
            plain = len(options)
            if offer >= 0:
                options += JUMPS[(offer, t)]
            if not options:
                continue
            rest = hand[:i] + hand[i + 1 :] if depth > 1 else []
            for k, p in enumerate(options):
                jump = k >= plain
                move = first or (card, p, jump)
                new_live = live & ~FLOE_BITS if jump else live
                if p.touch_mask & new_live:
                    gain, new_live, new_taken, new_offer, ended = self._resolve(p, new_live, taken)
                    total = value + gain - CARD_COST
                    if ended:
                        if total > self.best_value + 1e-9:
                            self.best_value, self.best_first = total, move
                        continue
                else:  # it triggers nothing
                    new_taken, new_offer = taken, -1
                    total = value - CARD_COST
                leaf = _LEAVES.get(p.arrow << _ARROW_SHIFT | (new_live & mine or _END_BIT))
                if leaf is None:
                    leaf = self._leaf(p.arrow, new_live)
                if total + leaf > self.best_value + 1e-9:
                    self.best_value, self.best_first = total + leaf, move
                if rest:
                    after = p.after or p.fits_after()
                    self._search(rest, after, new_live, new_offer, new_taken, total, depth - 1, move)

    def _resolve(self, p: Placement, live: int, taken: int) -> tuple[float, int, int, int, bool]:
        """What laying placement ``p`` is worth to this bot, and the board after it (``live``
        already without the floes, for a jump)."""
        gain = 0.0
        offer = -1
        ended = False
        mine = self.mine
        for t, _ in p.touches:
            if not live >> t & 1:
                continue
            kind = _KIND[t]
            if kind == LOCATION:
                live &= ~(1 << t)
                worth = slot_value(taken)
                taken += 1
                gain += (worth * 1.5 + 1.0) if mine >> t & 1 else -(worth * 0.8 + 0.5)
            elif kind == GINGERBREAD:
                live &= ~(1 << t)
                gain += 2.0
            elif kind == SYRUP:
                live &= ~(1 << t)
                gain += self.syrup
            elif kind == FLOE:
                offer = OTHER_FLOE[t]
            elif t == T_END:
                ended = True
        if ended:
            left = (live & mine).bit_count()
            gain += 2.0 + (4.0 if left == 0 else -3.0 * left)
        return gain, live, taken, offer, ended
