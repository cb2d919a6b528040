"""Fair shares of the host: one address's all-bot strong tables against another table's pace.

Starts a real ``yule host`` subprocess (``--bot-workers N``).  From 127.0.0.1 it plays a
table of greedy bots (host-side bots at no delay, followed by one watching connection) and
measures its pace (views a second) and the host's ping round trip, first alone, then while a
second connection has created ``--heavy`` all-bot tables of the strong bot, also at no delay,
and left (the bots share by table, not by address, so one address is as good as two here).  The target: the watched table keeps at least half its pace, and the ping
round trip stays under 50 ms.

    python bench/fairness.py --heavy 10 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import subprocess
import sys
import tempfile
import time

from hostproc import percentile, port_of

from yule.netplay.client import Client, HostError


def start(data: str, workers: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "yule.tui.cli", "host", "--bind", "127.0.0.1", "--port", "0", "--data", data,
         "--no-discovery", "--bot-workers", str(workers)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip


async def watched_pace(port: int, seconds: float) -> tuple[float, list[float]]:
    """Views a second at a table of greedy bots played again and again, and ping round trips (ms)."""
    async with Client("127.0.0.1", port, "Watcher", request_timeout=60) as me:
        views = 0
        pings: list[float] = []
        table = (await me.create_table("white-elephant", 4, sit=False, bot_delay=0))["table"]
        await me.fill_bots(table, "greedy")
        await me.start(table)
        await me.watch(table)
        end = time.monotonic() + seconds
        next_ping = time.monotonic()
        while (now := time.monotonic()) < end:
            if now >= next_ping:
                sent = time.perf_counter()
                with contextlib.suppress(HostError):  # the cheapest request with an answer: a refusal
                    await me.request({"type": "leave", "table": 2**40})
                pings.append((time.perf_counter() - sent) * 1000)
                next_ping = now + 0.2
            try:
                frame = await asyncio.wait_for(me.messages.get(), 0.2)
            except TimeoutError:
                continue
            if frame.get("type") == "view" and frame.get("table") == table:
                views += 1
            elif frame.get("type") == "table" and frame.get("table") == table and frame["status"] == "over":
                await me.play_again(table)
        return views / seconds, pings


async def heavy_tables(port: int, count: int) -> None:
    """``count`` all-bot tables of the strong bot at no delay, started by one connection that then leaves."""
    client = Client("127.0.0.1", port, "Heavy", reconnect=False)
    await client.connect()
    for _ in range(count):
        table = (await client.create_table("white-rabbit", 4, sit=False, bot_delay=0))["table"]
        await client.fill_bots(table, "ismcts")
        await client.start(table)
    await client.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--heavy", type=int, default=10, help="all-bot strong tables from the other address")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds each measurement lasts")
    parser.add_argument("--workers", type=int, default=1, help="the host's --bot-workers")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        host = start(data, args.workers)
        try:
            port = await port_of(host)
            alone, alone_pings = await watched_pace(port, args.seconds)
            await heavy_tables(port, args.heavy)
            loaded, loaded_pings = await watched_pace(port, args.seconds)
        finally:
            host.terminate()
            host.wait()
    print(f"bot workers: {args.workers}; {args.heavy} all-bot strong tables from another connection")
    for label, pace, pings in (("alone", alone, alone_pings), ("loaded", loaded, loaded_pings)):
        print(f"{label:>7}: {pace:6.1f} views/s; ping p50 {statistics.median(pings):6.1f} ms, "
              f"p95 {percentile(pings, 95):6.1f} ms, max {max(pings):6.1f} ms")  # fmt: skip
    print(f"pace kept: {loaded / alone:.2f} of alone (target at least 0.5); ping p95 target under 50 ms")


if __name__ == "__main__":
    asyncio.run(main())
