"""Connecting to a host: the hosts found on this network and a field for an address
(:class:`ConnectScreen`, which looks for hosts itself), where the app connects meanwhile
(:class:`ConnectingScreen`), and what to do when a host does not answer
(:class:`NoAnswerScreen`).  They post what was chosen; :class:`yule.tui.app.YuleApp` connects.
Each words what it says with :meth:`reword` (again when the language changes).
"""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..netplay.client import discover_hosts
from .dialogs import Answered
from .text import literal
from .widgets import KeysFooter, MarkedOptionList, StatusLine, TextField
from .words import t


def parse_address(text: str, default_port: int) -> tuple[str, int]:
    """``'host'``, ``'host:port'`` or ``'[v6]:port'`` as (host, port); ``ValueError`` if bad
    (its message in the app's language, for the player).

    >>> parse_address("192.168.1.20:7800", 7737), parse_address("yule.local", 7737)
    (('192.168.1.20', 7800), ('yule.local', 7737))
    """
    text = text.strip()
    if not text:
        raise ValueError(t("Type a host name or address."))
    host, port = text, default_port
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest.startswith(":"):
            port = int(rest[1:])
    elif text.count(":") == 1:
        host, _, number = text.partition(":")
        if not number.isdigit():
            raise ValueError(t("{number} is not a port number.", number=repr(number)))
        port = int(number)
    if not 0 < port < 65536:
        raise ValueError(t("{number} is not a port number.", number=port))
    return host, port


class ConnectScreen(Screen[None]):
    """Hosts found on the LAN and a field for an address."""

    DEFAULT_CSS = """
    ConnectScreen Vertical { padding: 0 1; }
    ConnectScreen #found { height: 1fr; border: round $primary; }
    ConnectScreen Label { margin-top: 1; }
    """
    BINDINGS = [  # Ctrl+R: some terminals keep F5 for themselves
        Binding("f5,ctrl+r", "rescan", "Look again", key_display="^r"),
        Binding("escape", "app.ask_quit", "Quit", key_display="esc"),
    ]

    found: reactive[list[tuple[str, str, int]]] = reactive(list, init=False, always_update=True)

    class Chosen(Message):
        """Connect to this host and port."""

        def __init__(self, host: str, port: int) -> None:
            super().__init__()
            self.host = host
            self.port = port

    def __init__(self, default_port: int, discover: bool = True) -> None:
        super().__init__()
        self.default_port = default_port
        self.discover = discover
        """Look for hosts on the LAN (False: the list stays empty)."""
        self.searched = False
        """True once a look for hosts has come back (found some or none)."""

    def compose(self) -> ComposeResult:
        yield StatusLine()
        with Vertical():
            yield Label(id="found-label")
            yield MarkedOptionList(id="found")
            yield Label(id="address-label")
            yield TextField(placeholder="192.168.1.20:7737", id="address")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.reword()
        self.query_one(Input).focus()
        self.look_for_hosts()

    def reword(self) -> None:
        """What the screen says, in the app's language."""
        self.query_one("#found-label", Label).update(
            Text(t("Hosts found on this network (Up/Down, Enter to connect):"))
        )
        self.query_one("#address-label", Label).update(
            Text(t("Or type an address (host or host:port), then Enter (Tab goes between the two):"))
        )
        self._subtitle()

    def _subtitle(self) -> None:
        if self.found:
            subtitle = ""
        elif self.searched:
            subtitle = t("none found yet: Ctrl+R looks again")
        else:
            subtitle = t("looking for hosts…")
        self.query_one("#found", OptionList).border_subtitle = subtitle

    @work(exclusive=True, group="discover")
    async def look_for_hosts(self) -> None:
        if self.discover:
            self.found = [(h.name, h.address, h.port) for h in await discover_hosts(2.0)]

    def watch_found(self, found: list[tuple[str, str, int]]) -> None:
        options = self.query_one("#found", OptionList)
        options.clear_options()
        self.searched = True
        self._subtitle()
        for i, (name, host, port) in enumerate(found):
            options.add_option(Option(Text.assemble((literal(name, 30), "bold"), f"  {host}:{port}"), id=str(i)))
        address = self.query_one("#address", Input)
        if found and address.has_focus and not address.value:
            options.focus()  # nothing typed yet: Enter connects to the first host found
        if found:
            options.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        _, host, port = self.found[int(event.option.id or 0)]
        self.post_message(self.Chosen(host, port))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not event.value.strip():  # nothing typed: the host highlighted in the list, if any
            options = self.query_one("#found", OptionList)
            if self.found:
                _, host, port = self.found[options.highlighted or 0]
                self.post_message(self.Chosen(host, port))
            else:
                self.notify(t("Type a host's address, or wait a moment: the hosts found on this network show "
                              "above (Ctrl+R looks again)."), severity="warning")  # fmt: skip
            return
        try:
            host, port = parse_address(event.value, self.default_port)
        except ValueError as e:
            self.notify(str(e), severity="error")
            return
        self.post_message(self.Chosen(host, port))

    def action_rescan(self) -> None:
        self.look_for_hosts()


class ConnectingScreen(Screen[None]):
    """While the app connects to a host: where, so the screen is never blank meanwhile (a host
    that does not answer is told after :data:`~yule.netplay.client.HELLO_TIMEOUT` seconds at most)."""

    DEFAULT_CSS = """
    ConnectingScreen #middle { height: 1fr; align: center middle; }
    ConnectingScreen #where { width: auto; max-width: 100%; height: auto; padding: 0 1; }
    """
    BINDINGS = [Binding("q,escape", "app.ask_quit(1)", "Quit", key_display="q")]

    def __init__(self, where: str) -> None:
        super().__init__()
        self.where = where

    def compose(self) -> ComposeResult:
        yield StatusLine()
        with Vertical(id="middle"):
            yield Static(id="where")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.reword()

    def reword(self) -> None:
        """What the screen says, in the app's language."""
        self.query_one("#where", Static).update(Text(t("Connecting to {where} ...", where=self.where)))


class NoAnswerScreen(Answered[str]):
    """The host cannot be reached: what happened in plain words, and what to do.

    Dismissed with ``"retry"`` (r or Enter) or ``"other"`` (a: another address, unless
    ``elsewhere`` is False: an SSH guest plays at its one host); q or Esc quits, asked first
    (exit code 1).
    """

    DEFAULT_CSS = """
    NoAnswerScreen #middle { height: 1fr; align: center middle; }
    NoAnswerScreen #why { width: 70; max-width: 100%; height: auto; border: round $error; padding: 0 1; }
    """
    BINDINGS = [
        Binding("r,enter", "done('retry')", "Try again", key_display="r"),
        Binding("a", "done('other')", "Another address"),
        Binding("q,escape", "app.ask_quit(1)", "Quit", key_display="q"),
    ]

    def __init__(self, why: str, elsewhere: bool = True) -> None:
        super().__init__()
        self.why = why
        self.elsewhere = elsewhere

    def compose(self) -> ComposeResult:
        yield StatusLine()
        with Vertical(id="middle"):
            yield Static(id="why")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.reword()

    def reword(self) -> None:
        """What the screen says, in the app's language (why the host cannot be reached comes
        worded from the app)."""
        keys = (
            t("r tries again, a connects to another address, q quits.")
            if self.elsewhere
            else t("r tries again, q quits.")
        )
        why = self.query_one("#why", Static)
        why.update(Text(f"{self.why}\n\n{keys}"))
        why.border_title = t("Not connected")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.elsewhere or parameters != ("other",)

    def action_done(self, choice: str) -> None:
        self.dismiss(choice)
