"""The host's persistence: one SQLite database (WAL) in the data folder, plus record files.

Every applied move is appended (and committed) before the host acknowledges it, so a host
killed at any moment restarts with each table at its last acknowledged move.  Writes that
belong together happen in one :meth:`Store.atomic` block; a write that fails (disk full,
database locked, I/O error) raises :class:`StoreError` with nothing of the block written.  Tables are
rebuilt by replaying their stored moves (:func:`yule.core.records.replay`); nothing is pickled.
Seat tokens and person tokens are stored as SHA-256 hashes only.  Each table's last chat lines
are kept too (never in a record), and so are the events of its own log (a pause, a nudge, a time
up: not a move's, which replaying the moves gives back), so that a restarted host's log reads as
it did.  The evening's scoreboard keeps rows of its own (the
``evenings``, and each finished game's ``results`` seat by seat: :mod:`yule.netplay.host.evening`),
written in the step that ends the game.

Nothing read back is trusted before it is checked (:mod:`yule.netplay.host.storecheck`): a value
SQLite kept of another type (a text in a number's column), out of the range a ``create`` request
meets or of its game's own.  A table with one is set aside before anything is built from it
(:attr:`Store.unreadable`: the host logs why, its rows stay for a person to look at); a secret
or the next table's number is made again, and a chat line, a log event, a pace or a result is left out (an
evening's start is made again), each with a sentence in the host's log, never a traceback.

Finished games are written to ``DATA/records/table-<id>-game-<n>.json`` (``yule-record/1``).
The data folder, the database and the records are readable by their owner only (seat tokens
are hashed, but records and settings are nobody else's business; :mod:`yule.netplay.private`).
A table whose game finished long ago can be forgotten (:meth:`Store.forget_finished`); its
record files and its results stay.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import math
import os
import re
import secrets
import sqlite3
import time
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, NamedTuple

from ...core import get_game
from ...core.estimate import Pace, usual_seconds
from ..frames import Status
from ..private import owner_only, write_private
from .storecheck import CHAT_CHECKS, PACE_CHECKS, fault, hex32, result_fault, shown, table_fault

log = logging.getLogger("yule.host")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seats INTEGER NOT NULL,
    open INTEGER NOT NULL,
    code TEXT NOT NULL,
    bot_delay REAL NOT NULL,
    status TEXT NOT NULL,
    game_no INTEGER NOT NULL,
    seed TEXT NOT NULL,
    players TEXT NOT NULL,
    client_seed TEXT,
    turn_seconds REAL,
    started_by TEXT,
    made_by TEXT,
    strength TEXT,
    attendance TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    table_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    token_hash TEXT,
    person TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX IF NOT EXISTS seats_by_token ON seats (token_hash);
CREATE TABLE IF NOT EXISTS moves (
    table_id INTEGER NOT NULL,
    game_no INTEGER NOT NULL,
    n INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (table_id, game_no, n)
);
CREATE TABLE IF NOT EXISTS counters (
    name TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS chat (
    table_id INTEGER NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    game_no INTEGER,
    seq INTEGER,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS organisers (
    table_id INTEGER PRIMARY KEY,
    token_hash TEXT NOT NULL,
    organised INTEGER NOT NULL,
    creator TEXT
);
CREATE TABLE IF NOT EXISTS moved_tokens (
    token_hash TEXT PRIMARY KEY,
    table_id INTEGER NOT NULL,
    seat INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS paces (
    game TEXT PRIMARY KEY,
    seconds REAL NOT NULL,
    turns INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS evenings (
    id INTEGER PRIMARY KEY,
    started REAL NOT NULL,
    ended REAL
);
CREATE TABLE IF NOT EXISTS results (
    evening INTEGER NOT NULL,
    table_id INTEGER NOT NULL,
    game_no INTEGER NOT NULL,
    game TEXT NOT NULL,
    seat INTEGER NOT NULL,
    person TEXT,
    name TEXT NOT NULL,
    bot TEXT,
    score INTEGER,
    place INTEGER,
    share REAL NOT NULL,
    open INTEGER NOT NULL,
    ended REAL NOT NULL,
    PRIMARY KEY (table_id, game_no, seat)
);
CREATE INDEX IF NOT EXISTS results_by_evening ON results (evening);
CREATE TABLE IF NOT EXISTS secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS pauses (
    table_id INTEGER PRIMARY KEY,
    by TEXT NOT NULL,
    since REAL NOT NULL,
    vote INTEGER NOT NULL,
    timers TEXT NOT NULL,
    away TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS table_events (
    table_id INTEGER NOT NULL,
    n INTEGER NOT NULL,
    game_no INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    before INTEGER NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
"""
TABLE_COLUMNS = (
    "id, game, options, seats, open, code, bot_delay, status, game_no, seed, players, client_seed, turn_seconds,"
    " started_by, made_by, strength, attendance"
)
"""The tables' columns by name: a database upgraded by :meth:`Store._upgrade` may hold them in
another order (columns added later come last)."""
TABLE_NAMES = tuple(name.strip() for name in TABLE_COLUMNS.split(","))

