"""Hostile input (issue section 7): every case gets a clear error frame or a disconnect, the host
never crashes and a game at another table plays on to its end."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import random
import socket
import struct
import time
from typing import Any

import msgpack
from conftest import FAST, running, until
from netplay_support import Raw

from yule.netplay.client import Client
from yule.netplay.client.botplay import play_games
from yule.netplay.host.connection import Limits
from yule.netplay.host.server import Host
from yule.netplay.wire import MAX_HOST_FRAME, PROTOCOL_VERSION, encode, read_frame


def frame_of(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


def codes(frames) -> list[str]:
    assert all(f["type"] == "error" for f in frames), frames
    return [f["code"] for f in frames]


async def test_oversized_frame_is_refused_and_closed(host):
    raw = await Raw.open(host.port)
    raw.send_bytes(struct.pack(">I", 64 * 1024 + 1) + b"x" * 100)
    assert codes(await raw.frames_until_closed()) == ["too_large"]


async def test_random_bytes_end_in_errors_and_a_disconnect(host):
    raw = await Raw.open(host.port, hello=False)
    raw.send_bytes(random.Random(7).randbytes(5000))
    frames = await raw.frames_until_closed()
    assert frames and all(f["type"] == "error" for f in frames)


async def test_malformed_msgpack_non_map_unknown_type_and_wrong_types_get_errors(host):
    raw = await Raw.open(host.port)
    raw.send_bytes(frame_of(b"\xc1\xc1"))
    assert (await raw.frame())["code"] == "bad_msgpack"
    raw.send_bytes(frame_of(msgpack.packb([1, 2, 3])))
    assert (await raw.frame())["code"] == "not_a_map"
    raw.send({"type": "explode", "rid": 1})
    reply = await raw.frame()
    assert reply["code"] == "invalid" and "Unknown message type" in reply["message"] and reply["rid"] == 1
    raw.send({"type": "join", "table": "one", "rid": 2})
    reply = await raw.frame()
    assert reply["code"] == "invalid" and reply["message"].startswith("table:") and reply["rid"] == 2
    raw.send({"type": "move", "table": 1, "move": {"type": "end"}, "by": 0, "rid": 3})
    reply = await raw.frame()
    assert reply["code"] == "invalid" and "by" in reply["message"]
    raw.send({"type": "create", "game": "x" * 60_000, "seats": 3, "rid": 4})
    reply = await raw.frame()
    assert reply["code"] == "invalid" and len(reply["message"]) < 200
    raw.send({"type": "list", "rid": 5})
    assert (await raw.frame())["type"] == "tables"  # still served after all that
    await raw.close()


async def test_a_huge_name_in_hello_is_refused(host):
    raw = await Raw.open(host.port, hello=False)
    raw.send({"type": "hello", "version": PROTOCOL_VERSION, "name": "A" * 60_000})
    assert codes(await raw.frames_until_closed()) == ["invalid"]


async def test_wrong_version_and_speaking_before_hello(host):
    raw = await Raw.open(host.port, hello=False)
    raw.send({"type": "hello", "version": 99, "name": "Old"})
    (error,) = await raw.frames_until_closed()
    assert error["code"] == "version" and "protocol 1" in error["message"]
    raw = await Raw.open(host.port, hello=False)
    raw.send({"type": "list"})
    assert codes(await raw.frames_until_closed()) == ["hello_first"]


async def test_a_flood_is_cut_off(host):
    raw = await Raw.open(host.port)
    raw.send_bytes(b"".join(frame_of(msgpack.packb({"type": "ping"})) for _ in range(2000)))
    frames = await raw.frames_until_closed()
    assert frames[-1]["type"] == "error" and frames[-1]["code"] == "flood"


async def test_a_flood_of_lobby_lists_is_cut_off_sooner(host):
    raw = await Raw.open(host.port)  # a list answers with the whole lobby: it counts as 10 frames
    raw.send_bytes(b"".join(frame_of(msgpack.packb({"type": "list", "rid": rid})) for rid in range(40)))
    *answers, last = await raw.frames_until_closed()
    assert last["code"] == "flood" and {f["type"] for f in answers} == {"tables"}
    assert 19 <= len(answers) <= 22  # a burst of 200 frames' worth (the bucket refills as it goes)


async def test_half_a_frame_then_silence_and_a_silent_connection(host):
    raw = await Raw.open(host.port)
    raw.send_bytes(struct.pack(">I", 100) + b"\x81\xa4")
    assert codes(await raw.frames_until_closed()) == ["half_frame"]
    raw = await Raw.open(host.port, hello=False)
    assert codes(await raw.frames_until_closed()) == ["silent"]


async def test_a_frame_trickled_in_pieces_is_read_and_frames_sent_together_are_all_answered(host):
    raw = await Raw.open(host.port)
    data = encode({"type": "list", "rid": 1})
    for i in range(len(data)):  # one byte at a time, well within the frame timeout
        raw.send_bytes(data[i : i + 1])
        await asyncio.sleep(0.01)
    assert (await raw.frame())["rid"] == 1
    raw.send_bytes(b"".join(encode({"type": "list", "rid": rid}) for rid in (2, 3, 4)))
    assert [(await raw.frame())["rid"] for _ in range(3)] == [2, 3, 4]
    await raw.close()


async def test_a_trickle_does_not_stretch_the_frame_timeout(host):
    raw = await Raw.open(host.port)
    raw.send_bytes(struct.pack(">I", 100))
    started = asyncio.get_running_loop().time()
    answer = asyncio.create_task(raw.frames_until_closed())
    for _ in range(20):  # a byte every 0.1 s: never silent, but the frame would take 2 s
        await asyncio.sleep(0.1)
        if answer.done():
            break
        raw.send_bytes(b"\x00")
    assert codes(await answer) == ["half_frame"]
    assert asyncio.get_running_loop().time() - started < 1.0  # the frame timeout is 0.5 s


async def test_idle_timeout_closes_a_silent_player_but_not_one_who_answers(tmp_path):
    host = Host(tmp_path / "data", limits=Limits(idle_timeout=0.6, heartbeat=60.0))
    async with running(host):
        talker, sleeper = await Raw.open(host.port), await Raw.open(host.port)
        for rid in range(8):  # 1.6 s of a frame every 0.2 s
            await asyncio.sleep(0.2)
            talker.send({"type": "list", "rid": rid})
            assert (await talker.frame())["rid"] == rid
        assert codes(await sleeper.frames_until_closed()) == ["silent"]
        talker.send({"type": "list", "rid": 99})
        assert (await talker.frame())["rid"] == 99
        await talker.close()
        await sleeper.close()


async def test_a_busy_host_still_pings_every_connection_once_a_period(tmp_path):
    """Pings are spread over the heartbeat period in slices; on a busy host, whose loop comes
    round late, the slices must not add up to a longer period, or a client that only answers
    pings would be closed as silent."""
    host = Host(tmp_path / "data", limits=Limits(idle_timeout=2.0, heartbeat=0.5))
    await host.start("127.0.0.1", 0)
    loop = asyncio.get_running_loop()
    busy = True

    def hog() -> None:  # every turn of the loop takes 0.1 s, longer than a slice (0.05 s)
        if busy:
            time.sleep(0.1)
            loop.call_soon(hog)

    async def answer_pings(raw: Raw, pings: int) -> None:
        for _ in range(pings):
            frame = await read_frame(raw.reader, MAX_HOST_FRAME, idle_timeout=10, frame_timeout=10)
            assert frame == {"type": "ping"}
            raw.send({"type": "pong"})

    raws = [await Raw.open(host.port) for _ in range(10)]
    try:
        loop.call_soon(hog)
        await asyncio.gather(*(answer_pings(raw, 4) for raw in raws))  # 2 s without a ping: 'silent'
    finally:
        busy = False
        for raw in raws:
            await raw.close()
        await host.stop()


async def test_too_many_bad_frames_close_the_connection(host):
    raw = await Raw.open(host.port)
    for _ in range(host.limits.max_bad_frames):
        raw.send({"type": "nope"})
    assert codes(await raw.frames_until_closed())[-1] == "too_many_errors"


async def deaf(port: int, address: str = "127.0.0.1") -> tuple[Raw, socket.socket]:
    """A greeted connection from ``address`` that reads nothing unless asked: its own buffer
    for what the host sends is kept small."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.setblocking(False)
    sock.bind((address, 0))
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    raw = Raw(*await asyncio.open_connection(sock=sock))
    raw.send({"type": "hello", "version": PROTOCOL_VERSION, "name": "Deaf"})

    async def still_here() -> None:  # it answers the host's pings without reading them: not silent
        while not raw.writer.is_closing():
            raw.send({"type": "pong"})
            await asyncio.sleep(FAST.heartbeat / 2)

    keeping = asyncio.create_task(still_here())
    raw.keeping = keeping  # type: ignore[attr-defined]  # kept while the connection lasts; it ends with it
    return raw, sock


