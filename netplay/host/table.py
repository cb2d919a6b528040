"""One table at the host: its settings and its game, from the first deal to the stored end.

The host hands every request about a table to its :class:`Table`, which coordinates the parts
that hold the rest, each in a module of its own: who sits where (:mod:`.seats`, with the names
of :mod:`.names`) and who takes, keeps and leaves a seat (:mod:`.usher`, with the requests for
an away player's seat: :mod:`.door`); the people at the table and what each connection is sent
(:mod:`.audience`, with the chat: :mod:`.chat`); the game (a :class:`yule.core.session.Session`)
and its log (:mod:`.tablelog`); the turn timers and nudges (:mod:`.turns`, with :mod:`.clock`);
the bots (:mod:`.botloop`); the game's seed (:mod:`.seeds`).  The table itself keeps the
settings and the game's progress: a game's start, each move, an undo, its end, each written to
the store it was given before everyone at the table is told.

A seat's move and the chance moves it sets off (each drawn from the game's seed and the move's
number, so a restart changes nothing) are played on the session, the new record moves are
committed to the store, and only then does every connection at the table get its own view
frame.  A move and its write are one step: when the store fails, the game goes back to its
last stored position and :class:`~yule.netplay.host.store.StoreError` reaches the host, which tells
the mover; the same for a game's start, its end (with its record, its results for the
evening's scoreboard: :mod:`.evening`, and the strength the table's adapting bots play at next,
:class:`yule.core.levels.Strength`) and an undo.  When a game ends the host also learns people's
pace from its turns (:meth:`Store.learn_pace`).  Seats and settings are written before they
change in memory, so a failed write changes nothing.

Every change of the table but a move (who sits where, who runs it, its status or settings)
ends in one step, :meth:`Table.changed`: the turn timers follow who waits now, everyone at the
table hears its info, and the bots look again at who moves for whom; so no screen misses a
change, whichever part made it.

All methods run on the event loop without awaiting, so a table needs no locks.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import time
from collections.abc import Collection, Iterator
from typing import Any

from ...core import Game, IllegalMove, MalformedMove, get_game
from ...core.base import seat_namer
from ...core.levels import Strength
from ...core.reasons import GENERIC
from ...core.records import record_of
from ...core.session import Session
from .. import CODE_ALPHABET, CODE_LENGTH
from ..frames import OVER, PLAYING, STARTED, UNDONE, WAITING, LogEntry, Status, TableFacts
from ..names import guest_names
from ..refusal import RequestError
from .attendance import Attendance
from .audience import Audience
from .botloop import BotLoop, stand_in_kind
from .connection import Connection
from .evening import game_results
from .helpers import Helpers
from .mending import is_mending, mend
from .pause import Pause
from .seats import Seats
from .seeds import dealt_by, game_seed, honoured
from .store import Store, StoreError, TableEvent, TableRow
from .tablelog import LOG_RESENT, TableLog
from .tablesettings import checked_settings
from .thinkers import Thinkers
from .turns import Turns
from .usher import Usher

log = logging.getLogger("yule.host")

OWN_KEPT = LOG_RESENT
"""The events of a table's own log stored for a restart: as many as the log keeps."""


