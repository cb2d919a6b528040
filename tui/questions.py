"""The lobby's small questions: one line of text (:class:`LineScreen`: why a seat is freed),
a join code (:class:`CodeScreen`), the name you play under (:class:`NameScreen`, and
:class:`FirstNameScreen` the first time), and the wait while the people at a table decide
whether you may take over an away player's seat (:class:`AskingScreen`).
"""

from __future__ import annotations

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from ..netplay.names import name_problem
from .dialogs import Dialog
from .text import literal
from .widgets import KeysFooter, TextField
from .words import t, tn


class LineScreen(Dialog[str | None]):
    """Ask for one line of text: dismissed with what was typed (stripped), or None on Esc.
    ``title``, ``why`` and ``empty`` come worded by the caller.

    ``empty``: what Enter on an empty line says (the question stays open), for a line whose
    answer acts on someone (why their seat is freed): a stray Enter never answers it.  None:
    an empty line is an answer too."""

    DEFAULT_CSS = """
    LineScreen { align: center middle; }
    LineScreen Vertical { width: 60; max-width: 100%; height: auto; border: round $accent; background: $surface;
                          padding: 0 1; }
    LineScreen Label { width: 1fr; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self, title: str, why: Text | str, max_length: int = 200, value: str = "", *, empty: str | None = None
    ) -> None:
        super().__init__()
        self.title_words = title
        self.why = why if isinstance(why, Text) else Text(why)
        self.max_length = max_length
        self.value = value
        self.empty = empty

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_words
            yield Label(self.why)
            yield TextField(value=self.value, id="line", max_length=self.max_length)
        yield KeysFooter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.empty is not None and not event.value.strip():
            self.notify(self.empty, title=t("Not yet"), severity="warning")
            return
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class CodeScreen(LineScreen):
    """Ask for a private table's join code (None: Esc, or nothing typed)."""

    def __init__(self, why: str | None = None) -> None:
        """``why``: worded by the caller (None: a private table's code is asked)."""
        if why is None:
            why = t("Private table: type its join code, then Enter.")
        super().__init__(t("Join code"), why, max_length=16)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.prevent_default()  # the line screen's own handler would close a second screen
        self.dismiss(event.value.strip() or None)


class NameScreen(LineScreen):
    """Ask for the name to play under, the current one filled in: Enter takes a name (dismissed
    with it), or says what is wrong with it; Esc keeps the name as it was (None)."""

    def __init__(self, why: Text | str, name: str) -> None:
        from ..netplay.names import NAME_LENGTH

        super().__init__(t("Your name"), why, max_length=NAME_LENGTH, value=name)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.prevent_default()  # the line screen's own handler would close it whatever was typed
        problem = name_problem(event.value)
        if problem is not None:
            self.notify(problem[0].upper() + problem[1:], title=t("Not a name"), severity="error")
            return
        self.dismiss(event.value.strip())


class FirstNameScreen(NameScreen):
    """The name asked the first time (``yule join``): Esc asks whether to quit."""

    BINDINGS = [Binding("escape", "app.ask_quit", "Quit")]


class AskingScreen(Dialog[bool]):
    """While the people at a table decide whether a newcomer may take over an away player's
    seat: what is going on, and Esc to stop asking (dismissed with True)."""

    DEFAULT_CSS = """
    AskingScreen { align: center middle; }
    AskingScreen Static { width: 60; max-width: 100%; height: auto; border: round $accent; background: $surface;
                          padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "stop", "Stop asking")]

    def __init__(self, name: str, seconds: float = 60.0) -> None:
        super().__init__()
        self.player = name
        self.seconds = seconds

    def compose(self) -> ComposeResult:
        minutes = max(1, round(self.seconds / 60))
        box = Static(
            Text.from_markup(
                tn(
                    "Asking the people at the table to let you take over [b]{who}[/]'s seat: they (or the host's "
                    "owner) see your request and have {n} minute to answer. Wait here for a yes.",
                    "Asking the people at the table to let you take over [b]{who}[/]'s seat: they (or the host's "
                    "owner) see your request and have {n} minutes to answer. Wait here for a yes.",
                    minutes,
                    who=escape(literal(self.player)),
                )
            )
        )
        box.border_title = t("Waiting for a yes")
        yield box
        yield KeysFooter()

    def action_stop(self) -> None:
        self.dismiss(True)
