"""Yule where the POSIX-only modules do not exist, as on Windows.

Each command runs in a process of its own with ``tests/without_posix`` on ``PYTHONPATH``: its
``sitecustomize`` hides fcntl, termios, pty, tty, resource, grp and pwd from every import, says
on stderr each attempt of one of Yule's modules.  Textual's headless driver stands in for the
terminal (Linux's terminal driver itself needs termios; on Windows Textual has a driver of its
own).

- ``yule host`` serves: Ana joins it from the lobby, makes a table and takes two gifts by keys;
  a TV follows the table by its code in a terminal, and on the web page; SIGTERM stops the
  host cleanly.
- Every command's path runs, and its imports are read: nothing POSIX-only loaded or asked for
  by Yule (but the host's open-file limit, which it does without), nor the SSH server.
- ``yule host --ssh`` and ``yule ssh-serve`` say in a sentence where SSH can be served from,
  and exit 1 without a traceback.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import runpy
import sys
from pathlib import Path

import aiohttp
import pytest
from webtv_support import WAIT, origin_of, serve_web_tv, socket_of, until_drawn

from yule.netplay.client import Client
from yule.tui import cli

FOLDER = Path(__file__).resolve().parents[1] / "without_posix"
HIDING = runpy.run_path(str(FOLDER / "sitecustomize.py"), run_name="without_posix")
"""What the hiding ``sitecustomize`` hides (``HIDDEN``) and how it says an attempt (``SAID``)."""
DRIVE = str(FOLDER / "drive.py")
SSH_MODULES = {"yule.tui.ssh.serve", "yule.tui.ssh.guest", "yule.tui.ssh.process", "yule.tui.ssh.starter", "asyncssh"}


def without_posix() -> dict[str, str]:
    """This environment, with the POSIX-only modules hidden and a headless terminal."""
    paths = [str(FOLDER), *filter(None, [os.environ.get("PYTHONPATH")])]
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(paths),
        "TEXTUAL_DRIVER": "textual.drivers.headless_driver:HeadlessDriver",
    }


async def run(*args: str) -> tuple[int, str, str]:
    """Python with ``args`` where the POSIX-only modules are hidden: exit status, stdout, stderr."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, env=without_posix()
    )
    try:
        out, err = await asyncio.wait_for(proc.communicate(), 4 * WAIT)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        raise
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


def asked_for(stderr: str) -> set[str]:
    """The hidden modules Yule's own modules tried to import: ``"NAME by MODULE"`` each."""
    said = f"{HIDING['SAID']}: "
    return {line.removeprefix(said) for line in stderr.splitlines() if line.startswith(said)}


def imports_read(report: dict, loaded: str) -> None:
    """A command's imports, as :file:`drive.py` reports them: its own path was taken (``loaded``
    is among them), and neither a hidden module nor the SSH server's."""
    modules = set(report["modules"])
    assert loaded in modules
    assert not modules & HIDING["HIDDEN"]
    assert not modules & SSH_MODULES


async def test_a_host_a_player_and_the_tvs_without_posix(tmp_path):
    host = await asyncio.create_subprocess_exec(
        sys.executable, DRIVE, "-", "host", "--bind", "127.0.0.1", "--port", "0", "--no-discovery",
        "--data", str(tmp_path / "data"), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        env=without_posix(),
    )  # fmt: skip
    assert host.stdout is not None
    try:
        said = (await asyncio.wait_for(host.stdout.readline(), WAIT)).decode()
        listening = re.search(r"listening on port (\d+)", said)
        assert listening, said
        port = int(listening.group(1))
        rc, out, err = await run(str(FOLDER / "scenario.py"), str(port))
        assert rc == 0 and "Traceback" not in err, err
        assert not asked_for(err)
        played = json.loads(out.splitlines()[-1])
        assert played["addresses"] and all(re.fullmatch(r"\d+\.\d+\.\d+\.\d+", a) for a in played["addresses"])
        web, page = await serve_web_tv(port, played["code"], without_posix())
        try:
            async with (
                aiohttp.ClientSession() as http,
                http.ws_connect(f"{socket_of(page)}?width=120&height=36", headers=origin_of(page)) as ws,
            ):
                await until_drawn(ws, bytearray(), r"Ana took 2 gifts")
        finally:
            web.terminate()
            await asyncio.wait_for(web.wait(), WAIT)
    finally:
        host.terminate()
        out, err = (part.decode() for part in await asyncio.wait_for(host.communicate(), WAIT))
    assert host.returncode == 0 and "Yule host stopped." in out and "Traceback" not in err, err
    assert asked_for(err) == {"resource by yule.tui.cli"}  # the open-file limit: Windows has none to raise
    imports_read(json.loads(out.splitlines()[-1]), "yule.netplay.host.server")


