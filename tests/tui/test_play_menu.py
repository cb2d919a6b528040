"""``yule play``'s game menu, by key presses against its host in the app's own process: d drops the
kept game highlighted once the player says yes (it is never offered again, and its table ends at
the host), and a game that has no bots of the level the command line asked for asks for one.
"""

from __future__ import annotations

from conftest import until
from tui_support import screen_text, table_of, view_of, wait_for, wait_for_screen

from yule.tui.app import YuleApp
from yule.tui.dialogs import ChoiceScreen, ConfirmScreen
from yule.tui.pace import pace_for
from yule.tui.playing import GameMenu, PlaySetup


async def test_d_drops_the_kept_game_highlighted_once_the_player_says_yes():
    app = YuleApp(name="Ana", play=PlaySetup("white-rabbit", 2, bot_delay=0.01), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: bool(view_of(app)) and table_of(app) is not None, what="the game")
        table = table_of(app)
        await pilot.press("q", "y")
        await wait_for_screen(pilot, GameMenu, f"Continue: White Rabbit #{table}", what="the menu")
        await pilot.press("d")
        await wait_for_screen(pilot, ConfirmScreen, f"Drop White Rabbit #{table}? It cannot be continued", what="asked")
        await pilot.press("n")  # not dropped
        await wait_for_screen(pilot, GameMenu, f"Continue: White Rabbit #{table}", what="the menu again")
        assert table in app.host.tables
        await pilot.press("d")
        await wait_for_screen(pilot, ConfirmScreen, f"Drop White Rabbit #{table}?", what="asked again")
        await pilot.press("y")
        text = await wait_for_screen(pilot, GameMenu, "Yule: which game?", what="the menu without it")
        assert "Continue" not in text and app.client.saved_seats() == []
        await until(lambda: table not in app.host.tables, "the game ended at the host")
        await pilot.press("d")  # on a new game's line: nothing to drop
        await wait_for(pilot, lambda: "highlight one first" in screen_text(app), what="what d is for")
        assert isinstance(app.screen, GameMenu)
        await pilot.press("q")
    assert app.return_code == 0


async def test_a_game_without_the_bots_level_asked_for_asks_for_its_level():
    app = YuleApp(name="Ana", play=PlaySetup(None, None, bot_delay=0.01, level="hard"), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, GameMenu, "Yule: which game?", what="the menu")
        menu = app.screen
        assert isinstance(menu, GameMenu)
        gift_exchange = next(i for i, (_, value, _) in enumerate(menu.choices) if value == ("new", "gift-exchange"))
        await pilot.press(*["down"] * gift_exchange, "enter")
        await wait_for_screen(pilot, ChoiceScreen, "Gift Exchange has no hard bots: how strong are its bots?",
                              what="the level asked")  # fmt: skip
        await pilot.press("enter")  # normal
        await wait_for(pilot, lambda: bool(view_of(app)) and table_of(app) is not None, what="the game")
        seats = app.host.tables[table_of(app)].seats
        assert {s.bot for s in seats if s is not None and s.bot is not None} == {"greedy"}
        assert app.play is not None and app.play.setup.level == "hard"  # the other games' bots stay hard
        await pilot.press("ctrl+q", "y")


async def test_a_new_game_starts_at_the_bots_pace_chosen_for_that_game_else_its_own():
    remembered = YuleApp(name="Ana", play=PlaySetup("elf", 2, paces={"elf": 2.5}), discover=False)
    async with remembered.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: table_of(remembered) is not None, what="the game")
        assert remembered.host.tables[table_of(remembered)].bot_delay == 2.5
    children = YuleApp(name="Ana", play=PlaySetup("white-rabbit", 2), discover=False)
    async with children.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: table_of(children) is not None, what="the game")
        assert children.host.tables[table_of(children)].bot_delay == pace_for("white-rabbit", {}) > pace_for("elf", {})
