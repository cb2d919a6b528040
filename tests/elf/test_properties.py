"""Hypothesis properties of whole Elf games played by the bots.

* all 60 cards are accounted for after every move (undrawn deck, hands, paths, discards);
* a seat's view is the same in every world that differs only in what the seat may not know
  (other seats' Goal cards, Gingerbread values it has not taken, the undrawn deck order), and
  the spectator's view and every event the same in worlds differing in all hidden things;
* no view names another seat's Goal card or an undrawn card before the end.

What every game promises (hints, records, copies) is checked in ``tests/test_games.py``.
"""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from yule.core.elf.board import GOAL_IDS, TOKEN_INDEX, TOKENS, XY
from yule.core.elf.cards import CARD_IDS
from yule.core.records import replay
from yule.core.registry import get_game

from .conftest import all_cards, simulate

GAME = get_game("elf")
SPOT_IDS = ("g1", "g2", "g3", "g4")
games = st.tuples(st.integers(2, 4), st.integers(0, 10**6), st.sampled_from(["random", "greedy"]))


def _states(record):
    """Yield (move index, state after that move, events) along a record."""
    state = GAME.start(len(record["players"]))
    for i, move in enumerate(record["moves"]):
        events = state.apply(state.parse_record_move(move))
        yield i, state, events


@settings(max_examples=15, deadline=None)
@given(games)
def test_all_sixty_cards_are_accounted_for(args):
    players, seed, bot = args
    record = simulate(players, seed, bot)
    for i, state, _ in _states(record):
        if i == 0:
            continue
        cards = all_cards(state)
        assert sorted(cards) == sorted(CARD_IDS), f"after move {i + 1}"
        assert (
            state.view(None)["deck"]
            + sum(len(h) for h in state.hands)
            + len(state.paths)
            + sum(len(d) for d in state.discards)
            == 60
        )


def _taken_by(record, upto):
    """Spot ids taken by each seat within the first ``upto`` moves, learned from events."""
    taken: dict[str, int] = {}
    for i, _, events in _states(record):
        if i >= upto:
            break
        for e in events:
            if e["type"] == "take_gingerbread":
                taken[e["spot"]] = e["by"]
    return taken


def _other_world(record, upto, seat, rng):
    """A record whose hidden things differ, as far as ``seat`` (None: nobody) may not know them
    after move ``upto``; the moves up to there stay legal and public behaviour stays the same."""
    moves = copy.deepcopy(record["moves"][:upto])
    at = replay({**record, "moves": moves, "result": None}).state
    drawn = at.deck_pos
    deck = moves[0]["deck"]
    tail = deck[drawn:]
    rng.shuffle(tail)
    moves[0]["deck"] = deck[:drawn] + tail
    if len(moves) > 1:
        goals = moves[1]["goals"]
        keep = {seat} if seat is not None else set()
        spare = [g for g in GOAL_IDS if g not in {goals[s] for s in keep}]
        rng.shuffle(spare)
        moves[1]["goals"] = [goals[s] if s in keep else spare.pop() for s in range(len(goals))]
    if len(moves) > 2:
        values = moves[2]["values"]
        owner = dict(_taken_by(record, upto))
        fixed = {i for i, spot in enumerate(SPOT_IDS) if seat is not None and owner.get(spot) == seat}
        free = [values[i] for i in range(4) if i not in fixed]
        rng.shuffle(free)
        moves[2]["values"] = [values[i] if i in fixed else free.pop() for i in range(4)]
    return moves


@settings(max_examples=10, deadline=None)
@given(games, st.integers(-1, 3), st.integers(0, 2**32))
def test_views_and_events_do_not_depend_on_what_a_seat_may_not_know(args, seat, world):
    players, seed, bot = args
    rng = random.Random(world)
    seat = None if seat < 0 else seat % players
    record = simulate(players, seed, bot)
    checked = 0
    for i, state, events in _states(record):  # one state, moved on along the record
        if state.is_over:
            break
        upto = i + 1
        moves = _other_world(record, upto, seat, rng)
        other = GAME.start(players)
        for move in moves:
            other_events = other.apply(other.parse_record_move(move))
        assert other.view(seat) == state.view(seat), f"view of {seat} after move {upto}"
        if seat is None:
            assert other_events == events, f"events of move {upto}"
        checked += 1
    assert checked >= 4


@settings(max_examples=15, deadline=None)
@given(games)
def test_no_view_names_a_hidden_goal_or_an_undrawn_card(args):
    players, seed, bot = args
    record = simulate(players, seed, bot)
    for _, state, events in _states(record):
        if state.is_over:
            break
        undrawn = set(state.deck[state.deck_pos :])
        goals = state.goals
        for seat in [None, *range(players)]:
            text = json.dumps(state.view(seat))
            for other, goal in enumerate(goals):
                if other != seat:
                    assert f'"{goal}"' not in text
            assert not any(f'"{card}"' in text for card in undrawn)
            if seat is not None:
                own = [state.spot_values[i] for i in state.taken[seat]]
                assert [g["value"] for g in state.view(seat)["my_gingerbread"]] == own
        text = json.dumps(events)
        assert not any(f'"{g}"' in text for g in GOAL_IDS)
        assert not any(f'"{card}"' in text for card in undrawn)
        assert all("value" not in e and "values" not in e for e in events)


def test_the_end_reveals_every_goal_and_gingerbread_value():
    record = simulate(3, 11, "greedy")
    state = replay(record).state
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["goals"] == record["moves"][1]["goals"]
        assert list(view["gingerbread_values"].values()) == record["moves"][2]["values"]
        assert view["result"] == record["result"]


def test_views_name_cells_as_pairs():
    record = simulate(2, 3, "random")
    for _, state, _ in _states(record):
        for path in state.view(0)["paths"]:
            assert all(len(c) == 2 for c in path["cells"])
    assert XY[0] == (-2, -2) and TOKENS[TOKEN_INDEX["end"]].cells == ((12, 13), (13, 13))
