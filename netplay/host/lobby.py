"""The host's lobby: the tables it holds, finding one by its id or join code, and the lists of them.

A table comes into the lobby when it is created or resumed (:meth:`Lobby.add`) and leaves it
when the host forgets it (:meth:`Lobby.drop`); each address may have only so many tables here
(:attr:`Limits.tables_per_address`).  A request names its table by id
(:meth:`Lobby.table`, or :meth:`Lobby.managed` for what only whoever runs the table may ask),
or by its join code (:meth:`Lobby.table_for`): wrong codes are counted per address.

The host's owner (a connection that proved its owner token: :mod:`.owner`) names a private
table by its id without its code, and sees every game in the evening's standings: whoever can
read the host's data folder can read every code and every result there anyway.

The lobby list (:meth:`Lobby.listing`), the evening's standings (:meth:`Lobby.standings`) and
the games' paces (:meth:`Lobby.paces`) are answered here.  Lists and standings count in the
asker's rate limits by their size (``list_flood``).
"""

from __future__ import annotations

import asyncio
import bisect
from collections.abc import Collection
from typing import Protocol

from ..asks import ListTables, Paces, Standings
from ..frames import PacesFrame, StandingsFrame
from ..refusal import RequestError
from ..wire import encode, encode_with, packed
from .connection import AddressBuckets, Connection, Limits
from .evening import evening_standings, every_game, seen_by
from .store import Store
from .table import Table


class LobbyHost(Protocol):
    """What the lobby reads from its host (:class:`yule.netplay.host.server.Host`)."""

    limits: Limits
    owners: set[Connection]
    """The connections that proved the host's owner token (:mod:`.owner`)."""

    @property
    def store(self) -> Store:
        """The host's store (once it is started)."""


