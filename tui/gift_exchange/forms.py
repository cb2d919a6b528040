"""Small forms for Gift Exchange: bring a gift, name a gift at its reveal, a party guest.

One modal, :class:`FormScreen`: a few one-line inputs, capped in length; Enter goes to the next
input and submits on the last, Esc cancels.  ``check`` says what is wrong in plain words (the
form stays open with that message), so a refusal is never silent.

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
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Label, Static

from yule.core.gift_exchange.text import LABEL_MAX, WRAPPING_MAX
from yule.netplay.table import NAME_LENGTH

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
    """A few inputs; dismissed with their stripped values, or ``None`` on Esc."""

    DEFAULT_CSS = """
    FormScreen { align: center middle; }
    FormScreen > Vertical {
        width: 72; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    FormScreen Label { margin-top: 1; }
    FormScreen #problem { color: $error; height: auto; text-style: bold; }
    FormScreen #keys { color: $text-muted; height: auto; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, fields: list[Field], check: Callable[[Values], str | None] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.fields = fields
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_text
            for field in self.fields:
                yield Label(Text(f"{field.label} (up to {field.limit} characters)"))
                yield Input(field.value, placeholder=field.placeholder, max_length=field.limit, id=f"f-{field.key}")
            yield Static(id="problem")
            yield Static(Text("Enter: next / done   Tab: next   Esc: cancel"), id="keys")
        yield Footer(compact=True)

    def values(self) -> Values:
        return {f.key: self.query_one(f"#f-{f.key}", Input).value.strip() for f in self.fields}

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        keys = [f"f-{f.key}" for f in self.fields]
        index = keys.index(event.input.id or "")
        if index + 1 < len(keys):
            self.query_one(f"#{keys[index + 1]}", Input).focus()
            return
        values = self.values()
        problem = next((p for v in values.values() if (p := text_problem(v))), None)
        if problem is None and self.check is not None:
            problem = self.check(values)
        if problem:
            self.query_one("#problem", Static).update(Text(problem))
            return
        self.dismiss(values)

    def action_cancel(self) -> None:
        self.dismiss(None)
