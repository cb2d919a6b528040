"""Hostile input (issue section 7): every case gets a clear error frame or a disconnect, the host
never crashes and a game at another table plays on to its end."""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import struct
import time

import msgpack
from conftest import running, until
from netplay_support import Raw

from yule.netplay.botplay import play_games
from yule.netplay.client import Client
from yule.netplay.connection import Limits
from yule.netplay.host import Host
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
    raw.close()


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
    raw.close()


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
        talker.close()


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
            raw.close()
        await host.stop()


async def test_too_many_bad_frames_close_the_connection(host):
    raw = await Raw.open(host.port)
    for _ in range(host.limits.max_bad_frames):
        raw.send({"type": "nope"})
    assert codes(await raw.frames_until_closed())[-1] == "too_many_errors"


async def test_a_stuck_reader_is_dropped_and_its_table_plays_on(host, caplog):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        created = await ana.create_table("white-elephant", 8, bot_delay=0, open=True, sit=False)
        table = created["table"]
        await ana.fill_bots(table, "random")
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", host.port))
        stuck = Raw(*await asyncio.open_connection(sock=sock))
        stuck.send({"type": "hello", "version": PROTOCOL_VERSION, "name": "Stuck"})
        stuck.send({"type": "watch", "table": table})
        await until(lambda: any(table in c.watching for c in host.admission.connections))
        (stuck_conn,) = [c for c in host.admission.connections if table in c.watching]
        # The kernel's buffer on the host's side is kept small, so that what the host itself
        # holds for the reader decides when it goes, not how much the kernel takes in meanwhile.
        stuck_conn.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        finished = []

        async def play_on() -> None:
            await ana.start(table)
            async for msg in ana:
                if msg["type"] == "table" and msg["status"] == "over" and msg["game_no"] not in finished:
                    finished.append(msg["game_no"])
                    await ana.play_again(table)

        games = asyncio.create_task(play_on())
        # it never reads: dropped once its buffer is full
        await until(lambda: stuck_conn not in host.admission.connections)
        assert "not reading; dropped" in caplog.text
        dropped_during = len(finished) + 1
        await until(lambda: len(finished) > dropped_during)  # the table plays on: another whole game
        games.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await games
        stuck.close()


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
