"""Fixtures for every test folder: ``host``, a Yule host on 127.0.0.1 (bound to port 0, so any
free port: read it back from ``host.port``) over a temporary data folder; and, for every test,
private folders: no test reads or writes the player's real folders (the seat file,
``YULE_STATE_DIR``, and the platform's user data and state folders, where ``yule play`` keeps
its games, point into the test's own temporary folder); and the strong bot searching a fixed
number of iterations (:data:`SEARCH_ITERATIONS`) wherever a test does not give it one, in the
host's bots and stand-ins and in hints too: no test waits out a think time; every app
drawing for a truecolor terminal; and every test starting in English.

Tests import its helpers by name (``from conftest import until``): :func:`running` starts a
host of a test's own and stops it, :func:`silent_port` holds a port where nothing answers,
:func:`until` and :func:`comes_true` wait for a condition outside an app (an app's tests wait
with Pilot: ``tui_support.wait_for``)."""

from __future__ import annotations

import asyncio
import socket
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import pytest

from yule.core.ismcts import DEFAULT_THINK, SearchBot
from yule.netplay.host.connection import Limits
from yule.netplay.host.server import Host
from yule.tui.words import set_language

FAST = Limits(hello_timeout=0.5, frame_timeout=0.5, idle_timeout=5.0, heartbeat=1.0, send_buffer=64 * 1024,
              behind_at=16 * 1024, shortest_turn=0.1)  # fmt: skip
"""Short timeouts so the hostile-input tests finish quickly, and turn timers that run out quickly."""

SEARCH_ITERATIONS = 10
"""How many iterations the strong bot searches a decision in the tests, unless a test says:
by count, never by clock, so it decides as fast and the same however loaded the machine is."""


async def comes_true(condition: Callable[[], Any], timeout: float, every: float = 0.02) -> bool:
    """Poll ``condition()`` (a function, sync or async) ``every`` so many seconds until it is
    true (then True), for ``timeout`` seconds at the most (then False)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        result = condition()
        if asyncio.iscoroutine(result):
            result = await result
        if result:
            return True
        if loop.time() > deadline:
            return False
        await asyncio.sleep(every)


async def until(
    condition: Callable[[], Any], what: str = "the condition", timeout: float = 30.0, every: float = 0.02
) -> None:
    """Wait for ``condition()`` (:func:`comes_true`); fail after ``timeout`` seconds.  The timeout
    only guards against a hang (it is no speed test): a loaded machine must not fail here."""
    assert await comes_true(condition, timeout, every), f"timed out waiting for {what}"


@asynccontextmanager
async def running(host: Host) -> AsyncIterator[int]:
    """``host`` started on loopback at a port the system chooses, stopped at the end: its port."""
    port = await host.start("127.0.0.1", 0)
    try:
        yield port
    finally:
        await host.stop()
        if (support := sys.modules.get("netplay_support")) is not None:
            await support.Raw.close_all(port)  # the bare connections a test left open


@contextmanager
def silent_port() -> Iterator[int]:
    """A loopback port where nothing answers while the block lasts: a socket is bound there and
    never listens, so a connection is refused.  Nothing else can take the port meanwhile, but a
    host may start there (the two allow the address to be shared), and then it answers."""
    held = socket.socket()
    held.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    held.bind(("127.0.0.1", 0))
    try:
        yield held.getsockname()[1]
    finally:
        held.close()


@pytest.fixture
async def host(tmp_path):
    the_host = Host(tmp_path / "data", away_timeout=60, limits=FAST)
    async with running(the_host):
        yield the_host


@pytest.fixture(autouse=True)
def private_folders(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("YULE_STATE_DIR", str(home / "state" / "yule"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / "state"))
    return home


@pytest.fixture(autouse=True)
def a_truecolor_terminal(monkeypatch):
    """Every app in the tests draws for a truecolor terminal with colour on, whoever runs them:
    the palette's colours depend on the terminal's colour system (a test of another one, as
    ``test_colours`` is, sets its own)."""
    monkeypatch.setenv("COLORTERM", "truecolor")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TEXTUAL_COLOR_SYSTEM", raising=False)


@pytest.fixture(autouse=True)
def no_tv_moments(monkeypatch):
    """The Gift Exchange TV shows no opening's moment (the board stays on screen) unless a test
    of the moment sets :attr:`GiftExchangeTV.MOMENT` itself (``test_gift_exchange_mending``)."""
    from yule.tui.gift_exchange.tv import GiftExchangeTV

    monkeypatch.setattr(GiftExchangeTV, "MOMENT", 0.0)


@pytest.fixture(autouse=True)
def in_english(monkeypatch):
    """Every test starts in English, whatever the language of whoever runs them (the commands
    follow ``LANGUAGE`` and friends), and a test that speaks another language (``set_language``)
    leaves none behind."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def bots_search_by_count(monkeypatch):
    made = SearchBot.__init__

    def by_count(self, rng, think=DEFAULT_THINK, iterations=None, **options):
        made(self, rng, think, SEARCH_ITERATIONS if iterations is None else iterations, **options)

    monkeypatch.setattr(SearchBot, "__init__", by_count)
