"""Setup and dealing: the deck per player count, the deal table, the deal order, Peanuts at start.

Expected values are the rulebook's tables (Components, Setup, Start of a Round) and house
rules 1-3, written out here rather than read from the engine.
"""

from __future__ import annotations

import random

import pytest

from yule.core.base import IllegalMove
from yule.core.white_elephant import Shuffle, Start, Take, WhiteElephantState
from yule.core.white_elephant.cards import deck_for

from .helpers import DEAL_TABLE, handles, new_game, peanut_places, stacked_deck, take_whole_exchange

# Rulebook, Components: each Gift suit and how many cards it has.
RULEBOOK_SUITS = {
    "snow-globe": 11,
    "mug": 10,
    "gift-basket": 10,
    "grill-kit": 10,
    "board-game": 9,
    "football": 9,
    "bird-house": 8,
    "socks": 8,
}

# Rulebook, Setup: suits removed and the deck size for each player count.
REMOVED = {
    3: ({"grill-kit", "bird-house", "socks"}, 49),
    4: ({"snow-globe", "grill-kit"}, 54),
    5: ({"mug", "grill-kit"}, 55),
    6: ({"grill-kit"}, 65),
    7: (set(), 75),
    8: ({"snow-globe"}, 64),
}

PLAYER_COUNTS = sorted(DEAL_TABLE)


def suit(card: str) -> str:
    return card.rpartition("-")[0]


def test_full_set_is_75_cards_numbered_from_0_without_duplicates():
    """Components and house rule 1: every suit counts up from 0, no number twice."""
    seven = deck_for(7)  # nothing removed
    assert len(seven) == 75 == sum(RULEBOOK_SUITS.values())
    assert len(set(seven)) == 75
    expected = {f"{s}-{n}" for s, count in RULEBOOK_SUITS.items() for n in range(count)}
    assert set(seven) == expected


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_deck_removes_the_suits_for_the_player_count(players):
    removed, size = REMOVED[players]
    deck = deck_for(players)
    assert len(deck) == size
    assert {suit(c) for c in deck} == set(RULEBOOK_SUITS) - removed
    # every card of a kept suit is there
    assert all(sum(suit(c) == s for c in deck) == RULEBOOK_SUITS[s] for s in set(RULEBOOK_SUITS) - removed)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_shuffle_of_another_player_counts_deck_is_refused(players):
    other = 7 if players != 7 else 3
    state = WhiteElephantState(players)
    with pytest.raises(IllegalMove, match=f"{players}-player deck"):
        state.apply(Shuffle(tuple(deck_for(other))))


def test_shuffle_with_a_card_twice_or_missing_is_refused():
    deck = deck_for(3)
    for bad in (deck[:-1], deck[:-1] + deck[:1], deck + deck[:1]):
        with pytest.raises(IllegalMove, match="each card once"):
            WhiteElephantState(3).apply(Shuffle(tuple(bad)))


