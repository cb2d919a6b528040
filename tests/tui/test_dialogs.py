"""The app's questions: a question whose yes ends, discards or gives away something shows its
keys and takes Enter as its safe answer (never as yes); a dialog the table has moved past (a
turn timer, a bot, another player) closes by itself and leaves the next key to the table."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
import white_rabbit_support
from textual.widgets import Static
from tui_support import Played, Position, ViewApp, new_table_form, wait_for

from yule.core import get_game
from yule.netplay.client import Client
from yule.tui.app import YuleApp
from yule.tui.dialogs import ChoiceScreen, ConfirmScreen
from yule.tui.gift_exchange.forms import FormScreen
from yule.tui.gift_exchange.party import PartyApp, SetupScreen
from yule.tui.lobby import LobbyScreen
from yule.tui.questions import LineScreen
from yule.tui.screens import RulesScreen, TableScreen


def shown(app: Any) -> str:
    """What the question on top says, its keys with it."""
    return str(app.screen.query_one(Static).render())


def final_swap() -> Played:
    """A Gift Exchange at its final swap: the first guest may keep their gift (the party ends)."""
    played = Played(get_game("gift-exchange"), 3, seed=1)
    rng = random.Random(1)
    while played.state.view(None)["phase"] != "final":
        active = played.state.active()
        if isinstance(active[0], int):
            played.bot_move(active[0])
        else:
            played.state.apply(played.state.chance_move(rng))
    return played


class LeavingApp(ViewApp):
    """A table whose leaving is heard (the app would go back to the lobby)."""

    def __init__(self, position: Any, seat: int | None) -> None:
        super().__init__(position, seat)
        self.left = 0

    def on_table_screen_leave(self, message: TableScreen.Leave) -> None:
        self.left += 1


class GiftExchangeApp(LeavingApp):
    GAME = "gift-exchange"


def white_elephant() -> LeavingApp:
    position = Position()
    return LeavingApp(position, position.turn)


def keeping() -> LeavingApp:
    played = final_swap()
    return GiftExchangeApp(played, played.state.active()[0])


QUESTIONS: dict[str, tuple[Callable[[], LeavingApp], str, str, Callable[[LeavingApp], bool]]] = {
    "leave the table": (white_elephant, "q", "y leave   n stay   Enter or Esc: stay", lambda app: app.left > 0),
    "clear out": (
        white_elephant,
        "c",
        "y clear out   n not now   Enter or Esc: not now",
        lambda app: {"type": "clear"} in app.moves,
    ),
    "keep and end the party": (
        keeping,
        "k",
        "y keep it and end   n not yet   Enter or Esc: not yet",
        lambda app: {"type": "keep"} in app.moves,
    ),
}
"""Each risky question at a table: its app, the key that asks it, its keys as shown, and whether its yes was done."""


@pytest.mark.parametrize("question", QUESTIONS)
async def test_enter_gives_a_risky_question_at_the_table_its_safe_answer(question):
    make, key, keys, done = QUESTIONS[question]
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table_screen.table.view is not None, what="the table")
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="the question")
        assert shown(app).endswith(keys)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is app.table_screen, what="the question answered")
        assert not done(app) and app.is_running
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="the question again")
        await pilot.press("y")
        await wait_for(pilot, lambda: done(app), what="the yes done")


async def test_a_stray_esc_then_enter_in_the_lobby_does_not_quit(host):
    app = YuleApp(name="Eve", address=("127.0.0.1", host.port), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="the question")
        assert shown(app).endswith("y quit   n stay   Enter or Esc: stay")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby again")
        assert app.is_running and app.return_code is None


async def test_the_party_s_questions_take_enter_as_no(tmp_path):
    app = PartyApp(tmp_path / "data", bind="127.0.0.1", port=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(
            pilot, lambda: isinstance(app.screen, FormScreen) and app.screen.focused is not None, what="the guest form"
        )
        await pilot.press(*"Ana", "enter", "enter", "enter", *"Ben", "enter", "enter", "enter", "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), what="the guest list")
        for key, keys in (
            ("x", "y remove   n keep them   Enter or Esc: keep them"),
            ("d", "y draw   n not yet   Enter or Esc: not yet"),
        ):
            await pilot.press(key)
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what=f"the question of {key}")
            assert shown(app).endswith(keys)
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), what="the guest list again")
        assert [guest.name for guest in app.party.guests] == ["Ana", "Ben"] and app.party.table is None
        await pilot.press("d", "y")
        await wait_for(pilot, lambda: app.party_screen is not None and app.screen is app.party_screen, what="the party")
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="the quit question")
        assert shown(app).endswith("y quit   n stay   Enter or Esc: stay")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is app.party_screen, what="the party again")
        assert app.is_running


async def test_enters_alone_never_free_someone_s_seat(host):
    app = YuleApp(name="Ana", address=("127.0.0.1", host.port), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await new_table_form(pilot, app)
        await pilot.press("enter", "end", "backspace", "3", "enter")
        await wait_for(pilot, lambda: app.lobby.mine is not None, what="Ana's table")
        table = app.lobby.mine["table"]
        async with Client("127.0.0.1", host.port, "Ben") as ben:
            await ben.join(table, app.lobby.mine["code"])
            await wait_for(pilot, lambda: app.lobby.mine["seats"][1] is not None, what="Ben seated")
            await pilot.press("x", "enter", "enter", "enter")  # Ben's seat chosen; then the reason, none typed
            await wait_for(pilot, lambda: isinstance(app.screen, LineScreen), what="the reason asked")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, LineScreen) and host.tables[table].seats[1] is not None
            await pilot.press(*"wrong table", "enter")
            await wait_for(pilot, lambda: host.tables[table].seats[1] is None, what="Ben's seat freed")


def max_drawn() -> Any:
    """Ana (seat 0) has just drawn Max: his choices are open."""
    position = white_rabbit_support.before_max()
    position.play(0, {"type": "roll"})
    position.play(0, {"type": "move", "dir": "cw"})
    return white_rabbit_support.ViewApp(position, 0)


def trade_open() -> Any:
    """A White Elephant seat that may trade: its trade dialog is open."""
    position = Position()
    position.bots(2)
    return ViewApp(position, position.turn)


MOVED_PAST: dict[str, tuple[Callable[[], Any], str | None]] = {
    "White Rabbit's Max": (max_drawn, None),
    "White Elephant's trade": (trade_open, "r"),
}
"""Each dialog a turn timer can move past: its app, and the key that opens it (None: it opens by itself)."""


@pytest.mark.parametrize("dialog", MOVED_PAST)
async def test_a_dialog_the_table_moved_past_closes_and_the_next_key_is_the_table_s(dialog):
    make, key = MOVED_PAST[dialog]
    app = make()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table_screen.table.view is not None, what="the table")
        if key is not None:
            await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), what="the dialog")
        app.position.bot_move(app.seat)  # the turn timer ran out: the host's bot moved for the seat
        app.redraw()
        await wait_for(pilot, lambda: app.screen is app.table_screen, what="the dialog gone")
        assert app.moves == [] and not app.notes.messages  # nothing sent, nothing said: it was moot
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), what="the rules")
