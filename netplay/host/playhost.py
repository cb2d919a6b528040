"""``yule play``'s own host: the real host on loopback over a folder of the user data folder,
in a process of its own that the command line starts before the app loads.

The host's modules take about a tenth of a second to load (pydantic's message models among
them), and a game's first table loads the look-alike names table: in the app's own process
that work would stand between the player and the first view, one interpreter doing one thing
at a time.  :meth:`PlayHostProcess.start` starts ``python -m yule.netplay.host.playhost`` at once,
so the host loads on another core while the app loads Textual; the app then plays through the
client library, as with any host.

The process claims the folder ``play`` of the user data folder (:func:`claim_play_folder`; a
passing folder when the user data folder cannot be used), starts the host there
(:func:`open_play_host`) and says so in one JSON line on its standard output: ``{"port": 40123,
"folder": "...", "warning": null}`` (a warning in words when its games cannot be kept), or
``{"error": "..."}`` when no host could start.  It stops, its games kept, when its standard input
closes: when the app ends, however it ends.  What it logs goes to the ``host.log`` of the folder
it claimed.

Two ``yule play`` at once share one list of kept games: one host serves the folder, and says
where in its :data:`HOST_FILE`.  The process of a ``yule play`` that finds the folder served
says that host's port instead, and stands by: when that host stops (its ``yule play`` ended), it
serves the folder itself, at the same port where it can (the app's client reconnects by
itself and takes its seat back), else at another, which it says in one more line.

It is a private room: none of the LAN's limits on tables (:data:`PLAY_LIMITS`), and a game its
player gives up (the game menu's drop) ends there at once.

Tests start the same host in their own process with :func:`open_play_host`.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .. import default_data_dir

if TYPE_CHECKING:
    import asyncio

    from .server import Host

PLAY_AWAY_TIMEOUT = 30 * 24 * 3600.0
"""``yule play``'s host never lets a bot play for you: a game left for the menu waits for you."""

STOP_WAIT = 10.0
"""Seconds the app waits for its host to keep its games and stop, before it ends it."""


PLAY_LIMITS: dict[str, int] = {
    "max_tables": 10**9,
    "tables_per_connection": 10**9,
    "tables_per_address": 10**9,
    "list_length": 10**9,
}
"""``yule play``'s host is a private room, its one player's alone: none of the LAN's limits on
tables (:class:`~yule.netplay.host.connection.Limits`: at most 20 made by one connection, 60 held for
one address, 10,000 in all, lists of 200), which would refuse a new game after so many kept ones
or leave some out of the game menu."""

HOST_FILE = "host.json"
"""The file in the play folder saying where the host serving it listens (``{"port": 40123}``),
while it does: another ``yule play`` plays there too."""

LOOK_AGAIN = 0.5
"""Seconds between two looks of a ``yule play`` whose folder another one's host serves: is that
host gone (then this one serves), or has it moved to another port?"""


class PlayHostError(Exception):
    """``yule play``'s host could not start; the message says why, in words."""


class PlayFolderBusy(PlayHostError):
    """The play folder is served by the host of another ``yule play`` (:attr:`folder`)."""

    def __init__(self, folder: Path) -> None:
        super().__init__(f"Another yule play serves {folder}.")
        self.folder = folder


def play_folder(base: Path | None = None) -> Path:
    """``DATA/play`` in the user data folder (or ``base``), made if missing (``OSError`` if it cannot be)."""
    folder = (base if base is not None else default_data_dir()) / "play"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def claim_play_folder(folder: Path) -> contextlib.AbstractContextManager[Any] | None:
    """The lock on ``folder`` held (leaving its context releases it), or None while another
    ``yule play``'s host holds it: two hosts never share one database.  The lock is
    ``filelock``'s, which each system honours (Windows too), and which a process that dies leaves
    free."""
    from filelock import FileLock, Timeout

    try:
        return FileLock(folder / "in-use.lock").acquire(blocking=False)
    except Timeout:
        return None


