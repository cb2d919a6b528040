"""The seats of a table: who sits where, and when a bot stands in for a person who is away.

A seat is empty (``None``) or a :class:`Seat`: a person's, known by the hash of their secret
token (``conn`` while they are connected) and kept by the person who took it (``person_hash``,
the hash of their person token: :mod:`.evening`); a bot's (``bot``, its kind); or, at an
organiser-mode table, a guest the organiser moves for (neither).  :class:`Seats` writes every
change of who sits where to the store before it makes it in memory, so a write that fails
changes nothing.  While a game is played, a person who is away gets a stand-in bot once the
table's away timeout has run (:meth:`Seats.away`); their token still brings them back.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from ...core.bots import bot_level
from ..frames import SeatInfo
from ..names import unlike
from .connection import Connection
from .store import SeatRow, Store, hash_token


@dataclass(slots=True)
class Seat:
    """A taken seat: a person's (``token_hash``) or a bot's (``bot`` is its kind)."""

    name: str
    bot: str | None = None
    token_hash: str | None = None
    person_hash: str | None = None
    """The hash of the person token of who took the seat, when the host knows it (:mod:`.evening`)."""
    conn: Connection | None = None
    stand_in: bool = False
    """True while a bot plays for the absent person."""
    away_timer: asyncio.TimerHandle | None = None
    helper: str | None = None
    """The name of who helps this seat's player, with their yes (:mod:`.helpers`)."""

    @property
    def person(self) -> bool:
        """True for a person's seat (not a bot's, nor a guest's the organiser moves for)."""
        return self.bot is None and self.token_hash is not None


