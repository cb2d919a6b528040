"""Cut at the edges: what a screen shows at its edges is whole words, never a word cut off in
the middle (names are cut, with ``…``, before the words about them)."""

from __future__ import annotations

import re

import pytest
from tui_support import screen_text
from tv_support import GAMES

from yule.core import all_games
from yule.tui.games import GAME_UIS

GAMES_WITH_TABLES = [game.name for game in all_games() if game.name in GAME_UIS]


async def table_with(game: str, name: str) -> str:
    """``game``'s table at 100×30 with seat 2 called ``name``, away, a bot playing for them."""
    app = GAMES[game.replace("-", "_")]()
    app.names = [*app.names]
    app.names[1] = name
    app.tags = {1: "away: bot"}
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        return screen_text(app)


@pytest.mark.parametrize("game", GAMES_WITH_TABLES)
async def test_a_long_name_is_cut_before_its_tag(game):
    short = await table_with(game, "Cy")
    long = await table_with(game, "Cynthia-Maximiliana of the Long Names")
    assert re.findall(r"\(away[^)]*\)?", long) == re.findall(r"\(away[^)]*\)?", short)
    assert all(tag == "(away: bot)" for tag in re.findall(r"\(away[^)]*\)?", long))