def host_side(host: Host, test: Any) -> Any:
    """The host's connection for which ``test`` holds, its kernel buffer kept small (so that what
    the host itself holds for it decides, not how much the kernel takes in)."""
    (conn,) = [c for c in host.admission.connections if test(c)]
    conn.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    return conn


async def a_busy_table(ana: Client) -> int:
    """An open all-bot White Elephant table of ``ana``'s that plays games one after another, as fast as it can."""
    created = await ana.create_table("white-elephant", 8, bot_delay=0, open=True, sit=False)
    await ana.fill_bots(created["table"], "random")
    return created["table"]


async def play_on(ana: Client, table: int, finished: list[int]) -> None:
    await ana.start(table)
    async for msg in ana:
        if msg["type"] == "table" and msg["status"] == "over" and msg["game_no"] not in finished:
            finished.append(msg["game_no"])
            await ana.play_again(table)


async def test_a_watcher_that_stops_reading_needs_only_the_latest_view(host):
    """Behind, a watcher is sent nothing more of its table (the host holds a bounded few bytes
    for it, not a view per move), is not dropped for it, and once it reads it gets the table as
    it is now: its info, the whole log and the current view."""
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        table = await a_busy_table(ana)
        stuck, _ = await deaf(host.port)
        stuck.send({"type": "watch", "table": table})
        await until(lambda: any(table in c.watching for c in host.admission.connections))
        conn = host_side(host, lambda c: table in c.watching)
        finished: list[int] = []
        games = asyncio.create_task(play_on(ana, table, finished))
        try:
            await until(lambda: conn.behind and table in conn.stale, "the watcher behind")
            await until(lambda: len(finished) >= 2, "two whole games more")  # the table plays on meanwhile
            held = conn.transport.get_write_buffer_size()
            assert conn in host.admission.connections and held <= FAST.behind_at + 64 * 1024
            assert host.budget.used >= held
            games.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await games
            await until(lambda: host.tables[table].status == "over", "the game going on played out")
            seq = host.tables[table].seq
            kinds = []
            while True:  # it reads again: the table as it is now, after what was queued before it fell behind
                frame = await stuck.frame()
                kinds.append(frame["type"])
                if frame["type"] == "view" and frame["seq"] == seq and kinds[-3:] == ["table", "log", "view"]:
                    break
            assert not conn.behind and not conn.stale and host.budget.used == 0
        finally:
            games.cancel()
            await stuck.close()


