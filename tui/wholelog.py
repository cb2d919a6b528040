"""The whole log of a table, scrollable: what ``l`` opens over a table (:class:`LogScreen`).

A module of its own, loaded when the whole log is first asked for: Textual's ``RichLog``,
which it scrolls through, loads ``rich.pretty`` and with it ``attrs``, which no table needs to
start.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import RichLog

from .dialogs import Dialog
from .widgets import GameLog, KeysFooter, log_line_text
from .words import t


class WholeLog(RichLog):
    """Every line of a table's log, scrollable (the arrows scroll it): what ``l`` shows."""

    DEFAULT_CSS = """
    WholeLog { height: 1fr; border-top: solid $primary; background: $surface; scrollbar-size-vertical: 1; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_lines=GameLog.MAX_LINES, wrap=True, markup=False, highlight=False, **kwargs)

    def add(self, lines: list[str | Text]) -> None:
        for line in lines:
            self.write(log_line_text(line, True), expand=True)  # as wide as the log, whatever the console's width


class LogScreen(Dialog[None]):
    """The whole game log, scrollable."""

    BINDINGS = [Binding("escape,l,q", "close", "Close")]

    def __init__(self, lines: list[str | Text]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        log = WholeLog()
        log.border_title = t("The whole log (arrows scroll, Esc closes)")
        log.can_focus = True
        yield log
        yield KeysFooter()

    def on_mount(self) -> None:
        log = self.query_one(WholeLog)
        log.add(self.lines)
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)
