"""``yule watch --web``: the TV page answers over HTTP and its websocket streams the TV view live.

A real host plays a Gift Exchange of bots; ``yule watch --web`` runs as a process; an HTTP
client fetches the page and opens its websocket as a browser does, and the frames it receives
draw the TV view, then the game moving on.  The page is guarded: on loopback unless told
otherwise, at its secret path only, its websocket for its own origin only, its pages capped, and
all it loads served by itself.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from conftest import until
from webtv_support import WAIT, origin_of, serve_web_tv, socket_of, until_drawn

from yule.netplay.asks import Create
from yule.netplay.client import Client
from yule.netplay.host.server import Host
from yule.tui.webtv import TV_FONT_SIZE, TVServer, watch_command

URL = re.compile(r"""(?:[a-z]+:)?//[^\s"')]+|url\(\s*["']?([^"')]+)""")
"""An address in HTML or CSS: an absolute one (any scheme), or what a CSS ``url()`` names."""


def test_the_command_names_the_table_literally(monkeypatch):
    assert watch_command("::1", 7737, 3, None, windows=False).endswith("watch '[::1]:7737' --table 3")
    assert watch_command("10.0.0.2", 7737, None, "$(reboot)", windows=False).endswith(
        "watch 10.0.0.2:7737 --code '$(reboot)'"
    )
    monkeypatch.setattr("sys.executable", r"C:\Program Files\Python311\python.exe")  # cmd.exe's turn
    assert watch_command("::1", 7737, None, "K7QF2M", windows=True) == (
        r'"C:\Program Files\Python311\python.exe" -m yule.tui.cli watch [::1]:7737 --code K7QF2M'
    )
    with pytest.raises(ValueError, match="only letters, digits"):
        watch_command("10.0.0.2", 7737, None, "AB&calc", windows=True)


@pytest.fixture
async def table(tmp_path) -> AsyncIterator[tuple[Client, int, dict[str, Any]]]:
    """A host on loopback with a Gift Exchange of bots waiting to start: its organiser, the
    host's port, and the table as created (its number and code)."""
    host = Host(tmp_path, away_timeout=60)
    await host.start("127.0.0.1", 0)
    try:
        async with Client("127.0.0.1", host.port, name="Organiser") as organiser:
            created = await organiser.request(Create(game="gift-exchange", seats=4, sit=False, bot_delay=0.5))
            await organiser.fill_bots(created["table"])
            yield organiser, host.port, created
    finally:
        await host.stop()


@asynccontextmanager
async def tv_page(host_port: int, code: str) -> AsyncIterator[str]:
    """``yule watch --web`` of the table with ``code``, as a process: its page's address."""
    web, page = await serve_web_tv(host_port, code)
    try:
        yield page
    finally:
        web.terminate()
        await asyncio.wait_for(web.wait(), WAIT)


async def test_the_tv_page_follows_the_game_over_its_websocket(table):
    organiser, host_port, created = table
    async with tv_page(host_port, created["code"]) as page, aiohttp.ClientSession() as http:
        async with http.get(page) as answer:
            assert answer.status == 200 and answer.url.query["fontsize"] == str(TV_FONT_SIZE)
            html = await answer.text()
        assert f'data-session-websocket-url="{socket_of(page)}"' in html
        async with http.ws_connect(f"{socket_of(page)}?width=120&height=36", headers=origin_of(page)) as ws:
            raw = bytearray()
            await until_drawn(ws, raw, r"Yule TV · Gift Exchange · table \d+")
            await organiser.start(created["table"])
            await until_drawn(ws, raw, r"4 gifts: \d wrapped, [1-4] open")  # the bots play: the page follows


