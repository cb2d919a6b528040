"""Round end, Surprise Gifts opened, Shelves, leftovers and the final round.

Rulebook "End of a Round", "Your Shelf", "Leftover Gifts", "Game End"; house rules 8, 10, 11.
Round 1 of :func:`three_seats` deals mug-0, mug-1, mug-2, football-8, board-game-5 faceup and
snow-globe-10, gift-basket-3 facedown; seat 0 is the Start Player.  A 3-seat deck is 7 deals
of 7 cards, so round 7 is the final round.
"""

from __future__ import annotations

import pytest

from yule.core.base import IllegalMove
from yule.core.white_elephant import Clear, End, Peek, Take

from .helpers import (
    DOWN3,
    UP3,
    handles,
    peanut_places,
    quoted_cards,
    rule_scores,
    stacked_deck,
    take_whole_exchange,
    three_seats,
)

DECK3 = stacked_deck(3, UP3 + DOWN3)


def everyone_has_cards():
    """Seats 0, 1, 2 each take 2; seat 2 takes board-game-5 and snow-globe-10 (facedown).

    Every seat then has cards, so the round ends with gift-basket-3 (facedown) left over.
    Returns the state, the events of the last take and the leftover's handle.
    """
    state = three_seats()
    _, leftover = handles(state)
    state.apply(Take(0, ("mug-0", "mug-1")))
    state.apply(End(0))
    state.apply(Take(1, ("mug-2", "football-8")))
    state.apply(End(1))
    events = state.apply(Take(2, ("board-game-5", DOWN3[0])))
    return state, events, leftover


def test_round_ends_when_everyone_has_a_card_in_front_of_them():
    state, events, _ = everyone_has_cards()
    assert [e["type"] for e in events] == ["take", "round_end", "round"]
    view = state.view(None)
    assert view["round"] == 2 and view["front"] == [[], [], []]


def test_round_ends_when_the_exchange_is_empty():
    state = three_seats()
    state.apply(Take(0, ("mug-0", "mug-1")))
    state.apply(End(0))
    events = state.apply(Take(1, ("mug-2", "football-8", "board-game-5") + DOWN3))
    assert [e["type"] for e in events] == ["take", "round_end", "round"]
    assert state.view(None)["front"][2] == []  # seat 2 never got a turn


def test_round_goes_on_while_a_seat_has_no_cards_and_gifts_are_left():
    state = three_seats()
    state.apply(Take(0, ("mug-0", "mug-1")))
    state.apply(End(0))
    state.apply(Take(1, ("mug-2", "football-8")))
    assert state.view(None)["round"] == 1 and state.view(None)["phase"] == "after"


def test_owner_opens_surprise_gifts_and_takes_their_peanuts():
    state, events, _ = everyone_has_cards()
    assert DOWN3[0] in state.view(2)["shelf"]
    assert state.view(None)["peanuts"] == [1, 1, 1 + 1]
    (round_end,) = [e for e in events if e["type"] == "round_end"]
    assert round_end["opened"] == [0, 0, 1] and round_end["peanuts"] == [0, 0, 1]


def test_opened_surprise_gifts_stay_secret_from_the_other_seats():
    state, events, _ = everyone_has_cards()
    for seat in (0, 1, None):
        assert quoted_cards(state.view(seat), DOWN3) == set()
    assert quoted_cards(events, DOWN3) == set()


def test_every_card_in_front_goes_to_its_owners_shelf():
    state, _, _ = everyone_has_cards()
    assert state.view(0)["shelf"] == ["mug-0", "mug-1"]
    assert state.view(1)["shelf"] == ["mug-2", "football-8"]
    assert sorted(state.view(2)["shelf"]) == sorted(["board-game-5", DOWN3[0]])


def test_others_see_of_a_shelf_its_size_and_the_gifts_they_saw_go_there():
    """A Shelf is face down: others know its size and the faceup gifts they saw go to it, never
    the Surprise Gifts its owner opened in secret."""
    state, _, _ = everyone_has_cards()
    faceup = ["mug-0", "mug-1", "mug-2", "football-8", "board-game-5"]
    shelved = [*faceup, DOWN3[0]]
    own = {0: {"mug-0", "mug-1"}, 1: {"mug-2", "football-8"}, 2: {"board-game-5", DOWN3[0]}}
    for seat in (0, 1, 2):
        view = state.view(seat)
        assert view["shelf_sizes"] == [2, 2, 2]
        assert quoted_cards(view, shelved) == own[seat] | set(faceup)
        assert view["seen_shelves"][seat] == view["shelf"]
    assert state.view(0)["seen_shelves"][2] == ["board-game-5"]
    spectator = state.view(None)
    assert "shelf" not in spectator and quoted_cards(spectator, shelved) == set(faceup)


