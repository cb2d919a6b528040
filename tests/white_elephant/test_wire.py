"""Moves sent by a seat (wire form, ``state.parse_seat_move``) and the public events.

A seat names a Surprise Gift only by the handle its view shows.  Naming a facedown card by
its real id must get exactly the answer a card that is nowhere gets, whatever else is wrong
with the move, or the answer would tell where a hidden card lies.
"""

from __future__ import annotations

import pytest

from yule.core.base import IllegalMove, MalformedMove, NotYourTurn
from yule.core.white_elephant import Clear, End, Peek, Take, Trade

from .helpers import DOWN3, UP3, handles, quoted_cards, stacked_deck, three_seats

DECK3 = stacked_deck(3, UP3 + DOWN3)


def test_a_surprise_gift_named_by_handle_becomes_its_card():
    state = three_seats()
    first, second = handles(state)
    assert state.parse_seat_move(0, {"type": "take", "cards": ["mug-0", first]}) == Take(0, ("mug-0", DOWN3[0]))
    assert state.parse_seat_move(0, {"type": "peek", "card": second}) == Peek(0, DOWN3[1])


def test_a_faceup_gift_is_named_by_its_id():
    state = three_seats()
    assert state.parse_seat_move(0, {"type": "take", "cards": ["mug-0", "mug-1"]}) == Take(0, ("mug-0", "mug-1"))


def test_a_facedown_card_named_by_its_id_is_refused():
    state = three_seats()
    with pytest.raises(IllegalMove) as error:
        state.parse_seat_move(0, {"type": "take", "cards": ["mug-0", DOWN3[0]]})
    assert str(error.value) == "That gift is not in the Gift Exchange."
    with pytest.raises(IllegalMove) as error:
        state.parse_seat_move(0, {"type": "peek", "card": DOWN3[0]})
    assert str(error.value) == "You can only peek at a Surprise Gift in the Exchange or in front of a seat."


def test_an_unknown_handle_is_refused():
    state = three_seats()
    with pytest.raises(IllegalMove, match="not in the Gift Exchange"):
        state.parse_seat_move(0, {"type": "take", "cards": ["mug-0", "surprise-99"]})


def test_the_sender_is_the_seat_whatever_by_says():
    """A seat cannot move for another by writing its number in ``by``."""
    state = three_seats()
    move = state.parse_seat_move(1, {"type": "take", "by": 0, "cards": ["mug-0", "mug-1"]})
    assert move.by == 1
    with pytest.raises(NotYourTurn):
        state.apply(move)


@pytest.mark.parametrize("kind", ["shuffle", "start"])
def test_a_seat_cannot_send_a_chance_move(kind):
    state = three_seats()
    with pytest.raises(MalformedMove, match="host"):
        state.parse_seat_move(0, {"type": kind, "deck": DECK3, "seat": 0})


@pytest.mark.parametrize(
    "move, message",
    [
        ({"type": "steal"}, "unknown move type 'steal'"),
        ({"type": "take", "cards": "mug-0"}, "'take' needs a list of card names in 'cards'"),
        ({"type": "trade", "target": "1"}, "'trade' needs a seat number in 'target'"),
        ({"type": "peek"}, "'peek' needs a card name in 'card'"),
    ],
)
def test_malformed_moves_are_refused_with_a_reason(move, message):
    state = three_seats()
    with pytest.raises(MalformedMove) as error:
        state.parse_seat_move(0, move)
    assert str(error.value) == message


# -- no information leak -----------------------------------------------------------------------


def round_2_seat_1_to_move():
    """Seat 0 took all of round 1 (snow-globe-10 and gift-basket-3 facedown among them), then
    took DECK3[7] (faceup) and DECK3[12] (facedown) in round 2 and ended.  Seat 1 to move;
    DECK3[13] is facedown in the Exchange; DECK3[8:12] are faceup there."""
    state = three_seats()
    state.apply(Take(0, UP3 + DOWN3))
    state.apply(Take(0, (DECK3[7], DECK3[12])))
    state.apply(End(0))
    return state


