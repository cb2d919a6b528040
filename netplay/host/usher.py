"""The usher of a table at the host: who takes a seat, comes back to it, or leaves it.

A person joins a free seat (open tables to anyone, private ones with the join code) and gets
its secret token; the token gives the seat back later (:meth:`Usher.resume`), the seat's own
device winning over any other.  Someone whose device is gone asks for their seat by name, and
gets it only once another person says yes (:mod:`.door`, :meth:`Usher.reclaim`); a seat's
earlier device may ask for it back the same way (:meth:`Usher.reclaim_back`).  Before a game
the table's organiser seats and removes bots and may free a person's seat (a wrong join), never
the creator's.  A person who leaves or is gone mid-game keeps the seat: a bot stands in for them
at once (they left) or after the away timeout (they are gone, :meth:`.seats.Seats.away`), or
when the organiser says so, and their token still brings them back.  Between games a seat
someone leaves is free again.

Who sits where is written first (:mod:`.seats`); then everyone at the table is told
(:mod:`.audience`), and the bots and turn timers look again at who moves for whom.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import Any, Protocol

from ...core import Game
from ...core.bots import bot_title
from ...core.session import Session
from ..frames import BACK, OVER, PLAYING, STAND_IN, Asker, ReclaimWaiting, Status
from ..names import clean_name
from ..refusal import RequestError
from .attendance import Attendance
from .audience import Audience
from .botloop import BotLoop, stand_in_kind
from .chat import clean_chat
from .connection import Connection
from .door import OWNER, Ask, Door
from .helpers import Helpers
from .seats import Seats
from .turns import Turns

REASON_LENGTH = 200
"""Longest reason the organiser may give for removing someone's seat."""
REMOVED_SECONDS = 600.0
"""How long someone whose seat the organiser freed may not sit at that table again (neither their
person nor their address): a removal is not undone by joining again a moment later."""


class UsherTable(Protocol):
    """What the usher asks of its table (:class:`yule.netplay.host.table.Table`)."""

    id: int
    size: int
    game: Game[Any]
    open: bool
    code: str
    creator: str | None
    status: Status
    attendance: Attendance
    seats: Seats
    session: Session[Any] | None
    bots: BotLoop
    audience: Audience
    turns: Turns
    helpers: Helpers

    def announce(self, event: dict[str, Any]) -> None:
        """A log line of the table's own, sent with everyone's view."""

    def changed(self) -> None:
        """The step after any change of the table: timers, table info to everyone, bots."""


