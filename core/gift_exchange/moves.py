"""Gift Exchange moves: small frozen values named as in the record (``yule-record/1``).

    >>> Steal(by=1, gift=3).to_record()
    {'by': 1, 'type': 'steal', 'gift': 3}
    >>> parse({"by": 0, "type": "open", "gift": 2, "label": "  Socks "})
    Open(by=0, gift=2, label='Socks')
    >>> parse({"by": 0, "type": "open", "gift": 2}).to_record()
    {'by': 0, 'type': 'open', 'gift': 2}

Text fields lose their surrounding spaces when parsed; an open's empty label counts as no label.
Lengths and control characters are checked by the state's ``verify`` (see :mod:`.text`).

The organiser mends the party with moves of their own, by ``"organiser"`` (a seat may not make
them): a latecomer arrives with their gift (:class:`Arrive`; chance then places them in the order:
:class:`Place`), a guest who stepped out is skipped for now (:class:`Skip`), a gift's label is put
right (:class:`Relabel`).  In the record (``yule-record/1``, extended: a record without them
reads as before)::

    {"by": "organiser", "type": "arrive", "label": str, "wrapping": str}   seat and gift = the next number
    {"by": "chance", "type": "place", "seat": s, "at": i}                  after the draw: index i of the order
    {"by": "organiser", "type": "skip", "seat": s}                         s goes to the end of the order
    {"by": "organiser", "type": "relabel", "gift": g, "label": str}

A record's ``players`` names every seat, latecomers last in the order they arrived: the game
started with as many fewer seats as it has ``arrive`` moves.

    >>> parse({"by": "organiser", "type": "relabel", "gift": 1, "label": " Socks "})
    Relabel(gift=1, label='Socks')
    >>> parse({"by": 2, "type": "skip", "seat": 2})
    Traceback (most recent call last):
    ...
    yule.core.base.MalformedMove: Only the party's organiser can do that ('skip').
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..base import CHANCE, ORGANISER, MalformedMove
from ..fields import mover, numbers, text, whole_number
from .reasons import REASONS
from .text import SILLY_GIFTS, WRAPPINGS, bot_label


class Bring(NamedTuple):
    """Seat ``by`` brings its gift (gift id ``by``): a secret label and a public wrapping.

    A value like the other moves, made as a tuple: every bring is a new one (its texts are
    free), and a tuple is made several times faster than a frozen dataclass.  It equals only
    another bring (never a plain tuple).

    >>> Bring(1, "Socks", "box") == Bring(1, "Socks", "box"), Bring(1, "Socks", "box") == (1, "Socks", "box")
    (True, False)
    """

    by: int
    label: str
    wrapping: str

    @property
    def type(self) -> str:
        return "bring"

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "bring", "label": self.label, "wrapping": self.wrapping}

    def __eq__(self, other: object) -> bool:
        return type(other) is Bring and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return tuple.__hash__(self)


@dataclass(frozen=True, slots=True)
class Order:
    """Chance: the turn order, drawn once every gift is brought."""

    seats: tuple[int, ...]

    @property
    def type(self) -> str:
        return "order"

    @property
    def by(self) -> str:
        return CHANCE

    def to_record(self) -> dict[str, Any]:
        return {"by": CHANCE, "type": "order", "seats": list(self.seats)}


@dataclass(frozen=True, slots=True)
class Open:
    """The active seat opens wrapped gift ``gift``; ``label`` names a gift brought unlabelled."""

    by: int
    gift: int
    label: str | None = None

    @property
    def type(self) -> str:
        return "open"

    def to_record(self) -> dict[str, Any]:
        out: dict[str, Any] = {"by": self.by, "type": "open", "gift": self.gift}
        if self.label is not None:
            out["label"] = self.label
        return out


@dataclass(frozen=True, slots=True)
class Steal:
    """The active seat takes open gift ``gift``; in the final phase, the first player's swap."""

    by: int
    gift: int

    @property
    def type(self) -> str:
        return "steal"

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "steal", "gift": self.gift}


@dataclass(frozen=True, slots=True)
class Keep:
    """The first player declines the final swap."""

    by: int

    @property
    def type(self) -> str:
        return "keep"

    def to_record(self) -> dict[str, Any]:
        return {"by": self.by, "type": "keep"}


@dataclass(frozen=True, slots=True)
class Arrive:
    """The organiser seats a latecomer with their gift: the next seat number (and gift id), a
    label (empty: named at the reveal) and a wrapping, as a bring has.  After the draw, chance
    then places them in the order (:class:`Place`)."""

    label: str
    wrapping: str

    @property
    def type(self) -> str:
        return "arrive"

    @property
    def by(self) -> str:
        return ORGANISER

    def to_record(self) -> dict[str, Any]:
        return {"by": ORGANISER, "type": "arrive", "label": self.label, "wrapping": self.wrapping}


@dataclass(frozen=True, slots=True)
class Place:
    """Chance: latecomer ``seat`` takes place ``at`` of the order (an index into it), one of the
    places after the turn being played, each as likely."""

    seat: int
    at: int

    @property
    def type(self) -> str:
        return "place"

    @property
    def by(self) -> str:
        return CHANCE

    def to_record(self) -> dict[str, Any]:
        return {"by": CHANCE, "type": "place", "seat": self.seat, "at": self.at}