def test_start_seat_must_exist():
    state = WhiteElephantState(4)
    state.apply(Shuffle(tuple(deck_for(4))))
    with pytest.raises(IllegalMove, match="There is no Seat 5"):
        state.apply(Start(4))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_chance_draws_this_player_counts_deck_and_any_seat_to_start(players):
    """Setup, and house rule 13: the first Start Player is drawn at random among all seats."""
    state = WhiteElephantState(players)
    shuffle = state.chance_move(random.Random(players))
    assert sorted(shuffle.deck) == sorted(deck_for(players)) and list(shuffle.deck) != deck_for(players)
    state.apply(shuffle)
    assert {state.chance_move(random.Random(seed)).seat for seed in range(200)} == set(range(players))


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_first_round_deals_the_table_faceup_first_then_facedown(players):
    """Deal table and house rule 2: the top cards faceup in deck order, the next ones facedown."""
    up, down = DEAL_TABLE[players]
    deck = stacked_deck(players)
    state = new_game(players)
    exchange = state.view(None)["exchange"]
    assert exchange[:up] == deck[:up]
    assert len(exchange) == up + down
    assert len(handles(state)) == down
    assert state.view(None)["deck"] == len(deck) - up - down


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_surprise_gifts_are_the_cards_after_the_faceup_ones(players):
    """Taking the whole Exchange shelves the dealt cards: the top ``up + down`` of the deck."""
    up, down = DEAL_TABLE[players]
    deck = stacked_deck(players)
    state = new_game(players, start=1)
    state.apply(Take(1, tuple(state.exchange)))
    assert sorted(state.view(1)["shelf"]) == sorted(deck[: up + down])  # faceup were deck[:up]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_round_deals_the_full_table_until_the_deck_is_empty(players):
    """Each new round adds a full deal; the number of rounds is the deck size over the deal size."""
    up, down = DEAL_TABLE[players]
    size = REMOVED[players][1]
    state = new_game(players)
    while not state.is_over:
        assert len(state.exchange) == up + down
        take_whole_exchange(state)
    assert state.view(None)["round"] * (up + down) == size  # every deck is a whole number of deals


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_peanuts_at_start(players):
    """House rule 3: 1 per seat, 1 beside the marker, 1 on each Surprise Gift, the rest in supply."""
    _, down = DEAL_TABLE[players]
    state = new_game(players)
    view = state.view(None)
    assert view["peanuts"] == [1] * players
    assert view["pot"] == 1
    assert sorted(view["on_gifts"]) == sorted(handles(state))
    assert set(view["on_gifts"].values()) == {1}
    assert view["supply"] == 35 - players - 1 - down
    assert peanut_places(state) == 35


def test_short_supply_puts_peanuts_on_the_first_gifts_then_none():
    """House rule 3: with the supply short, the marker's Peanut comes first, then each Surprise Gift
    in deal order while the supply lasts; nothing is placed once it is empty.

    A real game never runs the supply dry (the most it uses is 4 rounds of 8 seats: 8 + 4 x 6 =
    32 of 35), so the supply is emptied by hand: 2 Peanuts left for 3 Peanut places.
    """
    state = WhiteElephantState(3)
    state.apply(Shuffle(tuple(deck_for(3))))
    state.peanuts[0] += state.supply - 2  # conserved: moved from the supply to seat 0
    state.supply = 2
    state.apply(Start(0))
    first, second = handles(state)
    view = state.view(None)
    assert view["supply"] == 0 and view["pot"] == 1
    assert view["on_gifts"] == {first: 1, second: 0}
    assert peanut_places(state) == 35


def test_empty_supply_places_nothing():
    state = WhiteElephantState(4)
    state.apply(Shuffle(tuple(deck_for(4))))
    state.peanuts[1] += state.supply  # conserved
    state.supply = 0
    state.apply(Start(1))
    view = state.view(None)
    assert view["pot"] == 0 and set(view["on_gifts"].values()) == {0}
    assert peanut_places(state) == 35


def test_short_last_deal_is_faceup_first_then_facedown():
    """House rule 2: a deck short of a full deal deals faceup first, then facedown, until empty.

    Every legal deck is a whole number of deals (49 = 7 x 7, 54 = 6 x 9, 55 = 5 x 11,
    65 = 5 x 13, 75 = 5 x 15, 64 = 4 x 16), so a short deal needs a deck cut by hand: here the
    3-player deck loses its last 3 cards, so after six full deals of 7 only 4 are left.
    """
    deck = stacked_deck(3)
    state = new_game(3)
    state.deck = state.deck[:-3]  # 46 cards: six full deals, then 4 left
    for _ in range(6):
        assert not state.view(None)["final_round"]
        take_whole_exchange(state)
    view = state.view(None)
    assert view["final_round"] and view["deck"] == 0
    assert view["exchange"] == deck[42:46]  # all four faceup: the faceup part (5) is not full
    assert handles(state) == []


def test_short_deal_after_a_full_faceup_part_deals_the_rest_facedown():
    """House rule 2: with 6 cards left in a 3-player game, 5 go faceup and 1 facedown."""
    deck = stacked_deck(3)
    state = new_game(3)
    state.deck = state.deck[:-1]  # 48 cards: six full deals, then 6 left
    take_whole_exchange(state, rounds=6)
    view = state.view(None)
    assert view["exchange"][:5] == deck[42:47]
    assert len(handles(state)) == 1 and len(view["exchange"]) == 6
    assert view["final_round"] and view["deck"] == 0
