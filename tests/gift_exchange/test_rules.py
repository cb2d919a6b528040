"""Gift Exchange rules, one test per rule and house rule (bringing, order, open, steal chains,
frozen gifts, no steal back, steal cap, open_own, the final swap, the end)."""

from __future__ import annotations

import random

import pytest

from yule.core import CHANCE, BadOptions, GameIsOver, MalformedMove, NotYourTurn
from yule.core.gift_exchange import GAME, Bring, GiftExchangeState, Keep, Open, Order, Steal
from yule.core.gift_exchange.state import (
    AlreadyBrought,
    AlreadyOpen,
    AlreadyYours,
    BadChance,
    BadText,
    Frozen,
    NoStealBack,
    NoSuchGift,
    OwnGift,
    StealCap,
    Wrapped,
    WrongPhase,
)

from .conftest import table

# -- options ---------------------------------------------------------------------------------


def test_defaults_are_written_out_in_full():
    assert GAME.check_options({}) == {
        "steal_limit": 3,
        "no_steal_back": True,
        "max_steals_per_turn": None,
        "final_swap": True,
        "open_own": True,
        "steal_back_scope": "turn",
    }


@pytest.mark.parametrize(
    "options",
    [
        {"steal_limit": 0},
        {"steal_limit": -2},
        {"steal_limit": 2.5},
        {"steal_limit": True},
        {"steal_limit": "3"},
        {"max_steals_per_turn": 0},
        {"no_steal_back": 1},
        {"final_swap": None},
        {"open_own": "yes"},
        {"steal_back_scope": "game"},
        {"steal_back_scope": None},
        {"steal_back_scope": ["last"]},
        {"steal_limt": 3},
    ],
)
def test_bad_options_are_refused(options):
    with pytest.raises(BadOptions):
        GAME.check_options(options)


def test_limits_may_be_null():
    opts = GAME.check_options({"steal_limit": None, "max_steals_per_turn": 1})
    assert opts["steal_limit"] is None and opts["max_steals_per_turn"] == 1


@pytest.mark.parametrize("players", [1, 41])
def test_seat_range_is_2_to_40(players):
    with pytest.raises(BadOptions, match="2 to 40"):
        GAME.start(players)


# -- bringing and the order --------------------------------------------------------------------


def test_every_seat_that_has_not_brought_is_active():
    state = GiftExchangeState(4)
    assert state.active() == (0, 1, 2, 3)
    state.apply(Bring(2, "Mug", "box"))
    assert state.active() == (0, 1, 3)
    with pytest.raises(AlreadyBrought):
        state.apply(Bring(2, "Another mug", "box"))


def test_the_order_is_drawn_by_chance_after_every_gift_is_brought():
    state = GiftExchangeState(3)
    with pytest.raises(WrongPhase):
        state.apply(Order((0, 1, 2)))
    for seat in range(3):
        state.apply(Bring(seat, f"G{seat}", "box"))
    assert state.active() == (CHANCE,)
    with pytest.raises(BadChance):
        state.apply(Order((0, 0, 1)))
    with pytest.raises(BadChance):
        state.apply(Order((0, 1)))
    order = state.chance_move(random.Random(5))
    assert sorted(order.seats) == [0, 1, 2]
    state.apply(order)
    assert state.active() == (order.seats[0],)
    assert state.phase == "playing"
    with pytest.raises(WrongPhase):
        state.apply(Order((0, 1, 2)))


def test_no_opening_before_the_order_is_drawn():
    state = GiftExchangeState(2)
    state.apply(Bring(0, "Mug", "box"))
    with pytest.raises(NotYourTurn, match="every gift"):
        state.apply(Open(0, 0))


def test_turns_follow_the_drawn_order():
    state = table(4, order=[2, 0, 3, 1])
    assert state.active() == (2,)
    state.apply(Open(2, 0))
    assert state.active() == (0,)
    state.apply(Open(0, 1))
    assert state.active() == (3,)
    with pytest.raises(NotYourTurn):
        state.apply(Open(1, 2))


def test_wrong_seat_and_bad_gift_numbers():
    state = table(3)
    with pytest.raises(NotYourTurn):
        state.apply(Open(7, 0))
    with pytest.raises(NoSuchGift):
        state.apply(Open(0, 3))
    with pytest.raises(NoSuchGift):
        state.apply(Steal(0, -1))


