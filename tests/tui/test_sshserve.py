"""``yule ssh-serve`` over real SSH connections (asyncssh's client): guests play, and only play.

A real host and the SSH server run in the test's event loop; each guest is an SSH session with
a pseudo terminal, whose app is a real process drawing to it.  Two guests join one table by its
code and play; each screen shows its own secret Goal card and never the other's; a guest whose
connection drops is back in the seat on connecting again under the same name with the same key.
A guest is their key (each test guest has one, :func:`key_of`): another key under a held name
plays under a name of its own and never gets the first guest's folder, seat or screen; a guest
without a key is refused a held name (``dee`` with an invisible letter after it is ``dee``) and
gets a folder for the visit only; a bot's name is nobody's; ``yule ssh-names`` releases a name.
Commands, SFTP and forwarding are refused; the party word (as the SSH password, or on the
terminal for a guest with a key), the session cap and the idle timeout hold; ``yule host --ssh``
serves both, and ``yule hosts`` shows the line a guest types.  A guest is spoken to in the
language their ``ssh`` sends (its code only reaches their app), or the one they chose before.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import secrets
import stat
import struct
import sys
import termios
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from fcntl import ioctl
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from conftest import comes_true, running, silent_port, until
from tui_support import terminal_text

from yule.netplay import ssh_line
from yule.netplay.asks import Create
from yule.netplay.client import Client, SeatStore
from yule.netplay.discovery import FoundHost
from yule.netplay.host.server import Host
from yule.netplay.host.store import DataFolderError
from yule.tui.cli import main
from yule.tui.elf.table import label
from yule.tui.profile import PROFILE_FILE, Profile
from yule.tui.ssh.gate import LOGINS_PER_ADDRESS, Gate, Startups
from yule.tui.ssh.names import NAMES_FILE, USERS_FOLDER, NameBook, user_folder
from yule.tui.ssh.serve import HOST_KEY_FILE, GuestSession, SSHServe, load_host_key, speaking
from yule.tui.words import t, tp

TERM = "xterm-256color"
WAIT = 30.0
"""Seconds a wait may last before the test fails: guards a hang only (apps start as processes)."""


KEYS: dict[str, asyncssh.SSHKey] = {}


def key_of(name: str) -> asyncssh.SSHKey:
    """The SSH key a test's guest of that name comes in with (one per name, made once)."""
    return KEYS.setdefault(name, asyncssh.generate_private_key("ssh-ed25519"))


class Keyless(asyncssh.SSHClient):
    """A client without a key, as OpenSSH is then: it tries keyboard-interactive."""

    def kbdint_auth_requested(self) -> str:
        return ""


class Guest:
    """One SSH session with a terminal: its output collected, keys sent."""

    def __init__(self, conn: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess[bytes]) -> None:
        self.conn = conn
        self.process = process
        self.raw = bytearray()
        self.reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def connect(
        cls, port: int, user: str, key: asyncssh.SSHKey | None = None, *, keyless: bool = False, **options: Any
    ) -> Guest:
        """``user`` comes in with ``key`` (by default their own: :func:`key_of`), or without any."""
        if keyless:
            options.update(client_keys=None, client_factory=Keyless)
        else:
            options.update(client_keys=[key or key_of(user)])
        conn = await asyncssh.connect("127.0.0.1", port, username=user, known_hosts=None, **options)
        process = await conn.create_process(term_type=TERM, term_size=(100, 30), encoding=None)
        return cls(conn, process)

    async def _read(self) -> None:
        while data := await self.process.stdout.read(65536):
            self.raw += data

    @property
    def text(self) -> str:
        return terminal_text(bytes(self.raw))

    async def shows(self, text: str, since: int = 0) -> int:
        """Wait until ``text`` is on the screen (drawn after ``since``); returns where it ends."""
        await until(lambda: text in self.text[since:], f"{text!r} on the screen; it ended with:\n{self.text[-1500:]}")
        return self.text.index(text, since) + len(text)

    async def says(self, sentence: str) -> None:
        """Wait until ``sentence`` is on the screen, maybe wrapped in a box (a notice)."""
        words = " ".join(sentence.split())
        await until(
            lambda: words in _flowing(self.text), f"{sentence!r} on the screen; it ended with:\n{self.text[-1500:]}"
        )

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.process.stdin.write(key.encode())

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()
        await self.reader


def mode(path: Path | str) -> int:
    """A file's or folder's permission bits."""
    return stat.S_IMODE(os.stat(path).st_mode)


def _flowing(text: str) -> str:
    """The screen's text with box edges and line ends as single spaces: a wrapped sentence runs on."""
    return " ".join(re.sub(r"[│▌]", " ", text).split())


def sessions_of(ssh: SSHServe, key: asyncssh.SSHKey | None) -> list[GuestSession]:
    fingerprint = key.get_fingerprint() if key is not None else None
    return [s for s in ssh.sessions if s.fingerprint == fingerprint]


async def app_of(ssh: SSHServe, key: asyncssh.SSHKey | None) -> tuple[list[str], str]:
    """The app of the one session that came in with ``key`` (None: without one), as it was
    started: its arguments after the host and port, and the state folder it is given.  (A copy
    of the starter, its own command line and environment are the starter's; the tests see that
    it holds these by what it shows and where it keeps its seats.)"""
    await until(lambda: len(sessions_of(ssh, key)) == 1 and sessions_of(ssh, key)[0].proc, "the session's app")
    (session,) = sessions_of(ssh, key)
    return session.arguments[2:], session.environment["YULE_STATE_DIR"]


@pytest.fixture
async def party(tmp_path):
    """A game host and the SSH server playing at it, both on loopback."""
    host = Host(tmp_path / "host", away_timeout=60)
    await host.start("127.0.0.1", 0)
    ssh = SSHServe(tmp_path / "ssh", ("127.0.0.1", host.port))
    await ssh.start("127.0.0.1", 0)
    yield host, ssh
    await ssh.stop()
    await host.stop()


