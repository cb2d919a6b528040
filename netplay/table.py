"""One table at the host: the requests about it, its seats and its game, and what each
connection at it is sent.

The host hands every request about a table to its :class:`Table`, which checks it, changes
what it holds, writes that to the store it was given, and tells everyone at the table.  What
it holds is in modules of their own: who sits where (:mod:`.seats`, with the names of
:mod:`.names`), the game (a :class:`yule.core.session.Session`), its log (:mod:`.tablelog`) and
chat (:mod:`.chat`), its bots (:mod:`.botloop`), its clocks (:mod:`.clock`) and the requests for
an away player's seat (:mod:`.door`).  What each connection is sent is the table's own: table
info, the log so far, and a view frame for every change, each connection its own seat's view
(a watcher the public one).

A seat's move and the chance moves it sets off (each drawn from the game's seed and the move's
number, so a restart changes nothing) are played on the session, the new record moves are
committed to the store, and only then does every connection at the table get its own view
frame.  A move and its write are one step: when the store fails, the game goes back to its
last stored position and :class:`~yule.netplay.store.StoreError` reaches the host, which tells
the mover; the same for a game's start, its end (with its record, its results for the
evening's scoreboard: :mod:`.evening`, and the strength the table's adapting bots play at next,
:class:`yule.core.levels.Strength`) and an undo.  When a game ends the host also learns people's
pace from its turns (:meth:`Store.learn_pace`).  Seats and settings are written before they
change in memory, so a failed write changes nothing.

Each game gets its own seed when it starts (:meth:`Table.game_seed`): the host's own secret
randomness, unless the table's creator asked for a seed and nobody but bots plays against
the one person at the table, so nobody can choose a shuffle that another person plays.  Its
bots (bot seats, and stand-ins for players who have been away too long) move in a loop of their
own (:mod:`.botloop`), fed their own seat's view only, after the table's bot delay.

All methods run on the event loop without awaiting, so a table needs no locks.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Collection, Iterator
from typing import Any

from yule.core import BadOptions, Game, IllegalMove, get_game
from yule.core.base import View, seat_namer
from yule.core.bots import bot_title
from yule.core.levels import Strength
from yule.core.records import record_of
from yule.core.session import Session

from .botloop import BotLoop, stand_in_kind
from .chat import TableChat, clean_chat
from .clock import NUDGE_AFTER, TIME_UP, TurnClock, Waits
from .connection import Connection, Limits, TokenBucket
from .door import Ask, Door, DoorError
from .evening import game_results
from .frames import (
    UNDONE,
    Acting,
    HiddenSeat,
    JoinCode,
    LogEntry,
    LogFrame,
    ReclaimWaiting,
    Seated,
    SeatInfo,
    Status,
    Summary,
    TableFacts,
    TableInfo,
    ViewFrame,
)
from .names import clean_name, guest_names
from .seats import Seat, Seats
from .store import ChatRow, Store, StoreError, TableRow
from .tablelog import BOT_MOVE, STARTED, TableLog
from .thinkers import Thinkers
from .wire import encode, packed

log = logging.getLogger("yule.host")

WAITING: Status = "waiting"
PLAYING: Status = "playing"
OVER: Status = "over"
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


class RequestError(Exception):
    """A request the host refuses: ``code`` is stable, ``message`` is shown to the player."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


