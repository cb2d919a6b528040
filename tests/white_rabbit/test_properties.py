"""Hypothesis properties over whole simulated games, checked against the independent
reference model in conftest: cards conserved, one of each value per seat at most, Max on a
pile or being resolved, views and events free of hidden pile cards (a card drawn and slid under
its pile was shown to everyone, so views may name it while it lies there).  What every game
promises (records, hints, copies) is checked in ``tests/test_games.py``.
"""

from __future__ import annotations

from game_support import strings_in
from hypothesis import given, settings
from hypothesis import strategies as st

from yule.core.bots import RandomBot
from yule.core.records import play
from yule.core.white_rabbit import GAME, GreedyBot, WhiteRabbitState

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
    assert ref.expect == "over"
    assert record["result"] == ref.result()
    assert ref.rolls <= 500 and (ref.winners or ref.rolls == 500)
