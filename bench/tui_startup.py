"""Terminal app speed: cold start to first frame, and state push to repaint, in a real terminal.

Every app runs as a fresh process in a 100×30 pseudo terminal (TERM=xterm-256color), beside a
minimal Textual app (one Static) measured the same way in the same run, interleaved, so the
machine's speed cancels out.

- Cold start: from starting the process until its first frame's text is on the terminal.
  Measured for a table screen showing a White Elephant view (everything ``yule play`` and
  ``yule join`` import, network client included), and for the real ``yule play white-elephant``:
  its first frame (the table, drawn while its host starts in a process of its own; the deal
  comes with it when the host answers first) and its first view (host on
  loopback started, table created, bots seated, the deal shown).
- Push to repaint: the app is sent a key that makes it push the next state (Yule: the next
  White Elephant view of a greedy bots' game, with its log lines, exactly as the app shows a
  view frame from the host; minimal: a new text in its Static).  The clock runs from writing
  the key to the last byte of the terminal output it causes (the output is over once the
  terminal has been quiet for 0.15 s).  The key's own trip costs both apps the same.

    python bench/tui_startup.py [--runs N] [--pushes N]

Targets (issue 4): start within 1.5x of the minimal app, repaint under 50 ms.

Measure Yule as a user has it installed, its modules compiled to bytecode (``pip install``
does that; an editable install with ``PYTHONDONTWRITEBYTECODE`` set does not, and then every
start compiles Yule's modules again while Textual's are compiled): the script compiles
``core``, ``netplay`` and ``tui`` first and says so when bytecode cannot be used.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUIET = 0.15
"""Seconds without output after which a repaint counts as finished."""

MINIMAL = """
from textual.app import App
from textual.widgets import Static
class Minimal(App):
    BINDINGS = [("n", "next", "Next")]
    count = 0
    def compose(self):
        yield Static("minimal first frame")
    def action_next(self):
        self.count += 1
        self.query_one(Static).update(f"minimal frame {self.count}")
Minimal().run(mouse=False)
"""

YULE_TABLE = """
import random
import yule.tui.app  # everything `yule play` and `yule join` load, network client included
from yule.core.white_elephant import GAME
from yule.netplay.client.follower import TableFollower
from yule.tui.screens import TableScreen
from yule.tui.widgets import PlainApp
NAMES = ["Ana", "Ben", "Cy", "Di", "Ed"]
state = GAME.start(5)
rng = random.Random(2)
state.apply(state.chance_move(rng)); state.apply(state.chance_move(rng))
bot = GAME.bots["greedy"](random.Random(2))
SEATS = [{"name": n, "bot": None if i != 1 else "greedy", "away": False, "stand_in": False, "stand_in_in": None}
         for i, n in enumerate(NAMES)]
INFO = {"type": "table", "table": 1, "game": "white-elephant", "title": "White Elephant", "status": "playing",
        "seats": SEATS, "players": NAMES, "organiser": False, "runs": False, "run_by": None, "you": 0}
def view_frame(seq, events):
    log = [{"event": e, "seq": seq} for e in events]
    return {"type": "view", "table": 1, "seat": 0, "seq": seq, "view": state.view(0), "log": log}
def frames():
    seq = 2
    while not state.is_over:
        seat = state.active()[0]
        events = state.apply(state.parse_seat_move(seat, bot.choose(state.view(seat))))
        seq += 1
        yield view_frame(seq, events)
class Bench(PlainApp):
    BINDINGS = [("n", "next", "Next")]
    def on_mount(self):
        self.frames = frames()
        self.follower = TableFollower(1)
        self.follower.take(INFO)
        self.follower.take(view_frame(2, []))
        self.table = TableScreen("white-elephant", self.follower)
        self.push_screen(self.table)
    def action_next(self):
        self.table.follow(self.follower.take(next(self.frames)))  # what YuleApp does with a view frame