# -- labels and wrappings ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "label, wrapping, message",
    [
        ("x" * 61, "box", "at most 60"),
        ("Mug", "y" * 41, "at most 40"),
        ("Mug\nthing", "box", "control characters"),
        ("Mug\x1b[2J", "box", "control characters"),
        ("Mug", "red\tbox", "control characters"),
        ("\u202eguM", "box", "control characters"),
        (" Mug", "box", "spaces"),
    ],
)
def test_bad_text_is_refused_with_a_reason(label, wrapping, message):
    state = GiftExchangeState(2)
    with pytest.raises(BadText, match=message):
        state.apply(Bring(0, label, wrapping))


def test_limits_are_inclusive_and_text_is_stripped_when_parsed():
    state = GiftExchangeState(2)
    move = state.parse_seat_move(0, {"type": "bring", "label": "  " + "x" * 60 + " ", "wrapping": " " + "y" * 40})
    assert move.label == "x" * 60 and move.wrapping == "y" * 40
    state.apply(move)


def test_text_fields_must_be_text():
    state = GiftExchangeState(2)
    with pytest.raises(MalformedMove):
        state.parse_seat_move(0, {"type": "bring", "label": 3, "wrapping": "box"})
    with pytest.raises(MalformedMove):
        state.parse_seat_move(0, {"type": "bring", "label": "Mug"})


def test_a_blank_gift_is_named_at_the_reveal():
    state = table(3, labels=["", "Mug", "Hat"])
    with pytest.raises(BadText, match="name it"):
        state.apply(Open(0, 0))
    with pytest.raises(BadText, match="name it"):
        state.apply(state.parse_seat_move(0, {"type": "open", "gift": 0, "label": "   "}))
    with pytest.raises(BadText, match="control"):
        state.apply(Open(0, 0, "Bad\x07name"))
    events = state.apply(state.parse_seat_move(0, {"type": "open", "gift": 0, "label": " Yo-yo "}))
    assert events[0] == {"type": "open", "by": 0, "gift": 0, "label": "Yo-yo"}
    assert state.view(2)["gifts"][0]["label"] == "Yo-yo"


def test_a_labelled_gift_is_not_renamed_at_the_reveal():
    state = table(3)
    with pytest.raises(BadText, match="already has a label"):
        state.apply(Open(0, 1, "Something else"))
    state.apply(Open(0, 1))
    assert state.labels[1] == "Gift 1"


# -- opening and stealing ------------------------------------------------------------------------


def test_open_ends_the_turn_and_clears_the_steal_history(five):
    five.apply(Open(0, 0))
    five.apply(Steal(1, 0))
    assert five.view(None)["chain"] == [{"by": 1, "gift": 0, "from": 0}]
    five.apply(Open(0, 1))
    view = five.view(None)
    assert view["chain"] == [] and view["steals_this_turn"] == 0 and view["turn"] == 2
    assert five.active() == (2,)


def test_an_open_gift_cannot_be_opened_and_a_wrapped_one_cannot_be_stolen(five):
    five.apply(Open(0, 3))
    with pytest.raises(AlreadyOpen):
        five.apply(Open(1, 3))
    with pytest.raises(Wrapped, match="wrapped"):
        five.apply(Steal(1, 4))
    with pytest.raises(WrongPhase, match="final swap"):
        five.apply(Keep(1))


def test_a_steal_moves_the_gift_and_the_loser_moves_next(five):
    five.apply(Open(0, 0))
    five.apply(Open(1, 1))
    events = five.apply(Steal(2, 0))
    assert events[0] == {"type": "steal", "by": 2, "gift": 0, "label": "Gift 0", "from": 0, "steals": 1, "final": False}
    assert five.active() == (0,)
    assert five.holder[0] == 2 and five.held[0] == -1
    five.apply(Steal(0, 1))  # chains on: 0 takes from 1
    assert five.active() == (1,)
    five.apply(Open(1, 2))
    assert five.active() == (3,)  # back to the turn order


def test_a_frozen_gift_is_never_taken():
    state = table(4, steal_limit=2, no_steal_back=False)
    state.apply(Open(0, 0))
    state.apply(Steal(1, 0))
    events = state.apply(Steal(0, 0))
    assert [e["type"] for e in events] == ["steal", "frozen"]
    with pytest.raises(Frozen, match="frozen"):
        state.apply(Steal(1, 0))
    assert state.view(None)["gifts"][0]["frozen"]


