"""``yule ssh-serve``: the Yule app over SSH, so a guest needs nothing but an SSH client.

A guest types ``ssh -p 2222 ana@HOST`` and lands in the lobby of the game host this server
serves, named by their SSH user name.  Each SSH session gets its own pseudo terminal and its
own app process (:mod:`yule.tui.ssh.guest`, forked by :mod:`yule.tui.ssh.starter`), which talks
to the game host over the normal protocol like ``yule join``: hidden cards stay per seat
exactly as for any other player.

Only the app is served: a shell request starts it; a command, a subsystem (SFTP), port, agent
or X11 forwarding is refused.  The window size follows the client's, the colours the client's
terminal type (``TERM`` from its pty request, ``COLORTERM`` when the client sends it; its
name, ``TERM_PROGRAM`` or ``LC_TERMINAL``, when sent, for the notification of a turn).  Ctrl+q
or closing the terminal ends that session only.

A guest is their SSH key, not their name (:mod:`yule.tui.ssh.names` keeps who holds which name):

- Any public key gets in (OpenSSH offers the guest's key first).  The first key to come in under
  a name holds it; the same key under that name is given the name's state folder again, whose
  seat tokens bring a guest whose connection dropped straight back to their seat, and whose
  person token keeps them the same person at the host (the evening's standings count their
  games together: :mod:`yule.netplay.host.evening`).  Another key
  under a held name plays under a name of its own (``dee 2``), told so on entry, and never gets
  the first guest's folder.
- A guest without a key (keyboard-interactive with no question, or the party word as the SSH
  password) may use a name no key holds, refused with the reason otherwise; their app gets a
  folder of its own for the session only, removed when it ends, so two keyless guests of one name
  never share seats (nor a person: a keyless guest is a person for that visit only).  They are told on entry what that means for coming back.
- With a party word (``--password``), a guest with a key is asked it on their terminal before the
  app starts (no echo, three tries, a second's wait after a wrong word); one without a key gives
  it as the SSH password.  Words are compared in constant time.  Each wrong word is a penalty for
  the guest's address (:mod:`yule.tui.ssh.gate`): after three, an address may try one word every
  15 seconds, and a word from an address shut out is not compared.
- The app gets its state folder as ``YULE_STATE_DIR`` (and ``HOME``), and what to tell the guest
  on entry (their name here) as an argument.

- The host key is made on first start and kept in the data folder, readable by its owner only;
  :attr:`SSHServe.fingerprint` is what guests' clients show the first time.
- A login (the SSH handshake up to the guest being in) has :data:`LOGIN_SECONDS`, or
  :data:`PARTY_WORD_SECONDS` once the party word is asked as the SSH password.  Who may start
  one is the gate's to say (:mod:`yule.tui.ssh.gate`, apart from the sessions): logins under way
  are shed at random as OpenSSH's ``MaxStartups`` sheds them, in all and per address (an IPv6
  address counts by its /64), the busiest address's oldest giving way to another address's; an
  address whose logins hold places until their time runs out, end without logging in, or give
  wrong party words is shut out for a while (penalties as OpenSSH's ``PerSourcePenalties``);
  a few places are kept for keys that hold a name.  Silent connections cannot keep guests out.
- A connection holds one session at a time.  Sessions are capped in all
  (:data:`yule.netplay.MAX_SSH_SESSIONS`) and per address (three eighths of them:
  :data:`yule.netplay.SSH_SESSIONS_PER_ADDRESS`, so two addresses cannot hold them all); the last
  eighth (:data:`yule.netplay.SSH_RESERVED_SESSIONS`) is kept for keys that hold a name here (a
  guest coming back, who may also pass their address's share by as many), each refusal a sentence;
  a connection without a session is closed after :data:`LOGIN_SECONDS`; dead connections are
  noticed by keep-alives.
- A session without a key press for :data:`yule.netplay.SSH_IDLE_MINUTES` is closed, never while
  its guest is seated at a table that is playing (a long game, a 25-guest exchange): each app
  says so in a status file of its own, in a folder of the server's (``YULE_SSH_STATUS``:
  :mod:`yule.tui.ssh.guest`), and the idle time counts from the game's end.  The guest is warned
  :data:`yule.netplay.SSH_IDLE_WARNING_MINUTES` before (``SIGUSR1`` to the app, which shows
  it; ``SIGUSR2`` takes it back when a key comes).

- Each guest is spoken to in their language: the one they chose before (the profile in their
  name's state folder), else the one their ``ssh`` sends (``LANG``, ``LC_*``: Debian's and
  macOS's clients send them), else the server's own.  Only a language code Yule speaks
  (:data:`yule.tui.words.LANGUAGES`) is taken from what the client sends, and their app is given
  it as ``LANGUAGE`` (beside a UTF-8 ``LANG``, the process's own): never the client's text.
  What is said before a session asks for anything (a refusal at the door, the party word asked
  as the SSH password) is in the server's language: the client has not told its own yet.

User names are hostile input: the display name is cleaned like any name the host receives
(:func:`yule.netplay.names.clean_name`: ``dee`` followed by an invisible character is ``dee``),
a name that reads as a bot's is refused (:func:`yule.netplay.names.bot_like`), and the folder
name (:func:`yule.tui.ssh.names.user_folder`) is made of safe characters and a hash of the name.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import itertools
import logging
import os
import re
import secrets
import shutil
import signal
import struct
import tempfile
import termios
import time
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from ...netplay import (
    DEFAULT_SSH_PORT,
    MAX_SSH_SESSIONS,
    SSH_IDLE_MINUTES,
    SSH_IDLE_WARNING_MINUTES,
    ssh_line,
    ssh_session_shares,
)
from ...netplay.host.connection import address_group
from ...netplay.host.relay import RELAY_VARIABLE, vouch
from ...netplay.host.store import DataFolderError
from ...netplay.names import bot_like, bot_refusal, clean_name
from ...netplay.private import write_private
from ..profile import PROFILE_FILE, Profile
from ..words import language, number, set_language, system_language, t, tn, tp
from .gate import RESERVE_SECONDS, Gate, Places
from .names import NameBook, NamesError
from .starter import STATUS_VARIABLE, WARNING_VARIABLE, AppStarter, GuestApp, shared_environment

with warnings.catch_warnings():  # cryptography warns of the DSA keys asyncssh knows: nobody here can act on it
    warnings.simplefilter("ignore")
    import asyncssh

log = logging.getLogger("yule.ssh")

HOST_KEY_FILE = "ssh_host_ed25519_key"
PASSWORD_TRIES = 3
KEEPALIVE_SECONDS = 30
LOGIN_SECONDS = 10.0
"""Seconds a connection has to log in, and to ask for a session once in (or after one)."""
PARTY_WORD_SECONDS = 60.0
"""Seconds a guest has for the party word, asked as the SSH password or on their terminal."""
TERM_FALLBACK = "xterm-256color"
TERMINAL_NAMES = ("TERM_PROGRAM", "LC_TERMINAL")
"""What a guest's ``ssh`` may send of their terminal's name (iTerm2 sets ``LC_TERMINAL``, which
the ``ssh`` of macOS and of many Linux systems sends with ``LANG`` and ``LC_*``), passed to the
app when it looks like a name: the desktop notification it writes is that terminal's
(:mod:`yule.tui.turncall`)."""
INPUT_BUFFER = 64 * 1024
"""Bytes typed ahead of the app before the guest's connection is paused."""
EXIT_GRACE = 3.0
"""Seconds an app has to end after it is asked to, before it is killed."""