RECORD_NAME = re.compile(r"table-(\d+)-game-\d+\.json")
"""A record file's name (:meth:`Store.record_path`), which holds its table's number."""


class StoreError(Exception):
    """A write to the data folder failed; nothing of the failed :meth:`Store.atomic` block is stored."""


class DataFolderError(Exception):
    """The data folder cannot be used at all (made, opened, written): the sentence says which and why."""


def _json(text: Any, kind: type, what: str) -> Any:
    """A stored JSON value of type ``kind``; ``ValueError`` naming ``what`` when it is not one."""
    try:
        if not isinstance(text, str | bytes):  # NULL: no JSON either
            raise ValueError
        value = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError(f"its {what} are not readable JSON") from None
    if not isinstance(value, kind):
        raise ValueError(f"its {what} are not a JSON {kind.__name__}")
    return value


def _forgiven(text: Any) -> Any:
    """A stored JSON value the table can do without (the bots' strength): ``None`` when unreadable."""
    try:
        return None if text is None else json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return None


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class PauseRow(NamedTuple):
    """A paused table as stored (:mod:`.pause`): who paused it, when (Unix time), whether by a
    vote, and the seconds each turn timer and away countdown had left (JSON: seat -> seconds)."""

    table: int
    by: str
    since: float
    vote: bool
    timers: str
    away: str


class TableEvent(NamedTuple):
    """An event of a table's own log as stored (not a move's: a pause, a nudge, a time up…): the
    game it was in, with how many moves then; ``before``: a move's note, logged just before that
    move's own events (a time up: the bot made the move), else logged after them."""

    table: int
    game_no: int
    seq: int
    before: bool
    event: dict[str, Any]


class SeatRow(NamedTuple):
    """A taken seat as stored."""

    name: str
    bot: str | None = None
    """The bot kind of a bot's seat."""
    token_hash: str | None = None
    """The hash of a person's seat token."""
    person: str | None = None
    """The hash of the person token of who took the seat (:mod:`.evening`), when the host knew it."""


@dataclass(frozen=True, slots=True)
class Result:
    """How one seat's game ended, as the evening's scoreboard keeps it (:mod:`.evening`)."""

    table: int
    game_no: int
    game: str
    seat: int
    person: str | None
    """The hash of the seat's person token; None for a bot, and for a seat whose person the host
    does not know (an organiser-mode guest, a seat taken before hosts knew persons)."""
    name: str
    """The seat's name at the table."""
    bot: str | None
    """The bot kind of a bot's seat."""
    score: int | None
    """None in a game without scores (:attr:`yule.core.base.Game.scored`)."""
    place: int | None
    """1 for the winners ...; None in a game that ranks nobody."""
    share: float
    """The seat's share of the win (1/k for each of k winners)."""
    open: bool
    """True when the table was open (no join code) when the game ended."""
    ended: float
    """When the game ended (Unix time)."""


class _Pace(NamedTuple):
    """A pace row as stored (:meth:`Store.paces`)."""

    game: Any
    seconds: Any
    turns: Any


RESULT_NAMES = tuple(f.name for f in fields(Result))
"""A result's values in the order :meth:`Store.results` reads its columns."""


@dataclass(frozen=True, slots=True)
class Evening:
    """One evening of games: its number and when it started (Unix time)."""

    id: int
    started: float


