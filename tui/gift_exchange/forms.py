"""Small forms for Gift Exchange: bring a gift, name a gift at its reveal, a party guest.

One modal, :class:`FormScreen`: a few one-line inputs, capped in length; Enter goes to the next
input and submits on the last, Tab and Shift+Tab move between them, Esc cancels.  ``check``
says what is wrong in plain words (the form stays open with that message), so a refusal is
never silent.  A form for several entries in a row (``then``) stays open, emptied, for the next
one.  A form taller than the terminal scrolls to the input being filled in.

Keys arriving together (a quick typist, a held key, keys batched over SSH) keep their order:
Enter and Tab move on the moment they are pressed, so the keys typed straight after them land
in the next input, and an entry is read once every input has the keys typed before its Enter.
An entry is taken once: more Enters while it is being checked take nothing more (a form that
closes closes once).  A refused entry of a ``then`` form is put back in its inputs to be put
right, and what was typed after it before the refusal was known is dropped with the entries
it made: nothing is typed in front of the refused name.  Text pasted into a form goes where
typing it would: a Tab in it moves to the next input, a line break is an Enter.

    >>> text_problem("Waffle\\x1b[31m")
    "Text can't contain control characters (line breaks, escape codes ...)."
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Input, Label, Static

from ...core.gift_exchange.text import LABEL_MAX, WRAPPING_MAX
from ...netplay.names import NAME_LENGTH
from ..dialogs import Dialog
from ..widgets import KeysFooter, TakesPastes, TextField
from ..words import t, tn

Values = dict[str, str]

PASTED = re.compile(r"(\t|\r\n|\r|\n)")
"""What splits pasted text: a Tab (the next input) and a line break (Enter)."""


@dataclass(frozen=True)
class Field:
    """One input: its key, its label, its length cap, a hint, and a starting value (the label
    and the hint worded already: a form is made when it is opened)."""

    key: str
    label: str
    limit: int
    placeholder: str = ""
    value: str = ""


def text_problem(text: str) -> str | None:
    """Why typed text can't be used (control or bidirectional characters), else ``None``."""
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp"):
            return t("Text can't contain control characters (line breaks, escape codes ...).")
    return None


def label_field(value: str = "", optional: bool = True) -> Field:
    hint = t("what it is (secret until opened); blank: name it at the reveal") if optional else t("what it is")
    return Field("label", t("Gift label"), LABEL_MAX, hint, value)


def wrapping_field(value: str = "") -> Field:
    return Field("wrapping", t("Wrapping (everyone sees it)"), WRAPPING_MAX, t("small box, gold paper"), value)


def name_field(value: str = "") -> Field:
    return Field("name", t("Guest's name"), NAME_LENGTH, t("e.g. Ana"), value)


class FormField(TextField):
    """One input of a :class:`FormScreen`: for a moment after a refused entry (:meth:`drop_queued`)
    it drops the keys (and pasted text) already on their way to it."""

    dropping = 0
    """How many refusals' worth of keys on their way it is still dropping."""

    async def on_key(self, event: events.Key) -> None:
        if self.dropping:  # before the editing keys of its bases (and Input's typing) see it
            event.stop()
            event.prevent_default()

    def paste(self, text: str) -> None:
        """``text`` pasted here, once the keys typed before it are in (unless they are dropped)."""
        if not self.dropping:
            self.insert_text_at_cursor(text)

    def drop_queued(self) -> None:
        """Drop the keys on their way to this input now (typed before a refusal was known)."""
        self.dropping += 1

        def done() -> None:
            self.dropping -= 1

        self.call_later(done)


