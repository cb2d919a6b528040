"""Shared helpers for the Elf tests: stacked decks, a started game, applying record moves."""

from __future__ import annotations

import pytest

from core.elf.cards import CARD_IDS
from core.elf.state import ElfState
from core.records import play
from core.registry import get_game


def deck_with_top(top: list[str]) -> list[str]:
    """All 60 cards: ``top`` first (top card first), then the rest in id order."""
    rest = [c for c in CARD_IDS if c not in top]
    assert len(rest) + len(top) == 60, "top holds an unknown or repeated card"
    return list(top) + rest


def start(players: int, top: list[str], goals: list[str] | None = None, values=(2, 1, 3, 2)) -> ElfState:
    """A game past its three chance moves, with the deck stacked so ``top`` is dealt/drawn first."""
    state = ElfState(players)
    goals = goals or [f"goal-{i + 1}" for i in range(players)]
    for move in (
        {"by": "chance", "type": "shuffle", "deck": deck_with_top(top)},
        {"by": "chance", "type": "goals", "goals": goals},
        {"by": "chance", "type": "gingerbread", "values": list(values)},
    ):
        state.apply(state.parse_record_move(move))
    return state


def do(state: ElfState, by: int, kind: str = "play", card: str | None = None, heading: str | None = None, floe=None):
    """Apply one seat move written like the record; return its events."""
    move: dict = {"by": by, "type": kind}
    if card is not None:
        move["card"] = card
        move["heading"] = heading
    if floe is not None:
        move["floe"] = list(floe)
    return state.apply(state.parse_record_move(move))


def simulate(players: int, seed: int, bot: str = "random") -> dict:
    game = get_game("elf")
    return play(game, [f"P{i}" for i in range(players)], [game.bots[bot]] * players, seed)


@pytest.fixture
def game():
    return get_game("elf")
