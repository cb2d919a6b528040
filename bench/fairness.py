"""Fair shares of the host: one address's all-bot strong tables against another address's table.

Starts a real ``yule host`` subprocess (``--bot-workers N``, by default what the host itself
would choose on this machine).  From 127.0.0.1 a watching connection measures the pace (views
a second) of one table of bots and the host's ping round trip, first alone, then while ten
all-bot tables of the strong bot (``--heavy``) made from 127.0.0.2, by a connection that then
left, play as fast as they can (no bot delay).  The measured table is by default all strong
bots too (``--measured hard``: it thinks in the same worker processes, so this is the fair
share of the bots' thinking); ``--measured greedy`` plays greedy bots, which never wait for a
worker (so this measures only the host's own loop).

The target: the measured table keeps at least half its pace, and the ping round trip stays
under 50 ms.

    python bench/fairness.py --heavy 10 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time

from hostproc import Bare, percentile, port_of

from yule.netplay.asks import Create, FillBots, Leave, Start
from yule.netplay.client import Client, HostError


def start(data: str, workers: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "yule.tui.cli", "host", "--bind", "127.0.0.1", "--port", "0", "--data", data,
         "--no-discovery", "--bot-workers", str(workers)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip


async def watched_pace(port: int, table: int, seconds: float) -> tuple[float, list[float]]:
    """Views a second at ``table`` (played again whenever it ends), and ping round trips (ms)."""
    async with Client("127.0.0.1", port, "Watcher", request_timeout=60) as me:
        await me.watch(table)
        views = 0
        pings: list[float] = []
        end = time.monotonic() + seconds
        next_ping = time.monotonic()
        while (now := time.monotonic()) < end:
            if now >= next_ping:
                sent = time.perf_counter()
                with contextlib.suppress(HostError):  # the cheapest request with an answer: a refusal
                    await me.request(Leave(table=2**40))
                pings.append((time.perf_counter() - sent) * 1000)
                next_ping = now + 0.2
            try:
                frame = await asyncio.wait_for(me.messages.get(), 0.2)
            except TimeoutError:
                continue
            if frame.get("type") == "view" and frame.get("table") == table:
                views += 1
        await me.leave(table)
        return views / seconds, pings


async def measured_table(creator: Client, game: str, kind: str) -> int:
    """An open table of ``kind`` bots at no delay, made and started by ``creator``."""
    table = (await creator.create_table(game, 4, sit=False, bot_delay=0, open=True))["table"]
    await creator.fill_bots(table, kind)
    await creator.start(table)
    return table


async def again_and_again(creator: Client, table: int) -> None:
    """The measured table's next game starts whenever one ends."""
    async for frame in creator:
        if frame.get("type") == "table" and frame.get("table") == table and frame["status"] == "over":
            await creator.play_again(table)


async def heavy_tables(port: int, count: int) -> None:
    """``count`` all-bot tables of the strong bot at no delay, made from 127.0.0.2 by one
    connection that then leaves."""
    conn = await Bare.open(port, "127.0.0.2", "Heavy")
    for _ in range(count):
        table = (await conn.ask(Create(game="white-rabbit", seats=4, sit=False, bot_delay=0)))["table"]
        await conn.ask(FillBots(table=table, kind="ismcts"))
        await conn.ask(Start(table=table))
    conn.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--heavy", type=int, default=10, help="all-bot strong tables from 127.0.0.2")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds each measurement lasts")
    parser.add_argument("--measured", choices=("hard", "greedy"), default="hard", help="the bots of the measured table")
    parser.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) - 1),
                        help="the host's --bot-workers (default: what yule host chooses here)")  # fmt: skip
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        host = start(data, args.workers)
        try:
            port = await port_of(host)
            creator = Client("127.0.0.1", port, "Measured", request_timeout=60)
            await creator.connect()
            game = "white-rabbit" if args.measured == "hard" else "white-elephant"
            table = await measured_table(creator, game, "ismcts" if args.measured == "hard" else "greedy")
            replay = asyncio.create_task(again_and_again(creator, table))
            alone, alone_pings = await watched_pace(port, table, args.seconds)
            await heavy_tables(port, args.heavy)
            loaded, loaded_pings = await watched_pace(port, table, args.seconds)
            replay.cancel()
            await creator.close()
        finally:
            host.terminate()
            host.wait()
    print(f"bot workers: {args.workers}; a {args.measured} table from 127.0.0.1; "
          f"{args.heavy} all-bot strong tables from 127.0.0.2")  # fmt: skip
    for label, pace, pings in (("alone", alone, alone_pings), ("loaded", loaded, loaded_pings)):
        print(f"{label:>7}: {pace:6.2f} views/s; ping p50 {statistics.median(pings):6.1f} ms, "
              f"p95 {percentile(pings, 95):6.1f} ms, max {max(pings):6.1f} ms")  # fmt: skip
    print(f"pace kept: {loaded / alone:.2f} of alone (target at least 0.5); ping p95 target under 50 ms")


if __name__ == "__main__":
    asyncio.run(main())
