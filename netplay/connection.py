"""One client connection as the host sees it: its name, seats, rate limit and send buffer.

Sending never waits: frames go straight into the transport's buffer, and a connection whose
unsent bytes pass ``Limits.send_buffer`` (a stuck or slow reader) is dropped, so it can never
hold up its table.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any

from .wire import MAX_CLIENT_FRAME, encode

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
    max_bad_frames: int = 10
    """Invalid frames tolerated on one connection before it is closed."""
    max_tables: int = 10_000
    tables_per_connection: int = 100


class Connection:
    """A client connection: what it holds at which table, and how to send to it."""

    def __init__(self, number: int, writer: asyncio.StreamWriter, limits: Limits) -> None:
        self.number = number
        self.writer = writer
        self.transport = writer.transport
        self.limits = limits
        self.name = ""
        self.seats: dict[int, int] = {}
        """table id -> the seat this connection holds there."""
        self.watching: set[int] = set()
        self.created: set[int] = set()
        self.bad_frames = 0
        self.closed = False
        self._tokens = limits.burst
        self._refilled = time.monotonic()
        try:
            self.peer = str(writer.get_extra_info("peername"))
        except Exception:
            self.peer = "?"

    def __repr__(self) -> str:
        return f"<connection {self.number} {self.name!r} {self.peer}>"

    def allow(self) -> bool:
        """Take a token from the connection's bucket; False when it is flooding."""
        now = time.monotonic()
        self._tokens = min(self.limits.burst, self._tokens + (now - self._refilled) * self.limits.rate)
        self._refilled = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def send(self, message: dict[str, Any]) -> None:
        self.send_bytes(encode(message))

    def send_bytes(self, frame: bytes) -> None:
        if self.closed:
            return
        if self.transport.is_closing():
            self.closed = True
            return
        if self.transport.get_write_buffer_size() + len(frame) > self.limits.send_buffer:
            log.warning("%r: not reading; dropped", self)
            self.abort()
            return
        self.transport.write(frame)

    def error(self, code: str, message: str, *, rid: int | None = None, table: int | None = None) -> None:
        frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
        if rid is not None:
            frame["rid"] = rid
        if table is not None:
            frame["table"] = table
        self.send(frame)

    def close(self) -> None:
        """Close after the frames already queued have been sent."""
        self.closed = True
        self.transport.close()

    def abort(self) -> None:
        """Drop now, discarding anything unsent."""
        self.closed = True
        self.transport.abort()
