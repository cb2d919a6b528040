"""``yule host --ssh``: the SSH server in a process of its own, below the game host's priority.

Key exchange, encryption and passing every byte of forty guests' terminals cost a processor's
time; in the game host's own process they would hold up its event loop, and every table with
it.  So ``yule host --ssh`` runs :class:`~yule.tui.ssh.serve.SSHServe` in a child process
(``python -m yule.tui.ssh.process``) at a lower priority (its guests' apps, its own children,
inherit it), and the host's loop only plays.

The host (:class:`SSHProcess`) and the child talk over the child's standard streams, one JSON
line each way at a time, so that nothing of the party (its word above all) is in the child's
arguments, which ``ps`` shows anyone:

1. the host writes the settings (data folder, where to listen, the party word, the limits, the
   secret it vouches for each guest's own address with: :mod:`yule.netplay.host.relay`);
2. the child answers with its port and host key fingerprint, or why it cannot serve
   (``{"error": ..., "about": "data" | "listen"}``), then exits;
3. the host writes where the game host listens (known once it does) whenever that changes;
4. the child serves until its input ends (the host stopped, or died) or it gets ``SIGTERM``,
   then tells each guest the server is stopping and ends their apps.

The child speaks the language of the host's environment, as ``yule host`` does (the guests
are each spoken to in their own: :mod:`yule.tui.ssh.serve`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import signal
import sys
from pathlib import Path
from typing import Any

from ...netplay.host.store import DataFolderError
from ...netplay.host.thinkers import lower_priority
from ..words import choose_language, set_language
from .serve import EXIT_GRACE

log = logging.getLogger("yule.ssh")

STOP_SECONDS = EXIT_GRACE + 5.0
"""Seconds the child has to stop (each app is given ``EXIT_GRACE``) before it is killed."""


class SSHProcess:
    """The host's side: the SSH server's process, its port and fingerprint once it listens."""

    def __init__(
        self, data_dir: Path, *, password: str | None, max_sessions: int, per_address: int | None, idle_minutes: float
    ) -> None:
        self.data_dir = data_dir
        self.password = password
        self.relay = secrets.token_bytes(32)
        """The secret the SSH server vouches for each guest's own address with: the game host is
        given it too (:mod:`yule.netplay.host.relay`)."""
        self.settings = {"max_sessions": max_sessions, "per_address": per_address, "idle_minutes": idle_minutes}
        self.port = 0
        self.fingerprint = ""
        self.proc: asyncio.subprocess.Process | None = None
        self._watch: asyncio.Task[None] | None = None

    async def start(self, bind: str | None, port: int, game_host: tuple[str, int]) -> int:
        """Start the child and wait until it listens; its port.  Raises what
        :meth:`SSHServe.start <yule.tui.ssh.serve.SSHServe.start>` would: ``DataFolderError``,
        or ``OSError`` when it cannot listen."""
        self.proc = proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "yule.tui.ssh.process",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, start_new_session=True,
        )  # fmt: skip
        assert proc.stdin is not None and proc.stdout is not None
        settings = {**self.settings, "data": str(self.data_dir), "bind": bind, "port": port, "password": self.password,
                    "relay": self.relay.hex()}  # fmt: skip
        proc.stdin.write(json.dumps({**settings, "game_host": game_host}).encode() + b"\n")
        answer = json.loads((await proc.stdout.readline()) or b'{"error": "the SSH server ended", "about": "listen"}')
        if "error" in answer:
            await self.stop()
            raise (DataFolderError if answer.get("about") == "data" else OSError)(answer["error"])
        self.port, self.fingerprint = int(answer["port"]), str(answer["fingerprint"])
        self._watch = asyncio.get_running_loop().create_task(self._watch_for_an_end(proc))
        return self.port

    async def _watch_for_an_end(self, proc: asyncio.subprocess.Process) -> None:
        status = await proc.wait()
        if self.proc is proc:  # not stopped by the host
            log.error("the SSH server ended (status %s): SSH guests cannot come in until the host starts again", status)

    def play_at(self, game_host: tuple[str, int]) -> None:
        """The game host the guests' apps play at from now on."""
        if self.proc is not None and self.proc.stdin is not None:
            self.proc.stdin.write(json.dumps({"game_host": game_host}).encode() + b"\n")

    async def stop(self) -> None:
        """End the child: its input ends, it tells its guests; killed if it takes too long."""
        proc, self.proc = self.proc, None
        if self._watch is not None:
            self._watch.cancel()
        if proc is None:
            return
        assert proc.stdin is not None
        proc.stdin.close()
        try:
            await asyncio.wait_for(proc.wait(), STOP_SECONDS)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            await proc.wait()


async def _serve() -> int:
    """The child's side (see the module docstring)."""
    from .serve import SSHServe

    loop = asyncio.get_running_loop()
    lines = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(lines), sys.stdin)
    settings: dict[str, Any] = json.loads(await lines.readline())
    ssh = SSHServe(
        settings["data"],
        tuple(settings["game_host"]),
        password=settings["password"],
        max_sessions=settings["max_sessions"],
        per_address=settings["per_address"],
        idle_timeout=settings["idle_minutes"] * 60,
        relay=bytes.fromhex(settings["relay"]) if settings.get("relay") else None,
    )
    try:
        await ssh.start(settings["bind"], settings["port"])
    except DataFolderError as e:
        print(json.dumps({"error": str(e), "about": "data"}), flush=True)
        return 1
    except OSError as e:
        print(json.dumps({"error": e.strerror or str(e), "about": "listen"}), flush=True)
        return 1
    print(json.dumps({"port": ssh.port, "fingerprint": ssh.fingerprint}), flush=True)
    stopping = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stopping.set)

    async def follow() -> None:
        while line := await lines.readline():
            ssh.game_host = tuple(json.loads(line)["game_host"])

    following = loop.create_task(follow())
    told = loop.create_task(stopping.wait())
    await asyncio.wait([following, told], return_when=asyncio.FIRST_COMPLETED)
    following.cancel()
    told.cancel()
    await ssh.stop()
    return 0


def main() -> int:
    set_language(choose_language())  # the system's, as the host's own (it runs with the host's environment)
    lower_priority()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    return asyncio.run(_serve())


if __name__ == "__main__":
    sys.exit(main())
