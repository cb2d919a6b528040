"""Cut at the edges: what a screen shows at its edges is whole words, never a word cut off in
the middle (names are cut, with ``…``, before the words about them)."""

from __future__ import annotations

import re

import pytest
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from tui_support import Played, ViewApp, screen_text, wait_for
from tv_support import GAMES, TABLE_GAMES

from yule.core import get_game
from yule.tui.gift_exchange.table import options_text
from yule.tui.widgets import KeysFooter, PlainApp


async def table_with(game: str, name: str) -> str:
    """``game``'s table at 100×30 with seat 2 called ``name``, away, a bot playing for them."""
    app = GAMES[game.replace("-", "_")]()
    app.names = [*app.names]
    app.names[1] = name
    app.tags = {1: "away: bot"}
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        return screen_text(app)


@pytest.mark.parametrize("game", TABLE_GAMES)
async def test_a_long_name_is_cut_before_its_tag(game):
    short = await table_with(game, "Cy")
    long = await table_with(game, "Cynthia-Maximiliana of the Long Names")
    assert re.findall(r"\(away[^)]*\)?", long) == re.findall(r"\(away[^)]*\)?", short)
    assert all(tag == "(away: bot)" for tag in re.findall(r"\(away[^)]*\)?", long))


class Keys(Screen[None]):
    """Six keys, the first three greyed (not usable now), and the footer."""

    BINDINGS = [
        Binding("a", "greyed", "Greyed one"),
        Binding("b", "greyed_too", "Greyed two"),
        Binding("c", "greyed_three", "Greyed three"),
        Binding("v", "results", "Results"),
        Binding("n", "again", "Play again"),
        Binding("q", "leave", "Leave"),
    ]

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action.startswith("greyed") else True


class KeysApp(PlainApp):
    def on_mount(self) -> None:
        self.push_screen(Keys())


@pytest.mark.parametrize(
    ("width", "shown"),
    [
        (80, "a Greyed one b Greyed two c Greyed three v Results n Play again q Leave"),
        (60, "a Greyed one b Greyed two v Results n Play again q Leave"),
        (40, "v Results n Play again q Leave"),
        (20, "v Results q Leave"),  # the way out stays: the keys before it give way
        (12, "q Leave"),
    ],
)
async def test_the_keys_show_whole_the_greyed_giving_way_first(width, shown):
    app = KeysApp()
    async with app.run_test(size=(width, 5)) as pilot:
        await pilot.pause()
        assert str(app.screen.query_one(KeysFooter).render()) == shown


@pytest.mark.parametrize("game", TABLE_GAMES)
async def test_a_tv_shows_no_key_but_quit(game):
    app = GAMES[game.replace("-", "_")]()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert text.splitlines()[-1].strip() in ("q Quit", "")
        assert "l: whole log" not in text and "─Log─" in text


class GiftExchangeViewApp(ViewApp):
    GAME = "gift-exchange"


async def test_the_gift_exchange_options_show_whole_at_80_columns():
    options = {"steal_limit": 3, "no_steal_back": True, "steal_back_scope": "last", "max_steals_per_turn": 2}
    position = Played(get_game("gift-exchange"), 4, seed=1)
    position.state = get_game("gift-exchange").start(4, options)
    app = GiftExchangeViewApp(position, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table_screen.table.view is not None, what="the table")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
    assert " ".join(options_text(position.state.view(0)["options"]).split()) in text
