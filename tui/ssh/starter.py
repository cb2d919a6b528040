"""Where the SSH guests' apps start: forked from one process that has imported the app already.

Each SSH session runs the Yule app in a process of its own (:mod:`yule.tui.ssh.guest`).  Started
afresh, each would import Textual, Rich and the app again, about a third of a second of a
processor and 27 MiB of memory of its own.  Instead :class:`AppStarter` keeps one starter
process (``python -m yule.tui.ssh.starter``) that imports the app once, moves what it imported
out of the collector's way (:func:`gc.freeze`), and forks a copy of itself for each session:
the copies share the imported modules' memory until they write to it, and start at once.

The SSH server and the starter talk over a Unix socket, one JSON line at a time:

- the server asks ``{"start": N, "args": [...], "env": {...}}`` with the session's pseudo
  terminal passed along (``SCM_RIGHTS``); the starter forks, and the copy makes that terminal its
  own (a session of its own, the terminal its standard streams and controlling terminal), takes
  ``env`` as its whole environment and runs ``yule.tui.ssh.guest`` with ``args``;
- the starter answers ``{"started": N, "pid": PID}``, and when that app ends
  ``{"ended": PID, "status": S}`` (it is the app's parent, so it is the one told).

The starter itself runs with only the environment every session shares (``PATH``, ``LANG``,
``PYTHONPATH``); it ends when the server's side of the socket closes.  Should it end early, the
next session starts a new one.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import select
import signal
import socket
import sys
import traceback
from typing import Any

STOP_SECONDS = 5.0
"""Seconds the starter has to end once the server's side of the socket closes, before it is killed."""


STATUS_VARIABLE = "YULE_SSH_STATUS"
"""The environment variable naming the file where an app says whether its guest is playing."""
WARNING_VARIABLE = "YULE_SSH_WARNING"
"""The environment variable holding what an app tells its guest when warned that they are idle."""


def shared_environment() -> dict[str, str]:
    """What every app's environment holds, whoever's session it is: a UTF-8 locale for the
    process (``LANG``); the language each guest is spoken to in is their session's own
    (``LANGUAGE``, set by :mod:`yule.tui.ssh.serve`)."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}
    if os.environ.get("PYTHONPATH"):
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return env


class GuestApp:
    """One session's app, as the SSH server sees it: its process id, and how it ended."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self.ended = asyncio.get_running_loop().create_future()

    async def wait(self) -> int:
        return await asyncio.shield(self.ended)

    def terminate(self) -> None:
        os.kill(self.pid, signal.SIGTERM)

    def end(self, status: int) -> None:
        self.returncode = status
        if not self.ended.done():
            self.ended.set_result(status)


