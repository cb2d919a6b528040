"""Who the host lets in: its connections, each address's fair share of them, and their pings.

A new connection is counted in when the host has room for it (:attr:`Limits.max_connections`
in all, :attr:`Limits.connections_per_address` from one address).  When it has none, the
connection may still come in on probation, for a few seconds, to take a seat back by its
token (:attr:`Limits.resume_room`); a seat proved, it is counted in, and one connection that
holds nothing makes way for it.  Every connection counted in is pinged once a heartbeat period
(:meth:`Admission.heartbeats`); one that stays silent is closed by its own
:class:`~yule.netplay.host.connection.Connection`.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter

from ..refusal import RequestError
from ..wire import encode
from .connection import Connection, Limits, address_group

log = logging.getLogger("yule.host")

PING = encode({"type": "ping"})

HEARTBEAT_SLICE = 0.05
"""Seconds between two slices of a heartbeat period's pings."""


class Admission:
    """The connections a host holds under ``limits``, and those on probation."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.connections: set[Connection] = set()
        """The connections admitted (see :meth:`admit`)."""
        self.per_address: dict[str, int] = {}
        """Admitted connections from each address."""
        self.probation: dict[Connection, asyncio.TimerHandle] = {}
        """Connections let in beyond the limits to take a seat back (:attr:`Limits.resume_room`),
        oldest first -> the timer that ends their time (:attr:`Limits.resume_seconds`)."""

    def full(self, conn: Connection) -> RequestError | None:
        """Why the host has no room for one more connection from ``conn``'s address (``host_full``), or None."""
        limits = self.limits
        if len(self.connections) >= limits.max_connections:
            return RequestError("host_full", reason="connections", most=limits.max_connections)
        if self.per_address.get(conn.group, 0) >= limits.connections_per_address:
            return RequestError("host_full", reason="address", most=limits.connections_per_address)
        return None

    def admit(self, conn: Connection) -> None:
        """A new connection is let in; or, when the host is full, let in on probation to take a
        seat back by its token; or told why not (``host_full``) and closed.

        A player's own ``resume`` always finds a slot: one address may hold only a few of the
        slots on probation (:attr:`Limits.resume_room_per_address`), each for a few seconds
        from connecting however often it pings (:attr:`Limits.resume_seconds`), and when they
        are all taken, the oldest of the address with the most of them makes way for an
        address with fewer.
        """
        why = self.full(conn)
        if why is None:
            self._count(conn)
            return
        limits = self.limits
        held = Counter(c.group for c in self.probation)
        mine = held[conn.group]
        if mine >= limits.resume_room_per_address or (len(self.probation) >= limits.resume_room and
                                                      max(held.values(), default=0) <= mine):  # fmt: skip
            log.warning("%r refused: host full", conn)
            conn.error(why)
            conn.close()
            return
        if len(self.probation) >= limits.resume_room:
            crowded = max(held, key=held.__getitem__)
            oldest = next(c for c in self.probation if c.group == crowded)
            self._end_probation(oldest, RequestError("host_full", reason="crowded"))
        conn.probation = True
        late = asyncio.get_running_loop().call_later(
            limits.resume_seconds, self._end_probation, conn,
            RequestError("host_full", reason="time_up", seconds=limits.resume_seconds),
        )  # fmt: skip
        self.probation[conn] = late

    def promote(self, conn: Connection) -> None:
        """A connection on probation proved a seat (or a table's organiser token): it stays, counted."""
        if self._off_probation(conn):
            self._make_room(conn)
            self._count(conn)

    def lost(self, conn: Connection) -> bool:
        """``conn`` is gone; True if it was counted in (False: refused at the door, or never
        more than on probation)."""
        self._off_probation(conn)
        if conn not in self.connections:
            return False
        self.connections.discard(conn)
        if (left := self.per_address[conn.group] - 1) > 0:
            self.per_address[conn.group] = left
        else:
            del self.per_address[conn.group]
        return True

    def _end_probation(self, conn: Connection, why: RequestError) -> None:
        """A connection on probation goes, told why (``host_full``)."""
        if self._off_probation(conn):
            conn.error(why)
            conn.close()

    def _off_probation(self, conn: Connection) -> bool:
        """``conn`` is no longer on probation (its time stopped); False if it was not."""
        late = self.probation.pop(conn, None)
        if late is None:
            return False
        late.cancel()
        conn.probation = False
        return True

    def _make_room(self, conn: Connection) -> None:
        """``conn`` proved a seat on a full host: one connection that holds nothing (no seat,
        watch or table) makes way, from ``conn``'s own address if that is at its limit, else
        from the address with the most connections."""
        limits = self.limits
        own = self.per_address.get(conn.group, 0) >= limits.connections_per_address
        if not own and len(self.connections) < limits.max_connections:
            return
        idle = [c for c in self.connections if not (c.closed or c.seats or c.watching or c.created or c.asking)
                and (not own or c.group == conn.group)]  # fmt: skip
        if idle:
            way = max(idle, key=lambda c: self.per_address[c.group])
            log.warning("%r closed: host full, its slot given to %r taking a seat back", way, conn)
            way.error(RequestError("host_full", reason="made_way"))
            way.close()

    def _count(self, conn: Connection) -> None:
        self.connections.add(conn)
        self.per_address[conn.group] = self.per_address.get(conn.group, 0) + 1

    def regroup(self, conn: Connection, address: str) -> None:
        """``conn`` is someone at ``address`` (an SSH guest, vouched for: :mod:`.relay`): it counts
        under that address from now on."""
        counted = conn in self.connections
        if counted:
            self.lost(conn)
        conn.address, conn.group = address, address_group(address)
        if counted:
            self._count(conn)

    async def heartbeats(self) -> None:
        """Ping every connection once a heartbeat period, spread over the period in slices.

        A thousand pings at once bring a thousand answers at once, and the moves arriving
        meanwhile would wait behind them: spread out, no move waits for more than one slice.
        Each slice has its moment in the period, so a busy host, whose sleeps all end late,
        still pings every connection once a period (else an idle connection that only answers
        pings would be closed as silent).
        """
        loop = asyncio.get_running_loop()
        period = self.limits.heartbeat
        start = loop.time()
        while True:
            conns = list(self.connections)
            slices = max(1, min(len(conns), int(period / HEARTBEAT_SLICE)))
            for i in range(slices):
                if (wait := start + (i + 1) * period / slices - loop.time()) > 0:
                    await asyncio.sleep(wait)
                for conn in conns[i::slices]:  # late slices go at once, not one per turn of the loop
                    if not conn.closed:
                        conn.send_bytes(PING)
            start += period
            if loop.time() - start > period:  # far behind (the process was stopped a while)
                start = loop.time()
