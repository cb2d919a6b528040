"""Gift List properties over many whole games (hypothesis): cards are conserved, every party
leaves each seat exactly one gift, the action hints are the rules' own refusals, views never hold another seat's attic, list or unopened
gift, records of seats bringing in any order verify and replay the same, and tampered ones are
refused at the right move."""

from __future__ import annotations

import copy
import json
import random

import pytest
from game_support import assert_hints_are_refusals, strings_in
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yule.core.base import CHANCE
from yule.core.gift_list import Bring, GiftListState, Open, Steal
from yule.core.gift_list.cards import ATTIC_SIZE, DECK, GIFT_LISTS, PEOPLE
from yule.core.records import RecordError, replay, start_from_record, verify_record

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
        places += [state.brought[t] for t in range(n) if state.wrapped[t]]
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


def candidate_moves(state, seat: int) -> dict[str, list]:
    """For each kind of move, moves of that kind among which one is legal when any is."""
    seats = range(state.players)
    return {
        "bring": [Bring(seat, c) for c in state.attic[seat]],
        "open": [Open(seat, t) for t in seats],
        "steal": [Steal(seat, t) for t in seats],
    }


def check_action_hints(state, record, referee) -> None:
    """The hints of each seat that may move are the rules' refusals."""
    for seat in state.active():
        if seat == CHANCE:
            continue
        assert_hints_are_refusals(state, seat, candidate_moves(state, seat))


@fast
@given(games)
def test_action_hints_are_the_rules_refusals(game):
    players, seed, kinds = game
    run_game(players, seed, kinds, check=check_action_hints)


@fast
@given(games)
def test_each_party_leaves_every_seat_exactly_one_of_the_gifts_brought_to_it(game):
    players, seed, kinds = game
    record = run_game(players, seed, kinds)
    _, state = start_from_record(record)
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


@fast
@given(games)
def test_records_verify_and_replay_is_deterministic(game):
    players, seed, kinds = game
    record = run_game(players, seed, kinds)
    verify_record(record)
    assert run_game(players, seed, kinds) == record


def tamper(record: dict, how: str, rng: random.Random) -> int | None:
    """Break one move of ``record`` in place; return its 1-based number (None: the result)."""
    moves = record["moves"]
    players = len(record["players"])
    if how == "result":
        record["result"]["scores"][0] += 1
        return None
    if how == "steal-self":
        picks = [i for i, m in enumerate(moves) if m["type"] == "steal"]
        if not picks:
            how = "open-wrong-seat"
        else:
            i = rng.choice(picks)
            moves[i]["from"] = moves[i]["by"]
            return i + 1
    if how == "open-wrong-seat":
        i = rng.choice([i for i, m in enumerate(moves) if m["type"] == "open"])
        moves[i]["by"] = (moves[i]["by"] + rng.randrange(1, players)) % players
        return i + 1
    if how == "bring-foreign-card":
        i = rng.choice([i for i, m in enumerate(moves) if m["type"] == "bring"])
        seat = moves[i]["by"]
        other = (seat + 1) % players
        moves[i]["card"] = rng.choice(moves[0]["hands"][other])
        return i + 1
    if how == "bring-twice":
        i = rng.choice([i for i, m in enumerate(moves) if m["type"] == "bring"])
        seat = moves[i]["by"]
        attic = set(moves[0]["hands"][seat]) - {
            m["card"] for m in moves[: i + 1] if m.get("by") == seat and m["type"] == "bring"
        }
        moves.insert(i + 1, {"by": seat, "type": "bring", "card": sorted(attic)[0] if attic else moves[i]["card"]})
        return i + 2
    if how == "open-open-gift":
        # An open naming a gift opened earlier in the same party.
        for i, m in enumerate(moves):
            if m["type"] == "open" and i + 1 < len(moves) and moves[i + 1]["type"] in ("open", "steal"):
                j = i + 1
                moves[j] = {"by": moves[j]["by"], "type": "open", "from": m["from"]}
                return j + 1
    raise AssertionError(how)


@fast
@given(
    games,
    st.sampled_from(["result", "steal-self", "open-wrong-seat", "bring-foreign-card", "bring-twice", "open-open-gift"]),
)
def test_verify_refuses_a_tampered_record_naming_the_move(game, how):
    players, seed, kinds = game
    record = run_game(players, seed, kinds)
    number = tamper(record, how, random.Random(seed))
    with pytest.raises(RecordError) as error:
        verify_record(record)
    assert error.value.move == number
    if number is not None:
        assert f"move {number}:" in str(error.value)


def test_a_record_cut_short_replays_without_result():
    record = run_game(4, 5, ["greedy"])
    record["moves"] = record["moves"][:30]
    del record["result"]
    verify_record(record)
    _, state = replay(record)
    assert not state.is_over
