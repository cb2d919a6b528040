"""Peeking at Surprise Gifts (rulebook "Peeking at Surprise Gifts"; house rule 9).

Round 1 of :func:`three_seats` deals mug-0, mug-1, mug-2, football-8, board-game-5 faceup and
snow-globe-10, gift-basket-3 facedown; seat 0 is the Start Player.
"""

from __future__ import annotations

import pytest

from yule.core.base import IllegalMove
from yule.core.white_elephant import Clear, End, Peek, Take

from .helpers import DOWN3, UP3, handles, quoted_cards, stacked_deck, three_seats

NOT_PEEKABLE = "You can only peek at a Surprise Gift in the Exchange or in front of a seat."


def rich_seat_0_in_round_2():
    """Seat 0 clears out round 1 (4 Peanuts: 1 + marker's 1 + 2 on Surprise Gifts) and starts round 2.

    Returns the state and round 2's Surprise Gifts as (card, handle) pairs.
    """
    state = three_seats()
    state.apply(Clear(0))
    assert state.view(0)["peanuts"][0] == 4
    deck = stacked_deck(3, UP3 + DOWN3)
    return state, list(zip(deck[12:14], handles(state), strict=True))


def test_peek_costs_a_peanut_which_goes_to_the_exchange():
    state = three_seats()
    supply = state.view(None)["supply"]
    state.apply(Peek(0, DOWN3[0]))
    view = state.view(None)
    assert view["peanuts"][0] == 0 and view["pot"] == 2 and view["supply"] == supply


def test_only_the_peeker_learns_the_card():
    state = three_seats()
    first, _ = handles(state)
    events = state.apply(Peek(0, DOWN3[0]))
    assert state.view(0)["known"] == {first: DOWN3[0]}
    for seat in (1, 2):
        assert state.view(seat)["known"] == {}
    for seat in (1, 2, None):
        assert quoted_cards(state.view(seat), DOWN3) == set()
    assert events == [{"type": "peek", "by": 0, "card": first}]


def test_peek_before_the_main_action():
    state = three_seats()
    state.apply(Peek(0, DOWN3[1]))
    state.apply(Take(0, ("mug-0", "mug-1")))
    assert state.view(None)["front"][0] == ["mug-0", "mug-1"]


def test_peek_after_the_main_action_then_end():
    state = three_seats()
    state.apply(Take(0, ("mug-0", "mug-1")))
    state.apply(Peek(0, DOWN3[1]))
    state.apply(End(0))
    assert state.view(None)["turn"] == 1


def test_peek_at_your_own_surprise_gift():
    state = three_seats()
    first, _ = handles(state)
    state.apply(Take(0, ("mug-0", DOWN3[0])))
    state.apply(Peek(0, DOWN3[0]))
    assert state.view(0)["known"] == {first: DOWN3[0]}


def test_peek_at_a_surprise_gift_in_front_of_another_seat():
    state = three_seats()
    first, _ = handles(state)
    state.apply(Take(0, ("mug-0", DOWN3[0])))
    state.apply(End(0))
    state.apply(Peek(1, DOWN3[0]))
    assert state.view(1)["known"] == {first: DOWN3[0]}
    assert state.view(0)["known"] == {}


def test_peek_several_times_while_peanuts_last():
    state, surprises = rich_seat_0_in_round_2()
    pot = state.view(None)["pot"]
    for card, _ in surprises:
        state.apply(Peek(0, card))
    view = state.view(0)
    assert view["known"] == {h: c for c, h in surprises}
    assert view["peanuts"][0] == 4 - 2 and view["pot"] == pot + 2


def test_peek_at_a_card_you_already_know_is_refused():
    state, [(card, _), _] = rich_seat_0_in_round_2()
    state.apply(Peek(0, card))
    with pytest.raises(IllegalMove) as error:
        state.apply(Peek(0, card))
    assert str(error.value) == "You already know that Surprise Gift."
    assert state.view(0)["peanuts"][0] == 3  # the refused peek cost nothing


def test_peek_is_not_offered_once_every_surprise_gift_is_known():
    state, surprises = rich_seat_0_in_round_2()
    for card, _ in surprises:
        state.apply(Peek(0, card))
    assert state.view(0)["actions"]["peek"] == {"kind": "all_seen"}


def test_peek_at_a_faceup_gift_is_refused():
    state = three_seats()
    with pytest.raises(IllegalMove) as error:
        state.apply(Peek(0, "mug-0"))
    assert str(error.value) == NOT_PEEKABLE


@pytest.mark.parametrize("by_owner", [True, False], ids=["owner", "other-seat"])
def test_peek_at_a_shelved_card_is_refused(by_owner):
    """Rulebook "Your Shelf": once shelved a card can't be peeked at, by its owner or anyone."""
    state = three_seats(start=1)
    state.apply(Take(1, UP3 + DOWN3))  # seat 1 shelves everything, 2 Surprise Gifts among them
    assert state.view(None)["round"] == 2 and state.turn == 1
    if not by_owner:  # seat 1 takes and ends, so seat 2 is the one to peek
        state.apply(Take(1, tuple(state.exchange[:2])))
        state.apply(End(1))
    peeker = state.turn
    assert peeker == (1 if by_owner else 2)
    assert state.view(peeker)["peanuts"][peeker] >= 1
    with pytest.raises(IllegalMove) as error:
        state.apply(Peek(peeker, DOWN3[0]))
    assert str(error.value) == NOT_PEEKABLE


def test_peek_without_a_peanut_is_refused():
    state = three_seats()
    state.apply(Peek(0, DOWN3[0]))
    message = "You need a Peanut to peek."
    with pytest.raises(IllegalMove) as error:
        state.apply(Peek(0, DOWN3[1]))
    assert str(error.value) == message
    assert state.view(0)["actions"]["peek"] == {"kind": "no_peanut_peek"}


def test_peek_out_of_turn_is_refused():
    state = three_seats()
    with pytest.raises(IllegalMove) as error:
        state.apply(Peek(1, DOWN3[0]))
    assert str(error.value) == "It is not your turn."


def test_knowledge_of_a_leftover_surprise_gift_lasts_into_the_next_round():
    """A peeked Surprise Gift left in the Exchange at round end stays known to the peeker only."""
    state = three_seats()
    _, second = handles(state)
    state.apply(Peek(0, DOWN3[1]))
    state.apply(Take(0, ("mug-0", "mug-1")))
    state.apply(End(0))
    state.apply(Take(1, ("mug-2", "football-8")))
    state.apply(End(1))
    state.apply(Take(2, ("board-game-5", DOWN3[0])))  # everyone has cards: gift-basket-3 left over
    assert state.view(None)["round"] == 2
    assert second in state.view(None)["exchange"]
    assert state.view(0)["known"] == {second: DOWN3[1]}
    assert state.view(1)["known"] == {}
