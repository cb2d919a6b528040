"""SSH benchmark: from ``ssh`` connect to the lobby drawn, and the host's memory per SSH session.

Starts a real ``yule host --ssh`` subprocess on loopback, then:

- Connect to lobby: ``--runs`` times one after another, an SSH client (asyncssh's, each guest
  with a key of their own, held by their name from then on) connects,
  asks for a 100×30 terminal and a shell, and the clock stops when the lobby's help line is in
  the terminal's output; the session then ends (ctrl+q).  Target (issue 15): under 2 s.
- Memory: ``--sessions`` guests connect at once and wait in the lobby; each session's app: its
  RSS, and its PSS (shared pages split among the processes sharing them); and the PSS of the
  host and every process it started, before and after: their growth per session is the honest
  share of a session.
- A party arriving: ``--party`` guests, each from an address of its own (127.0.0.2, 127.0.0.3,
  ...: forty machines), connect at once and wait for their lobby, while a watcher in a process
  of its own pings the game host every 50 ms and follows a table of greedy bots (0.1 s between
  moves).  The guests' clients, here rather than on forty machines, run below the host's
  priority.  Printed: the ping round trips and the longest wait between two moves while the
  guests arrive, against the same before they come.  Target (issue 24): no table stalls more than 100 ms.
- A crowd at the door: for ``--crowd`` seconds, four addresses (127.0.0.2 to 127.0.0.5) each hold
  16 TCP connections to the SSH port that say nothing, each renewed as soon as it closes (in a
  process of its own), while ``--crowd-logins`` guests, each with a new key, try to log in from
  a fifth address (127.0.0.6), one after another, evenly spread, each once: how many get in,
  and their login times (connect to authenticated).  Target (issue 37): every one gets in.

    python bench/ssh.py [--runs 10] [--sessions 8] [--party 40] [--crowd 30] [--crowd-logins 30]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import itertools
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh
from hostproc import percentile

from yule.netplay.asks import Leave
from yule.netplay.client import Client, HostError

LOBBY = "n creates a table"
MOVE_DELAY = 0.1
"""Seconds the watched table's bots wait before each move."""
QUIET_SECONDS = 3.0
"""Seconds the watcher measures before the party arrives."""
GUESTS_NICE = 10
"""How much lower than the host the guests' SSH clients run (here, not on forty machines of their own)."""
ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][A-Za-z0-9]|\x1b[=>]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)")


def kib(pid: int, field: str, file: str = "status") -> int:
    """A memory figure of a process from /proc, in KiB (0 once it is gone)."""
    try:
        text = Path(f"/proc/{pid}/{file}").read_text()
    except OSError:
        return 0
    found = re.search(rf"^{field}:\s+(\d+) kB", text, re.M)
    return int(found.group(1)) if found else 0


def children(pid: int) -> list[int]:
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


class Session:
    """One SSH guest: its connection, its terminal's output as text."""

    def __init__(self, conn: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess[bytes]) -> None:
        self.conn = conn
        self.process = process
        self.raw = bytearray()

    @classmethod
    async def open(cls, port: int, user: str, key: asyncssh.SSHKey, address: str = "127.0.0.1") -> Session:
        conn = await asyncssh.connect(
            "127.0.0.1", port, username=user, known_hosts=None, client_keys=[key], local_addr=(address, 0)
        )
        return cls(conn, await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None))

    async def lobby(self) -> None:
        while LOBBY not in ANSI.sub(b"", bytes(self.raw)).decode("utf-8", "replace"):
            data = await asyncio.wait_for(self.process.stdout.read(65536), 30)
            if not data:
                raise RuntimeError(f"the session ended before the lobby: {bytes(self.raw[-500:])!r}")
            self.raw += data

    async def close(self) -> None:
        self.process.stdin.write(b"\x11")  # ctrl+q
        await asyncio.wait_for(self.process.wait_closed(), 30)
        self.conn.close()
        await self.conn.wait_closed()


async def start_host(data: str) -> tuple[asyncio.subprocess.Process, int, int]:
    """``yule host --ssh`` on loopback: the process, its game port and its SSH port."""
    host = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "yule.tui.cli", "host", "--bind", "127.0.0.1", "--port", "0", "--ssh", "0",
        "--data", data, "--no-discovery", stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    assert host.stdout is not None
    printed = ""
    while "fingerprint" not in printed:
        line = await host.stdout.readline()
        if not line:
            raise RuntimeError(f"yule host ended: {printed}")
        printed += line.decode()
    game = int(re.search(r"Yule host .* is listening on port (\d+)", printed).group(1))  # type: ignore[union-attr]
    ssh = int(re.search(r"Yule over SSH on port (\d+)", printed).group(1))  # type: ignore[union-attr]
    asyncio.get_running_loop().create_task(host.stdout.read())  # its log, drained
    return host, game, ssh


def descendants(pid: int) -> list[int]:
    """Every process started by ``pid``, and by those, and so on."""
    found = []
    for child in children(pid):
        found += [child, *descendants(child)]
    return found


