"""White Rabbit's moves: small frozen values named as in the record (``yule-record/1``).

>>> Move(by=1, dir="ccw").to_record()
{'by': 1, 'type': 'move', 'dir': 'ccw'}
>>> parse({"by": 0, "type": "max_take", "from": None, "card": None})
MaxTake(by=0, source=None, card=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..base import CHANCE, MalformedMove
from ..fields import badly, mover, name_rows, whole_number
from .cards import RABBIT_CARDS
from .reasons import REASONS

DIRECTIONS = ("cw", "ccw")


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance, first move: the 8 piles, top card first; ``max`` tops one of them."""

    piles: tuple[tuple[str, ...], ...]

    @property
    def type(self) -> str:
        return "deal"

    @property
    def by(self) -> str:
        return CHANCE

    def to_record(self) -> dict[str, Any]:
        return {"by": CHANCE, "type": "deal", "piles": [list(p) for p in self.piles]}


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: the seat to move rolls ``value`` (1-6)."""

    value: int

    @property
    def type(self) -> str:
        return "roll"

    @property
    def by(self) -> str:
        return CHANCE

    def to_record(self) -> dict[str, Any]:
        return {"by": CHANCE, "type": "roll", "value": self.value}


@dataclass(frozen=True, slots=True)
class Move:
    """Move the rabbit the rolled number of spaces, ``cw`` or ``ccw``; the draw follows."""

    by: int
    dir: str

    @property
    def type(self) -> str:
        return "move"

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "move", "dir": self.dir}


@dataclass(frozen=True, slots=True)
class MaxTake:
    """After drawing Max: take ``card`` from seat ``source`` (record key ``from``), or nothing."""

    by: int
    source: int | None
    card: str | None

    @property
    def type(self) -> str:
        return "max_take"

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "max_take", "from": self.source, "card": self.card}


@dataclass(frozen=True, slots=True)
class MaxPlace:
    """Put Max face down on top of pile ``pile`` (0-7)."""

    by: int
    pile: int

    @property
    def type(self) -> str:
        return "max_place"

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "max_place", "pile": self.pile}


AnyMove = Deal | Roll | Move | MaxTake | MaxPlace

SEAT_MOVES = ("move", "max_take", "max_place")
CHANCE_MOVES = ("deal", "roll")

MOST_SEATS = 4
"""The most seats a White Rabbit table has: the seat numbers the tables below hold moves for."""

ROLLS: tuple[Roll, ...] = tuple(Roll(value) for value in range(1, 7))
"""``ROLLS[value - 1]``: every roll there can be, made once (moves are values: one serves all)."""
MOVES: tuple[dict[str, Move], ...] = tuple({d: Move(by, d) for d in DIRECTIONS} for by in range(MOST_SEATS))
"""``MOVES[by][dir]``: every move of the rabbit there can be."""
PLACES: tuple[tuple[MaxPlace, ...], ...] = tuple(tuple(MaxPlace(by, p) for p in range(8)) for by in range(MOST_SEATS))
"""``PLACES[by][pile]``: every placing of Max there can be."""
TAKES: dict[tuple[int, int | None, str | None], MaxTake] = {
    (by, source, card): MaxTake(by, source, card)
    for by in range(MOST_SEATS)
    for source, card in [(None, None)] + [(t, c) for t in range(MOST_SEATS) if t != by for c in RABBIT_CARDS]
}
"""``TAKES[by, source, card]``: every take with Max there can be (``None, None``: nothing)."""


def parse(move: dict[str, Any]) -> AnyMove:
    """A record-form dict as a move value; :class:`MalformedMove` when it cannot be one.

    >>> parse({"by": 0, "type": "move", "dir": "up"})
    Traceback (most recent call last):
    ...
    yule.core.base.MalformedMove: 'move' needs a direction ('cw' or 'ccw') in 'dir'
    """
    if type(move) is dict:  # a well-formed move of the tables above is read at once
        try:
            kind, by = move["type"], move["by"]
            if kind == "roll":
                value = move["value"]
                if by == CHANCE and type(value) is int and 1 <= value <= 6:
                    return ROLLS[value - 1]
            elif type(by) is int and 0 <= by < MOST_SEATS:
                if kind == "move":
                    direction = move["dir"]
                    if direction == "cw" or direction == "ccw":
                        return MOVES[by][direction]
                elif kind == "max_place":
                    pile = move["pile"]
                    if type(pile) is int and 0 <= pile < 8:
                        return PLACES[by][pile]
                elif kind == "max_take":
                    source, card = move["from"], move["card"]
                    if (source is None or type(source) is int) and (card is None or type(card) is str):
                        take = TAKES.get((by, source, card))
                        if take is not None:
                            return take
        except KeyError:
            pass  # a field is missing: the readers below say which
    kind, by = mover(move, CHANCE_MOVES, SEAT_MOVES)
    if kind == "roll":
        return Roll(whole_number(move, "value"))
    if kind == "deal":
        return Deal(name_rows(move, "piles", "card_rows"))
    assert isinstance(by, int)
    if kind == "move":
        direction = move.get("dir")
        if direction not in DIRECTIONS:
            raise badly(move, "dir", "direction")
        return Move(by, direction)
    if kind == "max_place":
        return MaxPlace(by, whole_number(move, "pile", "pile"))
    source, card = move.get("from"), move.get("card")
    if source is None and card is None:
        return MaxTake(by, None, None)
    if type(source) is not int or not isinstance(card, str):
        raise MalformedMove(
            REASONS, "max_take_fields", type="max_take", field="from" if type(source) is not int else "card"
        )
    return MaxTake(by, source, card)
