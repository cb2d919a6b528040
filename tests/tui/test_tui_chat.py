"""Chat in the terminal app: the chat key at the table and at the waiting table in the lobby,
lines marked as chat in the log and shown literally, the chat said before one sat down, and the
TV's chat lines."""

from __future__ import annotations

from dataclasses import replace

from conftest import running
from tui_support import Notes, screen_text, table_of, view_of, wait_for

from yule.netplay.client import Client
from yule.netplay.host.connection import Limits
from yule.netplay.host.server import Host
from yule.tui.app import YuleApp
from yule.tui.lobby import LobbyScreen
from yule.tui.questions import CodeScreen
from yule.tui.screens import TableScreen
from yule.tui.tv import WatchApp
from yule.tui.wholelog import LogScreen
from yule.tui.widgets import ChatInput


def log_text(app: YuleApp) -> list[str]:
    assert app.table_screen is not None
    return [line if isinstance(line, str) else line.plain for line in app.table_screen.lines]  # words, or a chat line


async def next_chat(client: Client) -> dict:
    async for msg in client:
        if msg["type"] == "chat":
            return msg
    raise AssertionError("the client stopped before a chat line")


async def test_chat_at_the_table_both_ways_and_the_lines_said_before_sitting_down(host):
    port = host.port
    async with Client("127.0.0.1", port, "Ben") as ben:
        created = await ben.create_table("white-elephant", 3, bot_delay=30)
        table = created["table"]
        await ben.chat(table, "said before you came [wave]")
        app = YuleApp(name="Ana", address=("127.0.0.1", port), code=created["code"], discover=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: table_of(app) == table, what="Ana at the table")
            # The waiting table in the lobby: its panel shows the chat, m says a line there too.
            await wait_for(pilot, lambda: "Ben: said before you came" in screen_text(app), what="lobby chat")
            await pilot.press("m", *"hello [all]", "enter")
            said = await next_chat(ben)
            while said["text"] != "hello [all]":
                said = await next_chat(ben)
            await wait_for(pilot, lambda: "chat│ Ana: hello [all]" in screen_text(app), what="in the panel")
            await ben.fill_bots(table)
            await ben.start(table)
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and view_of(app), what="the game")
            await wait_for(pilot, lambda: "chat│ Ben: said before you came [wave]" in log_text(app), what="history")
            assert "chat│ Ana: hello [all]" in log_text(app)
            await wait_for(pilot, lambda: "m Chat" in screen_text(app), what="the chat key in the footer")
            await ben.chat(table, "[bold]your[/] move")
            await wait_for(pilot, lambda: "chat│ Ben: [bold]your[/] move" in screen_text(app), what="the line")
            await pilot.press("m")
            chat = app.screen.query_one(ChatInput)
            assert chat.has_focus and chat.display
            await pilot.press(*"[red]hi[/red] all", "exclamation_mark", "enter")  # as a terminal names the "!" key
            said = await next_chat(ben)
            while said["text"] != "[red]hi[/red] all!":
                said = await next_chat(ben)
            assert said["seat"] == 1 and said["name"] == "Ana"
            await wait_for(pilot, lambda: "chat│ Ana: [red]hi[/red] all!" in log_text(app), what="own line back")
            assert not chat.display and not chat.has_focus and chat.value == ""
            await pilot.press("m", "x", "escape")  # Escape closes without saying anything
            assert not chat.display and chat.value == ""
            await pilot.press("l")
            await wait_for(pilot, lambda: isinstance(app.screen, LogScreen), what="the whole log")
            assert "chat│ Ana: [red]hi[/red] all!" in screen_text(app)


async def test_a_spectator_chats_and_a_refused_line_is_explained(tmp_path):
    host = Host(tmp_path, away_timeout=60, limits=replace(Limits(), chat_rate=0.0, chat_burst=1.0))
    async with running(host) as port, Client("127.0.0.1", port, "Ben") as ben:
        created = await ben.create_table("white-elephant", 3, bot_delay=30)
        table = created["table"]
        await ben.fill_bots(table)
        await ben.start(table)
        app = YuleApp(name="TV", address=("127.0.0.1", port), discover=False)
        notes = Notes()
        async with app.run_test(size=(80, 24), message_hook=notes) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables, what="lobby")
            await pilot.press("w")  # watch the table: a private one asks for its code
            await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), what="the code")
            await pilot.press(*created["code"], "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), what="the table")
            for text in ("first", "second"):
                await pilot.press("m", *text, "enter")
            await wait_for(pilot, lambda: any("too fast" in n.message for n in notes), what="no")
            assert "chat│ TV (watching): first" in log_text(app) and "second" not in " ".join(log_text(app))
            chat = app.screen.query_one(ChatInput)
            assert not chat.has_focus  # the refusal takes no key from the table
            await pilot.press("m")  # the line refused is there again, to send later or change
            assert chat.has_focus and chat.value == "second"


async def test_the_tv_of_any_game_shows_the_chat_so_far_and_each_new_line(host):
    port = host.port
    async with Client("127.0.0.1", port, "Ben") as ben:
        created = await ben.create_table("white-elephant", 3, bot_delay=30)
        table = created["table"]
        await ben.chat(table, "before the game [1]")
        await ben.fill_bots(table)
        await ben.start(table)
        app = WatchApp("127.0.0.1", port, None, created["code"])
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: "chat│ Ben: before the game [1]" in screen_text(app), what="the chat so far")
            await ben.chat(table, "and now [2]")
            await wait_for(pilot, lambda: "chat│ Ben: and now [2]" in screen_text(app), what="a new line")
            assert "m Chat" not in screen_text(app)  # the TV shows the chat; nobody types at it
