"""White Rabbit rules, one test per rule of the rule text, its "possible disputes" and the
house rules: deal, roll, moving either way, keeping and sliding under, empty piles, rolling
again on a 6, Max, winning, the 500-roll cap and the Oberhase title.
"""

from __future__ import annotations

import random

import pytest

from yule.core import GameIsOver, IllegalMove, MalformedMove, NotYourTurn
from yule.core.white_rabbit import GAME, Deal, MaxPlace, MaxTake, Move, Roll, WhiteRabbitState
from yule.core.white_rabbit.state import BadChance, CannotTake, NoSuchPile, WrongPhase

from .conftest import RABBITS, deal_piles, give, new_game, turn


def move_event(events):
    return next(e for e in events if e["type"] == "move")


# -- setup and the deal -----------------------------------------------------------------------


def test_chance_deal_is_eight_piles_of_three_with_max_on_top_of_one():
    for seed in range(20):
        state = WhiteRabbitState(3)
        deal = state.chance_move(random.Random(seed))
        assert len(deal.piles) == 8
        assert sorted(c for p in deal.piles for c in p) == sorted([*RABBITS, "max"])
        assert all(len([c for c in p if c != "max"]) == 3 for p in deal.piles)
        assert [p[0] for p in deal.piles].count("max") == 1


def test_the_rabbit_starts_on_space_0_and_seat_0_rolls_first():
    state = new_game(3)
    assert state.rabbit == 0 and state.turn == 0 and state.active() == ("chance",)
    assert state.view(None)["phase"] == "roll"


@pytest.mark.parametrize(
    "piles, reason",
    [
        (deal_piles()[:7], "8 piles"),
        ((("brown-1", "max", "brown-2", "brown-3"), *deal_piles()[1:]), "on top"),
        ((("brown-1", "brown-1", "brown-2"), *deal_piles(max_on=1)[1:]), "each once"),
    ],
)
def test_a_deal_that_cannot_happen_is_refused(piles, reason):
    state = WhiteRabbitState(2)
    with pytest.raises(BadChance, match=reason):
        state.apply(Deal(piles))


def test_a_pile_of_two_and_a_pile_of_four_is_refused():
    piles = [list(p) for p in deal_piles(max_on=7)]
    piles[1].append(piles[0].pop())
    with pytest.raises(BadChance, match="3 rabbit cards"):
        WhiteRabbitState(2).apply(Deal(tuple(map(tuple, piles))))


def test_max_dealt_on_top_is_seen_by_everyone():
    state = new_game(2, max_on=5)
    view = state.view(None)
    assert view["max_pile"] == 5
    assert [p["max"] for p in view["piles"]] == [i == 5 for i in range(8)]
    assert [p["cards"] for p in view["piles"]] == [4 if i == 5 else 3 for i in range(8)]


# -- the die and the move ---------------------------------------------------------------------


@pytest.mark.parametrize("value", [0, 7, -1])
def test_a_die_shows_one_to_six(value):
    with pytest.raises(BadChance):
        new_game().apply(Roll(value))


def test_no_move_before_the_roll_and_no_second_roll_before_the_move():
    state = new_game()
    with pytest.raises(WrongPhase, match="roll"):
        state.apply(Move(0, "cw"))
    state.apply(Roll(2))
    with pytest.raises(WrongPhase):
        state.apply(Roll(2))


def test_only_the_seat_to_move_moves():
    state = new_game(3)
    state.apply(Roll(2))
    with pytest.raises(NotYourTurn):
        state.apply(Move(1, "cw"))


@pytest.mark.parametrize(
    "direction, start, die, end", [("cw", 6, 3, 1), ("ccw", 1, 4, 5), ("cw", 0, 6, 6), ("ccw", 0, 6, 2)]
)
def test_the_rabbit_moves_exactly_the_roll_one_way_round(direction, start, die, end):
    state = new_game()
    state.rabbit = start
    state.apply(Roll(die))
    assert state.view(0)["landing"] == {"cw": (start + die) % 8, "ccw": (start - die) % 8}
    events = state.apply(Move(0, direction))
    assert state.rabbit == end and move_event(events)["to"] == end


