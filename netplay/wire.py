"""Yule's framing: a 4-byte big-endian unsigned length, then one msgpack map with a ``type``.

    >>> frame = encode({"type": "ping"})
    >>> frame[:4], decode(frame[4:])
    (b'\\x00\\x00\\x00\\x0b', {'type': 'ping'})

The client reads with :func:`read_frame`: one frame with a size cap and two timeouts (silence
before a frame, and a frame that stops half way).  The host cuts frames out of the bytes as
they arrive with :class:`FrameBuffer` (its connections time themselves).  Both raise
:class:`FrameError` with a stable ``code``; the host turns it into an error frame.
"""

from __future__ import annotations

import asyncio
import struct
from collections.abc import Mapping
from typing import Any

import msgpack

from .refusal import RequestError

PROTOCOL_VERSION = 1
"""Sent by the client in ``hello``; the host refuses any other version."""

MAX_CLIENT_FRAME = 64 * 1024
"""The largest frame body a host accepts from a client."""

MAX_HOST_FRAME = 16 * 1024 * 1024
"""The largest frame body the client library accepts from a host."""

HEADER = struct.Struct(">I")


class FrameError(RequestError):
    """A frame that cannot be read: a refusal (its ``code`` stable, see docs/protocol.md)."""

    @classmethod
    def silent(cls) -> FrameError:
        return cls("silent")

    @classmethod
    def half_frame(cls) -> FrameError:
        return cls("half_frame")

    @classmethod
    def too_large(cls, max_size: int, size: int) -> FrameError:
        return cls("too_large", most=max_size, size=size)


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as a whole frame: length header and msgpack body."""
    body = msgpack.packb(message, use_bin_type=True)
    return HEADER.pack(len(body)) + body


def packed(value: Any) -> bytes:
    """One value encoded, to be sent later inside a frame (:func:`encode_with`)."""
    return msgpack.packb(value, use_bin_type=True)


def encode_with(message: Mapping[str, Any], key: str, items: list[bytes]) -> bytes:
    """The frame of ``message`` with ``key`` set to the list of ``items``, each already encoded
    (:func:`packed`): what a host sends to many, encoded once.

    >>> frame = encode_with({"type": "tables", "total": 2}, "tables", [packed({"table": 2}), packed({"table": 1})])
    >>> decode(frame[HEADER.size :])
    {'type': 'tables', 'total': 2, 'tables': [{'table': 2}, {'table': 1}]}
    """
    packer = msgpack.Packer(use_bin_type=True)
    parts = [b"", packer.pack_map_header(len(message) + 1)]
    for name, value in message.items():
        parts += [packer.pack(name), packer.pack(value)]
    parts += [packer.pack(key), packer.pack_array_header(len(items)), *items]
    parts[0] = HEADER.pack(sum(map(len, parts)))
    return b"".join(parts)


def decode(body: bytes) -> dict[str, Any]:
    """A frame body as a message map; :class:`FrameError` unless it is a msgpack map."""
    try:
        message = msgpack.unpackb(body, raw=False)
    except Exception:  # msgpack raises several unrelated types for bad input
        raise FrameError("bad_msgpack") from None
    if not isinstance(message, dict):
        raise FrameError("not_a_map")
    return message


async def read_frame(
    reader: asyncio.StreamReader,
    max_size: int,
    *,
    idle_timeout: float,
    frame_timeout: float,
) -> dict[str, Any]:
    """Read one frame.

    ``idle_timeout`` bounds the wait for a frame to begin, ``frame_timeout`` the time the rest
    of the frame may take.  Raises :class:`asyncio.IncompleteReadError` at end of stream and
    :class:`FrameError` for everything else.
    """
    try:
        async with asyncio.timeout(idle_timeout):
            first = await reader.readexactly(1)
    except TimeoutError:
        raise FrameError.silent() from None
    try:
        async with asyncio.timeout(frame_timeout):
            (size,) = HEADER.unpack(first + await reader.readexactly(HEADER.size - 1))
            if size > max_size:
                raise FrameError.too_large(max_size, size)
            body = await reader.readexactly(size)
    except TimeoutError:
        raise FrameError.half_frame() from None
    return decode(body)


class FrameBuffer:
    """Whole frame bodies out of a byte stream that arrives in pieces (the host's side).

        >>> frames = FrameBuffer(1024)
        >>> data = encode({"type": "ping"})
        >>> frames.feed(data[:3]); frames.next(), frames.partial
        (None, True)
        >>> frames.feed(data[3:]); decode(frames.next()), frames.partial
        ({'type': 'ping'}, False)

    :meth:`next` raises :class:`FrameError` when a frame says it is over ``max_size``: the stream
    cannot be followed after it.
    """

    __slots__ = ("_buffer", "max_size")

    def __init__(self, max_size: int) -> None:
        self.max_size = max_size
        self._buffer = bytearray()

    def feed(self, data: bytes) -> None:
        self._buffer += data

    @property
    def partial(self) -> bool:
        """True when a frame has begun and not finished."""
        return bool(self._buffer)

    def next(self) -> bytes | None:
        """The next whole frame body, or None until more bytes arrive."""
        buffer = self._buffer
        if len(buffer) < HEADER.size:
            return None
        (size,) = HEADER.unpack_from(buffer)
        if size > self.max_size:
            raise FrameError.too_large(self.max_size, size)
        end = HEADER.size + size
        if len(buffer) < end:
            return None
        body = bytes(buffer[HEADER.size : end])
        del buffer[:end]
        return body
