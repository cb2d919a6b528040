"""Small forms for Gift Exchange: bring a gift, name a gift at its reveal, a party guest.

One modal, :class:`FormScreen`: a few one-line inputs, capped in length; Enter goes to the next
input and submits on the last, Esc cancels.  ``check`` says what is wrong in plain words (the
form stays open with that message), so a refusal is never silent.  Enter moves on the moment it
is pressed, so keys typed straight after it land in the next input; a form for several entries
in a row (``then``) stays open, emptied, for the next one.  A form taller than the terminal
scrolls to the input being filled in.

    >>> text_problem("Waffle\\x1b[31m")
    "Text can't contain control characters (line breaks, escape codes ...)."
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from ...core.gift_exchange.text import LABEL_MAX, WRAPPING_MAX
from ...netplay.names import NAME_LENGTH
from ..widgets import KeysFooter, TextField

Values = dict[str, str]


@dataclass(frozen=True)
class Field:
    """One input: its key, its label, its length cap, a hint, and a starting value."""

    key: str
    label: str
    limit: int
    placeholder: str = ""
    value: str = ""


def text_problem(text: str) -> str | None:
    """Why typed text can't be used (control or bidirectional characters), else ``None``."""
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp"):
            return "Text can't contain control characters (line breaks, escape codes ...)."
    return None


def label_field(value: str = "", optional: bool = True) -> Field:
    hint = "what it is (secret until opened); blank: name it at the reveal" if optional else "what it is"
    return Field("label", "Gift label", LABEL_MAX, hint, value)


def wrapping_field(value: str = "") -> Field:
    return Field("wrapping", "Wrapping (everyone sees it)", WRAPPING_MAX, "small box, gold paper", value)


def name_field(value: str = "") -> Field:
    return Field("name", "Guest's name", NAME_LENGTH, "e.g. Ana", value)


class FormScreen(ModalScreen[Values | None]):
    """A few inputs; dismissed with their stripped values, or ``None`` on Esc.

    ``then``: the form is for several entries in a row; it is called with each entry's values
    and answers the title of the next, empty entry, or ``None`` when that was the last (the form
    is then dismissed with ``None``).
    """

    DEFAULT_CSS = """
    FormScreen { align: center middle; }
    FormScreen > VerticalScroll {
        width: 72; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    FormScreen Label { margin-top: 1; width: 1fr; }
    FormScreen #problem { color: $error; height: auto; text-style: bold; }
    FormScreen #keys { color: $text-muted; height: auto; }
    """
    AUTO_FOCUS = ""  # the first input is focused in on_mount
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("enter", "next", "Next", show=False, priority=True),
    ]

    def __init__(
        self,
        title: str,
        fields: list[Field],
        check: Callable[[Values], str | None] | None = None,
        then: Callable[[Values], str | None] | None = None,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.fields = fields
        self.check = check
        self.then = then

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = Text(self.title_text)  # a name in it reads as typed
            box.can_focus = False
            for field in self.fields:
                cap = f" (up to {field.limit} characters)" if field.limit >= 10 else ""
                yield Label(Text(field.label + cap))
                yield TextField(field.value, placeholder=field.placeholder, max_length=field.limit, id=f"f-{field.key}")
            yield Static(id="problem")
            yield Static(Text("Enter: next / done   Tab: next   Esc: cancel"), id="keys")
        yield KeysFooter()

    def values(self) -> Values:
        return {f.key: self.query_one(f"#f-{f.key}", Input).value.strip() for f in self.fields}

    def on_mount(self) -> None:
        # Textual centres a focused input the form cannot show whole (its label is then in view
        # too); the first input is focused before the form is laid out, so without that scroll.
        self.set_focus(self.query(Input).first(), scroll_visible=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return isinstance(self.focused, Input) if action == "next" else True

    def action_next(self) -> None:
        """Enter: at once (the keys typed after it go to the next input), the next input; on the
        last, the entry is taken once every input has the keys typed into it before this Enter."""
        inputs = list(self.query(Input))
        index = inputs.index(self.focused) if self.focused in inputs else len(inputs) - 1
        if index + 1 < len(inputs):
            self.set_focus(inputs[index + 1])  # now: Widget.focus would wait for the keys queued
            return
        if self.then is not None:
            self.set_focus(inputs[0])  # the next entry's keys
        self._take(inputs)

    def _take(self, inputs: list[Input]) -> None:
        """Read each input in its own turn, after the keys already on their way to it (and for
        the next entry of a ``then`` form, empty it there, so the keys after this Enter start
        afresh); once all are read, submit."""
        values: Values = {}

        def read(field: Input) -> None:
            values[(field.id or "")[len("f-") :]] = field.value.strip()
            if self.then is not None:
                field.value = ""
            if len(values) == len(inputs):
                self._submit(values, inputs)

        for field in inputs:
            field.call_later(read, field)

    def _submit(self, values: Values, inputs: list[Input]) -> None:
        problem = next((p for v in values.values() if (p := text_problem(v))), None)
        if problem is None and self.check is not None:
            problem = self.check(values)
        if problem:
            self.query_one("#problem", Static).update(Text(problem))
            if self.then is not None:  # the entry back in its inputs, to be put right
                for field in inputs:
                    field.value = values[(field.id or "")[len("f-") :]]
            return
        if self.then is None:
            self.dismiss(values)
            return
        title = self.then(values)
        if title is None:
            self.dismiss(None)
            return
        self.query_one(VerticalScroll).border_title = Text(title)
        self.query_one("#problem", Static).update("")

    def action_cancel(self) -> None:
        self.dismiss(None)