class Seats:
    """The ``size`` seats of table ``table``, kept in ``store``; ``stand_in(seat)`` is called when
    a person has been away for ``away_timeout`` seconds."""

    def __init__(
        self, store: Store, table: int, size: int, away_timeout: float, stand_in: Callable[[int], None]
    ) -> None:
        self.store = store
        self.table = table
        self.away_timeout = away_timeout
        self.stand_in = stand_in
        self._seats: list[Seat | None] = [None] * size
        self.held: dict[int, float] | None = None
        """While the table is paused (:meth:`hold`): seat -> seconds its away countdown had left;
        None while the countdowns run."""

    def __getitem__(self, seat: int) -> Seat | None:
        return self._seats[seat]

    def __iter__(self) -> Iterator[Seat | None]:
        return iter(self._seats)

    def __len__(self) -> int:
        return len(self._seats)

    # -- who sits where, stored first ------------------------------------------------------------

    def restore(self, rows: Mapping[int, SeatRow]) -> None:
        """The seats as stored."""
        for seat, row in rows.items():
            if 0 <= seat < len(self._seats):
                self._seats[seat] = Seat(row.name, row.bot, row.token_hash, row.person)

    def guest(self, seat: int, name: str) -> None:
        """An organiser-mode guest in ``seat``."""
        self.store.save_seat(self.table, seat, SeatRow(name))
        self._seats[seat] = Seat(name)

    def latecomer(self, name: str) -> int:
        """An organiser-mode guest who arrived late, in a new seat at the end (:mod:`.mending`); their seat."""
        seat = len(self._seats)
        self.store.save_seat(self.table, seat, SeatRow(name))
        self._seats.append(Seat(name))
        return seat

    def drop_last(self) -> None:
        """The last seat goes (a latecomer's, whose arrival could not be stored)."""
        self.store.free_seat(self.table, len(self._seats) - 1)
        self._seats.pop()

    def person(self, seat: int, conn: Connection) -> str:
        """The player of ``conn`` in ``seat`` (its person), under their name told apart from the
        others here; their new secret token."""
        token = secrets.token_urlsafe(24)
        s = Seat(self.unique(conn.name, seat), token_hash=hash_token(token), person_hash=conn.person, conn=conn)
        self.store.save_seat(self.table, seat, SeatRow(s.name, None, s.token_hash, s.person_hash))
        self._seats[seat] = s
        return token

    def bot(self, seat: int, kind: str, name: str) -> None:
        """A bot of ``kind`` in ``seat``, called ``name`` (told apart from the others here)."""
        name = self.unique(name, seat)
        self.store.save_seat(self.table, seat, SeatRow(name, kind))
        self._seats[seat] = Seat(name, bot=kind)

    def empty(self, seat: int) -> Seat | None:
        """Nobody in ``seat`` any more; who sat there."""
        self.store.free_seat(self.table, seat)
        s, self._seats[seat] = self._seats[seat], None
        return s

    def new_token(self, seat: int) -> tuple[str | None, str]:
        """A new secret token for a person's seat (the old one stops working): the old token's
        hash and the new token.  The seat stays its person's."""
        s = self._seats[seat]
        assert s is not None
        old, token = s.token_hash, secrets.token_urlsafe(24)
        self.store.save_seat(self.table, seat, SeatRow(s.name, None, hash_token(token), s.person_hash))
        s.token_hash = hash_token(token)
        return old, token

    def unique(self, name: str, seat: int) -> str:
        """``name``, numbered when it looks like the name of another seat here (:func:`.names.unlike`)."""
        return unlike(name, (s.name for i, s in enumerate(self._seats) if s is not None and i != seat))

    # -- away ------------------------------------------------------------------------------------

    def away(self, seat: int) -> None:
        """While a game is played: a person who is not connected gets a stand-in after the away
        timeout (unless a bot plays for them already, or their countdown runs, or the table is paused)."""
        s = self._seats[seat]
        if (
            self.held is not None
            or s is None
            or not s.person
            or s.conn is not None
            or s.stand_in
            or s.away_timer is not None
        ):
            return
        s.away_timer = asyncio.get_running_loop().call_later(self.away_timeout, self.stand_in, seat)

    @staticmethod
    def back(s: Seat) -> None:
        """The person of ``s`` is back (or the game goes on without their countdown): no stand-in."""
        if s.away_timer is not None:
            s.away_timer.cancel()
            s.away_timer = None
        s.stand_in = False

    def stop(self) -> None:
        """The game is over, or the table closes: the countdowns stop."""
        for s in self._seats:
            if s is not None and s.away_timer is not None:
                s.away_timer.cancel()
                s.away_timer = None
        self.held = None

    # -- a paused table (:mod:`.pause`) -------------------------------------------------------------

    def left(self) -> dict[int, float]:
        """Seat -> seconds until a bot stands in for its person away (held ones: as held)."""
        if self.held is not None:
            return dict(self.held)
        now = asyncio.get_running_loop().time()
        return {seat: max(0.0, s.away_timer.when() - now) for seat, s in enumerate(self._seats)
                if s is not None and s.away_timer is not None}  # fmt: skip

    def hold(self, left: dict[int, float]) -> None:
        """The table is paused: no countdown runs; each keeps the seconds ``left`` until :meth:`release`."""
        for s in self._seats:
            if s is not None and s.away_timer is not None:
                s.away_timer.cancel()
                s.away_timer = None
        self.held = dict(left)

    def release(self) -> None:
        """The table is resumed: each held countdown of a person still away runs again with the
        seconds it had left (the table then starts the others: :meth:`away`)."""
        held, self.held = self.held or {}, None
        loop = asyncio.get_running_loop()
        for seat, left in held.items():
            s = self._seats[seat] if 0 <= seat < len(self._seats) else None
            if s is not None and s.person and s.conn is None and not s.stand_in and s.away_timer is None:
                s.away_timer = loop.call_later(left, self.stand_in, seat)

    # -- what the table tells -------------------------------------------------------------------

    def summaries(self) -> list[SeatInfo | None]:
        """Each seat for table info: its player, bot kind (and a bot's level and number), whether
        they are away, whether a bot plays for them, and ``stand_in_in``: seconds until a bot
        stands in for someone away."""
        now = asyncio.get_running_loop().time() if any(s and s.away_timer for s in self._seats) else 0.0
        out: list[SeatInfo | None] = []
        for seat, s in enumerate(self._seats):
            if s is None:
                out.append(None)
                continue
            held = self.held.get(seat) if self.held is not None and s.conn is None and not s.stand_in else None
            info: SeatInfo = {
                "name": s.name,
                "bot": s.bot,
                "away": s.bot is None and s.conn is None and s.token_hash is not None,
                "stand_in": s.stand_in,
                "stand_in_in": round(held, 1)
                if held is not None
                else None
                if s.away_timer is None
                else round(max(0.0, s.away_timer.when() - now), 1),
            }
            if s.bot is not None:  # named "Normal Bot 3": how a client words it in its own language
                info["level"], info["number"] = bot_level(s.bot), seat + 1
            if s.helper is not None:
                info["helper"] = s.helper
            out.append(info)
        return out