COMMANDS = {
    # yule play's host runs in a process of its own (its modules are yule host's, read above).
    "play": (
        ["play", "white-elephant", "--players", "3", "--name", "Ana"],
        "TableScreen",
        "yule.netplay.host.playhost",
    ),
    "join": (["join", "{address}", "--name", "Ben"], "LobbyScreen", "yule.tui.lobby"),
    "join, the LAN's hosts": (["join", "--name", "Ben"], "ConnectScreen", "zeroconf"),
    "watch": (["watch", "{address}", "--code", "{code}"], "WaitingScreen", "yule.tui.tv"),
    "party": (["party", "--data", "{data}", "--port", "0"], "FormScreen", "yule.netplay.discovery"),
    "replay": (["replay", "{record}"], "ReplayScreen", "yule.tui.replay"),
    "hosts": (["hosts", "--timeout", "0.5"], None, "zeroconf"),
    "simulate": (["simulate", "white-elephant", "--players", "3", "--seed", "1"], None, "yule.core.records"),
    "verify": (["verify", "{record}"], None, "yule.core.records"),
}
"""Each command: its arguments, the screen its app settles on (None: no app), a module its path loads."""


@pytest.mark.parametrize("command", list(COMMANDS))
async def test_every_commands_path_runs_and_imports_nothing_posix_only(command, host, tmp_path):
    argv, screen, loaded = COMMANDS[command]
    record = tmp_path / "game.json"
    assert cli.main(["simulate", "white-elephant", "--players", "3", "--seed", "2", "--record", str(record)]) == 0
    async with Client("127.0.0.1", host.port, name="Cy") as cy:
        created = await cy.create_table("white-elephant", 3)
        known = {
            "address": f"127.0.0.1:{host.port}",
            "code": created["code"],
            "data": tmp_path / "party",
            "record": record,
        }
        rc, out, err = await run(DRIVE, screen or "-", *(arg.format(**known) for arg in argv))
    assert rc == 0 and "Traceback" not in err, err
    assert not asked_for(err)
    report = json.loads(out.splitlines()[-1])
    if screen is not None:
        assert screen in report["screen"]
        assert report["connection"] == (
            "offline" if command.startswith("join,") else "" if screen == "ReplayScreen" else "connected"
        )
    imports_read(report, loaded)


@pytest.mark.parametrize("argv", [["host", "--ssh", "0", "--port", "0"], ["ssh-serve", "--port", "0"]])
async def test_serving_ssh_where_it_cannot_run_says_where_it_can(argv, tmp_path):
    rc, out, err = await run("-m", "yule.tui.cli", *argv, "--data", str(tmp_path / "data"))
    assert rc == 1 and "Traceback" not in err and not out
    assert asked_for(err) == {"fcntl by yule.tui.cli"}  # the SSH server's own check
    [sentence] = [line for line in err.splitlines() if not line.startswith(HIDING["SAID"])]
    assert sentence.startswith(f"yule {argv[0]}: this computer cannot serve the app over SSH")
    assert "run 'yule ssh-serve --host HOST:PORT' on a Linux or macOS machine" in sentence
    assert sentence.count(". ") == 0 and sentence.endswith(".")
    assert not (tmp_path / "data").exists()  # nothing started