async def seat_two_guests(host: Host, ssh: SSHServe, organiser: Client) -> tuple[Any, Guest, Guest, dict[Guest, int]]:
    """ana and ben join a private Elf table by its code, over SSH, and a bot fills it; it starts."""
    created = await organiser.request(Create(game="elf", seats=3, sit=False, bot_delay=0.0))
    ana = await Guest.connect(ssh.port, "ana")
    ben = await Guest.connect(ssh.port, "ben")
    for guest in (ana, ben):
        await guest.shows("n creates a table")
        guest.keys("j")
        await guest.shows("type its join code")
        guest.keys(created["code"], "\r")
    table = host.tables[created["table"]]
    await until(lambda: sum(s is not None for s in table.seats) == 2, "both guests seated")
    await organiser.fill_bots(table.id)
    await organiser.start(table.id)
    names = [s.name if s else None for s in table.seats]
    return table, ana, ben, {ana: names.index("ana"), ben: names.index("ben")}


async def test_two_guests_play_one_table_each_seeing_only_their_own_goal(party):
    host, ssh = party
    async with Client("127.0.0.1", host.port, name="Organiser") as organiser:
        table, ana, ben, seat = await seat_two_guests(host, ssh, organiser)
        try:
            goals = {}
            for guest, name in ((ana, "ana"), (ben, "ben")):
                await guest.shows(f"{name} (you)")
                assert table.session is not None
                goals[guest] = "Goal " + " ".join(label(loc) for loc in table.session.state.view(seat[guest])["goal"]["locations"])  # fmt: skip
                await guest.shows(goals[guest])
            assert goals[ana] != goals[ben]

            moved = {ana: 0, ben: 0}
            while min(moved.values()) < 2:  # each guest moves twice, by keys, in turn with the bot
                assert table.session is not None and not table.session.state.is_over
                await until(lambda: set(table.movers()) & {seat[ana], seat[ben]}, "a guest's turn")
                guest = ana if seat[ana] in table.movers() else ben
                before = table.seq
                for _ in range(int(WAIT)):  # a key the app gets before the view of its turn is refused: again
                    actions = table.session.state.view(seat[guest]).get("actions", {})
                    guest.keys("\r" if actions.get("play") is None else "e")  # play the card shown, else end
                    if await comes_true(lambda: table.seq > before, 1.0):
                        break
                assert table.seq > before, "the guest's keys made no move at the host"
                moved[guest] += 1

            assert goals[ben] not in ana.text, "ana's screen showed ben's Goal card"
            assert goals[ana] not in ben.text, "ben's screen showed ana's Goal card"
        finally:
            await ana.close()
            await ben.close()


async def test_a_guest_whose_connection_drops_is_back_in_the_seat_on_connecting_again(party):
    host, ssh = party
    async with Client("127.0.0.1", host.port, name="Organiser") as organiser:
        table, ana, ben, seat = await seat_two_guests(host, ssh, organiser)
        await ben.shows("ben (you)")
        ben.conn.abort()  # the Wi-Fi goes: no goodbye
        await until(lambda: table.seats[seat[ben]].conn is None, "ben away at the host")
        await until(lambda: {s.user for s in ssh.sessions} == {"ana"}, "ben's app ended with his connection")

        again = await Guest.connect(ssh.port, "ben")
        await again.shows("ben (you)")  # straight back at the table, no code typed
        await until(lambda: table.seats[seat[ben]].conn is not None, "ben back in his seat")
        assert [s.name for s in table.seats if s is not None].count("ben") == 1
        await ana.close()
        await ben.close()
        await again.close()


async def test_a_guest_is_spoken_to_in_the_language_their_ssh_sends_or_the_one_they_chose(party):
    """``LANG=fr_FR.UTF-8 ssh -o SendEnv=LANG ...``: the server tells the guest who they are here in
    French and their app speaks French; what else the client sends never reaches the app."""
    _, ssh = party
    ana = await Guest.connect(ssh.port, "ana", env={"LC_ALL": "$(reboot)", "LANG": "fr_FR.UTF-8"})
    with speaking("fr"):
        title = t("Your name here")  # the app's own words
        told = t(
            "You are {name} here: your SSH key holds this name now, so the same ssh line brings you back "
            "to your seat if your connection drops. To play under another name: {other}.",
            name="ana",
            other=ssh_line(ssh.port, tp("placeholder", "OTHER"), "127.0.0.1"),
        )  # the server's
    await ana.says(title)
    await ana.says(told)
    (session,) = ssh.sessions
    assert session.environment["LANGUAGE"] == "fr" and session.environment["LANG"] == "C.UTF-8"
    assert not any("reboot" in value for value in session.environment.values())
    await ana.close()
    await until(lambda: not ssh.sessions, "ana's app ended with her connection")

    ben = await Guest.connect(ssh.port, "ben")  # his ssh sends no language: the server's
    await app_of(ssh, key_of("ben"))
    (session,) = ssh.sessions
    assert session.environment["LANGUAGE"] == ssh.language == "en"
    await ben.close()
    await until(lambda: not ssh.sessions, "ben's app ended with his connection")

    chose = Profile.load(NameBook(ssh.data_dir).folder("ana") / PROFILE_FILE)
    chose.lang = "de"  # as the lobby's language menu keeps it
    chose.save()
    again = await Guest.connect(ssh.port, "ana", env={"LANG": "fr_FR.UTF-8"})
    await app_of(ssh, key_of("ana"))
    (session,) = ssh.sessions
    assert session.environment["LANGUAGE"] == "de"  # her app reads the same profile
    await again.close()


async def test_a_session_follows_the_window_and_ends_alone_on_ctrl_q(party):
    _, ssh = party
    ana = await Guest.connect(ssh.port, "ana")
    ben = await Guest.connect(ssh.port, "ben")
    await ana.shows("n creates a table")
    await ben.shows("n creates a table")
    (session,) = [s for s in ssh.sessions if s.user == "ana"]
    state = ssh.data_dir / USERS_FOLDER / user_folder("ana")
    assert session.environment["TERM"] == TERM and session.environment["YULE_STATE_DIR"] == str(state)
    assert stat.S_IMODE(state.stat().st_mode) == 0o700
    assert stat.S_IMODE((ssh.data_dir / HOST_KEY_FILE).stat().st_mode) == 0o600

    since = len(ana.text)  # before the new size: the app may redraw before the size is seen here
    ana.process.change_terminal_size(120, 40)
    await until(lambda: struct.unpack("HHHH", ioctl(session.master, termios.TIOCGWINSZ, bytes(8)))[:2] == (40, 120), "the new size")  # fmt: skip
    await ana.shows("n creates a table", since)  # redrawn for the new size

    ana.keys("\x11")  # ctrl+q
    await asyncio.wait_for(ana.process.wait_closed(), WAIT)
    assert ana.process.exit_status == 0
    assert {s.user for s in ssh.sessions} == {"ben"}
    ben.keys("?")
    await ben.shows("Rules")  # ben plays on
    await ana.close()
    await ben.close()
    await until(lambda: not ssh.sessions, "ben's app ended with his connection")


