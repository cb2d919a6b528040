"""Moves that more than one game makes; each of those games' ``moves`` module names them among
its own (``from yule.core.elf.moves import End`` is this :class:`End`).

>>> Shuffle(("mug-1", "socks-2")).to_record()
{'by': 'chance', 'type': 'shuffle', 'deck': ['mug-1', 'socks-2']}
>>> End(by=2).to_record()
{'by': 2, 'type': 'end'}
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import CHANCE, MoveDict


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance: a deck of cards in the order it was shuffled to, top card first (each game that
    shuffles says which deck)."""

    deck: tuple[str, ...]

    @property
    def type(self) -> str:
        return "shuffle"

    @property
    def by(self) -> str:
        return CHANCE

    def to_record(self) -> MoveDict:
        return {"by": CHANCE, "type": "shuffle", "deck": list(self.deck)}


@dataclass(frozen=True, slots=True)
class End:
    """Seat ``by`` ends its turn (each game that has this move says when it may)."""

    by: int

    @property
    def type(self) -> str:
        return "end"

    def to_record(self) -> MoveDict:
        return {"by": self.by, "type": "end"}
