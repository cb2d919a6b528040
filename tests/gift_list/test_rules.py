"""Gift List rules, one test per rule of the rule text and per gift-list house rule.

Expected values are worked out by hand from the rules (a fixed deal, see conftest), not read
from the engine.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from game_support import strings_in

from yule.core.base import GameIsOver, MalformedMove, NotYourTurn
from yule.core.gift_list import GAME, Bring, Deal, GiftListState, Open, Steal, best_cards, score
from yule.core.gift_list.cards import DECK, GIFT_LISTS, PEOPLE
from yule.core.gift_list.state import (
    AlreadyBrought,
    BadChance,
    LockedGift,
    NothingToSteal,
    NotInAttic,
    NotWrapped,
    OwnGift,
    WrongPhase,
)

from .conftest import LISTS, bring_all, dealt, fixed_deal

# -- cards and deal (house rules 1-3) -----------------------------------------------------------


def test_fifty_cards_five_colours_one_to_ten():
    colours = ("red", "orange", "yellow", "blue", "green")
    assert sorted(DECK) == sorted(f"{c}-{n}" for c in colours for n in range(1, 11))


def test_ten_gift_lists_each_a_choice_of_three_people():
    people = {"mother-in-law", "crazy-neighbor", "fluffy-the-cat", "random-stranger", "great-uncle-irwin"}
    assert set(PEOPLE) == people
    assert len(GIFT_LISTS) == 10
    assert set(map(frozenset, GIFT_LISTS)) == set(map(frozenset, combinations(sorted(people), 3)))


@pytest.mark.parametrize(("players", "size"), [(3, 8), (4, 8), (5, 7), (6, 6), (7, 5)])
def test_chance_deal_gives_attics_of_the_house_size_and_different_lists(players, size):
    state = GiftListState(players)
    deal = state.chance_move(random.Random(players))
    assert [len(h) for h in deal.hands] == [size] * players
    cards = [c for h in deal.hands for c in h]
    assert len(set(cards)) == len(cards) and set(cards) <= set(DECK)
    assert len({frozenset(p) for p in deal.lists}) == players
    state.apply(deal)
    assert state.parties == size and state.party == 1


def test_player_count_outside_three_to_seven_is_refused():
    with pytest.raises(Exception, match="3 to 7"):
        GAME.start(2)
    with pytest.raises(Exception, match="3 to 7"):
        GAME.start(8)


def test_no_options():
    assert GAME.check_options({}) == {}
    with pytest.raises(Exception, match="no options"):
        GAME.check_options({"steal_limit": 3})


@pytest.mark.parametrize(
    "change",
    [
        lambda h, gl: (h[:-1], gl),  # a seat missing
        lambda h, gl: ((h[0][:-1],) + h[1:], gl),  # a short attic
        lambda h, gl: ((h[0][:-1] + (h[1][0],),) + h[1:], gl),  # a card twice
        lambda h, gl: ((h[0][:-1] + ("purple-3",),) + h[1:], gl),  # not a card
        lambda h, gl: ((h[0][:-1] + ("red-11",),) + h[1:], gl),  # 1-10 only
        lambda h, gl: (h, (gl[0], gl[0], gl[2])),  # the same list card twice
        lambda h, gl: (h, (gl[0][:2], gl[1], gl[2])),  # two people
        lambda h, gl: (h, (("mother-in-law",) * 3, gl[1], gl[2])),  # the same person thrice
        lambda h, gl: (h, (("mother-in-law", "santa", "fluffy-the-cat"), gl[1], gl[2])),
    ],
)
def test_impossible_deals_are_refused(change):
    deal = fixed_deal(3)
    hands, lists = change(deal.hands, deal.lists)
    with pytest.raises(BadChance):
        GiftListState(3).apply(Deal(hands, lists))


def test_a_list_in_any_order_is_the_same_list_card():
    deal = fixed_deal(3)
    lists = (tuple(reversed(deal.lists[0])),) + deal.lists[1:]
    state = GiftListState(3)
    state.apply(Deal(deal.hands, lists))
    assert sorted(state.view(0)["list"]) == sorted(deal.lists[0])


def test_nothing_but_the_deal_before_the_deal():
    state = GiftListState(3)
    with pytest.raises(NotYourTurn):
        state.apply(Bring(0, "red-1"))
    with pytest.raises(MalformedMove):
        state.parse_seat_move(0, fixed_deal(3).to_record())


# -- bringing (rule text; house rule 4) ---------------------------------------------------------


def test_every_seat_brings_at_the_same_time(three):
    assert three.active() == (0, 1, 2)
    three.apply(Bring(1, "orange-1"))
    assert three.active() == (0, 2)
    three.apply(Bring(2, "yellow-4"))
    three.apply(Bring(0, "red-5"))
    assert three.active() == (0,)  # party 1: seat 0 opens first
    assert [len(a) for a in three.attic] == [7, 7, 7]


def test_bring_needs_a_card_of_your_own_attic_and_says_the_same_wherever_it_is(three):
    reasons = set()
    # Another seat's attic, the undealt rest, seat 0's attic, no card at all.
    for card in ("red-9", "green-10", "red-1", "nonsense"):
        with pytest.raises(NotInAttic) as error:
            three.apply(three.parse_seat_move(2, {"type": "bring", "card": card}))
        reasons.add(str(error.value))
    assert reasons == {"That card is not in your attic."}


def test_one_gift_per_seat_per_party(three):
    three.apply(Bring(0, "red-1"))
    with pytest.raises(AlreadyBrought):
        three.apply(Bring(0, "red-2"))


def test_no_open_or_steal_while_bringing(three):
    three.apply(Bring(1, "orange-1"))
    for move in (Open(0, 1), Steal(0, 1)):
        with pytest.raises(WrongPhase, match="Wait until everyone"):
            three.apply(move)


def test_the_table_learns_who_brought_never_what(three):
    events = three.apply(Bring(1, "orange-1"))
    assert events == [{"type": "bring", "by": 1, "party": 1}]
    for seat in (0, 2, None):
        view = three.view(seat)
        assert view["brought"] == [False, True, False]
        assert "orange-1" not in strings_in(view)
    assert three.view(1)["my_gift"] == "orange-1"
    assert "orange-1" not in three.view(1)["attic"]


def test_no_bring_once_everyone_has_brought(three):
    bring_all(three)
    with pytest.raises(WrongPhase):
        three.apply(Bring(0, "red-2"))


# -- opening and stealing (house rule 4) --------------------------------------------------------


def test_first_seat_may_not_open_its_own_gift(three):
    bring_all(three)
    with pytest.raises(OwnGift):
        three.apply(Open(0, 0))
    with pytest.raises(NotYourTurn):
        three.apply(Open(1, 2))
    events = three.apply(Open(0, 2))
    assert events == [{"type": "open", "by": 0, "from": 2, "card": "orange-7"}, {"type": "turn", "seat": 1}]
    assert three.holding == ["orange-7", None, None]


def test_own_gift_may_be_opened_when_nothing_else_is_wrapped(three):
    bring_all(three)  # red-1, red-9, orange-7
    three.apply(Open(0, 1))  # seat 0 holds red-9; seat 1 to move
    three.apply(Open(1, 0))  # seat 1 holds red-1; only seat 2's own gift is wrapped
    assert three.view(2)["open_from"] == [2]
    three.apply(Open(2, 2))
    assert three.received == [["red-9"], ["red-1"], ["orange-7"]]


def test_an_open_gift_cannot_be_opened_again(three):
    bring_all(three)
    three.apply(Open(0, 1))
    with pytest.raises(NotWrapped, match="already open"):
        three.apply(Open(1, 1))


def test_the_seat_stolen_from_moves_next_and_the_stolen_gift_is_locked():
    state = dealt(4)  # seat s brings its first card: red-1, red-9, orange-7, yellow-5
    bring_all(state)
    state.apply(Open(0, 1))  # 0: red-9
    state.apply(Steal(1, 0))  # 1 takes red-9; 0 moves
    assert state.active() == (0,)
    assert state.holding == [None, "red-9", None, None] and state.view(None)["locked"] == [False, True, False, False]
    with pytest.raises(LockedGift):
        state.apply(Steal(0, 1))
    assert state.view(0)["actions"]["steal"] == {"kind": "all_locked"}
    state.apply(Open(0, 3))  # 0: yellow-5; locks end
    assert state.view(None)["locked"] == [False, False, False, False]
    # The turn was seat 1's: next is the first seat after seat 1 that holds nothing.
    assert state.active() == (2,)
    state.apply(Steal(2, 1))  # red-9 may be stolen again now
    assert state.holding == ["yellow-5", None, "red-9", None]


def test_steal_chain_moves_to_each_victim_in_turn():
    state = dealt(4)
    bring_all(state)
    state.apply(Open(0, 1))  # 0: red-9
    state.apply(Open(1, 2))  # 1: orange-7 ; turn goes to seat 2
    state.apply(Steal(2, 0))  # 2: red-9 (locked); 0 moves
    state.apply(Steal(0, 1))  # 0: orange-7 (locked); 1 moves
    assert state.active() == (1,)
    assert state.view(1)["steal_from"] == []
    state.apply(Open(1, 3))  # 1: yellow-5 ; the turn was seat 2's -> seat 3
    assert state.active() == (3,)
    assert state.view(3)["open_from"] == [0]
    assert state.view(3)["steal_from"] == [0, 1, 2]


def test_no_steal_from_a_seat_without_an_open_gift(three):
    bring_all(three)
    assert three.view(0)["actions"]["steal"] == {"kind": "nothing_open"}
    with pytest.raises(NothingToSteal, match="There is no open gift to steal"):
        three.apply(Steal(0, 1))
    three.apply(Open(0, 1))  # seat 0 holds a gift; seat 1 moves
    with pytest.raises(NothingToSteal, match="Seat 3 holds no open gift"):
        three.apply(Steal(1, 2))
    with pytest.raises(NothingToSteal, match="no Seat 10"):
        three.apply(Steal(1, 9))


def test_party_ends_when_the_last_wrapped_gift_is_opened_and_everyone_keeps_theirs(three):
    bring_all(three)
    three.apply(Open(0, 1))  # 0: red-9
    three.apply(Steal(1, 0))  # 1: red-9, 0 moves
    three.apply(Open(0, 2))  # 0: orange-7 ; next after seat 1 with nothing: seat 2
    assert three.active() == (2,)
    events = three.apply(Open(2, 0))  # 2: red-1 (not its own: seat 0's gift)
    assert {"type": "party_end", "party": 1, "kept": ["orange-7", "red-9", "red-1"]} in events
    assert three.received == [["orange-7"], ["red-9"], ["red-1"]]
    assert three.party == 2 and three.active() == (0, 1, 2)
    assert three.view(None)["holding"] == [None, None, None]


def play_party_quickly(state):
    """Everyone brings its first attic card; each seat to move opens the first gift it may."""
    bring_all(state)
    while state.phase == "play":
        seat = state.turn
        state.apply(Open(seat, state.open_sources()[0]))


def test_the_first_seat_moves_one_to_the_left_each_party(three):
    firsts = []
    for _ in range(8):
        bring_all(three)
        firsts.append(three.turn)
        while three.phase == "play":
            three.apply(Open(three.turn, three.open_sources()[0]))
    assert firsts == [0, 1, 2, 0, 1, 2, 0, 1]
    assert three.is_over


def test_one_party_per_attic_card_then_the_game_ends():
    state = dealt(7)
    for _ in range(5):
        assert not state.is_over
        play_party_quickly(state)
    assert state.is_over and state.active() == ()
    assert all(len(r) == 5 for r in state.received) and all(a == [] for a in state.attic)
    with pytest.raises(GameIsOver):
        state.apply(Bring(0, "red-1"))


# -- scoring (house rule 6) ---------------------------------------------------------------------


def test_score_is_the_best_card_per_listed_person():
    lists = [LISTS[0], LISTS[1], LISTS[2]]
    # LISTS[0] = mother-in-law (red), crazy-neighbor (orange), fluffy-the-cat (yellow)
    received = [
        ["red-2", "red-8", "orange-3", "blue-10"],  # 8 + 3 + 0, blue not on the list
        ["green-10", "blue-9", "orange-1"],  # LISTS[1]: orange 1 + blue 9 + green 10 = 20
        ["red-10", "blue-1", "green-9", "yellow-10"],  # LISTS[2]: red 10 + blue 1 + green 9 = 20
    ]
    out = score(received, lists)
    assert out.scores == (11, 20, 20)
    assert out.winners == (1, 2)  # a tie shares the win
    assert out.to_record()["received"] == received
    assert best_cards(received[0], LISTS[0]) == ["red-8", "orange-3", None]


def test_view_shows_own_running_best_and_score(three):
    bring_all(three)
    three.apply(Open(0, 2))  # seat 0: orange-7 ; seat 0's list wants orange
    three.apply(Open(1, 0))
    three.apply(Open(2, 1))
    view = three.view(0)
    assert view["best"] == {"mother-in-law": None, "crazy-neighbor": "orange-7", "fluffy-the-cat": None}
    assert view["score"] == 7


# -- hidden information -------------------------------------------------------------------------


def test_attics_and_lists_are_only_in_their_own_seat_view(three):
    spectator = three.view(None)
    assert "attic" not in spectator and "list" not in spectator
    for seat in range(3):
        seen = strings_in(three.view(seat))
        for other in range(3):
            if other != seat:
                assert not seen & set(three.attic[other])
                assert not seen & (set(LISTS[other]) - set(LISTS[seat]))
        assert three.view(seat)["list"] == list(LISTS[seat])


def test_all_lists_revealed_at_the_end():
    state = dealt(3)
    for _ in range(8):
        play_party_quickly(state)
    view = state.view(None)
    assert view["lists"] == [list(p) for p in LISTS[:3]]
    assert [sum(int(c.split("-")[1]) for c in b.values() if c) for b in view["breakdown"]] == view["result"]["scores"]


def test_wrapped_gifts_named_by_bringer_in_wire_moves(three):
    bring_all(three)
    assert three.parse_seat_move(0, {"type": "open", "from": 2}) == Open(0, 2)
    with pytest.raises(MalformedMove):
        three.parse_seat_move(0, {"type": "open", "card": "orange-7"})
    with pytest.raises(MalformedMove):
        three.parse_seat_move(0, {"type": "open", "from": "2"})
    with pytest.raises(MalformedMove):
        three.parse_seat_move(0, {"type": "dance"})


# -- bots and log lines -------------------------------------------------------------------------


def test_greedy_bot_brings_what_it_does_not_need(three):
    bot = GAME.bots["greedy"](random.Random(0))
    # Seat 2 (LISTS[2]: red, blue, green) holds orange-7..orange-10 and yellow-1..yellow-4.
    move = bot.choose(three.view(2))
    assert move["type"] == "bring" and move["card"] in {f"orange-{n}" for n in range(7, 11)} | {
        f"yellow-{n}" for n in range(1, 5)
    }
    # Seat 0 (red, orange, yellow) holds only red cards: it gives up the lowest.
    assert bot.choose(three.view(0)) == {"type": "bring", "card": "red-1"}


def test_greedy_bot_steals_what_its_list_wants():
    state = dealt(4)
    bring_all(state)  # red-1, red-9, orange-7, yellow-5
    state.apply(Open(0, 1))  # seat 0: red-9
    bot = GAME.bots["greedy"](random.Random(0))
    # Seat 1 (LISTS[1]: orange, blue, green) has no use for red-9: it opens.
    assert bot.choose(state.view(1))["type"] == "open"
    state.apply(Open(1, 2))  # seat 1: orange-7
    # Seat 2 (LISTS[2]: red, blue, green) wants red-9 more than orange-7.
    assert bot.choose(state.view(2)) == {"type": "steal", "from": 0}


def test_random_bot_only_makes_legal_moves():
    state = dealt(5)
    bot = GAME.bots["random"](random.Random(3))
    while not state.is_over:
        seat = state.active()[0]
        state.apply(state.parse_seat_move(seat, bot.choose(state.view(seat))))
    assert state.outcome() is not None
