"""A whole White Rabbit game by key presses against the real in-process host (``yule play``),
and a game left and continued in a new app: its latest draw is told again.

The table is seeded (the client's ``create_table`` gets a fixed seed) so the host's deal,
dice and bots are the same every run; this seed has Ana draw Max, so Max is resolved by keys
too.  Bots move fast here.
"""

from __future__ import annotations

import pytest
from tui_support import screen_text, view_of, wait_for, wait_for_screen

from yule.netplay.client import Client
from yule.tui.app import YuleApp
from yule.tui.dialogs import ChoiceScreen
from yule.tui.playing import GameMenu, PlaySetup
from yule.tui.screens import GameOverScreen, TableScreen

SEED = "white-rabbit-keys-0"


def ready(app: YuleApp) -> bool:
    """Ana may act now (Max's choices open by themselves), or the game is over."""
    view = view_of(app)
    screen = app.table_screen
    if not view or screen is None:
        return False
    if "result" in view:
        return True
    on_top = ChoiceScreen if view["phase"] == "max_take" else TableScreen
    return (
        view.get("turn") == view.get("you")
        and "actions" in view
        and not screen.table.pending
        and isinstance(app.screen, on_top)
    )


@pytest.fixture
def seeded(monkeypatch):
    """Every table created has the seed :data:`SEED`."""
    create = Client.create_table

    async def seeded(self, *args, **kwargs):
        return await create(self, *args, **{**kwargs, "seed": SEED})

    monkeypatch.setattr(Client, "create_table", seeded)


async def test_a_whole_game_by_keys_against_the_real_host(seeded):
    app = YuleApp(name="Ana", play=PlaySetup("white-rabbit", 2, bot_delay=0.01), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        phases: list[str] = []
        while True:
            await wait_for(pilot, lambda: ready(app), what="Ana's move")
            view = view_of(app)
            if "result" in view:
                break
            seen = len(app.table_screen.lines)
            phase = view["phase"]
            phases.append(phase)
            if phase == "max_take":
                await pilot.press("enter")
            elif phase == "direction":
                assert "◄ LEFT goes to pile" in screen_text(app)
                await pilot.press("left" if view["rolls"] % 2 else "right")
            else:
                await pilot.press("enter")
            await wait_for(pilot, lambda: len(app.table_screen.lines) > seen, what=f"Ana's {phase} in the log")
        assert {"roll", "direction", "max_take", "max_place"} <= set(phases)
        lines = app.table_screen.lines
        assert any(line.startswith("Ana moved") and "drew Max!" in line for line in lines)
        assert any(line.startswith("Ana put Max on top of pile") for line in lines)
        await wait_for_screen(pilot, GameOverScreen, "Game over.", "different value", what="the scores")


async def test_a_game_continued_in_a_new_app_tells_its_latest_draw_again(seeded):
    app = YuleApp(name="Ana", play=PlaySetup("white-rabbit", 2, bot_delay=30), discover=False)  # the bot waits
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: ready(app) and view_of(app)["phase"] == "roll", what="Ana's roll")
        await pilot.press("enter")
        await wait_for(pilot, lambda: ready(app) and view_of(app)["phase"] == "direction", what="Ana's way")
        await pilot.press("right")
        await wait_for(pilot, lambda: view_of(app)["turn"] != 0 and view_of(app)["phase"] != "roll",
                       what="the bot's roll, at once")  # fmt: skip
        assert app.table_screen.table.latest == {**app.table_screen.table.latest, "type": "move", "by": 0}
        shown = screen_text(app).splitlines()[1:3]  # the banner and the prompt
        assert shown[0].startswith(" You drew") and "Bot" in shown[1]
        await pilot.press("ctrl+q", "y")
    again = YuleApp(name="Ana", play=PlaySetup(None, 2, bot_delay=30), discover=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, GameMenu, "Continue: White Rabbit", what="the game menu")
        await pilot.press("enter")
        await wait_for(pilot, lambda: bool(view_of(again)) and again.screen is again.table_screen, what="the game")
        assert screen_text(again).splitlines()[1:3] == shown
        await pilot.press("ctrl+q", "y")
