"""One client connection as the host sees it: framing, timeouts, rate limit, seats, send buffer.

Each connection is an :class:`asyncio.Protocol`: frames are cut out of the bytes as they
arrive and handed on at once, with no task, future or timeout object per frame, so a
thousand idle connections cost the host almost nothing.

Sending never waits: frames go straight into the transport's buffer.  A connection whose
unsent bytes pass ``Limits.behind_at`` (a slow reader, a watcher on a bad link) is *behind*: a
table's news for it (table info, views, chat, the log) is not queued any more, only noted, and
once it has read what waits it gets each such table as it is now, in one go (table info, the
whole log and its current view): a slow reader needs only the latest view, not every one it
missed.  What else it is sent (answers to its own requests) still queues, up to
``Limits.send_buffer``, past which it is dropped; and all the connections behind together hold
at most ``Limits.unsent_total`` bytes (:class:`SendBudget`), past which the one that would add
more is dropped, so no number of deaf connections can fill the host's memory.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import CONNECTIONS_PER_ADDRESS, MAX_CONNECTIONS
from ..frames import ErrorFrame, HostFrame
from ..refusal import RequestError
from ..wire import MAX_CLIENT_FRAME, FrameBuffer, FrameError, decode, encode

log = logging.getLogger("yule.host")


@dataclass(frozen=True, slots=True)
class Limits:
    """The host's limits and timeouts (seconds); tests shorten them."""

    max_frame: int = MAX_CLIENT_FRAME
    hello_timeout: float = 10.0
    """A new connection must say hello within this time."""
    frame_timeout: float = 10.0
    """A frame that has started must finish within this time."""
    idle_timeout: float = 60.0
    """A connection silent this long (no frame, not even a pong) is closed."""
    heartbeat: float = 15.0
    """The host pings every connection this often."""
    rate: float = 50.0
    """Frames per second a connection may send on average ..."""
    burst: float = 200.0
    """... and in one burst; beyond that it is disconnected."""
    send_buffer: int = 4 * 1024 * 1024
    """Unsent bytes a connection may have waiting before it is dropped."""
    behind_at: int = 64 * 1024
    """Unsent bytes past which a connection is behind: its tables' news waits, coalesced, until
    it has read what waits (see the module docstring)."""
    unsent_total: int = 64 * 1024 * 1024
    """Unsent bytes all the connections behind may hold together (:class:`SendBudget`)."""
    list_cost: float = 10.0
    """Frames a ``list`` counts as in the rate limit: its answer is the whole lobby."""
    max_bad_frames: int = 10
    """Invalid frames tolerated on one connection before it is closed."""
    max_tables: int = 10_000
    tables_per_connection: int = 20
    """Tables one connection may create, all told (leaving one does not give it back) ..."""
    tables_per_address: int = 60
    """... and tables created from one address that the host holds at once (a party of forty
    behind one router, each guest making a table of their own, fits)."""
    watches_per_connection: int = 10
    """Tables one connection may watch at once ..."""
    watches_per_address: int = 200
    """... and watches from one address at once."""
    code_guesses: float = 10.0
    """Wrong join codes one address may try at once ..."""
    code_guess_rate: float = 0.2
    """... and then one every ``1 / code_guess_rate`` seconds (``too_many_guesses`` refuses more)."""
    list_length: int = 200
    """Tables a ``list`` names at most: the asker's own first, then the newest (``total`` says how many there are)."""
    list_bytes: float = 8192.0
    """A ``list`` counts as one more frame in the rate limit for each this many bytes of its answer."""
    list_address_rate: float = 400.0
    """What lists from one address may count as together, in frames a second on average (a
    party of forty behind one router, each lobby asking for 200 tables every 3 s, takes under
    half) ..."""
    list_address_burst: float = 2000.0
    """... and at once; beyond that a ``list`` is refused (``list_flood``), the connection stays."""
    list_fresh: float = 0.5
    """Seconds a table's line in the lobby list may lag behind its moves (what it tells the
    people at it, its seats and status, shows at once)."""
    resume_room: int = 64
    """Connections let in beyond the limits to take a seat back by its token (``resume`` and
    ``organise`` only, until one succeeds): a full host never keeps a player from their seat.
    When they are all taken, the oldest of the address with the most of them makes way ..."""
    resume_room_per_address: int = 8
    """... and one address may have this many of them at once ..."""
    resume_seconds: float = 10.0
    """... each for this long from connecting, whatever it sends meanwhile (pings too)."""
    max_connections: int = MAX_CONNECTIONS
    """Connections the host holds at once; more are refused (``host_full``) ..."""
    connections_per_address: int = CONNECTIONS_PER_ADDRESS
    """... and connections from one address at once (a party behind one address fits)."""
    chat_rate: float = 0.5
    """Chat lines per second a connection may send on average ..."""
    chat_burst: float = 5.0
    """... and in one burst; beyond that a line is refused (``chat_flood``), the connection stays."""
    table_chat_rate: float = 1.0
    """Chat lines per second a table takes on average from everyone at it (many connections
    cannot flood one table's chat and wipe its kept lines) ..."""
    table_chat_burst: float = 20.0
    """... and in one burst."""
    react_rate: float = 1 / 3
    """Reactions per second a connection may send on average, one every 3 s
    (:mod:`yule.netplay.host.reactions`) ..."""
    react_burst: float = 4.0
    """... and in one burst; beyond that a reaction is refused (``react_flood``), the connection stays."""
    shortest_turn: float = 5.0
    """The shortest turn timer a table may have, in seconds (a shorter one is refused with ``bad_options``)."""


