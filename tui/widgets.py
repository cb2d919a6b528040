"""Widgets every screen shares: the status line, the keys footer, the game log and the base of
game tables."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Checkbox, Footer, OptionList, RichLog, Static
from textual.widgets._footer import FooterKey
from textual.widgets.option_list import Option

from .text import literal

CONNECTION_TEXT = {
    "connecting": ("connecting…", "bold"),
    "connected": ("connected", ""),
    "reconnecting": ("reconnecting…", "bold reverse"),
    "gone": ("host gone", "bold reverse"),
    "offline": ("not connected", "dim"),
}


class StatusLine(Static):
    """One line: where you are, the table's join code, and the connection to the host (none
    shown when ``connection`` is empty: a replay has no host)."""

    DEFAULT_CSS = """
    StatusLine { height: 1; background: $panel; padding: 0 1; }
    """

    place: reactive[str] = reactive("Yule")
    code: reactive[str | None] = reactive(None)
    connection: reactive[str] = reactive("offline")

    def on_mount(self) -> None:
        for key, value in getattr(self.app, "status", {}).items():
            setattr(self, key, value)

    def render(self) -> Text:
        text = Text(literal(self.place), style="bold")
        if self.code:
            text.append("  join code ")
            text.append(literal(self.code), style="bold reverse")
        if not self.connection:
            return text
        words, style = CONNECTION_TEXT.get(self.connection, (self.connection, ""))
        right = Text(f"host: {words}", style=style)
        width = self.content_size.width
        gap = max(2, width - text.cell_len - right.cell_len)
        return text + Text(" " * gap) + right


class KeysFooter(Footer):
    """Textual's footer that greys and un-greys its keys in place.

    Textual's own footer rebuilds every key widget whenever a screen's bindings may have
    changed, which is after every move here; this one rebuilds only when the keys shown are
    not the same ones, else it just sets each key's greyed look.
    """

    def __init__(self) -> None:
        super().__init__(compact=True)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._update_keys)

    async def _update_keys(self) -> None:
        if not self.is_attached:
            return
        shown: dict[str, tuple[str, bool]] = {}
        for _, binding, enabled, _ in self.screen.active_bindings.values():
            if binding.show:
                shown.setdefault(binding.action, (binding.key, enabled))
        keys = [key for key in self.query_children(FooterKey) if not key.has_class("-command-palette")]
        if [(k.action, k.key) for k in keys] != [(action, key) for action, (key, _) in shown.items()]:
            await self.recompose()
            return
        for footer_key in keys:
            disabled = not shown[footer_key.action][1]
            if footer_key._disabled != disabled:
                footer_key._disabled = disabled
                footer_key.set_class(disabled, "-disabled")


class MarkedOptionList(OptionList):
    """An option list whose highlighted option has ``>`` in front, so the cursor is never told
    by colour alone (NO_COLOR, monochrome terminals).  Prompts are Rich ``Text``."""

    _marked: int | None = None

    def add_options(self, new_options: Any) -> MarkedOptionList:
        options = []
        for option in new_options:
            if isinstance(option, Text):
                option = Option(option)
            if not isinstance(option, Option) or not isinstance(option.prompt, Text):
                raise TypeError("a MarkedOptionList's options are Rich Text")
            options.append(Option(Text("  ") + option.prompt, id=option.id, disabled=option.disabled))
        return super().add_options(options)

    def clear_options(self) -> MarkedOptionList:
        self._marked = None
        return super().clear_options()

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        for index, mark in ((self._marked, "  "), (highlighted, "> ")):
            if index is not None and index < self.option_count:
                prompt = self.get_option_at_index(index).prompt
                assert isinstance(prompt, Text)
                self.replace_option_prompt_at_index(index, Text(mark, "bold") + prompt[2:])
        self._marked = highlighted


class TickBox(Checkbox):
    """A checkbox showing ``[x]`` or ``[ ]``: its state never told by colour alone."""

    @property
    def _button(self) -> Content:
        return Content.styled("[x]" if self.value else "[ ]", "bold" if self.value else "")


class GameLog(RichLog):
    """The table's log in plain words, wrapped, each line shown literally (no markup)."""

    DEFAULT_CSS = """
    GameLog { height: 5; border-top: solid $primary; background: $surface; scrollbar-size-vertical: 0; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_lines=500, wrap=True, markup=False, highlight=False, **kwargs)
        self.border_title = "Log (l: whole log)"
        self.can_focus = False

    def add(self, lines: list[str]) -> None:
        for line in lines:
            self.write(Text(literal(line)))


class GameTable(Widget):
    """Base of every game's table widget: one seat's view and names in, chosen moves out.

    A game's move keys are the bindings whose action is in :attr:`MOVES`.  While
    :meth:`reason` gives a reason for one, its key is greyed out in the footer, and pressing it
    says that reason instead of doing nothing.
    """

    MOVES: ClassVar[tuple[str, ...]] = ()
    """The binding actions that are moves, greyed out and explained by :meth:`reason`."""

    view: reactive[dict[str, Any] | None] = reactive(None, always_update=True, init=False)
    names: reactive[tuple[str, ...]] = reactive((), init=False)
    tags: reactive[dict[int, str]] = reactive(dict, init=False)
    """A word about some seats: ``{2: "bot", 3: "away"}``."""
    pending: reactive[bool] = reactive(False, init=False)
    """True from sending a move until the host's answer (a new view or a refusal)."""

    class MoveChosen(Message):
        """The player chose a move (wire form, no ``by``); the app sends it to the host."""

        def __init__(self, move: dict[str, Any]) -> None:
            super().__init__()
            self.move = move

    def send(self, move: dict[str, Any]) -> None:
        self.pending = True
        self.post_message(self.MoveChosen(move))

    def happened(self, events: list[dict[str, Any]]) -> None:
        """The public events of the moves since the last view, told just before the next view.

        The log shows them as lines already; a game overrides this to show one on its table too
        (a card just drawn, a die just rolled).  An empty list means nothing new happened.
        """

    def reason(self, action: str) -> str | None:
        """Why the move ``action`` is not possible now (``None``: it is)."""
        return None

    def _redraw(self) -> None:
        """Draw the table from ``view``, ``names`` and ``tags`` (each game draws its own)."""

    def watch_names(self) -> None:
        self._redraw()

    def watch_tags(self) -> None:
        self._redraw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.MOVES:
            return None if self.reason(action) else True
        return True

    def on_key(self, event: events.Key) -> None:
        for binding in self.BINDINGS:
            if isinstance(binding, Binding) and event.key in binding.key.split(",") and binding.action in self.MOVES:
                why = self.reason(binding.action)
                if why:
                    event.stop()
                    event.prevent_default()
                    self.notify(literal(why), title=f"Can't {binding.description.lower()}", severity="warning")
                return

    def refused(self, reason: str) -> None:
        """The host refused our last move: say why and let the player try again."""
        self.pending = False
        self.notify(literal(reason), title="Not allowed", severity="error")
