"""What every game's records promise, whoever plays: the same seed plays the same record, a
record survives JSON unchanged, and it verifies (its moves replay to its result).

Each game's own folder tampers with its records in the ways its rules can be broken."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from yule.core import all_games
from yule.core.records import play, verify_record

MOST_SEATS = 7
"""The largest table tried (Gift Exchange takes 40: as many only make the games longer)."""


@st.composite
def bot_games(draw):
    """A game, its seats (one bot kind each) and a seed."""
    game = draw(st.sampled_from(all_games()))
    players = draw(st.integers(game.min_players, min(game.max_players, MOST_SEATS)))
    kinds = draw(st.lists(st.sampled_from(["random", "greedy"]), min_size=players, max_size=players))
    return game, kinds, draw(st.integers(0, 10**6))


@settings(max_examples=100, deadline=None)
@given(bot_games())
def test_the_same_seed_plays_the_same_record_and_it_verifies(bot_game):
    game, kinds, seed = bot_game
    names = [f"P{i + 1}" for i in range(len(kinds))]
    record = play(game, names, [game.bots[kind] for kind in kinds], seed)
    assert play(game, names, [game.bots[kind] for kind in kinds], seed) == record
    assert json.loads(json.dumps(record)) == record
    verify_record(record)