def test_a_peeked_surprise_gift_stays_known_on_the_shelf_it_goes_to():
    state, _, leftover = everyone_has_cards()
    # Round 2: seat 0 peeks at the leftover Surprise Gift and takes two others; seat 1 clears out.
    state.apply(Peek(0, DOWN3[1]))
    assert state.view(0)["peeked"][leftover] == [0] and state.view(2)["peeked"][leftover] == [0]
    state.apply(Take(0, tuple(c for c in state.exchange if c not in state.handle)[:2]))
    state.apply(End(0))
    state.apply(Clear(1))
    assert DOWN3[1] in state.shelf[1]
    assert DOWN3[1] in state.view(0)["seen_shelves"][1]
    assert DOWN3[1] not in state.view(2)["seen_shelves"][1]
    assert DOWN3[1] not in state.view(None)["seen_shelves"][1]
    assert state.view(1)["seen_shelves"][1] == state.view(1)["shelf"]


def test_leftover_cards_and_peanuts_stay_and_the_start_player_stays():
    """House rule 10: no clear out, so the leftover Surprise Gift keeps its Peanut, the marker's
    Peanut stays, seat 0 starts again, and round 2 adds a full deal of 7 to the 1 leftover."""
    state, _, leftover = everyone_has_cards()
    view = state.view(None)
    assert view["start_player"] == 0 and view["turn"] == 0
    assert view["pot"] == 1 + 1
    assert view["on_gifts"][leftover] == 1
    assert len(view["exchange"]) == 1 + 7 and leftover in view["exchange"]
    assert [c for c in view["exchange"] if c in DECK3] == DECK3[7:12]  # round 2's faceup cards
    assert len(handles(state)) == 1 + 2
    assert [view["on_gifts"][h] for h in handles(state)] == [1, 1, 1]  # 1 on each new one too


def test_a_leftover_surprise_gift_can_still_be_taken_with_its_peanut():
    state, _, leftover = everyone_has_cards()
    state.apply(Take(0, (DOWN3[1], DECK3[7])))
    state.apply(End(0))
    assert state.view(None)["front"][0] == [leftover, DECK3[7]]
    assert state.view(None)["on_gifts"][leftover] == 1


def test_only_the_deal_that_empties_the_deck_is_the_final_round():
    state = three_seats()
    for round_ in range(1, 7):
        view = state.view(None)
        assert view["round"] == round_ and not view["final_round"] and view["deck"] > 0
        take_whole_exchange(state)
    view = state.view(None)
    assert view["round"] == 7 and view["final_round"] and view["deck"] == 0
    assert not state.is_over


def final_round_with_a_leftover():
    """Six rounds taken whole by seat 0, then round 7 (faceup DECK3[42:47], facedown DECK3[47:49]):
    seats 0, 1, 2 take 2 each, so the game ends with DECK3[48] (facedown) in the Exchange."""
    state = three_seats()
    take_whole_exchange(state, rounds=6)
    state.apply(Take(0, (DECK3[42], DECK3[43])))
    state.apply(End(0))
    state.apply(Take(1, (DECK3[44], DECK3[45])))
    state.apply(End(1))
    events = state.apply(Take(2, (DECK3[46], DECK3[47])))
    return state, events


def test_game_ends_when_the_final_round_ends():
    state, events = final_round_with_a_leftover()
    assert state.is_over and state.active() == ()
    assert events[-1]["type"] == "game_over"
    with pytest.raises(IllegalMove) as error:
        state.apply(Take(0, (DECK3[48], DECK3[0])))
    assert str(error.value) == "The game is over."


def test_final_round_leftovers_are_not_scored_and_their_peanuts_belong_to_nobody():
    """House rule 11: DECK3[48] stays out; the 7 marker Peanuts and the 1 on DECK3[48] go to nobody."""
    state, _ = final_round_with_a_leftover()
    result = state.outcome().to_record()
    assert all(DECK3[48] not in shelf for shelf in result["shelves"])
    assert sum(map(len, result["shelves"])) == 48
    # seat 0 opened 2 Surprise Gifts in each of 6 rounds; seat 2 opened DECK3[47]
    assert result["peanuts"] == [1 + 2 * 6, 1, 1 + 1]
    assert state.view(None)["pot"] == 7 and peanut_places(state) == 35
    assert result["scores"] == rule_scores(result["shelves"], result["peanuts"])


def test_final_round_leftover_surprise_gift_is_never_revealed():
    state, events = final_round_with_a_leftover()
    for seat in (0, 1, 2, None):
        assert quoted_cards(state.view(seat), [DECK3[48]]) == set()
    assert quoted_cards(events, [DECK3[48]]) == set()


def test_clear_out_in_the_final_round_scores_the_marker_peanuts():
    state = three_seats()
    take_whole_exchange(state, rounds=6)
    state.apply(Clear(0))
    result = state.outcome().to_record()
    assert result["peanuts"] == [1 + 2 * 6 + 7 + 2, 1, 1]
    assert sum(map(len, result["shelves"])) == 49


def test_every_shelf_is_revealed_when_the_game_is_over():
    state, _ = final_round_with_a_leftover()
    shelved = DECK3[:48]
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        assert quoted_cards(view["result"], shelved) == set(shelved)