@dataclass(frozen=True, slots=True)
class TableRow:
    """A table as stored: its settings, current game and seats (``seats[i]`` or ``None``)."""

    id: int
    game: str
    options: dict[str, Any]
    seats: int
    open: bool
    code: str
    bot_delay: float
    status: Status
    game_no: int
    seed: str
    """The current game's seed (empty before the first game)."""
    players: list[str]
    seat_rows: dict[int, SeatRow]
    """seat -> who sits there."""
    moves: list[dict[str, Any]]
    """The current game's record moves, in order."""
    organiser: tuple[str, bool] | None = None
    """(organiser token hash, organiser mode) when the table has an organiser."""
    client_seed: str | None = None
    """The seed its creator asked for, if any."""
    turn_seconds: float | None = None
    """Its turn timer (:mod:`yule.netplay.host.clock`), if it has one."""
    started_by: str | None = None
    """Who started its current game (the log says so), if the host knows."""
    made_by: str | None = None
    """The address it was created from (as the host's limits count addresses), if the host knows."""
    strength: Any = None
    """How strong its adapting bots play (:meth:`yule.core.levels.Strength.to_record`), as stored
    (``None``: not stored, or unreadable; :meth:`~yule.core.levels.Strength.from_record` reads it)."""
    creator: str | None = None
    """The hash of the person token of who created it, if the host knows."""
    attendance: Any = None
    """Who played each seat of its game and whether they were there (:mod:`.attendance`), as
    stored (read by :meth:`yule.netplay.host.attendance.Attendance.from_json`: unreadable is afresh)."""


@dataclass(frozen=True, slots=True)
class ChatRow:
    """One kept chat line of a table: who said what, and where in the table's games: game
    ``game_no`` had ``seq`` moves then (both None for a line kept before the host noted it)."""

    seat: int | None
    name: str
    text: str
    game_no: int | None = None
    seq: int | None = None