def app_processes(host: int) -> list[int]:
    """The SSH sessions' app processes among the host's descendants: those the apps' starter
    forked (or, started afresh, those running ``yule.tui.ssh.guest``)."""
    found = []
    for pid in descendants(host):
        parent = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[1]
        if b"sshguest" in Path(f"/proc/{pid}/cmdline").read_bytes() or b"sshstarter" in Path(f"/proc/{parent}/cmdline").read_bytes():  # fmt: skip
            found.append(pid)
    return found


def pss(pids: list[int]) -> int:
    """The processes' proportional share of memory, in KiB: what they hold alone, and their
    share of what they hold with others."""
    return sum(kib(pid, "Pss", "smaps_rollup") for pid in pids)


async def connect_times(port: int, runs: int) -> None:
    times = []
    for i in range(runs):
        key = asyncssh.generate_private_key("ssh-ed25519")  # each guest has their own
        started = time.perf_counter()
        session = await Session.open(port, f"guest{i}", key)
        await session.lobby()
        times.append(time.perf_counter() - started)
        await session.close()
    print(f"ssh connect to lobby drawn, {runs} runs: median {statistics.median(times):.2f} s, "
          f"min {min(times):.2f} s, max {max(times):.2f} s (target < 2 s)")  # fmt: skip


async def memory(host: int, port: int, sessions: int) -> None:
    before = pss([host, *descendants(host)])
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(sessions)]
    guests = [await Session.open(port, f"party{i}", key) for i, key in enumerate(keys)]
    await asyncio.gather(*(g.lobby() for g in guests))
    apps = app_processes(host)
    after = pss([host, *descendants(host)])
    print(f"{sessions} sessions in the lobby: {len(apps)} app processes")
    print(f"  each session's app: RSS median {statistics.median(kib(pid, 'VmRSS') for pid in apps) / 1024:.1f} MiB, "
          f"PSS median {statistics.median(pss([pid]) for pid in apps) / 1024:.1f} MiB")  # fmt: skip
    print(f"  the host and all it started: PSS {before / 1024:.1f} MiB before, {after / 1024:.1f} MiB with them")
    print(f"  memory per SSH session (their growth): {(after - before) / sessions / 1024:.1f} MiB")
    for guest in guests:
        await guest.close()


async def watch(port: int) -> None:
    """The watcher (``--watch PORT``, a process of its own): until its input ends, it pings the
    game host every 50 ms and follows a table of greedy bots; then prints what it saw as JSON
    (``[monotonic time, ping ms]`` and the monotonic time of each move)."""
    async with Client("127.0.0.1", port, "Watcher", request_timeout=60) as me:
        table = (await me.create_table("white-elephant", 4, sit=False, bot_delay=MOVE_DELAY))["table"]
        await me.fill_bots(table, "greedy")
        await me.start(table)
        await me.watch(table)
        pings: list[tuple[float, float]] = []
        moves: list[float] = []

        async def ping() -> None:
            while True:
                sent = time.perf_counter()
                with contextlib.suppress(HostError):  # the cheapest request with an answer: a refusal
                    await me.request(Leave(table=2**40))
                pings.append((time.monotonic(), (time.perf_counter() - sent) * 1000))
                await asyncio.sleep(0.05)

        async def follow() -> None:
            while True:
                frame = await me.messages.get()
                if frame.get("type") == "view" and frame.get("table") == table:
                    moves.append(time.monotonic())
                elif frame.get("type") == "table" and frame.get("table") == table and frame["status"] == "over":
                    await me.play_again(table)

        tasks = [asyncio.create_task(ping()), asyncio.create_task(follow())]
        print("watching", flush=True)
        await asyncio.to_thread(sys.stdin.read)
        for task in tasks:
            task.cancel()
    print(json.dumps({"pings": pings, "moves": moves}), flush=True)


def window(seen: dict[str, list[Any]], start: float, end: float) -> tuple[list[float], float]:
    """The ping round trips (ms) and the longest wait between two moves (ms) from ``start`` to ``end``."""
    pings = [ms for at, ms in seen["pings"] if start <= at <= end]
    moves = [at for at in seen["moves"] if start <= at <= end]
    return pings, max((b - a for a, b in itertools.pairwise(moves)), default=0.0) * 1000


