"""The people at a table at the host, who runs it, and what each of their connections is sent.

Connections are at a table in four ways: seated there (:mod:`.seats`), watching it, as its
creator, or as its organiser (the creator, or whoever proved the organiser token since).  The
organiser runs the table; while nobody organises it, every person seated in a seat of their own
does (:meth:`Audience.runs`): not whoever was handed someone else's seat.  Everyone at the
table hears when who runs it changes.  Each connection at the table is told:

- table info whenever it changes (:meth:`Audience.tell_info`): the table, and what that
  connection may do there (the join code only to its creator and its players);
- the log so far with the chat when it comes (:meth:`Audience.send_current`);
- a view frame for every change (:meth:`Audience.send_views`): each seated connection its own
  seat's view, watchers the public one, an organiser-mode table's organiser the public view
  with what each seat that may move now may do;
- the table's chat, said by anyone at it to everyone at it and nobody else (:mod:`.chat`);
- a seat's helper, while the seat's yes lasts (:mod:`.helpers`), that seat's view frames too,
  marked as a helper's (:meth:`Audience.send_help`).

People not at the table see its line in the lobby list (:meth:`Audience.listed`): a private
table's says which seats are taken, not by whom.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ...core.base import View
from ...core.session import Session
from ..frames import (
    Acting,
    HiddenSeat,
    JoinCode,
    LogEntry,
    LogFrame,
    SeatInfo,
    Summary,
    TableFacts,
    TableInfo,
    ViewFrame,
)
from ..refusal import RequestError
from ..wire import encode, packed
from .chat import TableChat, clean_chat
from .clock import TurnClock
from .connection import Connection, Limits, TokenBucket
from .pause import Pause
from .seats import Seats
from .store import ChatRow, Store
from .tablelog import TableLog


class AudienceTable(Protocol):
    """What the audience asks of its table (:class:`yule.netplay.host.table.Table`)."""

    id: int
    code: str
    organised: bool
    """Organiser mode: the organiser moves for every seat (its guests have no connections)."""
    seats: Seats
    players: list[str]
    game_no: int
    session: Session[Any] | None
    log: TableLog
    pause: Pause
    """The table's pause and the vote for it (:mod:`.pause`)."""

    @property
    def seq(self) -> int:
        """How many record moves the current game has."""

    def facts(self) -> TableFacts:
        """What the lobby line and the table info both say."""

    def movers(self) -> list[int]:
        """The seats that may act now."""

    def shown_seat(self, seat: int | None) -> int | None:
        """The seat whose view a connection in ``seat`` is sent."""


