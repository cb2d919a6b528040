"""The lobby list's cost whatever the lobby holds, and while another address floods the host.

Starts a real ``yule host`` subprocess.  From 127.0.0.1 it asks for the lobby list a few times
a second for ``--seconds`` (spread over a few connections, each inside its rate limit) and
measures the round trip and the host's CPU time per list (beyond what it takes idle): first on the empty host; then with
``--tables`` waiting tables made from other loopback addresses (60 an address, the most one
address may have); then while 127.0.0.2 creates tables as fast as it can from ``--flooders``
connections, and as many more connections ask for lists as fast as their own limit lets them.
The target: the list answers in about the time it did on an empty host.

    python bench/lobby.py --tables 5000 --seconds 5
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import tempfile
import time

from hostproc import Bare, cpu_seconds, percentile, port_of, start_host

from yule.netplay.asks import Create, ListTables
from yule.netplay.client import Client, HostError

PER_ADDRESS = 60
"""Tables one address may have at once (:attr:`yule.netplay.host.connection.Limits.tables_per_address`)."""


async def fill(port: int, tables: int) -> None:
    """``tables`` waiting tables, made from 127.0.0.10, 127.0.0.11, ... (three connections an address)."""
    made = 0
    address = 10
    while made < tables:
        conns = [await Bare.open(port, f"127.0.0.{address}") for _ in range(3)]
        for i in range(min(PER_ADDRESS, tables - made)):
            reply = await conns[i % 3].ask(Create(game="elf", seats=2, sit=False, open=True))
            assert reply["type"] == "created", reply
            made += 1
        for conn in conns:
            conn.close()
        address += 1


async def lists(port: int, seconds: float, pace: float = 0.05, connections: int = 10) -> tuple[list[float], int]:
    """From 127.0.0.1: a list every ``pace`` seconds for ``seconds``; the round trips (ms) and
    the tables the last list named."""
    clients = [Client("127.0.0.1", port, f"Asker {i}", request_timeout=60) for i in range(connections)]
    for client in clients:
        await client.connect()
    trips: list[float] = []
    named = 0
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            sent = time.perf_counter()
            named = len(await clients[len(trips) % connections].list_tables())
            trips.append((time.perf_counter() - sent) * 1000)
            await asyncio.sleep(pace)
    finally:
        for client in clients:
            await client.close()
    return trips, named


async def measured(pid: int, port: int, seconds: float) -> tuple[list[float], int, float]:
    """:func:`lists`, and the host's CPU time per list (ms): what it took meanwhile, less what
    it takes in as long doing nothing (its heartbeats and chores)."""
    before = cpu_seconds(pid)
    await asyncio.sleep(seconds)
    idle = cpu_seconds(pid) - before
    before = cpu_seconds(pid)
    began = time.monotonic()
    trips, named = await lists(port, seconds)
    busy = cpu_seconds(pid) - before - idle * (time.monotonic() - began) / seconds
    return trips, named, busy * 1000 / len(trips)


async def flood(port: int, flooders: int, stop: asyncio.Event) -> dict[str, int]:
    """From 127.0.0.2: ``flooders`` connections creating tables as fast as they can, and as
    many asking for lists as fast as their own rate limit lets them; the answers, counted by kind."""
    answers: dict[str, int] = {}

    async def creating() -> None:
        conn = await Bare.open(port, "127.0.0.2", "Flood")
        with contextlib.suppress(ConnectionError, asyncio.IncompleteReadError):
            while not stop.is_set():
                reply = await conn.ask(Create(game="elf", seats=2, sit=False))
                kind = reply["code"] if reply["type"] == "error" else reply["type"]
                answers[kind] = answers.get(kind, 0) + 1
        conn.close()

    async def listing() -> None:
        conn = await Bare.open(port, "127.0.0.2", "Flood")
        with contextlib.suppress(ConnectionError, asyncio.IncompleteReadError):
            while not stop.is_set():
                reply = await conn.ask(ListTables())
                kind = "list " + (reply["code"] if reply["type"] == "error" else reply["type"])
                answers[kind] = answers.get(kind, 0) + 1
                await asyncio.sleep(0.35)  # inside the connection's own limit (a list counts as 10 frames and more)
        conn.close()

    await asyncio.gather(*(creating() for _ in range(flooders)), *(listing() for _ in range(flooders)))
    return answers


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=5000, help="waiting tables in the full lobby")
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds each measurement lasts")
    parser.add_argument("--flooders", type=int, default=20, help="connections from 127.0.0.2 of each kind")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as data:
        host = start_host(data, 500)
        try:
            port = await port_of(host)
            rows.append(("empty host", *await measured(host.pid, port, args.seconds)))
            await fill(port, args.tables)
            rows.append((f"{args.tables} tables", *await measured(host.pid, port, args.seconds)))
            stop = asyncio.Event()
            flooding = asyncio.create_task(flood(port, args.flooders, stop))
            await asyncio.sleep(1)
            trips, named = await lists(port, args.seconds)
            rows.append(("and a flood", trips, named, float("nan")))
            stop.set()
            answers = await flooding
        finally:
            host.terminate()
            host.wait()
    for label, trips, named, cpu in rows:
        print(f"{label:>12}: list round trip p50 {statistics.median(trips):6.2f} ms, p95 {percentile(trips, 95):6.2f} ms, "
              f"max {max(trips):6.2f} ms; host CPU {cpu:5.2f} ms a list; {named} tables named")  # fmt: skip
    print("the flood's answers:", ", ".join(f"{kind} {n}" for kind, n in sorted(answers.items())))
    print("(the host's CPU per list is not measured during the flood: the flood's own cost is in it)")


if __name__ == "__main__":
    with contextlib.suppress(HostError):
        asyncio.run(main())
