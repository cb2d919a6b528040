"""Elf's moves: small frozen values named as in the record (``yule-record/1``, game ``elf``).

>>> Play(by=1, card="s2-7", heading="E", floe=(2, 10)).to_record()
{'by': 1, 'type': 'play', 'card': 's2-7', 'heading': 'E', 'floe': [2, 10]}
>>> parse({"by": 0, "type": "play", "card": "cl-1", "heading": "S"})
Play(by=0, card='cl-1', heading='S', floe=None)
>>> parse({"by": 0, "type": "play", "card": "cl-1", "heading": "SE"})
Traceback (most recent call last):
...
yule.core.base.MalformedMove: 'play' needs a heading ("N", "E", "S" or "W") in 'heading'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..base import CHANCE
from ..fields import badly, mover, names, numbers, text
from ..moves import End as End
from ..moves import Shuffle as Shuffle
from .board import FLOES, TOKENS
from .cards import CARD_IDS


@dataclass(frozen=True, slots=True)
class Goals:
    """Chance, second move: one distinct Goal card per seat, in seat order (secret)."""

    type: ClassVar[str] = "goals"
    goals: tuple[str, ...]
    by: ClassVar[str] = CHANCE

    def to_record(self) -> dict[str, Any]:
        return {"by": CHANCE, "type": "goals", "goals": list(self.goals)}


@dataclass(frozen=True, slots=True)
class Gingerbread:
    """Chance, third move: the hidden values on g1-g4, a permutation of 1, 2, 2, 3."""

    type: ClassVar[str] = "gingerbread"
    values: tuple[int, ...]
    by: ClassVar[str] = CHANCE

    def to_record(self) -> dict[str, Any]:
        return {"by": CHANCE, "type": "gingerbread", "values": list(self.values)}


@dataclass(frozen=True, slots=True)
class Play:
    """Lay a card from the hand: from Buddy's arrow, or (``floe`` set) the Ice Floe jump from
    that cell of the other floe."""

    type: ClassVar[str] = "play"
    by: int
    card: str
    heading: str
    floe: tuple[int, int] | None = None

    def to_record(self) -> dict[str, Any]:
        out: dict[str, Any] = {"by": self.by, "type": "play", "card": self.card, "heading": self.heading}
        if self.floe is not None:
            out["floe"] = list(self.floe)
        return out


Move = Shuffle | Goals | Gingerbread | Play | End
"""Elf's moves: first the :class:`~yule.core.moves.Shuffle` of all 60 path cards (the deal
follows from it), the Goal cards and the Gingerbread values; then the seats' plays, and the
:class:`~yule.core.moves.End` of a turn after at least one play (the seat draws 2)."""

CHANCE_TYPES = ("shuffle", "goals", "gingerbread")
SEAT_TYPES = ("play", "end")

MOST_SEATS = 4
"""The most seats an Elf table has: the seat numbers the tables below hold moves for."""

FLOE_XY: tuple[tuple[int, int], ...] = tuple(xy for f in FLOES for xy in TOKENS[f].cells)
"""The cells of both Ice Floes, where a jump starts."""
PLAYS: dict[tuple[int, str, str, tuple[int, int] | None], Play] = {
    (by, card, heading, floe): Play(by, card, heading, floe)
    for by in range(MOST_SEATS)
    for card in CARD_IDS
    for heading in ("N", "E", "S", "W")
    for floe in (None, *FLOE_XY)
}
"""``PLAYS[by, card, heading, floe]``: every play there can be, made once (moves are values: one serves all)."""
ENDS: tuple[End, ...] = tuple(End(by) for by in range(MOST_SEATS))


def parse(move: dict[str, Any]) -> Move:
    """A record-form dict as a move value; :class:`MalformedMove` when it cannot be one."""
    if type(move) is dict:  # a well-formed move of the tables above is read at once
        by, kind = move.get("by"), move.get("type")
        if type(by) is int and 0 <= by < MOST_SEATS:
            if kind == "play":
                card, heading, raw = move.get("card"), move.get("heading"), move.get("floe")
                if type(card) is str and type(heading) is str:
                    floe = None
                    if type(raw) is list and len(raw) == 2 and type(raw[0]) is int and type(raw[1]) is int:
                        floe = (raw[0], raw[1])
                    if floe is not None or raw is None:
                        found = PLAYS.get((by, card, heading, floe))
                        if found is not None:
                            return found
            elif kind == "end":
                return ENDS[by]
    kind, by = mover(move, CHANCE_TYPES, SEAT_TYPES)
    if kind == "shuffle":
        return Shuffle(names(move, "deck", "cards"))
    if kind == "goals":
        return Goals(names(move, "goals", "goals"))
    if kind == "gingerbread":
        return Gingerbread(numbers(move, "values"))
    assert isinstance(by, int)
    if kind == "end":
        return End(by)
    card = text(move, "card", "card")
    heading = move.get("heading")
    if heading not in ("N", "E", "S", "W"):
        raise badly(move, "heading", "heading")
    floe = None
    raw = move.get("floe")
    if raw is not None:
        if not isinstance(raw, list | tuple) or len(raw) != 2 or not all(type(v) is int for v in raw):
            raise badly(move, "floe", "cell")
        floe = (raw[0], raw[1])
    return Play(by, card, heading, floe)