REASON_LENGTH = 200
"""Longest reason the organiser may give for removing someone's seat."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


class Table:
    """A table: its settings, seats, current game and connections (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        *,
        id: int,
        game: Game[Any],
        options: dict[str, Any],
        seats: int,
        open: bool,
        code: str,
        bot_delay: float,
        away_timeout: float,
        client_seed: str | None = None,
        turn_seconds: float | None = None,
        made_by: str | None = None,
    ) -> None:
        self.store = store
        self.id = id
        self.game = game
        self.options = options
        self.size = seats
        self.open = open
        self.code = code
        self.bot_delay = bot_delay
        self.away_timeout = away_timeout
        self.status: Status = WAITING
        self.game_no = 0
        self.client_seed = client_seed
        """The seed the creator asked for: honoured only for games at which nobody else plays."""
        self.made_by = made_by
        """The address the table was created from, as the host's limits count addresses (its
        share of tables and of the bots' thinking); None if not known."""
        self.started_by: str | None = None
        """Who started the current game (its log's first line says so)."""
        self.players: list[str] = []
        self.seats = Seats(store, id, seats, away_timeout, self._stand_in)
        """Who sits where (:mod:`.seats`)."""
        self.session: Session[Any] | None = None
        """The current game (the last one, once it is over); None before the first game."""
        self.log = TableLog(game)
        """The current game's log (:mod:`.tablelog`)."""
        self.chat = TableChat(store, id)
        default = Limits()
        self.chat_tokens = TokenBucket(default.table_chat_rate, default.table_chat_burst)
        """Chat lines the whole table may say now, whoever says them (the host sets its own limits)."""
        self.turn_seconds = turn_seconds
        """Seconds a person has for each move, or None (no turn timer): :mod:`.clock`."""
        self.clock = TurnClock(turn_seconds, self._time_up) if turn_seconds is not None else None
        self.watchers: set[Connection] = set()
        self.creators: set[Connection] = set()
        self.organised = False
        """Organiser mode: the organiser moves for every seat (its guests have no connections)."""
        self.organiser_hash: str | None = None
        self.organiser: Connection | None = None
        """The connection that created the table, or re-proved it with the organiser token."""
        self.door = Door(id, self._let_in, self.deciders)
        """Requests for the seats of people who are away (:mod:`.door`)."""
        self.retoken: Callable[[str | None, str | None, int], None] = lambda old, new, seat: None
        """Told when a seat's token changes (old hash, new hash or None, seat): the host's index of tokens."""
        self.nudge_after = NUDGE_AFTER
        self.thinkers = Thinkers()
        """Where this table's bots think; the host shares its own between its tables."""
        self.bots = BotLoop(self)
        """The bots of the current game and the loop that moves for them (:mod:`.botloop`)."""
        self.waits = Waits()
        """How long each seat's move has waited, and each person's turn took (:mod:`.clock`)."""
        self.strength = Strength()
        """How strong the table's adapting bots play, after the games played here."""
        self.listing: tuple[float, bytes] | None = None
        """When the table's line in the lobby list was made, and the line (:meth:`listed`)."""
        self.on_info: Callable[[], None] = lambda: None
        """Told when the table tells its info (it changed): the host's lobby list is made again."""

    # -- creation and restoring ----------------------------------------------------------------

    @classmethod
    def create(
        cls, store: Store, id: int, game_name: str, seats: int, options: dict[str, Any], *, open: bool,
        bot_delay: float, away_timeout: float, seed: str | None = None, taken_codes: Collection[str] = (),
        organised: bool = False, guests: list[str] | None = None, turn_seconds: float | None = None,
        organiser_hash: str | None = None, made_by: str | None = None,
    ) -> Table:  # fmt: skip
        """A new table, stored (with its organiser-mode guests and the organiser token's hash)."""
        try:
            game = get_game(game_name)
        except KeyError as e:
            raise RequestError("bad_game", str(e.args[0])) from None
        if not game.min_players <= seats <= game.max_players:
            raise RequestError(
                "bad_options", f"{game.title} is for {game.min_players} to {game.max_players} players, not {seats}."
            )
        try:
            options = game.check_options(options)
        except BadOptions as e:
            raise RequestError("bad_options", str(e)) from None
        if organised and not game.organiser_mode:
            raise RequestError("no_organiser_mode", f"{game.title} hides cards from the players, so one terminal "
                               "may not move for every seat: each player joins from their own terminal.")  # fmt: skip
        try:
            names = guest_names(guests, seats, organised)
        except ValueError as e:
            raise RequestError("bad_options", str(e)) from None
        code = new_code()
        while code in taken_codes:
            code = new_code()
        table = cls(store, id=id, game=game, options=options, seats=seats, open=open, code=code,
                    bot_delay=bot_delay, away_timeout=away_timeout, client_seed=seed,
                    turn_seconds=turn_seconds, made_by=made_by)  # fmt: skip
        table.organised = organised
        table.organiser_hash = organiser_hash
        with store.atomic():
            table.save()
            for seat, name in enumerate(names):
                table.seats.guest(seat, name)
            if organiser_hash is not None:
                store.save_organiser(id, organiser_hash, organised)
        return table

    def organise(self, conn: Connection) -> None:
        """The connection proved the organiser token: it organises (and manages) the table again."""
        self.organiser = conn
        self.creators.add(conn)
        conn.created.add(self.id)
        self.send_current(conn)

    @classmethod
    def restore(cls, store: Store, row: TableRow, away_timeout: float, shortest_turn: float = 0.0) -> Table:
        """A table as stored; its current game rebuilt by replaying the stored moves.

        A turn timer stored shorter than ``shortest_turn`` (by a version that allowed it, or by
        hand) gives that long."""
        turn = row.turn_seconds if row.turn_seconds is None else max(shortest_turn, row.turn_seconds)
        table = cls(store, id=row.id, game=get_game(row.game), options=row.options, seats=row.seats,
                    open=row.open, code=row.code, bot_delay=row.bot_delay, away_timeout=away_timeout,
                    client_seed=row.client_seed, turn_seconds=turn, made_by=row.made_by)  # fmt: skip
        table.status, table.game_no, table.players = row.status, row.game_no, row.players
        table.started_by, table.strength = row.started_by, Strength.from_record(row.strength)
        table.seats.restore(row.seat_rows)
        if row.organiser is not None:
            table.organiser_hash, table.organised = row.organiser
        if table.status != WAITING:
            table.session = session = table._new_session(row.seed)
            if table.started_by is not None:
                table.log.events([table._started()], table.players, 0)
            for move in row.moves:  # each move's lines with the moves there were then
                table.log.events(session.apply(move), table.players, len(session.moves))
            table._make_bots()
        if table.status == PLAYING:
            for seat in range(table.size):
                table.seats.away(seat)
            assert table.session is not None
            session = table.session
            if session.state.is_over:  # killed between the last move and the record
                table.status, table.strength = OVER, table._counted()
                table._ended()
                table._store_end()
            else:
                stored = len(session.moves)
                session.draw_chance()
                if len(session.moves) > stored:
                    table._commit(stored, [])
                table._wind_clock()
                table.bots.kick()
        elif table.status == OVER and not store.record_path(table.id, table.game_no).exists():
            table._store_end()
        return table

    def _store_end(self) -> None:
        """Store a finished game's status and record, which restoring found missing (the next
        start-up tries again when this fails)."""
        try:
            with self.store.atomic():
                self._write_end()
        except StoreError:
            log.exception("table %s: its finished game could not be stored", self.id)

    def _write_end(self) -> None:
        """Store the end of the current game, in the store step under way: the table's status, the
        game's results for the evening's scoreboard (:mod:`.evening`) and its record."""
        session = self.session
        assert session is not None
        outcome = session.state.outcome()
        assert outcome is not None
        who = seat_namer(self.players)  # a seat left empty since the game ended (a restore): its name
        seats = [(who(seat), s.bot if s else None, s.person_hash if s else None) for seat, s in enumerate(self.seats)]
        self.save()
        self.store.add_results(
            game_results(self.game, outcome, self.id, self.game_no, seats, open=self.open, ended=time.time())
        )
        self.store.write_record(self.id, self.game_no, self.record())

    @contextlib.contextmanager
    def _changing(self, **fields: Any) -> Iterator[None]:
        """Set the table's ``fields`` for a block that stores them (one :meth:`Store.atomic` step):
        when its writes fail, the fields are set back and the :class:`StoreError` goes on."""
        was = {name: getattr(self, name) for name in fields}
        for name, value in fields.items():
            setattr(self, name, value)
        try:
            with self.store.atomic():
                yield
        except StoreError:
            for name, value in was.items():
                setattr(self, name, value)
            raise

    def save(self) -> None:
        self.store.save_table(
            id=self.id, game=self.game.name, options=self.options, seats=self.size, open=self.open,
            code=self.code, bot_delay=self.bot_delay, status=self.status, game_no=self.game_no,
            seed=self.seed, players=self.players, client_seed=self.client_seed, turn_seconds=self.turn_seconds,
            started_by=self.started_by, made_by=self.made_by, strength=self.strength.to_record(),
        )  # fmt: skip

    def record(self) -> dict[str, Any]:
        """The current game's record (with ``result`` once it is over).

        It names the creator's ``seed`` when that seed dealt the game; a seed of the host's own
        is never written: the chance moves in the record are all a replay needs.
        """
        assert self.session is not None
        extra = {"seed": self.client_seed} if self.dealt_by_client_seed() else {}
        bots = [s.bot if s is not None else None for s in self.seats]
        return record_of(self.session, self.players, **extra, table=self.id, game_no=self.game_no, bots=bots)

    @property
    def seed(self) -> str:
        """The current game's seed (kept secret while it is played); empty before the first game."""
        return "" if self.session is None else str(self.session.seed)

    @property
    def playing(self) -> Session[Any] | None:
        """The game being played now; ``None`` between games."""
        return self.session if self.status == PLAYING else None

    @property
    def seq(self) -> int:
        """How many record moves the current game has (chance moves included)."""
        return 0 if self.session is None else len(self.session.moves)

    # -- what the table tells its connections -----------------------------------------------

    def connections(self) -> set[Connection]:
        conns = {s.conn for s in self.seats if s is not None and s.conn is not None}
        return conns | self.watchers | self.creators

    def summary(self, conn: Connection | None = None, *, public: bool = False) -> Summary:
        """The table as listed in the lobby (no code).  A private table listed for a connection
        that is not at it (``conn``), or for anyone (``public``), says which seats are taken, not
        by whom: ``{}`` for each."""
        seats: list[SeatInfo | HiddenSeat | None] = list(self.seats.summaries())
        if not self.open and (public or (conn is not None and not self.is_at(conn))):
            seats = [None if s is None else {} for s in seats]
        return {**self._facts(), "seats": seats}

    def _facts(self) -> TableFacts:
        """What the lobby line and the table info both say."""
        return {
            "table": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "options": self.options,
            "open": self.open,
            "status": self.status,
            "game_no": self.game_no,
            "bot_delay": self.bot_delay,
            "seq": self.seq,
            "organised": self.organised,
            "client_seed": self.dealt_by_client_seed() if self.status != WAITING else self.client_seed_honoured(),
            "turn_seconds": self.turn_seconds,
        }

    def attended(self) -> bool:
        """True while a person is connected in a seat here, or its creator is: watchers alone
        do not keep a waiting table from expiring."""
        if self.organiser is not None or self.creators:
            return True
        return any(s is not None and s.bot is None and s.conn is not None for s in self.seats)

    def is_at(self, conn: Connection) -> bool:
        """True for a connection at the table: seated there, watching it, or its creator."""
        return self.id in conn.seats or conn in self.watchers or conn in self.creators

    def info_for(self, conn: Connection) -> TableInfo:
        """The table info ``conn`` is told: the table, and what it may do here."""
        code: JoinCode = {"code": self.code} if self.may_manage(conn) or self.id in conn.codes_known else {}
        return {"type": "table", **self._facts(), "seats": self.seats.summaries(), "you": conn.seats.get(self.id),
                "organiser": conn is self.organiser, "runs": self.runs(conn), "run_by": self.run_by(),
                "players": self.players, **code}  # fmt: skip

    def broadcast_info(self) -> None:
        """Tell everyone at the table its info (it changed); its line in the lobby changes too."""
        self.listing = None
        self.on_info()
        for conn in self.connections():
            conn.send(self.info_for(conn))

    def listed(self, now: float, fresh: float) -> bytes:
        """The table's line in the lobby list for anyone not at it: its public :meth:`summary`,
        encoded once for every list; made again when the table has told its info since, or
        when it is ``fresh`` seconds old (``now``, on the loop's clock: its moves change it
        without a word)."""
        if self.listing is None or now - self.listing[0] >= fresh:
            self.listing = (now, packed(self.summary(public=True)))
        return self.listing[1]

    def view_frame(self, seat: int | None, log_entries: list[LogEntry]) -> bytes:
        assert self.session is not None
        frame: ViewFrame[View] = {"type": "view", "table": self.id, "seat": seat, "seq": self.seq,
                                  "view": self.session.state.view(seat), "log": log_entries}  # fmt: skip
        if self.clock is not None:
            frame["timers"] = self.clock.left()
        return encode(frame)

    def organiser_frame(self, log_entries: list[LogEntry]) -> bytes:
        """The organiser's frame in organiser mode: the public view, and ``acting``: each seat
        that may move now with its view's ``actions`` (what it may do; no hidden card)."""
        assert self.session is not None
        state = self.session.state
        acting: list[Acting] = [{"seat": s, "actions": state.view(s).get("actions", {})} for s in self.movers()]
        frame: ViewFrame[View] = {"type": "view", "table": self.id, "seat": None, "seq": self.seq,
                                  "view": state.view(None), "log": log_entries, "acting": acting}  # fmt: skip
        if self.clock is not None:
            frame["timers"] = self.clock.left()
        return encode(frame)

    def send_log(self, conn: Connection) -> None:
        """The current game's log so far (none before the first game) and the table's chat."""
        frame: LogFrame = {"type": "log", "table": self.id, "game_no": self.game_no, "entries": self.log.entries,
                           "chat": self.chat.lines}  # fmt: skip
        conn.send(frame)

    def send_current(self, conn: Connection) -> None:
        """Table info, the log so far with the chat, and the connection's current view (empty log)."""
        conn.send(self.info_for(conn))
        self.send_log(conn)
        if self.session is not None:
            if self.organised and conn is self.organiser and self.id not in conn.seats:
                conn.send_bytes(self.organiser_frame([]))
            else:
                conn.send_bytes(self.view_frame(conn.seats.get(self.id), []))

    def _started(self) -> dict[str, Any]:
        """The log event of who started the current game."""
        return {"type": STARTED, "name": self.started_by, "game_no": self.game_no}

    def publish(self, events: list[dict[str, Any]]) -> None:
        """Every connection at the table gets its own view with the new public events."""
        self._send_views(self.log.events(events, self.players, self.seq))

    def _announce(self, event: dict[str, Any], text: str) -> None:
        """A log line of the table's own (not a move's): kept in the log, and sent with everyone's view."""
        self._send_views([self.log.add(event, text, self.seq)])

    def _send_views(self, entries: list[LogEntry]) -> None:
        self._wind_clock()
        self.waits.follow(self.movers() if self.status == PLAYING else [])
        for seat, s in enumerate(self.seats):
            if s is not None and s.conn is not None:
                s.conn.send_bytes(self.view_frame(seat, entries))
        others = (self.watchers | self.creators) - {s.conn for s in self.seats if s is not None}
        if self.organised and self.organiser in others:
            others = others - {self.organiser}
            self.organiser.send_bytes(self.organiser_frame(entries))
        if others:
            frame = self.view_frame(None, entries)
            for conn in others:
                conn.send_bytes(frame)

    # -- seats -------------------------------------------------------------------------------

    def may_manage(self, conn: Connection) -> bool:
        """The creating connection and anyone holding a person's seat see the join code."""
        return conn in self.creators or self.id in conn.seats

    def runs(self, conn: Connection) -> bool:
        """True for the connection that runs the table: its organiser (the creator, or whoever
        proved the organiser token since); while nobody organises it (the creator is gone),
        every person seated there."""
        if self.organiser is not None:
            return conn is self.organiser
        return self.id in conn.seats

    def run_by(self) -> str | None:
        """The organiser's name (their seat's, else their hello name), or None while nobody organises."""
        return None if self.organiser is None else self.name_of(self.organiser)

    def name_of(self, conn: Connection) -> str:
        """How the table names a connection: its seat's name there, else its hello name."""
        seat = conn.seats.get(self.id)
        s = self.seats[seat] if seat is not None else None
        return s.name if s is not None else conn.name

    def check_runs(self, conn: Connection) -> None:
        """Refuse a request only the table's organiser may make (:meth:`runs`)."""
        if not self.runs(conn):
            who = self.run_by()
            raise RequestError("forbidden", f"{who} runs this table: ask them." if who else
                               "Only the table's organiser and its players may do that.")  # fmt: skip

    def code_is(self, code: str) -> bool:
        """True when ``code`` is this table's join code (as typed: any case, spaces around)."""
        return secrets.compare_digest(code.strip().upper().encode(), self.code.encode())

    def check_code(self, conn: Connection, code: str | None) -> None:
        if self.open or self.may_manage(conn):
            return
        if code is None or not self.code_is(code):
            raise RequestError("bad_code", "This table is private: ask its creator for the join code.")

    def _free_seat(self, wanted: int | None) -> int:
        if wanted is not None:
            if wanted >= self.size:
                raise RequestError("bad_seat", f"This table has seats 0 to {self.size - 1}.")
            if self.seats[wanted] is not None:
                raise RequestError("seat_taken", "That seat is taken.")
            return wanted
        for seat, s in enumerate(self.seats):
            if s is None:
                return seat
        raise RequestError("table_full", "Every seat at this table is taken.")

    def join(self, conn: Connection, wanted: int | None) -> tuple[int, str]:
        """Seat the connection's player; returns the seat and its new secret token."""
        if self.id in conn.seats:
            raise RequestError("already_seated", "You already have a seat at this table.")
        if self.status == PLAYING:
            raise RequestError("playing", "This game has started; you can watch it.")
        seat = self._free_seat(wanted)
        token = self.seats.person(seat, conn)
        conn.seats[self.id] = seat
        self.watchers.discard(conn)
        self._seated(conn, seat)
        return seat, token

    def resume(self, conn: Connection, seat: int) -> None:
        """Give a seat back to the connection presenting its token (any earlier one loses it);
        a request from another device for that seat ends (its own device wins)."""
        self.door.came_back(seat)
        self._take(conn, seat)

    def _take(self, conn: Connection, seat: int) -> None:
        """Seat ``conn`` in ``seat``, which it has proved to be its own."""
        s = self.seats[seat]
        assert s is not None
        if s.conn is not None and s.conn is not conn:
            s.conn.seats.pop(self.id, None)
            s.conn.error("replaced", "Your seat was taken back by another connection.", table=self.id)
        s.conn = conn
        conn.seats[self.id] = seat
        self.watchers.discard(conn)
        self.seats.back(s)
        self._seated(conn, seat)
        self.bots.kick()

    def _seated(self, conn: Connection, seat: int) -> None:
        """The connection has just taken ``seat``: everyone gets the table info, and it gets the
        log so far with the chat, then its view."""
        self._wind_clock()
        self.broadcast_info()
        self.send_log(conn)
        if self.session is not None:
            conn.send_bytes(self.view_frame(seat, []))

    def say(self, conn: Connection, raw: str) -> None:
        """A chat line from someone at this table, to everyone at it and nobody else (:mod:`.chat`)."""
        if conn not in self.connections():
            raise RequestError("not_at_table", "Join or watch this table to chat there.")
        if not conn.chat_tokens.take():
            raise RequestError("chat_flood", "You are chatting too fast: wait a moment, then say it again.")
        if not self.chat_tokens.take():
            raise RequestError("chat_flood", "This table's chat is going too fast: wait a moment, then say it again.")
        text = clean_chat(raw)
        if not text:
            raise RequestError("empty_chat", "There is nothing to say in that line.")
        seat = conn.seats.get(self.id)
        s = self.seats[seat] if seat is not None else None
        line = ChatRow(seat, s.name if s is not None else conn.name, text, self.game_no, self.seq)
        frame = encode(self.chat.say(line))
        for other in self.connections():
            other.send_bytes(frame)

    def reclaim(self, conn: Connection, name: str) -> Seated | ReclaimWaiting:
        """A newcomer asks for the seat of the away player called ``name`` (:mod:`.door`).

        With someone else connected to the table, the table is asked and the reply is
        ``reclaim_waiting``; with nobody, the seat is handed over at once and the reply is
        ``seated`` (a new token; the old one stops working).
        """
        if self.id in conn.seats:
            raise RequestError("already_seated", "You already have a seat at this table.")
        wanted = clean_name(name, "")
        found = [i for i, s in enumerate(self.seats) if s is not None and s.name.casefold() == wanted.casefold()]
        if not wanted or not found:
            raise RequestError("no_player", f"No one at this table is called {wanted or 'that'}.")
        seat = found[0]
        s = self.seats[seat]
        assert s is not None
        if s.bot is not None:
            raise RequestError("bad_seat", f"{s.name} is a bot: only a person's seat can be taken back.")
        if s.token_hash is None:
            raise RequestError("bad_seat", f"The organiser plays for {s.name}: that seat cannot be taken.")
        if s.conn is not None:
            raise RequestError(
                "not_away", f"{s.name} is at the table: only the seat of someone away can be taken back."
            )
        if self.deciders(conn):
            try:
                ask = self.door.open(conn, seat, s.name)
            except DoorError as e:
                raise RequestError(e.code, e.message) from None
            return self.door.waiting(ask)
        token = self.hand_over(conn, seat, None)
        return {"type": "seated", "table": self.id, "seat": seat, "token": token}

    def deciders(self, asker: Connection) -> set[Connection]:
        """Who answers a request for a seat: the people seated here and its creator, whoever is connected."""
        people = {s.conn for s in self.seats if s is not None and s.bot is None and s.conn is not None}
        if self.organiser is not None:
            people.add(self.organiser)
        return (people | self.creators) - {asker}

    def answer(self, conn: Connection, request: int, yes: bool) -> None:
        """Someone at the table answers a request for a seat."""
        try:
            self.door.answer(conn, request, yes)
        except DoorError as e:
            raise RequestError(e.code, e.message) from None

    def _let_in(self, ask: Ask, by: str) -> None:
        """The table said yes: the asker gets the seat (told with ``seated`` before its view)."""
        s = self.seats[ask.seat]
        if s is None or s.conn is not None or ask.conn.closed:
            return
        self.hand_over(ask.conn, ask.seat, by, request=ask.id)

    def hand_over(self, conn: Connection, seat: int, by: str | None, *, request: int | None = None) -> str:
        """Give an away player's seat to ``conn`` with a new token (the old one stops working,
        so the old device cannot take it back); everyone reads who is back in the log.
        ``by``: who said yes (None: nobody else was at the table).  Returns the new token."""
        s = self.seats[seat]
        assert s is not None
        old_hash, token = self.seats.new_token(seat)
        self.retoken(old_hash, s.token_hash, seat)
        if request is not None:
            conn.send({"type": "seated", "table": self.id, "seat": seat, "token": token, "request": request})
        if self.session is not None:
            said = f" ({by} said yes)" if by else ""
            self._announce({"type": "back", "seat": seat}, f"{s.name} is back, on another device{said}.")
        self._take(conn, seat)
        return token

    def watch(self, conn: Connection) -> None:
        self.watchers.add(conn)
        self.send_current(conn)

    def leave(self, conn: Connection) -> str | None:
        """The connection gives up its seat (or stops watching, or asking for a seat); returns a
        token hash to forget."""
        self.door.withdraw(conn)
        seat = conn.seats.get(self.id)
        s = self.seats[seat] if seat is not None else None
        if seat is not None and self.status != PLAYING:
            self.seats.empty(seat)
        self.watchers.discard(conn)
        self.creators.discard(conn)
        if self.organiser is conn:  # the creator left: the players seated here run the table now
            self.organiser = None
        if seat is None:
            return None
        del conn.seats[self.id]
        assert s is not None
        if self.status == PLAYING:
            s.conn = None
            self.seats.back(s)
            s.stand_in = True  # a player who leaves mid-game is replaced at once; the token still works
            self._wind_clock()
            self.broadcast_info()
            self.bots.kick()
            return None
        self.broadcast_info()
        return s.token_hash

    def detach(self, conn: Connection) -> None:
        """The connection is gone: its seats wait for it (then a bot stands in), its request ends."""
        self.door.withdraw(conn)
        self.watchers.discard(conn)
        self.creators.discard(conn)
        if self.organiser is conn:
            self.organiser = None
        seat = conn.seats.get(self.id)
        if seat is None:
            return
        s = self.seats[seat]
        if s is not None and s.conn is conn:
            s.conn = None
            if self.status == PLAYING:
                self.seats.away(seat)
            self.broadcast_info()

    def _stand_in(self, seat: int) -> None:
        """The person of ``seat`` has been away too long: a bot plays for them from now on."""
        s = self.seats[seat]
        if s is None or s.conn is not None or self.status != PLAYING:
            return
        s.away_timer = None
        s.stand_in = True
        self._wind_clock()
        self.broadcast_info()
        self.bots.kick()

    def add_bot(self, seat: int | None, kind: str | None) -> int:
        seat = self._seat_bot(seat, kind)
        self.broadcast_info()
        return seat

    def fill_bots(self, kind: str | None) -> None:
        """A bot in every empty seat."""
        for seat, s in enumerate(self.seats):
            if s is None:
                self._seat_bot(seat, kind)
        self.broadcast_info()

    def _seat_bot(self, seat: int | None, kind: str | None) -> int:
        if self.status == PLAYING:
            raise RequestError("playing", "Bots are seated before the game starts.")
        kind = kind or stand_in_kind(self.game)
        if kind not in self.game.bots:
            raise RequestError("bad_bot", f"{self.game.title} bots: {', '.join(self.game.bots)}.")
        seat = self._free_seat(seat)
        self.seats.bot(seat, kind, f"{bot_title(kind)} Bot {seat + 1}")
        return seat

    def remove_bot(self, seat: int) -> None:
        if self.status == PLAYING:
            raise RequestError("playing", "Bots leave once the game is over.")
        if not 0 <= seat < self.size or (s := self.seats[seat]) is None or s.bot is None:
            raise RequestError("bad_seat", "There is no bot in that seat.")
        self.seats.empty(seat)
        self.broadcast_info()

    def set_open(self, open: bool) -> None:
        with self._changing(open=open):
            self.save()
        self.broadcast_info()

    # -- the game's seed ----------------------------------------------------------------------

    def client_seed_honoured(self) -> bool:
        """True when a game started now would deal from the creator's seed: it asked for one and
        at most one seat is a person's (a player alone with bots keeps a seeded game reproducible)."""
        people = sum(1 for s in self.seats if s is not None and s.bot is None)
        return self.client_seed is not None and people <= 1

    def game_seed(self, game_no: int) -> str:
        """A seed for game ``game_no``, about to start: from the creator's seed when it is honoured
        (one for each game number, so every game of the table differs), else the host's own secret."""
        if self.client_seed_honoured():
            return f"{self.client_seed}/{game_no}"
        return secrets.token_hex(16)

    def dealt_by_client_seed(self) -> bool:
        """True when the creator's seed dealt the current game (a secret seed has no ``/``)."""
        return self.client_seed is not None and self.seed == f"{self.client_seed}/{self.game_no}"

    # -- playing -----------------------------------------------------------------------------

    def start(self, by: str | None = None) -> None:
        """A new game with the seats as they are; ``by``: who started it (the log says so)."""
        if self.status == PLAYING:
            raise RequestError("playing", "The game has already started.")
        if any(s is None for s in self.seats):
            raise RequestError("seats_empty", "Every seat needs a player or a bot first.")
        session = self._new_session(self.game_seed(self.game_no + 1))
        events = session.draw_chance()
        with self._changing(game_no=self.game_no + 1, session=session, status=PLAYING, log=TableLog(self.game), started_by=by,
                            players=[s.name for s in self.seats if s is not None]):  # fmt: skip
            self.save()
            self.store.append_moves(self.id, self.game_no, 0, session.moves)
        self._make_bots()
        self.waits.clear()
        for seat, s in enumerate(self.seats):
            if s is not None:
                s.stand_in = False
                self.seats.away(seat)
        if by is not None:
            events.insert(0, self._started())
        self.publish(events)
        self.broadcast_info()
        self.bots.kick()

    def again(self, by: str | None = None) -> None:
        if self.status != OVER:
            raise RequestError("not_over", "Play again once this game is over.")
        if any(s is None for s in self.seats):
            with self._changing(status=WAITING):
                self.save()
            self.broadcast_info()
            return
        self.start(by)

    def _new_session(self, seed: str) -> Session[Any]:
        """A game of this table from its start, dealt by ``seed``; it keeps the way back for an
        undo when the game has one."""
        return Session(self.game, self.size, self.options, seed, undo=self.game.undo_floor is not None)

    def _make_bots(self) -> None:
        self.bots.make(self.game, [s.bot if s is not None else None for s in self.seats], self.seed, self.strength)

    def movers(self) -> list[int]:
        """The seats that may act now: the active seats, or the seat that sets off a chance move."""
        return [] if self.session is None else self.session.movers()

    def play(self, conn: Connection, wire_move: dict[str, Any], seq: int | None, for_seat: int | None = None) -> int:
        """A move from a connection (for ``for_seat`` from an organiser-mode table's organiser);
        returns the new ``seq`` once it is committed and sent."""
        if for_seat is not None:
            if not (self.organised and self.game.organiser_mode and conn is self.organiser):
                raise RequestError("forbidden", "Only the organiser of an organiser-mode table moves for a seat.")
            if not 0 <= for_seat < self.size:
                raise RequestError("bad_seat", f"This table has seats 0 to {self.size - 1}.")
        seat = conn.seats.get(self.id) if for_seat is None else for_seat
        if seat is None:
            raise RequestError("not_seated", "You have no seat at this table.")
        if self.status != PLAYING:
            raise RequestError(
                "not_playing", "The game is not being played." if self.status == WAITING else "The game is over."
            )
        assert self.session is not None
        if seq is not None and not self.session.fresh_for(seat, seq):
            raise RequestError("stale", f"The game has moved on (seq is {self.seq}).")
        self.play_for(seat, wire_move)
        return self.seq

    def play_for(self, seat: int, wire_move: dict[str, Any], *, note: dict[str, Any] | None = None) -> None:
        """Play a seat's move and the chance moves it sets off; ``note``: an event of the table's
        own, logged just before the move's (``time_up``: its bot made the move once its time was
        up; ``bot_replaced``)."""
        session = self.session
        assert session is not None
        movers = self.movers()
        if seat not in movers:
            raise RequestError("not_your_turn", "It is not your turn.")
        timed = note is None and len(movers) == 1 and not self.controlled(seat)
        stored = len(session.moves)
        try:
            events = session.play(seat, wire_move)
        except IllegalMove as e:
            raise RequestError("illegal", str(e)) from None
        except Exception:
            log.exception("table %s: the engine failed on a move; the game is back at move %d", self.id, stored)
            raise RequestError("illegal", "That move is not understood.") from None
        self.waits.moved(seat, timed=timed)
        self._commit(stored, ([note] if note is not None else []) + events)
        self.bots.kick(seat)

    def undo(self, conn: Connection) -> int:
        """The organiser takes back the last seat move (and the chance moves it set off);
        the stored record is cut to the moves that stand.  Returns the new ``seq``."""
        if conn is not self.organiser:
            raise RequestError("forbidden", "Only the table's organiser may undo.")
        session = self.session
        if self.status == WAITING or session is None:
            raise RequestError("not_playing", "The game has not started: there is nothing to undo.")
        floor = self.game.undo_floor
        if floor is None:
            raise RequestError("no_undo", f"{self.game.title} has no undo.")
        keep = session.last_seat_move()
        if keep is None or keep < floor(session.moves):
            raise RequestError("no_undo", "There is nothing left to undo.")
        reopened = self.status == OVER
        with self._changing(status=PLAYING):
            self.store.truncate_moves(self.id, self.game_no, keep)
            if reopened:
                self.save()
                self.store.forget_results(self.id, self.game_no)
        undone = session.undo()
        self.log.back_to(keep)
        what = self.game.describe(undone[0], self.players) if undone else "a move."
        if reopened:
            self._forget_record()
            for seat in range(self.size):
                self.seats.away(seat)
        self._announce({"type": UNDONE, "seq": keep, "undone": undone[0] if undone else None}, f"Undone: {what}")
        self.broadcast_info()
        self.bots.kick()
        return keep

    def _commit(self, stored: int, events: list[dict[str, Any]]) -> None:
        """Store the game's moves after the first ``stored``, and its end and record with them
        when they end it, in one step; then send the views with ``events``.

        When the store fails, the game goes back to its first ``stored`` moves and the
        :class:`StoreError` goes on to the host.
        """
        session = self.session
        assert session is not None
        new = session.moves[stored:]
        over = session.state.is_over
        try:
            with self._changing(status=OVER if over else self.status, strength=self._counted()):
                self.store.append_moves(self.id, self.game_no, stored, new)
                if over:
                    self._write_end()
        except StoreError:
            log.exception("table %s: %d moves could not be stored; the table is back at move %d", self.id,
                          len(new), stored)  # fmt: skip
            session.back_to(stored)
            if over:
                self._forget_record()
            raise
        if over:
            self._ended()
        self.publish(events)
        if over:
            self.broadcast_info()

    def _forget_record(self) -> None:
        """Remove the current game's record file (the game is not over, or not stored as over)."""
        try:
            self.store.record_path(self.id, self.game_no).unlink(missing_ok=True)
        except OSError:
            log.exception("table %s: the record of game %s could not be removed", self.id, self.game_no)

    def _counted(self) -> Strength:
        """The adapting bots' strength, with the current game counted once it is over (the
        people: the seats that are not bots)."""
        outcome = self.session.state.outcome() if self.session is not None else None
        if outcome is None:
            return self.strength
        people = [seat for seat, s in enumerate(self.seats) if s is not None and s.bot is None]
        return self.strength.after(self.game_no, outcome.winners, people, self.size)

    def _ended(self) -> None:
        """The game is over: its away timers and turn timers stop, the host learns people's pace
        from its turns."""
        turns = self.waits.taken()
        if turns:
            try:
                self.store.learn_pace(self.game.name, turns)
            except StoreError:
                log.exception("table %s: the pace of its game could not be stored", self.id)
        if self.clock is not None:
            self.clock.stop()
        self.seats.stop()

    def _wind_clock(self) -> None:
        """The turn timers follow who waits now for a person's move (:mod:`.clock`)."""
        if self.clock is None:
            return
        waiting = [] if self.status != PLAYING else [
            seat for seat in self.movers()
            if not self.controlled(seat) and (s := self.seats[seat]) is not None and s.token_hash is not None
        ]  # fmt: skip
        self.clock.wind(waiting, self.session.moves if self.session is not None else [])

    def _time_up(self, seat: int) -> None:
        """A seat's time is up: the bot that stands in for it makes this one move (the log says so)."""
        self.bots.once(seat, {"type": TIME_UP, "seat": seat})

    # -- the organiser's controls ---------------------------------------------------------------

    def _person_to_move(self, seat: int) -> Seat:
        """The seat, which must be a connected person's whose move the table waits for."""
        if self.status != PLAYING:
            raise RequestError("not_playing", "The game is not being played.")
        s = self.seats[seat] if 0 <= seat < self.size else None
        if s is None or not s.person:
            raise RequestError("bad_seat", "That seat is not a player's.")
        if seat not in self.movers():
            raise RequestError("not_waiting", f"The table is not waiting for {s.name}.")
        if s.stand_in:
            raise RequestError("not_waiting", f"A bot is playing for {s.name} already.")
        waited = self.waits.waited(seat)
        if waited < self.nudge_after:
            raise RequestError("too_soon", f"{s.name}'s move began {waited:.0f} seconds ago: give them a moment "
                               f"(after {self.nudge_after:g} seconds you can).")  # fmt: skip
        return s

    def nudge(self, conn: Connection, seat: int) -> None:
        """Someone seated here (or the organiser) reminds a player the table waits for them; the
        player hears it (``nudged``) and the log says who nudged whom."""
        if self.id not in conn.seats and not self.runs(conn):
            raise RequestError("not_seated", "Only the players at this table can nudge one of them.")
        if conn.seats.get(self.id) == seat:
            raise RequestError("bad_seat", "That is your own seat.")
        s = self._person_to_move(seat)
        if s.conn is None:
            raise RequestError("not_waiting", f"{s.name} is away: a bot will play for them.")
        if not self.waits.nudge(seat):
            raise RequestError("too_soon", f"{s.name} was nudged a moment ago.")
        who = self.name_of(conn)
        s.conn.send({"type": "nudged", "table": self.id, "seat": seat, "name": who})
        self._announce(
            {"type": "nudged", "seat": seat, "name": who}, f"{who} nudged {s.name}: the table waits for their move."
        )

    def bot_move(self, conn: Connection, seat: int) -> None:
        """The organiser lets the stand-in bot make this one move for a player who has not moved
        for a while (the log says who let it)."""
        self.check_runs(conn)
        self._person_to_move(seat)
        self.bots.once(seat, {"type": BOT_MOVE, "seat": seat, "name": self.name_of(conn)})

    def stand_in_now(self, conn: Connection, seat: int) -> None:
        """The organiser hands an away player's seat to the stand-in bot now, not at the end of
        the countdown; the player's token still brings them back."""
        self.check_runs(conn)
        if self.status != PLAYING:
            raise RequestError("not_playing", "The game is not being played.")
        s = self.seats[seat] if 0 <= seat < self.size else None
        if s is None or not s.person:
            raise RequestError("bad_seat", "That seat is not a player's.")
        if s.conn is not None:
            raise RequestError("not_away", f"{s.name} is at the table.")
        if s.stand_in:
            raise RequestError("not_away", f"A bot is playing for {s.name} already.")
        if s.away_timer is not None:
            s.away_timer.cancel()
        self._stand_in(seat)
        who = self.name_of(conn)
        self._announce(
            {"type": "stand_in", "seat": seat, "name": who}, f"{who} let a bot play for {s.name} until they are back."
        )

    def remove_seat(self, conn: Connection, seat: int, reason: str) -> None:
        """Before a game (or between games) the organiser frees a person's seat (a wrong join);
        they are told why, and their token stops working."""
        self.check_runs(conn)
        if self.status == PLAYING:
            raise RequestError("playing", "A player's seat can be freed before the game starts, not during it.")
        s = self.seats[seat] if 0 <= seat < self.size else None
        if s is None or s.bot is not None:
            raise RequestError("bad_seat", "There is no player in that seat.")
        if conn.seats.get(self.id) == seat:
            raise RequestError("bad_seat", "That is your own seat: leave the table instead.")
        why = clean_chat(reason)[:REASON_LENGTH]
        self.seats.empty(seat)
        self.retoken(s.token_hash, None, seat)
        who = self.name_of(conn)
        if s.conn is not None:
            s.conn.seats.pop(self.id, None)
            s.conn.send({"type": "removed", "table": self.id, "seat": seat, "name": who, "reason": why})
        self.broadcast_info()

    def controlled(self, seat: int) -> bool:
        """True while a bot moves for ``seat``: a bot's seat, or a person's that a bot stands in for."""
        s = self.seats[seat]
        return s is not None and (s.bot is not None or s.stand_in)

    def people(self) -> bool:
        """True when people play at the table (a guest the organiser moves for is no player here)."""
        return any(s is not None and s.person for s in self.seats)

    def tell(self, code: str, message: str) -> None:
        """Say something to every connection at the table (an error frame not tied to a request)."""
        for conn in self.connections():
            conn.error(code, message, table=self.id)

    def close(self) -> None:
        self.door.close_all("This table has closed.")
        self.bots.close()
        if self.clock is not None:
            self.clock.stop()
        self.seats.stop()