def address_group(address: str) -> str:
    """The address limits count a connection under: an IPv4 address as it is, an IPv6 one as its /64.

    >>> address_group("192.168.1.20"), address_group("2001:db8:1:2:aaaa::1"), address_group("::ffff:10.0.0.5")
    ('192.168.1.20', '2001:db8:1:2::/64', '10.0.0.5')
    """
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def uncount(counts: Counter[str], group: str) -> None:
    """One fewer under ``group`` in ``counts``; a group at none is forgotten, so that the counts
    hold only the groups counted now.

    >>> counts = Counter({"10.0.0.5": 1})
    >>> uncount(counts, "10.0.0.5"); counts
    Counter()
    """
    counts[group] -= 1
    if counts[group] <= 0:
        del counts[group]


class TokenBucket:
    """How often something may happen: ``rate`` tokens a second flow in, up to ``burst``.

    >>> bucket = TokenBucket(rate=0.0, burst=2.0)
    >>> bucket.take(), bucket.take(), bucket.take()
    (True, True, False)
    """

    __slots__ = ("burst", "rate", "refilled", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.refilled = time.monotonic()

    def ready(self, cost: float = 1.0) -> bool:
        """True when ``cost`` tokens could be taken now (none are)."""
        now = time.monotonic()
        return min(self.burst, self.tokens + (now - self.refilled) * self.rate) >= cost

    def take(self, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens; False (and none taken) when there are not enough."""
        if not self.ready(cost):
            return False
        self.charge(cost)
        return True

    def charge(self, cost: float) -> None:
        """Take ``cost`` tokens even when there are fewer (the bucket owes the rest): for a
        cost known only once the work is done.

        >>> bucket = TokenBucket(rate=0.0, burst=2.0)
        >>> bucket.charge(5.0); bucket.ready(0.0)
        False
        """
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.refilled) * self.rate) - cost
        self.refilled = now


class AddressBuckets:
    """A :class:`TokenBucket` for each address (or other key), made when it is first charged.

    Past ``most`` addresses all are forgotten and counting starts afresh (a LAN has far fewer).

    >>> guesses = AddressBuckets(rate=0.0, burst=2.0)
    >>> guesses.take("10.0.0.5"), guesses.take("10.0.0.5"), guesses.take("10.0.0.5"), guesses.ready("10.0.0.6")
    (True, True, False, True)
    """

    __slots__ = ("buckets", "burst", "most", "rate")

    def __init__(self, rate: float, burst: float, most: int = 4096) -> None:
        self.rate = rate
        self.burst = burst
        self.most = most
        self.buckets: dict[str, TokenBucket] = {}

    def ready(self, key: str, cost: float = 1.0) -> bool:
        """True when ``key`` could be charged ``cost`` now."""
        bucket = self.buckets.get(key)
        return bucket.ready(cost) if bucket is not None else cost <= self.burst

    def take(self, key: str, cost: float = 1.0) -> bool:
        """:meth:`TokenBucket.take` from ``key``'s bucket."""
        return self._bucket(key).take(cost)

    def charge(self, key: str, cost: float) -> None:
        """:meth:`TokenBucket.charge` to ``key``'s bucket."""
        self._bucket(key).charge(cost)

    def _bucket(self, key: str) -> TokenBucket:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.most:
                self.buckets.clear()
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
        return bucket


class SendBudget:
    """The unsent bytes of every connection that is behind, together, against ``total``.

    >>> budget = SendBudget(total=100)
    >>> budget.take(0, 60), budget.take(60, 90), budget.take(60, 120), budget.used
    (True, True, False, 90)
    """

    __slots__ = ("total", "used")

    def __init__(self, total: int) -> None:
        self.total = total
        self.used = 0

    def take(self, counted: int, now: int) -> bool:
        """A connection that counted ``counted`` bytes would hold ``now``: False (nothing
        changed) when that passes the total."""
        if self.used - counted + now > self.total:
            return False
        self.used += now - counted
        return True


class Connection(asyncio.Protocol):
    """A client connection: its framing, timeouts and rate limit, what it holds, how to send to it.

    Bytes are cut into frames as they arrive, with no task per connection: each decoded map
    goes to ``on_message``, and ``on_lost`` hears when the connection is gone.  One timer,
    moved lazily, closes a connection that is silent too long (``hello_timeout`` before its
    first frame, then ``idle_timeout``) or leaves a frame half sent (``frame_timeout``).
    """

    def __init__(
        self,
        number: int,
        limits: Limits,
        on_message: Callable[[Connection, dict[str, Any]], None],
        on_lost: Callable[[Connection], None],
        on_open: Callable[[Connection], None] | None = None,
        budget: SendBudget | None = None,
    ) -> None:
        self.number = number
        self.limits = limits
        self.on_message = on_message
        self.on_lost = on_lost
        self.on_open = on_open
        """Told of the connection once it is made (its peer known); it may refuse and close it."""
        self.name = ""
        self.person: str | None = None
        """The hash of this connection's person token, once its hello is accepted (:mod:`.evening`)."""
        self.greeted = False
        """True once the host has accepted this connection's hello."""
        self.seats: dict[int, int] = {}
        """table id -> the seat this connection holds there."""
        self.watching: set[int] = set()
        self.codes_known: set[int] = set()
        """Tables whose join code this connection gave to watch them: their info tells it the code."""
        self.created: set[int] = set()
        self.asking: set[int] = set()
        """Tables where this connection waits for a yes to take over an away player's seat."""
        self.helps: set[int] = set()
        """Tables where this connection asks to help a seat, or helps one (:mod:`.helpers`)."""
        self.tables_made = 0
        """Tables this connection has created (the ``tables_per_connection`` limit counts these)."""
        self.bad_frames = 0
        self.closed = False
        self.peer = "?"
        self.address = "?"
        """The peer's IP address (``peer`` is the address and port)."""
        self.group = "?"
        """The address that limits count it under: the IP address, or its /64 for IPv6
        (one home's devices share a /64 as they share an IPv4 address behind a router)."""
        self.probation = False
        """Let in beyond the host's limits only to take a seat back (:attr:`Limits.resume_room`)."""
        self.transport: asyncio.Transport | None = None
        self.budget = budget or SendBudget(limits.unsent_total)
        """The host's budget for the unsent bytes of connections that are behind."""
        self.behind = False
        """True while more than ``Limits.behind_at`` bytes wait to be read (see the module docstring)."""
        self.stale: set[int] = set()
        """Tables whose news this connection missed while behind: each is sent as it is now once it reads."""
        self.on_caught_up: Callable[[Connection, set[int]], None] = lambda conn, tables: None
        """Told when a connection that was behind has read what waited, with the tables it missed."""
        self._counted = 0
        """Unsent bytes this connection counts in the budget (while behind)."""
        self._frames = FrameBuffer(limits.max_frame)
        self._frame_tokens = TokenBucket(limits.rate, limits.burst)
        self.chat_tokens = TokenBucket(limits.chat_rate, limits.chat_burst)
        """Chat lines this connection may send now (see :mod:`yule.netplay.host.chat`)."""
        self.react_tokens = TokenBucket(limits.react_rate, limits.react_burst)
        """Reactions this connection may send now (see :mod:`yule.netplay.host.reactions`)."""
        self._loop = asyncio.get_running_loop()
        self._deadline = 0.0
        self._deadline_error = FrameError.silent
        self._mid_frame = False
        self._timer: asyncio.TimerHandle | None = None

    def __repr__(self) -> str:
        return f"<connection {self.number} {self.name!r} {self.peer}>"

    # -- asyncio.Protocol ----------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.peer = str(peer)
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else self.peer
        self.group = address_group(self.address)
        transport.set_write_buffer_limits(high=self.limits.behind_at)
        self._expect(self.limits.hello_timeout, FrameError.silent)
        if self.on_open is not None:
            self.on_open(self)

    def data_received(self, data: bytes) -> None:
        frames = self._frames
        frames.feed(data)
        try:
            while not self.closed and (body := frames.next()) is not None:
                if not self.allow():
                    self.flood()
                    return
                try:
                    message = decode(body)
                except FrameError as e:
                    self.bad_frame(e)
                    if not self.greeted:
                        self.close()
                    continue
                self.on_message(self, message)
        except FrameError as e:  # a frame over the size limit: the stream cannot be followed
            self.error(e)
            self.close()
            return
        if self.closed:
            return
        if frames.partial:
            if not self._mid_frame:  # the time a frame may take counts from its first byte
                self._mid_frame = True
                self._expect(self.limits.frame_timeout, FrameError.half_frame)
        else:
            self._mid_frame = False
            self._expect(self.limits.idle_timeout if self.greeted else self.limits.hello_timeout, FrameError.silent)

    def pause_writing(self) -> None:
        """More than ``Limits.behind_at`` bytes wait: behind, and counted in the budget."""
        self.behind = True
        self._count()

    def resume_writing(self) -> None:
        """What waited has been read (nearly all): the tables missed meanwhile are sent as they are now."""
        self.behind = False
        self.budget.used -= self._counted
        self._counted = 0
        stale, self.stale = self.stale, set()
        if stale and not self.closed:
            self.on_caught_up(self, stale)

    def _count(self) -> None:
        """Count the bytes waiting now in the budget; drop the connection when they do not fit."""
        transport = self.transport
        waiting = 0 if transport is None else transport.get_write_buffer_size()
        if not self.budget.take(self._counted, waiting):
            log.warning("%r: behind, and the host's budget for unsent bytes is spent; dropped", self)
            self.abort()
            return
        self._counted = waiting

    def connection_lost(self, exc: Exception | None) -> None:
        self.budget.used -= self._counted
        self._counted = 0
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.on_lost(self)

    # -- timeouts ------------------------------------------------------------------------------

    def _expect(self, seconds: float, error: Callable[[], FrameError]) -> None:
        """Fail with ``error`` unless more is heard within ``seconds``.

        Usually this only moves the deadline later; the timer, when it fires early, sets
        itself again for the deadline then current.
        """
        self._deadline = deadline = self._loop.time() + seconds
        self._deadline_error = error
        if self._timer is None or self._timer.when() > deadline:
            self._arm()

    def _arm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self._loop.call_at(self._deadline, self._timed_out)

    def _timed_out(self) -> None:
        self._timer = None
        if self.closed:
            return
        if self._loop.time() < self._deadline:
            self._arm()
            return
        self.error(self._deadline_error())
        self.close()

    # -- receiving -----------------------------------------------------------------------------

    def allow(self, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens from the connection's bucket; False when it is flooding."""
        return self._frame_tokens.take(cost)

    def flood(self) -> None:
        self.error(RequestError("flood"))
        self.close()

    def bad_frame(self, refusal: RequestError, rid: Any = None) -> None:
        """Answer a frame that was not understood; too many of them close the connection."""
        self.bad_frames += 1
        self.error(refusal, rid=rid if isinstance(rid, int) else None)
        if self.bad_frames >= self.limits.max_bad_frames:
            self.error(RequestError("too_many_errors"))
            self.close()

    # -- sending -------------------------------------------------------------------------------

    def send(self, message: HostFrame) -> None:
        self.send_bytes(encode(message))

    def send_bytes(self, frame: bytes) -> None:
        transport = self.transport
        if self.closed or transport is None:
            return
        if transport.is_closing():
            self.closed = True
            return
        if transport.get_write_buffer_size() + len(frame) > self.limits.send_buffer:
            log.warning("%r: not reading; dropped", self)
            self.abort()
            return
        was_behind = self.behind
        transport.write(frame)
        if was_behind:
            self._count()

    def send_table(self, table: int, frame: bytes) -> None:
        """A table's news (its info, a view, a chat line, its log): queued, or, while the
        connection is behind, only noted (it gets the table as it is now once it has read)."""
        if self.behind:
            self.stale.add(table)
        else:
            self.send_bytes(frame)

    def error(self, refusal: RequestError, *, rid: int | None = None, table: int | None = None) -> None:
        """Send ``refusal`` (of the request ``rid``; about ``table``): its code, params and words."""
        frame: ErrorFrame = {
            "type": "error",
            "code": refusal.code,
            "params": refusal.params,
            "message": refusal.message,
        }
        if rid is not None:
            frame["rid"] = rid
        if table is not None:
            frame["table"] = table
        self.send(frame)

    def close(self) -> None:
        """Close after the frames already queued have been sent."""
        self.closed = True
        if self.transport is not None:
            self.transport.close()

    def abort(self) -> None:
        """Drop now, discarding anything unsent."""
        self.closed = True
        if self.transport is not None:
            self.transport.abort()
