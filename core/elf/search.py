"""Elf for search: full positions consistent with one seat's view.

Hands, the board and the paths are public; what a seat cannot see is the order of the deck,
the other seats' Goal cards and the values of the Gingerbread Men it has not taken.
:class:`Sampler` reads the view once (the paths are laid again from their recorded headings);
each sample shuffles the undrawn cards, deals the Goal cards the seat does not hold to the
other seats and the Gingerbread values it has not seen to the other spots, at random.

:func:`search_moves` keeps the search to one card of each shape, and :func:`playout_move`
moves a seat in the search's playouts as the greedy bot would, from the position.
"""

from __future__ import annotations

import random
from typing import Any

from ..base import Determinizer, MoveDict, draw_distinct, seat_of, shuffled
from .board import (
    GINGERBREAD_VALUES,
    GOAL_IDS,
    GOAL_MASKS,
    GOALS,
    HEADING_INDEX,
    LOCATION,
    SPOT_IDS,
    START_CELL,
    TOKEN_INDEX,
    TOKENS,
    cell,
)
from .bots import GoalBot
from .cards import CARD_IDS, CARD_TYPE, placement
from .moves import ENDS, Move
from .state import ElfState
from .views import ElfView

VISITED = 4.0
"""How much likelier a Goal card showing a location is, for the seat that took Buddy there."""


def goal_weights(goals: list[str], visited: list[str]) -> list[float]:
    """The odds of each Goal card for a seat that took Buddy to the locations ``visited``.

    >>> goal_weights(["goal-1", "goal-2", "goal-3"], ["central-park"])
    [4.0, 4.0, 1.0]
    """
    return [VISITED ** sum(loc in GOALS[goal] for loc in visited) for goal in goals]


class Sampler(Determinizer):
    """The positions a seat cannot tell from the one it sees (the view of a seat in play)."""

    def __init__(self, view: ElfView) -> None:
        seat = seat_of(view)
        n = view["players"]
        self.seat = seat
        base = ElfState(n)
        base.phase = view["phase"]
        base.turn = view["turn"] if view["turn"] is not None else -1
        base.hands = [list(hand) for hand in view["hands"]]
        base.discards = [list(pile) for pile in view["discards"]]
        arrow = view["arrow"]
        base.arrow_cell = cell(*arrow["cell"])
        base.arrow_heading = HEADING_INDEX[arrow["heading"]]
        base.plays = view["plays_this_turn"]
        jump = view["jump"]
        base.jump_used = jump["used"]
        base.offer = TOKEN_INDEX[jump["offer"]] if jump["offer"] is not None else -1
        base.snow_globe = view["snow_globe"] if view["snow_globe"] is not None else -1
        base.slots = [loc for loc in view["slots"] if loc is not None]
        if view["seventh"] is not None:
            base.slots.append(view["seventh"])
        tokens = view["tokens"]
        live = 0
        for i, token in enumerate(TOKENS):
            if tokens[token.id]["live"]:
                live |= 1 << i
        base.live = live
        origin = START_CELL
        for path in view["paths"]:
            start = cell(*path["floe"]) if path["floe"] is not None else origin
            laid = placement(start, HEADING_INDEX[path["heading"]], CARD_TYPE[path["card"]])
            base.paths.append((path["card"], path["by"], laid, path["floe"] is not None, tuple(path["touched"])))
            origin = laid.arrow_cell
        mine = [SPOT_IDS.index(g["spot"]) for g in view["my_gingerbread"]]
        for spot, spot_id in enumerate(SPOT_IDS):
            taker = tokens[spot_id]["taken_by"]
            base.spot_owner[spot] = taker if taker is not None else -1
            if taker is not None and taker != seat:
                base.taken[taker].append(spot)
        base.taken[seat] = mine
        self.own_values = {SPOT_IDS.index(g["spot"]): g["value"] for g in view["my_gingerbread"]}
        values = list(GINGERBREAD_VALUES)
        for value in self.own_values.values():
            values.remove(value)
        self.other_values = values
        seen = {c for hand in view["hands"] for c in hand}
        seen.update(c for pile in view["discards"] for c in pile)
        seen.update(path["card"] for path in view["paths"])
        self.pool = [c for c in CARD_IDS if c not in seen]
        assert len(self.pool) == view["deck"], "view out of step"
        goal = view["goal"]
        assert goal is not None, "the Goal cards are dealt before play"
        self.own_goal = goal["id"]
        self.other_goals = [g for g in GOAL_IDS if g != self.own_goal]
        visited: list[list[str]] = [[] for _ in range(n)]
        for path in view["paths"]:
            visited[path["by"]].extend(t for t in path["touched"] if tokens[t]["kind"] == LOCATION)
        self.goal_odds = {t: goal_weights(self.other_goals, visited[t]) for t in range(n) if t != seat}
        self.base = base

    def sample(self, rng: random.Random | None) -> ElfState:
        state = self.base.clone()
        state.deck = shuffled(self.pool, rng)
        state.deck_pos = 0
        dealt = draw_distinct(self.other_goals, self.goal_odds, rng)
        state.goals = [dealt[t] if t != self.seat else self.own_goal for t in range(state.players)]
        values = shuffled(self.other_values, rng)
        state.spot_values = [self.own_values[s] if s in self.own_values else values.pop() for s in range(len(SPOT_IDS))]
        return state


def search_moves(view: ElfView, moves: list[MoveDict]) -> list[MoveDict]:
    """The moves worth searching among ``moves`` (the seat's legal moves, wire form): one card
    of each shape for each way it fits.  Two cards of a shape are laid alike (their ids only
    tell the copies apart), so the search tries the first in the hand, as the greedy bot does,
    and a hint never names a copy as the next best move.

    >>> search_moves({}, [{"type": "play", "card": "cl-7", "heading": "S"},
    ...                   {"type": "play", "card": "cl-4", "heading": "S"},
    ...                   {"type": "play", "card": "cl-4", "heading": "E", "floe": [3, 12]}])
    [{'type': 'play', 'card': 'cl-7', 'heading': 'S'}, {'type': 'play', 'card': 'cl-4', 'heading': 'E', 'floe': [3, 12]}]
    """
    seen: set[tuple[str, str, Any]] = set()
    kept = []
    for move in moves:
        if move["type"] == "play":
            floe = move.get("floe")
            way = (CARD_TYPE[move["card"]], move["heading"], tuple(floe) if floe is not None else None)
            if way in seen:
                continue
            seen.add(way)
        kept.append(move)
    return kept


PLAYOUT_DEPTH = 2
"""How many cards ahead a seat plans in the search's playouts (the greedy bot plans 3)."""


def playout_move(state: ElfState, seat: int, rng: random.Random) -> Move:
    """The greedy bot's move for ``seat``, planned :data:`PLAYOUT_DEPTH` cards ahead from what
    the seat knows (its hand and Goal card, the board, the deck's size), read off the position
    instead of a view: how the search moves every seat in its playouts.  With no plan, no card
    fits: the seat ends its turn, as the greedy bot does when it may not play."""
    first = GoalBot(rng).plan(
        seat=seat,
        mine=GOAL_MASKS[state.goals[seat]],
        deck=state.deck_count,
        live=state.live,
        taken=len(state.slots),
        arrow=(state.arrow_cell, state.arrow_heading),
        offer=state.offer,
        hand=state.hands[seat],
        can_end=state.plays > 0,
        depth=PLAYOUT_DEPTH,
    )
    return first if first is not None else ENDS[seat]