@dataclass(frozen=True, slots=True)
class Skip:
    """The organiser passes over ``seat``, whose turn begins now (they stepped out): they go to
    the end of the order."""

    seat: int

    @property
    def type(self) -> str:
        return "skip"

    @property
    def by(self) -> str:
        return ORGANISER

    def to_record(self) -> dict[str, Any]:
        return {"by": ORGANISER, "type": "skip", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Relabel:
    """The organiser puts gift ``gift``'s label right (a typo): ``label`` from now on."""

    gift: int
    label: str

    @property
    def type(self) -> str:
        return "relabel"

    @property
    def by(self) -> str:
        return ORGANISER

    def to_record(self) -> dict[str, Any]:
        return {"by": ORGANISER, "type": "relabel", "gift": self.gift, "label": self.label}


Move = Bring | Order | Open | Steal | Keep | Arrive | Place | Skip | Relabel

SEAT_MOVES = ("bring", "open", "steal", "keep")
ORGANISER_MOVES = frozenset({"arrive", "skip", "relabel"})
"""The organiser's moves, by :data:`~yule.core.base.ORGANISER`."""

MOST_SEATS = 40
"""The most seats a Gift Exchange has: the seat and gift numbers the tables below hold moves for."""

OPENS: tuple[tuple[Open, ...], ...] = tuple(tuple(Open(by, g) for g in range(MOST_SEATS)) for by in range(MOST_SEATS))
"""``OPENS[by][gift]``: every open without a label to name, made once (moves are values: one serves all)."""
STEALS: tuple[tuple[Steal, ...], ...] = tuple(
    tuple(Steal(by, g) for g in range(MOST_SEATS)) for by in range(MOST_SEATS)
)
"""``STEALS[by][gift]``: every steal there can be."""
KEEPS: tuple[Keep, ...] = tuple(Keep(by) for by in range(MOST_SEATS))
STAND_IN_BRINGS: tuple[Bring, ...] = tuple(
    Bring(by, bot_label(by), WRAPPINGS[by % len(WRAPPINGS)]) for by in range(MOST_SEATS)
)
"""``STAND_IN_BRINGS[by]``: the bring the rules list for seat ``by``, whose label and wrapping
are free text: what a bot brings from that seat (:func:`~.text.bot_label`)."""
STAND_IN_OPENS: tuple[tuple[Open, ...], ...] = tuple(
    tuple(Open(by, g, SILLY_GIFTS[g % len(SILLY_GIFTS)]) for g in range(MOST_SEATS)) for by in range(MOST_SEATS)
)
"""``STAND_IN_OPENS[by][gift]``: the open the rules list of a gift brought without a label, named
with one of the bots' examples, picked by the gift's number."""


_WHOLE_NUMBERS = {int}
"""The types in a list of whole numbers."""
_make = tuple.__new__
"""``_make(Bring, (by, label, wrapping))`` is ``Bring(by, label, wrapping)`` without the call of its ``__new__``."""


def parse(move: dict[str, Any]) -> Move:
    """A record-form dict as a move value; :class:`~yule.core.base.MalformedMove` when it cannot be one.

    >>> parse({"by": "chance", "type": "order", "seats": [1, 0]})
    Order(seats=(1, 0))
    >>> parse({"by": 0, "type": "steal", "gift": "3"})
    Traceback (most recent call last):
    ...
    yule.core.base.MalformedMove: 'steal' needs a gift number in 'gift'
    """
    if type(move) is dict:  # a well-formed move is read at once (from the tables above, where it is one)
        try:
            by, kind = move["by"], move["type"]
            if type(by) is int and 0 <= by < MOST_SEATS:
                if kind == "steal":
                    gift = move["gift"]
                    if type(gift) is int and 0 <= gift < MOST_SEATS:
                        return STEALS[by][gift]
                elif kind == "open":
                    gift = move["gift"]
                    if type(gift) is int and 0 <= gift < MOST_SEATS and move.get("label") is None:
                        return OPENS[by][gift]
                elif kind == "bring":
                    label, wrapping = move["label"], move["wrapping"]
                    if type(label) is str and type(wrapping) is str:
                        return _make(Bring, (by, label.strip(), wrapping.strip()))
                elif kind == "keep":
                    return KEEPS[by]
            elif kind == "order" and by == CHANCE:
                seats = move["seats"]
                if type(seats) is list and set(map(type, seats)) == _WHOLE_NUMBERS:
                    return Order(tuple(seats))
        except KeyError:
            pass  # a field is missing: the readers below say which
    kind = move.get("type") if isinstance(move, dict) else None
    if type(kind) is str and kind in ORGANISER_MOVES:
        return _organiser_move(move)
    kind, by = mover(move, ("order", "place"), SEAT_MOVES)
    if kind == "order":
        return Order(numbers(move, "seats", "seats"))
    if kind == "place":
        return Place(whole_number(move, "seat", "seat"), whole_number(move, "at", "number"))
    assert isinstance(by, int)
    if kind == "bring":
        return Bring(by, text(move, "label").strip(), text(move, "wrapping").strip())
    if kind == "keep":
        return Keep(by)
    gift = whole_number(move, "gift", "gift")
    if kind == "steal":
        return Steal(by, gift)
    label = move.get("label")
    if label is not None:
        label = text(move, "label").strip() or None
    return Open(by, gift, label)


def _organiser_move(move: dict[str, Any]) -> Move:
    """An organiser's move in record form as a move value (by :data:`~yule.core.base.ORGANISER` only)."""
    kind = move["type"]
    if move.get("by") != ORGANISER:
        raise MalformedMove(REASONS, "organiser_only", type=kind)
    if kind == "arrive":
        return Arrive(text(move, "label").strip(), text(move, "wrapping").strip())
    if kind == "skip":
        return Skip(whole_number(move, "seat", "seat"))
    return Relabel(whole_number(move, "gift", "gift"), text(move, "label").strip())
