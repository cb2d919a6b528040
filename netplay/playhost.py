"""``yule play``'s own host: the real host on loopback over a folder of the user data folder,
in a process of its own that the command line starts before the app loads.

The host's modules take about a tenth of a second to load (pydantic's message models among
them), and a game's first table loads the look-alike names table: in the app's own process
that work would stand between the player and the first view, one interpreter doing one thing
at a time.  :meth:`PlayHostProcess.start` starts ``python -m yule.netplay.playhost`` at once,
so the host loads on another core while the app loads Textual; the app then plays through the
client library, as with any host.

The process claims the folder (:func:`claim_play_folder`: ``play``, or ``play-2`` while another
``yule play`` holds that one, or a passing folder when the user data folder cannot be used),
starts the host there (:func:`open_play_host`) and says so in one JSON line on its standard
output: ``{"port": 40123, "folder": "...", "warning": null}`` (a warning in words when its
games cannot be kept), or ``{"error": "..."}`` when no host could start.  It stops, its games
kept, when its standard input closes: when the app ends, however it ends.  What it logs goes
to the ``host.log`` of the folder it claimed.

Tests start the same host in their own process with :func:`open_play_host`.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from . import default_data_dir

if TYPE_CHECKING:
    from .host import Host

PLAY_AWAY_TIMEOUT = 30 * 24 * 3600.0
"""``yule play``'s host never lets a bot play for you: a game left for the menu waits for you."""

STOP_WAIT = 10.0
"""Seconds the app waits for its host to keep its games and stop, before it ends it."""


class PlayHostError(Exception):
    """``yule play``'s host could not start; the message says why, in words."""


def claim_play_folder(base: Path | None = None) -> tuple[Path, contextlib.AbstractContextManager[Any]]:
    """The folder where ``yule play``'s host keeps its games, and the held lock on it (leaving
    the lock's context releases it).

    ``DATA/play`` in the user data folder; while another ``yule play`` uses it (its lock is
    taken), ``play-2``, ``play-3`` ...: two hosts never share one database.  The lock is
    ``filelock``'s, which each system honours (Windows too), and which a process that dies
    leaves free.
    """
    from filelock import FileLock, Timeout

    base = base if base is not None else default_data_dir()
    for n in itertools.count(1):
        folder = base / ("play" if n == 1 else f"play-{n}")
        folder.mkdir(parents=True, exist_ok=True)
        try:
            return folder, FileLock(folder / "in-use.lock").acquire(blocking=False)
        except Timeout:
            continue
    raise AssertionError("unreachable")


async def open_play_host(base: Path | None = None) -> tuple[Host, Path, str | None, contextlib.ExitStack]:
    """``yule play``'s host started on loopback (any free port) over its claimed folder: the
    host, the folder, a warning in words when the games cannot be kept (the user data folder
    cannot be used: a passing folder serves this time), and what holds the folder (closed
    once the host has stopped).  :class:`PlayHostError` when no host can start."""
    import sqlite3
    import tempfile

    from .host import Host
    from .store import DataFolderError

    held = contextlib.ExitStack()
    warning = None
    try:
        folder, lock = claim_play_folder(base)
        held.enter_context(lock)
    except OSError as e:
        folder = Path(held.enter_context(tempfile.TemporaryDirectory(prefix="yule-play-")))
        warning = f"Games cannot be kept this time ({e})."
    host = Host(folder, away_timeout=PLAY_AWAY_TIMEOUT, bot_workers=1)  # the bots think in a worker
    try:
        await host.start("127.0.0.1", 0)
    except (OSError, sqlite3.Error, DataFolderError) as e:
        await host.stop()
        held.close()
        why = e if isinstance(e, DataFolderError) else f"{folder}: {e}"  # a DataFolderError names it
        raise PlayHostError(f"The game's host cannot start: {why}") from None
    return host, folder, warning, held


class PlayHostProcess:
    """The app's side of ``yule play``'s host process: :meth:`start` it, :meth:`ready` tells
    where it listens, :meth:`close` ends it (its games kept)."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self.process = process
        self.folder: Path | None = None
        """The folder the host keeps its games in, once it is :meth:`ready`."""
        self.warning: str | None = None
        """Why its games cannot be kept, in words, once it is :meth:`ready` (None: they are)."""

    @classmethod
    def start(cls, game: str | None = None) -> PlayHostProcess:
        """Start the host's process (``game``: the game the app asks for first, loaded ahead).
        It leaves the terminal to the app: no input from it, no output on it, and no signal
        from its keys (a session of its own; on Windows, a process group of its own)."""
        argv = [sys.executable, "-m", "yule.netplay.playhost", *(["--game", game] if game else [])]
        group = 0
        if sys.platform == "win32":
            group = subprocess.CREATE_NEW_PROCESS_GROUP
        process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                   start_new_session=True, creationflags=group)  # fmt: skip
        return cls(process)

    async def ready(self) -> int:
        """The port the host listens on, once it has started; :class:`PlayHostError` if it
        could not (or stopped before it said)."""
        import asyncio

        assert self.process.stdout is not None
        line = await asyncio.to_thread(self.process.stdout.readline)
        try:
            said = json.loads(line)
        except ValueError:
            code = await asyncio.to_thread(self.process.wait)
            raise PlayHostError(f"The game's host stopped as it started (exit code {code}).") from None
        if "error" in said:
            raise PlayHostError(said["error"])
        self.folder, self.warning = Path(said["folder"]), said["warning"]
        return int(said["port"])

    def close(self) -> None:
        """Close the host's input, so it keeps its games and stops; ended after
        :data:`STOP_WAIT` seconds if it has not."""
        process = self.process
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        try:
            process.wait(STOP_WAIT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()


def _say(out: IO[str], what: dict[str, Any]) -> None:
    out.write(json.dumps(what) + "\n")
    out.flush()


async def serve(game: str | None, out: IO[str], until: IO[bytes]) -> None:
    """Start the host (:func:`open_play_host`), say where it listens on ``out`` (or why it did
    not start), and serve until ``until`` reaches its end."""
    import asyncio
    import logging

    try:
        host, folder, warning, held = await open_play_host()
    except PlayHostError as e:
        _say(out, {"error": str(e)})
        return
    with held:
        handler = logging.FileHandler(folder / "host.log", encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s: %(message)s"))
        logging.getLogger("yule").addHandler(handler)
        try:
            _say(out, {"port": host.port, "folder": str(folder), "warning": warning})
            if game is not None:  # what the app asks for first, loaded while it starts
                from ..core import get_game
                from .names import look_alike

                with contextlib.suppress(KeyError):  # a game it does not know is told when asked for
                    get_game(game)
                look_alike("a", "b")  # the look-alike table, which seating the bots reads
            await asyncio.to_thread(until.read)  # until the app closes it
        finally:
            await host.stop()
            logging.getLogger("yule").removeHandler(handler)
            handler.close()


def main(argv: list[str] | None = None) -> None:
    import argparse
    import asyncio

    parser = argparse.ArgumentParser(
        prog="python -m yule.netplay.playhost",
        description="yule play's host: serves on loopback, says where on standard output, and stops (its games "
        "kept) when standard input closes.",
    )
    parser.add_argument("--game", help="the game the app asks for first")
    args = parser.parse_args(argv)
    asyncio.run(serve(args.game, sys.stdout, sys.stdin.buffer))


if __name__ == "__main__":
    main()
