"""Hints (``h`` at a table) and the bots' level in ``yule play``.

A hint is what the strong bot would play from the player's own view, with how often that won
in its search; the footer shows the key where the game has a strong bot.
"""

from __future__ import annotations

from gift_exchange_support import names_for
from gift_exchange_support import position as party
from tui_support import Played, Position, ViewApp, info_of, screen_text, wait_for

from yule.core.gift_exchange import GAME
from yule.tui.app import PlaySetup, YuleApp
from yule.tui.dialogs import ChoiceScreen
from yule.tui.screens import TableScreen
from yule.tui.widgets import HintPanel


def messages(app) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app.notes]


async def test_h_says_what_the_strong_bot_would_play_and_why_until_the_game_moves_on():
    position = Position()
    seat = position.turn
    app = ViewApp(position, seat)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "h Hint" in screen_text(app)
        panel = app.screen.query_one(HintPanel)
        await pilot.press("h")
        await wait_for(pilot, lambda: "games the search played out" in (panel.text or ""), what="the hint")
        hint = panel.text
        assert hint is not None
        # How it did against another move: the next best, or one as good (the search is timed).
        assert "you won" in hint and ("after the next best" in hint or "did about as well" in hint)
        assert "Hint: " + hint.split(".")[0] in " ".join(screen_text(app).split())
        assert app.moves == []  # a hint plays nothing
        position.bot_move(seat)  # the player moves (a greedy move)
        app.redraw()
        await wait_for(pilot, lambda: "Hint: " not in screen_text(app), what="the hint withdrawn")
        assert panel.text is None


async def test_no_hint_while_another_seat_moves():
    position = Position()
    app = ViewApp(position, (position.turn + 1) % 4)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await wait_for(pilot, lambda: any(m.startswith("No hint now: ") for m in messages(app)), what="the refusal")
        assert any("turn, not yours" in m for m in messages(app))


class Party(Played):
    """A gift exchange under way (its bots are only random and greedy)."""

    def __init__(self) -> None:
        super().__init__(GAME, 4, seed=0)
        self.state = party(4, steps=1)[0]
        self.names = names_for(4)


class PartyApp(ViewApp):
    GAME = "gift-exchange"


async def test_a_game_without_a_strong_bot_shows_no_hint_key():
    position = Party()
    app = PartyApp(position, position.state.active()[0])
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "Hint" not in screen_text(app)


async def test_the_game_menu_asks_the_bots_level_and_seats_those_bots(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    app = YuleApp(name="Ana", play=PlaySetup(None, 3, bot_delay=0.01, level=None), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), what="the game menu")
        await pilot.press("enter")  # White Elephant, first in the menu
        await wait_for(pilot, lambda: "how strong are the bots" in screen_text(app), what="the level menu")
        text = screen_text(app)
        assert "Easy" in text and "Normal" in text and "Hard" in text
        await pilot.press("down", "enter")  # from Normal down to Hard
        await wait_for(
            pilot, lambda: isinstance(app.screen, TableScreen) and info_of(app) is not None, what="the table"
        )
        await wait_for(pilot, lambda: None not in info_of(app)["seats"], what="the bots")
        assert [s["bot"] for s in info_of(app)["seats"]] == [None, "ismcts", "ismcts"]
        assert [s["name"] for s in info_of(app)["seats"][1:]] == ["Hard Bot 2", "Hard Bot 3"]
