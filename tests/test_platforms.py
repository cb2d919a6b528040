"""Yule on Linux, macOS and Windows alike: the parts that differ from one system to another.

- The host's addresses come from the machine's interfaces as ``ifaddr`` reads them.
- ``yule play``'s folder is held by a lock of the system's (``filelock``): one ``yule play``
  at a time in each folder, however many processes ask.
- A server stops on SIGINT or SIGTERM also where the event loop cannot take signal handlers
  (Windows' cannot).
- Private files are written whole, for their owner only, or not at all; a new data folder is
  its owner's only.
"""

from __future__ import annotations

import asyncio
import os
import signal
import stat
import subprocess
import sys

import ifaddr
import pytest
from conftest import until

from yule.netplay import discovery
from yule.netplay.host.playhost import claim_play_folder
from yule.netplay.private import OWNER_MODES, write_private
from yule.tui import cli


def test_local_addresses_are_the_interfaces_ipv4_addresses_loopback_only_when_alone(monkeypatch):
    lan = [
        ifaddr.Adapter("lo", "lo", [ifaddr.IP("127.0.0.1", 8, "lo"), ifaddr.IP(("::1", 0, 0), 128, "lo")]),
        ifaddr.Adapter(
            "eth0", "Ethernet", [ifaddr.IP("192.168.1.20", 24, "eth0"), ifaddr.IP(("fe80::1", 0, 2), 64, "eth0")]
        ),
        ifaddr.Adapter("wlan0", "Wi-Fi", [ifaddr.IP("10.0.0.7", 8, "wlan0")]),
    ]
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: lan)
    assert discovery.local_addresses() == ["10.0.0.7", "192.168.1.20"]
    assert discovery.advertised_addresses(None) == ["10.0.0.7", "192.168.1.20"]
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: lan[:1])
    assert discovery.local_addresses() == ["127.0.0.1"]
    assert discovery.advertised_addresses("0.0.0.0") == []


CLAIM = "import sys; from pathlib import Path; from yule.netplay.host.playhost import claim_play_folder; print(claim_play_folder(Path(sys.argv[1])) is not None)"


def claimed_elsewhere(folder) -> str:
    """Whether another process could claim ``folder`` now ("True") or not ("False")."""
    other = subprocess.run([sys.executable, "-c", CLAIM, str(folder)], capture_output=True, text=True, timeout=60)
    return other.stdout.strip() or other.stderr


def test_a_play_folder_is_held_by_one_yule_play_at_a_time(tmp_path):
    held = claim_play_folder(tmp_path)
    assert held is not None
    with held:
        assert claimed_elsewhere(tmp_path) == "False"  # another yule play's host: not while this one holds it
    assert claimed_elsewhere(tmp_path) == "True"  # given back when the app ended


def test_a_private_file_is_replaced_whole_or_not_at_all(tmp_path, monkeypatch):
    path = tmp_path / "seats.json"
    write_private(path, b"old")
    assert path.read_bytes() == b"old"
    if OWNER_MODES:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600

    def fails(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fails)
    with pytest.raises(OSError):
        write_private(path, b"new")
    assert path.read_bytes() == b"old" and os.listdir(tmp_path) == ["seats.json"]  # no temporary file left


def test_a_new_data_folder_is_its_owners_only(tmp_path, capsys):
    async def serve() -> None:
        pass

    assert cli._run_server("host", serve(), "Stopped.", tmp_path / "new" / "data") == 0
    if OWNER_MODES:
        assert stat.S_IMODE((tmp_path / "new" / "data").stat().st_mode) == 0o700


async def test_a_server_stops_on_sigterm_where_the_loop_takes_no_signal_handlers(monkeypatch):
    def refused(*args: object) -> None:
        raise NotImplementedError  # as Windows' event loop does

    monkeypatch.setattr(asyncio.get_running_loop(), "add_signal_handler", refused)
    before = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM)}
    try:
        stopped = asyncio.create_task(cli._until_stopped())
        await until(lambda: signal.getsignal(signal.SIGTERM) is not before[signal.SIGTERM], "a plain handler")
        assert not stopped.done()
        signal.raise_signal(signal.SIGTERM)
        await asyncio.wait_for(stopped, 10)
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
