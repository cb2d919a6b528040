"""Take 2 or more gifts (rulebook "Turn Actions"; house rule 4).

Round 1 of :func:`three_seats` deals mug-0, mug-1, mug-2, football-8, board-game-5 faceup and
snow-globe-10, gift-basket-3 facedown; seat 0 is the Start Player.
"""

from __future__ import annotations

import pytest

from yule.core.base import IllegalMove
from yule.core.white_elephant import Clear, End, Take

from .helpers import DOWN3, UP3, handles, quoted_cards, three_seats


@pytest.mark.parametrize("cards", [(), ("mug-0",), ("snow-globe-10",)])
def test_take_of_fewer_than_2_gifts_is_refused(cards):
    state = three_seats()
    with pytest.raises(IllegalMove) as error:
        state.apply(Take(0, cards))
    assert str(error.value) == "Take at least 2 gifts."
    assert len(state.exchange) == 7  # nothing moved


def test_take_of_the_same_gift_twice_is_refused():
    state = three_seats()
    with pytest.raises(IllegalMove, match="only once"):
        state.apply(Take(0, ("mug-0", "mug-0")))


def test_take_of_a_gift_not_in_the_exchange_is_refused():
    state = three_seats()
    with pytest.raises(IllegalMove) as error:
        state.apply(Take(0, ("mug-0", "mug-5")))  # mug-5 is still in the deck
    assert str(error.value) == "That gift is not in the Gift Exchange."


def test_take_moves_the_chosen_gifts_in_front_of_the_seat():
    state = three_seats()
    state.apply(Take(0, ("mug-0", "football-8", "board-game-5")))
    view = state.view(None)
    assert view["front"] == [["mug-0", "football-8", "board-game-5"], [], []]
    assert view["exchange"][:2] == ["mug-1", "mug-2"] and len(view["exchange"]) == 4


def test_take_may_mix_faceup_and_surprise_gifts():
    state = three_seats()
    first, _ = handles(state)
    state.apply(Take(0, ("mug-0", DOWN3[0])))
    assert state.view(None)["front"][0] == ["mug-0", first]


def test_take_may_be_only_surprise_gifts():
    state = three_seats()
    dealt = handles(state)
    state.apply(Take(0, DOWN3))
    assert state.view(None)["front"][0] == dealt


def test_taken_surprise_gift_stays_facedown_with_its_peanut():
    """Rulebook: keep each Surprise Gift facedown, with its Peanut on it; house rule 4: no reveal."""
    state = three_seats()
    first, _ = handles(state)
    state.apply(Take(0, ("mug-0", DOWN3[0])))
    view = state.view(0)
    assert view["on_gifts"][first] == 1
    assert view["peanuts"][0] == 1  # the Peanut on the gift is not the taker's yet
    assert view["known"] == {}
    assert quoted_cards(view, [DOWN3[0]]) == set()


def test_take_with_one_gift_left_is_refused_so_trade_or_clear_out():
    """House rule 4: with 1 card left, take is impossible."""
    state = three_seats()
    state.apply(Take(0, UP3[:4] + DOWN3))  # leaves board-game-5 alone
    state.apply(End(0))
    assert state.exchange == ["board-game-5"]
    message = "Only one gift is left: trade or clear out instead."
    with pytest.raises(IllegalMove) as error:
        state.apply(Take(1, ("board-game-5",)))
    assert str(error.value) == message
    hints = state.view(1)["actions"]
    assert hints["take"] == {"kind": "one_gift_left"}
    assert hints["clear"] is None and hints["trade"] is None
    state.apply(Clear(1))  # clearing out the last gift is allowed
    assert "board-game-5" in state.view(1)["shelf"]


def test_taking_every_gift_ends_the_round_but_is_not_a_clear_out():
    """House rule 4: the Exchange empties so the round ends; marker, its Peanuts and Start Player stay."""
    state = three_seats()
    state.apply(Take(0, ("mug-0", "mug-1")))
    state.apply(End(0))
    state.apply(Take(1, ("mug-2", "football-8", "board-game-5") + DOWN3))
    view = state.view(None)
    assert view["round"] == 2
    assert view["start_player"] == 0 and view["turn"] == 0
    assert view["pot"] == 2  # round 1's Peanut stayed, round 2 added 1
    assert view["peanuts"] == [1, 1 + 2, 1]  # seat 1 got only the Peanuts on its 2 Surprise Gifts
    assert view["shelf_sizes"] == [2, 5, 0]


def test_start_player_taking_everything_keeps_the_marker():
    state = three_seats(start=2)
    state.apply(Take(2, UP3 + DOWN3))
    view = state.view(None)
    assert view["round"] == 2 and view["start_player"] == 2 and view["turn"] == 2
    assert view["pot"] == 2
