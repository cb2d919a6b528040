"""White Elephant's moves: small frozen values named as in the record (``yule-record/1``).

>>> Take(by=1, cards=("mug-3", "socks-0")).to_record()
{'by': 1, 'type': 'take', 'cards': ['mug-3', 'socks-0']}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..base import CHANCE
from ..fields import mover, names, text, whole_number
from ..moves import End as End
from ..moves import Shuffle as Shuffle
from .cards import CARD_SUIT


@dataclass(frozen=True, slots=True)
class Start:
    """Chance: the seat that holds the Start Player marker first (house rule 13)."""

    seat: int

    @property
    def type(self) -> str:
        return "start"

    @property
    def by(self) -> str:
        return CHANCE

    def to_record(self) -> dict[str, Any]:
        return {"by": CHANCE, "type": "start", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Peek:
    """Spend a Peanut to look at one Surprise Gift, before or after the main action."""

    by: int
    card: str

    @property
    def type(self) -> str:
        return "peek"

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "peek", "card": self.card}


class Take(NamedTuple):
    """Main action: take 2 or more gifts from the Gift Exchange.

    A value like the other moves, made as a tuple: a seat may list hundreds of takes at once,
    and a tuple is made several times faster than a frozen dataclass.  It equals only another
    take (never a plain tuple).

    >>> Take(1, ("mug-3", "socks-0")) == Take(1, ("mug-3", "socks-0")), Take(1, ("mug-3", "socks-0")) == (1, ("mug-3", "socks-0"))
    (True, False)
    """

    by: int
    cards: tuple[str, ...]

    @property
    def type(self) -> str:
        return "take"

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "take", "cards": list(self.cards)}

    def __eq__(self, other: object) -> bool:
        return type(other) is Take and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return tuple.__hash__(self)


@dataclass(frozen=True, slots=True)
class Trade:
    """Main action: spend a Peanut and take every card in front of seat ``target``."""

    by: int
    target: int

    @property
    def type(self) -> str:
        return "trade"

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "trade", "target": self.target}


@dataclass(frozen=True, slots=True)
class Clear:
    """Main action: take every gift left, the marker and its Peanuts; ends the round."""

    by: int

    @property
    def type(self) -> str:
        return "clear"

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "clear"}


Move = Shuffle | Start | Peek | Take | Trade | Clear | End
"""White Elephant's moves: first the :class:`~yule.core.moves.Shuffle` of the deck without the
suits this player count leaves out, and the first Start Player; then the seats' moves, among
them the :class:`~yule.core.moves.End` of a turn after a main action that did not end the round."""

CHANCE_TYPES = ("shuffle", "start")
SEAT_TYPES = ("peek", "take", "trade", "clear", "end")

MOST_SEATS = 8
"""The most seats a White Elephant table has: the seat numbers the tables below hold moves for."""

TRADES: tuple[tuple[Trade, ...], ...] = tuple(
    tuple(Trade(by, t) for t in range(MOST_SEATS)) for by in range(MOST_SEATS)
)
"""``TRADES[by][target]``: every trade there can be, made once (moves are values: one serves all)."""
CLEARS: tuple[Clear, ...] = tuple(Clear(by) for by in range(MOST_SEATS))
ENDS: tuple[End, ...] = tuple(End(by) for by in range(MOST_SEATS))
PEEKS: tuple[dict[str, Peek], ...] = tuple({card: Peek(by, card) for card in CARD_SUIT} for by in range(MOST_SEATS))
"""``PEEKS[by][card]``: every peek at a card there can be."""


_make = tuple.__new__
"""``_make(Take, (by, cards))`` is ``Take(by, cards)`` without the call of its ``__new__``."""


def parse(move: dict[str, Any]) -> Move:
    """A record-form dict as a move value; :class:`~yule.core.base.MalformedMove` when it cannot be one."""
    if type(move) is dict:  # a well-formed seat move is read at once
        try:
            by, kind = move["by"], move["type"]
            if type(by) is int and 0 <= by < MOST_SEATS:
                if kind == "end":
                    return ENDS[by]
                if kind == "take":
                    cards = move["cards"]
                    if type(cards) is list:
                        for card in cards:
                            if type(card) is not str:
                                break
                        else:
                            return _make(Take, (by, tuple(cards)))
                elif kind == "peek":
                    card = move["card"]
                    if type(card) is str:
                        peek = PEEKS[by].get(card)
                        if peek is not None:
                            return peek
                elif kind == "trade":
                    target = move["target"]
                    if type(target) is int and 0 <= target < MOST_SEATS:
                        return TRADES[by][target]
                elif kind == "clear":
                    return CLEARS[by]
            elif by == CHANCE:  # once a game each, but a replay of short games reads many
                if kind == "shuffle":
                    deck = move["deck"]
                    if type(deck) is list and all(type(card) is str for card in deck):
                        return Shuffle(tuple(deck))
                elif kind == "start":
                    seat = move["seat"]
                    if type(seat) is int:
                        return Start(seat)
        except KeyError:
            pass  # a field is missing: the readers below say which
    kind, by = mover(move, CHANCE_TYPES, SEAT_TYPES)
    if kind == "shuffle":
        return Shuffle(names(move, "deck", "cards"))
    if kind == "start":
        return Start(whole_number(move, "seat", "seat"))
    assert isinstance(by, int)
    if kind == "take":
        return Take(by, names(move, "cards", "cards"))
    if kind == "peek":
        return Peek(by, text(move, "card", "card"))
    if kind == "trade":
        return Trade(by, whole_number(move, "target", "seat"))
    if kind == "clear":
        return Clear(by)
    return End(by)
