"""SSH benchmark: from ``ssh`` connect to the lobby drawn, and the host's memory per SSH session.

Starts a real ``yule host --ssh`` subprocess on loopback, then:

- Connect to lobby: ``--runs`` times one after another, an SSH client (asyncssh's, each guest
  with a key of their own, held by their name from then on) connects,
  asks for a 100×30 terminal and a shell, and the clock stops when the lobby's help line is in
  the terminal's output; the session then ends (ctrl+q).  Target (issue 15): under 2 s.
- Memory: ``--sessions`` guests connect at once and wait in the lobby; the host process's RSS
  before and after, and each session's app process (a child of the host): its RSS, and its PSS
  (shared pages split among the processes sharing them, the honest per-session share).

    python bench/ssh.py [--runs 10] [--sessions 8]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

LOBBY = "n creates a table"
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
    async def open(cls, port: int, user: str, key: asyncssh.SSHKey) -> Session:
        conn = await asyncssh.connect("127.0.0.1", port, username=user, known_hosts=None, client_keys=[key])
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


async def main(runs: int, sessions: int) -> None:
    data = tempfile.mkdtemp(prefix="yule-sshbench-")
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
    port = int(re.search(r"Yule over SSH on port (\d+)", printed).group(1))  # type: ignore[union-attr]
    asyncio.get_running_loop().create_task(host.stdout.read())  # its log, drained
    try:
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

        before = kib(host.pid, "VmRSS")
        keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(sessions)]
        guests = [await Session.open(port, f"party{i}", key) for i, key in enumerate(keys)]
        await asyncio.gather(*(g.lobby() for g in guests))
        apps = children(host.pid)
        after = kib(host.pid, "VmRSS")
        rss = [kib(pid, "VmRSS") for pid in apps]
        pss = [kib(pid, "Pss", "smaps_rollup") for pid in apps]
        print(f"{sessions} sessions in the lobby: {len(apps)} app processes")
        print(f"  host process RSS {before / 1024:.1f} MiB before, {after / 1024:.1f} MiB with them: "
              f"{(after - before) / 1024 / sessions:.2f} MiB per session")  # fmt: skip
        print(f"  each session's app: RSS median {statistics.median(rss) / 1024:.1f} MiB, "
              f"PSS median {statistics.median(pss) / 1024:.1f} MiB")  # fmt: skip
        per_session = (after - before + sum(pss)) / sessions / 1024
        print(f"  memory per SSH session (host growth + app PSS): {per_session:.1f} MiB")
        for guest in guests:
            await guest.close()
    finally:
        host.terminate()
        await host.wait()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="connects timed one after another")
    parser.add_argument("--sessions", type=int, default=8, help="sessions open at once for the memory figures")
    args = parser.parse_args()
    asyncio.run(main(args.runs, args.sessions))
