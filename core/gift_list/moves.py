"""Gift List's moves: small frozen values named as in the record (``yule-record/1``).

>>> Open(by=2, source=0).to_record()
{'by': 2, 'type': 'open', 'from': 0}
>>> parse({"by": 1, "type": "bring", "card": "red-4"})
Bring(by=1, card='red-4')
>>> parse({"by": 1, "type": "steal"})
Traceback (most recent call last):
...
yule.core.base.MalformedMove: 'steal' needs a seat number in 'from'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..base import CHANCE
from ..fields import mover, name_rows, text, whole_number
from .cards import DECK


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance, first move: each seat's attic (hand) and each seat's secret Gift List."""

    hands: tuple[tuple[str, ...], ...]
    lists: tuple[tuple[str, ...], ...]

    @property
    def type(self) -> str:
        return "deal"

    @property
    def by(self) -> str:
        return CHANCE

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

    by: int
    card: str

    @property
    def type(self) -> str:
        return "bring"

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "bring", "card": self.card}


@dataclass(frozen=True, slots=True)
class Open:
    """Seat ``by`` opens the wrapped gift that seat ``source`` brought (record key ``from``)."""

    by: int
    source: int

    @property
    def type(self) -> str:
        return "open"

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "open", "from": self.source}


@dataclass(frozen=True, slots=True)
class Steal:
    """Seat ``by`` takes the face-up gift that seat ``source`` holds (record key ``from``)."""

    by: int
    source: int

    @property
    def type(self) -> str:
        return "steal"

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "steal", "from": self.source}


Move = Deal | Bring | Open | Steal

MOST_SEATS = 7
"""The most seats a Gift List table has: the seat numbers the tables below hold moves for."""

OPENS: tuple[tuple[Open, ...], ...] = tuple(tuple(Open(by, t) for t in range(MOST_SEATS)) for by in range(MOST_SEATS))
"""``OPENS[by][source]``: every open there can be, made once (moves are values: one serves all)."""
STEALS: tuple[tuple[Steal, ...], ...] = tuple(
    tuple(Steal(by, t) for t in range(MOST_SEATS)) for by in range(MOST_SEATS)
)
"""``STEALS[by][source]``: every steal there can be."""
BRINGS: tuple[dict[str, Bring], ...] = tuple({card: Bring(by, card) for card in DECK} for by in range(MOST_SEATS))
"""``BRINGS[by][card]``: every bring there can be."""


def parse(move: dict[str, Any]) -> Move:
    """A record-form dict as a move value; :class:`~yule.core.base.MalformedMove` when it cannot be one.

    A well-formed seat move is read at once (the moves of the tables above); anything else goes
    through the field readers, which name what is wrong."""
    if type(move) is dict:
        try:
            by, kind = move["by"], move["type"]
            if type(by) is int and 0 <= by < MOST_SEATS:
                if kind == "open" or kind == "steal":
                    source = move["from"]
                    if type(source) is int and 0 <= source < MOST_SEATS:
                        return (OPENS if kind == "open" else STEALS)[by][source]
                elif kind == "bring":
                    card = move["card"]
                    if type(card) is str and card in BRINGS[by]:
                        return BRINGS[by][card]
        except KeyError:
            pass  # a field is missing: the readers below say which
    kind, by = mover(move, ("deal",), ("bring", "open", "steal"))
    if kind == "deal":
        return Deal(name_rows(move, "hands"), name_rows(move, "lists"))
    assert isinstance(by, int)
    if kind == "bring":
        return Bring(by, text(move, "card", "card"))
    if kind == "open":
        return Open(by, whole_number(move, "from", "seat"))
    return Steal(by, whole_number(move, "from", "seat"))