def test_play_passes_clockwise_to_the_next_seat_and_wraps():
    state = new_game(3, max_on=4)
    seats = []
    for value in (1, 2, 3, 4):
        seats.append(state.turn)
        turn(state, value, "cw" if value % 2 else "ccw")
    assert seats == [0, 1, 2, 0]


# -- drawing: keep or slide under -------------------------------------------------------------


def test_a_value_you_lack_is_kept_face_up():
    state = new_game(2, {2: ["grey-5", "brown-1", "cream-3"]}, max_on=7)
    events = turn(state, 2)
    assert move_event(events)["card"] == "grey-5" and move_event(events)["outcome"] == "kept"
    assert state.view(1)["families"][0] == ["grey-5"]
    assert state.view(None)["piles"][2]["cards"] == 2


def test_a_value_you_have_is_slid_under_the_same_pile():
    state = new_game(2, {2: ["grey-5", "brown-1", "cream-3"]}, max_on=7)
    give(state, 0, ["black-5"])
    events = turn(state, 2)
    assert move_event(events)["outcome"] == "slid"
    assert state.family(0) == ["black-5"]
    assert state.piles[2] == ["brown-1", "cream-3", "grey-5"]  # under the pile, not on top


def test_colours_do_not_matter_for_the_family():
    state = new_game(2, {1: ["cream-1"] + ["brown-2", "brown-3"]}, max_on=7)
    give(state, 0, ["brown-1"])
    turn(state, 1)
    assert state.family(0) == ["brown-1"]  # a second 1 of another colour is still a duplicate


def test_an_empty_pile_gives_no_card():
    state = new_game(2, max_on=7)
    state.piles[3] = []
    events = turn(state, 3)
    assert move_event(events)["outcome"] == "empty" and move_event(events)["card"] is None
    assert state.family(0) == [] and state.turn == 1


# -- rolling again on a 6 -----------------------------------------------------------------------


def test_a_six_rolls_again_after_keeping():
    state = new_game(2, max_on=7)
    events = turn(state, 6)
    assert move_event(events)["outcome"] == "kept"
    assert state.turn == 0 and events[-1] == {"type": "turn", "seat": 0, "again": True}


def test_a_six_rolls_again_after_sliding_under():
    state = new_game(2, {6: ["grey-2", "grey-3", "grey-4"]}, max_on=7)
    give(state, 0, ["brown-2"])
    turn(state, 6)
    assert state.turn == 0


def test_no_roll_again_after_stopping_by_an_empty_pile():
    state = new_game(2, max_on=7)
    state.piles[6] = []
    events = turn(state, 6)
    assert move_event(events)["outcome"] == "empty"
    assert state.turn == 1 and events[-1]["again"] is False


def test_a_six_that_draws_max_rolls_again_once_max_is_placed():
    state = new_game(2, max_on=2)
    give(state, 1, ["grey-4"])
    turn(state, 6, "ccw")
    assert state.phase == "max_take"
    state.apply(MaxTake(0, 1, "grey-4"))
    state.apply(MaxPlace(0, 5))
    assert state.turn == 0 and state.phase == "roll"


# -- Max Mümmelmann ------------------------------------------------------------------------------


def max_drawn(players: int = 3) -> WhiteRabbitState:
    """Seat 0 has just drawn Max from pile 2; seat 1 holds grey-4 and brown-1, seat 2 cream-5."""
    state = new_game(players, max_on=2)
    give(state, 0, ["black-1"])
    give(state, 1, ["grey-4", "brown-1"])
    if players > 2:
        give(state, 2, ["cream-5"])
    events = turn(state, 2)
    assert move_event(events)["outcome"] == "max" and move_event(events)["card"] == "max"
    return state


def test_drawing_max_lets_you_take_a_value_you_lack_from_another_seat():
    state = max_drawn()
    view = state.view(0)
    assert view["phase"] == "max_take" and view["max_pile"] is None and view["max_with"] == 0
    assert sorted((c["from"], c["card"]) for c in view["max_choices"]) == [(1, "grey-4"), (2, "cream-5")]
    assert view["actions"]["max_take"] is None and view["actions"]["move"] is not None
    state.apply(MaxTake(0, 2, "cream-5"))
    assert state.family(0) == ["black-1", "cream-5"] and state.family(2) == []