Sentence = Callable[[], str]
"""A sentence worded when it is said: in the language of the guest it is said to (:meth:`GuestSession.said`)."""

_TERM = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
_RESET = b"\x1b[<u\x1b[?1049l\x1b[?25h\x1b[?1004l\x1b[?2004l\x1b[0m\r\n"
"""What restores a terminal an app could not restore itself: its modes off, the normal screen back."""


@contextlib.contextmanager
def speaking(spoken: str) -> Iterator[None]:
    """Word sentences in ``spoken`` within, then in the language spoken before.  The language is
    the whole process's: only code that does not wait (no ``await``) may be within, so that no
    other guest's sentence is worded in between."""
    before = language()
    set_language(spoken)
    try:
        yield
    finally:
        set_language(before)


def guest_language(environment: Mapping[str, str]) -> str | None:
    """The language a guest's ``ssh`` asks for in the environment it sends (``LANGUAGE``,
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them): a code of
    :data:`~yule.tui.words.LANGUAGES`, never the client's own text; None when it asks for none
    Yule speaks.

    >>> guest_language({"LANG": "fr_FR.UTF-8"}), guest_language({"LC_ALL": "de_AT.UTF-8", "LANG": "fr_FR.UTF-8"})
    ('fr', 'de')
    >>> guest_language({"LANG": "C.UTF-8"}), guest_language({"LANG": "$(reboot)"}), guest_language({})
    ('en', None, None)
    """
    return system_language(environment)


def load_host_key(data_dir: Path) -> asyncssh.SSHKey:
    """The server's host key from the data folder, made (owner-only) on first start;
    :class:`~yule.netplay.host.store.DataFolderError` when the folder cannot give or keep one."""
    path = data_dir / HOST_KEY_FILE
    try:
        with contextlib.suppress(FileNotFoundError):
            return asyncssh.read_private_key(path)
        data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        key = asyncssh.generate_private_key("ssh-ed25519", comment="yule ssh-serve")
        write_private(path, key.export_private_key())
    except OSError as e:
        raise DataFolderError(
            t("the data folder {folder} cannot be used: {why}", folder=data_dir, why=e.strerror or e)
        ) from e
    log.info("new SSH host key written to %s", path)
    return key