Bench().run(mouse=False)
"""


class Terminal:
    """A process in a 100×30 pseudo terminal."""

    def __init__(self, argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLORTERM": "", **(env or {})}
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd,
                                     start_new_session=True)  # fmt: skip
        os.close(slave)
        self.seen = b""

    def read(self, timeout: float) -> bytes:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.master, 65536)
        except OSError:
            data = b""
        if not data:
            raise RuntimeError(f"the app exited: {self.seen[-800:]!r}")
        self.seen += data
        return data

    def wait_for(self, marker: bytes, timeout: float = 30.0) -> float:
        """Seconds since the start until ``marker`` has been written to the terminal."""
        deadline = time.perf_counter() + timeout
        while marker not in self.seen:
            if time.perf_counter() > deadline:
                raise RuntimeError(f"no {marker!r} within {timeout} s: {self.seen[-800:]!r}")
            self.read(0.5)
        return time.perf_counter() - self.started

    def settle(self) -> None:
        while self.read(QUIET):
            pass

    def repaint(self, key: bytes) -> float:
        """Seconds from sending ``key`` to the last byte of the output it caused."""
        os.write(self.master, key)
        sent = time.perf_counter()
        if not self.read(5.0):
            raise RuntimeError("no repaint after a key")
        last = time.perf_counter()
        while self.read(QUIET):
            last = time.perf_counter()
        return last - sent

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()
        os.close(self.master)


def run_app(code: str, marker: bytes, pushes: int) -> tuple[float, list[float]]:
    """One cold start of ``code`` (seconds to ``marker``), then ``pushes`` repaints."""
    term = Terminal([sys.executable, "-c", code], ROOT)
    try:
        start = term.wait_for(marker)
        term.settle()
        return start, [term.repaint(b"n") for _ in range(pushes)]
    finally:
        term.close()


def yule_play_start() -> tuple[float, float]:
    """Seconds from ``yule play white-elephant`` to its table on screen, and to the first view.

    Each start has fresh data and state folders, as on a first run: no unfinished game to offer
    (the game each run leaves is not left in the user's folders).
    """
    with tempfile.TemporaryDirectory(prefix="yule-bench-") as home:
        folders = {"XDG_DATA_HOME": f"{home}/data", "YULE_STATE_DIR": f"{home}/state"}
        argv = [sys.executable, "-m", "yule.tui.cli", "play", "white-elephant", "--name", "Ana"]
        term = Terminal(argv, ROOT, folders)
        try:
            return term.wait_for(b"Gift Exchange"), term.wait_for(b"Round 1")
        finally:
            term.close()


def compile_yule() -> None:
    """Compile Yule's modules as ``pip install`` would, so starts are not measured compiling."""
    import compileall

    import yule.core
    import yule.netplay
    import yule.tui

    for package in (yule.core, yule.netplay, yule.tui):
        compileall.compile_dir(Path(package.__file__).parent, quiet=1)
    if os.environ.get("PYTHONDONTWRITEBYTECODE") or sys.dont_write_bytecode:
        print("note: PYTHONDONTWRITEBYTECODE is set; Yule's bytecode was compiled anyway and is used")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="cold starts of each app (default 7)")
    parser.add_argument("--pushes", type=int, default=10, help="state pushes per run (default 10)")
    args = parser.parse_args()
    compile_yule()
    starts: dict[str, list[float]] = {"minimal": [], "table": [], "play": [], "view": []}
    repaints: dict[str, list[float]] = {"minimal": [], "table": []}
    for _ in range(args.runs):  # interleaved, so every app sees the same machine state
        start, times = run_app(MINIMAL, b"minimal first frame", args.pushes)
        starts["minimal"].append(start)
        repaints["minimal"] += times
        start, times = run_app(YULE_TABLE, b"Gift Exchange:", args.pushes)
        starts["table"].append(start)
        repaints["table"] += times
        frame, view = yule_play_start()
        starts["play"].append(frame)
        starts["view"].append(view)
    m = statistics.median(starts["minimal"])
    print(f"cold start to first frame, 100x30 pty (median of {args.runs}):")
    print(f"  minimal Textual app          {m * 1000:6.0f} ms")
    labels = (
        ("table", "Yule table with a view"),
        ("play", "yule play: table frame"),
        ("view", "yule play: first view"),
    )
    for key, label in labels:
        y = statistics.median(starts[key])
        paired = statistics.median(a / b for a, b in zip(starts[key], starts["minimal"], strict=True))
        print(f"  {label:28} {y * 1000:6.0f} ms  ({y / m:.2f}x the minimal app, {paired:.2f}x run by run; target 1.5x)")

    def q(xs: list[float]) -> tuple[float, float]:
        ms = sorted(x * 1000 for x in xs)
        return statistics.median(ms), ms[max(0, int(len(ms) * 0.95) - 1)]

    print(
        f"state push to repaint, key sent to last byte on the terminal ({len(repaints['table'])} pushes, median / p95):"
    )
    print("  minimal Static update        {:6.1f} / {:.1f} ms".format(*q(repaints["minimal"])))
    print("  Yule table, next view        {:6.1f} / {:.1f} ms  (target under 50 ms)".format(*q(repaints["table"])))


if __name__ == "__main__":
    main()