def served_port(folder: Path) -> int | None:
    """The port the host serving ``folder`` listens on, as its :data:`HOST_FILE` says (None: it says nothing yet)."""
    try:
        port = json.loads((folder / HOST_FILE).read_text(encoding="utf-8"))["port"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return port if isinstance(port, int) and 0 < port < 65536 else None


async def open_play_host(
    base: Path | None = None, port: int = 0
) -> tuple[Host, Path, str | None, contextlib.ExitStack]:
    """``yule play``'s host started on loopback (at ``port`` if it is free, else any free port)
    over its claimed folder: the host, the folder, a warning in words when the games cannot be
    kept (the user data folder cannot be used: a passing folder serves this time), and what
    holds the folder (closed once the host has stopped).  :class:`PlayFolderBusy` when another
    ``yule play``'s host serves the folder, :class:`PlayHostError` when no host can start.

    A game whose player gave up their seat (dropped from the game menu: :mod:`yule.tui.playing`)
    is forgotten at once, its bots stopped: nobody will come back to it."""
    import asyncio
    import sqlite3
    import tempfile

    from .store import DataFolderError

    held = contextlib.ExitStack()
    warning = None
    try:
        folder = play_folder(base)
        lock = claim_play_folder(folder)
        if lock is None:
            raise PlayFolderBusy(folder)
        held.enter_context(lock)
        (folder / HOST_FILE).unlink(missing_ok=True)  # from a host that died: this one says where it listens
    except OSError as e:
        folder = Path(held.enter_context(tempfile.TemporaryDirectory(prefix="yule-play-")))
        warning = f"Games cannot be kept this time ({e})."
    try:
        host = await _start_host(folder, port)
    except (OSError, sqlite3.Error, DataFolderError) as e:
        held.close()
        why = e if isinstance(e, DataFolderError) else f"{folder}: {e}"  # a DataFolderError names it
        raise PlayHostError(f"The game's host cannot start: {why}") from None
    try:
        (folder / HOST_FILE).write_text(json.dumps({"port": host.port}), encoding="utf-8")
        held.callback((folder / HOST_FILE).unlink, missing_ok=True)
    except OSError:
        pass  # another yule play cannot find this host: it says why when it starts
    ending = asyncio.get_running_loop().create_task(_end_dropped_games(host))
    held.callback(ending.cancel)
    return host, folder, warning, held


async def _start_host(folder: Path, port: int) -> Host:
    """The host over ``folder`` started on loopback, at ``port`` if it is free, else at any free port."""
    from .connection import Limits
    from .server import Host

    for at in (port, 0) if port else (0,):
        host = Host(folder, away_timeout=PLAY_AWAY_TIMEOUT, bot_workers=1, limits=Limits(**PLAY_LIMITS))
        try:
            await host.start("127.0.0.1", at)
        except OSError:
            await host.stop()
            if at == 0:
                raise
            continue
        except BaseException:
            await host.stop()
            raise
        return host
    raise AssertionError("unreachable")


async def _end_dropped_games(host: Host) -> None:
    """Forget every game whose player gave it up: a bot plays a seat given up at once, and nobody
    is connected there, so nobody will continue it (or look at its end, if the bots got there)."""
    import asyncio
    import logging
    import sqlite3

    from ..frames import WAITING
    from .store import StoreError

    while True:
        await asyncio.sleep(LOOK_AGAIN)
        dropped = []
        for table in host.tables.values():
            people = [s for s in table.seats if s is not None and s.person]
            if table.status != WAITING and people and all(s.conn is None and s.stand_in for s in people):
                dropped.append(table.id)
        if not dropped:
            continue
        try:
            host.store.forget_tables(dropped)
        except (StoreError, sqlite3.Error):  # sqlite3's: the host is stopping
            logging.getLogger("yule.host").exception("dropped games %s could not be forgotten: tried again", dropped)
            continue
        host.forget(dropped)
        logging.getLogger("yule.host").info("games dropped by their player: %s", ", ".join(map(str, dropped)))


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
        argv = [sys.executable, "-m", "yule.netplay.host.playhost", *(["--game", game] if game else [])]
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

    def follow(self, moved: Callable[[int], None]) -> None:
        """Call ``moved(port)`` (in the event loop running now) each time the host says later
        that it listens on another port: the host another ``yule play`` ran stopped, and this
        process serves the games from then on, where that port was taken (a thread of its own
        reads what the process says until it ends)."""
        import asyncio
        import threading

        loop = asyncio.get_running_loop()
        out = self.process.stdout
        assert out is not None

        def read() -> None:
            with contextlib.suppress(OSError, ValueError, RuntimeError):  # ended, closed, or the loop gone
                for line in out:
                    port = json.loads(line).get("port")
                    if isinstance(port, int):
                        loop.call_soon_threadsafe(moved, port)

        threading.Thread(target=read, name="yule-play-host", daemon=True).start()

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
            with contextlib.suppress(OSError):  # a thread may read it still
                process.stdout.close()


def _say(out: IO[str], what: dict[str, Any]) -> None:
    out.write(json.dumps(what) + "\n")
    out.flush()


async def serve(game: str | None, out: IO[str], until: IO[bytes]) -> bool:
    """Start the host (:func:`open_play_host`), say where it listens on ``out`` (or why it did
    not start), and serve until ``until`` reaches its end.  While another ``yule play``'s host
    serves the play folder, say where that one listens, and serve in its place once it stops.
    True once the app has ended; False when this process stops by itself: its host could not
    start (then it said why)."""
    ended = _closed(until)
    try:
        opened = await open_play_host()
    except PlayFolderBusy as busy:
        standing = await _stand_by(busy.folder, out, ended)
        if standing is None:
            return ended.done()
        opened = standing
    except PlayHostError as e:
        _say(out, {"error": str(e)})
        return False
    else:
        host, folder, warning, _ = opened
        _say(out, {"port": host.port, "folder": str(folder), "warning": warning})
    await _serve(opened, game, ended)
    return True


def _closed(until: IO[bytes]) -> asyncio.Future[None]:
    """Done once ``until`` reaches its end (the app closed it), read in a thread of its own that
    never keeps the process from ending."""
    import asyncio
    import threading

    loop = asyncio.get_running_loop()
    done: asyncio.Future[None] = loop.create_future()

    def end() -> None:
        if not done.done():
            done.set_result(None)

    def read() -> None:
        with contextlib.suppress(OSError, ValueError):
            until.read()
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
            loop.call_soon_threadsafe(end)

    threading.Thread(target=read, name="yule-play-input", daemon=True).start()
    return done


async def _stand_by(
    folder: Path, out: IO[str], ended: asyncio.Future[Any]
) -> tuple[Host, Path, str | None, contextlib.ExitStack] | None:
    """While another ``yule play``'s host serves ``folder``: say where it listens (and again
    each time it moves), until it stops, then start this one's host there, at the same port if
    it is free: the host, as :func:`open_play_host` gives it.  None once ``ended`` (the app
    ended first), or when this host cannot start (it says why on ``out``)."""
    import asyncio

    said: int | None = None
    deadline = asyncio.get_running_loop().time() + STOP_WAIT * 3
    while not ended.done():
        lock = claim_play_folder(folder)
        if lock is not None:
            lock.__exit__(None, None, None)  # free now: open_play_host claims it
            try:
                opened = await open_play_host(folder.parent, said or 0)
            except PlayFolderBusy:
                continue  # another yule play was quicker: it serves, this one looks again
            except PlayHostError as e:
                _say(out, {"error": str(e)})
                return None
            if opened[0].port != said:
                _say(out, {"port": opened[0].port, "folder": str(folder), "warning": None})
            return opened
        port = served_port(folder)
        if port is not None and port != said:
            said = port
            _say(out, {"port": port, "folder": str(folder), "warning": None})
        elif said is None and asyncio.get_running_loop().time() > deadline:
            _say(out, {"error": f"Another yule play's host serves {folder}, but does not say where it listens: "
                                "end the other yule play, or try again in a moment."})  # fmt: skip
            return None
        await asyncio.wait({ended}, timeout=LOOK_AGAIN)
    return None


async def _serve(
    opened: tuple[Host, Path, str | None, contextlib.ExitStack], game: str | None, ended: asyncio.Future[Any]
) -> None:
    """Serve until ``ended``, logging to the folder's ``host.log``; then stop, the games kept."""
    import logging

    host, folder, _, held = opened
    with held:
        handler = logging.FileHandler(folder / "host.log", encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(name)s: %(message)s"))
        logging.getLogger("yule").addHandler(handler)
        try:
            if game is not None:  # what the app asks for first, loaded while it starts
                from ...core import get_game
                from ..names import look_alike

                with contextlib.suppress(KeyError):  # a game it does not know is told when asked for
                    get_game(game)
                look_alike("a", "b")  # the look-alike table, which seating the bots reads
            await ended
        finally:
            await host.stop()
            logging.getLogger("yule").removeHandler(handler)
            handler.close()


def main(argv: list[str] | None = None) -> None:
    """Serve, and exit with status 0 once the app has ended, 1 if no host could start."""
    import argparse
    import asyncio

    parser = argparse.ArgumentParser(
        prog="python -m yule.netplay.host.playhost",
        description="yule play's host: serves on loopback, says where on standard output, and stops (its games "
        "kept) when standard input closes.",
    )
    parser.add_argument("--game", help="the game the app asks for first")
    args = parser.parse_args(argv)
    sys.exit(0 if asyncio.run(serve(args.game, sys.stdout, sys.stdin.buffer)) else 1)


if __name__ == "__main__":
    main()
