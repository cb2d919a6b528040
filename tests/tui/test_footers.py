"""The keys footer of a finished table offers none of its game's keys, nor a hint (that the way
out, ``q Leave``, shows however many keys a screen has: ``test_edges``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tui_support import Played, ViewApp, wait_for

from yule.core import get_game
from yule.tui.games import GAME_UIS
from yule.tui.widgets import KeysFooter


def footer(app: Any) -> str:
    """The keys the footer of the screen on top shows."""
    return str(app.screen.query_one(KeysFooter).render())


def finished(game: str) -> Played:
    """A game of ``game`` for three, played to its end by its bots and its chance moves."""
    played = Played(get_game(game), 3, seed=2)
    rng = random.Random(2)
    while not played.state.is_over:
        active = played.state.active()
        if isinstance(active[0], int):
            played.bot_move(active[0])
        else:
            played.record(played.state.apply(played.state.chance_move(rng)))
    return played


@pytest.mark.parametrize("game", list(GAME_UIS))
async def test_a_finished_table_offers_none_of_its_game_s_keys(game):
    app = type("FinishedApp", (ViewApp,), {"GAME": game})(finished(game), 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "result" in (app.table_screen.table.view or {}), what="the finished table")
        await pilot.pause()
        assert footer(app) == "? Rules m Chat ! React q Leave"
