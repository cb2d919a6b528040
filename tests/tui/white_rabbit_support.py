"""Helpers (imported by name) for the White Rabbit screen tests: seeded positions played by
greedy bots, and a bare app that shows one seat's view and plays the moves its table chooses.

The rules engine is used here only to make realistic views and events; the app never sees it.
A seat's ``{"type": "roll"}`` is answered as the host does: with a seeded chance roll.
"""

from __future__ import annotations

import random
from typing import Any

import tui_support
from tui_support import Played

from yule.core.white_rabbit import GAME, Deal, Roll
from yule.core.white_rabbit.cards import MAX, RABBIT_CARDS


class Position(Played):
    """A seeded White Rabbit game the tests advance with greedy bots and look at from any seat."""

    def __init__(self, players: int = 3, seed: int = 3, deal: list[list[str]] | None = None) -> None:
        super().__init__(GAME, players, seed)
        self.rng = random.Random(seed)
        self.dice: list[int] = []
        """Loaded rolls, used up before the seeded die (for tests that need a given roll)."""
        self.apply(self.state.chance_move(self.rng) if deal is None else Deal(tuple(map(tuple, deal))))

    @property
    def turn(self) -> int:
        return self.state.turn  # the seat to roll too, while the roll is chance

    @property
    def phase(self) -> str:
        return self.state.phase

    def apply(self, move: Any) -> None:
        self.record(self.state.apply(move))

    def play(self, seat: int, move: dict[str, Any]) -> None:
        """A seat's wire move; a roll is drawn as the host draws it (loaded or seeded here)."""
        if move == {"type": "roll"}:
            assert self.state.chance_trigger() == (seat, "roll")
            self.apply(Roll(self.dice.pop(0)) if self.dice else self.state.chance_move(self.rng))
        else:
            self.apply(self.state.parse_seat_move(seat, move))

    def bots(self, moves: int, until: Any = None) -> None:
        """Let the greedy bot play ``moves`` moves (rolls included), or stop when ``until(self)``."""
        for _ in range(moves):
            if self.state.is_over or (until is not None and until(self)):
                return
            self.bot_move(self.turn)


def max_deal() -> list[list[str]]:
    """Piles 0-7 in card order (brown 1-3 on pile 0 ...), with Max on top of pile 3."""
    cards = list(RABBIT_CARDS)
    piles = [cards[i : i + 3] for i in range(0, 24, 3)]
    piles[3].insert(0, MAX)
    return piles


class ViewApp(tui_support.ViewApp):
    """A White Rabbit table showing ``position`` from ``seat``."""

    GAME = "white-rabbit"


def before_max() -> Position:
    """Ana has brown 4, Eve grey 1, and Ana's roll of 1 clockwise will draw Max (pile 3)."""
    position = Position(players=2, deal=max_deal())
    position.dice = [1, 1, 1]
    for seat in (0, 1):
        position.play(seat, {"type": "roll"})
        position.play(seat, {"type": "move", "dir": "cw"})
    return position


def final(winner: int | None = 0, oberhase: bool = True) -> dict[str, Any]:
    """A finished 3-seat game as the game over screen gets it: the result and the final fields.

    Ana holds all six browns (or a mixed family); with no winner she lacks her 6 and the game
    was stopped at the roll cap.
    """
    first = (
        [f"brown-{v}" for v in range(1, 7)]
        if oberhase
        else ["grey-1", "brown-2", "black-3", "cream-4", "grey-5", "brown-6"]
    )
    families = [first if winner is not None else first[:5], ["grey-1", "black-2"], ["cream-6"]]
    return {
        "scores": [len(f) for f in families],
        "winners": [] if winner is None else [winner],
        "families": families,
        "oberhase": ["brown" if oberhase and winner is not None else None, None, None],
        "rolls": 500 if winner is None else 41,
    }