def test_max_may_not_take_a_value_you_already_have():
    state = max_drawn()
    with pytest.raises(CannotTake, match="already have a 1"):
        state.apply(MaxTake(0, 1, "brown-1"))


def test_max_takes_only_a_card_that_seat_holds_face_up():
    state = max_drawn()
    with pytest.raises(CannotTake, match="does not have"):
        state.apply(MaxTake(0, 1, "cream-5"))
    with pytest.raises(CannotTake, match="does not have"):
        state.apply(MaxTake(0, 1, "grey-6"))  # lying in a pile


def test_max_does_not_take_from_yourself_or_a_missing_seat():
    state = max_drawn()
    with pytest.raises(CannotTake, match="another player"):
        state.apply(MaxTake(0, 0, "black-1"))
    with pytest.raises(CannotTake, match="There is no Seat"):
        state.apply(MaxTake(0, 3, "grey-4"))


def test_taking_nothing_is_allowed_even_when_a_take_is_possible():
    state = max_drawn()
    state.apply(MaxTake(0, None, None))
    assert state.phase == "max_place" and state.family(1) == ["brown-1", "grey-4"]


def test_nobody_holding_a_value_you_lack_means_empty_handed():
    state = new_game(2, max_on=2)
    give(state, 0, ["black-1", "black-4"])
    give(state, 1, ["grey-4", "brown-1"])
    turn(state, 2)
    view = state.view(0)
    assert view["max_choices"] == [] and "nothing" in view["max_note"]
    with pytest.raises(CannotTake):
        state.apply(MaxTake(0, 1, "grey-4"))
    state.apply(MaxTake(0, None, None))


def test_max_must_be_placed_and_goes_on_top_of_any_pile_even_an_empty_one():
    state = max_drawn()
    with pytest.raises(WrongPhase, match="first"):
        state.apply(MaxPlace(0, 4))
    state.apply(MaxTake(0, None, None))
    with pytest.raises(WrongPhase):
        state.apply(MaxTake(0, None, None))
    with pytest.raises(NoSuchPile):
        state.apply(MaxPlace(0, 8))
    state.piles[4] = []
    events = state.apply(MaxPlace(0, 4))
    assert events[0] == {"type": "max_place", "by": 0, "pile": 4}
    assert state.piles[4] == ["max"] and state.view(None)["piles"][4] == {"cards": 1, "max": True}
    assert state.turn == 1
    # The next seat to stop by pile 4 draws Max.
    state.rabbit = 0
    assert move_event(turn(state, 4))["outcome"] == "max"


def test_max_take_and_place_are_only_for_the_drawer():
    state = max_drawn()
    with pytest.raises(NotYourTurn):
        state.apply(MaxTake(1, None, None))
    fresh = new_game(2)
    fresh.apply(Roll(1))
    with pytest.raises(WrongPhase, match="draw Max"):
        fresh.apply(MaxTake(0, None, None))


# -- the end ----------------------------------------------------------------------------------


def test_the_first_complete_family_wins_at_once():
    state = new_game(2, {3: ["grey-6", "brown-1", "cream-3"]}, max_on=7)
    give(state, 0, ["black-1", "black-2", "cream-3", "grey-4", "brown-5"])
    give(state, 1, ["grey-1"])
    events = turn(state, 3)
    assert state.is_over and state.active() == ()
    over = events[-1]
    assert over["type"] == "game_over" and over["winners"] == [0] and over["stopped"] is False
    assert state.outcome().scores == (6, 1) and state.outcome().winners == (0,)
    with pytest.raises(GameIsOver):
        state.apply(Roll(3))


def test_a_family_completed_by_a_six_ends_the_game_without_another_roll():
    state = new_game(2, {6: ["grey-6", "brown-1", "cream-3"]}, max_on=7)
    give(state, 0, ["black-1", "black-2", "cream-3", "grey-4", "brown-5"])
    turn(state, 6)
    assert state.is_over and state.outcome().winners == (0,)


def test_a_family_completed_with_max_still_places_max_first():
    state = max_drawn(2)
    give(state, 0, ["black-2", "black-3", "black-5", "black-6"])
    state.apply(MaxTake(0, 1, "grey-4"))
    assert not state.is_over and state.phase == "max_place"
    events = state.apply(MaxPlace(0, 6))
    assert state.is_over and state.outcome().winners == (0,) and state.piles[6][0] == "max"
    assert [e["type"] for e in events] == ["max_place", "game_over"]


