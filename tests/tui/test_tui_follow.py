"""Following the host (issue 4, §5): the app against a real in-process host that drops the
connection or restarts, by key presses.

- A dropped connection while the bots play: the status line says "reconnecting…" (the
  reconnect is held back until the bots have moved meanwhile), then "connected"; the same seat
  at the same table comes back, the log holds the moves made meanwhile and none twice; play
  goes on.
- A host restart: the Host object is stopped and a new one started on the same port and data
  folder; the table comes back as it was (same view, same seat, same log) and play goes on.
"""

from __future__ import annotations

import asyncio

from conftest import until
from game_support import logged
from tui_support import my_turn, screen_text, sit_at_a_started_table, table_of, take_two, view_of, wait_for

from yule.netplay.client import Client
from yule.netplay.host.server import Host
from yule.tui.app import YuleApp
from yule.tui.lobby import LobbyScreen
from yule.tui.screens import TableScreen


async def test_a_dropped_connection_comes_back_to_the_same_seat(tmp_path, monkeypatch):
    host = Host(tmp_path, away_timeout=60)
    port = await host.start("127.0.0.1", 0)
    gate = asyncio.Event()
    opened = Client._open

    async def held_back(self: Client) -> None:
        if self.state == "reconnecting":
            await gate.wait()
        await opened(self)

    monkeypatch.setattr(Client, "_open", held_back)
    try:
        app = YuleApp(name="Ana", address=("127.0.0.1", port), discover=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await sit_at_a_started_table(pilot, app)
            await take_two(pilot, app, "Ana")
            if my_turn(app):
                await pilot.press("e")  # a Peek is left: end the turn, the bots play on
            await wait_for(pilot, lambda: view_of(app)["turn"] != view_of(app)["you"], what="a bot's turn")
            table, seat = table_of(app), view_of(app)["you"]
            host_log = host.tables[table].log.entries
            assert "host: connected" in screen_text(app)
            app.client._writer.transport.abort()  # the network drops under the client
            await wait_for(pilot, lambda: "host: reconnecting…" in screen_text(app), what="reconnecting…")
            await wait_for(pilot, lambda: len(host_log) > len(app.table_screen.lines) + 1, what="bots moving meanwhile")
            gate.set()
            await wait_for(pilot, lambda: "host: connected" in screen_text(app), what="connected again")
            # The host's log so far in place of ours: the moves made meanwhile are there, none twice.
            await wait_for(
                pilot,
                lambda: app.table_screen.lines == logged(host.tables[table], host.tables[table].log.entries),
                what="the log",
            )
            assert (table_of(app), view_of(app)["you"]) == (table, seat)
            assert isinstance(app.screen, TableScreen)
            await wait_for(pilot, lambda: my_turn(app) or "result" in view_of(app), what="our turn")
            if "result" not in view_of(app) and view_of(app)["phase"] != "after" and len(view_of(app)["exchange"]) > 1:
                await take_two(pilot, app, "Ana")
    finally:
        await host.stop()


async def test_a_restarted_host_brings_the_table_back_as_it_was(tmp_path):
    host = Host(tmp_path, away_timeout=60)
    port = await host.start("127.0.0.1", 0)
    try:
        app = YuleApp(name="Ben", address=("127.0.0.1", port), discover=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await sit_at_a_started_table(pilot, app)
            await take_two(pilot, app, "Ben")
            await wait_for(pilot, lambda: my_turn(app) or "result" in view_of(app), what="our next turn")
            table, seat, view, lines = table_of(app), view_of(app)["you"], view_of(app), list(app.table_screen.lines)
            code = app.status["code"]
            await host.stop()
            await wait_for(pilot, lambda: "host: reconnecting…" in screen_text(app), what="reconnecting…")
            host = Host(tmp_path, away_timeout=60)
            await host.start("127.0.0.1", port)
            await wait_for(pilot, lambda: "host: connected" in screen_text(app), what="connected again")
            await wait_for(pilot, lambda: view_of(app) is not view, what="the view again")
            assert (table_of(app), view_of(app)["you"], app.status["code"]) == (table, seat, code)
            assert view_of(app) == view
            assert app.table_screen.lines == lines
            if "result" not in view:
                await wait_for(pilot, lambda: my_turn(app), what="our turn after the restart")
                if view["phase"] == "after":
                    await pilot.press("e")
                    await wait_for(
                        pilot,
                        lambda: any("Ben ended" in line for line in app.table_screen.lines[len(lines) :]),
                        what="the end of the turn",
                    )
                else:
                    await take_two(pilot, app, "Ben")
    finally:
        await host.stop()


async def test_a_latecomer_watching_gets_the_whole_log_so_far(host):
    port = host.port
    async with Client("127.0.0.1", port, name="Hal") as hal:
        created = await hal.create_table("white-elephant", 3, bot_delay=0.05, sit=False)
        table = created["table"]
        await hal.fill_bots(table)
        await hal.start(table)
        await until(lambda: len(host.tables[table].log.entries) >= 8, what="a game under way")
        host.tables[table].bot_delay = 60  # the bots wait: the game is still on when Ivy comes to watch
        app = YuleApp(name="Ivy", address=("127.0.0.1", port), discover=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables, what="the table")
            await pilot.press("w")
            await wait_for(
                pilot, lambda: "type its join code, then Enter." in screen_text(app), what="the whole question"
            )
            await pilot.press(*created["code"], "enter")
            await wait_for(pilot, lambda: app.screen is app.table_screen and bool(view_of(app)), what="the view")
            texts = logged(host.tables[table], host.tables[table].log.entries)
            await wait_for(pilot, lambda: app.table_screen.lines[: len(texts)] == texts, what="the log so far")
            assert app.table_screen.lines[0] == texts[0]  # from the start of the game, not from now
            assert view_of(app).get("you") is None and "You are watching" in app.table_screen.table.reason("take")
