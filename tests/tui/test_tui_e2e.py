"""End to end: a real ``yule host`` and ``yule join`` processes in pseudo terminals, driven by
keystrokes.

- Ana creates a private table, Ben joins with its code, a bot fills the third seat; each peeks
  at a different Surprise Gift, and each screen shows its own peek and never the other's.
- The journey of a seat: a table made by one connection, Ana and Bob join it with its code
  (each with a state folder of their own); Bob's terminal is closed mid-game, and the same
  command puts Bob back in his seat; q and y at the table leave the app at the lobby.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from tui_support import terminal_text

YULE = [sys.executable, "-m", "yule.tui.cli"]
ROOT = Path(__file__).resolve().parents[2]


class Terminal:
    """A process in a 100×30 pseudo terminal; its output collected as plain text."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.proc = subprocess.Popen(
            args, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT, start_new_session=True
        )
        os.close(slave)
        self.raw = bytearray()
        self.ended = False  # the terminal's other end closed: the process is gone
        self.output = threading.Condition()  # notified by the reader at each new output and at the end
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                data = b""
            with self.output:
                if not data:
                    self.ended = True
                    self.output.notify_all()
                    return
                self.raw += data
                self.output.notify_all()

    def _await(self, seen: Callable[[], bool], timeout: float) -> bool:
        """Wait until ``seen()`` holds, checked at each new output; False when ``timeout`` passes
        or the process ends first."""
        with self.output:
            return self.output.wait_for(lambda: seen() or self.ended, timeout) and seen()

    @property
    def text(self) -> str:
        return terminal_text(bytes(self.raw))

    def keys(self, *keys: str, pause: float = 0.15) -> None:
        for key in keys:
            os.write(self.master, key.encode())
            time.sleep(pause)

    def wait_for(self, pattern: str, timeout: float = 20.0, start: int = 0) -> re.Match[str]:
        wanted = re.compile(pattern)
        found: list[re.Match[str]] = []

        def seen() -> bool:
            match = wanted.search(self.text, start)
            if match:
                found.append(match)
            return match is not None

        if self._await(seen, timeout):
            return found[-1]
        why = "the process ended" if self.ended else f"not within {timeout:g} s"
        raise AssertionError(f"{pattern!r} never appeared ({why}); the screen ended with:\n{self.text[-2000:]}")

    def close(self) -> None:
        if self.master < 0:
            return
        if self.proc.poll() is None:
            mark = len(self.text)
            os.write(self.master, b"\x11")  # Ctrl+Q, and yes once it asks (a game is on)
            if self._await(lambda: "Quit Yule?" in self.text[mark:], 5):
                os.write(self.master, b"y")
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        os.close(self.master)
        self.master = -1

    def hang_up(self) -> None:
        """The terminal window is closed: the app gets a hang-up, and no chance to say goodbye."""
        os.close(self.master)
        self.master = -1
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def start_host(data: Path, env: dict[str, str]) -> tuple[subprocess.Popen[str], int]:
    """``yule host`` on loopback over ``data``, once it listens, and its port.

    It binds port 0 and the port it prints is read back: no guessing a free port that someone
    else could take first.
    """
    host = subprocess.Popen(
        [*YULE, "host", "--bind", "127.0.0.1", "--port", "0", "--data", str(data), "--no-discovery"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=ROOT, env=env, text=True,
    )  # fmt: skip
    listening = re.search(r"listening on port (\d+)", host.stdout.readline() if host.stdout else "")
    assert listening, "the host did not say its port"
    return host, int(listening.group(1))  # the host bound port 0: whatever the system gave it


class Party:
    """A ``yule host`` over ``data`` (:func:`start_host`) and the ``yule join`` terminals opened on
    it, in a colour terminal's environment; :meth:`close` ends them all."""

    def __init__(self, data: Path) -> None:
        self.env = {**os.environ, "TERM": "xterm-256color"}
        self.env.pop("NO_COLOR", None)
        self.host, self.port = start_host(data, self.env)
        self.terminals: list[Terminal] = []

    def join(self, *args: str, env: dict[str, str] | None = None) -> Terminal:
        """``yule join`` this host with ``args``, in a terminal of its own."""
        term = Terminal([*YULE, "join", f"127.0.0.1:{self.port}", *args], env or self.env)
        self.terminals.append(term)
        return term

    def close(self) -> None:
        for term in self.terminals:
            term.close()
        self.host.terminate()
        self.host.wait(10)
        assert self.host.stdout is not None
        self.host.stdout.close()


@pytest.fixture
def party(tmp_path):
    running = Party(tmp_path / "data")
    yield running
    running.close()


def test_two_players_each_see_only_their_own_peek(party):
    ana = party.join("--name", "Ana")
    ana.wait_for("no tables yet")
    ana.keys("n")
    ana.wait_for("New table")
    ana.keys("\r", "\x7f", "3", "\r")  # White Elephant, seats: 3
    code = ana.wait_for(r"Join code: ([A-Z0-9]{4,})").group(1)

    ben = party.join("--name", "Ben", "--code", code)
    ben.wait_for(r"Ben \(you\)")
    ana.wait_for(r"2\. Ben")
    ana.keys("a")
    ana.wait_for("Which bot")
    ana.keys("\r")  # the level menu starts at normal
    ana.wait_for(r"3\. \w+ Bot 3")
    ana.keys("s")
    for player in (ana, ben):
        player.wait_for("Gift Exchange:")

    peeks = {"Ana": None, "Ben": None}
    # In the chooser Ana takes the lowest Surprise Gift (Home), Ben the highest (End).
    players = {"Ana": (ana, ["p", "\x1b[H", "\r"]), "Ben": (ben, ["p", "\x1b[F", "\r"])}
    deadline = time.monotonic() + 60
    while None in peeks.values():
        assert time.monotonic() < deadline, "the players never both peeked"
        for name, (term, keys) in players.items():
            if peeks[name] is not None:
                continue
            mark = len(term.text)
            term.keys(*keys, pause=0.3)
            try:  # not this player's turn yet (the keys did nothing): the other one, then again
                peeks[name] = term.wait_for(r"\?(\d+)=([A-Z]{2} \d+)", timeout=1.0, start=mark).group(0)
            except AssertionError:
                continue
            term.keys(" ", "\x1b[C", " ", "t")  # then take two gifts: the turn goes on
    ana_peek, ben_peek = peeks["Ana"], peeks["Ben"]
    assert ana_peek.split("=")[0] != ben_peek.split("=")[0]
    for term in (ana, ben):  # both peeks in both logs: every frame about them has arrived
        term.wait_for(r"Ana peeked at Surprise Gift")
        term.wait_for(r"Ben peeked at Surprise Gift")
    assert ben_peek.split("=")[0] + "=" not in ana.text, "Ana's screen showed Ben's peek"
    assert ana_peek.split("=")[0] + "=" not in ben.text, "Ben's screen showed Ana's peek"


MAKE_TABLE = """
import asyncio, sys
from yule.netplay.client import Client

async def make() -> None:
    async with Client("127.0.0.1", int(sys.argv[1]), name="Organiser") as client:
        created = await client.create_table("white-elephant", 3, sit=False, bot_delay=0.5)
        await client.add_bot(created["table"])
        print(created["code"])

asyncio.run(make())
"""


def test_a_closed_terminal_comes_back_to_its_seat_and_leaving_goes_to_the_lobby(party, tmp_path):
    made = subprocess.run([sys.executable, "-c", MAKE_TABLE, str(party.port)], capture_output=True, text=True,
                          cwd=ROOT, env=party.env, timeout=30, check=True)  # fmt: skip
    code = made.stdout.strip()

    def join(name: str) -> Terminal:
        """``yule join HOST:PORT --code CODE --name NAME`` with the player's own state folder."""
        return party.join("--code", code, "--name", name, env={**party.env, "YULE_STATE_DIR": str(tmp_path / name)})

    ana = join("Ana")
    ana.wait_for(r"Ana \(you\)")
    bob = join("Bob")
    bob.wait_for(r"Bob \(you\)")
    ana.wait_for(r"\d\. Bob")
    ana.keys("s")  # Ana starts the game from the lobby's table panel
    bob.wait_for("Gift Exchange:")

    bob.hang_up()  # Bob's terminal is closed mid-game
    again = join("Bob")
    again.wait_for(r"Bob \(you\)", timeout=15)
    table = again.wait_for("Gift Exchange:").start()
    again.wait_for(r"Bob \(you\)", start=table)  # at the table, in his own seat
    assert "is back, on another device" not in again.text  # his own token: not taken back by name

    mark = len(again.text)
    again.keys("q")
    again.wait_for("Your seat waits for you", start=mark)
    again.keys("y")
    again.wait_for(r"your seat", start=mark)  # the lobby, the table marked as Bob's
    again.wait_for("n creates a table", start=mark)
    mark = len(again.text)
    again.keys("q")  # the lobby asks before quitting
    again.wait_for("Quit Yule?", start=mark)
    again.keys("y")
    assert again.proc.wait(10) == 0
