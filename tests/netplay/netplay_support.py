"""Helpers shared by the network tests, and :func:`problems`: how a frame differs from the
``TypedDict`` that :mod:`yule.netplay.frames` gives it (this file's own check: pydantic reads
``typing.TypedDict`` only from Python 3.12 on)."""

from __future__ import annotations

import ast
import asyncio
import contextlib
import sqlite3
import sys
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Literal, NotRequired, Union, get_args, get_origin

from game_support import source_of

import yule.core.base
from yule.core import get_game
from yule.netplay import frames
from yule.netplay.host.store import Store
from yule.netplay.wire import MAX_HOST_FRAME, PROTOCOL_VERSION, encode, read_frame


async def next_message(client: Any, kind: str, when: Callable[[dict], bool] | None = None, **fields: Any) -> dict:
    """The client's next frame of type ``kind`` with these ``fields`` (and for which ``when(frame)``
    holds, if given); the frames before it are passed over."""
    async for msg in client:
        if msg["type"] == kind and all(msg.get(k) == v for k, v in fields.items()) and (when is None or when(msg)):
            return msg
    raise AssertionError(f"the client stopped before a {kind} {fields}")


def old_store(folder: Path, *statements: str) -> Store:
    """The store of a data folder whose database an older version of the host made with
    ``statements``, as this version opens it."""
    db = sqlite3.connect(folder / "yule.db")
    with db:
        for statement in statements:
            db.execute(statement)
    db.close()
    return Store(folder)


class Raw:
    """A bare TCP connection for hostile-input tests: raw bytes out, decoded frames in.  Each is
    closed when the host it talks to stops, if its test has not closed it (:meth:`close_all`)."""

    opened: ClassVar[set[Raw]] = set()

    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer
        self.port = writer.get_extra_info("peername")[1]
        Raw.opened.add(self)

    @classmethod
    async def close_all(cls, port: int) -> None:
        """Close every connection to ``port`` still open (a socket left to the garbage collector
        fails a later test)."""
        for raw in [raw for raw in cls.opened if raw.port == port]:
            await raw.close()

    @classmethod
    async def open(cls, port: int, hello: bool = True, address: str = "127.0.0.1") -> Raw:
        """A connection from ``address`` (another loopback address stands in for another
        machine), greeted unless ``hello`` is false."""
        raw = cls(*await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0)))
        if hello:
            raw.send({"type": "hello", "version": PROTOCOL_VERSION, "name": "Raw"})
            assert (await raw.frame())["type"] == "welcome"
        return raw

    async def ask(self, message: dict) -> dict:
        """Send a request and return the host's answer to it (frames for no request are passed over)."""
        self.send({**message, "rid": 7})
        while (frame := await self.frame()) is not None:
            if frame.get("rid") == 7:
                return frame
        raise AssertionError("the host closed the connection")

    def send(self, message) -> None:
        self.writer.write(encode(message))

    def send_bytes(self, data: bytes) -> None:
        self.writer.write(data)

    async def frame(self):
        """The next frame, or None at end of stream (pings skipped)."""
        while True:
            try:
                message = await read_frame(self.reader, MAX_HOST_FRAME, idle_timeout=30, frame_timeout=30)
            except (asyncio.IncompleteReadError, ConnectionError):
                return None
            if message["type"] != "ping":
                return message

    async def frames_until_closed(self) -> list:
        """Every frame until the host closes the connection (then closed on this side too)."""
        frames = []
        while (frame := await self.frame()) is not None:
            frames.append(frame)
        await self.close()
        return frames

    async def close(self) -> None:
        """Close the connection and wait until it is (a transport left closing when a test's
        loop ends is a socket left open, which a later test's collector finds)."""
        Raw.opened.discard(self)
        self.writer.close()
        with contextlib.suppress(OSError):
            await self.writer.wait_closed()


class CapturingProxy:
    """A TCP proxy in front of a host that keeps every byte the host sends on each connection
    (it connects to the host from each client's own loopback address)."""

    def __init__(self, host_port: int) -> None:
        self.host_port = host_port
        self.captured: list[bytearray] = []
        self.port = 0
        self._server = None
        self._tasks: set = set()

    async def start(self) -> int:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def stop(self) -> None:
        self._server.close()
        await self._server.wait_closed()

    async def _relay(self, client_reader, client_writer) -> None:
        address = client_writer.get_extra_info("peername")[0]  # the host sees the client's own address
        host_reader, host_writer = await asyncio.open_connection("127.0.0.1", self.host_port, local_addr=(address, 0))
        downstream = bytearray()
        self.captured.append(downstream)

        async def pipe(reader, writer, keep):
            try:
                while data := await reader.read(65536):
                    if keep is not None:
                        keep.extend(data)
                    writer.write(data)
                    await writer.drain()
            except ConnectionError:
                pass
            finally:
                writer.close()

        await asyncio.gather(pipe(client_reader, host_writer, None), pipe(host_reader, client_writer, downstream))