class Audience:
    """The connections at ``table`` and what each is told (with ``clock``, the table's turn
    timers, in each view); its chat kept in ``store``."""

    def __init__(self, table: AudienceTable, store: Store, clock: TurnClock | None) -> None:
        self.table = table
        self.clock = clock
        self.watchers: set[Connection] = set()
        self.creators: set[Connection] = set()
        self.organiser: Connection | None = None
        """The connection that created the table, or re-proved it with the organiser token."""
        self.chat = TableChat(store, table.id)
        default = Limits()
        self.chat_tokens = TokenBucket(default.table_chat_rate, default.table_chat_burst)
        """Chat lines the whole table may say now, whoever says them (the host sets its own limits)."""
        self.listing: tuple[float, bytes] | None = None
        """When the table's line in the lobby list was made, and the line (:meth:`listed`)."""
        self.on_info: Callable[[], None] = lambda: None
        """Told when the table tells its info (it changed): the host's lobby list is made again."""
        self.helped: dict[Connection, int] = {}
        """Each helper -> the seat it helps, whose view it is sent (:mod:`.helpers`), while the help lasts."""

    # -- who is here, and who runs the table ------------------------------------------------------

    def connections(self) -> set[Connection]:
        seated = {s.conn for s in self.table.seats if s is not None and s.conn is not None}
        return seated | self.watchers | self.creators

    def attended(self) -> bool:
        """True while a person is connected in a seat here, or its creator is: watchers alone
        do not keep a waiting table from expiring."""
        if self.organiser is not None or self.creators:
            return True
        return any(s is not None and s.bot is None and s.conn is not None for s in self.table.seats)

    def is_at(self, conn: Connection) -> bool:
        """True for a connection at the table: seated there, watching it, or its creator."""
        return self.table.id in conn.seats or conn in self.watchers or conn in self.creators

    def may_manage(self, conn: Connection) -> bool:
        """The creating connection and anyone holding a person's seat see the join code."""
        return conn in self.creators or self.table.id in conn.seats

    def runs(self, conn: Connection) -> bool:
        """True for the connection that runs the table: its organiser (the creator, or whoever
        proved the organiser token since); while nobody organises it (the creator is gone),
        every person seated there in a seat they took themselves (a seat handed over at the
        door stays its first person's: taking it over is not taking over the table)."""
        if self.organiser is not None:
            return conn is self.organiser
        seat = conn.seats.get(self.table.id)
        s = self.table.seats[seat] if seat is not None else None
        return s is not None and (s.person_hash is None or s.person_hash == conn.person)

    def run_by(self) -> str | None:
        """The organiser's name (their seat's, else their hello name), or None while nobody organises."""
        return None if self.organiser is None else self.name_of(self.organiser)

    def name_of(self, conn: Connection) -> str:
        """How the table names a connection: its seat's name there, else its hello name."""
        seat = conn.seats.get(self.table.id)
        s = self.table.seats[seat] if seat is not None else None
        return s.name if s is not None else conn.name

    def check_runs(self, conn: Connection) -> None:
        """Refuse a request only the table's organiser may make (:meth:`runs`)."""
        if not self.runs(conn):
            who = self.run_by()
            if who:
                raise RequestError("forbidden", reason="run_by", name=who)
            raise RequestError("forbidden", reason="runners")

    def deciders(self) -> set[Connection]:
        """Who at the table may answer a request for a seat (:mod:`.door`, which leaves out
        the asker's side): the people seated here and its creator, whoever is connected."""
        people = {s.conn for s in self.table.seats if s is not None and s.bot is None and s.conn is not None}
        if self.organiser is not None:
            people.add(self.organiser)
        return people | self.creators

    def organise(self, conn: Connection) -> None:
        """The connection proved the organiser token: it organises (and manages) the table again
        (it is sent the table as it is now; the table tells everyone else who runs it now)."""
        self.organiser = conn
        self.creators.add(conn)
        conn.created.add(self.table.id)
        self.send_current(conn)

    def watch(self, conn: Connection) -> None:
        self.watchers.add(conn)
        self.send_current(conn)

    def gone(self, conn: Connection) -> bool:
        """The connection no longer watches, created or organises the table (it left, or is
        gone); True when it organised it (who runs the table changed: tell everyone)."""
        self.watchers.discard(conn)
        self.creators.discard(conn)
        if self.organiser is conn:  # the creator left: the players seated here run the table now
            self.organiser = None
            return True
        return False

    # -- what they are told -------------------------------------------------------------------------

    def summary(self, conn: Connection | None = None, *, public: bool = False) -> Summary:
        """The table as listed in the lobby (no code).  A private table listed for a connection
        that is not at it (``conn``), or for anyone (``public``), says which seats are taken, not
        by whom: ``{}`` for each."""
        facts = self.table.facts()
        seats: list[SeatInfo | HiddenSeat | None] = list(self.table.seats.summaries())
        if not facts["open"] and (public or (conn is not None and not self.is_at(conn))):
            seats = [None if s is None else {} for s in seats]
        return {**facts, "seats": seats}

    def info_for(self, conn: Connection) -> TableInfo:
        """The table info ``conn`` is told: the table, and what it may do here."""
        table = self.table
        code: JoinCode = {"code": table.code} if self.may_manage(conn) or table.id in conn.codes_known else {}
        return {"type": "table", **table.facts(), "seats": table.seats.summaries(), "you": conn.seats.get(table.id),
                "organiser": conn is self.organiser, "runs": self.runs(conn), "run_by": self.run_by(),
                "players": table.players, "pause_vote": table.pause.vote_facts(), **code}  # fmt: skip

    def tell_info(self, but: Connection | None = None) -> None:
        """Tell everyone at the table (``but`` one, told already) its info (it changed); its
        line in the lobby changes too."""
        self.listing = None
        self.on_info()
        for conn in self.connections():
            if conn is not but:
                conn.send_table(self.table.id, encode(self.info_for(conn)))

    def listed(self, now: float, fresh: float) -> bytes:
        """The table's line in the lobby list for anyone not at it: its public :meth:`summary`,
        encoded once for every list; made again when the table has told its info since, or
        when it is ``fresh`` seconds old (``now``, on the loop's clock: its moves change it
        without a word)."""
        if self.listing is None or now - self.listing[0] >= fresh:
            self.listing = (now, packed(self.summary(public=True)))
        return self.listing[1]

    def view_frame(self, seat: int | None, log_entries: list[LogEntry]) -> bytes:
        """The view frame for a connection in ``seat`` (None: a watcher): that seat's view, or
        after a game, for someone who did not play that seat, the watchers' (:mod:`.attendance`)."""
        return encode(self._view(seat, log_entries))

    def _view(self, seat: int | None, log_entries: list[LogEntry]) -> ViewFrame[View]:
        table = self.table
        assert table.session is not None
        seat = table.shown_seat(seat)
        frame: ViewFrame[View] = {"type": "view", "table": table.id, "seat": seat, "seq": table.seq,
                                  "view": table.session.state.view(seat), "log": log_entries}  # fmt: skip
        if self.clock is not None:
            frame["timers"] = self.clock.left()
        return frame

    def help_frame(self, seat: int, log_entries: list[LogEntry]) -> bytes:
        """A helper's frame: the seat's own view frame, the same, marked ``help_view``."""
        frame: dict[str, Any] = {**self._view(seat, log_entries), "type": "help_view"}
        return encode(frame)

    def send_help(self, conn: Connection, seat: int) -> None:
        """The helper ``conn`` is sent the seat's view as it is now (empty log)."""
        if self.table.session is not None:
            conn.send_table(self.table.id, self.help_frame(seat, []))

    def organiser_frame(self, log_entries: list[LogEntry]) -> bytes:
        """The organiser's frame in organiser mode: the public view, and ``acting``: each seat
        that may move now with its view's ``actions`` (what it may do; no hidden card)."""
        table = self.table
        assert table.session is not None
        state = table.session.state
        acting: list[Acting] = [{"seat": s, "actions": state.view(s).get("actions", {})} for s in table.movers()]
        frame: ViewFrame[View] = {"type": "view", "table": table.id, "seat": None, "seq": table.seq,
                                  "view": state.view(None), "log": log_entries, "acting": acting}  # fmt: skip
        if self.clock is not None:
            frame["timers"] = self.clock.left()
        return encode(frame)

    def send_log(self, conn: Connection) -> None:
        """The current game's log so far (none before the first game) and the table's chat."""
        table = self.table
        frame: LogFrame = {"type": "log", "table": table.id, "game_no": table.game_no, "entries": table.log.entries,
                           "chat": self.chat.lines}  # fmt: skip
        conn.send_table(table.id, encode(frame))

    def send_current(self, conn: Connection) -> None:
        """Table info, the log so far with the chat, and the connection's current view (empty log)."""
        table = self.table
        conn.send_table(table.id, encode(self.info_for(conn)))
        self.send_log(conn)
        if table.session is not None:
            if table.organised and conn is self.organiser and table.id not in conn.seats:
                conn.send_table(table.id, self.organiser_frame([]))
            else:
                conn.send_table(table.id, self.view_frame(conn.seats.get(table.id), []))
            if conn in self.helped:
                self.send_help(conn, self.helped[conn])

    def send_views(self, entries: list[LogEntry]) -> None:
        """Every connection at the table gets its own view with the new log ``entries``."""
        table_id, seats = self.table.id, self.table.seats
        helpers: dict[int, list[Connection]] = {}
        for helper, helped in self.helped.items():
            helpers.setdefault(helped, []).append(helper)
        for seat, s in enumerate(seats):
            if s is not None and s.conn is not None:
                view = self._view(seat, entries)
                s.conn.send_table(table_id, encode(view))
                for helper in helpers.get(seat, ()):  # the very frame the seat got, marked as a helper's
                    helper.send_table(table_id, encode({**view, "type": "help_view"}))
        others = (self.watchers | self.creators) - {s.conn for s in seats if s is not None}
        if self.table.organised and self.organiser in others:
            others = others - {self.organiser}
            self.organiser.send_table(table_id, self.organiser_frame(entries))
        if others:
            frame = self.view_frame(None, entries)
            for conn in others:
                conn.send_table(table_id, frame)

    def say(self, conn: Connection, raw: str) -> None:
        """A chat line from someone at this table, to everyone at it and nobody else (:mod:`.chat`)."""
        if conn not in self.connections():
            raise RequestError("not_at_table")
        if not conn.chat_tokens.take():
            raise RequestError("chat_flood", reason="you")
        if not self.chat_tokens.take():
            raise RequestError("chat_flood", reason="table")
        text = clean_chat(raw)
        if not text:
            raise RequestError("empty_chat")
        table = self.table
        seat = conn.seats.get(table.id)
        s = table.seats[seat] if seat is not None else None
        line = ChatRow(seat, s.name if s is not None else conn.name, text, table.game_no, table.seq)
        frame = encode(self.chat.say(line))
        for other in self.connections():
            other.send_table(table.id, frame)
