"""A helper beside a child, in the terminal app, against a real host (White Rabbit).

- The child's screen asks "Mum asks to help you with your hand ..."; ``y`` lets her help; the
  table shows "Max (helped by Mum)"; Mum's suggestion shows ("Mum suggests: ...") and ``y``
  plays it as the child's own move; ``u`` ends the help, once confirmed.
- The parent's screen: ``h`` on the table in the lobby, the join code, whom to help, the wait;
  with the yes the child's table as the child sees it, titled "Helping Max", a move chosen is
  a suggestion; when the child ends the help the parent is back in the lobby.
"""

from __future__ import annotations

import random

from textual.widgets import Static
from tui_support import Notes, info_of, screen_text, table_of, view_of, wait_for, wait_for_screen

from yule.core import get_game
from yule.netplay.client import Client, may_move
from yule.tui.app import YuleApp
from yule.tui.dialogs import ChoiceScreen, ConfirmScreen
from yule.tui.helping import HelpScreen
from yule.tui.lobby import LobbyScreen
from yule.tui.screens import TableScreen
from yule.tui.widgets import HintPanel


def hint(app: YuleApp) -> str:
    """What the table's hint panel shows now (a suggestion shows there)."""
    screen = app.table_screen
    panel = None if screen is None else screen.query_one(HintPanel)
    return "" if panel is None or not panel.has_class("-shown") else str(panel.render())


async def test_the_child_says_yes_sees_the_suggestion_and_takes_it_with_y(host):
    org = Client("127.0.0.1", host.port, "Org", reconnect=False)
    mum = Client("127.0.0.1", host.port, "Mum", reconnect=False, local_address="127.0.0.2")
    await org.connect()
    await mum.connect()
    app, notes = YuleApp(name="Max", discover=False), Notes()
    try:
        async with app.run_test(size=(100, 30), message_hook=notes) as pilot:
            created = await org.create_table("white-rabbit", 2, sit=False, bot_delay=0)
            table = created["table"]
            app.code = created["code"]
            app.connect("127.0.0.1", host.port)
            await wait_for(pilot, lambda: (info_of(app) or {}).get("you") == 0, what="Max's seat")
            await org.fill_bots(table, "random")
            await org.start(table)
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), what="the table")
            await mum.watch(table, created["code"])
            await mum.help_ask(table, 0)
            await wait_for_screen(pilot, ConfirmScreen, "Mum asks to help you with your hand", what="the question")
            question = str(app.screen.query_one(Static).render())
            assert question.startswith("Mum asks to help you with your hand. They would see your hand")
            assert question.endswith("y lets them help   n says no   Esc: says no")  # Enter: neither
            await pilot.press("enter")  # Enter does not answer it
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("y")
            async for frame in mum:
                if frame["type"] == "helping":
                    break
            await wait_for(pilot, lambda: "Mum is helping Max now." in app.table_screen.lines, what="the log line")
            assert info_of(app)["seats"][0]["helper"] == "Mum"
            bot = get_game("white-rabbit").bots["random"](random.Random(3))
            async for frame in mum:
                if frame["type"] == "help_view" and may_move({**frame, "type": "view"}):
                    break
            move = bot.choose(frame["view"])
            await mum.suggest(table, move, seq=frame["seq"])
            await wait_for(pilot, lambda: "Mum suggests:" in hint(app), what="the suggestion")
            shown = hint(app)
            await pilot.press("i")  # the hand hidden: a suggestion may name a card of it
            await wait_for(pilot, lambda: "Mum suggests a move" in hint(app), what="the suggestion, unworded")
            assert shown not in hint(app)
            await pilot.press("i")
            await wait_for(pilot, lambda: hint(app) == shown, what="the suggestion worded again")
            seq = view_of(app) and app.table.seq
            await pilot.press("y")
            await wait_for(pilot, lambda: app.table.seq != seq, what="the move taken")
            assert "Mum suggests:" not in hint(app)  # gone with the view it was made on
            await pilot.press("u")
            await wait_for_screen(pilot, ConfirmScreen, "End Mum's help?", what="the confirmation")
            await pilot.press("y")
            async for frame in mum:
                if frame["type"] == "help_ended":
                    break
            assert frame["why"] == "seat"
            await wait_for(pilot, lambda: "Mum no longer helps Max." in app.table_screen.lines, what="no helper")
    finally:
        await org.close()
        await mum.close()


async def test_the_parent_asks_from_the_lobby_and_helps_the_childs_seat(host):
    max = Client("127.0.0.1", host.port, "Max", reconnect=False, local_address="127.0.0.3")
    await max.connect()
    created = await max.create_table("white-rabbit", 2, bot_delay=0)
    table = created["table"]
    await max.fill_bots(table, "random")
    await max.start(table)
    app, notes = YuleApp(name="Mum", discover=False), Notes()
    try:
        async with app.run_test(size=(100, 30), message_hook=notes) as pilot:
            app.connect("127.0.0.1", host.port)
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables, what="lobby")
            await pilot.press("h")
            await pilot.pause()
            await pilot.press(*created["code"], "enter")  # a private table: its code, as to watch it
            await wait_for_screen(pilot, ChoiceScreen, "Help whom?", "Max", what="whom to help")
            await pilot.press("enter")
            async for frame in max:
                if frame["type"] == "help_asked":
                    break
            await wait_for(pilot, lambda: "Asking Max whether you may help them" in screen_text(app), what="wait")
            await max.help_answer(table, frame["request"], True)
            await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), what="the helper's table")
            banner = str(app.screen.query_one("#help-banner", Static).render())
            assert banner.startswith("Helping Max")
            await wait_for(pilot, lambda: view_of(app).get("you") == 0 and table_of(app) == table, what="Max's view")
            await wait_for(pilot, lambda: "roll" in (view_of(app).get("actions") or {}), what="Max's turn")
            await wait_for(pilot, lambda: "Suggest: Roll the die" in screen_text(app), what="the footer")
            await pilot.press("enter")  # roll the die: suggested, not played
            async for frame in max:
                if frame["type"] == "suggestion":
                    break
            assert frame["move"] == {"type": "roll"} and frame["name"] == "Mum"
            await wait_for(pilot, lambda: "Suggested to Max." in notes.messages, what="told")
            await max.help_end(table)
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="back in the lobby")
            assert "Max ended the help." in notes.messages
    finally:
        await max.close()
