"""How long a game takes: the turns counted in simulated games grow with the guests and with the
steals the house rules allow, every game with its seats has an estimate, and the seconds a
turn a host learns move toward the turns it sees."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from yule.core import BadOptions, all_games, get_game
from yule.core.estimate import LONGEST, MEMORY, Pace, estimate, turns

GIFT_EXCHANGE = get_game("gift-exchange")


def test_a_gift_exchange_takes_longer_with_more_guests():
    counted = [turns(GIFT_EXCHANGE, guests, {}, simulated=12) for guests in (4, 10, 25)]
    assert counted[0].high < counted[1].low and counted[1].high < counted[2].low
    longer = [estimate(GIFT_EXCHANGE, guests, {}, 30.0) for guests in (4, 10, 25)]
    assert longer[0].high < longer[1].low and longer[1].high < longer[2].low


def test_a_gift_exchange_takes_longer_the_more_steals_its_rules_allow():
    # as many games as the estimate shown plays: with fewer, 3 steals a gift and no limit overlap
    limits = [turns(GIFT_EXCHANGE, 12, {"steal_limit": limit}) for limit in (1, 3, None)]
    assert limits[0].high < limits[1].low and limits[1].high < limits[2].low
    capped = turns(GIFT_EXCHANGE, 12, {"steal_limit": None, "max_steals_per_turn": 1})
    assert capped.high < limits[2].low


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_every_game_has_an_estimate_from_its_fewest_seats_to_its_most(game):
    rules = get_game(game)
    for players in sorted({rules.min_players, min(rules.max_players, 8)}):
        counted = turns(rules, players, {}, simulated=3)
        assert 0 < counted.low <= counted.high
        said = estimate(rules, players, {}, 10.0).words()
        assert said.startswith("about ") and "10 s a turn" in said


def test_options_the_game_refuses_are_refused():
    with pytest.raises(BadOptions):
        turns(GIFT_EXCHANGE, 5, {"steal_limit": "lots"})


seconds = st.floats(0, 2 * LONGEST, allow_nan=False)


@given(st.floats(1, 300), st.integers(0, 5 * MEMORY), st.lists(seconds, min_size=1, max_size=50))
def test_a_learnt_pace_moves_toward_the_turns_seen(known, seen, observed):
    pace = Pace(known, seen)
    mean = sum(min(s, LONGEST) for s in observed) / len(observed)
    learnt = pace.learnt(observed)
    assert min(known, mean) - 1e-9 <= learnt.seconds <= max(known, mean) + 1e-9
    assert abs(learnt.seconds - mean) <= abs(known - mean) + 1e-9
    assert learnt.turns == seen + len(observed)


@given(st.floats(1, 300), st.floats(1, LONGEST))
def test_a_host_that_keeps_seeing_one_pace_learns_it(known, observed):
    pace = Pace(known, 10 * MEMORY)
    for _ in range(100):  # games of 20 turns each
        pace = pace.learnt([observed] * 20)
    assert pace.seconds == pytest.approx(observed, abs=0.1)
