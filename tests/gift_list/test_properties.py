"""Gift List properties over many whole games (hypothesis): cards are conserved, every party
leaves each seat exactly one gift, and views never hold another seat's attic, list or unopened
gift.  What every game promises (records, hints, copies) is checked in ``tests/test_games.py``."""

from __future__ import annotations

import copy
import json
import random

from game_support import strings_in
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yule.core.gift_list import GiftListState
from yule.core.gift_list.cards import ATTIC_SIZE, DECK, GIFT_LISTS, PEOPLE
from yule.core.records import start_from_record

from .conftest import run_game

CARDS = set(DECK)
PERSONS = set(PEOPLE)

games = st.tuples(
    st.integers(3, 7),
    st.integers(0, 10**6),
    st.lists(st.sampled_from(["random", "greedy"]), min_size=1, max_size=3),
)
fast = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_position(state, record, referee) -> None:
    """Conservation and hidden information in one position."""
    n = state.players
    if record["moves"]:
        places = [c for a in state.attic for c in a]
        places += [state.brought[t] for t in range(n) if state.wrapped >> t & 1]
        places += [c for c in state.holding if c is not None]
        places += [c for r in state.received for c in r]
        assert len(places) == len(set(places)) == n * ATTIC_SIZE[n]
        dealt = {c for h in record["moves"][0]["hands"] for c in h}
        assert set(places) == dealt
    for seat in [*range(n), None]:
        view = state.view(seat)
        json.dumps(view)
        seen = strings_in(view)
        assert seen & CARDS <= referee.allowed_cards(seat)
        if not state.is_over:
            own_list = referee.lists[seat] if seat is not None else set()
            assert seen & PERSONS <= own_list


@fast
@given(games)
def test_conservation_and_hidden_information_in_every_position(game):
    players, seed, kinds = game
    run_game(players, seed, kinds, check=check_position)


@fast
@given(games)
def test_each_party_leaves_every_seat_exactly_one_of_the_gifts_brought_to_it(game):
    players, seed, kinds = game
    record = run_game(players, seed, kinds)
    state = start_from_record(record).state
    brought: list[str] = []
    parties = 0
    for move in record["moves"]:
        if move["type"] == "bring":
            brought.append(move["card"])
        for event in state.apply(state.parse_record_move(move)):
            if event["type"] == "party_end":
                parties += 1
                assert None not in event["kept"]
                assert sorted(event["kept"]) == sorted(brought)
                brought = []
    assert parties == ATTIC_SIZE[players]
    assert all(len(r) == ATTIC_SIZE[players] for r in record["result"]["received"])


@fast
@given(games, st.data())
def test_other_seats_lists_change_no_view_before_the_end(game, data):
    players, seed, kinds = game
    record = run_game(players, seed, kinds)
    seat = data.draw(st.integers(0, players - 1))
    lists = record["moves"][0]["lists"]
    rng = random.Random(seed)
    unused = [list(p) for p in GIFT_LISTS if all(set(p) != set(q) for q in lists)]
    others = [s for s in range(players) if s != seat]
    # One other seat surely gets a list nobody had; the rest swap theirs around.
    new_lists = [lists[s] for s in others[1:]]
    rng.shuffle(new_lists)
    changed = copy.deepcopy(record)
    changed["moves"][0]["lists"][others[0]] = rng.choice(unused)
    for s, people in zip(others[1:], new_lists, strict=True):
        changed["moves"][0]["lists"][s] = people
    a, b = GiftListState(players), GiftListState(players)
    for move, other in zip(record["moves"], changed["moves"], strict=True):
        assert a.view(seat) == b.view(seat)
        a.apply(a.parse_record_move(move))
        b.apply(b.parse_record_move(other))
    assert a.is_over and b.is_over
