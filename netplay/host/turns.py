"""A table's turns as people take them: the turn timers, nudges, and a stand-in let move.

While a game is played the table keeps, for every seat that may move, how long its move has
waited (:class:`~.clock.Waits`), and with a turn timer (the table's ``turn_seconds``) each
person's deadline (:class:`~.clock.TurnClock`): once a seat's time is up its stand-in bot
makes that one move (the log says so).  Before each view goes out the timers follow who waits
now for a person's move (:meth:`Turns.wind`).

A person the table has waited for at least ``nudge_after`` seconds can be nudged by anyone
seated here (or its organiser): they hear it and the log says who nudged whom
(:meth:`Turns.nudge`); the organiser may instead let the stand-in bot make that one move
(:meth:`Turns.bot_move`).  When a game ends the host learns people's pace from the turns the
waits counted.
"""

from __future__ import annotations

from typing import Any, Protocol

from ...core.session import Session
from ..frames import BOT_MOVE, NUDGED, PLAYING, TIME_UP, Status
from ..refusal import RequestError
from .audience import Audience
from .botloop import BotLoop
from .clock import NUDGE_AFTER, TurnClock, Waits
from .connection import Connection
from .seats import Seat, Seats


class TurnsTable(Protocol):
    """What the turns ask of their table (:class:`yule.netplay.host.table.Table`)."""

    id: int
    size: int
    status: Status
    seats: Seats
    session: Session[Any] | None
    bots: BotLoop
    audience: Audience

    def movers(self) -> list[int]:
        """The seats that may act now."""

    def controlled(self, seat: int) -> bool:
        """True while a bot moves for ``seat``."""

    def announce(self, event: dict[str, Any]) -> None:
        """A log line of the table's own, sent with everyone's view."""


class Turns:
    """The turns at ``table``: with ``turn_seconds`` (else None) a turn timer for each person's move."""

    def __init__(self, table: TurnsTable, turn_seconds: float | None) -> None:
        self.table = table
        self.clock = TurnClock(turn_seconds, self.time_up) if turn_seconds is not None else None
        self.waits = Waits()
        """How long each seat's move has waited, and each person's turn took (:mod:`.clock`)."""
        self.nudge_after = NUDGE_AFTER
        """Seconds a person's move must have waited before they can be nudged (the host sets its own)."""

    def wind(self) -> None:
        """The turn timers follow who waits now for a person's move (:mod:`.clock`)."""
        if self.clock is None:
            return
        table = self.table
        waiting = [] if table.status != PLAYING else [
            seat for seat in table.movers()
            if not table.controlled(seat) and (s := table.seats[seat]) is not None and s.token_hash is not None
        ]  # fmt: skip
        self.clock.wind(waiting, table.session.moves if table.session is not None else [])

    def time_up(self, seat: int) -> None:
        """A seat's time is up: the bot that stands in for it makes this one move (the log says so)."""
        self.table.bots.once(seat, {"type": TIME_UP, "seat": seat})

    def stop(self) -> None:
        """The game is over, or the table closes: the turn timers stop."""
        if self.clock is not None:
            self.clock.stop()

    def _person_to_move(self, seat: int) -> Seat:
        """The seat, which must be a connected person's whose move the table waits for."""
        table = self.table
        if table.status != PLAYING:
            raise RequestError("not_playing", reason="idle")
        s = table.seats[seat] if 0 <= seat < table.size else None
        if s is None or not s.person:
            raise RequestError("bad_seat", reason="not_player")
        if seat not in table.movers():
            raise RequestError("not_waiting", reason="not_moving", seat=seat, name=s.name)
        if s.stand_in:
            raise RequestError("not_waiting", reason="stand_in", seat=seat, name=s.name)
        waited = self.waits.waited(seat)
        if waited < self.nudge_after:
            raise RequestError("too_soon", reason="early", seat=seat, name=s.name, waited=round(waited),
                               after=self.nudge_after)  # fmt: skip
        return s

    def nudge(self, conn: Connection, seat: int) -> None:
        """Someone seated here (or the organiser) reminds a player the table waits for them; the
        player hears it (``nudged``) and the log says who nudged whom."""
        table = self.table
        if table.id not in conn.seats and not table.audience.runs(conn):
            raise RequestError("not_seated", reason="nudge")
        if conn.seats.get(table.id) == seat:
            raise RequestError("bad_seat", reason="own")
        s = self._person_to_move(seat)
        if s.conn is None:
            raise RequestError("not_waiting", reason="away", seat=seat, name=s.name)
        if not self.waits.nudge(seat):
            raise RequestError("too_soon", reason="nudged", seat=seat, name=s.name)
        who = table.audience.name_of(conn)
        s.conn.send({"type": "nudged", "table": table.id, "seat": seat, "name": who})
        table.announce({"type": NUDGED, "seat": seat, "name": who})

    def bot_move(self, conn: Connection, seat: int) -> None:
        """The organiser lets the stand-in bot make this one move for a player who has not moved
        for a while (the log says who let it)."""
        audience = self.table.audience
        audience.check_runs(conn)
        self._person_to_move(seat)
        self.table.bots.once(seat, {"type": BOT_MOVE, "seat": seat, "name": audience.name_of(conn)})