HIDDEN = {
    "facedown in front of a seat": DECK3[12],
    "facedown in the Exchange": DECK3[13],
    "opened Surprise Gift on a Shelf": DOWN3[0],
}
NOWHERE = {
    "faceup card on a Shelf": "mug-0",
    "card in the deck": DECK3[20],
    "suit not in this deck": "grill-kit-0",
    "not a card": "banana",
}


def take_with_a_faceup_gift(state, x):
    return 1, {"type": "take", "cards": [DECK3[8], x]}


def take_alone(state, x):
    return 1, {"type": "take", "cards": [x]}


def take_twice(state, x):
    return 1, {"type": "take", "cards": [x, x]}


def take_out_of_turn(state, x):
    return 2, {"type": "take", "cards": [DECK3[8], x]}


def take_after_the_main_action(state, x):
    state.apply(Take(1, (DECK3[8], DECK3[9])))
    return 1, {"type": "take", "cards": [DECK3[10], x]}


def peek(state, x):
    return 1, {"type": "peek", "card": x}


def peek_out_of_turn(state, x):
    return 2, {"type": "peek", "card": x}


def peek_without_a_peanut(state, x):
    state.apply(Peek(1, DECK3[13]))  # seat 1's only Peanut
    return 1, {"type": "peek", "card": x}


CONTEXTS = [
    take_with_a_faceup_gift,
    take_alone,
    take_twice,
    take_out_of_turn,
    take_after_the_main_action,
    peek,
    peek_out_of_turn,
    peek_without_a_peanut,
]


def answer(context, x) -> tuple[str, str]:
    """What the engine answers when seat sends this move naming ``x``: error class and text."""
    state = round_2_seat_1_to_move()
    seat, move = context(state, x)
    try:
        state.apply(state.parse_seat_move(seat, move))
    except IllegalMove as error:
        return type(error).__name__, str(error)
    return "accepted", ""


@pytest.mark.parametrize("context", CONTEXTS, ids=lambda c: c.__name__)
def test_naming_a_hidden_card_by_id_answers_as_a_card_that_is_nowhere(context):
    answers = {name: answer(context, x) for name, x in {**HIDDEN, **NOWHERE}.items()}
    assert len(set(answers.values())) == 1, answers
    assert "accepted" not in answers[next(iter(answers))]


def test_the_round_2_position_has_the_hidden_cards_where_the_leak_test_says():
    """Guards the leak test above: its hidden cards are really hidden and in play or shelved."""
    state = round_2_seat_1_to_move()
    assert state.turn == 1 and state.view(1)["peanuts"][1] == 1
    assert DECK3[12] in state.front[0] and DECK3[13] in state.exchange
    assert DOWN3[0] in state.shelf[0] and "mug-0" in state.shelf[0]
    assert quoted_cards(state.view(1), HIDDEN.values()) == set()


# -- public events ---------------------------------------------------------------------------


def test_events_name_surprise_gifts_by_handle():
    state = three_seats()
    first, second = handles(state)
    assert state.apply(Take(0, ("mug-0", DOWN3[0])))[0] == {"type": "take", "by": 0, "cards": ["mug-0", first]}
    state.apply(End(0))
    assert state.apply(Trade(1, 0))[0] == {"type": "trade", "by": 1, "target": 0, "cards": ["mug-0", first]}
    state.apply(End(1))
    clear = state.apply(Clear(2))[0]
    assert clear["type"] == "clear" and clear["cards"] == ["mug-1", "mug-2", "football-8", "board-game-5", second]


def test_a_new_round_event_shows_faceup_ids_and_surprise_handles():
    state = three_seats()
    events = state.apply(Take(0, UP3 + DOWN3))
    (new_round,) = [e for e in events if e["type"] == "round"]
    assert new_round["dealt"][:5] == DECK3[7:12]
    assert new_round["dealt"][5:] == handles(state)
    assert quoted_cards(events, DECK3[12:14]) == set()
