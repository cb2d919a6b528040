"""Small modal dialogs shared by every screen: choose one of a list, or answer yes or no.

Labels are Rich ``Text`` (never markup strings), so names inside them show literally.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from .widgets import KeysFooter, MarkedOptionList

T = TypeVar("T")


class ChoiceScreen(ModalScreen[T | None], Generic[T]):
    """Pick one of ``choices`` (label, value, reason it cannot be picked or None); Esc cancels."""

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > Vertical {
        width: 70; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    ChoiceScreen #why { color: $text-muted; height: auto; }
    ChoiceScreen OptionList, ChoiceScreen OptionList:focus { height: auto; max-height: 14; border: none; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, choices: list[tuple[Text, T, str | None]], start: T | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices
        self.start = start

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_text
            options = [
                Option(label, id=str(i), disabled=why is not None) for i, (label, _, why) in enumerate(self.choices)
            ]
            yield MarkedOptionList(*options)
            yield Static(Text("Up/Down to move, Enter to choose, Esc to cancel."), id="why")
        yield KeysFooter()

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        enabled = [i for i, (_, value, why) in enumerate(self.choices) if why is None]
        preferred = [i for i in enabled if self.choices[i][1] == self.start]
        if preferred or enabled:
            options.highlighted = (preferred or enabled)[0]
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[int(event.option.id or 0)][1])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        index = int(event.option.id or 0)
        why = self.choices[index][2]
        self.query_one("#why", Static).update(Text(why or "Enter to choose, Esc to cancel."))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question: ``y`` or Enter says yes, ``n`` or Esc says no."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Static {
        width: 60; max-width: 100%; height: auto; border: round $warning;
        background: $surface; padding: 0 1;
    }
    """
    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: Text | str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.question = question if isinstance(question, Text) else Text(question)

    def compose(self) -> ComposeResult:
        yield Static(self.question)
        yield KeysFooter()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