def test_the_game_stops_after_the_500th_roll_with_no_winner():
    state = new_game(2, max_on=7)
    state.rolls = 499
    turn(state, 2)
    assert state.is_over and state.outcome().winners == () and state.view(None)["stopped"] is True
    assert state.outcome().scores == (1, 0)


def test_the_500th_roll_is_played_out_even_a_six_and_max():
    state = new_game(2, max_on=6)
    state.rolls = 499
    turn(state, 6)
    assert state.phase == "max_take"  # Max is resolved before the game stops
    state.apply(MaxTake(0, None, None))
    state.apply(MaxPlace(0, 1))
    assert state.is_over and state.outcome().winners == () and state.rolls == 500


def test_roll_499_does_not_stop_the_game():
    state = new_game(2, max_on=7)
    state.rolls = 498
    turn(state, 2)
    assert not state.is_over and state.turn == 1


def test_oberhase_is_a_seat_with_all_six_of_one_colour():
    state = new_game(2, {3: ["cream-6", "brown-1", "grey-3"]}, max_on=7)
    give(state, 0, [f"cream-{v}" for v in range(1, 6)])
    events = turn(state, 3)
    assert state.view(None)["oberhase"] == ["cream", None]
    assert events[-1]["oberhase"] == ["cream", None]  # the log says so (tests/white_rabbit/test_words.py)


def test_a_mixed_family_is_not_oberhase():
    state = new_game(2, max_on=7)
    give(state, 0, ["cream-1", "cream-2", "cream-3", "cream-4", "cream-5", "grey-6"])
    assert state.oberhase(0) is None


# -- moves as sent by a seat ------------------------------------------------------------------


def test_seats_cannot_send_chance_moves():
    state = new_game()
    for move in ({"type": "roll", "value": 6}, {"type": "deal", "piles": []}):
        with pytest.raises(MalformedMove):
            state.parse_seat_move(0, move)


@pytest.mark.parametrize(
    "wire",
    [
        {"type": "move", "dir": "left"},
        {"type": "move"},
        {"type": "max_take", "from": 1},
        {"type": "max_take", "card": "grey-4", "from": None},
        {"type": "max_place", "pile": "3"},
        {"type": "hop"},
        "move",
    ],
)
def test_malformed_moves_are_refused(wire):
    with pytest.raises(MalformedMove):
        new_game().parse_seat_move(0, wire)


def test_errors_do_not_depend_on_what_lies_in_the_piles():
    """A take naming a card gets the same answer whether that card lies in a pile or not."""
    answers = []
    for piles in ({0: ["grey-6", "brown-1", "cream-3"]}, {0: ["brown-1", "cream-3", "cream-4"]}):
        state = new_game(2, piles, max_on=2)
        give(state, 1, ["grey-4"])
        turn(state, 2)
        move = state.parse_seat_move(0, {"type": "max_take", "from": 1, "card": "grey-6"})
        with pytest.raises(IllegalMove) as error:
            state.apply(move)
        answers.append(str(error.value))
    assert answers[0] == answers[1]


def test_no_options():
    assert GAME.check_options({}) == {}
    with pytest.raises(Exception, match="no options"):
        GAME.check_options({"max_rolls": 100})


def test_the_seat_to_move_sets_off_its_own_roll():
    """A child presses Enter to roll: the roll is chance, but the host waits for that seat."""
    from yule.core.bots import RandomBot
    from yule.core.white_rabbit.bots import GreedyBot

    state = WhiteRabbitState(3)
    assert state.chance_trigger() is None  # the deal is drawn at once
    state.apply(state.chance_move(random.Random(4)))
    assert state.chance_trigger() == (state.turn, "roll")
    view = state.view(state.turn)
    assert view["actions"]["roll"] is None
    for bot in (RandomBot, GreedyBot):
        assert bot(random.Random(0)).choose(view) == {"type": "roll"}
    state.apply(state.chance_move(random.Random(4)))
    assert state.chance_trigger() is None
    assert state.view(state.turn)["actions"]["roll"] == {"kind": "rolled"}