async def test_only_the_app_is_served(party):
    host, ssh = party
    async with asyncssh.connect(
        "127.0.0.1", ssh.port, username="eve", known_hosts=None, client_keys=[key_of("eve")]
    ) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("cat /etc/passwd", check=True)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", host.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", host.port)
        result = await conn.run(input="")  # a shell without a terminal: told how to connect
        assert result.exit_status == 1 and "ssh -t" in str(result.stdout)
    assert not ssh.sessions


async def test_the_party_word_is_asked_for(tmp_path):
    ssh = SSHServe(tmp_path, ("127.0.0.1", 9), password="mistletoe")
    async with running(ssh):
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect(
                "127.0.0.1", ssh.port, username="ana", password="holly", known_hosts=None, client_keys=None
            )
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect("127.0.0.1", ssh.port, username="ana", known_hosts=None, client_keys=None)
        async with asyncssh.connect(
            "127.0.0.1", ssh.port, username="ana", password="mistletoe", known_hosts=None, client_keys=None
        ) as conn:
            assert (await conn.run(input="")).exit_status == 1  # in (then told it needs a terminal)


async def test_sessions_are_capped_and_idle_ones_closed(tmp_path):
    host = Host(tmp_path / "host", away_timeout=60)
    await host.start("127.0.0.1", 0)
    ssh = SSHServe(tmp_path / "ssh", ("127.0.0.1", host.port), max_sessions=1, idle_timeout=2.0)
    await ssh.start("127.0.0.1", 0)
    try:
        ana = await Guest.connect(ssh.port, "ana")
        await ana.shows("n creates a table")
        ben = await Guest.connect(ssh.port, "ben")
        await ben.shows("This party is full")
        await asyncio.wait_for(ben.process.wait_closed(), WAIT)
        assert ben.process.exit_status == 1
        await ana.shows("Closed after")  # no key pressed: the session ends, the terminal restored
        await asyncio.wait_for(ana.process.wait_closed(), WAIT)
        await ana.close()
        await ben.close()
        assert not ssh.sessions
    finally:
        await ssh.stop()
        await host.stop()


