"""Clear out the Gift Exchange (rulebook "Turn Actions"; house rule 6).

Round 1 of :func:`three_seats` deals mug-0, mug-1, mug-2, football-8, board-game-5 faceup and
snow-globe-10, gift-basket-3 facedown; seat 0 is the Start Player.
"""

from __future__ import annotations

import pytest

from yule.core.base import IllegalMove
from yule.core.white_elephant import Clear, End, Peek, Take

from .helpers import DOWN3, three_seats


def cleared_by_seat_1():
    """Seat 0 peeks (1 Peanut to the Exchange), takes mug-0 and mug-1, ends; seat 1 clears out."""
    state = three_seats()
    state.apply(Peek(0, DOWN3[0]))
    state.apply(Take(0, ("mug-0", "mug-1")))
    state.apply(End(0))
    events = state.apply(Clear(1))
    return state, events


def test_clear_out_takes_every_gift_left():
    state, _ = cleared_by_seat_1()
    assert sorted(state.view(1)["shelf"]) == sorted(("mug-2", "football-8", "board-game-5") + DOWN3)


def test_clear_out_takes_the_marker_and_every_peanut_in_the_exchange():
    """Marker Peanuts: round 1's supply Peanut and seat 0's peek; plus the 2 on the Surprise Gifts."""
    state, events = cleared_by_seat_1()
    (clear,) = [e for e in events if e["type"] == "clear"]
    assert clear["peanuts"] == 2
    view = state.view(None)
    assert view["peanuts"] == [0, 1 + 2 + 2, 1]
    assert view["pot"] == 1  # only round 2's new Peanut


def test_clear_out_ends_the_round_at_once():
    state, _ = cleared_by_seat_1()
    view = state.view(None)
    assert view["round"] == 2
    assert view["front"] == [[], [], []]  # seat 2 never moved in round 1
    assert view["shelf_sizes"] == [2, 5, 0]


def test_clearer_is_start_player_from_the_next_round_on():
    state, _ = cleared_by_seat_1()
    view = state.view(None)
    assert view["start_player"] == 1 and view["turn"] == 1
    state.apply(Take(1, tuple(state.exchange)))  # round 2 ends without a clear out
    view = state.view(None)
    assert view["round"] == 3 and view["start_player"] == 1 and view["turn"] == 1


def test_clear_out_needs_no_end_and_allows_no_peek_after():
    """House rule 9: 'end' only after a main action that did not end the round."""
    state, _ = cleared_by_seat_1()
    with pytest.raises(IllegalMove) as error:
        state.apply(End(1))  # seat 1 now starts round 2
    assert str(error.value) == "Make your main action first: take, trade or clear out."


def test_clear_out_is_a_main_action_so_not_after_a_take():
    state = three_seats()
    state.apply(Take(0, ("mug-0", "mug-1")))
    with pytest.raises(IllegalMove) as error:
        state.apply(Clear(0))
    assert str(error.value) == "You have made your main action: peek or end your turn."