class Store:
    """The database of one data folder."""

    def __init__(self, data_dir: Path) -> None:
        """Open (or make) the data folder; :class:`DataFolderError` with the reason when it cannot be used."""
        self.data_dir = Path(data_dir)
        self.records_dir = self.data_dir / "records"
        self.unreadable: list[tuple[int, str]] = []
        """Tables :meth:`load_tables` set aside, with why (their rows stay, for a person to look at)."""
        self._told: set[str] = set()
        """What :meth:`_tell` has told the host's log already (a row skipped is said once)."""
        self._results: tuple[int, list[Result]] | None = None
        """The results of an evening as last read (:meth:`results`), until this store changes them."""
        try:
            self._open()
        except (OSError, sqlite3.Error) as e:
            why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            raise DataFolderError(f"the data folder {self.data_dir} cannot be used: {why}") from e

    def _open(self) -> None:
        db_path = self.data_dir / "yule.db"
        # made now, made empty for Yule, or by Yule before: a folder that holds other things is left as it is
        ours = not self.data_dir.exists() or db_path.exists() or not any(self.data_dir.iterdir())
        self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.records_dir.mkdir(mode=0o700, exist_ok=True)
        os.close(os.open(db_path, os.O_RDWR | os.O_CREAT, 0o600))
        older = [*self.data_dir.glob("yule.db-*"), *self.records_dir.glob("*.json")]  # from older versions
        for path in [self.data_dir] * ours + [self.records_dir, db_path, *older]:
            owner_only(path)
        self.db = sqlite3.connect(db_path, isolation_level=None)
        self._depth = 0
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")  # durable across a killed process
        self.db.executescript(SCHEMA)
        self._upgrade()

    def _upgrade(self) -> None:
        """Columns added since the first version, added to a database made before them."""
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
        if "client_seed" not in columns:
            self.db.execute("ALTER TABLE tables ADD COLUMN client_seed TEXT")
        if "turn_seconds" not in columns:
            self.db.execute("ALTER TABLE tables ADD COLUMN turn_seconds REAL")
        if "started_by" not in columns:
            self.db.execute("ALTER TABLE tables ADD COLUMN started_by TEXT")
        if "made_by" not in columns:
            self.db.execute("ALTER TABLE tables ADD COLUMN made_by TEXT")
        if "strength" not in columns:
            self.db.execute("ALTER TABLE tables ADD COLUMN strength TEXT")
        if "attendance" not in columns:
            self.db.execute("ALTER TABLE tables ADD COLUMN attendance TEXT")
        if "creator" not in {row[1] for row in self.db.execute("PRAGMA table_info(organisers)")}:
            self.db.execute("ALTER TABLE organisers ADD COLUMN creator TEXT")  # who created it: not known before
        seats = {row[1] for row in self.db.execute("PRAGMA table_info(seats)")}
        if "person" not in seats:  # seats taken before hosts knew persons: a person of that seat
            self.db.execute("ALTER TABLE seats ADD COLUMN person TEXT")
        chat = {row[1] for row in self.db.execute("PRAGMA table_info(chat)")}
        for column in ("game_no", "seq"):  # where in the game each line was said: none for older lines
            if column not in chat:
                self.db.execute(f"ALTER TABLE chat ADD COLUMN {column} INTEGER")

    def close(self) -> None:
        self.db.close()

    @contextlib.contextmanager
    def atomic(self) -> Iterator[None]:
        """Everything written in the block is committed together, or nothing is.

        A block inside another is part of the outer one.  A failure to write (SQLite's, or the
        file system's for a record) raises :class:`StoreError`.
        """
        if self._depth:
            yield
            return
        self._depth = 1
        try:
            self.db.execute("BEGIN")
            yield
            self.db.execute("COMMIT")
        except BaseException as e:
            if self.db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    self.db.execute("ROLLBACK")
            if isinstance(e, sqlite3.Error | OSError):
                raise StoreError(f"could not write to {self.data_dir}: {e}") from e
            raise
        finally:
            self._depth = 0

    def _tell(self, sentence: str) -> None:
        """Say in the host's log what the store skipped or made again, once."""
        if sentence not in self._told:
            self._told.add(sentence)
            log.warning("%s", sentence)

    def next_table_id(self) -> int:
        """One more than any table id ever used here, also of tables since forgotten.

        A stored counter that is not a whole number from 1 is made again, from every table
        number the data folder still holds (its tables, the evening's results, the records),
        and the log says so."""
        (top,) = self.db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM tables").fetchone()
        row = self.db.execute("SELECT value FROM counters WHERE name='next_table'").fetchone()
        if row is None:
            return int(top)
        (counter,) = row
        if type(counter) is int and counter >= 1:
            return int(max(top, counter))
        (results,) = self.db.execute(
            "SELECT COALESCE(MAX(table_id), 0) + 1 FROM results WHERE typeof(table_id)='integer'"
        ).fetchone()
        top = max(top, results, self._highest_record() + 1)
        self._tell(f"the next table's number is stored as {shown(counter)}, not a whole number from 1: it is made "
                   f"again from the tables, results and records in {self.data_dir}, so the next table is {top}")  # fmt: skip
        try:
            with self.atomic():
                self.db.execute("INSERT OR REPLACE INTO counters VALUES ('next_table', ?)", (top,))
        except StoreError as e:  # (in a block of another step, that step fails with it)
            self._tell(f"the next table's number could not be stored ({e}): it is made again at the next start")
        return int(top)

    def _highest_record(self) -> int:
        """The highest table number a record file is named after (0: none)."""
        try:
            names = [path.name for path in self.records_dir.iterdir()]
        except OSError:
            return 0
        return max((int(m[1]) for name in names if (m := RECORD_NAME.fullmatch(name))), default=0)

    def save_table(
        self, *, id: int, game: str, options: dict[str, Any], seats: int, open: bool, code: str,
        bot_delay: float, status: str, game_no: int, seed: str, players: list[str], client_seed: str | None,
        turn_seconds: float | None, started_by: str | None = None, made_by: str | None = None,
        strength: dict[str, Any] | None = None, attendance: str | None = None,
    ) -> None:  # fmt: skip
        with self.atomic():
            self.db.execute(
                f"INSERT OR REPLACE INTO tables ({TABLE_COLUMNS}) VALUES ({','.join('?' * len(TABLE_NAMES))})",
                (id, game, json.dumps(options), seats, int(open), code, bot_delay, status, game_no, seed,
                 json.dumps(players), client_seed, turn_seconds, started_by, made_by,
                 None if strength is None else json.dumps(strength), attendance),
            )  # fmt: skip

    def save_attendance(self, table_id: int, attendance: str) -> None:
        """Who played each seat of a table's game, and whether they were there (:mod:`.attendance`)."""
        with self.atomic():
            self.db.execute("UPDATE tables SET attendance=? WHERE id=?", (attendance, table_id))

    def save_seat(self, table_id: int, seat: int, row: SeatRow) -> None:
        with self.atomic():
            self.db.execute(
                "INSERT OR REPLACE INTO seats (table_id, seat, name, bot, token_hash, person) VALUES (?,?,?,?,?,?)",
                (table_id, seat, *row),
            )

    def free_seat(self, table_id: int, seat: int) -> None:
        with self.atomic():
            self.db.execute("DELETE FROM seats WHERE table_id=? AND seat=?", (table_id, seat))

    def append_moves(self, table_id: int, game_no: int, first: int, moves: Iterable[dict[str, Any]]) -> None:
        """Commit moves numbered ``first``, ``first+1`` ... of a table's current game."""
        rows = [(table_id, game_no, first + i, json.dumps(m)) for i, m in enumerate(moves)]
        with self.atomic():
            self.db.executemany("INSERT INTO moves VALUES (?,?,?,?)", rows)

    def truncate_moves(self, table_id: int, game_no: int, keep: int) -> None:
        """Forget a table's moves from number ``keep`` on (an undo): the record holds what stands."""
        with self.atomic():
            self.db.execute("DELETE FROM moves WHERE table_id=? AND game_no=? AND n>=?", (table_id, game_no, keep))

    def add_chat(self, table_id: int, line: ChatRow, *, keep: int) -> None:
        """Keep one chat line of a table, and only its last ``keep`` lines (numbered on from the
        last line numbered with a whole number: SQLite would put a text after every number)."""
        with self.atomic():
            (n,) = self.db.execute(
                "SELECT COALESCE(MAX(n), 0) + 1 FROM chat WHERE table_id=? AND typeof(n)='integer'", (table_id,)
            ).fetchone()
            self.db.execute("INSERT INTO chat (table_id, n, seat, name, text, game_no, seq) VALUES (?,?,?,?,?,?,?)",
                            (table_id, n, line.seat, line.name, line.text, line.game_no, line.seq))  # fmt: skip
            self.db.execute("DELETE FROM chat WHERE table_id=? AND n<=?", (table_id, n - keep))

    def load_chat(self, table_id: int, last: int) -> list[ChatRow]:
        """A table's last ``last`` chat lines, oldest first; a line whose values are not a chat
        line's is skipped (:data:`.storecheck.CHAT_CHECKS`), and the log says so."""
        names = [column for column, _, _ in CHAT_CHECKS]  # ChatRow's fields
        rows = self.db.execute(
            f"SELECT n, {', '.join(names)} FROM chat WHERE table_id=? ORDER BY n DESC LIMIT ?", (table_id, last)
        ).fetchall()
        lines = []
        for n, *values in reversed(rows):
            columns = dict(zip(names, values, strict=True))
            why = fault(CHAT_CHECKS, columns, None)
            if why is None:
                lines.append(ChatRow(**columns))
            else:
                self._tell(f"table {table_id}: chat line {shown(n)} is skipped ({why}); it is left in {self.data_dir}")
        return lines

    def save_organiser(self, table_id: int, token_hash: str, organised: bool, creator: str | None = None) -> None:
        with self.atomic():
            self.db.execute("INSERT OR REPLACE INTO organisers (table_id, token_hash, organised, creator) VALUES "
                            "(?,?,?,?)", (table_id, token_hash, int(organised), creator))  # fmt: skip

    def save_moved(self, token_hash: str, table_id: int, seat: int, *, keep: int) -> None:
        """Remember that the seat of a token was handed to another device (its device may ask
        for it back); the ``keep`` newest are kept."""
        with self.atomic():
            self.db.execute("INSERT OR REPLACE INTO moved_tokens VALUES (?,?,?)", (token_hash, table_id, seat))
            self.db.execute("DELETE FROM moved_tokens WHERE rowid NOT IN (SELECT rowid FROM moved_tokens ORDER BY "
                            "rowid DESC LIMIT ?)", (keep,))  # fmt: skip

    # -- paused tables (:mod:`.pause`) -------------------------------------------------------------

    def save_pause(self, row: PauseRow) -> None:
        """A table is paused: who paused it, when, and what its clocks had left."""
        with self.atomic():
            self.db.execute("INSERT OR REPLACE INTO pauses VALUES (?,?,?,?,?,?)",
                            (row.table, row.by, row.since, int(row.vote), row.timers, row.away))  # fmt: skip

    def clear_pause(self, table_id: int) -> None:
        """The table is paused no more (resumed, or forgotten)."""
        with self.atomic():
            self.db.execute("DELETE FROM pauses WHERE table_id=?", (table_id,))

    def load_pause(self, table_id: int) -> PauseRow | None:
        """The table's pause as stored, if it is paused; a row that is not one (written by hand)
        is skipped, said once, and the table is not paused."""
        row = self.db.execute("SELECT table_id, by, since, vote, timers, away FROM pauses WHERE table_id=?",
                              (table_id,)).fetchone()  # fmt: skip
        if row is None:
            return None
        _, by, since, vote, timers, away = row
        if (isinstance(by, str) and 0 < len(by) <= 64 and type(since) in (int, float) and math.isfinite(since)
                and vote in (0, 1) and isinstance(timers, str) and isinstance(away, str)):  # fmt: skip
            return PauseRow(table_id, by, float(since), bool(vote), timers, away)
        self._tell(f"table {table_id}: its pause is skipped (not one as stored); it is left in {self.data_dir}")
        return None

    # -- the table's own log lines (not a move's), so a restart keeps them ------------------------

    def add_table_event(self, row: TableEvent, *, keep: int) -> None:
        """Keep one event of a table's own log (a pause, a nudge, a time up…), and only its last ``keep``."""
        with self.atomic():
            (n,) = self.db.execute(
                "SELECT COALESCE(MAX(n), 0) + 1 FROM table_events WHERE table_id=? AND typeof(n)='integer'",
                (row.table,),
            ).fetchone()
            self.db.execute("INSERT INTO table_events VALUES (?,?,?,?,?,?)",
                            (row.table, n, row.game_no, row.seq, int(row.before), json.dumps(row.event)))  # fmt: skip
            self.db.execute("DELETE FROM table_events WHERE table_id=? AND n<=?", (row.table, n - keep))

    def drop_table_events(self, table_id: int, game_no: int, after: int) -> None:
        """Forget a game's own log events written after its first ``after`` moves, and the notes of
        the moves taken back (an undo)."""
        with self.atomic():
            self.db.execute("DELETE FROM table_events WHERE table_id=? AND game_no=? AND (seq>? OR (seq=? AND before=1))",
                            (table_id, game_no, after, after))  # fmt: skip

    def load_table_events(self, table_id: int, game_no: int) -> list[TableEvent]:
        """The own log events of a table's game ``game_no``, oldest first; a row that is not one
        (written by hand, half written) is skipped, and the log says so."""
        rows = self.db.execute("SELECT n, seq, before, event FROM table_events WHERE table_id=? AND game_no=? "
                               "ORDER BY n", (table_id, game_no)).fetchall()  # fmt: skip
        kept = []
        for n, seq, before, text in rows:
            event = None
            if type(seq) is int and seq >= 0 and before in (0, 1) and isinstance(text, str):
                with contextlib.suppress(ValueError):
                    event = json.loads(text)
            if isinstance(event, dict) and isinstance(event.get("type"), str):
                kept.append(TableEvent(table_id, game_no, seq, bool(before), event))
            else:
                self._tell(f"table {table_id}: log event {shown(n)} is skipped (not one as stored); "
                           f"it is left in {self.data_dir}")  # fmt: skip
        return kept

    def moved_tokens(self) -> dict[str, tuple[int, int]]:
        """Token hash -> (table id, seat) of the seats handed to another device, oldest first."""
        rows = self.db.execute("SELECT token_hash, table_id, seat FROM moved_tokens ORDER BY rowid")
        return {h: (t, seat) for h, t, seat in rows if isinstance(t, int) and isinstance(seat, int)}

    def forget_finished(self, before: float, among: Collection[int] | None = None) -> list[int]:
        """Forget the tables whose game finished before ``before`` (a Unix time); their ids.

        Only tables in ``among`` when it is given.  The finish time is the mtime of the game's
        record file, and only that file is kept: it holds the whole game.  A table whose record
        is missing is kept (restoring it rewrites it).
        """
        gone = []
        for table_id, game_no in self.db.execute("SELECT id, game_no FROM tables WHERE status='over'").fetchall():
            if among is not None and table_id not in among:
                continue
            try:
                finished = self.record_path(table_id, game_no).stat().st_mtime
            except OSError:
                continue
            if finished < before:
                gone.append(table_id)
        self.forget_tables(gone)
        return gone

    def forget_tables(self, ids: Collection[int]) -> None:
        """Forget these tables (their record files stay); their numbers are never given again."""
        if not ids:
            return
        with self.atomic():
            self.db.execute("INSERT OR REPLACE INTO counters VALUES ('next_table', ?)", (self.next_table_id(),))
            for table_id in ids:
                for where in ("tables WHERE id", "seats WHERE table_id", "moves WHERE table_id",
                              "organisers WHERE table_id", "chat WHERE table_id",
                              "moved_tokens WHERE table_id", "pauses WHERE table_id",
                              "table_events WHERE table_id"):  # fmt: skip
                    self.db.execute(f"DELETE FROM {where}=?", (table_id,))

    def load_tables(self) -> list[TableRow]:
        """The stored tables that may be played on.  Every value is checked first
        (:func:`.storecheck.table_fault`: against the bounds a ``create`` request meets and its
        game's own); a table with one that fails is set aside in :attr:`unreadable` with the
        sentence, its rows left as they are."""
        seats: dict[Any, dict[Any, dict[str, Any]]] = {}
        for table_id, seat, *row in self.db.execute("SELECT table_id, seat, name, bot, token_hash, person FROM seats"):
            seats.setdefault(table_id, {})[seat] = dict(zip(SeatRow._fields, row, strict=True))
        organisers = {t: {"token_hash": h, "organised": m, "creator": c} for t, h, m, c in
                      self.db.execute("SELECT table_id, token_hash, organised, creator FROM organisers")}  # fmt: skip
        out = []
        self.unreadable = []
        for values in self.db.execute(f"SELECT {TABLE_COLUMNS} FROM tables ORDER BY id").fetchall():
            row = dict(zip(TABLE_NAMES, values, strict=True))
            id_ = row["id"]
            try:
                row["options"] = _json(row["options"], dict, "options")
                row["players"] = _json(row["players"], list, "players")
                why = table_fault(row, seats.get(id_, {}), organisers.get(id_))
                if why is not None:
                    raise ValueError(why)
                moves = [
                    _json(m, dict, "moves")
                    for (m,) in self.db.execute(
                        "SELECT move FROM moves WHERE table_id=? AND game_no=? ORDER BY n", (id_, row["game_no"])
                    )
                ]
            except ValueError as e:
                self.unreadable.append((id_, str(e)))
                continue
            organiser = organisers.get(id_)
            out.append(
                TableRow(id_, row["game"], get_game(row["game"]).check_options(row["options"]), row["seats"],
                         bool(row["open"]), row["code"], float(row["bot_delay"]), row["status"], row["game_no"],
                         row["seed"], row["players"],
                         {seat: SeatRow(**columns) for seat, columns in seats.get(id_, {}).items()}, moves,
                         None if organiser is None else (organiser["token_hash"], bool(organiser["organised"])),
                         row["client_seed"], row["turn_seconds"], row["started_by"], row["made_by"],
                         _forgiven(row["strength"]), None if organiser is None else organiser["creator"],
                         row["attendance"])
            )  # fmt: skip
        return out

    def paces(self) -> dict[str, tuple[float, int]]:
        """The seconds people take a turn at each game here, as learnt: game -> (seconds, turns
        seen); a pace whose values are not a pace's is skipped (:data:`.storecheck.PACE_CHECKS`),
        and the log says so."""
        paces = map(self._pace, self.db.execute("SELECT game, seconds, turns FROM paces"))
        return {p.game: (p.seconds, p.turns) for p in paces if p is not None}

    def _pace(self, row: tuple[Any, ...]) -> _Pace | None:
        """A stored pace row, or None (and the log says why) when it cannot be one."""
        pace = _Pace(*row)
        why = fault(PACE_CHECKS, pace._asdict(), None)
        if why is None:
            return pace
        self._tell(f"a pace is skipped ({why}): the host learns it afresh")
        return None

    def learn_pace(self, game: str, observed: list[float]) -> None:
        """Move the pace learnt for ``game`` toward the ``observed`` seconds of a game's turns
        (:meth:`yule.core.estimate.Pace.learnt`), from the game's usual pace when none is known."""
        row = self.db.execute("SELECT game, seconds, turns FROM paces WHERE game=?", (game,)).fetchone()
        known = None if row is None else self._pace(row)
        pace = (Pace(known.seconds, known.turns) if known else Pace(usual_seconds(game))).learnt(observed)
        with self.atomic():
            self.db.execute("INSERT OR REPLACE INTO paces VALUES (?,?,?)", (game, pace.seconds, pace.turns))

    # -- the evening's scoreboard --------------------------------------------------------------

    def secret(self, name: str, lost: str) -> bytes:
        """A secret of this host's own (32 random bytes, made the first time it is asked for).

        One stored that is not 64 hex digits is made anew, and the host's log says so, with
        ``lost``: what the host forgets with the old one.  When the new one cannot be stored, it
        lasts until the host stops (the log says so too)."""
        row = self.db.execute("SELECT value FROM secrets WHERE name=?", (name,)).fetchone()
        if row is not None and hex32(row[0]):
            return bytes.fromhex(row[0])
        if row is not None:
            self._tell(f"the host's secret {name!r} is stored as {shown(row[0])}, not 64 hex digits: a new one is "
                       f"made, so {lost}")  # fmt: skip
        made = secrets.token_hex(32)
        try:
            with self.atomic():
                if row is None:  # made by this store, or by another at the same time: the one stored first
                    self.db.execute("INSERT OR IGNORE INTO secrets VALUES (?,?)", (name, made))
                else:
                    self.db.execute("UPDATE secrets SET value=? WHERE name=? AND value IS ?", (made, name, row[0]))
        except StoreError as e:
            self._tell(f"the host's secret {name!r} could not be stored ({e}): the one made now lasts until the "
                       f"host stops, and then {lost}")  # fmt: skip
            return bytes.fromhex(made)
        row = self.db.execute("SELECT value FROM secrets WHERE name=?", (name,)).fetchone()
        return bytes.fromhex(row[0] if row is not None and hex32(row[0]) else made)

    def evening(self) -> Evening | None:
        """The evening going on: the newest one not ended (None before the first game ends).

        A start stored that is not a time is made again (its first game's end, else now), and
        the log says so."""
        row = self.db.execute("SELECT id, started FROM evenings WHERE ended IS NULL ORDER BY id DESC").fetchone()
        if row is None:
            return None
        number, started = row
        if type(started) in (int, float) and math.isfinite(started):
            return Evening(number, float(started))
        (first,) = self.db.execute(
            "SELECT MIN(ended) FROM results WHERE evening=? AND typeof(ended) IN ('integer', 'real')", (number,)
        ).fetchone()
        known = first is not None and math.isfinite(first)
        now = float(first) if known else time.time()
        self._tell(f"evening {number} started at {shown(started)}, not a time: it is taken to have started "
                   f"{'when its first game ended' if known else 'now'}, {time.ctime(now)}")  # fmt: skip
        with contextlib.suppress(StoreError), self.atomic():  # (else it is made again next time)
            self.db.execute("UPDATE evenings SET started=? WHERE id=?", (now, number))
        return Evening(number, now)

    def new_evening(self, now: float) -> Evening:
        """End the evening going on (if any) and start another at ``now`` (Unix time)."""
        self._results = None
        with self.atomic():
            self.db.execute("UPDATE evenings SET ended=? WHERE ended IS NULL", (now,))
            number = self.db.execute("INSERT INTO evenings (started) VALUES (?)", (now,)).lastrowid
        assert number is not None
        return Evening(number, now)

    def add_results(self, results: Iterable[Result]) -> None:
        """Keep how a game ended, seat by seat, in the evening going on (one is started if none
        is); a game's results already kept stay as they are."""
        rows = list(results)
        if not rows:
            return
        self._results = None
        with self.atomic():
            evening = self.evening() or self.new_evening(rows[0].ended)
            self.db.executemany(
                "INSERT OR IGNORE INTO results VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                [(evening.id, r.table, r.game_no, r.game, r.seat, r.person, r.name, r.bot, r.score, r.place, r.share,
                  int(r.open), r.ended) for r in rows],
            )  # fmt: skip

    def knows_person(self, person: str) -> bool:
        """Whether a game the scoreboard keeps (of any evening) counted ``person`` (a person token's hash)."""
        return self.db.execute("SELECT 1 FROM results WHERE person=? LIMIT 1", (person,)).fetchone() is not None

    def forget_results(self, table_id: int, game_no: int) -> None:
        """A finished game is not over any more (an undo): its results go."""
        self._results = None
        with self.atomic():
            self.db.execute("DELETE FROM results WHERE table_id=? AND game_no=?", (table_id, game_no))

    def results(self, evening: int) -> list[Result]:
        """Every seat's result of the evening's games, in the order the games ended (read again
        only once this store has changed results: do not change the list)."""
        if self._results is not None and self._results[0] == evening:
            return self._results[1]
        rows = self.db.execute(
            "SELECT table_id, game_no, game, seat, person, name, bot, score, place, share, open, ended FROM results"
            " WHERE evening=? ORDER BY ended, table_id, game_no, seat",
            (evening,),
        )
        results = []
        for values in rows:
            row = dict(zip(RESULT_NAMES, values, strict=True))
            why = result_fault(row)
            if why is None:
                results.append(Result(**row | {"open": bool(row["open"]), "share": float(row["share"]),
                                               "ended": float(row["ended"])}))  # fmt: skip
            else:
                self._tell(f"a result of table {shown(row['table'])}, game {shown(row['game_no'])}, seat "
                           f"{shown(row['seat'])} is not counted ({why}); it is left in {self.data_dir}")  # fmt: skip
        self._results = (evening, results)
        return results

    def record_path(self, table_id: int, game_no: int) -> Path:
        return self.records_dir / f"table-{table_id}-game-{game_no}.json"

    def write_record(self, table_id: int, game_no: int, record: dict[str, Any]) -> Path:
        """Write a finished game's record atomically (temporary file, then rename); :class:`StoreError`
        when it cannot be written, and then no record file is left."""
        path = self.record_path(table_id, game_no)
        try:
            write_private(path, (json.dumps(record, indent=1) + "\n").encode("utf-8"))
        except OSError as e:
            raise StoreError(f"could not write {path}: {e}") from e
        return path
