"""Shared helpers for the White Rabbit tests: fixed deals, driving a state, and an independent
reference model that replays a record from the rules alone (no engine code), so the engine can
be checked against it move by move and views against what a seat may know.
"""

from __future__ import annotations

import pytest

from yule.core.white_rabbit import Deal, MaxPlace, MaxTake, Move, Roll, WhiteRabbitState

COLOURS = ("brown", "grey", "black", "cream")
RABBITS = [f"{c}-{v}" for c in COLOURS for v in range(1, 7)]
NAMES = ["Ana", "Ben", "Chloe", "Dan"]


def deal_piles(piles: dict[int, list[str]] | None = None, max_on: int = 0) -> tuple[tuple[str, ...], ...]:
    """Eight piles: those given (top card first, 3 rabbit cards each), the rest filled in order
    from the unused cards; Max on top of pile ``max_on``."""
    piles = dict(piles or {})
    used = {c for p in piles.values() for c in p}
    rest = [c for c in RABBITS if c not in used]
    out = []
    for i in range(8):
        pile = list(piles[i]) if i in piles else [rest.pop(0) for _ in range(3)]
        if i == max_on:
            pile.insert(0, "max")
        out.append(tuple(pile))
    return tuple(out)


def new_game(players: int = 2, piles: dict[int, list[str]] | None = None, max_on: int = 0) -> WhiteRabbitState:
    state = WhiteRabbitState(players)
    state.apply(Deal(deal_piles(piles, max_on)))
    return state


def turn(state: WhiteRabbitState, value: int, direction: str = "cw") -> list[dict]:
    """Roll ``value`` and move the seat to move in ``direction``; all the events."""
    seat = state.turn
    events = state.apply(Roll(value))
    events += state.apply(Move(seat, direction))
    return events


def give(state: WhiteRabbitState, seat: int, cards: list[str]) -> None:
    """Put face-up cards in front of ``seat`` (for setting up a position), taken from the piles."""
    for card in cards:
        for pile in state.piles:
            if card in pile:
                pile.remove(card)
        state.hands[seat][int(card.rsplit("-", 1)[1])] = card


class Reference:
    """The rules written out plainly, independent of the engine: replays record moves and
    raises AssertionError at the first one the rules forbid."""

    def __init__(self, players: int) -> None:
        self.n = players
        self.piles: list[list[str]] = []
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.rabbit = 0
        self.seat = 0
        self.rolls = 0
        self.die = 0
        self.expect = "deal"  # deal, roll, move, max_take, max_place, over
        self.max_at: int | None = None  # pile, or None while someone resolves Max
        self.winners: list[int] = []
        self.shown: set[str] = set()  # every rabbit card drawn so far: each was shown to everyone

    def values(self, seat: int) -> set[int]:
        return {int(c[-1]) for c in self.hands[seat]}

    def _next(self, again: bool) -> None:
        if self.rolls >= 500:
            self.expect = "over"
            return
        if not again:
            self.seat = (self.seat + 1) % self.n
        self.expect = "roll"

    def play(self, m: dict) -> None:
        kind = m["type"]
        assert kind == self.expect, f"expected {self.expect}, got {kind}"
        if kind == "deal":
            piles = m["piles"]
            assert len(piles) == 8
            assert sorted(c for p in piles for c in p) == sorted(RABBITS + ["max"])
            for i, p in enumerate(piles):
                assert len([c for c in p if c != "max"]) == 3
                if "max" in p:
                    assert p[0] == "max"
                    self.max_at = i
            self.piles = [list(p) for p in piles]
            self.expect = "roll"
            return
        if kind == "roll":
            assert m["by"] == "chance" and 1 <= m["value"] <= 6
            self.rolls += 1
            self.die = m["value"]
            self.expect = "move"
            return
        assert m["by"] == self.seat, "not this seat's turn"
        me = self.seat
        if kind == "move":
            self.rabbit = (self.rabbit + (self.die if m["dir"] == "cw" else -self.die)) % 8
            pile = self.piles[self.rabbit]
            if not pile:
                self._next(again=False)
                return
            card = pile.pop(0)
            if card == "max":
                self.max_at = None
                self.expect = "max_take"
                return
            self.shown.add(card)
            if int(card[-1]) in self.values(me):
                pile.append(card)
            else:
                self.hands[me].append(card)
                if len(self.hands[me]) == 6:
                    self.winners = [me]
                    self.expect = "over"
                    return
            self._next(again=self.die == 6)
            return
        if kind == "max_take":
            if m["from"] is not None or m["card"] is not None:
                src, card = m["from"], m["card"]
                assert src != me and card in self.hands[src] and int(card[-1]) not in self.values(me)
                self.hands[src].remove(card)
                self.hands[me].append(card)
            self.expect = "max_place"
            return
        assert kind == "max_place" and 0 <= m["pile"] < 8
        self.piles[m["pile"]].insert(0, "max")
        self.max_at = m["pile"]
        if len(self.hands[me]) == 6:
            self.winners = [me]
            self.expect = "over"
            return
        self._next(again=self.die == 6)

    def result(self) -> dict:
        return {"scores": [len(h) for h in self.hands], "winners": self.winners}


@pytest.fixture
def names() -> list[str]:
    return list(NAMES)


__all__ = [
    "NAMES",
    "RABBITS",
    "MaxPlace",
    "MaxTake",
    "Move",
    "Reference",
    "Roll",
    "deal_piles",
    "give",
    "new_game",
    "turn",
]
