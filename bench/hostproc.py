"""A ``yule host`` subprocess for the network benchmarks: starting it, and what they read of it.

``netbench.py`` and ``soak.py`` import this (run as ``python bench/X.py``, the ``bench`` folder
is on the import path): a host on 127.0.0.1 at a port of the system's choosing, with room for
every connection of the load generator (all of them from 127.0.0.1), its memory and its CPU time;
and bare connections from other loopback addresses (:class:`Bare`), for the limits per address.
"""

from __future__ import annotations

import asyncio
import os
import re
import resource
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import IO, Any

from yule.netplay.asks import AnyAsk, Hello, Pong, wire_form
from yule.netplay.wire import MAX_HOST_FRAME, PROTOCOL_VERSION, encode, read_frame


def start_host(data: Path | str, connections: int, log: IO[str] | int = subprocess.DEVNULL) -> subprocess.Popen[str]:
    """``yule host`` on 127.0.0.1, port 0, with its data in ``data`` and its log to ``log``; its
    connection caps raised (``--max-connections``, ``--per-address``) above ``connections``.

    Also lets this process open a file for each of its connections."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    room = str(connections + 100)
    return subprocess.Popen(
        [sys.executable, "-m", "yule.tui.cli", "host", "--bind", "127.0.0.1", "--port", "0", "--data", str(data),
         "--no-discovery", "--max-connections", room, "--per-address", room],
        stdout=subprocess.PIPE, stderr=log, text=True,
    )  # fmt: skip


async def port_of(host: subprocess.Popen[str]) -> int:
    """The port the host says it listens on (the first line it prints)."""
    assert host.stdout is not None
    line = await asyncio.to_thread(host.stdout.readline)
    found = re.search(r"listening on port (\d+)", line)
    if found is None:
        raise RuntimeError(f"the host did not start: {line!r}")
    return int(found.group(1))


def rss_mb(pid: int) -> tuple[float, float]:
    """Current and peak resident memory of a process, in MB."""
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def cpu_seconds(pid: int) -> float:
    """CPU time (user and system) a process has used so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile of some values (at least one)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


class Bare:
    """A bare protocol connection from a local ``address`` (a loopback address standing in for
    another machine: the host's limits count by address), for the load a benchmark makes."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self._rids = 0

    @classmethod
    async def open(cls, port: int, address: str, name: str = "Bench") -> Bare:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0), limit=2**20)
        bare = cls(reader, writer)
        writer.write(encode(wire_form(Hello(version=PROTOCOL_VERSION, name=name))))
        if (welcome := await bare.frame())["type"] != "welcome":
            raise RuntimeError(f"the host refused {address}: {welcome}")
        return bare

    async def frame(self) -> dict[str, Any]:
        """The next frame the host sends (its pings answered and passed over)."""
        while True:
            frame = await read_frame(self.reader, MAX_HOST_FRAME, idle_timeout=60, frame_timeout=60)
            if frame["type"] != "ping":
                return frame
            self.writer.write(encode(wire_form(Pong())))

    async def ask(self, ask: AnyAsk) -> dict[str, Any]:
        """Send a request; the host's answer to it (frames for no request are passed over)."""
        self._rids += 1
        self.writer.write(encode(wire_form(replace(ask, rid=self._rids))))
        while (frame := await self.frame()).get("rid") != self._rids:
            pass
        return frame

    def close(self) -> None:
        self.writer.close()
