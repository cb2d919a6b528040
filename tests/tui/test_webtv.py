"""``yule watch --web``: the TV page answers over HTTP and its websocket streams the TV view live.

A real host plays a Gift Exchange of bots; ``yule watch --web`` runs as a process; an HTTP
client fetches the page and opens its websocket as a browser does, and the frames it receives
draw the TV view, then the game moving on.
"""

from __future__ import annotations

import asyncio

import aiohttp
import pytest
from webtv_support import WAIT, serve_web_tv, until_drawn

from yule.netplay.client import Client
from yule.netplay.host import Host
from yule.tui.webtv import TV_FONT_SIZE, watch_command


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
                    await until_drawn(ws, raw, r"Yule TV · Gift Exchange · table \d+")
                    await organiser.start(created["table"])
                    await until_drawn(ws, raw, r"4 gifts: \d wrapped, [1-4] open")  # the bots play: the page follows
    finally:
        if web is not None:
            web.terminate()
            await asyncio.wait_for(web.wait(), WAIT)
        await host.stop()
