"""Keys in a burst, for every form and dialog of the terminal app: keys sent in one batch (a
held key, a paste, keys batched over SSH) crash nothing, lose no Tab or Enter, and answer each
dialog once, leaving the screen under it in place.

:data:`BURSTS` has a case for every dialog class of ``yule.tui`` (a modal screen, or a screen
answered with a result): a new one without a case fails :func:`test_every_dialog_has_a_burst`.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from rich.text import Text
from textual import events
from textual.screen import ModalScreen, Screen
from textual.widgets import Static
from tui_support import Position, burst, wait_for

import yule.tui
from yule.tui.connect import NoAnswerScreen
from yule.tui.dialogs import Answered, ChoiceScreen, ConfirmScreen, Dialog
from yule.tui.gift_exchange.forms import Field, FormScreen
from yule.tui.newtable import CreateTableScreen
from yule.tui.playing import GameMenu
from yule.tui.questions import AskingScreen, CodeScreen, FirstNameScreen, LineScreen, NameScreen
from yule.tui.reactions import ReactionChooser
from yule.tui.replay import ReplayOverScreen
from yule.tui.screens import GameOverScreen, RulesScreen, TooSmallScreen
from yule.tui.turncall import CallsScreen, TurnCalls
from yule.tui.wholelog import LogScreen
from yule.tui.widgets import PlainApp


@dataclass(frozen=True)
class Paste:
    """Text pasted in the burst (a terminal's bracketed paste)."""

    text: str


@dataclass(frozen=True)
class Burst:
    """A dialog (made with a list for the entries of a form of several), the keys sent to it in
    one batch, and the answers it must give, in order (none: it stays open).  ``entries``: a
    form for several entries in a row, whose entries are its answers (it stays open for more);
    ``size``: the terminal's."""

    make: Callable[[list[Any]], Screen[Any]]
    keys: tuple[str | Paste, ...]
    answers: tuple[Any, ...]
    entries: bool = False
    size: tuple[int, int] = (80, 24)


def result() -> tuple[str, dict[str, Any], list[str], int]:
    """A finished White Elephant game: what its game over screen shows."""
    position = Position()
    position.play_out()
    return "white-elephant", position.final_result(0), position.names, 0


class NewTable:
    """Equal to the answer of the new-table form: a table of some game."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, dict) and {"game", "seats", "open", "options"} <= other.keys()


CHOICES = [(Text("Mug"), "mug", None), (Text("Kite"), "kite", None), (Text("Sled"), "sled", None)]

GUEST = [Field("name", "Name", 24), Field("label", "Label", 60), Field("wrapping", "Wrapping", 40)]

BURSTS: dict[str, Burst] = {
    "ChoiceScreen": Burst(lambda _: ChoiceScreen("Which?", CHOICES), ("down", "enter", "enter", "enter"), ("kite",)),
    "GameMenu": Burst(lambda _: GameMenu("Which game?", CHOICES, "sled"), ("enter", "enter", "up"), ("sled",)),
    "ConfirmScreen": Burst(lambda _: ConfirmScreen("Clear out?"), ("y", "y", "enter", "n"), (True,)),
    "ConfirmScreen, Enter held": Burst(lambda _: ConfirmScreen("Quit?"), ("enter",) * 4, (False,)),
    "LineScreen": Burst(lambda _: LineScreen("Why", "Why?"), ("o", "k", "enter", "enter", "x", "enter"), ("ok",)),
    "CodeScreen": Burst(lambda _: CodeScreen(), (*"k7qf2m", "enter", "enter", "enter"), ("k7qf2m",)),
    "NameScreen": Burst(lambda _: NameScreen("Name?", "Ana"), ("end", "backspace", "e", "enter", "enter"), ("Ane",)),
    "FirstNameScreen": Burst(lambda _: FirstNameScreen("Name?", ""), (*"Bo", "enter", "enter", "enter"), ("Bo",)),
    "AskingScreen": Burst(lambda _: AskingScreen("Cy"), ("escape",) * 3, (True,)),
    "LogScreen": Burst(lambda _: LogScreen([Text("Ana took 2 gifts.")]), ("escape", "l", "q"), (None,)),
    "RulesScreen": Burst(lambda _: RulesScreen({"en": "# Rules"}), ("escape", "q", "question_mark"), (None,)),
    "TooSmallScreen": Burst(lambda _: TooSmallScreen(), ("enter", "escape", "space", "enter"), (), size=(60, 20)),
    "FormScreen": Burst(
        lambda _: FormScreen("Bring your gift", GUEST[1:]),
        (*"Mug", "tab", *"box", "enter", "enter", "enter"),
        ({"label": "Mug", "wrapping": "box"},),
    ),
    "FormScreen, pasted": Burst(
        lambda _: FormScreen("Bring your gift", GUEST[1:]),
        (Paste("Singing fish\tlong box\n"), "enter", "enter"),
        ({"label": "Singing fish", "wrapping": "long box"},),
    ),
    "FormScreen, entries in a row": Burst(
        lambda entries: FormScreen("Guests", GUEST, then=lambda values: entries.append(values) or "Next guest"),
        (*"Ana", "tab", *"Mug", "enter", *"box", "enter", Paste("Ben\tKite\ttube\n"), "enter", "tab"),
        ({"name": "Ana", "label": "Mug", "wrapping": "box"}, {"name": "Ben", "label": "Kite", "wrapping": "tube"}),
        entries=True,
    ),
    "GameOverScreen": Burst(lambda _: GameOverScreen(*result()), ("b", "b", "escape", "n"), ("back",)),
    "ReactionChooser": Burst(lambda _: ReactionChooser(), ("2", "3", "enter", "escape", "1"), ("oh_no",)),
    "ReactionChooser, arrows": Burst(lambda _: ReactionChooser(), ("down", "down", "enter", "1"), ("well_played",)),
    "ReplayOverScreen": Burst(
        lambda _: ReplayOverScreen(*result(), again=False), ("left", "left", "home", "s"), ("previous",)
    ),
    "NoAnswerScreen": Burst(lambda _: NoAnswerScreen("Nothing answers."), ("r", "enter", "r", "a"), ("retry",)),
    "CallsScreen": Burst(lambda _: CallsScreen(TurnCalls(lambda: None)), ("b", "n", "escape", "enter"), (None,)),
    "CreateTableScreen": Burst(
        lambda _: CreateTableScreen("white-rabbit"), ("ctrl+s",) * 2 + ("enter",) * 4, (NewTable(),)
    ),
}


def dialog_classes() -> set[str]:
    """The name of every dialog of ``yule.tui``: a modal screen, or a screen answered with a result."""
    found = set()
    for module in pkgutil.walk_packages(yule.tui.__path__, "yule.tui."):
        for _, cls in inspect.getmembers(importlib.import_module(module.name), inspect.isclass):
            mine = cls.__module__ == module.name and cls not in (Answered, Dialog)
            if mine and issubclass(cls, (ModalScreen, Answered)):
                found.add(cls.__name__)
    return found


def test_every_dialog_has_a_burst():
    covered = {name.split(",")[0] for name in BURSTS}
    assert dialog_classes() == covered


class Under(Screen[None]):
    """The screen under the dialog (a table, the lobby, a party): it must stay."""

    def compose(self) -> Any:
        yield Static("Under the dialog")


class BurstApp(PlainApp):
    """Shows ``dialog`` over :class:`Under`; each answer it gives is kept in :attr:`answers`."""

    ENABLE_COMMAND_PALETTE = False

    def __init__(self, case: Burst) -> None:
        super().__init__({"place": "Yule", "connection": "connected"})
        self.answers: list[Any] = []
        self.entries: list[Any] = []
        self.under = Under()
        self.dialog = case.make(self.entries)

    async def on_mount(self) -> None:
        await self.push_screen(self.under)
        await self.push_screen(self.dialog, self.answers.append)


@pytest.mark.parametrize("name", BURSTS)
async def test_a_burst_of_keys_answers_a_dialog_once(name):
    case = BURSTS[name]
    app = BurstApp(case)
    async with app.run_test(size=case.size) as pilot:
        await wait_for(pilot, lambda: app.screen is app.dialog and app.dialog.is_mounted, what="the dialog")
        await pilot.pause()
        for key in case.keys:
            if isinstance(key, Paste):
                app.post_message(events.Paste(key.text))
            else:
                burst(app, key)
        if case.entries:
            await wait_for(pilot, lambda: len(app.entries) >= len(case.answers), what="the entries")
        elif case.answers:
            await wait_for(pilot, lambda: app.answers, what="the answer")
        await pilot.pause()
        await pilot.pause()  # the keys after the answer, handled too
        assert app.is_running
        if case.entries:
            assert app.entries == list(case.answers) and app.answers == [] and app.screen is app.dialog
        else:
            assert app.answers == list(case.answers)
            assert app.screen is (app.under if case.answers else app.dialog)
        assert app.under in app.screen_stack
