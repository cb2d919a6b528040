"""Deaf watchers: what connections that stop reading cost a host (its memory), and whether its tables play on.

Starts ``yule host`` on loopback with a few all-bot tables playing game after game as fast as
they can, then opens N watchers that watch every one of them and never read (each answers the
host's pings, so it is not closed for silence, and keeps a small receive buffer), from one or
more loopback addresses.  Prints the host's resident memory before and as they sit there, and
how many moves the tables made meanwhile::

    python bench/deaf.py --watchers 190 --seconds 60
    python bench/deaf.py --watchers 570 --addresses 3 --yule /other/venv/bin/yule   # another build
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import re
import shutil
import socket
import sys
import tempfile
import time
from pathlib import Path

from yule.netplay.asks import Hello, Pong, Watch, wire_form
from yule.netplay.client import Client
from yule.netplay.wire import PROTOCOL_VERSION, encode


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid``, in MB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def busy_tables(port: int, count: int, moves: list[int]) -> tuple[Client, list[int]]:
    """``count`` open all-bot tables of random bots playing game after game (a move every 20 ms: the
    driver's "play again" stays within its rate limit); ``moves[0]`` counts their views."""
    driver = Client("127.0.0.1", port, "Driver", reconnect=False)
    await driver.connect()
    tables = []
    for _ in range(count):
        created = await driver.create_table("white-elephant", 8, bot_delay=0.02, open=True, sit=False)
        await driver.fill_bots(created["table"], "random")
        tables.append(created["table"])
    for table in tables:
        await driver.watch(table)
        await driver.start(table)

    async def again() -> None:
        async for msg in driver:
            if msg["type"] == "view":
                moves[0] += 1
            elif msg["type"] == "table" and msg["status"] == "over":
                with contextlib.suppress(Exception):
                    await driver.play_again(msg["table"])

    asyncio.get_running_loop().create_task(again())
    return driver, tables


async def deaf(port: int, address: str, tables: list[int]) -> socket.socket:
    """A watcher of ``tables`` from ``address`` that never reads, and says pong every few seconds."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.setblocking(False)
    sock.bind((address, 0))
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    sock.sendall(encode(wire_form(Hello(version=PROTOCOL_VERSION, name="Deaf"))))
    for table in tables:
        sock.sendall(encode(wire_form(Watch(table=table))))
    return sock


async def main(args: argparse.Namespace) -> None:
    data = Path(tempfile.mkdtemp(prefix="yule-deaf-"))
    host = await asyncio.create_subprocess_exec(
        args.yule, "host", "--bind", "127.0.0.1", "--port", "0", "--data", str(data), "--no-discovery",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    assert host.stdout is not None
    while not (found := re.search(rb"is listening on port (\d+)", line := await host.stdout.readline())):
        assert line, "yule host ended"
    port = int(found.group(1))

    async def drain() -> None:
        assert host.stdout is not None
        while await host.stdout.readline():
            pass

    draining = asyncio.create_task(drain())
    moves = [0]
    try:
        driver, tables = await busy_tables(port, args.tables, moves)
        await asyncio.sleep(2)
        print(f"host {args.yule}: {rss_mb(host.pid):.0f} MB with {args.tables} busy tables")
        socks = [await deaf(port, f"127.0.0.{2 + n % args.addresses}", tables) for n in range(args.watchers)]
        started, seen = time.monotonic(), moves[0]
        peak = 0.0
        while (elapsed := time.monotonic() - started) < args.seconds:
            await asyncio.sleep(5)
            for sock in socks:
                with contextlib.suppress(OSError):
                    sock.send(encode(wire_form(Pong())))
            now = rss_mb(host.pid)
            peak = max(peak, now)
            print(f"  {elapsed:4.0f} s: {now:5.0f} MB, {moves[0] - seen} views to the driver")
        alive = 0
        for sock in socks:
            try:
                sock.send(encode(wire_form(Pong())))
                alive += 1
            except OSError:
                pass
        rate = (moves[0] - seen) / args.seconds
        print(f"{args.watchers} deaf watchers from {args.addresses} address(es): peak {peak:.0f} MB, "
              f"{alive} still connected, the tables' views {rate:.0f}/s")  # fmt: skip
        for sock in socks:
            sock.close()
        await driver.close()
    finally:
        host.terminate()
        await host.wait()
        draining.cancel()
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--watchers", type=int, default=190)
    parser.add_argument("--addresses", type=int, default=1)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--yule", default=shutil.which("yule") or "yule", help="the yule command to run the host with")
    asyncio.run(main(parser.parse_args()))
    sys.exit(0)
