"""Hypothesis properties over whole simulated games, checked against the independent
reference model in conftest: cards conserved, one of each value per seat at most, Max on a
pile or being resolved, views and events free of hidden pile cards (a card drawn and slid under
its pile was shown to everyone, so views may name it while it lies there), the action hints the
rules' own refusals, and tampered records fail at the tampered move (every game's records:
``tests/test_records.py``).
"""

from __future__ import annotations

import copy

import pytest
from game_support import assert_hints_are_refusals, strings_in
from hypothesis import given, settings
from hypothesis import strategies as st

from yule.core.bots import RandomBot
from yule.core.records import RecordError, play, verify_record
from yule.core.white_rabbit import GAME, GreedyBot, MaxPlace, MaxTake, Move, WhiteRabbitState

from .conftest import NAMES, RABBITS, Reference

ALL = set(RABBITS) | {"max"}
HIDEABLE = set(RABBITS)  # Max's place is public; rabbit cards are what a pile hides

games = st.tuples(
    st.integers(2, 4),
    st.integers(0, 10**6),
    st.lists(st.sampled_from([RandomBot, GreedyBot]), min_size=4, max_size=4),
)


def simulate(players, seed, bots):
    return play(GAME, NAMES[:players], bots[:players], seed)


def check_action_hints(state: WhiteRabbitState) -> None:
    """The hints of the seat to move are the rules' refusals; a roll is offered when the host
    waits for the seat to roll."""
    if state.is_over or state.phase == "deal":
        return
    seat = state.turn
    candidates = {
        "move": [Move(seat, d) for d in ("cw", "ccw")],
        "max_take": [MaxTake(seat, None, None)]
        + [MaxTake(seat, c["from"], c["card"]) for c in state.max_choices(seat)],
        "max_place": [MaxPlace(seat, p) for p in range(8)],
    }
    rolls = state.chance_trigger() == (seat, "roll")
    assert_hints_are_refusals(state, seat, candidates, also_legal=["roll"] if rolls else [])


@settings(max_examples=60, deadline=None)
@given(games)
def test_every_moment_of_a_game_keeps_the_rules(game):
    players, seed, bots = game
    record = simulate(players, seed, bots)
    state = WhiteRabbitState(players)
    ref = Reference(players)
    for move in record["moves"]:
        events = state.apply(state.parse_record_move(move))
        ref.play(move)
        # The engine agrees with the reference model.
        assert state.piles == ref.piles
        assert [sorted(state.family(s)) for s in range(players)] == [sorted(h) for h in ref.hands]
        assert state.max_pile == ref.max_at and state.rabbit == ref.rabbit
        # All 25 cards are somewhere, each once: piles, hands, or Max being resolved.
        in_play = ["max"] if state.phase in ("max_take", "max_place") else []
        everywhere = (
            [c for p in state.piles for c in p] + [c for s in range(players) for c in state.family(s)] + in_play
        )
        assert sorted(everywhere) == sorted(ALL)
        # At most one of each value per seat.
        for s in range(players):
            values = [int(c[-1]) for c in state.family(s)]
            assert len(values) == len(set(values))
        # Max is on top of exactly one pile, or in the hands of the seat resolving him.
        tops = [i for i, p in enumerate(state.piles) if "max" in p]
        if in_play:
            assert tops == [] and state.view(None)["max_with"] == state.turn
        else:
            assert tops == [state.max_pile] and state.piles[state.max_pile][0] == "max"
        # Views name only face-up cards and the cards seen slid under a pile (at its bottom);
        # the allowed set comes from the reference model.
        face_up = {c for h in ref.hands for c in h}
        under = [[c for c in p if c in ref.shown] for p in ref.piles]
        assert all(p[len(p) - len(u) :] == u for p, u in zip(ref.piles, under, strict=True))
        for seat in [None, *range(players)]:
            view = state.view(seat)
            assert set(strings_in(view)) & HIDEABLE <= face_up | {c for u in under for c in u}
            assert view["seen_under"] == under
            assert [p["cards"] for p in view["piles"]] == [len(p) for p in ref.piles]
        # Events name only face-up cards and the card just drawn (shown to everyone).
        drawn = {e["card"] for e in events if e["type"] == "move"}
        assert set(strings_in(events)) & HIDEABLE <= face_up | drawn
        check_action_hints(state)
    assert ref.expect == "over"
    assert record["result"] == ref.result()
    assert ref.rolls <= 500 and (ref.winners or ref.rolls == 500)


def tamper(record, index, kind):
    """An illegal change to move ``index`` (or None when this kind does not fit that move)."""
    move = record["moves"][index]
    bad = copy.deepcopy(record)
    target = bad["moves"][index]
    players = len(record["players"])
    if kind == "value" and move["type"] == "roll":
        target["value"] = 7
    elif kind == "by" and move["by"] != "chance":
        target["by"] = (move["by"] + 1) % players
    elif kind == "dir" and move["type"] == "move":
        target["dir"] = "up"
    elif kind == "pile" and move["type"] == "max_place":
        target["pile"] = 8
    elif kind == "take" and move["type"] == "max_take":
        target["from"], target["card"] = move["by"], "grey-1"
    elif kind == "extra_roll" and move["type"] == "roll":
        bad["moves"].insert(index, dict(move))
        return bad, index + 2
    else:
        return None
    return bad, index + 1


@settings(max_examples=80, deadline=None)
@given(games, st.integers(0, 10**6), st.sampled_from(["value", "by", "dir", "pile", "take", "extra_roll"]))
def test_verify_rejects_a_tampered_record_naming_the_move(game, where, kind):
    players, seed, bots = game
    record = simulate(players, seed, bots)
    fitting = [i for i in range(len(record["moves"])) if tamper(record, i, kind)]
    if not fitting:
        return
    bad, number = tamper(record, fitting[where % len(fitting)], kind)
    with pytest.raises(RecordError) as error:
        verify_record(bad)
    assert error.value.move == number


def test_a_wrong_result_is_rejected():
    record = simulate(3, 11, [RandomBot] * 3)
    bad = copy.deepcopy(record)
    bad["result"]["winners"] = [(record["result"]["winners"] or [0])[0] + 1]
    with pytest.raises(RecordError, match="winners"):
        verify_record(bad)
    unfinished = copy.deepcopy(record)
    del unfinished["moves"][-1]
    with pytest.raises(RecordError):
        verify_record(unfinished)