def test_no_limit_means_never_frozen():
    state = table(3, steal_limit=None, no_steal_back=False)
    state.apply(Open(0, 0))
    for _ in range(10):
        state.apply(Steal(state.current, 0))
    assert state.steals[0] == 10 and not state.view(None)["gifts"][0]["frozen"]


def test_no_steal_back_is_same_gift_same_victim_same_turn():
    five = table(5, steal_limit=None)
    five.apply(Open(0, 0))
    five.apply(Open(1, 1))
    five.apply(Steal(2, 0))  # 0 loses gift 0
    with pytest.raises(NoStealBack, match="straight back"):
        five.apply(Steal(0, 0))
    five.apply(Steal(0, 1))  # a different gift is fine; 1 loses gift 1
    five.apply(Steal(1, 0))  # someone else may take gift 0 later in the chain
    assert five.active() == (2,)
    with pytest.raises(NoStealBack):
        five.apply(Steal(2, 0))  # 2 lost gift 0 this turn too
    five.apply(Open(2, 2))
    five.apply(Steal(3, 0))  # next turn: 1 lost gift 0 to 3 ...
    five.apply(Open(1, 3))
    five.apply(Steal(4, 0))  # ... and in a later turn anyone may take it again


def the_sequence_where_the_scopes_differ(scope: str):
    """Four players A, B, C, D (seats 0-3, in that order): A and B open X and Y; C takes X
    from A; A takes Y from B; B takes X from C; C takes Y from A.  A is to move."""
    state = table(4, steal_limit=None, steal_back_scope=scope)
    a, b, c = 0, 1, 2
    x, y = 0, 1
    state.apply(Open(a, x))
    state.apply(Open(b, y))
    state.apply(Steal(c, x))
    state.apply(Steal(a, y))
    state.apply(Steal(b, x))
    state.apply(Steal(c, y))
    assert state.active() == (a,)
    return state


def test_steal_back_scope_last_bars_only_the_most_recent_loss():
    state = the_sequence_where_the_scopes_differ("last")
    with pytest.raises(NoStealBack, match="last gift taken from you"):
        state.verify(Steal(0, 1))  # Y was taken from A most recently
    assert 0 in state.view(0)["actions"]["steal"]
    state.apply(Steal(0, 0))  # X, lost earlier this turn, may be taken back
    assert state.holder[0] == 0 and state.active() == (1,)


def test_steal_back_scope_turn_bars_every_loss_of_the_turn():
    state = the_sequence_where_the_scopes_differ("turn")
    with pytest.raises(NoStealBack, match="same turn"):
        state.apply(Steal(0, 0))
    codes = {r["gift"]: r["code"] for r in state.view(0)["actions"]["refusals"]}
    assert codes == {0: "no_steal_back", 1: "no_steal_back"}


def test_steal_back_scope_last_forgets_the_loss_once_the_turn_is_over():
    state = table(2, order=(1, 0), steal_limit=None, steal_back_scope="last")
    state.apply(Open(1, 0))
    state.apply(Steal(0, 0))  # 1 loses gift 0 ...
    with pytest.raises(NoStealBack):
        state.verify(Steal(1, 0))
    state.apply(Open(1, 1))  # ... then opens the last gift: the final swap is a new start
    assert state.phase == "final" and state.active() == (1,)
    state.apply(Steal(1, 0))
    assert state.holder[0] == 1 and state.is_over


def test_a_record_without_steal_back_scope_reads_as_turn():
    assert GAME.check_options({"steal_limit": 2})["steal_back_scope"] == "turn"


def test_steal_back_allowed_when_the_option_is_off():
    state = table(3, no_steal_back=False)
    state.apply(Open(0, 0))
    state.apply(Steal(1, 0))
    state.apply(Steal(0, 0))
    assert state.holder[0] == 0 and state.active() == (1,)


def test_max_steals_per_turn():
    state = table(4, max_steals_per_turn=2)
    state.apply(Open(0, 0))
    state.apply(Open(1, 1))
    state.apply(Steal(2, 0))
    state.apply(Steal(0, 1))
    with pytest.raises(StealCap, match="open a gift"):
        state.apply(Steal(1, 0))
    hints = state.view(1)["actions"]
    assert hints["steal"] == []
    assert {r["gift"]: r["code"] for r in hints["refusals"]} == {0: "steal_cap", 1: "no_steal_back"}
    state.apply(Open(1, 2))
    state.apply(Steal(3, 0))  # a new turn, a new count


