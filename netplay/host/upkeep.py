"""The host's upkeep: forgetting the tables nobody needs any more, on timers of its own.

A table whose game finished more than ``keep_finished`` seconds ago leaves the lobby once
nobody is at it or looking at it (its record stays in the data folder), and at a restart
every such table goes before any is loaded.  A table waiting for players that nobody has
been at for ``expire_waiting`` seconds is forgotten altogether.  A store that fails at either
is logged, and tried again next time.  A paused table (a dinner break: :mod:`.pause`) is
never taken for abandoned.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from ..frames import OVER, WAITING
from .store import Store, StoreError
from .table import Table

log = logging.getLogger("yule.host")


class UpkeepHost(Protocol):
    """What the upkeep reads from its host (:class:`yule.netplay.host.server.Host`)."""

    @property
    def store(self) -> Store:
        """The host's store (once it is started)."""

    @property
    def tables(self) -> dict[int, Table]:
        """The tables the host holds."""

    def forget(self, gone: list[int]) -> None:
        """The forgotten tables leave the lobby, and their seat tokens stop working."""


class Upkeep:
    """Forgets ``host``'s finished tables after ``keep_finished`` seconds and its waiting tables
    nobody is at after ``expire_waiting`` seconds (None: for ever)."""

    def __init__(self, host: UpkeepHost, keep_finished: float | None, expire_waiting: float | None) -> None:
        self.host = host
        self.keep_finished = keep_finished
        """Seconds a finished table stays in the lobby before it is forgotten (None: for ever)."""
        self.expire_waiting = expire_waiting
        """Seconds a table waiting for players stays with nobody at it before it is forgotten
        (None: for ever)."""
        self._seen: dict[int, float] = {}
        """Table id -> when someone was last seen at it (a waiting table expires from then)."""

    def chores(self) -> list[Coroutine[Any, Any, None]]:
        """The loops that forget tables, for the host to run while it listens."""
        loops = []
        if self.keep_finished is not None:
            loops.append(self._every(max(1.0, min(3600.0, self.keep_finished / 4)), self.forget_finished))
        if self.expire_waiting is not None:
            loops.append(self._every(min(60.0, self.expire_waiting / 4), self.expire_waiting_tables))
        return loops

    def forget_finished(self, *, starting: bool = False) -> None:
        """Forget the tables finished over ``keep_finished`` ago that nobody is at (or looking at).

        ``starting``: before any table is loaded, when every finished table may go.
        """
        if self.keep_finished is None:
            return
        store = self.host.store
        idle = (
            None
            if starting
            else {t.id for t in self.host.tables.values() if t.status == OVER and not t.audience.connections()}
        )
        gone = store.forget_finished(time.time() - self.keep_finished, among=idle)
        self._forget(gone)
        if gone:
            log.info("%d tables finished over %g h ago left the lobby; their records stay in %s",
                     len(gone), self.keep_finished / 3600, store.records_dir)  # fmt: skip

    def expire_waiting_tables(self) -> None:
        """Forget the tables waiting for players that nobody has been at for ``expire_waiting``
        seconds (created and never started, or waiting again for a seat to be taken)."""
        assert self.expire_waiting is not None
        now = time.monotonic()
        gone = []
        for table in self.host.tables.values():
            if table.status != WAITING or table.audience.attended() or table.paused:
                self._seen[table.id] = now
            elif now - self._seen.setdefault(table.id, now) >= self.expire_waiting:
                gone.append(table.id)
        self.host.store.forget_tables(gone)
        self._forget(gone)
        if gone:
            log.info("%d tables waiting with nobody at them for %g min were forgotten: %s", len(gone),
                     self.expire_waiting / 60, ", ".join(map(str, gone)))  # fmt: skip

    def _forget(self, gone: list[int]) -> None:
        for table_id in gone:
            self._seen.pop(table_id, None)
        self.host.forget(gone)

    async def _every(self, seconds: float, chore: Callable[[], None]) -> None:
        """Do ``chore`` every so often; a store that fails is logged, and tried again next time."""
        while True:
            await asyncio.sleep(seconds)
            try:
                chore()
            except StoreError:
                log.exception("%s failed; tried again in %g s", chore.__name__, seconds)
