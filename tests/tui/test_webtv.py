"""``yule watch --web``: the TV page answers over HTTP and its websocket streams the TV view live.

A real host plays a Gift Exchange of bots; ``yule watch --web`` runs as a process; an HTTP
client fetches the page and opens its websocket as a browser does, and the frames it receives
draw the TV view, then the game moving on.
"""

from __future__ import annotations

import asyncio
import random
import re
import sys

import aiohttp
from tui_support import terminal_text

from yule.netplay.client import Client
from yule.netplay.host import Host
from yule.tui.webtv import TV_FONT_SIZE, watch_command

WAIT = 30.0
"""Seconds a wait may last before the test fails: guards a hang only."""


def test_the_command_names_the_table_literally():
    assert watch_command("::1", 7737, 3, None).endswith("watch '[::1]:7737' --table 3")
    assert watch_command("10.0.0.2", 7737, None, "$(reboot)").endswith("watch 10.0.0.2:7737 --code '$(reboot)'")


PORTS = range(20000, 32768)
"""Where the TV server is tried: below Linux's range for ports the system hands out itself."""


async def serve_web_tv(host_port: int, code: str) -> tuple[asyncio.subprocess.Process, int]:
    """``yule watch --web`` answering on a port of its own, and that port.

    textual-serve takes a port number, not a listening socket, so a port is tried: one taken
    (by anyone, at any moment) makes the process say so and exit, and the next one is tried.
    Nothing is guessed free in advance.
    """
    for port in random.Random().sample(PORTS, 20):
        web = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "yule.tui.cli", "watch", f"127.0.0.1:{host_port}", "--code", code,
            "--web", "--bind", "127.0.0.1", "--port", str(port),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        )  # fmt: skip
        assert web.stdout is not None
        told = (await asyncio.wait_for(web.stdout.readline(), WAIT)).decode()
        if f"http://127.0.0.1:{port}" in told and await answers(web, port):
            return web, port
        said = told + (await asyncio.wait_for(web.stdout.read(), WAIT)).decode()
        assert await web.wait() != 0 and re.search("cannot listen|address already in use", said, re.I), said
    raise AssertionError("no port in 20 tries")


async def answers(web: asyncio.subprocess.Process, port: int) -> bool:
    """The TV server answers HTTP on ``port`` (it tells its address just before it listens);
    ``False`` when it exits first, as when the port was taken meanwhile."""
    async with aiohttp.ClientSession() as http, asyncio.timeout(WAIT):
        while web.returncode is None:
            try:
                async with http.get(f"http://127.0.0.1:{port}/", allow_redirects=False):
                    return True
            except aiohttp.ClientConnectorError:
                await asyncio.sleep(0.05)
    return False


async def test_the_tv_page_follows_the_game_over_its_websocket(tmp_path):
    host = Host(tmp_path, away_timeout=60)
    await host.start("127.0.0.1", 0)
    web = None
    try:
        async with Client("127.0.0.1", host.port, name="Organiser") as organiser:
            created = await organiser.request(
                {"type": "create", "game": "gift-exchange", "seats": 4, "sit": False, "bot_delay": 0.5}
            )
            await organiser.fill_bots(created["table"])
            web, port = await serve_web_tv(host.port, created["code"])
            async with aiohttp.ClientSession() as http:
                async with http.get(f"http://127.0.0.1:{port}/") as page:
                    assert page.status == 200 and page.url.query["fontsize"] == str(TV_FONT_SIZE)
                    html = await page.text()
                assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in html
                async with http.ws_connect(f"ws://127.0.0.1:{port}/ws?width=120&height=36") as ws:
                    raw = bytearray()

                    async def until_drawn(pattern: str) -> re.Match[str]:
                        async with asyncio.timeout(WAIT):
                            while (found := re.search(pattern, terminal_text(bytes(raw)))) is None:
                                message = await ws.receive()
                                assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
                                if message.type == aiohttp.WSMsgType.BINARY:  # the terminal's output
                                    raw.extend(message.data)
                        return found

                    await until_drawn(r"Yule TV · Gift Exchange · table \d+")
                    await organiser.start(created["table"])
                    await until_drawn(r"4 gifts: \d wrapped, [1-4] open")  # the bots play: the page follows
    finally:
        if web is not None:
            web.terminate()
            await asyncio.wait_for(web.wait(), WAIT)
        await host.stop()