class AppStarter:
    """The SSH server's side: the starter process, and the apps it started that still run."""

    def __init__(self) -> None:
        self.proc: asyncio.subprocess.Process | None = None
        self.sock: socket.socket | None = None
        self._writer: asyncio.StreamWriter | None = None
        self.apps: dict[int, GuestApp] = {}
        """Process id -> the app running under it."""
        self._asked: dict[int, asyncio.Future[GuestApp]] = {}
        """Request number -> the app it started, once the starter says so."""
        self._numbers = 0
        self._reader: asyncio.Task[None] | None = None

    async def open(self) -> None:
        """Start the starter process, unless it runs already."""
        if self._reader is not None and not self._reader.done():
            return
        await self.stop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        with theirs:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "yule.tui.ssh.starter", str(theirs.fileno()),
                stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
                pass_fds=[theirs.fileno()], env=shared_environment(),
            )  # fmt: skip
        self.sock = ours
        reader, self._writer = await asyncio.open_unix_connection(sock=ours)
        self._reader = asyncio.get_running_loop().create_task(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        """The starter's answers; when it is gone, every app it started counts as ended."""
        try:
            while line := await reader.readline():
                said: dict[str, Any] = json.loads(line)
                if "started" in said:  # known at once: its end may be the very next line
                    app = self.apps[said["pid"]] = GuestApp(said["pid"])
                    asked = self._asked.pop(said["started"], None)
                    if asked is not None and not asked.done():
                        asked.set_result(app)
                elif (gone := self.apps.pop(said["ended"], None)) is not None:
                    gone.end(said["status"])
        finally:
            for asked in self._asked.values():
                if not asked.done():
                    asked.set_exception(OSError("the SSH apps' starter ended"))
            self._asked.clear()
            for app in self.apps.values():
                app.end(1)
            self.apps.clear()

    async def run(self, args: list[str], env: dict[str, str], terminal: int) -> GuestApp:
        """Run the app with ``args`` (after the module's name) and ``env`` in ``terminal`` (a
        pseudo terminal's other end, which stays the caller's to close); ``OSError`` if it cannot."""
        await self.open()  # again, if it has ended
        assert self.sock is not None
        self._numbers += 1
        number = self._numbers
        asked = self._asked[number] = asyncio.get_running_loop().create_future()
        request = json.dumps({"start": number, "args": args, "env": env}).encode() + b"\n"
        socket.send_fds(self.sock, [request], [terminal])  # a few hundred bytes: the socket's buffer takes them
        return await asked

    async def stop(self) -> None:
        """End the starter (the apps it started end with their terminals)."""
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(OSError):
                await self._writer.wait_closed()
            self._writer = self.sock = None
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
            self._reader = None
        if self.proc is not None:
            try:
                await asyncio.wait_for(self.proc.wait(), STOP_SECONDS)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    self.proc.kill()
                await self.proc.wait()
            self.proc = None


def _run_app(args: list[str], env: dict[str, str], terminal: int) -> int:
    """In a fresh copy of the starter: become the session's app."""
    os.setsid()
    for fd in (0, 1, 2):
        os.dup2(terminal, fd)
    os.close(terminal)
    os.environ.clear()
    os.environ.update(env)
    from . import guest  # imported already: sys.stdin and the others read and write the terminal now

    return guest.main(args)


def _serve(sock: socket.socket) -> None:
    """The starter: fork an app for each request, say when each ends, until the server is gone."""
    from . import guest  # noqa: F401  (imported once here, for every app)

    gc.collect()
    gc.freeze()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # ctrl+c in the server's terminal is the server's to handle
    woken, wake = os.pipe()
    os.set_blocking(wake, False)
    signal.set_wakeup_fd(wake)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    received = b""
    terminals: list[int] = []
    while True:
        ready, _, _ = select.select([sock.fileno(), woken], [], [])
        if woken in ready:
            os.read(woken, 4096)
            with contextlib.suppress(ChildProcessError):  # none left
                while (ended := os.waitpid(-1, os.WNOHANG))[0] > 0:
                    code = os.waitstatus_to_exitcode(ended[1])  # killed by a signal: below 0
                    sock.sendall(json.dumps({"ended": ended[0], "status": code if code >= 0 else 1}).encode() + b"\n")
        if sock.fileno() in ready:
            data, fds, _, _ = socket.recv_fds(sock, 65536, 16)
            if not data:
                return
            received += data
            terminals += fds
            while b"\n" in received:
                line, received = received.split(b"\n", 1)
                asked = json.loads(line)
                terminal = terminals.pop(0)
                pid = os.fork()
                if pid == 0:
                    status = 1
                    try:
                        signal.set_wakeup_fd(-1)
                        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                        signal.signal(signal.SIGINT, signal.default_int_handler)
                        sock.close()
                        for fd in (woken, wake, *terminals):
                            os.close(fd)
                        status = _run_app(asked["args"], asked["env"], terminal)
                    except BaseException:
                        traceback.print_exc()
                    finally:
                        with contextlib.suppress(Exception):
                            sys.stdout.flush()
                            sys.stderr.flush()
                        os._exit(status)
                os.close(terminal)
                sock.sendall(json.dumps({"started": asked["start"], "pid": pid}).encode() + b"\n")


if __name__ == "__main__":
    _serve(socket.socket(fileno=int(sys.argv[1])))
