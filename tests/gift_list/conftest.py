"""Shared helpers for the Gift List tests: fixed deals, whole games driven move by move, and
an independent account (from the omniscient record alone) of which cards each seat may know."""

from __future__ import annotations

import json
import random

import pytest

from yule.core.base import CHANCE
from yule.core.gift_list import GAME, Bring, Deal, GiftListState
from yule.core.gift_list.cards import ATTIC_SIZE, DECK
from yule.core.records import new_record

LISTS = [
    ("mother-in-law", "crazy-neighbor", "fluffy-the-cat"),
    ("crazy-neighbor", "random-stranger", "great-uncle-irwin"),
    ("mother-in-law", "random-stranger", "great-uncle-irwin"),
    ("fluffy-the-cat", "random-stranger", "great-uncle-irwin"),
    ("mother-in-law", "crazy-neighbor", "great-uncle-irwin"),
    ("mother-in-law", "fluffy-the-cat", "random-stranger"),
    ("crazy-neighbor", "fluffy-the-cat", "great-uncle-irwin"),
]
"""Seven different Gift Lists written out by hand (seat i gets LISTS[i])."""


def fixed_deal(players: int) -> Deal:
    """Seat i's attic is the next attic-size cards of the unshuffled deck (red-1 ... first)."""
    size = ATTIC_SIZE[players]
    hands = tuple(tuple(DECK[i * size : (i + 1) * size]) for i in range(players))
    return Deal(hands, tuple(LISTS[:players]))


def dealt(players: int, deal: Deal | None = None) -> GiftListState:
    """A fresh game with ``deal`` (default :func:`fixed_deal`) applied."""
    state = GiftListState(players)
    state.apply(deal or fixed_deal(players))
    return state


def bring_all(state: GiftListState, cards: list[str] | None = None) -> None:
    """Every seat brings ``cards[seat]`` (default: the first card of its attic), in seat order."""
    for seat in range(state.players):
        state.apply(Bring(seat, cards[seat] if cards else state.attic[seat][0]))


class Referee:
    """Follows a record's moves without the engine and says which cards and lists each seat
    may know: its own attic as dealt, the cards it brought, and every opened card."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.own: list[set[str]] = [set() for _ in range(players)]
        self.lists: list[set[str]] = [set() for _ in range(players)]
        self.public: set[str] = set()
        self.party_brought: dict[int, str] = {}
        self.opens = 0

    def see(self, move: dict) -> None:
        kind = move["type"]
        if kind == "deal":
            for seat, hand in enumerate(move["hands"]):
                self.own[seat].update(hand)
            for seat, people in enumerate(move["lists"]):
                self.lists[seat].update(people)
        elif kind == "bring":
            self.party_brought[move["by"]] = move["card"]
        elif kind == "open":
            self.public.add(self.party_brought[move["from"]])
            self.opens += 1
            if self.opens == self.players:
                self.opens = 0
                self.party_brought = {}

    def allowed_cards(self, seat: int | None) -> set[str]:
        return self.public | (self.own[seat] if seat is not None else set())


def run_game(players: int, seed: int, kinds: list[str], check=None) -> dict:
    """Play a whole game with bots of ``kinds`` (one per seat), building its record.

    Unlike :func:`yule.core.records.play`, the seat that brings next is drawn at random among the
    active ones, so simultaneous moves arrive in any order.  ``check(state, record, referee)``
    runs before every move and at the end.
    """
    rng = random.Random(seed)
    state = GAME.start(players)
    record = new_record(GAME, [f"P{i}" for i in range(players)], state.options, seed=seed)
    bots = [GAME.bots[kinds[i % len(kinds)]](random.Random(f"{seed}/{i}")) for i in range(players)]
    referee = Referee(players)
    while not state.is_over:
        if check:
            check(state, record, referee)
        active = state.active()
        if active[0] == CHANCE:
            move = state.chance_move(rng)
        else:
            seat = rng.choice(active)
            move = state.parse_seat_move(seat, bots[seat].choose(state.view(seat)))
        state.apply(move)
        record["moves"].append(move.to_record())
        referee.see(move.to_record())
    if check:
        check(state, record, referee)
    record["result"] = state.outcome().to_record()
    return json.loads(json.dumps(record))


@pytest.fixture
def three() -> GiftListState:
    """A 3-player game just dealt with :func:`fixed_deal`: seat 0 red-1..red-8, seat 1
    red-9..orange-6, seat 2 orange-7..yellow-4."""
    return dealt(3)