async def silent(port: int, address: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A TCP connection from ``address`` that says nothing once the server's version is in."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    assert (await asyncio.wait_for(reader.readline(), WAIT)).startswith(b"SSH-2.0-")
    return reader, writer


async def closed_by_the_server(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    async with asyncio.timeout(WAIT):
        while await reader.read(4096):
            pass
    await shut(writer)


async def shut(writer: asyncio.StreamWriter) -> None:
    """Close a connection and wait until it is (a transport left closing when the test's loop
    ends is a socket left open)."""
    writer.close()
    with contextlib.suppress(OSError):
        await writer.wait_closed()


class Steady(random.Random):
    """Draws that never meet the load shed's chance short of certainty: logins are refused at full only."""

    def random(self) -> float:
        return 1.0 - 1e-9


def steady_party(tmp_path: Path, **settings: Any) -> tuple[Host, SSHServe]:
    """A game host and an SSH server whose load shed refuses at full only (``settings``: the server's)."""
    settings.setdefault("gate", Gate(rng=Steady()))
    host = Host(tmp_path / "host", away_timeout=60)
    return host, SSHServe(tmp_path / "ssh", ("127.0.0.1", 0), **settings)


@asynccontextmanager
async def serving(host: Host, ssh: SSHServe) -> AsyncIterator[None]:
    await host.start("127.0.0.1", 0)
    ssh.game_host = ("127.0.0.1", host.port)
    await ssh.start("127.0.0.1", 0)
    try:
        yield
    finally:
        await ssh.stop()
        await host.stop()


async def test_logins_are_capped_per_address_and_silent_ones_closed_soon_and_penalised(tmp_path, monkeypatch):
    monkeypatch.setattr("yule.tui.ssh.serve.LOGIN_SECONDS", 1.0)
    host, ssh = steady_party(tmp_path)
    async with serving(host, ssh):
        started = asyncio.get_running_loop().time()
        hush = [await silent(ssh.port, "127.0.0.2") for _ in range(LOGINS_PER_ADDRESS.full)]
        # Refused for the load, eve is let in to the room kept: her key holds no name, so she is told why.
        with pytest.raises(asyncssh.DisconnectError, match=re.escape("Too many SSH logins from your address at once; try again in a moment.")):  # fmt: skip
            await Guest.connect(ssh.port, "eve", local_addr=("127.0.0.2", 0))
        ana = await Guest.connect(ssh.port, "ana")  # another address: in
        await ana.shows("n creates a table")
        for connection in hush:
            await closed_by_the_server(*connection)
        assert asyncio.get_running_loop().time() - started < WAIT
        assert not ssh.gate.logins and ssh.guests.counts() == {"127.0.0.1": 1}
        # Sixteen places held for nothing: the address is shut out for a while, told for how long.
        with pytest.raises(asyncssh.DisconnectError, match="Too many failed or unfinished SSH logins came from your address: try again in"):  # fmt: skip
            await Guest.connect(ssh.port, "eve", local_addr=("127.0.0.2", 0))
        eve = await Guest.connect(ssh.port, "eve", local_addr=("127.0.0.3", 0))  # from elsewhere: in
        await eve.shows("n creates a table")
        await ana.close()
        await eve.close()


async def test_logins_in_all_are_capped_apart_from_the_sessions(tmp_path):
    host, ssh = steady_party(tmp_path, gate=Gate(logins=Startups(4, 100, 4), rng=Steady()))
    async with serving(host, ssh):
        ana = await Guest.connect(ssh.port, "ana")
        await ana.shows("n creates a table")
        hush = [await silent(ssh.port, f"127.0.0.{n}") for n in (2, 2, 3, 4)]
        with pytest.raises(asyncssh.DisconnectError, match="Too many SSH logins at once; try again in a moment"):
            await Guest.connect(ssh.port, "eve", local_addr=("127.0.0.5", 0))
        ana.keys("?")
        await ana.shows("Rules")  # the guest in plays on
        await shut(hush.pop()[1])  # one login place free again: a guest gets in
        await until(lambda: ssh.gate.logins.total() == 3, "the place free")
        ben = await Guest.connect(ssh.port, "ben", local_addr=("127.0.0.5", 0))
        await ben.shows("n creates a table")
        for _, writer in hush:
            await shut(writer)
        await ana.close()
        await ben.close()


RENEW_SECONDS = 0.05
"""How soon a silent connection of the crowd is opened again once closed or refused: twenty times
a second each, as a script renewing them as fast as it cares to (no event to wait for)."""


class Crowd:
    """``each`` silent connections from each of ``addresses``, each renewed as it closes (paced: a
    refused one is tried again a twentieth of a second later)."""

    def __init__(self, port: int, addresses: list[str], each: int) -> None:
        self.opened = 0
        self.tasks = [asyncio.create_task(self._hold(port, a)) for a in addresses for _ in range(each)]

    async def _hold(self, port: int, address: str) -> None:
        while True:
            with contextlib.suppress(OSError):
                reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
                self.opened += 1
                try:
                    with contextlib.suppress(OSError):
                        while await reader.read(4096):  # says nothing, reads until the server closes
                            pass
                finally:  # closed when the crowd stops too (its transport then closes as the test goes on)
                    writer.close()
                with contextlib.suppress(OSError):
                    await writer.wait_closed()
            await asyncio.sleep(RENEW_SECONDS)  # a pace, not a wait: a refused connection is renewed at once

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


async def in_within(tries: int, port: int, user: str, address: str) -> Guest:
    """``user`` from ``address`` tries to come in ``tries`` times at most, each at once after the
    last was refused; their session once in its lobby."""
    refusals = []
    for _ in range(tries):
        try:
            guest = await Guest.connect(port, user, local_addr=(address, 0))
        except asyncssh.DisconnectError as e:
            refusals.append(e.reason)
            continue
        await guest.shows("n creates a table")
        return guest
    raise AssertionError(f"{user} did not get in within {tries} tries: {refusals}")


async def test_four_addresses_holding_silent_connections_renewed_do_not_keep_a_guest_out(party, monkeypatch):
    monkeypatch.setattr("yule.tui.ssh.serve.LOGIN_SECONDS", 5.0)
    _, ssh = party  # the load shed as it is, its chances drawn at random
    crowd_addresses = [f"127.0.0.{n}" for n in (2, 3, 4, 5)]
    crowd = Crowd(ssh.port, crowd_addresses, 16)
    try:
        await until(
            lambda: ssh.gate.logins.total() >= 4 * (LOGINS_PER_ADDRESS.start + 2),
            "the silent connections holding the logins",
        )
        ana = await in_within(3, ssh.port, "ana", "127.0.0.6")  # while they hold them
        # Their time runs out: each address held its places for nothing and is shut out for a while.
        await until(lambda: all(ssh.gate.shut_out(a) for a in crowd_addresses), "the silent addresses shut out")
        ben = await in_within(3, ssh.port, "ben", "127.0.0.7")
        assert crowd.opened > 4 * 16
        await ana.close()
        await ben.close()
    finally:
        await crowd.stop()


async def test_party_words_guessed_from_one_address_are_a_few(tmp_path, caplog):
    ssh = SSHServe(tmp_path, ("127.0.0.1", 9), password="mistletoe")
    async with running(ssh):

        async def guess(n: int, address: str) -> str:
            try:
                await asyncssh.connect("127.0.0.1", ssh.port, username=f"g{n}", password=f"holly{n}",
                                       known_hosts=None, client_keys=None, local_addr=(address, 0))  # fmt: skip
            except asyncssh.PermissionDenied:
                return "denied"
            except asyncssh.DisconnectError as e:
                return e.reason
            return "in"

        tried = await asyncio.gather(*(guess(n, "127.0.0.2") for n in range(30)))
        wrong = [r for r in caplog.records if r.getMessage() == "a wrong party word from 127.0.0.2"]
        assert 1 <= len(wrong) <= 3  # two typos pass, a third shuts the address out: the rest are not compared
        assert "in" not in tried
        assert any(r.startswith("Too many failed or unfinished SSH logins came from your address") for r in tried)

        # On the terminal (a guest with a key) too: three wrong words, and the address is shut out.
        ana = await Guest.connect(ssh.port, "ana", local_addr=("127.0.0.3", 0))
        at = 0
        for _ in range(3):
            at = await ana.shows("Party word: ", at)
            ana.keys("holly\r")
        await asyncio.wait_for(ana.process.wait_closed(), WAIT)
        assert "Wrong party word: ask the host for it." in ana.text
        await ana.close()
        with pytest.raises(asyncssh.DisconnectError, match="try again in"):
            await asyncssh.connect("127.0.0.1", ssh.port, username="ana", password="mistletoe", known_hosts=None,
                                   client_keys=None, local_addr=("127.0.0.3", 0))  # fmt: skip
        async with asyncssh.connect(
            "127.0.0.1", ssh.port, username="ben", password="mistletoe", known_hosts=None, client_keys=None,
            local_addr=("127.0.0.4", 0),
        ) as conn:  # fmt: skip
            assert (await conn.run(input="")).exit_status == 1  # another address: in (then told it needs a terminal)


async def test_two_addresses_cannot_hold_every_session(tmp_path):
    host, ssh = steady_party(tmp_path, max_sessions=6)  # three eighths each: 2
    async with serving(host, ssh):
        guests = []
        for address in ("127.0.0.2", "127.0.0.3"):
            for n in range(2):
                guest = await Guest.connect(ssh.port, f"g{address[-1]}{n}", local_addr=(address, 0))
                await guest.shows("n creates a table")
                guests.append(guest)
            refused = await Guest.connect(ssh.port, f"g{address[-1]}x", local_addr=(address, 0))
            await refused.says("As many guests as this party takes from one address (2) are in from yours")
            await refused.close()
        third = await Guest.connect(ssh.port, "cy", local_addr=("127.0.0.4", 0))
        await third.shows("n creates a table")
        for guest in [*guests, third]:
            await guest.close()


async def test_a_guest_coming_back_gets_the_room_kept_when_sessions_are_full(tmp_path):
    host, ssh = steady_party(tmp_path, max_sessions=3, reserved=1)  # one from each address
    async with serving(host, ssh):
        ana = await Guest.connect(ssh.port, "ana", local_addr=("127.0.0.2", 0))
        await ana.shows("n creates a table")
        await ana.close()  # her key holds her name now
        ben = await Guest.connect(ssh.port, "ben", local_addr=("127.0.0.2", 0))
        cy = await Guest.connect(ssh.port, "cy", local_addr=("127.0.0.3", 0))
        for guest in (ben, cy):
            await guest.shows("n creates a table")
        dee = await Guest.connect(ssh.port, "dee", local_addr=("127.0.0.4", 0))
        await dee.says("This party is full right now; try again in a while.")
        await dee.close()
        back = await Guest.connect(ssh.port, "ana", local_addr=("127.0.0.2", 0))  # ben's address, at its share
        await back.shows("n creates a table")
        assert {s.user for s in ssh.sessions} == {"ana", "ben", "cy"}
        for guest in (ben, cy, back):
            await guest.close()


async def test_a_guest_coming_back_gets_the_room_kept_when_logins_are_full(tmp_path):
    gate: Gate[Any] = Gate(logins=Startups(2, 100, 2), per_address=Startups(1, 100, 1), rng=Steady())
    host, ssh = steady_party(tmp_path, gate=gate)
    async with serving(host, ssh):
        ana = await Guest.connect(ssh.port, "ana")
        await ana.shows("n creates a table")
        await ana.close()  # her key holds her name now
        hush = [await silent(ssh.port, address) for address in ("127.0.0.2", "127.0.0.3")]
        with pytest.raises(asyncssh.DisconnectError, match="Too many SSH logins at once; try again in a moment"):
            await Guest.connect(ssh.port, "eve", local_addr=("127.0.0.4", 0))  # a stranger's key
        back = await Guest.connect(ssh.port, "ana", local_addr=("127.0.0.4", 0))
        await back.shows("n creates a table")
        again = await Guest.connect(ssh.port, "ana", local_addr=("127.0.0.2", 0))  # past her address's logins too
        await again.shows("n creates a table")
        for _, writer in hush:
            await shut(writer)
        await back.close()
        await again.close()


async def test_sessions_are_capped_per_address_one_a_connection(tmp_path):
    host = Host(tmp_path / "host", away_timeout=60)
    await host.start("127.0.0.1", 0)
    ssh = SSHServe(tmp_path / "ssh", ("127.0.0.1", host.port), per_address=1)
    await ssh.start("127.0.0.1", 0)
    try:
        ana = await Guest.connect(ssh.port, "ana", local_addr=("127.0.0.2", 0))
        await ana.shows("n creates a table")
        with pytest.raises(asyncssh.ChannelOpenError):  # a second app on her connection
            await ana.conn.create_process(term_type=TERM, encoding=None)
        ben = await Guest.connect(ssh.port, "ben", local_addr=("127.0.0.2", 0))
        await asyncio.wait_for(ben.process.wait_closed(), WAIT)
        assert ben.process.exit_status == 1
        await ben.says("As many guests as this party takes from one address (1) are in from yours; try again in a while.")  # fmt: skip
        cy = await Guest.connect(ssh.port, "cy", local_addr=("127.0.0.3", 0))
        await cy.shows("n creates a table")
        assert {s.user for s in ssh.sessions} == {"ana", "cy"}
        for guest in (ana, ben, cy):
            await guest.close()
    finally:
        await ssh.stop()
        await host.stop()


async def test_the_party_word_asked_as_the_ssh_password_has_time_for_typing(tmp_path, monkeypatch):
    monkeypatch.setattr("yule.tui.ssh.serve.LOGIN_SECONDS", 0.5)
    prompts: list[str] = []

    class Slow(Keyless):
        """A guest who takes a while to type the word."""

        async def kbdint_challenge_received(self, name: str, instructions: str, lang: str, prompts_: Any) -> list[str]:
            prompts.extend(prompt for prompt, _ in prompts_)
            await asyncio.sleep(1.0)
            return ["mistletoe"]

    ssh = SSHServe(tmp_path, ("127.0.0.1", 9), password="mistletoe")
    await ssh.start("127.0.0.1", 0)
    try:
        async with asyncssh.connect(
            "127.0.0.1", ssh.port, username="ana", known_hosts=None, client_keys=None, client_factory=Slow
        ) as conn:
            assert (await conn.run(input="")).exit_status == 1  # in (then told it needs a terminal)
        assert prompts == ["Party word (the password): "]
    finally:
        await ssh.stop()


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[1])


async def test_apps_are_copies_of_one_starter_which_comes_back_if_it_ends(party):
    _, ssh = party
    ana = await Guest.connect(ssh.port, "ana")
    await ana.shows("n creates a table")
    assert ssh.starter.proc is not None
    starter = ssh.starter.proc
    (session,) = ssh.sessions
    assert session.proc is not None and parent_of(session.proc.pid) == starter.pid
    ana.keys("\x11")  # ctrl+q: the starter says how her app ended
    await asyncio.wait_for(ana.process.wait_closed(), WAIT)
    assert ana.process.exit_status == 0
    await ana.close()

    starter.kill()
    await starter.wait()
    ben = await Guest.connect(ssh.port, "ben")  # a new starter for him
    await ben.shows("n creates a table")
    assert ssh.starter.proc is not None and ssh.starter.proc.pid != starter.pid
    await ben.close()


def test_user_folders_are_safe_and_distinct():
    names = ["ana", "Ana", "../..", ".", "", "a/b", "a\0b", "\x1b[2J", "ä" * 300]
    folders = [user_folder(name) for name in names]
    assert len(set(folders)) == len(names)
    for folder in folders:
        assert "/" not in folder and "\0" not in folder and not folder.startswith(".") and len(folder) <= 41


def test_a_name_that_looks_like_a_held_one_is_that_name(tmp_path):
    book, cyrillic = NameBook(tmp_path), "C\u0443"  # the second letter Cyrillic: it reads as Cy
    assert book.claim("Cy", "key-a").name == "Cy"
    other = book.claim(cyrillic, "key-b")
    assert (other.name, other.taken, other.new) == ("Cy 2", True, True)  # not a second Cy
    assert book.claim("Cy", "key-b").name == "Cy 2"  # the same name of its own either way
    mine = book.claim(cyrillic, "key-a")
    assert (mine.name, mine.taken, mine.folder) == ("Cy", False, book.folder("Cy"))
    held = book.holder(cyrillic)
    assert held is not None and held.key == "key-a"  # a guest without a key may not take it either
    assert book.claim("C\u0443 2", "key-c").name == "Cy 3"  # nor pass for the second one
    assert book.claim("Cyd", "key-c").name == "Cyd"  # a name that only starts alike is free


def children(pid: int) -> list[int]:
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def command_line(pid: int) -> bytes:
    return Path(f"/proc/{pid}/cmdline").read_bytes()


def gone(pid: int) -> bool:
    """The process has ended (and maybe not been reaped yet)."""
    try:
        return b"State:\tZ" in Path(f"/proc/{pid}/status").read_bytes()
    except FileNotFoundError:
        return True


async def test_yule_host_with_ssh_serves_over_ssh_from_a_process_of_its_own(tmp_path):
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "yule.tui.cli", "host", "--bind", "127.0.0.1", "--port", "0", "--ssh", "0",
        "--data", str(tmp_path), "--no-discovery", "--ssh-password", "mistletoe",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        printed = ""
        while "fingerprint" not in printed:
            line = await asyncio.wait_for(proc.stdout.readline(), WAIT)
            assert line, f"yule host ended early:\n{printed}"
            printed += line.decode()
        port = int(re.search(r"Yule over SSH on port (\d+)", printed).group(1))  # type: ignore[union-attr]
        assert f"ssh -p {port} NAME@127.0.0.1 (NAME: the name they play under), then the party word" in printed
        key = asyncssh.read_private_key(tmp_path / HOST_KEY_FILE)
        assert f"SSH host key fingerprint: {key.get_fingerprint()}" in printed
        ana = await Guest.connect(port, "ana")
        await ana.shows("Party word: ")
        ana.keys("mistletoe\r")
        await ana.shows("n creates a table")

        (server,) = children(proc.pid)  # the SSH server, below the host; the apps' starter, and an app, below it
        (starter,) = children(server)
        (app,) = children(starter)
        assert b"yule.tui.ssh.starter" in command_line(starter)
        for below in (server, app):
            assert os.getpriority(os.PRIO_PROCESS, below) > os.getpriority(os.PRIO_PROCESS, proc.pid)
        assert b"mistletoe" not in command_line(server)

        proc.kill()  # the host dies: the SSH server stops with it, and says so
        await ana.shows("The party's SSH server is stopping.")
        await asyncio.wait_for(ana.process.wait_closed(), WAIT)
        await until(lambda: gone(server), "the SSH server gone")
        await ana.close()
    finally:
        if proc.returncode is None:
            proc.terminate()
        await asyncio.wait_for(proc.wait(), WAIT)


def test_yule_hosts_shows_the_ssh_line(monkeypatch, capsys):
    async def found(timeout: float) -> list[FoundHost]:
        return [FoundHost("attic", "192.168.1.20", 7737, 2222), FoundHost("den", "192.168.1.30", 7737)]

    monkeypatch.setattr("yule.netplay.client.discover_hosts", found)
    assert main(["hosts"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["attic  192.168.1.20:7737  (or over SSH: ssh -p 2222 NAME@192.168.1.20)", "den  192.168.1.30:7737"]


def test_a_host_key_the_data_folder_cannot_keep_is_said_to_be_about_the_data_folder(tmp_path):
    folder = tmp_path / "data"
    folder.write_text("a file where the data folder should be")
    with pytest.raises(DataFolderError) as refused:
        load_host_key(folder)
    assert str(refused.value).startswith(f"the data folder {folder} cannot be used: ")


async def test_a_guest_whose_host_does_not_answer_may_only_try_it_again(tmp_path):
    with silent_port() as port:
        ssh = SSHServe(tmp_path, ("127.0.0.1", port))
        await ssh.start("127.0.0.1", 0)
        try:
            ana = await Guest.connect(ssh.port, "ana")
            await ana.shows("Nothing answers at")
            await ana.shows("r tries again, q quits.")
            assert "Another address" not in ana.text
            ana.keys("q")
            await ana.shows("Quit Yule? This ends your SSH session.")
            ana.keys("y")
            await asyncio.wait_for(ana.process.wait_closed(), WAIT)
            assert ana.process.exit_status == 1
            await ana.close()
        finally:
            await ssh.stop()


async def test_stopping_the_server_tells_each_guest(party):
    _, ssh = party
    ana = await Guest.connect(ssh.port, "ana")
    await ana.shows("n creates a table")
    await ssh.stop()
    await ana.shows("The party's SSH server is stopping.")
    await asyncio.wait_for(ana.process.wait_closed(), WAIT)
    assert ana.process.exit_status == 0
    await ana.close()


async def test_a_name_is_its_first_key_and_another_key_under_it_is_somebody_else(party):
    host, ssh = party
    book = NameBook(ssh.data_dir)
    a, b = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    async with Client("127.0.0.1", host.port, name="Organiser") as organiser:
        created = await organiser.request(Create(game="elf", seats=3, sit=False, bot_delay=0.0))
        dee = await Guest.connect(ssh.port, "dee", a)
        await dee.says(f"You are dee here: your SSH key holds this name now, so the same ssh line brings you back to your seat if your connection drops. To play under another name: ssh -p {ssh.port} OTHER@127.0.0.1.")  # fmt: skip
        await dee.shows("n creates a table")
        dee.keys("j")
        await dee.shows("type its join code")
        dee.keys(created["code"], "\r")
        table = host.tables[created["table"]]
        await until(lambda: any(s is not None and s.name == "dee" for s in table.seats), "dee seated")
        await organiser.fill_bots(table.id)
        await organiser.start(table.id)
        seat = [s.name if s else None for s in table.seats].index("dee")
        assert table.session is not None
        goal = "Goal " + " ".join(label(loc) for loc in table.session.state.view(seat)["goal"]["locations"])
        await dee.shows(goal)
        hers = book.folder("dee")
        assert (await app_of(ssh, a))[1] == str(hers)
        at = f"127.0.0.1:{host.port}"
        await until(lambda: SeatStore(hers / "seats.json").seats(at), "dee's seat kept in her folder")
        her_conn = table.seats[seat].conn

        other = await Guest.connect(ssh.port, "dee", b)  # the same line, another key
        notice = f"The name dee is taken here by another guest's SSH key, so you are dee 2 here; next time the same ssh line brings you back as dee 2. To play under another name: ssh -p {ssh.port} OTHER@127.0.0.1."  # fmt: skip
        assert await app_of(ssh, b) == (["dee 2", notice], str(book.folder("dee 2")))
        await other.says(notice)
        await other.shows("n creates a table")
        await until(
            lambda: any(c.name == "dee 2" for c in host.admission.connections), "the newcomer at the host, as dee 2"
        )
        assert SeatStore(book.folder("dee 2") / "seats.json").seats(at) == []
        assert table.seats[seat].conn is her_conn and table.seats[seat].name == "dee"  # dee keeps her seat
        assert "dee (you)" not in other.text and goal not in other.text
        assert "another terminal" not in dee.text
        holder = book.holder("dee 2")
        assert holder is not None and holder.key == b.get_fingerprint() and holder.alias_of == "dee"
        await other.close()

        dee.conn.abort()  # her Wi-Fi goes
        await until(lambda: table.seats[seat].conn is None, "dee away at the host")
        await until(lambda: not ssh.sessions, "both apps ended with their connections")
        back = await Guest.connect(ssh.port, "dee", a)
        await back.shows("dee (you)")  # her own key: straight back in her seat
        await back.shows(goal)
        assert (await app_of(ssh, a)) == (["dee"], str(hers))  # and no notice: she is at home here
        await until(lambda: table.seats[seat].conn is not None, "dee back in her seat")

        again = await Guest.connect(ssh.port, "dee", b)  # the newcomer's line again: dee 2 again
        assert (await app_of(ssh, b))[0][0] == "dee 2"
        await again.shows("n creates a table")
        await again.close()
        await back.close()
        await dee.close()


async def test_a_guest_without_a_key_may_not_use_a_name_a_key_holds(party):
    _, ssh = party
    dee = await Guest.connect(ssh.port, "dee")
    await dee.shows("n creates a table")
    for user, name in (("dee", "dee"), ("DEE", "DEE"), ("dee\u2800", "dee")):  # an invisible letter: no other name
        keyless = await Guest.connect(ssh.port, user, keyless=True)
        await asyncio.wait_for(keyless.process.wait_closed(), WAIT)
        assert keyless.process.exit_status == 1
        await keyless.says(f"The name {name} belongs to a guest who comes in with an SSH key. Without a key, come in under another name: ssh -p {ssh.port} OTHER@127.0.0.1 (or make a key with ssh-keygen).")  # fmt: skip
        await keyless.close()
    assert [s.fingerprint for s in ssh.sessions] == [key_of("dee").get_fingerprint()]
    await dee.close()


async def test_nobody_comes_in_under_a_bots_name(party):
    _, ssh = party
    keyless = await Guest.connect(ssh.port, "Hard Bot 2", keyless=True)
    with_key = await Guest.connect(ssh.port, "normal bot")
    for guest in (keyless, with_key):
        await asyncio.wait_for(guest.process.wait_closed(), WAIT)
        assert guest.process.exit_status == 1
    await keyless.says("Hard Bot 2 reads as the name of one of the host's bots (like Hard Bot 2, or any name with (bot) in it): choose another name.")  # fmt: skip
    await with_key.says("normal bot reads as the name of one of the host's bots")
    for guest in (keyless, with_key):
        await guest.close()
    assert not ssh.sessions and NameBook(ssh.data_dir).holders() == []  # the key holds no bot's name


async def test_guests_without_a_key_get_a_folder_for_their_visit_only(party):
    _, ssh = party
    first = await Guest.connect(ssh.port, "sam", keyless=True)
    argv, folder = await app_of(ssh, None)
    assert argv[0] == "sam" and "without an SSH key" in argv[1]
    await first.says("You came in without an SSH key, so you are sam for this visit only: if your connection drops, taking your seat back needs a yes from the table.")  # fmt: skip
    await first.shows("n creates a table")
    assert mode(folder) == 0o700
    assert not Path(folder).is_relative_to(ssh.data_dir)  # nothing kept where the names' folders are
    first.keys("\x11")  # ctrl+q
    await asyncio.wait_for(first.process.wait_closed(), WAIT)
    await until(lambda: not Path(folder).exists(), "the visit's folder removed")
    await first.close()

    second = await Guest.connect(ssh.port, "sam", keyless=True)  # another sam, or the same one
    assert (await app_of(ssh, None))[1] != folder
    await second.shows("n creates a table")
    assert NameBook(ssh.data_dir).holder("sam") is None  # a name is held by keys only
    await second.close()


async def test_the_host_releases_a_name_for_a_new_key(party, capsys):
    _, ssh = party
    dee = await Guest.connect(ssh.port, "dee")
    await dee.shows("n creates a table")
    await dee.close()
    names = ssh.data_dir / NAMES_FILE
    assert mode(names) == 0o600
    assert mode(ssh.data_dir) == 0o700
    folder = NameBook(ssh.data_dir).folder("dee")
    assert folder.is_dir()

    assert main(["ssh-names", "--data", str(ssh.data_dir)]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith("dee  " + key_of("dee").get_fingerprint() + "  first seen ")
    assert main(["ssh-names", "--data", str(ssh.data_dir), "--release", "Dee"]) == 0
    assert "free again" in capsys.readouterr().out
    assert NameBook(ssh.data_dir).holder("dee") is None and not folder.exists()
    assert main(["ssh-names", "--data", str(ssh.data_dir), "--release", "dee"]) == 1
    assert "no SSH key holds the name dee" in capsys.readouterr().err

    new_laptop = asyncssh.generate_private_key("ssh-ed25519")
    dee = await Guest.connect(ssh.port, "dee", new_laptop)
    await dee.says("You are dee here")  # the name is hers again, with the new key
    holder = NameBook(ssh.data_dir).holder("dee")
    assert holder is not None and holder.key == new_laptop.get_fingerprint()
    assert mode(names) == 0o600
    await dee.close()


async def test_a_guest_with_a_key_is_asked_the_party_word_on_their_terminal(tmp_path):
    ssh = SSHServe(tmp_path, ("127.0.0.1", 9), password="mistletoe")
    await ssh.start("127.0.0.1", 0)
    try:
        ana = await Guest.connect(ssh.port, "ana")
        at = await ana.shows("Party word: ")
        ana.keys("holly\r")
        at = await ana.shows("That is not the party word.", at)
        at = await ana.shows("Party word: ", at)
        assert "holly" not in ana.text  # never echoed
        ana.keys("mistletoX\x7fe\r")  # a typo, erased
        await ana.shows("Nothing answers at", at)  # in: the app runs (the game host here is silent)
        assert NameBook(tmp_path).holder("ana") is not None
        await ana.close()

        ben = await Guest.connect(ssh.port, "ben", local_addr=("127.0.0.2", 0))  # ana's typo counts at hers
        at = 0
        for _ in range(3):
            at = await ben.shows("Party word: ", at)
            ben.keys("holly\r")
        await asyncio.wait_for(ben.process.wait_closed(), WAIT)
        assert ben.process.exit_status == 1 and "Wrong party word: ask the host for it." in ben.text
        assert NameBook(tmp_path).holder("ben") is None  # not let in: the name is not his
        await ben.close()

        cy = await Guest.connect(ssh.port, "cy")
        await cy.shows("Party word: ")
        await ssh.stop()  # while cy is at the door: not let in
        await asyncio.wait_for(cy.process.wait_closed(), WAIT)
        assert cy.process.exit_status == 1 and "The party's SSH server is stopping." in cy.text
        assert not ssh.sessions and NameBook(tmp_path).holder("cy") is None
        await cy.close()
    finally:
        await ssh.stop()


async def test_a_guest_seated_at_a_playing_table_is_not_closed_however_long_they_wait(tmp_path):
    host = Host(tmp_path / "host", away_timeout=60)
    ssh = SSHServe(tmp_path / "ssh", ("127.0.0.1", 0), idle_timeout=2.0, idle_warning=1.0)
    async with serving(host, ssh), Client("127.0.0.1", host.port, name="Organiser") as organiser:
        created = await organiser.request(Create(game="elf", seats=3, sit=False, bot_delay=0.0))
        ana = await Guest.connect(ssh.port, "ana")
        await ana.shows("n creates a table")
        ana.keys("j")
        await ana.shows("type its join code")
        ana.keys(created["code"], "\r")
        table = host.tables[created["table"]]
        await until(lambda: any(s is not None and s.name == "ana" for s in table.seats), "ana seated")
        await organiser.fill_bots(table.id)
        await organiser.start(table.id)
        await ana.shows("ana (you)")
        (session,) = ssh.sessions
        assert session.status is not None
        await until(lambda: session.status.read_text() == "playing", "her app saying she plays")  # type: ignore[union-attr]
        # She waits (for her turn, for the others): well past the idle timeout, checked again and again.
        loop = asyncio.get_running_loop()
        await until(
            lambda: (
                session not in ssh.sessions
                or (loop.time() - session.last_key > 2 * ssh.idle_timeout and session.idle_checks >= 4)
            ),
            "time passing",
        )
        assert session in ssh.sessions and not ana.process.is_closing()
        assert session.warnings == 0 and "Closed after" not in ana.text
        assert table.seats[[s.name if s else None for s in table.seats].index("ana")].conn is not None
        await ana.close()


async def test_an_idle_guest_in_the_lobby_is_warned_before_the_session_closes(tmp_path):
    host = Host(tmp_path / "host", away_timeout=60)
    ssh = SSHServe(tmp_path / "ssh", ("127.0.0.1", 0), idle_timeout=2.0, idle_warning=1.0)
    async with serving(host, ssh):
        ana = await Guest.connect(ssh.port, "ana")
        await ana.shows("n creates a table")
        (session,) = ssh.sessions
        await ana.says("Still there?")
        await ana.says("No key pressed here for a while: press any key to stay, or this SSH session ends in 1 second.")  # fmt: skip
        assert session.warned and session in ssh.sessions
        ana.keys("?")  # she stays
        await ana.shows("Rules")
        await until(lambda: not session.warned, "the warning taken back")
        await until(lambda: session.warnings == 2, "warned again, as she presses nothing more")
        at = len(ana.text)
        await ana.shows("Closed after", at)
        await asyncio.wait_for(ana.process.wait_closed(), WAIT)
        await ana.close()
        assert not ssh.sessions


async def test_the_game_host_counts_a_guest_under_the_address_the_ssh_server_vouches_for(tmp_path):
    key = secrets.token_bytes(32)
    host = Host(tmp_path / "host", away_timeout=60, relay_key=key)
    await host.start("127.0.0.1", 0)
    ssh = SSHServe(tmp_path / "ssh", ("127.0.0.1", host.port), relay=key)
    await ssh.start("127.0.0.1", 0)
    try:
        ana = await Guest.connect(ssh.port, "ana", local_addr=("127.0.0.2", 0))
        await ana.shows("n creates a table")
        (conn,) = [c for c in host.admission.connections if c.name == "ana"]
        assert conn.address == conn.group == "127.0.0.2"  # not the SSH server's 127.0.0.1
        await ana.close()
    finally:
        await ssh.stop()
        await host.stop()
