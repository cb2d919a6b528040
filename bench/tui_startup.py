"""Terminal app speed: cold start to first frame, and state push to repaint.

Each figure is measured beside a minimal Textual app in the same run, so the machine's speed
cancels out.  Cold start runs each app as a fresh process in a 100×30 pseudo terminal and
stops the clock when its first frame's text arrives.  Repaint pushes a new White Elephant view
(a bot's move) into the table and waits until Textual has processed it and refreshed the
screen (headless); the minimal app updates one Static.

    python bench/tui_startup.py [--runs N]

Targets (issue 4): start within 1.5x of the minimal app, repaint under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import pty
import random
import statistics
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MINIMAL = """
from textual.app import App
from textual.widgets import Static
class Minimal(App):
    def compose(self):
        yield Static("minimal first frame")
Minimal().run()
"""

YULE_TABLE = """
import random
from textual.app import App
import tui.app  # everything `yule play` and `yule join` load, network client included
from core.white_elephant import GAME
from tui.screens import TableScreen
class Bench(App):
    def on_mount(self):
        state = GAME.start(4)
        rng = random.Random(1)
        state.apply(state.chance_move(rng)); state.apply(state.chance_move(rng))
        screen = TableScreen("white-elephant")
        screen.show(state.view(0), ["Ana", "Ben", "Cy", "Di"], {})
        self.push_screen(screen)
Bench().run(mouse=False)
"""


def first_frame(code: str, marker: bytes) -> float:
    """Seconds from starting ``python -c code`` in a pty until ``marker`` is on its screen."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=slave, stdout=slave, stderr=slave, env=env,
                            cwd=ROOT, start_new_session=True)  # fmt: skip
    os.close(slave)
    seen = b""
    try:
        while marker not in seen:
            data = os.read(master, 65536)
            if not data:
                raise RuntimeError(f"exited before {marker!r}: {seen[-500:]!r}")
            seen += data
        return time.perf_counter() - start
    finally:
        proc.kill()
        proc.wait()
        os.close(master)


async def repaint_times(runs: int) -> tuple[list[float], list[float]]:
    """Milliseconds per pushed view (the Yule table) and per Static update (the minimal app)."""
    from textual.app import App
    from textual.widgets import Static

    from core.white_elephant import GAME
    from tui.screens import TableScreen

    state = GAME.start(5)
    rng = random.Random(2)
    state.apply(state.chance_move(rng))
    state.apply(state.chance_move(rng))
    bot = GAME.bots["greedy"](random.Random(2))
    views = []
    while not state.is_over and len(views) < runs:
        seat = state.active()[0]
        state.apply(state.parse_seat_move(seat, bot.choose(state.view(seat))))
        views.append(state.view(0))

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(TableScreen("white-elephant"))

    yule: list[float] = []
    async with Host().run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        for view in views:
            start = time.perf_counter()
            screen.show(view, ["Ana", "Ben", "Cy", "Di", "Ed"], {1: "bot"})
            await pilot.pause()
            yule.append((time.perf_counter() - start) * 1000)

    class Minimal(App[None]):
        def compose(self):
            yield Static("0")

    minimal: list[float] = []
    async with Minimal().run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        static = pilot.app.query_one(Static)
        for n in range(len(views)):
            start = time.perf_counter()
            static.update(str(n))
            await pilot.pause()
            minimal.append((time.perf_counter() - start) * 1000)
    return yule, minimal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold starts of each app (default 5)")
    args = parser.parse_args()
    minimal, yule = [], []
    for _ in range(args.runs):  # interleaved, so both see the same machine state
        minimal.append(first_frame(MINIMAL, b"minimal first frame"))
        yule.append(first_frame(YULE_TABLE, b"Gift Exchange:"))
    m, y = statistics.median(minimal), statistics.median(yule)
    print(f"cold start to first frame (median of {args.runs}):")
    print(f"  minimal Textual app   {m * 1000:7.0f} ms")
    print(f"  Yule table            {y * 1000:7.0f} ms   ({y / m:.2f}x the minimal app; target 1.5x)")
    yule_ms, minimal_ms = asyncio.run(repaint_times(60))
    q = lambda xs: (statistics.median(xs), sorted(xs)[int(len(xs) * 0.95) - 1])  # noqa: E731
    print(f"state push to repaint ({len(yule_ms)} views, median / p95):")
    print("  minimal Static update {:7.1f} / {:.1f} ms".format(*q(minimal_ms)))
    print("  Yule table new view   {:7.1f} / {:.1f} ms   (target under 50 ms)".format(*q(yule_ms)))


if __name__ == "__main__":
    main()