async def test_the_tv_page_is_on_loopback_at_its_secret_path_and_loads_nothing_from_elsewhere(table):
    _, host_port, created = table
    async with tv_page(host_port, created["code"]) as page, aiohttp.ClientSession() as http:
        site, secret = page.rsplit("/", 2)[:2]
        port = int(site.rsplit(":", 1)[1])
        with pytest.raises(OSError):  # loopback only: not even another loopback address answers
            await asyncio.open_connection("127.0.0.2", port)
        for elsewhere in ("/", "/ws", "/static/js/textual.js", f"/{secret[:-1]}/", f"/{secret}x/", "/download/x"):
            async with http.get(site + elsewhere, allow_redirects=False) as answer:
                assert answer.status == 404, elsewhere
        async with http.get(page) as answer:
            assert answer.status == 200
            html = await answer.text()
        sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
        assert sheets and all(sheet.startswith(f"{page}static/") for sheet in sheets)
        for sheet in sheets:
            async with http.get(sheet) as answer:
                assert answer.status == 200
                html += await answer.text()
        loaded = re.sub(r"/\*.*?\*/|<!--.*?-->", "", html, flags=re.S)  # comments (xterm.css's credits) load nothing
        named = [m.group(1) or m.group() for m in URL.finditer(loaded)]
        here = site.removeprefix("http:")  # //127.0.0.1:PORT
        elsewhere = [n for n in named if re.match("([a-z]+:)?//", n) and not re.sub("^[a-z]+:", "", n).startswith(here + "/")]  # fmt: skip
        assert not elsewhere, elsewhere
        (font,) = {n for n in named if n.endswith("/fonts/RobotoMono-VariableFont_wght.ttf")}  # its font, served here
        async with http.get(font) as answer:
            assert answer.status == 200 and len(await answer.read()) > 100_000


@asynccontextmanager
async def tv_server(host_port: int, code: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[TVServer, str]]:
    """The TV server in this process, on loopback at a port of the system's choosing; its page's
    address.  The pages' app processes have ended when it closes (textual-serve tells an app to
    quit but does not wait for its process: one still ending would outlive the test's loop)."""
    apps: list[asyncio.subprocess.Process] = []
    start = asyncio.create_subprocess_shell

    async def started(*args: Any, **kwargs: Any) -> asyncio.subprocess.Process:
        apps.append(await start(*args, **kwargs))
        return apps[-1]

    monkeypatch.setattr(asyncio, "create_subprocess_shell", started)
    server = TVServer(watch_command("127.0.0.1", host_port, None, code), "127.0.0.1", 0, ["127.0.0.1"])
    runner = web.AppRunner(server.application())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    server.port = runner.addresses[0][1]
    server.public_url = f"http://127.0.0.1:{server.port}"
    try:
        yield server, server.page_urls[0]
    finally:
        await runner.cleanup()
        for app in apps:
            await asyncio.wait_for(app.wait(), WAIT)


@asynccontextmanager
async def browser(address: str) -> AsyncIterator[aiohttp.ClientSession]:
    """An HTTP client on the machine at ``address`` (a loopback address)."""
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0))) as http:
        yield http


async def test_the_tv_pages_websocket_answers_only_its_own_origin_and_pages_are_capped(table, monkeypatch):
    monkeypatch.setattr("yule.tui.webtv.TV_PAGES", 2)
    monkeypatch.setattr("yule.tui.webtv.TV_PAGES_PER_ADDRESS", 1)
    _, host_port, created = table
    async with tv_server(host_port, created["code"], monkeypatch) as (server, page), browser("127.0.0.2") as tv:
        for foreign in ({"Origin": "http://evil.example"}, {"Origin": "null"}, {}):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await tv.ws_connect(socket_of(page), headers=foreign)
            assert refused.value.status == 403
        assert not server.pages
        first = await tv.ws_connect(f"{socket_of(page)}?width=120&height=36", headers=origin_of(page))
        await until_drawn(first, bytearray(), r"Yule TV · Gift Exchange")
        async with tv.get(page) as answer:  # a second page from the same address: told why not
            assert answer.status == 503
            assert await answer.text() == "As many TV pages as one address may open (1) are open from yours; close one and reload this page."  # fmt: skip
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await tv.ws_connect(socket_of(page), headers=origin_of(page))
        async with browser("127.0.0.3") as other, browser("127.0.0.4") as third:
            second = await other.ws_connect(f"{socket_of(page)}?width=120&height=36", headers=origin_of(page))
            await until_drawn(second, bytearray(), r"Yule TV · Gift Exchange")
            async with third.get(page) as answer:  # two pages in all: a third is told why not
                assert answer.status == 503
                assert await answer.text() == "The TV page is open in 2 browsers already; close one and reload this page."  # fmt: skip
            await second.close()
        await first.close()
        await until(lambda: not server.pages, "the pages closed")
        async with tv.get(page) as answer:  # the pages closed: room again
            assert answer.status == 200
