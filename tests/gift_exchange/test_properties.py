"""Hypothesis properties over whole games: conservation of gifts and steals, frozen gifts and
steal-backs never taken, labels never seen early, under every house option and at every size.
What every game promises (records, hints, copies) is checked in ``tests/test_games.py``."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yule.core.gift_exchange import GAME
from yule.core.records import play, verify_record

from .conftest import names, random_record

PROPS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])

options = st.fixed_dictionaries(
    {
        "steal_limit": st.one_of(st.none(), st.integers(1, 4)),
        "no_steal_back": st.booleans(),
        "max_steals_per_turn": st.one_of(st.none(), st.integers(1, 3)),
        "final_swap": st.booleans(),
        "open_own": st.booleans(),
        "steal_back_scope": st.sampled_from(["turn", "last"]),
    }
)
players = st.one_of(st.sampled_from([2, 5, 40]), st.integers(2, 40))
seeds = st.integers(0, 2**32)


def check_game(record: dict) -> None:
    """Replay a record, checking every invariant against facts taken from the record itself."""
    n = len(record["players"])
    opts = record["options"]
    state = GAME.start(n, opts)
    steal_moves = [0] * n  # steals of each gift counted from the record
    lost_this_turn: set[tuple[int, int]] = set()
    last_lost: dict[int, int] = {}  # seat -> the gift it lost most recently this turn
    opened: set[int] = set()
    secret = {}  # gift -> its label as brought
    label = {}  # gift -> its label as the record tells it so far (bring, or open naming it)
    rng = random.Random(n)
    for move in record["moves"]:
        kind = move["type"]
        if kind == "steal":
            gift = move["gift"]
            assert opts["steal_limit"] is None or steal_moves[gift] < opts["steal_limit"], "a frozen gift was taken"
            if opts["no_steal_back"] and opts["steal_back_scope"] == "turn":
                assert (move["by"], gift) not in lost_this_turn, "a gift lost this turn was stolen back"
            if opts["no_steal_back"]:
                assert last_lost.get(move["by"]) != gift, "a gift was stolen straight back"
            victim = state.holder[gift]
            lost_this_turn.add((victim, gift))
            last_lost[victim] = gift
            steal_moves[gift] += 1
        elif kind == "open":
            opened.add(move["gift"])
            lost_this_turn.clear()
            last_lost.clear()
            if "label" in move:
                label[move["gift"]] = move["label"]
        elif kind == "bring":
            secret[move["by"]] = label[move["by"]] = move["label"]
        events = state.apply(state.parse_record_move(move))
        # Listing: the gifts listed to open and to steal are those the one-gift rules allow.
        mover = state.mover()
        if mover is not None and state.phase in ("playing", "final"):
            listed = {(m.type, m.gift) for m in state.legal_moves(mover) if m.type != "keep"}
            allowed = {("steal", g) for g in opened if state.steal_refusal(mover, g) is None}
            if state.phase == "playing":
                allowed |= {("open", g) for g in range(n) if g not in opened and state.open_refusal(mover, g) is None}
            assert listed == allowed
        # Gifts: each open gift has exactly one holder, who holds it and nothing else.
        holders = [state.holder[g] for g in opened]
        assert len(set(holders)) == len(opened) and all(state.held[state.holder[g]] == g for g in opened)
        assert sum(1 for g in state.held if g != -1) == len(opened)
        assert list(state.steals) == steal_moves
        # Labels: events never carry an unopened one; views only what the seat may know.
        # (Bots' labels repeat, so the labels allowed are checked field by field, then removed
        # before looking for a secret anywhere else in the text.)
        hidden = [secret[g] for g in secret if g not in opened and secret[g]]
        stripped = []
        for event in events:
            if "label" in event:
                assert event["gift"] in opened
            if "gave_label" in event:
                assert event["gave"] in opened
            stripped.append({k: v for k, v in event.items() if k not in ("label", "gave_label")})
        text = json.dumps(stripped)
        assert not any(label in text for label in hidden)
        seats = {None, rng.randrange(n), *(s for s in state.active() if s != "chance")}
        if n <= 6:
            seats |= set(range(n))
        for seat in seats:
            view = state.view(seat)
            for gift, entry in enumerate(view["gifts"]):
                may_know = gift in opened or (gift == seat and gift in secret)
                assert ("label" in entry) == may_know
                if may_know:
                    assert entry["label"] == label[gift]
            dumped = json.dumps(
                {**view, "gifts": [{k: v for k, v in e.items() if k != "label"} for e in view["gifts"]]}
            )
            assert not any(label in dumped for g, label in secret.items() if label and g not in opened and g != seat)
    assert state.is_over
    holdings = state.outcome().extra["holdings"]
    assert sorted(holdings) == list(range(n)), "every guest goes home with exactly one gift"
    steals = state.outcome().extra["steals"]
    assert sum(steals) == sum(1 for m in record["moves"] if m["type"] == "steal")
    assert steals == steal_moves
    verify_record(record)


@PROPS
@given(players, seeds, options, st.integers(0, 3))
def test_random_games_keep_every_invariant(n, seed, opts, blank_every):
    check_game(random_record(n, seed, opts, blank_every))


@PROPS
@given(players, seeds, options, st.sampled_from(["random", "greedy"]))
def test_bot_games_keep_every_invariant(n, seed, opts, kind):
    check_game(play(GAME, names(n), [GAME.bots[kind]] * n, seed, opts))


@pytest.mark.parametrize("n", [2, 5, 40])
@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_bots_finish_at_every_size_even_without_limits(n, kind):
    opts = {"steal_limit": None, "no_steal_back": False}
    check_game(play(GAME, names(n), [GAME.bots[kind]] * n, n, opts))


@pytest.mark.parametrize("n", [5, 16, 40])
@pytest.mark.parametrize("kind", sorted(GAME.bots))
def test_no_two_bots_at_a_table_bring_the_same_label(n, kind):
    record = play(GAME, names(n), [GAME.bots[kind]] * n, n, {"steal_limit": 1})
    labels = [m["label"] for m in record["moves"] if m["type"] == "bring"]
    assert len(labels) == n and len(set(labels)) == n
