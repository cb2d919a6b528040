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


class ChoiceList(MarkedOptionList):
    """A dialog's choices: every one can be highlighted (a refused one too: the dialog says why),
    and Up/Down stop at the first and the last instead of wrapping round to the other end."""

    def action_cursor_down(self) -> None:
        if self.option_count:
            self.highlighted = 0 if self.highlighted is None else min(self.option_count - 1, self.highlighted + 1)

    def action_cursor_up(self) -> None:
        if self.option_count:
            self.highlighted = 0 if self.highlighted is None else max(0, self.highlighted - 1)


class ChoiceScreen(ModalScreen[T | None], Generic[T]):
    """Pick one of ``choices`` (label, value, reason it cannot be picked or None); Esc cancels.

    A choice that cannot be picked is marked ``×`` and dimmed; highlighted, the line under the
    list says why, and Enter on it says so again instead of choosing.
    """

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > Vertical {
        width: 70; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    ChoiceScreen #why { color: $text-muted; height: auto; }
    ChoiceScreen #why.-refused { color: $warning; text-style: bold; }
    ChoiceScreen OptionList, ChoiceScreen OptionList:focus { height: auto; max-height: 14; border: none; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    HINT = "Enter to choose, Esc to cancel."
    """The line under the choices, after "Up/Down to move, " at first (a choice that cannot be
    picked says why there instead)."""

    def __init__(
        self, title: str, choices: list[tuple[Text, T, str | None]], start: T | None = None, hint: str | None = None
    ) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices
        self.start = start
        if hint is not None:
            self.HINT = hint

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = Text(self.title_text)  # a name in it reads as typed
            options = []
            for i, (label, _, why) in enumerate(self.choices):
                if why is not None:
                    label = Text("× ", "bold") + label
                    label.stylize("dim")
                options.append(Option(label, id=str(i)))
            yield ChoiceList(*options)
            yield Static(Text(f"Up/Down to move, {self.HINT}"), id="why")
        yield KeysFooter()

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        enabled = [i for i, (_, value, why) in enumerate(self.choices) if why is None]
        preferred = [i for i in enabled if self.choices[i][1] == self.start]
        if self.choices:
            options.highlighted = (preferred or enabled or [0])[0]
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        _, value, why = self.choices[int(event.option.id or 0)]
        if why is None:
            self.dismiss(value)
        else:
            self._say(f"Not possible: {why}", refused=True)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        why = self.choices[int(event.option.id or 0)][2]
        self._say(f"× {why}" if why else self.HINT, refused=False)

    def _say(self, words: str, refused: bool) -> None:
        line = self.query_one("#why", Static)
        line.update(Text(words))
        line.set_class(refused, "-refused")

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
