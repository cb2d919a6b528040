"""The whole app against a real in-process host: whole turns played by key presses.

``yule play`` embeds the host itself; the lobby test starts one and connects to it like
``yule join`` does.  Bots move fast here (the app's pace for people is slower).
"""

from __future__ import annotations

import pytest
from tui_support import screen_text, wait_for

from netplay.host import Host
from tui.app import PlaySetup, YuleApp
from tui.lobby import LobbyScreen
from tui.screens import GameOverScreen, TableScreen
from tui.widgets import StatusLine


def my_turn(app: YuleApp) -> bool:
    view = app.last_view or {}
    screen = app.table_screen
    return (
        view.get("turn") is not None
        and view.get("turn") == view.get("you")
        and screen is not None
        and not screen.table.pending
        and app.screen is screen
    )


async def test_play_whole_turns_then_the_whole_game_and_again(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    app = YuleApp(name="Ana", play=PlaySetup("white-elephant", 3, bot_delay=0.01), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app), what="Ana's first turn")
        exchange = app.last_view["exchange"]
        await pilot.press("space", "right", "space", "t")
        await wait_for(pilot, lambda: any("Ana took 2 gifts" in line for line in app.table_screen.lines), what="the take")
        assert not set(exchange[:2]) & set(app.last_view["exchange"])
        # Every later turn: clear out (with its confirmation) or end the turn after a main action.
        while "result" not in app.last_view:
            await wait_for(pilot, lambda: my_turn(app) or "result" in app.last_view, what="Ana's turn")
            if "result" in app.last_view:
                break
            seen = len(app.table_screen.lines)
            if app.last_view["phase"] == "after":
                await pilot.press("e")
            else:
                await pilot.press("c")
                await wait_for(pilot, lambda: app.screen is not app.table_screen, what="the confirmation")
                await pilot.press("y")
            await wait_for(pilot, lambda: len(app.table_screen.lines) > seen, what="the move in the log")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="the game over screen")
        text = screen_text(app)
        assert "Game over." in text and "Collections" in text and "Junk" in text and "Peanuts" in text
        assert any("cleared out the Exchange" in line for line in app.table_screen.lines)
        await pilot.press("n")
        await wait_for(pilot, lambda: "result" not in app.last_view, what="the next game")
        assert isinstance(app.screen, TableScreen)


async def test_lobby_create_add_bots_start_and_take(tmp_path):
    host = Host(tmp_path, away_timeout=60)
    port = await host.start("127.0.0.1", 0)
    try:
        app = YuleApp(name="Ben", address=("127.0.0.1", port), discover=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
            await pilot.press("n")
            await pilot.pause()
            await pilot.press("enter", "end", "backspace", "3", "enter")
            await wait_for(pilot, lambda: app.info is not None, what="the new table")
            code = app.info["code"]
            assert code and app.screen.query_one(StatusLine).code == code
            assert code in screen_text(app)
            await pilot.press("a", "a")
            await wait_for(pilot, lambda: None not in app.info["seats"], what="two bots")
            await pilot.press("x")
            await wait_for(pilot, lambda: None in app.info["seats"], what="a bot removed")
            await pilot.press("s")
            await pilot.pause(0.2)
            assert any("Every seat needs" in n.message for n in app._notifications)
            await pilot.press("a", "s")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), what="the table")
            await wait_for(pilot, lambda: my_turn(app), timeout=20, what="Ben's turn")
            await pilot.press("space", "down", "space", "t")
            await wait_for(pilot, lambda: any("Ben took 2 gifts" in line for line in app.table_screen.lines), what="the take")
    finally:
        await host.stop()


@pytest.mark.parametrize("size", [(79, 24), (80, 23)])
async def test_too_small_says_so(tmp_path, size):
    app = YuleApp(name="Cy", address=("127.0.0.1", 9), discover=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert "Yule needs a terminal of at least 80×24" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "needs a terminal" not in screen_text(app)