class Lobby:
    """The tables of ``host``, and the lobby's answers about them."""

    def __init__(self, host: LobbyHost) -> None:
        self.host = host
        self.tables: dict[int, Table] = {}
        self.tables_made: dict[str, int] = {}
        """Address -> the tables created from it that the host holds (the ``tables_per_address``
        limit; each table keeps its address in the store, so a restart changes nothing)."""
        limits = host.limits
        self._guesses = AddressBuckets(limits.code_guess_rate, limits.code_guesses)
        """Each address's wrong join codes (:attr:`Limits.code_guesses`)."""
        self._lists = AddressBuckets(limits.list_address_rate, limits.list_address_burst)
        """What each address's lobby lists count as (:attr:`Limits.list_address_rate`)."""
        self._ids: list[int] | None = None
        """The tables' ids in order (oldest first), made again when a table comes or goes."""
        self._newest: tuple[float, list[bytes]] | None = None
        """When the lobby's newest lines were gathered (the loop's clock), and those lines, newest
        first: the lobby list of anyone at none of those tables (:meth:`listing`)."""

    # -- the tables held -----------------------------------------------------------------------

    def add(self, table: Table) -> None:
        """``table`` joins the lobby: its info changes reach the lobby list."""
        table.audience.on_info = self.relist
        self.tables[table.id] = table
        self._ids = self._newest = None
        if table.made_by is not None:
            self.tables_made[table.made_by] = self.tables_made.get(table.made_by, 0) + 1

    def drop(self, gone: list[int]) -> None:
        """The forgotten tables leave the lobby."""
        for table_id in gone:
            if (table := self.tables.pop(table_id, None)) is not None:
                table.close()
                if (by := table.made_by) is not None and (left := self.tables_made[by] - 1):
                    self.tables_made[by] = left
                elif by is not None:
                    del self.tables_made[by]
        if gone:
            self._ids = self._newest = None

    def check_room(self, conn: Connection) -> None:
        """Refuse a table more from ``conn`` when the host, the connection or its address has
        as many as it may."""
        limits = self.host.limits
        if len(self.tables) >= limits.max_tables:
            raise RequestError("host_full", reason="tables")
        if conn.tables_made >= limits.tables_per_connection:
            raise RequestError("too_many_tables", reason="connection", made=conn.tables_made)
        made = self.tables_made.get(conn.group, 0)
        if made >= limits.tables_per_address:
            raise RequestError("too_many_tables", reason="address", made=made)

    # -- finding a table -----------------------------------------------------------------------

    def table(self, table_id: int) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise RequestError("no_table", reason="id", table=table_id)
        return table

    def managed(self, conn: Connection, table_id: int) -> Table:
        """The table ``table_id``, which ``conn`` must run (:meth:`.audience.Audience.runs`)."""
        table = self.table(table_id)
        table.audience.check_runs(conn)
        return table

    def table_for(self, conn: Connection, table_id: int | None, code: str | None) -> Table:
        """The table a join or watch names: by id (its code checked, but for the host's owner),
        or by its join code alone.

        Wrong codes are counted per address: past :attr:`Limits.code_guesses` of them the
        address must wait before trying another (``too_many_guesses``)."""
        if not self._guesses.ready(conn.group):
            raise RequestError("too_many_guesses")
        try:
            if table_id is not None:
                table = self.table(table_id)
                if conn not in self.host.owners:  # the owner may read every code in the data folder anyway
                    table.usher.check_code(conn, code)
                return table
            if code is None:
                raise RequestError("no_table", reason="unnamed")
            for table in self.tables.values():
                if table.usher.code_is(code):
                    return table
            raise RequestError("bad_code", reason="unknown")
        except RequestError as e:
            if e.code == "bad_code":
                self.guessed_wrong(conn)
            raise

    def guessed_wrong(self, conn: Connection) -> None:
        """``conn`` gave a wrong join code: it counts against its address."""
        self._guesses.take(conn.group)

    # -- the lists -----------------------------------------------------------------------------

    def paces(self, conn: Connection, message: Paces) -> PacesFrame:
        """The seconds people take a turn at each game, learnt from the games finished here
        (what the lobby shows anyone already: how fast each table's moves come)."""
        return {
            "type": "paces",
            "paces": {game: round(seconds, 1) for game, (seconds, _) in self.host.store.paces().items()},
        }

    def listing(self, conn: Connection, message: ListTables) -> bytes:
        """The lobby: the tables the asker is at, or names (the seats it keeps), first, then the
        newest others (or, with ``after``, the others older than that table: the next page),
        at most :attr:`Limits.list_length` in all (``total``: how many there are).

        Each table's line for those not at it is encoded once for every asker
        (:meth:`.audience.Audience.listed`), and the newest lines are gathered once for every asker until
        the lobby changes or :attr:`Limits.list_fresh` passes; only the asker's own tables are
        made for it.  So a list costs the host about the same whatever the lobby holds.  It
        counts in the connection's rate limit by its size, and in its address's (``list_flood``).
        """
        limits = self.host.limits
        self._ready(conn)
        now = asyncio.get_running_loop().time()
        ids = self._table_ids()
        wanted = set(message.tables) | conn.seats.keys() | conn.watching | conn.created
        if message.after is not None:
            lines = self._lines(bisect.bisect_left(ids, message.after), limits.list_length, wanted, now)
        else:
            mine = [self.tables[t] for t in sorted(wanted) if t in self.tables][: limits.list_length]
            lines = [packed(t.audience.summary(conn)) for t in mine]
            if self._newest is None or now - self._newest[0] >= limits.list_fresh:
                self._newest = (now, self._lines(len(ids), limits.list_length, (), now))
            newest = self._newest[1]
            room = limits.list_length - len(mine)
            skip = {t.id for t in mine}
            oldest = len(ids) - len(newest)  # the index of the oldest table in the newest lines
            if not newest or max(skip, default=0) < ids[oldest]:
                lines += newest[:room]
            else:  # some of the asker's own are among the newest: the others, and more from before them
                lines += [line for j, line in enumerate(newest) if ids[-1 - j] not in skip][:room]
                lines += self._lines(oldest, limits.list_length - len(lines), skip, now)
        self._charge(conn, sum(map(len, lines)))
        return encode_with({"type": "tables", "total": len(self.tables), "rid": message.rid}, "tables", lines)

    def standings(self, conn: Connection, message: Standings) -> bytes:
        """The evening's standings as far as ``conn`` may see them (:func:`.evening.seen_by`;
        the host's owner, every game); it counts like a lobby list."""
        self._ready(conn)
        tables = set(conn.seats) | conn.watching | conn.created
        sees = every_game if conn in self.host.owners else seen_by(conn.person, tables)
        answer = evening_standings(self.host.store, sees=sees, me=conn.person, bots=message.bots)
        frame = encode(StandingsFrame(type="standings", **answer, rid=message.rid))
        self._charge(conn, len(frame))
        return frame

    def relist(self) -> None:
        """A table told its info (it changed): the lobby's newest lines are gathered again."""
        self._newest = None

    def _ready(self, conn: Connection) -> None:
        """Refuse a lobby list or standings when its address has asked for too many lately."""
        if not self._lists.ready(conn.group, self.host.limits.list_cost):
            raise RequestError("list_flood")

    def _charge(self, conn: Connection, size: int) -> None:
        """A lobby list or standings of ``size`` bytes counts in the connection's rate limit and
        in its address's, as :attr:`Limits.list_cost` frames and one more for each
        :attr:`Limits.list_bytes` bytes."""
        limits = self.host.limits
        cost = limits.list_cost + size / limits.list_bytes
        if not conn.allow(cost - 1):  # the frame itself has counted once
            conn.flood()  # closed: the answer goes nowhere
        self._lists.charge(conn.group, cost)

    def _lines(self, end: int, count: int, skip: Collection[int], now: float) -> list[bytes]:
        """The lobby lines of up to ``count`` tables from before the ``end``-th (in the order of
        their ids), newest first, passing over those in ``skip``."""
        ids, tables, fresh = self._table_ids(), self.tables, self.host.limits.list_fresh
        lines: list[bytes] = []
        while end > 0 and len(lines) < count:
            end -= 1
            if ids[end] not in skip:
                lines.append(tables[ids[end]].audience.listed(now, fresh))
        return lines

    def _table_ids(self) -> list[int]:
        """The tables' ids in order, oldest first."""
        if self._ids is None:
            self._ids = list(self.tables)  # ids only grow: in order
        return self._ids
