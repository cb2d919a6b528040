"""Turn order and ending a turn (rulebook "Turn Order"; house rules 7 and 9).

A turn is: peeks, one main action (take, trade or clear out), peeks, then an explicit "end"
unless the main action ended the round.  The next turn goes to the next seat clockwise
(seat ``i + 1``, wrapping to 0) with no cards in front of it.
"""

from __future__ import annotations

import pytest

from yule.core.base import IllegalMove
from yule.core.white_elephant import Clear, End, Take, Trade

from .helpers import new_game, three_seats

MAIN_FIRST = "Make your main action first: take, trade or clear out."
ONE_MAIN = "You have made your main action: peek or end your turn."


def test_start_player_takes_the_first_turn():
    for start in range(3):
        assert three_seats(start=start).view(None)["turn"] == start


def test_end_before_the_main_action_is_refused():
    state = three_seats()
    with pytest.raises(IllegalMove) as error:
        state.apply(End(0))
    assert str(error.value) == MAIN_FIRST
    assert state.view(0)["actions"]["end"] == {"kind": "main_first"}


def test_the_turn_waits_for_end_after_a_main_action():
    state = three_seats()
    state.apply(Take(0, ("mug-0", "mug-1")))
    view = state.view(0)
    assert view["turn"] == 0 and view["phase"] == "after"
    assert view["actions"]["end"] is None and view["actions"]["take"] == {"kind": "main_done"}
    with pytest.raises(IllegalMove) as error:
        state.apply(Take(1, ("mug-2", "football-8")))
    assert str(error.value) == "It is not your turn."


@pytest.mark.parametrize(
    "second",
    [Take(0, ("mug-2", "football-8")), Trade(0, 1), Clear(0)],
    ids=["take", "trade", "clear"],
)
def test_only_one_main_action_per_turn(second):
    state = three_seats()
    state.apply(Take(0, ("mug-0", "mug-1")))
    with pytest.raises(IllegalMove) as error:
        state.apply(second)
    assert str(error.value) == ONE_MAIN


def test_end_passes_the_turn_clockwise_and_wraps_around():
    state = three_seats(start=2)
    state.apply(Take(2, ("mug-0", "mug-1")))
    events = state.apply(End(2))
    assert events[-1] == {"type": "turn", "seat": 0}
    state.apply(Take(0, ("mug-2", "football-8")))
    state.apply(End(0))
    assert state.view(None)["turn"] == 1


def test_turn_skips_seats_with_cards_in_front_of_them():
    """4 seats: after seat 0's turn, seat 1 still holds cards and is skipped for seat 2."""
    state = new_game(4, start=0)
    ex = list(state.exchange)  # 6 faceup then 3 facedown, all named by id in record form
    state.apply(Take(0, (ex[0], ex[1])))
    state.apply(End(0))  # -> seat 1
    state.apply(Take(1, (ex[2], ex[3])))
    state.apply(End(1))  # -> seat 2
    state.apply(Trade(2, 0))
    state.apply(End(2))  # seat 3 has nothing -> seat 3
    assert state.turn == 3
    state.apply(Trade(3, 2))
    state.apply(End(3))  # seat 0 has nothing again (traded away) -> seat 0
    assert state.turn == 0
    state.apply(Take(0, (state.exchange[0], state.exchange[1])))
    state.apply(End(0))  # seat 1 has cards: skipped; seat 2 was traded empty -> seat 2
    assert state.turn == 2


def test_end_is_refused_when_the_main_action_ended_the_round():
    state = three_seats()
    state.apply(Take(0, tuple(state.exchange)))  # round 2, seat 0 starts it
    with pytest.raises(IllegalMove) as error:
        state.apply(End(0))
    assert str(error.value) == MAIN_FIRST
