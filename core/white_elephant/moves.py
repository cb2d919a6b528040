"""White Elephant's moves: small frozen values named as in the record (``yule-record/1``).

>>> Take(by=1, cards=("mug-3", "socks-0")).to_record()
{'by': 1, 'type': 'take', 'cards': ['mug-3', 'socks-0']}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..base import CHANCE
from ..fields import mover, names, text, whole_number
from ..moves import End as End
from ..moves import Shuffle as Shuffle


@dataclass(frozen=True, slots=True)
class Start:
    """Chance: the seat that holds the Start Player marker first (house rule 13)."""

    type: ClassVar[str] = "start"
    seat: int
    by: ClassVar[str] = CHANCE

    def to_record(self) -> dict[str, Any]:
        return {"by": CHANCE, "type": "start", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Peek:
    """Spend a Peanut to look at one Surprise Gift, before or after the main action."""

    type: ClassVar[str] = "peek"
    by: int
    card: str

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "peek", "card": self.card}


@dataclass(frozen=True, slots=True)
class Take:
    """Main action: take 2 or more gifts from the Gift Exchange."""

    type: ClassVar[str] = "take"
    by: int
    cards: tuple[str, ...]

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "take", "cards": list(self.cards)}


@dataclass(frozen=True, slots=True)
class Trade:
    """Main action: spend a Peanut and take every card in front of seat ``target``."""

    type: ClassVar[str] = "trade"
    by: int
    target: int

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "trade", "target": self.target}


@dataclass(frozen=True, slots=True)
class Clear:
    """Main action: take every gift left, the marker and its Peanuts; ends the round."""

    type: ClassVar[str] = "clear"
    by: int

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "clear"}


Move = Shuffle | Start | Peek | Take | Trade | Clear | End
"""White Elephant's moves: first the :class:`~yule.core.moves.Shuffle` of the deck without the
suits this player count leaves out, and the first Start Player; then the seats' moves, among
them the :class:`~yule.core.moves.End` of a turn after a main action that did not end the round."""

CHANCE_TYPES = ("shuffle", "start")
SEAT_TYPES = ("peek", "take", "trade", "clear", "end")


def parse(move: dict[str, Any]) -> Move:
    """A record-form dict as a move value; :class:`~yule.core.base.MalformedMove` when it cannot be one."""
    kind, by = mover(move, CHANCE_TYPES, SEAT_TYPES)
    if kind == "shuffle":
        return Shuffle(names(move, "deck", "card names"))
    if kind == "start":
        return Start(whole_number(move, "seat", "a seat number"))
    assert isinstance(by, int)
    if kind == "take":
        return Take(by, names(move, "cards", "card names"))
    if kind == "peek":
        return Peek(by, text(move, "card", "a card name"))
    if kind == "trade":
        return Trade(by, whole_number(move, "target", "a seat number"))
    if kind == "clear":
        return Clear(by)
    return End(by)