def split_frames(data: bytes) -> list[dict]:
    """Every frame in a captured byte stream, decoded (the stream must end on a frame boundary)."""
    import msgpack

    frames, pos = [], 0
    while pos < len(data):
        size = int.from_bytes(data[pos : pos + 4], "big")
        frames.append(msgpack.unpackb(data[pos + 4 : pos + 4 + size], raw=False))
        pos += 4 + size
    assert pos == len(data)
    return frames


FRAME_TYPES: dict[str, Any] = {
    get_args(typing.get_type_hints(get_origin(kind) or kind)["type"])[0]: kind for kind in get_args(frames.HostFrame)
}
"""Each host frame's ``type`` -> its ``TypedDict``."""


def view_type(game: str) -> Any:
    """The ``TypedDict`` of ``game``'s views: what its state's ``view`` returns."""
    spec = get_game(game)
    cls = type(spec.new_state(spec.min_players, spec.default_options))
    if typing.get_type_hints(cls.view):
        return typing.get_type_hints(cls.view)["return"]
    module = sys.modules[cls.__module__]  # compiled by mypyc: the view's type as its source names it
    (view,) = (
        node
        for node in ast.walk(ast.parse(source_of(module).read_text()))
        if isinstance(node, ast.FunctionDef) and node.name == "view"
    )
    return eval(ast.unparse(view.returns or ast.Constant(None)), vars(module))


def problems(value: Any, kind: Any, where: str) -> list[str]:
    """How ``value`` differs from the type ``kind`` (none: it is one), each said with ``where`` it is."""
    if isinstance(kind, typing.ForwardRef):  # a recursive alias's own name (core's Fact)
        kind = eval(kind.__forward_arg__, vars(yule.core.base))
    origin, args = get_origin(kind), get_args(kind)
    if kind is Any or kind is object:
        return []
    if kind is None or kind is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r} is none of {args}"]
    if origin in (Union, types.UnionType):
        found = [problems(value, option, where) for option in args]
        return [] if [] in found else [f"{where}: {value!r} is none of {kind}: {found}"]
    if typing.is_typeddict(origin or kind):
        return typed_dict_problems(value, kind, where)
    if origin in (list, dict, Mapping, Sequence) or kind in (list, dict):
        container = list if (origin or kind) in (list, Sequence) else Mapping
        if not isinstance(value, container):
            return [f"{where}: {value!r} is not a {container.__name__}"]
        if not args:
            return []
        if container is list:
            return [p for i, item in enumerate(value) for p in problems(item, args[0], f"{where}[{i}]")]
        return [p for key, item in value.items() for p in problems(key, args[0], where) + problems(item, args[1], f"{where}.{key}")]  # fmt: skip
    if kind is float:
        return [] if isinstance(value, int | float) and not isinstance(value, bool) else [f"{where}: {value!r} is not a number"]  # fmt: skip
    if kind is int:
        return [] if isinstance(value, int) and not isinstance(value, bool) else [f"{where}: {value!r} is not an int"]
    return [] if type(value) is kind else [f"{where}: {value!r} is not a {kind}"]


def typed_dict_problems(value: Any, kind: Any, where: str) -> list[str]:
    """How ``value`` differs from the ``TypedDict`` ``kind`` (maybe generic: ``ViewFrame[View]``)."""
    if not isinstance(value, dict):
        return [f"{where}: {value!r} is not a map"]
    cls = get_origin(kind) or kind
    bound = dict(zip(getattr(cls, "__parameters__", ()), get_args(kind), strict=False))
    hints = typing.get_type_hints(cls, include_extras=True)  # NotRequired kept: read from the annotations
    required = {key for key, hint in hints.items() if get_origin(hint) is not NotRequired} - cls.__optional_keys__
    found = [f"{where}: no {key!r}" for key in sorted(required - value.keys())]
    found += [f"{where}: {key!r} is not a key of {cls.__name__}" for key in sorted(value.keys() - hints.keys())]
    for key in value.keys() & hints.keys():
        hint = hints[key]
        if get_origin(hint) is NotRequired:
            hint = get_args(hint)[0]
        hint = bound.get(hint, hint)  # a type variable: the type given for it
        if key == "view" and cls is frames.ViewFrame:
            hint = view_type(value["view"]["game"])  # each game's view as the game types it
        found += problems(value[key], hint, f"{where}.{key}")
    return found