def test_the_refusals_come_in_the_house_rule_order():
    """A gift that is frozen and also lost this turn is refused as frozen first."""
    state = table(3, steal_limit=1, max_steals_per_turn=1)
    state.apply(Open(0, 0))
    state.apply(Steal(1, 0))
    with pytest.raises(Frozen):
        state.verify(Steal(0, 0))


def test_open_own_off_forbids_opening_your_gift_unless_it_is_the_last_wrapped_one():
    state = table(3, open_own=False)
    with pytest.raises(OwnGift, match="brought"):
        state.apply(Open(0, 0))
    hints = state.view(0)["actions"]
    assert hints["open"] == [1, 2] and hints["refusals"][0]["code"] == "own_gift"
    state.apply(Open(0, 1))
    state.apply(Open(1, 0))
    state.apply(Open(2, 2))  # the only wrapped gift left: allowed
    assert state.phase in ("final", "over")


def test_open_own_on_allows_it(five):
    five.apply(Open(0, 0))
    assert five.holder[0] == 0


# -- the final swap and the end ---------------------------------------------------------------------


def test_final_swap_counts_as_a_steal_and_gives_the_first_players_gift_away():
    state = table(3, order=[1, 0, 2])
    state.apply(Open(1, 0))
    state.apply(Open(0, 1))
    events = state.apply(Open(2, 2))
    assert events[-1] == {"type": "final_swap", "seat": 1, "offered": True}
    assert state.phase == "final" and state.active() == (1,)
    with pytest.raises(WrongPhase):
        state.apply(Open(1, 0))
    with pytest.raises(AlreadyYours):
        state.apply(Steal(1, 0))
    with pytest.raises(NotYourTurn):
        state.apply(Keep(2))
    events = state.apply(Steal(1, 2))
    assert events[0]["final"] and events[0]["gave"] == 0 and events[0]["from"] == 2
    assert state.is_over and state.active() == ()
    assert state.outcome().to_record() == {
        "scores": [0, 0, 0],
        "winners": [],
        "holdings": [1, 2, 0],
        "steals": [0, 0, 1],
    }
    with pytest.raises(GameIsOver):
        state.apply(Keep(1))


def test_keep_ends_the_game_with_nothing_moved():
    state = table(2)
    state.apply(Open(0, 1))
    state.apply(Open(1, 0))
    state.apply(Keep(0))
    assert state.outcome().extra == {"holdings": [1, 0], "steals": [0, 0]}


def test_no_final_swap_when_everything_the_first_player_could_take_is_frozen():
    state = table(3, steal_limit=1)
    state.apply(Open(0, 0))
    state.apply(Open(1, 1))
    state.apply(Steal(2, 1))  # gift 1 frozen, 1 moves
    state.apply(Steal(1, 0))  # gift 0 frozen, 0 moves
    events = state.apply(Open(0, 2))  # 0 holds 2, the only unfrozen gift
    assert events[-2] == {"type": "final_swap", "seat": 0, "offered": False}
    assert events[-1]["type"] == "game_over" and state.is_over


def test_no_final_swap_when_the_option_is_off():
    state = table(2, final_swap=False)
    state.apply(Open(0, 0))
    events = state.apply(Open(1, 1))
    assert [e["type"] for e in events] == ["open", "game_over"] and state.is_over


def test_first_players_frozen_gift_may_still_be_given_away_in_the_swap():
    """House rule 5 asks only that the gift taken is not frozen."""
    state = table(4, steal_limit=1)
    for seat in range(3):
        state.apply(Open(seat, seat))
    state.apply(Steal(3, 1))  # 1 loses gift 1 (now frozen)
    state.apply(Steal(1, 0))  # 0 loses gift 0 (frozen)
    state.apply(Steal(0, 2))  # 2 loses gift 2 (frozen): 0 holds a frozen gift
    state.apply(Open(2, 3))
    hints = state.view(0)["actions"]
    assert hints["steal"] == [3] and hints["keep"]
    state.apply(Steal(0, 3))
    assert state.outcome().extra == {"holdings": [3, 0, 2, 1], "steals": [1, 1, 1, 1]}


def test_every_move_is_refused_once_the_game_is_over():
    state = table(2, final_swap=False)
    state.apply(Open(0, 0))
    state.apply(Open(1, 1))
    for move in (Open(0, 0), Steal(0, 1), Keep(0), Bring(0, "x", "y"), Order((0, 1))):
        with pytest.raises(GameIsOver):
            state.verify(move)
