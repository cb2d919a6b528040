"""Gift List's moves: small frozen values named as in the record (``yule-record/1``).

    >>> Open(by=2, source=0).to_record()
    {'by': 2, 'type': 'open', 'from': 0}
    >>> parse({"by": 1, "type": "bring", "card": "red-4"})
    Bring(by=1, card='red-4')
    >>> parse({"by": 1, "type": "steal"})
    Traceback (most recent call last):
    ...
    core.base.MalformedMove: 'steal' needs a seat number in 'from'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..base import CHANCE, MalformedMove


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance, first move: each seat's attic (hand) and each seat's secret Gift List."""

    type: ClassVar[str] = "deal"
    hands: tuple[tuple[str, ...], ...]
    lists: tuple[tuple[str, ...], ...]
    by: ClassVar[str] = CHANCE

    def to_record(self) -> dict[str, Any]:
        return {
            "by": CHANCE,
            "type": "deal",
            "hands": [list(h) for h in self.hands],
            "lists": [list(p) for p in self.lists],
        }


@dataclass(frozen=True, slots=True)
class Bring:
    """Seat ``by`` puts ``card`` from its attic face down for this party."""

    type: ClassVar[str] = "bring"
    by: int
    card: str

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "bring", "card": self.card}


@dataclass(frozen=True, slots=True)
class Open:
    """Seat ``by`` opens the wrapped gift that seat ``source`` brought (record key ``from``)."""

    type: ClassVar[str] = "open"
    by: int
    source: int

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "open", "from": self.source}


@dataclass(frozen=True, slots=True)
class Steal:
    """Seat ``by`` takes the face-up gift that seat ``source`` holds (record key ``from``)."""

    type: ClassVar[str] = "steal"
    by: int
    source: int

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "steal", "from": self.source}


Move = Deal | Bring | Open | Steal

MOVE_TYPES = ("deal", "bring", "open", "steal")


def _seat(move: dict, key: str) -> int:
    value = move.get(key)
    if type(value) is not int:
        raise MalformedMove(f"'{move.get('type')}' needs a seat number in {key!r}")
    return value


def _nested_strs(move: dict, key: str) -> tuple[tuple[str, ...], ...]:
    value = move.get(key)
    if not isinstance(value, list | tuple) or not all(
        isinstance(row, list | tuple) and all(isinstance(x, str) for x in row) for row in value
    ):
        raise MalformedMove(f"'deal' needs a list of lists of names in {key!r}")
    return tuple(tuple(row) for row in value)


def parse(move: dict) -> Move:
    """A record-form dict as a move value; :class:`MalformedMove` when it cannot be one."""
    if not isinstance(move, dict):
        raise MalformedMove("a move is an object with a 'type'")
    kind = move.get("type")
    by = move.get("by")
    if kind == "deal":
        if by != CHANCE:
            raise MalformedMove("'deal' is a chance move (by 'chance')")
        return Deal(_nested_strs(move, "hands"), _nested_strs(move, "lists"))
    if kind not in MOVE_TYPES:
        raise MalformedMove(f"unknown move type {kind!r}")
    if type(by) is not int:
        raise MalformedMove(f"'{kind}' is made by a seat number")
    if kind == "bring":
        card = move.get("card")
        if not isinstance(card, str):
            raise MalformedMove("'bring' needs a card name in 'card'")
        return Bring(by, card)
    if kind == "open":
        return Open(by, _seat(move, "from"))
    return Steal(by, _seat(move, "from"))