async def test_the_connections_behind_hold_a_bounded_total_and_one_past_it_is_dropped(tmp_path, caplog):
    limits = dataclasses.replace(FAST, unsent_total=64 * 1024)
    host = Host(tmp_path / "data", limits=limits)
    async with running(host) as port, Client("127.0.0.1", port, "Ana") as ana:
        table = await a_busy_table(ana)
        deafs, conns = [], []
        for n in range(8):
            raw, _ = await deaf(port, f"127.0.0.{n + 2}")
            raw.send({"type": "watch", "table": table})
            deafs.append(raw)
            await until(
                lambda: any(table in c.watching and c.address == f"127.0.0.{n + 2}" for c in host.admission.connections)
            )
            conns.append(host_side(host, lambda c: table in c.watching and c.address == f"127.0.0.{n + 2}"))
        finished: list[int] = []
        games = asyncio.create_task(play_on(ana, table, finished))
        try:
            await until(lambda: any(c.closed for c in conns), "one past the budget dropped")
            assert "the host's budget for unsent bytes is spent" in caplog.text
            assert host.budget.used <= limits.unsent_total
            await until(lambda: len(finished) >= 1, "the table plays on")
        finally:
            games.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await games
            for raw in deafs:
                await raw.close()


async def test_a_reader_that_never_reads_its_own_answers_is_dropped(tmp_path, caplog):
    """Answers to its own requests are not news to coalesce: they queue, up to a bound."""
    limits = dataclasses.replace(FAST, send_buffer=8 * 1024, behind_at=4 * 1024, list_cost=1.0)
    host = Host(tmp_path / "data", limits=limits)
    async with running(host) as port:
        async with Client("127.0.0.1", port, "Ana") as ana:
            for _ in range(20):  # a lobby long enough that its list is a big answer
                await ana.create_table("white-elephant", 8, open=True, sit=False)
        stuck, _ = await deaf(port)
        try:
            await until(lambda: any(c.name == "Deaf" for c in host.admission.connections))
            conn = host_side(host, lambda c: c.name == "Deaf")

            async def asks() -> bool:  # a list now and then, none of them read
                if not conn.closed:
                    stuck.send({"type": "list"})
                return conn.closed

            await until(asks, "the reader dropped")
            assert "not reading; dropped" in caplog.text
        finally:
            await stuck.close()


async def test_other_tables_never_notice(host):
    game = asyncio.create_task(
        play_games("127.0.0.1", host.port, game="white-elephant", players=3, games=3, delay=0.002, seed=1)
    )
    attackers = []
    for seed in range(20):
        raw = await Raw.open(host.port, hello=seed % 2 == 0)
        raw.send_bytes(random.Random(seed).randbytes(random.Random(seed).randint(1, 3000)))
        attackers.append(raw)
    for raw in attackers:
        await raw.frames_until_closed()
    summary = await game
    assert summary.failures == [] and len(summary.finished) == 3
    async with Client("127.0.0.1", host.port, "Late") as late:
        assert len(await late.list_tables()) >= 1