class Usher:
    """Who takes, keeps and leaves the seats of ``table``."""

    def __init__(self, table: UsherTable) -> None:
        self.table = table
        self.door = Door(table.id, self._let_in, self.deciders)
        """Requests for the seats of people who are away (:mod:`.door`)."""
        self.retoken: Callable[[str | None, str | None, int], None] = lambda old, new, seat: None
        """Told when a seat's token changes (old hash, new hash or None, seat): the host's index of tokens."""
        self.owners: Callable[[], set[Connection]] = set
        """The connections of the host's owner (``yule requests``), who may answer any request for a seat."""
        self.known: Callable[[str | None], bool] = lambda person: False
        """Whether the host knows the person of a person token's hash (they played or sat here)."""
        self.removed: dict[str, tuple[float, str]] = {}
        """Person hash or address -> until when (loop time) it may not sit here, and who freed its seat."""

    # -- coming in ---------------------------------------------------------------------------------

    def code_is(self, code: str) -> bool:
        """True when ``code`` is this table's join code (as typed: any case, spaces around)."""
        return secrets.compare_digest(code.strip().upper().encode(), self.table.code.encode())

    def check_code(self, conn: Connection, code: str | None) -> None:
        if self.table.open or self.table.audience.may_manage(conn):
            return
        if code is None or not self.code_is(code):
            raise RequestError("bad_code", reason="private")

    def _free_seat(self, wanted: int | None, person: str | None = None) -> int:
        """``wanted``, if free; else a free seat: after a game, the one ``person`` played in it if
        it is free (:mod:`.attendance`), else the first."""
        table = self.table
        if wanted is not None:
            if wanted >= table.size:
                raise RequestError("bad_seat", reason="range", seats=table.size)
            if table.seats[wanted] is not None:
                raise RequestError("seat_taken")
            return wanted
        free = [seat for seat, s in enumerate(table.seats) if s is None]
        if not free:
            raise RequestError("table_full")
        own = table.attendance.seat_of(person, free) if table.status == OVER else None
        return free[0] if own is None else own

    def join(self, conn: Connection, wanted: int | None) -> tuple[int, str]:
        """Seat the connection's player; returns the seat and its new secret token."""
        table = self.table
        if table.id in conn.seats:
            raise RequestError("already_seated", reason="here")
        if table.status == PLAYING:
            raise RequestError("playing", reason="join")
        now = asyncio.get_running_loop().time()
        self.removed = {key: held for key, held in self.removed.items() if held[0] > now}
        held = next((self.removed[key] for key in (conn.person, conn.group) if key in self.removed), None)
        if held is not None:
            minutes = max(1, round((held[0] - now) / 60))
            raise RequestError("removed", name=held[1], minutes=minutes)
        seat = self._free_seat(wanted, conn.person)
        token = table.seats.person(seat, conn)
        conn.seats[table.id] = seat
        table.audience.watchers.discard(conn)
        self._seated(conn, seat)
        return seat, token

    def resume(self, conn: Connection, seat: int) -> None:
        """Give a seat back to the connection presenting its token (any earlier one loses it);
        a request from another device for that seat ends (its own device wins)."""
        self.door.came_back(seat)
        self._take(conn, seat)

    def _take(self, conn: Connection, seat: int) -> None:
        """Seat ``conn`` in ``seat``, which it has proved to be its own."""
        table = self.table
        s = table.seats[seat]
        assert s is not None
        if s.conn is not conn:  # whoever helped the seat was let in by the one who had it
            table.helpers.seat_gone(seat, "replaced")
        if s.conn is not None and s.conn is not conn:
            s.conn.seats.pop(table.id, None)
            s.conn.error(RequestError("replaced"), table=table.id)
        s.conn = conn
        conn.seats[table.id] = seat
        table.audience.watchers.discard(conn)
        table.seats.back(s)
        self._seated(conn, seat)

    def _seated(self, conn: Connection, seat: int) -> None:
        """The connection has just taken ``seat``: the table changed (everyone gets its info),
        and it gets the log so far with the chat, then its view."""
        table = self.table
        table.changed()
        table.audience.send_log(conn)
        if table.session is not None:
            conn.send_table(table.id, table.audience.view_frame(seat, []))
        self.tell_asks(conn)

    def _check_not_seated(self, conn: Connection) -> None:
        """Refuse a connection, or a person, who has a seat here already."""
        table = self.table
        person = conn.person
        held = person is not None and any(
            s is not None and s.conn is not None and s.conn.person == person for s in table.seats
        )
        if table.id in conn.seats or held:
            raise RequestError("already_seated", reason="here")

    def reclaim(self, conn: Connection, name: str) -> ReclaimWaiting:
        """A newcomer asks for the seat of the away player called ``name``: whoever may answer is
        asked (:mod:`.door`), and the reply is ``reclaim_waiting``; ``seated`` (a new token, the
        old one void) follows a yes."""
        table = self.table
        self._check_not_seated(conn)
        wanted = clean_name(name, "")
        found = [i for i, s in enumerate(table.seats) if s is not None and s.name.casefold() == wanted.casefold()]
        if not wanted or not found:
            if wanted:
                raise RequestError("no_player", reason="called", name=wanted)
            raise RequestError("no_player", reason="unnamed")
        seat = found[0]
        s = table.seats[seat]
        assert s is not None
        if s.bot is not None:
            raise RequestError("bad_seat", reason="bot", seat=seat, name=s.name)
        if s.token_hash is None:
            raise RequestError("bad_seat", reason="guest", seat=seat, name=s.name)
        if s.conn is not None:
            raise RequestError("not_away", reason="reclaim", seat=seat, name=s.name)
        asker: Asker = "same" if conn.person is not None and conn.person == s.person_hash else (
            "known" if self.known(conn.person) else "new")  # fmt: skip
        return self.door.waiting(self.door.open(conn, seat, s.name, asker))

    def reclaim_back(self, conn: Connection, seat: int) -> ReclaimWaiting:
        """The earlier device of ``seat`` (its token was voided when the seat was handed to
        another) asks the table for it back; whoever has it now is not asked."""
        self._check_not_seated(conn)
        s = self.table.seats[seat]
        if s is None or not s.person:
            raise RequestError("bad_token", reason="seat")
        holder = s.conn.name if s.conn is not None else None
        return self.door.waiting(self.door.open(conn, seat, s.name, "earlier", holder))

    def deciders(self, ask: Ask) -> set[Connection]:
        """Who may answer ``ask``: the people at the table (:meth:`.audience.Audience.deciders`)
        but those on the asker's side, or on the side of whoever has the seat now (the same
        connection, person or address), and the host's owner."""
        s = self.table.seats[ask.seat]
        sides = [ask.conn] if s is None or s.conn is None else [ask.conn, s.conn]

        def other(c: Connection) -> bool:
            return all(c is not x and c.group != x.group and (c.person is None or c.person != x.person) for x in sides)

        return {c for c in self.table.audience.deciders() if other(c)} | {o for o in self.owners() if o not in sides}

    def tell_asks(self, conn: Connection) -> None:
        """``conn`` has come to the table, or to the host as its owner: it is asked what it may answer."""
        self.door.tell(conn, self._holder)

    def _holder(self, ask: Ask) -> str | None:
        s = self.table.seats[ask.seat]
        return s.conn.name if ask.asker == "earlier" and s is not None and s.conn is not None else None

    def answer(self, conn: Connection, request: int, yes: bool) -> None:
        """Someone at the table (or the host's owner) answers a request for a seat."""
        who = OWNER if conn in self.owners() else self.table.audience.name_of(conn)
        self.door.answer(conn, request, yes, who)

    def _let_in(self, ask: Ask, by: str) -> bool:
        """The table said yes: the asker gets the seat (told with ``seated`` before its view),
        unless it cannot be taken any more."""
        s = self.table.seats[ask.seat]
        if s is None or not s.person or ask.conn.closed or self.table.id in ask.conn.seats:
            return False
        if s.conn is not None and ask.asker != "earlier":
            return False
        self.hand_over(ask.conn, ask.seat, by, request=ask.id, back=ask.asker == "earlier")
        return True

    def hand_over(self, conn: Connection, seat: int, by: str, *, request: int, back: bool = False) -> str:
        """Give a person's seat to ``conn`` with a new token (the old one stops working, and its
        device is told ``seat_moved`` if it comes back); everyone reads in the log who is back and
        who said yes (``by``).  ``back``: the seat's earlier device takes it back.  Returns the
        new token."""
        table = self.table
        s = table.seats[seat]
        assert s is not None
        old_hash, token = table.seats.new_token(seat)
        self.retoken(old_hash, s.token_hash, seat)
        conn.send({"type": "seated", "table": table.id, "seat": seat, "token": token, "request": request})
        if table.session is not None:
            table.announce({"type": BACK, "seat": seat, "by": by or None, "earlier": back})
        self._take(conn, seat)
        return token

    # -- going, and the stand-ins of people away ---------------------------------------------------------

    def leave(self, conn: Connection) -> str | None:
        """The connection gives up its seat (or stops watching, or asking for a seat); returns a
        token hash to forget."""
        table = self.table
        self.door.withdraw(conn)
        table.helpers.withdraw(conn)
        seat = conn.seats.get(table.id)
        s = table.seats[seat] if seat is not None else None
        if seat is not None:
            table.helpers.seat_gone(seat, "left")
        if seat is not None and table.status != PLAYING:
            table.seats.empty(seat)
        if table.audience.gone(conn) and seat is None:  # who runs the table changed
            table.changed()
        if seat is None:
            return None
        del conn.seats[table.id]
        assert s is not None
        if table.status == PLAYING:
            s.conn = None
            table.seats.back(s)
            s.stand_in = True  # a player who leaves mid-game is replaced at once; the token still works
            table.changed()
            return None
        table.changed()
        return s.token_hash

    def detach(self, conn: Connection) -> None:
        """The connection is gone: its seats wait for it (then a bot stands in), its request ends."""
        table = self.table
        self.door.withdraw(conn)
        table.helpers.withdraw(conn)
        organised = table.audience.gone(conn)
        seat = conn.seats.get(table.id)
        s = table.seats[seat] if seat is not None else None
        if seat is not None and s is not None and s.conn is conn:
            table.helpers.seat_gone(seat, "gone")
            s.conn = None
            if table.status == PLAYING:
                table.seats.away(seat)
            table.changed()
        elif organised:  # who runs the table changed
            table.changed()

    def stand_in(self, seat: int) -> None:
        """The person of ``seat`` has been away too long: a bot plays for them from now on."""
        table = self.table
        s = table.seats[seat]
        if s is None or s.conn is not None or table.status != PLAYING:
            return
        s.away_timer = None
        s.stand_in = True
        table.changed()

    def stand_in_now(self, conn: Connection, seat: int) -> None:
        """The organiser hands an away player's seat to the stand-in bot now, not at the end of
        the countdown; the player's token still brings them back."""
        table = self.table
        table.audience.check_runs(conn)
        if table.status != PLAYING:
            raise RequestError("not_playing", reason="idle")
        s = table.seats[seat] if 0 <= seat < table.size else None
        if s is None or not s.person:
            raise RequestError("bad_seat", reason="not_player")
        if s.conn is not None:
            raise RequestError("not_away", reason="present", seat=seat, name=s.name)
        if s.stand_in:
            raise RequestError("not_away", reason="stand_in", seat=seat, name=s.name)
        if s.away_timer is not None:
            s.away_timer.cancel()
        self.stand_in(seat)
        who = table.audience.name_of(conn)
        table.announce({"type": STAND_IN, "seat": seat, "name": who})

    # -- the organiser's seating, between games -------------------------------------------------------

    def add_bot(self, seat: int | None, kind: str | None) -> int:
        seat = self._seat_bot(seat, kind)
        self.table.changed()
        return seat

    def fill_bots(self, kind: str | None) -> None:
        """A bot in every empty seat."""
        for seat, s in enumerate(self.table.seats):
            if s is None:
                self._seat_bot(seat, kind)
        self.table.changed()

    def _seat_bot(self, seat: int | None, kind: str | None) -> int:
        game = self.table.game
        if self.table.status == PLAYING:
            raise RequestError("playing", reason="add_bot")
        kind = kind or stand_in_kind(game)
        if kind not in game.bots:
            raise RequestError("bad_bot", game=game.name, bots=list(game.bots))
        seat = self._free_seat(seat)
        self.table.seats.bot(seat, kind, f"{bot_title(kind)} Bot {seat + 1}")
        return seat

    def remove_bot(self, seat: int) -> None:
        table = self.table
        if table.status == PLAYING:
            raise RequestError("playing", reason="remove_bot")
        if not 0 <= seat < table.size or (s := table.seats[seat]) is None or s.bot is None:
            raise RequestError("bad_seat", reason="no_bot")
        table.seats.empty(seat)
        table.changed()

    def remove_seat(self, conn: Connection, seat: int, reason: str) -> None:
        """Before a game (or between games) the organiser frees a person's seat (a wrong join);
        they are told why, and their token stops working."""
        table = self.table
        table.audience.check_runs(conn)
        if table.status == PLAYING:
            raise RequestError("playing", reason="remove_seat")
        s = table.seats[seat] if 0 <= seat < table.size else None
        if s is None or s.bot is not None:
            raise RequestError("bad_seat", reason="no_person")
        if conn.seats.get(table.id) == seat:
            raise RequestError("bad_seat", reason="own_leave")
        if s.person_hash is not None and s.person_hash == table.creator and conn is not table.audience.organiser:
            raise RequestError("forbidden", reason="creator", seat=seat, name=s.name)
        why = clean_chat(reason)[:REASON_LENGTH]
        table.seats.empty(seat)
        self.retoken(s.token_hash, None, seat)
        who = table.audience.name_of(conn)
        until = (asyncio.get_running_loop().time() + REMOVED_SECONDS, who)
        for key in (s.person_hash, s.conn.group if s.conn is not None else None):
            if key is not None:
                self.removed[key] = until
        if s.conn is not None:
            s.conn.seats.pop(table.id, None)
            s.conn.send({"type": "removed", "table": table.id, "seat": seat, "name": who, "reason": why})
        table.changed()
