"""Trade gifts (rulebook "Turn Actions" and "Spending Peanuts"; house rule 5).

Round 1 of :func:`three_seats` deals mug-0, mug-1, mug-2, football-8, board-game-5 faceup and
snow-globe-10, gift-basket-3 facedown; seat 0 is the Start Player.
"""

from __future__ import annotations

import pytest

from yule.core.base import IllegalMove
from yule.core.white_elephant import End, Peek, Take, Trade

from .helpers import DOWN3, handles, quoted_cards, three_seats


def seat_0_took_mug_0_and_a_surprise_gift():
    """Seat 0 took mug-0 and snow-globe-10 (Surprise Gift 1st dealt) and ended; seat 1 to move."""
    state = three_seats()
    first, _ = handles(state)
    state.apply(Take(0, ("mug-0", DOWN3[0])))
    state.apply(End(0))
    return state, first


def test_trade_takes_every_card_in_front_of_the_target():
    state, first = seat_0_took_mug_0_and_a_surprise_gift()
    state.apply(Trade(1, 0))
    assert state.view(None)["front"] == [[], ["mug-0", first], []]


def test_trade_spends_a_peanut_into_the_exchange():
    """Spending Peanuts: the Peanut goes beside the marker, not back to the supply."""
    state, _ = seat_0_took_mug_0_and_a_surprise_gift()
    supply = state.view(None)["supply"]
    state.apply(Trade(1, 0))
    view = state.view(None)
    assert view["peanuts"][1] == 0
    assert view["pot"] == 2
    assert view["supply"] == supply


def test_surprise_gift_travels_with_its_peanut():
    """House rule 5: the Peanut on a traded Surprise Gift goes with it; the trader gets it at round end."""
    state, first = seat_0_took_mug_0_and_a_surprise_gift()
    state.apply(Trade(1, 0))
    assert state.view(None)["on_gifts"][first] == 1
    state.apply(End(1))
    state.apply(Take(2, ("mug-1", "mug-2")))
    state.apply(End(2))
    state.apply(Take(0, ("football-8", "board-game-5")))  # everyone has cards: round over
    view = state.view(None)
    assert view["round"] == 2
    assert view["peanuts"] == [1, 0 + 1, 1]  # seat 1 spent 1 on the trade, got the gift's 1
    assert DOWN3[0] in state.view(1)["shelf"]


def test_trading_for_a_surprise_gift_does_not_reveal_it():
    """House rule 4: taking or trading for a Surprise Gift does not reveal it."""
    state, _ = seat_0_took_mug_0_and_a_surprise_gift()
    state.apply(Trade(1, 0))
    assert state.view(1)["known"] == {}
    assert quoted_cards(state.view(1), [DOWN3[0]]) == set()


def test_trade_needs_a_peanut():
    state, _ = seat_0_took_mug_0_and_a_surprise_gift()
    state.apply(Peek(1, DOWN3[1]))  # seat 1 spends its only Peanut
    message = "You need a Peanut to trade."
    with pytest.raises(IllegalMove) as error:
        state.apply(Trade(1, 0))
    assert str(error.value) == message
    assert state.view(1)["actions"]["trade"] == {"kind": "no_peanut_trade"}


def test_peanuts_on_your_surprise_gifts_cannot_be_spent():
    """Rulebook: you can't spend Peanuts that are on Surprise Gifts in front of you.

    A seat is only ever on turn with an empty front, so the only spending that can meet this is
    a peek after the main action.
    """
    state = three_seats()
    state.apply(Peek(0, DOWN3[0]))  # seat 0 spends its only Peanut
    state.apply(Take(0, DOWN3))  # 2 Peanuts on these gifts
    with pytest.raises(IllegalMove) as error:
        state.apply(Peek(0, DOWN3[1]))
    assert str(error.value) == (
        "You need a Peanut to peek: those on your Surprise Gifts are yours only when the round ends."
    )
    assert state.view(0)["peanuts"][0] == 0


def test_trade_target_must_have_gifts_in_front_of_them():
    state, _ = seat_0_took_mug_0_and_a_surprise_gift()
    with pytest.raises(IllegalMove) as error:
        state.apply(Trade(1, 2))
    assert str(error.value) == "Seat 3 has no gifts in front of them to trade for."
    assert state.view(1)["peanuts"][1] == 1  # nothing spent


def test_trade_with_nobody_holding_gifts_is_not_offered():
    state = three_seats()
    assert state.view(0)["actions"]["trade"] == {"kind": "nobody_to_trade"}


@pytest.mark.parametrize(
    "target, message",
    [
        (1, "You can't trade with yourself."),
        (3, "There is no such seat at this table."),
        (-1, "There is no such seat at this table."),
    ],
)
def test_trade_target_must_be_another_seat(target, message):
    state, _ = seat_0_took_mug_0_and_a_surprise_gift()
    with pytest.raises(IllegalMove) as error:
        state.apply(Trade(1, target))
    assert str(error.value) == message


def test_shelved_gifts_are_safe_from_trades():
    """Rulebook: you can only take cards collected this round; Shelves are safe."""
    state = three_seats()
    state.apply(Take(0, ("mug-0", "mug-1")))
    state.apply(End(0))
    state.apply(Take(1, ("mug-2", "football-8", "board-game-5") + DOWN3))  # round 2 starts
    assert state.view(None)["shelf_sizes"] == [2, 5, 0]
    with pytest.raises(IllegalMove, match="Nobody has gifts in front of them"):
        state.apply(Trade(0, 1))
