"""Helpers for the Elf screen tests (imported by name: the test folders are not packages):
seeded Elf positions advanced by the goal-seeking bots, and a bare app that shows one seat's
view of one, playing the moves its table chooses.

The rules engine is used here only to make realistic views; the app never sees it.
"""

from __future__ import annotations

import random

from tui_support import Played, ViewApp

from yule.core.elf import GAME, Gingerbread, Goals, Shuffle
from yule.core.elf.cards import CARD_IDS

EXAMPLE_TOP = [
    "cl-1",
    "s3-2",
    "s3-5",
    "kr-1",
    "s2-4",
    "s2-7",
    "ul-1",
    "cr-2",
    "s3-6",
    "kl-3",
    "zl-2",
    "s2-9",
    "cr-5",
    "s3-1",
    "s2-2",
    "kr-4",
]
"""The top of the deck in the worked example of the design (§6): 3 seats."""


class Position(Played):
    """An Elf game the tests can advance with goal-seeking bots and look at from any seat."""

    def __init__(self, players: int = 3, seed: int = 3, deck: list[str] | None = None) -> None:
        super().__init__(GAME, players, seed)
        rng = random.Random(seed)
        if deck is None:
            self.state.apply(self.state.chance_move(rng))
        else:
            self.state.apply(Shuffle(tuple(deck + [c for c in CARD_IDS if c not in deck])))
        self.state.apply(self.state.chance_move(rng))
        self.state.apply(self.state.chance_move(rng))

    @classmethod
    def example(cls) -> Position:
        """The worked example's deal: Ana cl-1 s3-2 s3-5, Ben kr-1 s2-4 s2-7, Chloe ul-1 cr-2 s3-6,
        with its Goal cards and Gingerbread values."""
        position = cls.__new__(cls)
        Played.__init__(position, GAME, 3, 0)
        for move in (
            Shuffle(tuple(EXAMPLE_TOP + [c for c in CARD_IDS if c not in EXAMPLE_TOP])),
            Goals(("goal-3", "goal-1", "goal-2")),
            Gingerbread((2, 1, 3, 2)),
        ):
            position.state.apply(move)
        position.names = ["Ana", "Ben", "Chloe"]
        return position

    def bots(self, turns: int) -> None:
        """Let the bots play ``turns`` whole turns (or until the game is over)."""
        for _ in range(turns):
            seat = self.turn
            while not self.state.is_over and self.turn == seat:
                self.bot_move(seat)
            if self.state.is_over:
                return


class ElfViewApp(ViewApp):
    """An Elf table showing ``position`` from ``seat``."""

    GAME = "elf"