class FormScreen(Dialog[Values | None], TakesPastes):
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
        Binding("tab", "step(1)", "Next input", show=False, priority=True),
        Binding("shift+tab", "step(-1)", "Previous input", show=False, priority=True),
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
        self._entries = 0
        """Entries taken so far (each Enter on the last input takes one)."""
        self._void = 0
        """Entries up to this one are void: typed after a refused entry, before the refusal was known."""
        self._checking = False
        """True while an entry of a single-entry form is being read and checked: Enter takes no other."""

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = Text(self.title_text)  # a name in it reads as typed
            box.can_focus = False
            for field in self.fields:
                label = field.label
                if field.limit >= 10:
                    label = tn(
                        "{label} (up to {n} character)", "{label} (up to {n} characters)", field.limit, label=label
                    )
                yield Label(Text(label))
                yield FormField(field.value, placeholder=field.placeholder, max_length=field.limit, id=f"f-{field.key}")
            yield Static(id="problem")
            yield Static(Text(t("Enter: next / done   Tab: next   Esc: cancel")), id="keys")
        yield KeysFooter()

    def values(self) -> Values:
        return {f.key: self.query_one(f"#f-{f.key}", Input).value.strip() for f in self.fields}

    def on_mount(self) -> None:
        # Textual centres a focused input the form cannot show whole (its label is then in view
        # too); the first input is focused before the form is laid out, so without that scroll.
        self.set_focus(self.query(Input).first(), scroll_visible=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return isinstance(self.focused, Input) if action in ("next", "step") else True

    def action_step(self, step: int) -> None:
        """Tab (Shift+Tab): at once, the next (previous) input, round from the last to the first."""
        inputs = list(self.query(Input))
        index = inputs.index(self.focused) if self.focused in inputs else 0
        self.set_focus(inputs[(index + step) % len(inputs)])  # now: the keys after it go there

    def action_next(self) -> None:
        """Enter: at once (the keys typed after it go to the next input), the next input; on the
        last, the entry is taken once every input has the keys typed into it before this Enter."""
        inputs = list(self.query(Input))
        index = inputs.index(self.focused) if self.focused in inputs else len(inputs) - 1
        if index + 1 < len(inputs):
            self.set_focus(inputs[index + 1])  # now: Widget.focus would wait for the keys queued
            return
        if self.then is None:
            if self._checking:
                return  # the entry is being taken already: one Enter takes it
            self._checking = True
        else:
            self.set_focus(inputs[0])  # the next entry's keys
        self._entries += 1
        self._take(inputs, self._entries)

    def take_paste(self, text: str) -> None:
        """``text`` pasted (the moment the app got it), as if typed: each Tab in it moves to the
        next input and each line break is an Enter, at once; the words between go to the input
        with the focus then, after the keys already on their way to it."""
        for piece in PASTED.split(text):
            if piece == "\t":
                self.action_step(1)
            elif piece and piece in "\r\n":
                self.action_next()
            elif piece and isinstance(self.focused, FormField):
                self.focused.call_later(self.focused.paste, piece)

    def _take(self, inputs: list[Input], entry: int) -> None:
        """Read each input in its own turn, after the keys already on their way to it (and for
        the next entry of a ``then`` form, empty it there, so the keys after this Enter start
        afresh); once all are read, submit."""
        values: Values = {}

        def read(field: Input) -> None:
            if entry <= self._void:
                return  # typed after a refused entry: the refused one is in the inputs now
            values[(field.id or "")[len("f-") :]] = field.value.strip()
            if self.then is not None:
                field.value = ""
            if len(values) == len(inputs):
                self._submit(values, inputs, entry)

        for field in inputs:
            field.call_later(read, field)

    def _submit(self, values: Values, inputs: list[Input], entry: int) -> None:
        self._checking = False
        problem = next((p for v in values.values() if (p := text_problem(v))), None)
        if problem is None and self.check is not None:
            problem = self.check(values)
        if problem:
            self.query_one("#problem", Static).update(Text(problem))
            if self.then is not None:  # the entry back in its inputs, to be put right
                self._void = self._entries  # the entries typed after it are dropped, and their keys
                for field in inputs:
                    field.value = values[(field.id or "")[len("f-") :]]
                    field.cursor_position = len(field.value)
                    if isinstance(field, FormField):
                        field.drop_queued()
                self.set_focus(inputs[0])
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
