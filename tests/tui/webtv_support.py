"""Shared helpers for the tests of ``yule watch --web`` (imported by name): the TV server as a
process on a port of its own, and the TV view read from its page's websocket.
"""

from __future__ import annotations

import asyncio
import random
import re
import sys

import aiohttp
from tui_support import terminal_text

WAIT = 30.0
"""Seconds a wait may last before the test fails: guards a hang only."""

PORTS = range(20000, 32768)
"""Where the TV server is tried: below Linux's range for ports the system hands out itself."""


async def serve_web_tv(
    host_port: int, code: str, env: dict[str, str] | None = None
) -> tuple[asyncio.subprocess.Process, str]:
    """``yule watch --web`` answering on a port of its own (on loopback, its default), and the
    page's address it prints (``http://127.0.0.1:PORT/SECRET/``).

    textual-serve takes a port number, not a listening socket, so a port is tried: one taken
    (by anyone, at any moment) makes the process say so and exit, and the next one is tried.
    Nothing is guessed free in advance.  ``env``: the process's environment (else this one's).
    """
    for port in random.Random().sample(PORTS, 20):
        web = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "yule.tui.cli", "watch", f"127.0.0.1:{host_port}", "--code", code,
            "--web", "--port", str(port),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=env,
        )  # fmt: skip
        assert web.stdout is not None
        try:
            told = (await asyncio.wait_for(web.stdout.readline(), WAIT)).decode()
            page = re.search(rf"http://127\.0\.0\.1:{port}/[\w-]+/", told)
            if page is not None and await answers(web, page.group()):
                return web, page.group()
            said = told + (await asyncio.wait_for(web.stdout.read(), WAIT)).decode()
        except BaseException:
            web.kill()  # not left behind when it says what it should not
            await web.wait()
            raise
        assert await web.wait() != 0 and re.search("cannot listen|address already in use", said, re.I), said
    raise AssertionError("no port in 20 tries")


def socket_of(page: str) -> str:
    """The websocket address of the TV page at ``page``, as the page names it."""
    return "ws" + page.removeprefix("http") + "ws"


def origin_of(page: str) -> dict[str, str]:
    """The headers a browser showing ``page`` sends with its websocket: its origin."""
    scheme, _, host = page.split("/", 3)[:3]
    return {"Origin": f"{scheme}//{host}"}


async def answers(web: asyncio.subprocess.Process, page: str) -> bool:
    """The TV server answers HTTP at ``page`` (it tells its address just before it listens);
    ``False`` when it exits first, as when the port was taken meanwhile."""
    async with aiohttp.ClientSession() as http, asyncio.timeout(WAIT):
        while web.returncode is None:
            try:
                async with http.get(page, allow_redirects=False):
                    return True
            except aiohttp.ClientConnectorError:
                await asyncio.sleep(0.05)
    return False


async def until_drawn(ws: aiohttp.ClientWebSocketResponse, raw: bytearray, pattern: str) -> re.Match[str]:
    """Read the TV page's websocket as a browser does, adding the terminal's output to ``raw``,
    until the text drawn so far matches ``pattern``; the match."""
    async with asyncio.timeout(WAIT):
        while (found := re.search(pattern, terminal_text(bytes(raw)))) is None:
            message = await ws.receive()
            assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
            if message.type == aiohttp.WSMsgType.BINARY:  # the terminal's output
                raw.extend(message.data)
    return found
