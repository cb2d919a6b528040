"""A helper beside a seat: someone else sees what the seat sees, and suggests, with the seat's own yes.

A second person (a connection anywhere at the host: in the lobby, watching, seated at another
table; never one seated at this table) asks to help a seat (``help_ask``).  Only the seat's
own player answers: the connection holding that seat's token (``help_asked``, ``help_answer``);
not the table's creator, not the host's owner, nobody else.  Until that yes nothing of the seat
reaches the asker: they may watch the table as any spectator may, no more.

With the yes the helper gets, for as long as the help lasts, exactly the frames of the seat's
own view (``help_view``: the seat's ``view`` frame at each change, marked as a helper's), and
everyone at the table sees in table info, and in the log (``helper_joined``), that the seat has
a helper and who.  The helper may suggest a move (``suggest``): checked against what the seat
may do now, and sent to the seat's connection only (``suggestion``).  A helper never moves for
the seat: a ``move`` from them is refused as from anyone without the seat.

The help ends (``help_ended`` to both, ``helper_left`` in the log) when the seat says so or the
helper stops (``help_end``), when the game ends, when the seat's player leaves the seat, is
gone, or the seat is taken over by another device, when the helper leaves the table or is gone,
and when the host forgets the table.  From then on the helper is sent only what a spectator is.
Help is kept in memory only: a host restart ends it, and a helper who reconnects asks again.

One request at a time for a seat, and one per asking connection and one per address at a table; after a no the same person or address waits :data:`REFUSED_SECONDS` before asking that
seat again; requests are rate-limited per connection and per address by the host
(:data:`ASK_RATE`), suggestions per helper (:data:`SUGGEST_RATE`).
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from ...core import IllegalMove, MalformedMove
from ...core.reasons import GENERIC
from ...core.session import Session
from ..frames import HELPER_JOINED, HELPER_LEFT, PLAYING, HelpAsked, HelpEnded, HelpOver, HelpWaiting, HelpWhy, Status
from ..refusal import RequestError
from .audience import Audience
from .connection import Connection, TokenBucket
from .seats import Seats

ASK_SECONDS = 60.0
"""How long the seat has to answer a request to help it; no answer by then is a no."""
REFUSED_SECONDS = 120.0
"""After a no, how long the same person or address waits before asking that seat again."""
ASK_RATE = 1 / 10
"""Requests to help one address (and one connection) may make a second on average ..."""
ASK_BURST = 8.0
"""... and at once (a connection: :data:`ASK_CONNECTION_BURST`)."""
ASK_CONNECTION_BURST = 4.0
SUGGEST_RATE = 0.5
"""Suggestions a helper may send a second on average ..."""
SUGGEST_BURST = 5.0
"""... and at once."""

Why = HelpWhy


@dataclass(slots=True)
class HelpAsk:
    """An open request from ``conn`` to help ``seat`` (its player ``player``)."""

    id: int
    conn: Connection
    seat: int
    player: str
    timer: asyncio.TimerHandle | None = None


@dataclass(slots=True)
class Help:
    """``conn`` (called ``name``) helps ``seat`` (its player ``player``)."""

    conn: Connection
    seat: int
    player: str
    name: str
    suggestions: TokenBucket = field(default_factory=lambda: TokenBucket(SUGGEST_RATE, SUGGEST_BURST))


class HelpersTable(Protocol):
    """What the helpers ask of their table (:class:`yule.netplay.host.table.Table`)."""

    id: int
    size: int
    status: Status
    seats: Seats
    session: Session[Any] | None
    audience: Audience

    def movers(self) -> list[int]:
        """The seats that may act now."""

    def announce(self, event: dict[str, Any]) -> None:
        """A log line of the table's own, sent with everyone's view."""

    def changed(self) -> None:
        """The step after any change of the table: timers, table info to everyone, bots."""


def check_move(session: Session[Any], seat: int, wire: Mapping[str, Any]) -> None:
    """Refuse ``wire`` unless ``seat`` may make that move now: the rules' own refusal, as a move
    would get it (nothing is played: the rules verify it)."""
    state = session.state
    trigger = state.chance_trigger()
    if trigger is not None:
        if dict(wire) != {"type": trigger[1]}:
            raise RequestError.ruled("illegal", IllegalMove(session.game.reasons, "chance_first", move=trigger[1]))
        return
    try:
        state.verify(state.parse_seat_move(seat, dict(wire)))
    except IllegalMove as e:
        raise RequestError.ruled("illegal", e) from None
    except Exception:
        raise RequestError.ruled("illegal", MalformedMove(GENERIC, "not_understood")) from None


class Helpers:
    """The requests to help the seats of ``table``, and the helps going on."""

    def __init__(self, table: HelpersTable, seconds: float = ASK_SECONDS) -> None:
        self.table = table
        self.seconds = seconds
        self.asks: dict[int, HelpAsk] = {}
        self.helps: dict[int, Help] = {}
        """Seat -> its help going on."""
        self.refused: dict[tuple[int, str], float] = {}
        """(seat, person hash or address) -> loop time until which it may not ask to help that seat again."""
        self._ids: Iterator[int] = itertools.count(1)

    @property
    def _now(self) -> float:
        return asyncio.get_running_loop().time()

    def helping(self, conn: Connection) -> Help | None:
        """The help ``conn`` gives at this table, if any."""
        return next((h for h in self.helps.values() if h.conn is conn), None)

    # -- asking, answering ---------------------------------------------------------------------

    def ask(self, conn: Connection, seat: int) -> HelpWaiting:
        """``conn`` asks to help ``seat``: its player is asked (``help_asked``); the reply says
        the request waits."""
        table = self.table
        if not 0 <= seat < table.size:
            raise RequestError("bad_seat", reason="range", seats=table.size)
        s = table.seats[seat]
        if s is None or not s.person:
            raise RequestError("bad_seat", reason="no_person")
        if conn.seats.get(table.id) == seat:
            raise RequestError("bad_seat", reason="own")
        if table.id in conn.seats:
            raise RequestError("help_refused", reason="seated_here")
        if table.status != PLAYING:
            raise RequestError("not_playing", reason="idle" if table.session is None else "over")
        if s.conn is None:
            raise RequestError("help_refused", reason="away", seat=seat, name=s.name)
        helped = self.helps.get(seat)
        if helped is not None:
            raise RequestError("help_busy", reason="helped", seat=seat, name=s.name, helper=helped.name)
        if any(a.seat == seat for a in self.asks.values()):
            raise RequestError("help_busy", reason="asked", seat=seat, name=s.name)
        if any(a.conn is conn for a in self.asks.values()):
            raise RequestError("already_asking", reason="you")
        if self.helping(conn) is not None:
            raise RequestError("help_refused", reason="helping")
        if any(a.conn.group == conn.group for a in self.asks.values()):
            raise RequestError("already_asking", reason="address")
        now = self._now
        self.refused = {key: until for key, until in self.refused.items() if until > now}
        if any(self.refused.get((seat, key), 0.0) > now for key in (conn.group, conn.person) if key):
            raise RequestError("asked_lately", minutes=REFUSED_SECONDS / 60)
        ask = HelpAsk(next(self._ids), conn, seat, s.name)
        ask.timer = asyncio.get_running_loop().call_later(self.seconds, self._expire, ask.id)
        self.asks[ask.id] = ask
        conn.helps.add(table.id)
        question: HelpAsked = {"type": "help_asked", "table": table.id, "request": ask.id, "seat": seat,
                               "name": s.name, "by": conn.name, "seconds": self.seconds}  # fmt: skip
        s.conn.send(question)
        return {"type": "help_waiting", "table": table.id, "request": ask.id, "seat": seat, "name": s.name,
                "seconds": self.seconds}  # fmt: skip

    def answer(self, conn: Connection, number: int, yes: bool) -> None:
        """The seat's own player answers request ``number``: nobody else may."""
        ask = self.asks.get(number)
        if ask is None:
            raise RequestError("no_request")
        s = self.table.seats[ask.seat]
        if s is None or s.conn is not conn or conn.seats.get(self.table.id) != ask.seat:
            raise RequestError("help_refused", reason="answer")
        if not yes:
            for key in (ask.conn.group, ask.conn.person):
                if key:
                    self.refused[(ask.seat, key)] = self._now + REFUSED_SECONDS
            self._close(ask, "no")
            return
        self._close(ask, "yes")
        if ask.conn.closed or self.table.status != PLAYING:
            return
        self._begin(ask)

    def _begin(self, ask: HelpAsk) -> None:
        """The seat said yes: the helper is sent the seat's view from now on (and watches the
        table, if it was not there); everyone at the table is told who helps whom."""
        table, conn = self.table, ask.conn
        s = table.seats[ask.seat]
        assert s is not None
        name = conn.name
        self.helps[ask.seat] = Help(conn, ask.seat, ask.player, name)
        conn.helps.add(table.id)
        s.helper = name
        conn.send({"type": "helping", "table": table.id, "seat": ask.seat, "name": ask.player})
        table.audience.helped[conn] = ask.seat
        if not table.audience.is_at(conn):
            conn.watching.add(table.id)
            table.audience.watch(conn)  # table info, the log, the public view, then the seat's
        else:
            table.audience.send_help(conn, ask.seat)
        table.announce({"type": HELPER_JOINED, "seat": ask.seat, "name": name})
        table.changed()

    def _expire(self, number: int) -> None:
        ask = self.asks.get(number)
        if ask is not None:
            self._close(ask, "expired")

    def _close(self, ask: HelpAsk, outcome: Literal["yes", "no", "expired", "withdrawn", "closed"]) -> None:
        """The request is over: the asker and the seat hear how."""
        if ask.timer is not None:
            ask.timer.cancel()
        del self.asks[ask.id]
        if self.helping(ask.conn) is None:
            ask.conn.helps.discard(self.table.id)
        over: HelpOver = {"type": "help_over", "table": self.table.id, "request": ask.id, "seat": ask.seat,
                          "name": ask.player, "by": ask.conn.name, "outcome": outcome}  # fmt: skip
        ask.conn.send(over)
        s = self.table.seats[ask.seat]
        if s is not None and s.conn is not None and s.conn is not ask.conn:
            s.conn.send(over)

    # -- helping -------------------------------------------------------------------------------

    def suggest(self, conn: Connection, move: Mapping[str, Any], seq: int | None) -> None:
        """The helper suggests ``move`` to the seat: checked as the seat's own move would be,
        then sent to the seat's connection only."""
        table = self.table
        help = self.helping(conn)
        if help is None:
            raise RequestError("help_refused", reason="not_helping")
        session = table.session
        if table.status != PLAYING or session is None:
            raise RequestError("not_playing", reason="over")
        if help.seat not in table.movers():
            raise RequestError("not_your_turn")
        if seq is not None and not session.fresh_for(help.seat, seq):
            raise RequestError("stale", seq=len(session.moves))
        check_move(session, help.seat, move)
        if not help.suggestions.take():
            raise RequestError("help_flood", reason="suggest")
        s = table.seats[help.seat]
        if s is not None and s.conn is not None:
            s.conn.send({"type": "suggestion", "table": table.id, "seat": help.seat, "name": help.name,
                         "move": dict(move), "seq": len(session.moves)})  # fmt: skip

    def end(self, conn: Connection) -> None:
        """``help_end``: the seat's player ends its help (or a request to help it), the helper
        stops helping, or an asker withdraws."""
        table = self.table
        seat = conn.seats.get(table.id)
        if seat is not None and seat in self.helps:
            self._end(self.helps[seat], "seat")
            return
        if seat is not None and (asks := [a for a in self.asks.values() if a.seat == seat]):
            for ask in asks:
                self._close(ask, "no")
            return
        help = self.helping(conn)
        if help is not None:
            self._end(help, "helper")
            return
        asks = [a for a in self.asks.values() if a.conn is conn]
        if not asks:
            raise RequestError("help_refused", reason="not_helping")
        for ask in asks:
            self._close(ask, "withdrawn")

    def _end(self, help: Help, why: Why) -> None:
        """The help is over: from now on the helper is sent what a spectator is, nothing of the
        seat; both hear it (``help_ended``), and everyone at the table (but when it closes)."""
        table = self.table
        del self.helps[help.seat]
        table.audience.helped.pop(help.conn, None)
        if not any(a.conn is help.conn for a in self.asks.values()):
            help.conn.helps.discard(table.id)
        s = table.seats[help.seat]
        if s is not None:
            s.helper = None
        ended: HelpEnded = {"type": "help_ended", "table": table.id, "seat": help.seat, "name": help.player,
                            "helper": help.name, "why": why}  # fmt: skip
        help.conn.send(ended)
        if s is not None and s.conn is not None:
            s.conn.send(ended)
        if why != "closed":
            if table.session is not None:
                table.announce({"type": HELPER_LEFT, "seat": help.seat, "name": help.name, "why": why})
            table.changed()

    # -- what ends them ------------------------------------------------------------------------

    def seat_gone(self, seat: int, why: Why) -> None:
        """The player of ``seat`` left it, is gone, or it went to another connection: its help
        and the requests to help it end."""
        for ask in [a for a in self.asks.values() if a.seat == seat]:
            self._close(ask, "closed")
        if seat in self.helps:
            self._end(self.helps[seat], why)

    def withdraw(self, conn: Connection) -> None:
        """``conn`` left the table or is gone: its request and its help end."""
        for ask in [a for a in self.asks.values() if a.conn is conn]:
            self._close(ask, "withdrawn")
        help = self.helping(conn)
        if help is not None:
            self._end(help, "helper")

    def game_over(self) -> None:
        """The game has ended: every help and request ends (a new game needs a new yes)."""
        for ask in list(self.asks.values()):
            self._close(ask, "closed")
        for help in list(self.helps.values()):
            self._end(help, "over")

    def close_all(self) -> None:
        """The table is going: every help and request ends."""
        for ask in list(self.asks.values()):
            self._close(ask, "closed")
        for help in list(self.helps.values()):
            self._end(help, "closed")