def new_code() -> str:
    """A new join code: :data:`~yule.netplay.CODE_LENGTH` characters of :data:`~yule.netplay.CODE_ALPHABET`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class Table:
    """A table: its settings, its current game, and the parts that hold the rest (see the module docstring)."""

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
        """The seed the creator asked for: honoured only for games at which nobody else plays (:mod:`.seeds`)."""
        self.made_by = made_by
        """The address the table was created from, as the host's limits count addresses (its
        share of tables and of the bots' thinking); None if not known."""
        self.started_by: str | None = None
        """Who started the current game (its log's first line says so)."""
        self.players: list[str] = []
        self.session: Session[Any] | None = None
        """The current game (the last one, once it is over); None before the first game."""
        self.log = TableLog(game)
        """The current game's log (:mod:`.tablelog`)."""
        self.turn_seconds = turn_seconds
        """Seconds a person has for each move, or None (no turn timer): :mod:`.clock`."""
        self.organised = False
        """Organiser mode: the organiser moves for every seat (its guests have no connections)."""
        self.organiser_hash: str | None = None
        self.creator: str | None = None
        """The hash of the person token of who created the table: their seat is not freed by others."""
        self.strength = Strength()
        """How strong the table's adapting bots play, after the games played here."""
        self.house_rules: str | None = None
        """The name of the host's set of house rules the table was created with, unchanged (:mod:`.housesets`)."""
        self.attendance = Attendance.start([None] * seats)
        """Who played each seat of the current game, and whether they were there (:mod:`.attendance`)."""
        self.thinkers = Thinkers()
        """Where this table's bots think; the host shares its own between its tables."""
        self.bots = BotLoop(self)
        """The bots of the current game and the loop that moves for them (:mod:`.botloop`)."""
        self.turns = Turns(self, turn_seconds)
        """The turn timers, how long each move waited, nudges (:mod:`.turns`)."""
        self.audience = Audience(self, store, self.turns.clock)
        """The connections at the table and what each is sent (:mod:`.audience`)."""
        self.usher = Usher(self)
        """Who takes, keeps and leaves a seat (:mod:`.usher`)."""
        self.seats = Seats(store, id, seats, away_timeout, self.usher.stand_in)
        """Who sits where (:mod:`.seats`)."""
        self.helpers = Helpers(self)
        """Who helps a seat, with its yes, and the requests to (:mod:`.helpers`)."""
        self.pause = Pause(self)
        """The table's pause, a dinner break, and the vote for it (:mod:`.pause`)."""

    # -- creation and restoring ----------------------------------------------------------------

    @classmethod
    def create(
        cls, store: Store, id: int, game_name: str, seats: int, options: dict[str, Any], *, open: bool,
        bot_delay: float, away_timeout: float, seed: str | None = None, taken_codes: Collection[str] = (),
        organised: bool = False, guests: list[str] | None = None, turn_seconds: float | None = None,
        organiser_hash: str | None = None, made_by: str | None = None, creator: str | None = None,
    ) -> Table:  # fmt: skip
        """A new table, stored (with its organiser-mode guests and the organiser token's hash)."""
        game, options = checked_settings(game_name, seats, options)
        if organised and not game.organiser_mode:
            raise RequestError("no_organiser_mode", game=game.name)
        names = guest_names(guests, seats, organised)
        code = new_code()
        while code in taken_codes:
            code = new_code()
        table = cls(store, id=id, game=game, options=options, seats=seats, open=open, code=code,
                    bot_delay=bot_delay, away_timeout=away_timeout, client_seed=seed,
                    turn_seconds=turn_seconds, made_by=made_by)  # fmt: skip
        table.organised = organised
        table.organiser_hash, table.creator = organiser_hash, creator
        with store.atomic():
            table.save()
            for seat, name in enumerate(names):
                table.seats.guest(seat, name)
            if organiser_hash is not None:
                store.save_organiser(id, organiser_hash, organised, creator)
        return table

    @classmethod
    def restore(cls, store: Store, row: TableRow, away_timeout: float, shortest_turn: float = 0.0) -> Table:
        """A table as stored; its current game rebuilt by replaying the stored moves.

        The store has checked every value of ``row`` before (:mod:`.storecheck`: against the
        bounds a ``create`` request meets and the game's own), so nothing is built from one out
        of range.  A turn timer stored shorter than ``shortest_turn`` (by a version that allowed
        it, or by hand) gives that long.  Moves that do not replay, or a game stored as over that
        they do not end, raise: the host sets the table aside with the reason."""
        turn = row.turn_seconds if row.turn_seconds is None else max(shortest_turn, row.turn_seconds)
        table = cls(store, id=row.id, game=get_game(row.game), options=row.options, seats=row.seats,
                    open=row.open, code=row.code, bot_delay=row.bot_delay, away_timeout=away_timeout,
                    client_seed=row.client_seed, turn_seconds=turn, made_by=row.made_by)  # fmt: skip
        table.status, table.game_no, table.players = row.status, row.game_no, row.players
        table.started_by, table.strength = row.started_by, Strength.from_record(row.strength)
        table.seats.restore(row.seat_rows)
        table.attendance = Attendance.from_json(row.attendance, row.seats) or Attendance.start(table._persons())
        if row.organiser is not None:
            table.organiser_hash, table.organised = row.organiser
        table.creator = row.creator
        if table.status != WAITING:
            table.session = session = table._new_session(row.seed, table.game.seats_at_start(table.size, row.moves))
            own = store.load_table_events(row.id, row.game_no)  # the table's own lines, in order
            if table.started_by is not None:
                table.log.events([table._started()], 0)
            table._own_lines(own, 0)
            for move in row.moves:  # each move's lines with the moves there were then
                notes = [e.event for e in own if e.before and e.seq == len(session.moves)]
                table.log.events(notes + session.apply(move), len(session.moves))
                table._own_lines(own, len(session.moves))
            if table.status == OVER and not session.state.is_over:
                raise ValueError(f"status is {OVER!r}; its game is not over after its {len(row.moves)} stored moves")
            table._make_bots()
        table.pause.restore(store.load_pause(row.id))  # held clocks: no countdown starts below
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
                table.changed()
        elif table.status == OVER and not store.record_path(table.id, table.game_no).exists():
            table._store_end()
        return table

    def _own_lines(self, own: list[TableEvent], seq: int) -> None:
        """The table's own stored lines logged after its game's first ``seq`` moves (restoring)."""
        for e in own:
            if not e.before and e.seq == seq:
                self.log.add(e.event, seq)

    def _keep_line(self, event: dict[str, Any], seq: int, *, before: bool = False) -> None:
        """Store an event of the table's own log, so a restart logs it again where it was; one
        not stored costs only that line after a restart (the host's log says so)."""
        try:
            self.store.add_table_event(TableEvent(self.id, self.game_no, seq, before, event), keep=OWN_KEPT)
        except StoreError:
            log.exception("table %s: a line of its log could not be stored", self.id)

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
        seats: list[tuple[str, str | None, str | None]] = []
        for seat, s in enumerate(self.seats):
            if s is not None and s.person and not self.attendance.credited(seat, here=s.conn is not None):
                seats.append((who(seat), stand_in_kind(self.game), None))  # the stand-in played it: it is theirs
            else:
                seats.append((who(seat), s.bot if s else None, s.person_hash if s else None))
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
            attendance=self.attendance.to_json(),
        )  # fmt: skip

    def _persons(self) -> list[str | None]:
        """The person of each seat now (None: a bot's, a guest's, or empty)."""
        return [s.person_hash if s is not None else None for s in self.seats]

    def record(self) -> dict[str, Any]:
        """The current game's record (with ``result`` once it is over).

        It names the creator's ``seed`` when that seed dealt the game; a seed of the host's own
        is never written: the chance moves in the record are all a replay needs.
        """
        assert self.session is not None
        extra = {"seed": self.client_seed} if dealt_by(self.client_seed, self.seed, self.game_no) else {}
        if self.house_rules is not None:
            extra["house_rules"] = self.house_rules
        bots = [s.bot if s is not None else None for s in self.seats]
        return record_of(self.session, self.players, **extra, table=self.id, game_no=self.game_no, bots=bots)

    @property
    def seed(self) -> str:
        """The current game's seed (kept secret while it is played); empty before the first game."""
        return "" if self.session is None else str(self.session.seed)

    @property
    def paused(self) -> bool:
        """True while the table is paused (:mod:`.pause`): nothing moves."""
        return self.pause.on

    @property
    def playing(self) -> Session[Any] | None:
        """The game being played now; ``None`` between games."""
        return self.session if self.status == PLAYING else None

    @property
    def seq(self) -> int:
        """How many record moves the current game has (chance moves included)."""
        return 0 if self.session is None else len(self.session.moves)

    # -- what the table tells -----------------------------------------------------------------

    def facts(self) -> TableFacts:
        """What the lobby line and the table info both say."""
        facts: TableFacts = {
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
            "client_seed": dealt_by(self.client_seed, self.seed, self.game_no)
            if self.status != WAITING
            else honoured(self.client_seed, self.seats),
            "turn_seconds": self.turn_seconds,
            "paused": self.pause.facts(),
        }
        if self.house_rules is not None:
            facts["house_rules"] = self.house_rules
        return facts

    def _started(self) -> dict[str, Any]:
        """The log event of who started the current game."""
        return {"type": STARTED, "name": self.started_by, "game_no": self.game_no}

    def publish(self, events: list[dict[str, Any]]) -> None:
        """Every connection at the table gets its own view with the new public events."""
        self._send_views(self.log.events(events, self.seq))

    def announce(self, event: dict[str, Any]) -> None:
        """An event of the table's own (not a move's): kept in the log (and stored, for a
        restart), and sent with everyone's view."""
        self._keep_line(event, self.seq)
        self._send_views([self.log.add(event, self.seq)])

    def _send_views(self, entries: list[LogEntry]) -> None:
        """The turn timers and waits follow who may move now; then everyone gets their view."""
        self.turns.wind()
        self.turns.waits.follow(self.movers() if self.status == PLAYING else [])
        self.audience.send_views(entries)

    def changed(self, but: Connection | None = None) -> None:
        """The one step after any change of the table (who sits where, who runs it, its status
        or settings): the turn timers follow who waits now, everyone at the table hears its
        info (``but`` one, told already), and the bots look again at who moves for whom.  A vote
        to pause or resume is counted again first (who is here may have changed: :mod:`.pause`)."""
        if self.pause.review():
            return  # it ended, and the table has told everyone
        self.turns.wind()
        self.audience.tell_info(but=but)
        self.bots.kick()

    def tell(self, news: RequestError) -> None:
        """Say something to every connection at the table (an error frame not tied to a request)."""
        for conn in self.audience.connections():
            conn.error(news, table=self.id)

    # -- settings and the game's progress ----------------------------------------------------------

    def set_open(self, open: bool) -> None:
        with self._changing(open=open):
            self.save()
        self.changed()

    def set_pace(self, bot_delay: float) -> None:
        """How long each bot's move stays on show from now on (a child's table slower, grown-ups' quicker)."""
        with self._changing(bot_delay=bot_delay):
            self.save()
        self.changed()

    def start(self, by: str | None = None) -> None:
        """A new game with the seats as they are; ``by``: who started it (the log says so)."""
        if self.status == PLAYING:
            raise RequestError("playing", reason="started")
        if any(s is None for s in self.seats):
            raise RequestError("seats_empty")
        session = self._new_session(game_seed(self.client_seed, self.seats, self.game_no + 1))
        events = session.draw_chance()
        with self._changing(game_no=self.game_no + 1, session=session, status=PLAYING, log=TableLog(self.game), started_by=by,
                            players=[s.name for s in self.seats if s is not None],
                            attendance=Attendance.start(self._persons())):  # fmt: skip
            self.save()
            self.store.append_moves(self.id, self.game_no, 0, session.moves)
        self._make_bots()
        self.turns.waits.clear()
        for seat, s in enumerate(self.seats):
            if s is not None:
                s.stand_in = False
                self.seats.away(seat)
        if by is not None:
            events.insert(0, self._started())
        self.publish(events)
        self.changed()

    def again(self, by: str | None = None) -> None:
        if self.status != OVER:
            raise RequestError("not_over")
        if any(s is None for s in self.seats):
            with self._changing(status=WAITING):
                self.save()
            self.changed()
            return
        self.start(by)

    def _new_session(self, seed: str, seats: int | None = None) -> Session[Any]:
        """A game of this table from its start, dealt by ``seed``; it keeps the way back for an
        undo when the game has one.  ``seats``: how many it started with, when latecomers have
        joined it since (:mod:`.mending`); else the table's."""
        return Session(self.game, self.size if seats is None else seats, self.options, seed,
                       undo=self.game.undo_floor is not None)  # fmt: skip

    def _make_bots(self) -> None:
        self.bots.make(self.game, [s.bot if s is not None else None for s in self.seats], self.seed, self.strength)

    def movers(self) -> list[int]:
        """The seats that may act now: the active seats, or the seat that sets off a chance move."""
        return [] if self.session is None else self.session.movers()

    def play(self, conn: Connection, wire_move: dict[str, Any], seq: int | None, for_seat: int | None = None) -> int:
        """A move from a connection (for ``for_seat`` from an organiser-mode table's organiser);
        returns the new ``seq`` once it is committed and sent."""
        if for_seat is None and is_mending(self, wire_move):  # the organiser mends the party (:mod:`.mending`)
            return mend(self, conn, wire_move, seq)
        if for_seat is not None:
            if not (self.organised and self.game.organiser_mode and conn is self.audience.organiser):
                raise RequestError("forbidden", reason="organiser_moves")
            if not 0 <= for_seat < self.size:
                raise RequestError("bad_seat", reason="range", seats=self.size)
        seat = conn.seats.get(self.id) if for_seat is None else for_seat
        if seat is None:
            raise RequestError("not_seated", reason="move")
        if self.status != PLAYING:
            raise RequestError("not_playing", reason="idle" if self.status == WAITING else "over")
        self.pause.check()
        assert self.session is not None
        if seq is not None and not self.session.fresh_for(seat, seq):
            raise RequestError("stale", seq=self.seq)
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
            raise RequestError("not_your_turn")
        timed = note is None and len(movers) == 1 and not self.controlled(seat)
        stored = len(session.moves)
        try:
            events = session.play(seat, wire_move)
        except IllegalMove as e:
            raise RequestError.ruled("illegal", e) from None
        except Exception:
            log.exception("table %s: the engine failed on a move; the game is back at move %d", self.id, stored)
            raise RequestError.ruled("illegal", MalformedMove(GENERIC, "not_understood")) from None
        self.turns.waits.moved(seat, timed=timed)
        s = self.seats[seat]
        self._commit(stored, ([note] if note is not None else []) + events,
                     moved=(seat, s.conn is not None) if s is not None and s.person else None)  # fmt: skip
        if note is not None:
            self._keep_line(note, stored, before=True)
        self.bots.kick(seat)

    def undo(self, conn: Connection) -> int:
        """The organiser takes back the last seat move (and the chance moves it set off);
        the stored record is cut to the moves that stand.  Returns the new ``seq``."""
        if conn is not self.audience.organiser:
            raise RequestError("forbidden", reason="undo")
        session = self.session
        if self.status == WAITING or session is None:
            raise RequestError("not_playing", reason="undo")
        self.pause.check()
        floor = self.game.undo_floor
        if floor is None:
            raise RequestError("no_undo", reason="game", game=self.game.name)
        keep = session.last_seat_move()
        if keep is None or keep < floor(session.moves):
            raise RequestError("no_undo", reason="none")
        reopened = self.status == OVER
        with self._changing(status=PLAYING):
            self.store.truncate_moves(self.id, self.game_no, keep)
            self.store.drop_table_events(self.id, self.game_no, keep)
            if reopened:
                self.save()
                self.store.forget_results(self.id, self.game_no)
        undone = session.undo()
        self.log.back_to(keep)
        if reopened:
            self._forget_record()
            for seat in range(self.size):
                self.seats.away(seat)
        self.announce({"type": UNDONE, "seq": keep, "undone": undone[0] if undone else None})
        self.changed()
        return keep

    def _commit(self, stored: int, events: list[dict[str, Any]], *, moved: tuple[int, bool] | None = None) -> None:
        """Store the game's moves after the first ``stored``, and its end and record with them
        when they end it, in one step; then send the views with ``events``.  ``moved``: the
        person's seat that moved, and whether they were there (:mod:`.attendance`).

        When the store fails, the game goes back to its first ``stored`` moves and the
        :class:`StoreError` goes on to the host.
        """
        session = self.session
        assert session is not None
        new = session.moves[stored:]
        over = session.state.is_over
        attendance = self.attendance if moved is None else self.attendance.after(moved[0], present=moved[1])
        try:
            with self._changing(status=OVER if over else self.status, strength=self._counted(), attendance=attendance):
                self.store.append_moves(self.id, self.game_no, stored, new)
                if moved is not None and not over:
                    self.store.save_attendance(self.id, attendance.to_json())
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
            self.helpers.game_over()  # a helper sees the end as the seat did, and no more
            self.changed()

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
        turns = self.turns.waits.taken()
        if turns:
            try:
                self.store.learn_pace(self.game.name, turns)
            except StoreError:
                log.exception("table %s: the pace of its game could not be stored", self.id)
        self.turns.stop()
        self.seats.stop()

    # -- who moves -------------------------------------------------------------------------------

    def shown_seat(self, seat: int | None) -> int | None:
        """The seat whose view a connection in ``seat`` is sent: its own, but after a game for
        someone else than who played that seat: none (the watchers' view; :mod:`.attendance`)."""
        if seat is None or self.status != OVER:
            return seat
        s = self.seats[seat]
        return seat if s is not None and s.person_hash == self.attendance.by[seat] else None

    def controlled(self, seat: int) -> bool:
        """True while a bot moves for ``seat``: a bot's seat, or a person's that a bot stands in for."""
        s = self.seats[seat]
        return s is not None and (s.bot is not None or s.stand_in)

    def people(self) -> bool:
        """True when people play at the table now: someone is connected in a person's seat (a
        guest the organiser moves for is no player here, nor a person who left)."""
        return any(s is not None and s.person and s.conn is not None for s in self.seats)

    def close(self) -> None:
        self.pause.close()
        self.usher.door.close_all()
        self.helpers.close_all()
        self.bots.close()
        self.turns.stop()
        self.seats.stop()
