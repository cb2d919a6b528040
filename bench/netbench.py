"""Network benchmark: move-to-every-view latency under load, beside a raw msgpack echo floor.

Starts a real ``yule host`` subprocess on loopback, seats ``--tables`` White Elephant tables of
``--seats`` bot connections (each its own :class:`yule.netplay.client.Client`), and lets each table
make about one move per second.  For every move it measures the time from the mover sending
it to the moment every seat's connection has the view with the new ``seq``.  In the same run a
second subprocess echoes view-sized msgpack frames over loopback at the same pace: the floor.
It also prints view frame sizes, the host's CPU time and its memory (RSS).  The load generator
does not collect garbage while it measures, so its own pauses are not counted as the host's.

    python bench/netbench.py --tables 200 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

from hostproc import cpu_seconds, percentile, port_of, rss_mb, start_host

from yule.core import get_game
from yule.netplay.client import Client, may_move
from yule.netplay.wire import MAX_HOST_FRAME, encode, read_frame


async def echo_server() -> None:
    """Echo frames back on a port of the system's choosing, told on the first line of output."""

    async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                writer.write(encode(await read_frame(reader, MAX_HOST_FRAME, idle_timeout=3600, frame_timeout=60)))
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()

    server = await asyncio.start_server(echo, "127.0.0.1", 0)
    print(f"echoing on port {server.sockets[0].getsockname()[1]}", flush=True)
    async with server:
        await server.serve_forever()


class Bench:
    def __init__(self, port: int, tables: int, seats: int, seconds: float) -> None:
        self.port, self.tables, self.seats, self.seconds = port, tables, seats, seconds
        self.pending: dict[tuple[int, int], list[float]] = {}
        """(table, seq) of a move sent -> [the time it was sent, views of it delivered so far]."""
        self.latencies: list[float] = []
        self.sizes: list[int] = []
        self.measuring = False
        self.stop = False
        self.sample_view: dict = {}

    def on_message(self, message: dict) -> None:
        if message.get("type") == "view":
            now = time.perf_counter()
            key = (message["table"], message["seq"])
            if (waiting := self.pending.get(key)) is not None:
                waiting[1] += 1
                if waiting[1] == self.seats:
                    del self.pending[key]
                    if self.measuring:
                        self.latencies.append((now - waiting[0]) * 1000)
            if self.measuring and len(self.sizes) < 20_000:
                self.sizes.append(len(encode(message)))
            self.sample_view = message

    async def table(self, n: int) -> None:
        game = get_game("white-elephant")
        clients = [Client("127.0.0.1", self.port, f"B{i}", on_message=self.on_message) for i in range(self.seats)]
        for client in clients:
            await client.connect()
        created = await clients[0].create_table("white-elephant", self.seats, bot_delay=0)
        table = created["table"]
        for client in clients[1:]:
            await client.join(table, created["code"])
        await asyncio.sleep(random.random())  # spread the tables over the second
        bots = [game.bots["random"](random.Random(f"{n}/{i}")) for i in range(self.seats)]
        await clients[0].start(table)
        await asyncio.gather(*(self.seat(c, table, bot) for c, bot in zip(clients, bots, strict=True)))
        for client in clients:
            await client.close()

    async def seat(self, client: Client, table: int, bot) -> None:
        async for message in client:
            if self.stop:
                return
            if message["type"] == "table" and message["status"] == "over" and message["you"] == 0:
                await client.play_again(table)
            elif may_move(message):
                await asyncio.sleep(random.uniform(0.9, 1.1))  # about one move per second per table
                move = bot.choose(message["view"])
                self.pending[(table, message["seq"] + 1)] = [time.perf_counter(), 0]
                await client.move(table, move, seq=message["seq"])


async def echo_floor(port: int, frame: dict, stop: asyncio.Event) -> list[float]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    out = []
    data = encode(frame)
    while not stop.is_set():
        t0 = time.perf_counter()
        writer.write(data)
        await read_frame(reader, MAX_HOST_FRAME, idle_timeout=10, frame_timeout=10)
        out.append((time.perf_counter() - t0) * 1000)
        await asyncio.sleep(0.02)
    writer.close()
    return out


async def main(args: argparse.Namespace) -> None:
    data = tempfile.mkdtemp(prefix="yule-bench-")
    host = start_host(data, args.tables * args.seats)
    echo = subprocess.Popen([sys.executable, __file__, "--echo-server"], stdout=subprocess.PIPE, text=True)
    try:
        # Both bind port 0 and say which port they were given.
        port = await port_of(host)
        echo_port = int(re.search(r"port (\d+)", await asyncio.to_thread(echo.stdout.readline)).group(1))
        bench = Bench(port, args.tables, args.seats, args.seconds)
        started = time.perf_counter()
        tables = [asyncio.create_task(bench.table(n)) for n in range(args.tables)]
        await asyncio.sleep(args.warmup)
        print(f"{args.tables} tables x {args.seats} connections seated in {time.perf_counter() - started:.1f} s; "
              f"host RSS {rss_mb(host.pid)[0]:.0f} MB")  # fmt: skip
        # The load generator holds a thousand clients: its own collector's pauses (up to 80 ms
        # for a full collection) would be counted as the host's latency.  It measures, so it
        # does not collect while it measures; the host collects as it always does.
        gc.collect()
        gc.freeze()
        gc.disable()
        host_cpu = cpu_seconds(host.pid)
        bench.measuring = True
        stop_echo = asyncio.Event()
        floor = asyncio.create_task(echo_floor(echo_port, bench.sample_view, stop_echo))
        await asyncio.sleep(args.seconds)
        bench.measuring = False
        stop_echo.set()
        floor_ms = await floor
        gc.enable()
        host_cpu = cpu_seconds(host.pid) - host_cpu
        rss, peak = rss_mb(host.pid)
        bench.stop = True
        for task in tables:
            task.cancel()
        failed = [r for r in await asyncio.gather(*tables, return_exceptions=True)
                  if isinstance(r, Exception) and not isinstance(r, asyncio.CancelledError)]  # fmt: skip
        bench_cpu = time.process_time()
    finally:
        host.terminate()
        echo.terminate()
        host.wait()
        echo.wait()
    lat = bench.latencies
    print(f"tables that failed: {len(failed)}; load-generator CPU {bench_cpu:.0f} s over the whole run")
    print(f"moves measured: {len(lat)} in {args.seconds:.0f} s ({len(lat) / args.seconds:.0f}/s)")
    print(f"move -> all {args.seats} views delivered: p50 {percentile(lat, 50):.2f} ms, "
          f"p99 {percentile(lat, 99):.2f} ms, max {max(lat):.2f} ms")  # fmt: skip
    print(f"raw msgpack echo floor (same run, {len(floor_ms)} round trips): p50 {percentile(floor_ms, 50):.2f} ms, "
          f"p99 {percentile(floor_ms, 99):.2f} ms")  # fmt: skip
    print(f"view frames: mean {statistics.mean(bench.sizes):.0f} B, max {max(bench.sizes)} B "
          f"({len(bench.sizes)} sampled)")  # fmt: skip
    print(
        f"host CPU while measuring: {host_cpu:.1f} s in {args.seconds:.0f} s ({100 * host_cpu / args.seconds:.0f}% of a core)"
    )
    print(f"host memory: RSS {rss:.0f} MB (peak {peak:.0f} MB) holding {args.tables * args.seats} connections")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=8.0)
    parser.add_argument("--echo-server", action="store_true", help=argparse.SUPPRESS)
    cli = parser.parse_args()
    if cli.echo_server:
        asyncio.run(echo_server())
    else:
        asyncio.run(main(cli))