class SSHServe:
    """The SSH server: host key, limits and the sessions running now."""

    def __init__(
        self,
        data_dir: Path | str,
        game_host: tuple[str, int],
        *,
        password: str | None = None,
        max_sessions: int = MAX_SSH_SESSIONS,
        per_address: int | None = None,
        reserved: int | None = None,
        idle_timeout: float = SSH_IDLE_MINUTES * 60,
        idle_warning: float = SSH_IDLE_WARNING_MINUTES * 60,
        gate: Gate[PartyServer] | None = None,
        relay: bytes | None = None,
        spoken: str | None = None,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.language = spoken or language()
        """The server's language (by default the one spoken when it is made): a guest's whose
        ``ssh`` asks for none Yule speaks."""
        self.relay = relay
        """The secret shared with the game host, to vouch for each guest's own address (:mod:`yule.netplay.host.relay`)."""
        self.game_host = game_host
        self.password = password
        self.max_sessions = max_sessions
        self.per_address = per_address if per_address is not None else ssh_session_shares(max_sessions)[0]
        """Sessions one address may hold (a guest coming back: :attr:`reserved` more)."""
        self.reserved = reserved if reserved is not None else ssh_session_shares(max_sessions)[1]
        """Sessions of :attr:`max_sessions` kept for guests coming back (a key that holds a name)."""
        self.idle_timeout = idle_timeout
        self.idle_warning = min(idle_warning, idle_timeout / 2)
        """Seconds before an idle session is closed that its guest is warned."""
        self.talk: Path | None = None
        """The folder of each app's status file (:mod:`yule.tui.ssh.guest`), the server's own while it runs."""
        self._numbers = itertools.count(1)
        self.sessions: set[GuestSession] = set()
        self.connections: set[PartyServer] = set()
        """Every SSH connection open now, logged in or not (closed when the server stops)."""
        self.starter = AppStarter()
        self.gate: Gate[PartyServer] = gate if gate is not None else Gate()
        """The logins under way, and each address's penalty (:mod:`yule.tui.ssh.gate`)."""
        self.guests: Places[PartyServer] = Places()
        """The connections holding a session's place."""
        self.port = 0
        self.fingerprint = ""
        self._acceptor: asyncssh.SSHAcceptor | None = None

    async def start(self, bind: str | None = None, port: int = DEFAULT_SSH_PORT) -> int:
        """Load or make the host key and listen; returns the bound port."""
        asyncssh.set_log_level(logging.WARNING)  # not a line per connection and channel
        key = load_host_key(self.data_dir)
        self.fingerprint = key.get_fingerprint()
        self._acceptor = await asyncssh.listen(
            bind or "",
            port,
            server_factory=lambda: PartyServer(self),
            server_host_keys=[key],
            encoding=None,
            allow_pty=True,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            login_timeout=PARTY_WORD_SECONDS,  # PartyServer holds a login to LOGIN_SECONDS until the word is asked
            keepalive_interval=KEEPALIVE_SECONDS,
            keepalive_count_max=4,
            server_version="Yule",
        )
        self.port = self._acceptor.get_port()
        self.talk = Path(tempfile.mkdtemp(prefix="yule-ssh-"))  # owner-only
        await self.starter.open()  # ready before the first guest, who then need not wait for it
        log.info("SSH server listening on port %s, host key %s", self.port, self.fingerprint)
        return self.port

    def status_file(self) -> Path:
        """A new session's status file (not made here: its app writes it)."""
        assert self.talk is not None
        return self.talk / str(next(self._numbers))

    def session_room(self, group: str, fingerprint: str | None) -> Sentence | None:
        """Why a guest who logged in from ``group`` with the key ``fingerprint`` (None: without
        one) has no session's place (worded in their language once their session says it), or
        None when they have one."""
        total, mine = self.guests.total(), self.guests.count(group)
        if total < self.max_sessions - self.reserved and mine < self.per_address:
            return None
        if (
            total < self.max_sessions
            and mine < self.per_address + self.reserved
            and fingerprint is not None
            and self.holds_name(fingerprint)
        ):
            return None  # a guest coming back: the room kept
        if total >= self.max_sessions - self.reserved:
            return lambda: t("This party is full right now; try again in a while.")
        most = self.per_address
        return lambda: tn(
            "As many guests as this party takes from one address ({n}) are in from yours; try again in a while.",
            "As many guests as this party takes from one address ({n}) are in from yours; try again in a while.",
            most,
        )

    def holds_name(self, fingerprint: str) -> bool:
        """True when the key ``fingerprint`` holds a name here (a guest coming back)."""
        try:
            return NameBook(self.data_dir).holds_any(fingerprint)
        except NamesError:
            return False

    async def stop(self) -> None:
        """Stop listening and end every session's app."""
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
            self._acceptor = None
        await asyncio.gather(*(session.end(_stopping) for session in list(self.sessions)))
        for connection in list(self.connections):  # a login still open, or one refused and closing
            await connection.close()
        await self.starter.stop()
        if self.talk is not None:
            shutil.rmtree(self.talk, ignore_errors=True)
            self.talk = None


def _stopping() -> str:
    """What each guest is told as the server stops."""
    return t(
        "The party's SSH server is stopping. If the party goes on (the host restarting), "
        "type the same ssh line again in a minute to come back (to your seat, if you had one)."
    )


class PartyServer(asyncssh.SSHServer):
    """One SSH connection: who may log in, and what they may ask for (only the app, one at a time)."""

    def __init__(self, serve: SSHServe) -> None:
        self.serve = serve
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = ""
        """The guest's IP address (vouched for to the game host: :mod:`yule.netplay.host.relay`) ..."""
        self.group = ""
        """... and the address group the connection counts under (:func:`~yule.netplay.host.connection.address_group`)."""
        self.admitted = False
        """True once the gate let it start a login (:mod:`yule.tui.ssh.gate`)."""
        self.reserved: str | None = None
        """While in the room kept for guests coming back: why it was refused otherwise."""
        self.authed = False
        """True once it logged in."""
        self.held = False
        """True when its time ran out, or it was closed to make room: it held a place for nothing."""
        self.had_session = False
        self.refusal: Sentence | None = None
        """Why a guest who got in has no place for a session (the party is full), told on their terminal."""
        self.session: GuestSession | None = None
        self._deadline: asyncio.TimerHandle | None = None
        self.failed_passwords = 0
        self.key: asyncssh.SSHKey | None = None
        """The guest's key, once authentication completed with it (None: they came in without one)."""
        self._trying: asyncssh.SSHKey | None = None
        """The key of the last authentication attempt, None after an attempt without a key."""

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.serve.connections.add(self)
        self.address = str(conn.get_extra_info("peername", ("",))[0]).removeprefix("::ffff:")
        self.group = address_group(self.address)
        verdict = self.serve.gate.ask(self.group, self)
        if verdict.evict is not None:
            verdict.evict.make_room()
        if verdict.why is None or verdict.reserve:
            self.admitted = True
            self.reserved = verdict.why
            if verdict.reserve:
                self._close_in(RESERVE_SECONDS, verdict.why or "")
            else:
                self._close_in(LOGIN_SECONDS, t("No login came in time."))
            return
        log.warning("SSH connection from %s refused: %s", self.group, verdict.why)
        self._refuse(verdict.why or "", soon=True)

    def _refuse(self, why: str, *, soon: bool = False) -> None:
        """Close the connection, telling the guest ``why`` (``soon``: once the server's version is
        out; said before it, the refusal would not be understood)."""
        if self.conn is None:
            return
        if soon:
            asyncio.get_running_loop().call_soon(self.conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, why)
        else:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, why)

    def make_room(self) -> None:
        """The gate closes this login (the busiest address's oldest) for another address's."""
        log.info("SSH login from %s closed to make room for another address's", self.group)
        self.held = True
        self._refuse(t("Closed to make room for a login from another address: too many SSH logins from yours."))

    def _close_in(self, seconds: float | None, reason: str) -> None:
        """Disconnect in ``seconds`` (None: not on this account) saying ``reason``: the place was
        held for nothing."""
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        if seconds is not None and self.conn is not None:
            self._deadline = asyncio.get_running_loop().call_later(seconds, self._time_up, reason)

    def _time_up(self, reason: str) -> None:
        self.held = True
        if self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, reason)

    async def close(self) -> None:
        """Close the connection at once (the server stops)."""
        conn = self.conn
        if conn is not None:
            conn.abort()
            await conn.wait_closed()
        self.serve.connections.discard(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self._close_in(None, "")
        self.conn = None
        serve = self.serve
        serve.connections.discard(self)
        scale = serve.gate.penalties.scale
        if self.admitted and not self.authed:
            serve.gate.penalise(self.group, scale.held if self.held else scale.failed)
        elif self.authed and self.held and not self.had_session:
            serve.gate.penalise(self.group, scale.held)
        serve.gate.leave(self.group, self)
        serve.guests.remove(self.group, self)

    def begin_auth(self, username: str) -> bool:
        return True  # a key is asked for first, so that a guest who has one is known by it

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Any key is welcome: it is who the guest is.  This is asked before the signature is
        checked, so the key counts only once authentication completes right after it.  In the
        room kept for guests coming back, only a key that holds a name is, and it must come first."""
        self._trying = key
        if self.reserved is not None:
            if not self.serve.holds_name(key.get_fingerprint()):
                self._refuse(self.reserved)
                return False
            log.info("SSH login from %s let in to the room kept: a key that holds a name", self.group)
            self.reserved = None
            self._close_in(LOGIN_SECONDS, t("No login came in time."))
        return True

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool | tuple[str, str, str, list[tuple[str, bool]]]:  # fmt: skip
        """In without a key: no question asked without a party word, else the party word (the
        guest has :data:`PARTY_WORD_SECONDS` for it)."""
        self._trying = None
        if self.reserved is not None:
            self._refuse(self.reserved)
            return False
        if self.serve.password is None:
            return True
        self._close_in(None, "")  # asyncssh's login timeout, PARTY_WORD_SECONDS, holds from here
        return "", "", "", [(t("Party word (the password): "), False)]

    async def validate_kbdint_response(self, username: str, responses: Sequence[str]) -> bool:
        return len(responses) == 1 and await self.validate_password(username, responses[0])

    def password_auth_supported(self) -> bool:
        return self.serve.password is not None

    async def validate_password(self, username: str, password: str) -> bool:
        self._trying = None
        if self.reserved is not None:
            self._refuse(self.reserved)
            return False
        if (shut := self.serve.gate.shut_out(self.group)) is not None:
            self._refuse(shut)  # the word is not even compared
            return False
        expected = self.serve.password or ""
        if secrets.compare_digest(password.encode("utf-8", "surrogatepass"), expected.encode()):
            return True
        log.warning("a wrong party word from %s", self.group)
        self.serve.gate.penalise(self.group, self.serve.gate.penalties.scale.word)
        self.failed_passwords += 1
        if self.failed_passwords >= PASSWORD_TRIES and self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, t("Wrong party word."))
        await asyncio.sleep(1.0)  # a guessing client waits a second per word
        return False

    def auth_completed(self) -> None:
        """The attempt just made got the guest in: with its key, or without one.  They take a
        session's place if there is one; else they are told why not on their terminal, their
        connection still counted as a login."""
        self.key = self._trying
        self.authed = True
        self.refusal = self.serve.session_room(self.group, self.key.get_fingerprint() if self.key else None)
        if self.refusal is None:
            self.serve.gate.leave(self.group, self)
            self.serve.guests.add(self.group, self)
        self._close_in(LOGIN_SECONDS, t("No session asked for."))

    def session_requested(self) -> GuestSession | bool:
        if self.session is not None or self.conn is None:
            return False  # one app at a time on a connection
        self._close_in(None, "")
        self.had_session = True
        here = str(self.conn.get_extra_info("sockname", ("HOST",))[0]).removeprefix("::ffff:")
        fingerprint = self.key.get_fingerprint() if self.key is not None else None
        self.session = GuestSession(self, self.conn.get_extra_info("username") or "", fingerprint, here)
        return self.session

    def session_ended(self) -> None:
        """The session is over: the connection may ask for another one for a while, or is closed."""
        self.session = None
        self._close_in(LOGIN_SECONDS, t("No session asked for."))

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False


class _AppOutput(asyncio.Protocol):
    """The app's terminal output, passed to the guest's channel."""

    def __init__(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        self.transport: asyncio.ReadTransport | None = None
        self.done = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.ReadTransport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        if not self.chan.is_closing():
            self.chan.write(data)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.done.done():
            self.done.set_result(None)


class _AppInput(asyncio.Protocol):
    """The guest's keys on their way into the app: the channel waits while the app is behind."""

    def __init__(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pause_writing(self) -> None:
        self.chan.pause_reading()

    def resume_writing(self) -> None:
        self.chan.resume_reading()


class GuestSession(asyncssh.SSHServerSession[bytes]):
    """One SSH session: a pseudo terminal with the guest's app in it, nothing else."""

    def __init__(self, server: PartyServer, user: str, fingerprint: str | None, here: str) -> None:
        self.server = server
        self.serve = server.serve
        self.user = user
        self.fingerprint = fingerprint
        """The SHA256 fingerprint of the key the guest came in with (None: without one)."""
        self.here = here
        """The address the guest reached this server at, for the ssh lines they are told."""
        self.language = self.serve.language
        """The language the guest is spoken to in (:func:`guest_language`), and their app's."""
        self.state: Path | None = None
        """The state folder the guest's app is given (``YULE_STATE_DIR``)."""
        self.throwaway = False
        """True when that folder is for this session only (a guest without a key), removed at its end."""
        self._typed = bytearray()
        """Keys typed before the app runs (the party word)."""
        self._typing = asyncio.Event()
        self._no_more_keys = False
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.proc: GuestApp | None = None
        self.arguments: list[str] = []
        """What the app was started with: the game host, its port, the guest's name and maybe a notice ..."""
        self.environment: dict[str, str] = {}
        """... and its whole environment."""
        self.master: int | None = None
        self.output: _AppOutput | None = None
        self.input: asyncio.WriteTransport | None = None
        self.reason: Sentence | None = None
        """Why the server ended the session, told to the guest once the app is gone."""
        self.last_key = 0.0
        """When the guest last pressed a key (the event loop's clock)."""
        self.status: Path | None = None
        """Where the app says whether its guest is playing (:mod:`yule.tui.ssh.guest`)."""
        self.warned = False
        """True while the guest is warned that their idle session is about to close."""
        self.warnings = 0
        self.idle_checks = 0
        self._idle: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None

    # -- what the client may ask for -----------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        log.info("refused a command from SSH user %r", self.user)
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        log.info("refused the subsystem %r from SSH user %r", subsystem, self.user)
        return False

    def eof_received(self) -> bool:
        """The guest's input ended: the session stays open to show the app (or why it cannot run)."""
        self._no_more_keys = True
        self._typing.set()
        return True

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        """Signals from the client are ignored: the app is ended by its own keys."""

    # -- the app -------------------------------------------------------------------------------

    def session_started(self) -> None:
        assert self.chan is not None
        self.language = guest_language(self.chan.get_environment()) or self.serve.language
        self._task = asyncio.get_running_loop().create_task(self._run())
        self._task.add_done_callback(self._ran)

    def _ran(self, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("the SSH session of %r failed", self.user, exc_info=task.exception())
            if self.chan is not None:
                self.chan.close()

    async def _run(self) -> None:
        chan = self.chan
        assert chan is not None
        if chan.get_terminal_type() is None:
            self._say(self.said(lambda: t("Yule needs a terminal: connect with ssh -t.")), 1)
            return
        if self.server.refusal is not None:
            self._say(self.said(self.server.refusal), 1)
            return
        self.serve.sessions.add(self)
        try:
            admitted = await self._admit(chan)
            if self.reason is not None:  # the server stopped while the guest was at the door
                status = 1
            elif isinstance(admitted, str):
                log.info("SSH user %r not let in: %s", self.user, admitted)
                if not chan.is_closing():
                    chan.write(admitted.encode() + b"\r\n")
                status = 1
            else:
                status = await self._run_app(chan, *admitted)
        except OSError as e:
            log.warning("could not start the app for SSH user %r: %s", self.user, e)
            status = 1
        finally:
            self.serve.sessions.discard(self)
            self._close_terminal()
            if self.throwaway and self.state is not None:
                shutil.rmtree(self.state, ignore_errors=True)
        if not chan.is_closing():
            if self.reason is not None:
                chan.write(_RESET + self.said(self.reason).encode() + b"\r\n")
            chan.exit(status)

    async def _admit(self, chan: asyncssh.SSHServerChannel[bytes]) -> tuple[str, str | None] | str:
        """Who the guest plays as, and what they are told first (see the module docstring); or why
        they may not come in.  Sets :attr:`state`, the folder their app is given."""
        name = clean_name(self.user, "Guest")
        if bot_like(name):
            return bot_refusal(name)
        book = NameBook(self.serve.data_dir)
        try:
            if self.fingerprint is None:
                with self.speaking():
                    if book.holder(name) is not None:
                        return t(
                            "The name {name} belongs to a guest who comes in with an SSH key. Without a key, come "
                            "in under another name: {other} (or make a key with ssh-keygen).",
                            name=name,
                            other=self._another_name(),
                        )
                    self.state, self.throwaway = Path(tempfile.mkdtemp(prefix="yule-ssh-guest-")), True
                    return name, t(
                        "You came in without an SSH key, so you are {name} for this visit only: if your connection "
                        "drops, taking your seat back needs a yes from the table. With a key (make one with "
                        "ssh-keygen) the same ssh line brings you straight back to your seat.",
                        name=name,
                    )
            if self.serve.password is not None and (wrong := await self._party_word(chan)) is not None:
                return wrong
            with self.speaking():
                claim = book.claim(name, self.fingerprint)
        except NamesError as e:
            return str(e)
        self.state = claim.folder
        remembered = Profile.load(claim.folder / PROFILE_FILE).lang  # the language the guest chose here before
        if remembered is not None:
            self.language = remembered
        with self.speaking():
            if claim.taken:
                return claim.name, t(
                    "The name {name} is taken here by another guest's SSH key, so you are {own} here; next time "
                    "the same ssh line brings you back as {own}. To play under another name: {other}.",
                    name=name,
                    own=claim.name,
                    other=self._another_name(),
                )
            if claim.new:
                return claim.name, t(
                    "You are {name} here: your SSH key holds this name now, so the same ssh line brings you back "
                    "to your seat if your connection drops. To play under another name: {other}.",
                    name=claim.name,
                    other=self._another_name(),
                )
        return claim.name, None

    def _another_name(self) -> str:
        """The ssh line a guest types to come in under another name, in the language spoken now."""
        return ssh_line(self.serve.port, tp("placeholder", "OTHER"), self.here)

    async def _party_word(self, chan: asyncssh.SSHServerChannel[bytes]) -> str | None:
        """Ask a guest who came in with a key for the party word, on their terminal: None once it is
        said, else why they may not come in (three tries, a second's wait after each wrong word,
        each a penalty for their address; a word from an address shut out is not compared)."""
        expected = (self.serve.password or "").encode()
        gate, group = self.serve.gate, self.server.group
        with self.speaking():
            asked, wrong = t("Party word: ").encode(), t("That is not the party word.").encode()
        try:
            async with asyncio.timeout(PARTY_WORD_SECONDS):
                for tried in range(1, PASSWORD_TRIES + 1):
                    chan.write(asked)
                    word = await self._read_word()
                    chan.write(b"\r\n")
                    if word is None:
                        return self.said(lambda: t("No party word given."))
                    with self.speaking():
                        shut = gate.shut_out(group)
                    if shut is not None:
                        return shut
                    if secrets.compare_digest(word, expected):
                        return None
                    log.warning("a wrong party word from %s", group)
                    gate.penalise(group, gate.penalties.scale.word)
                    await asyncio.sleep(1.0)
                    if tried < PASSWORD_TRIES:
                        chan.write(wrong + b"\r\n")
        except TimeoutError:
            return self.said(lambda: t("No party word came in time."))
        return self.said(lambda: t("Wrong party word: ask the host for it."))

    async def _read_word(self) -> bytes | None:
        """A line typed without echo (backspace and ctrl+u edit it); None on ctrl+c or ctrl+d, or
        when no more keys can come."""
        word = bytearray()
        while True:
            while self._typed:
                byte = self._typed.pop(0)
                if byte == 0x0A and not word:
                    continue  # the end of a \r\n
                if byte in (0x0D, 0x0A):
                    return bytes(word)
                if byte in (0x03, 0x04):
                    return None
                if byte in (0x7F, 0x08):
                    while word and word.pop() & 0xC0 == 0x80:  # back over a whole UTF-8 character
                        pass
                elif byte == 0x15:
                    word.clear()
                elif len(word) < 1024:
                    word.append(byte)
            if self._no_more_keys:
                return None
            self._typing.clear()
            await self._typing.wait()

    async def _run_app(self, chan: asyncssh.SSHServerChannel[bytes], name: str, notice: str | None) -> int:
        loop = asyncio.get_running_loop()
        master, slave = os.openpty()
        self.master = master
        width, height, _, _ = chan.get_terminal_size()
        self._set_size(width, height)
        host, port = self.serve.game_host
        try:
            self.arguments = [host, str(port), name, *([notice] if notice is not None else [])]
            self.environment = self._environment(chan)
            self.proc = await self.serve.starter.run(self.arguments, self.environment, slave)
        finally:
            os.close(slave)
        log.info("SSH user %r plays as %r, key %s (session %d of %d)", self.user, name, self.fingerprint or "none", len(self.serve.sessions), self.serve.max_sessions)  # fmt: skip
        self.output = output = _AppOutput(chan)
        await loop.connect_read_pipe(lambda: output, os.fdopen(os.dup(master), "rb", buffering=0))
        self.input, _ = await loop.connect_write_pipe(
            lambda: _AppInput(chan), os.fdopen(os.dup(master), "wb", buffering=0)
        )
        self.input.set_write_buffer_limits(high=INPUT_BUFFER)
        self.last_key = loop.time()
        self._watch_idle(self.serve.idle_timeout - self.serve.idle_warning)
        status = await self.proc.wait()
        # The last frames the app wrote are still in the terminal: pass them on before the exit.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self.output.done), EXIT_GRACE)
        return status if status >= 0 else 1

    def _environment(self, chan: asyncssh.SSHServerChannel[bytes]) -> dict[str, str]:
        """The app's environment: the client's terminal type, the guest's language and own state folder."""
        term = chan.get_terminal_type() or ""
        assert self.state is not None
        state = str(self.state)
        self.status = self.serve.status_file()
        env = {
            **shared_environment(),
            "HOME": state,
            "TERM": term if _TERM.fullmatch(term) else TERM_FALLBACK,
            "LANGUAGE": self.language,
            "YULE_STATE_DIR": state,
            STATUS_VARIABLE: str(self.status),
            WARNING_VARIABLE: self.said(
                lambda: t(
                    "No key pressed here for a while: press any key to stay, or this SSH session ends in {time}.",
                    time=_duration(self.serve.idle_warning),
                )
            ),
        }
        if chan.get_environment().get("COLORTERM") in ("truecolor", "24bit"):
            env["COLORTERM"] = "truecolor"
        for name in TERMINAL_NAMES:  # which terminal it is, when the guest's ssh says: how a turn is called out
            if _TERM.fullmatch(said := chan.get_environment().get(name, "")):
                env[name] = said
        if self.serve.relay is not None and self.server.address:
            env[RELAY_VARIABLE] = vouch(self.serve.relay, self.server.address)
        return env

    def _say(self, text: str, status: int) -> None:
        assert self.chan is not None
        self.chan.write(text.encode() + b"\r\n")
        self.chan.exit(status)

    @contextlib.contextmanager
    def speaking(self) -> Iterator[None]:
        """Word sentences in the guest's language within (no ``await`` within: :func:`speaking`)."""
        with speaking(self.language):
            yield

    def said(self, sentence: Sentence) -> str:
        """``sentence`` worded in the guest's language."""
        with self.speaking():
            return sentence()

    def data_received(self, data: bytes, datatype: int | None) -> None:
        if self.input is not None and not self.input.is_closing():
            self.last_key = asyncio.get_running_loop().time()
            if self.warned:
                self.warned = False
                self._signal(signal.SIGUSR2)  # the app takes the warning back
            self.input.write(data)
        elif self.proc is None and len(self._typed) < INPUT_BUFFER:
            self._typed += data
            self._typing.set()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self.master is not None:
            self._set_size(width, height)

    def _set_size(self, width: int, height: int) -> None:
        """The terminal's size, as the client says (0 or absurd: 80×24); the app gets a SIGWINCH."""
        width = width if 0 < width < 1000 else 80
        height = height if 0 < height < 1000 else 24
        assert self.master is not None
        with contextlib.suppress(OSError):
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))

    def pause_writing(self) -> None:
        """The guest's connection is behind: the app's output waits in its terminal (and so does the app)."""
        if self.output is not None and self.output.transport is not None and not self.output.transport.is_closing():
            self.output.transport.pause_reading()

    def resume_writing(self) -> None:
        if self.output is not None and self.output.transport is not None and not self.output.transport.is_closing():
            self.output.transport.resume_reading()

    # -- ending --------------------------------------------------------------------------------

    def _watch_idle(self, after: float) -> None:
        self._idle = asyncio.get_running_loop().call_later(max(after, 0.0), self._check_idle)

    def idle_for(self) -> float:
        """Seconds the guest has been idle: since their last key press, or the end of the game they
        played if that came later; none while they are seated at a table that is playing (as the
        app says in its status file)."""
        idle = asyncio.get_running_loop().time() - self.last_key
        if self.status is None:
            return idle
        try:
            said = self.status.read_text(encoding="ascii").strip()
            since = time.time() - self.status.stat().st_mtime
        except (OSError, ValueError):
            return idle
        if said == "playing":
            return 0.0
        return min(idle, since) if since >= 0 else idle  # (a file from the future: the clock was set back)

    def _check_idle(self) -> None:
        """Warn the guest :attr:`SSHServe.idle_warning` before an idle session closes, then close it."""
        self.idle_checks += 1
        timeout, warning = self.serve.idle_timeout, self.serve.idle_warning
        idle = self.idle_for()
        if idle >= timeout:

            def closed() -> str:
                return t("Closed after {time} without a key press.", time=_duration(timeout))

            asyncio.get_running_loop().create_task(self.end(closed))
            return
        if idle >= timeout - warning:
            if not self.warned:
                self.warned = True
                self.warnings += 1
                log.info("SSH user %r warned: idle for %.0f s", self.user, idle)
                self._signal(signal.SIGUSR1)
            self._watch_idle(timeout - idle)
            return
        if self.warned:  # playing again
            self.warned = False
            self._signal(signal.SIGUSR2)
        self._watch_idle(timeout - warning - idle)

    def _signal(self, number: int) -> None:
        """Send the app ``number``: SIGUSR1 to warn the guest, SIGUSR2 to take the warning back."""
        if self.proc is not None and self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.proc.pid, number)

    async def end(self, reason: Sentence) -> None:
        """End the app (asked nicely, then killed) and tell the guest why (in their language)."""
        proc = self.proc
        if self.state is None and self._task is not None and not self._task.done():  # at the door (the party word)
            self.reason = reason
            self._no_more_keys = True
            self._typing.set()
            await asyncio.shield(self._task)
        if proc is None or proc.returncode is not None:
            return
        self.reason = reason
        with contextlib.suppress(ProcessLookupError):
            proc.terminate()
        try:
            await asyncio.wait_for(proc.wait(), EXIT_GRACE)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
        if self._task is not None:
            await asyncio.shield(self._task)

    def connection_lost(self, exc: Exception | None) -> None:
        """The guest is gone: their app gets a hang-up, as when a terminal is closed."""
        self.server.session_ended()
        self._no_more_keys = True
        self._typing.set()
        self._close_terminal()
        proc = self.proc
        if proc is not None and proc.returncode is None:
            asyncio.get_running_loop().call_later(EXIT_GRACE, self._kill_if_alive, proc)

    @staticmethod
    def _kill_if_alive(proc: GuestApp) -> None:
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)

    def _close_terminal(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
        if self.status is not None:
            with contextlib.suppress(OSError):
                self.status.unlink()
        if self.input is not None:
            self.input.close()
        if self.output is not None and self.output.transport is not None:
            self.output.transport.close()
        if self.master is not None:
            os.close(self.master)
            self.master = None


def _duration(seconds: float) -> str:
    """A span of time as a guest reads it, in the language spoken now.

    >>> _duration(120), _duration(90), _duration(1), _duration(0.5)
    ('2 minutes', '1.5 minutes', '1 second', '0.5 seconds')
    """
    seconds = float(seconds)
    if seconds >= 60:
        minutes = seconds / 60
        if minutes.is_integer():
            return tn("{n} minute", "{n} minutes", int(minutes))
        return t("{minutes} minutes", minutes=number(float(f"{minutes:g}")))
    if seconds.is_integer():
        return tn("{n} second", "{n} seconds", int(seconds))
    return t("{seconds} seconds", seconds=number(float(f"{seconds:g}")))


def serving_lines(
    port: int, fingerprint: str, game_host: tuple[str, int], addresses: list[str], *, party_word: bool
) -> list[str]:
    """What to tell the organiser once the SSH server listens on ``port``: the line guests type
    at one of ``addresses``, the host key's fingerprint."""
    host, game_port = game_host
    name = tp("placeholder", "NAME")
    lines = tp("between two ssh lines", ", or ").join(ssh_line(port, name, a) for a in addresses)
    if party_word:
        told = t("Guests with only an SSH client type: {lines} ({name}: the name they play under), then the party "
                 "word", lines=lines, name=name)  # fmt: skip
    else:
        told = t("Guests with only an SSH client type: {lines} ({name}: the name they play under)", lines=lines,
                 name=name)  # fmt: skip
    where = t("Yule over SSH on port {port}, playing at the game host {host}:{game_port}", port=port, host=host,
              game_port=game_port)  # fmt: skip
    return [where, told, t("SSH host key fingerprint: {fingerprint}", fingerprint=fingerprint)]
