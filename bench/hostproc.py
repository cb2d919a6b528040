"""A ``yule host`` subprocess for the network benchmarks: starting it, and what they read of it.

``netbench.py`` and ``soak.py`` import this (run as ``python bench/X.py``, the ``bench`` folder
is on the import path): a host on 127.0.0.1 at a port of the system's choosing, with room for
every connection of the load generator (all of them from 127.0.0.1), its memory and its CPU time.
"""

from __future__ import annotations

import asyncio
import os
import re
import resource
import subprocess
import sys
from pathlib import Path
from typing import IO


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