async def party(port: int, ssh_port: int, guests: int) -> None:
    watcher = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--watch", str(port), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
    )
    assert watcher.stdin is not None and watcher.stdout is not None
    await watcher.stdout.readline()  # watching
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(guests)]
    os.nice(GUESTS_NICE)  # the guests' clients stand for forty other machines: below the host and the watcher
    quiet = time.monotonic()
    await asyncio.sleep(QUIET_SECONDS)
    arriving = time.monotonic()
    sessions = await asyncio.gather(
        *(Session.open(ssh_port, f"arrival{i}", key, f"127.0.0.{2 + i}") for i, key in enumerate(keys))
    )
    await asyncio.gather(*(s.lobby() for s in sessions))
    arrived = time.monotonic()
    watcher.stdin.close()
    seen = json.loads((await watcher.stdout.read()).decode().splitlines()[-1])
    await watcher.wait()
    print(f"{guests} guests connecting at once (each from an address of its own), all in their lobby after "
          f"{arrived - arriving:.1f} s; the game host meanwhile:")  # fmt: skip
    for label, (pings, gap) in (
        ("before", window(seen, quiet, arriving)),
        ("arriving", window(seen, arriving, arrived)),
    ):
        print(f"  {label:>8}: ping p50 {statistics.median(pings):6.1f} ms, p95 {percentile(pings, 95):6.1f} ms, "
              f"max {max(pings):6.1f} ms; longest wait between moves {gap:6.0f} ms "
              f"(the bots wait {MOVE_DELAY * 1000:.0f} ms)")  # fmt: skip
    print("  target: no table stalls more than 100 ms")
    for session in sessions:
        await session.close()


CROWD_ADDRESSES = [f"127.0.0.{n}" for n in (2, 3, 4, 5)]
CROWD_EACH = 16


async def hold_silent(port: int, seconds: float) -> None:
    """The crowd (a process of its own): silent connections, each renewed as soon as it closes."""
    opened = 0
    end = time.monotonic() + seconds

    async def hold(address: str) -> None:
        nonlocal opened
        while time.monotonic() < end:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
            except OSError:
                await asyncio.sleep(0)  # out of ports for a moment: at once again
                continue
            opened += 1
            with contextlib.suppress(OSError):
                while await reader.read(4096):
                    pass
            writer.close()

    print("holding", flush=True)
    tasks = [asyncio.create_task(hold(a)) for a in CROWD_ADDRESSES for _ in range(CROWD_EACH)]
    await asyncio.sleep(seconds)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(json.dumps({"opened": opened}), flush=True)


async def crowd(ssh_port: int, seconds: float, logins: int) -> None:
    holder = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--hold", str(ssh_port), str(seconds), stdout=asyncio.subprocess.PIPE
    )
    assert holder.stdout is not None
    await holder.stdout.readline()  # holding
    await asyncio.sleep(1.0)  # the crowd in place
    start = time.monotonic()
    times: list[float] = []
    refused: list[str] = []
    for n in range(logins):
        await asyncio.sleep(max(0.0, start + n * (seconds - 2) / logins - time.monotonic()))
        key = asyncssh.generate_private_key("ssh-ed25519")
        began = time.monotonic()
        try:
            conn = await asyncio.wait_for(
                asyncssh.connect("127.0.0.1", ssh_port, username=f"guest{n}", known_hosts=None, client_keys=[key],
                                 local_addr=("127.0.0.6", 0)),
                60,
            )  # fmt: skip
        except (OSError, asyncssh.Error, TimeoutError) as e:
            refused.append(getattr(e, "reason", None) or type(e).__name__)
            continue
        times.append(time.monotonic() - began)
        conn.close()
        await conn.wait_closed()
    opened = json.loads((await holder.stdout.read()).decode().splitlines()[-1])["opened"]
    await holder.wait()
    print(f"{len(CROWD_ADDRESSES)} addresses x {CROWD_EACH} silent connections renewed as they close for "
          f"{seconds:g} s ({opened} opened): {len(times)} of {logins} guest logins from a fifth address got in")  # fmt: skip
    if times:
        print(f"  login time: median {statistics.median(times) * 1000:.0f} ms, p95 "
              f"{percentile(times, 95) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms")  # fmt: skip
    for reason, count in sorted(collections.Counter(refused).items(), key=lambda rc: -rc[1]):
        print(f"  refused {count}x: {reason}")


async def main(runs: int, sessions: int, guests: int, crowd_seconds: float, crowd_logins: int) -> None:
    data = tempfile.mkdtemp(prefix="yule-sshbench-")
    host, port, ssh_port = await start_host(data)
    try:
        if runs:
            await connect_times(ssh_port, runs)
        if sessions:
            await memory(host.pid, ssh_port, sessions)
        if guests:
            await party(port, ssh_port, guests)
        if crowd_seconds and crowd_logins:
            await crowd(ssh_port, crowd_seconds, crowd_logins)
    finally:
        host.terminate()
        await host.wait()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="connects timed one after another")
    parser.add_argument("--sessions", type=int, default=8, help="sessions open at once for the memory figures")
    parser.add_argument("--party", type=int, default=40, help="guests connecting at once while a table plays")
    parser.add_argument("--crowd", type=float, default=30.0, help="seconds the silent crowd holds the door")
    parser.add_argument("--crowd-logins", type=int, default=30, help="guests logging in meanwhile")
    parser.add_argument("--watch", type=int, metavar="PORT", help=argparse.SUPPRESS)
    parser.add_argument("--hold", nargs=2, metavar=("PORT", "SECONDS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.watch is not None:
        asyncio.run(watch(args.watch))
    elif args.hold is not None:
        asyncio.run(hold_silent(int(args.hold[0]), float(args.hold[1])))
    else:
        asyncio.run(main(args.runs, args.sessions, args.party, args.crowd, args.crowd_logins))
