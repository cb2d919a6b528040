"""How long a game takes, where it is set up: every screen at one host forecasts a game alike
(the new-table form asks the host for its pace when it opens, and the party's setup counts the
same whole seconds), the form never shows another game's range while a game's turns are being
counted, and its forecast stays in sight for forty seats on an 80×24 screen.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input
from tui_support import new_table_form, shown_lines, wait_for

import yule.core.estimate as estimates
from yule.core import get_game
from yule.core.estimate import estimate
from yule.netplay.client import Client
from yule.netplay.host.server import Host
from yule.tui.app import YuleApp
from yule.tui.gift_exchange.party import Guest, Party, SetupScreen
from yule.tui.howlong import HowLong
from yule.tui.lobby import LobbyScreen
from yule.tui.newtable import CreateTableScreen
from yule.tui.widgets import PlainApp


def forecast(screen: Any) -> str:
    """The forecast line a screen shows now, in one line."""
    return " ".join(" ".join(shown_lines(screen.query_one(HowLong))).split())


class FormApp(PlainApp):
    """The new-table form alone, starting at ``game``, as an app without a host opens it."""

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game

    def on_mount(self) -> None:
        self.push_screen(CreateTableScreen(self.game))


class SetupApp(PlainApp):
    """The party's setup with ``guests`` guests, at the pace its host has learnt (``learnt``), as
    ``yule party`` shows it."""

    def __init__(self, folder: Path, guests: int, learnt: float | None) -> None:
        super().__init__()
        self.folder, self.guests, self.learnt = folder, guests, learnt

    def on_mount(self) -> None:
        party = Party(guests=[Guest(f"Guest {n}", "a gift", "paper") for n in range(self.guests)])
        self.push_screen(SetupScreen(party, self.folder, self.learnt))


async def choose(pilot: Any, form: CreateTableScreen, game: str) -> None:
    await pilot.press("home")
    while form._game().name != game:
        await pilot.press("down")


async def test_the_form_and_the_party_at_one_host_forecast_a_gift_exchange_alike(host: Host, tmp_path: Path):
    app = YuleApp(name="Fay", address=("127.0.0.1", host.port), discover=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        host.store.learn_pace("gift-exchange", [6.4] * 5)  # a party ends here after the lobby opened
        form = await new_table_form(pilot, app)
        await choose(pilot, form, "gift-exchange")
        await pilot.press("enter", "end", "backspace", "3")  # three seats
        words = estimate(get_game("gift-exchange"), 3, {}, 6.0).words()
        await wait_for(pilot, lambda: forecast(form) == f"How long: {words}", what="the form's forecast")
        assert form.query_one("#seconds-a-turn", Input).value == "6"
    async with Client("127.0.0.1", host.port, "Organiser") as client:
        learnt = (await client.paces()).get("gift-exchange")  # as yule party asks its host
    party = SetupApp(tmp_path, 3, learnt)
    async with party.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(party.screen, SetupScreen) and "turns" in forecast(party.screen),
                       what="the party's forecast")  # fmt: skip
        assert forecast(party.screen) == f"How long: {words}; + and - change the seconds a turn"


async def test_the_form_never_shows_another_games_range_while_it_counts(monkeypatch: pytest.MonkeyPatch):
    gate = threading.Event()  # while it is shut, no game's turns can be counted
    gate.set()
    count = estimates.count_turns

    def gated(*args: Any, **kwargs: Any) -> int:
        assert gate.wait(30)
        return count(*args, **kwargs)

    estimates._turns.cache_clear()  # nothing counted before
    monkeypatch.setattr("yule.tui.howlong.COUNTED", {}, raising=False)
    monkeypatch.setattr(estimates, "count_turns", gated)
    app = FormApp("white-rabbit")
    async with app.run_test(size=(100, 40)) as pilot:
        form = app.screen
        assert isinstance(form, CreateTableScreen)
        rabbit = f"How long: {estimate(get_game('white-rabbit'), 4, {}, 15.0).words()}"
        await wait_for(pilot, lambda: forecast(form) == rabbit, what="White Rabbit's forecast")
        gate.clear()
        await pilot.press("down")  # on to Gift List, whose turns cannot be counted yet
        await wait_for(pilot, lambda: form.shown is not None and form.shown.name == "gift-list", what="Gift List")
        assert forecast(form) == "How long: counting the turns…"  # not White Rabbit's any more
        gate.set()
        gift_list = f"How long: {estimate(get_game('gift-list'), 4, {}, 15.0).words()}"
        await wait_for(pilot, lambda: forecast(form) == gift_list, what="Gift List's forecast")
        gate.clear()
        await pilot.press("up")  # back: White Rabbit's turns are counted, so its forecast comes at once
        assert forecast(form) == rabbit
        gate.set()


async def test_the_forecast_for_forty_seats_stays_in_sight_at_80_by_24():
    app = FormApp("gift-exchange")
    async with app.run_test(size=(80, 24)) as pilot:
        form = app.screen
        assert isinstance(form, CreateTableScreen)
        await wait_for(pilot, lambda: form.shown is not None, what="the form")
        form.query_one("#seats", Input).value = "40"
        words = f"How long: {estimate(get_game('gift-exchange'), 40, {}, 40.0).words()}"
        line = form.query_one(HowLong)
        await wait_for(pilot, lambda: forecast(form) == words, what="the forecast for forty")
        await wait_for(pilot, lambda: line.size.height == 2, what="its two lines")
        region = line.region
        for y in range(region.y, region.bottom):  # each of its lines is there to read, not scrolled away
            widget, _ = form.get_widget_at(region.x, y)
            assert widget is line
