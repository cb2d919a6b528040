"""Your turn, called out: the bell, a desktop notification and the window title, when a decision
becomes yours; and the TV's chime when a game starts and ends.

**When.**  A player's app (``yule play``, ``yule join``, an SSH guest's) calls a decision out
once, as it becomes theirs: the first view of their seat that holds ``actions`` (the host sends
them to a seat that may act now, and only to it: a move, a question the rules ask, White
Rabbit's die to roll), after one that did not (:meth:`TurnCalls.follow`).  Never for another
seat's turn or a bot's move (their views hold no ``actions`` for this seat), nor a chance move
the host draws by itself, nor a seat a bot plays meanwhile (``stand_in``); not again for the
next step of the same turn (a second move before the turn passes), nor when the same view comes
again: a redraw, a reconnect (the host sends the view once more), the table left and joined again
at the same move.  A spectator's view has no seat: nothing is called out.

**What** (each switchable, :class:`CallSettings`, remembered in the player's profile: ``b`` in
the lobby or ``yule play``'s game menu, :class:`CallsScreen`):

- the terminal bell (:meth:`textual.app.App.bell`);
- a desktop notification through the terminal ("Your turn at White Elephant", in the player's
  language), one escape sequence chosen for the terminal (:func:`terminal_of`), since a terminal
  that understands two would show two notifications;
- the window title (OSC 2) ``● Your turn · Yule`` while the decision is theirs, and the plain
  title (``Yule · White Elephant``; ``Yule`` away from a table) once it is not.  The first
  title written pushes the terminal's own title on its title stack (``CSI 22 t``); as the app
  ends it writes ``Yule`` and pops it (``CSI 23 t``): a terminal with a title stack (xterm,
  VTE, kitty, tmux) gets its own title back, another keeps ``Yule``.

**Which sequence for which terminal**, from what the app can know (:func:`terminal_of`; an SSH
guest's app knows the ``TERM`` of the guest's pty request, and ``LC_TERMINAL`` or ``TERM_PROGRAM``
when their ``ssh`` sends it, as iTerm2's does with ``LC_TERMINAL``):

- kitty (``KITTY_WINDOW_ID``, ``TERM=xterm-kitty``): OSC 99, ``ESC ] 99 ; ; text ESC \\``;
- VTE's terminals (``VTE_VERSION``: GNOME Terminal, Tilix, Terminator ...), foot, rxvt-unicode
  and Ghostty: OSC 777, ``ESC ] 777 ; notify ; Yule ; text BEL``;
- iTerm2, WezTerm, Windows Terminal, and every other terminal: OSC 9, ``ESC ] 9 ; text BEL``,
  the sequence most terminals that show notifications understand (the others ignore it);
- none inside tmux or GNU screen (``TMUX``, ``STY``, ``TERM=tmux…``/``screen…``), which keep
  these sequences to themselves (the bell and the title reach them: tmux shows the title as
  the pane's), nor on the Linux console (``TERM=linux``) or a ``dumb`` terminal, which would
  print them (no title either).

Text from the host (a game's title) has its control characters removed before it goes into a
sequence (:func:`clean`).

**How it is written.**  Textual has no public way to write an escape sequence, only
:meth:`~textual.app.App.bell`; its public hooks are :meth:`~textual.app.App.get_driver_class`
and a driver's :meth:`~textual.driver.Driver.write`.  An app that :class:`CallsTurns` runs on
a subclass of the driver Textual would have picked (:func:`calling_driver`), which hands its
``write`` to the app's :class:`TurnCalls` once it is in application mode, and, as it leaves it
(the app ends, or is suspended), has it write the plain title first.  The sequences go out
between the app's frames, on the app's own output.  Headless (tests), inline, and under the web
driver (``yule watch --web``, textual-serve's page) nothing is handed: the bell only.  A test
hands its own writer (:meth:`TurnCalls.attach`).

**The TV** (``yule watch``, and the web TV, which runs it) rings the bell when a game starts at
the table it shows and when that game ends (:class:`Chime`); not for a game it comes to in the
middle (it moves on to a table as it likes), nor for one over before it came.  The web TV's
page reaches the bell as a byte its websocket brings; textual-serve's terminal (xterm.js) sounds
none, so the page's own template (:mod:`yule.tui.webtv`) listens for it and plays a chime (once
someone has clicked or pressed a key on the page: browsers allow no sound before).
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING, Any, Literal

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.driver import Driver
from textual.widgets import Static

from ..netplay.client.follower import Change, TableFollower
from ..netplay.frames import STARTED
from .dialogs import Dialog
from .widgets import KeysFooter
from .words import t, title

if TYPE_CHECKING:
    from .profile import Profile

Notification = Literal["osc9", "osc777", "osc99"]
"""Which escape sequence shows a desktop notification in a terminal."""

ST = "\x1b\\"
BEL = "\x07"
TITLE_PUSH = "\x1b[22;0t"
"""Keep the terminal's window title on its title stack (xterm's ``XTWINOPS``)."""
TITLE_POP = "\x1b[23;0t"
"""Give the terminal its kept title back."""
APP_TITLE = "Yule"
"""The plain window title away from a table (and as the app ends), and a notification's heading."""


@dataclass(frozen=True, slots=True)
class Terminal:
    """What a terminal does with the calls: the sequence of its desktop notifications (None:
    none), and whether to set its window title."""

    notification: Notification | None
    title: bool


def terminal_of(env: Mapping[str, str]) -> Terminal:
    """The terminal the app writes to, from its environment (see the module docstring).

    >>> terminal_of({"TERM": "xterm-kitty"}), terminal_of({"TERM": "xterm-256color", "VTE_VERSION": "7600"})
    (Terminal(notification='osc99', title=True), Terminal(notification='osc777', title=True))
    >>> terminal_of({"TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"}), terminal_of({"TERM": "xterm-256color"})
    (Terminal(notification='osc9', title=True), Terminal(notification='osc9', title=True))
    >>> terminal_of({"TERM": "tmux-256color", "TMUX": "/tmp/tmux-1/default,1,0"}), terminal_of({"TERM": "linux"})
    (Terminal(notification=None, title=True), Terminal(notification=None, title=False))
    """
    term = env.get("TERM", "").lower()
    program = env.get("TERM_PROGRAM", "").lower()
    if term in ("", "dumb") or term.startswith(("linux", "vt100", "vt220")):
        return Terminal(None, False)  # it would print what it does not know
    if env.get("TMUX") or env.get("STY") or program == "tmux" or term.startswith(("tmux", "screen")):
        return Terminal(None, True)  # a multiplexer keeps notifications to itself
    if env.get("KITTY_WINDOW_ID") or term == "xterm-kitty" or program == "kitty":
        return Terminal("osc99", True)
    if env.get("LC_TERMINAL") == "iTerm2" or program in ("iterm.app", "wezterm") or env.get("WT_SESSION"):
        return Terminal("osc9", True)
    if (env.get("VTE_VERSION") or program == "ghostty" or term == "xterm-ghostty"
            or term.startswith(("foot", "rxvt-unicode"))):  # fmt: skip
        return Terminal("osc777", True)
    return Terminal("osc9", True)


def clean(text: str, limit: int = 120) -> str:
    """``text`` fit to go inside an escape sequence: its control characters (and the other
    characters Unicode gives no glyph: format, unassigned, private, surrogates) removed, its
    runs of whitespace one space, at most ``limit`` characters.

    >>> clean("Your turn at \\x1b]0;owned\\x07White\\tElephant\\x9c;")
    'Your turn at ]0;ownedWhite Elephant;'
    """
    kept = "".join(
        " " if ch.isspace() else ch for ch in text if ch.isspace() or not unicodedata.category(ch).startswith("C")
    )
    return " ".join(kept.split())[:limit]


def notification(kind: Notification, heading: str, body: str) -> str:
    """The escape sequence showing ``body`` (under ``heading``, where the sequence has one) as a
    desktop notification, both cleaned (:func:`clean`).

    >>> notification("osc9", "Yule", "Your turn"), notification("osc99", "Yule", "Your turn")
    ('\\x1b]9;Your turn\\x07', '\\x1b]99;;Your turn\\x1b\\\\')
    >>> notification("osc777", "Yule;", "Your turn")
    '\\x1b]777;notify;Yule,;Your turn\\x07'
    """
    body = clean(body)
    if kind == "osc99":
        return f"\x1b]99;;{body}{ST}"
    if kind == "osc777":
        return f"\x1b]777;notify;{clean(heading).replace(';', ',')};{body}{BEL}"
    return f"\x1b]9;{body}{BEL}"


def window_title(text: str) -> str:
    """The escape sequence setting the window title (OSC 2) to ``text``, cleaned.

    >>> window_title("● Your turn · Yule")
    '\\x1b]2;● Your turn · Yule\\x07'
    """
    return f"\x1b]2;{clean(text)}{BEL}"


@dataclass
class CallSettings:
    """Which of the three calls a player wants (each on unless they switched it off)."""

    bell: bool = True
    notify: bool = True
    title: bool = True

    @classmethod
    def from_json(cls, data: object) -> CallSettings:
        """The settings kept in a profile (what is not a yes or no there stays on).

        >>> CallSettings.from_json({"bell": False, "title": "no"}), CallSettings.from_json(None)
        (CallSettings(bell=False, notify=True, title=True), CallSettings(bell=True, notify=True, title=True))
        """
        settings = cls()
        if isinstance(data, dict):
            for name in (f.name for f in fields(cls)):
                if isinstance(value := data.get(name), bool):
                    setattr(settings, name, value)
        return settings

    def to_json(self) -> dict[str, bool]:
        return asdict(self)


def yours(table: TableFollower[Any]) -> bool:
    """Whether the table's latest view asks its seat to decide: the view of the player's own seat
    (not a spectator's, nor the seat a helper helps) holding ``actions``, in a game not over, the seat not played by a bot meanwhile."""
    frame = table.frame
    if frame is None or frame["seat"] is None:
        return False
    view = frame["view"]
    if not view.get("actions") or "result" in view:
        return False
    info = table.info
    if info is not None and info.get("you") != frame["seat"]:
        return False  # a helper's: the seat helped is not theirs (:mod:`.helping`)
    seats = [] if info is None else info["seats"]
    seat = seats[frame["seat"]] if frame["seat"] < len(seats) else None
    return not (seat is not None and seat["stand_in"])


def game_title(table: TableFollower[Any]) -> str:
    """The game played at ``table``, in the app's language."""
    if table.info is not None:
        return title(table.info["title"])
    from ..core.registry import get_game

    try:
        return title(get_game((table.view or {}).get("game")))
    except KeyError:
        return APP_TITLE


class TurnCalls:
    """One app's calls (see the module docstring): ``bell`` rings (the app's), ``settings`` say
    which calls the player wants (``save`` keeps them when they change), ``env`` is the
    terminal's environment.  Nothing is written until a writer is handed (:meth:`attach`)."""

    def __init__(
        self,
        bell: Callable[[], None],
        settings: CallSettings | None = None,
        save: Callable[[CallSettings], None] | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.bell = bell
        self.settings = settings if settings is not None else CallSettings()
        self.save = save
        self.terminal = terminal_of(os.environ if env is None else env)
        self.writer: Callable[[str], None] | None = None
        """Writes to the terminal (the driver's ``write``), or None: nothing is written but the bell."""
        self.deciding = False
        """The decision of the latest view is the player's (called out already)."""
        self.called: tuple[int, int | None, int] | None = None
        """The latest view that was the player's decision: its table, game and ``seq`` (the same
        view again, after the table was left and joined again, is not called out again)."""
        self.marked = False
        """The window title says it is the player's turn."""
        self.titled = False
        """A title was written (the terminal's own was pushed on its title stack first)."""
        self.place = APP_TITLE
        """The plain window title: the game played, or the app's name away from a table."""

    # -- the terminal ------------------------------------------------------------------------

    def attach(self, writer: Callable[[str], None] | None) -> None:
        """Write through ``writer`` from now on (None: nothing more is written); a title still
        marked is written again (the app back from a suspension)."""
        self.writer = writer
        if writer is not None and self.deciding:
            self.marked = False
            self._title(True)

    def closing(self) -> None:
        """The app leaves the terminal: the plain title back, then the terminal's own (see the
        module docstring), while the writer still writes."""
        if self.titled:
            self._write(window_title(APP_TITLE) + TITLE_POP)
        self.titled = self.marked = False

    def _write(self, data: str) -> None:
        if self.writer is not None:
            self.writer(data)

    # -- following the table ----------------------------------------------------------------

    def follow(self, table: TableFollower[Any]) -> None:
        """The table followed changed (a view, its info): call the decision out if it has just
        become the player's; the title says whether it is."""
        self.place = f"{APP_TITLE} · {game_title(table)}"
        if table.result is not None:
            self.called = None  # the next game's decisions are new, whatever their seq
        if not yours(table):
            self.deciding = False
            self._title(False)
            return
        assert table.frame is not None
        now = (table.id, None if table.info is None else table.info["game_no"], table.frame["seq"])
        if not self.deciding and now != self.called:
            self._call(game_title(table))
        self.deciding, self.called = True, now
        self._title(True)

    def away(self) -> None:
        """No table is followed any more: the plain title."""
        self.deciding = False
        self.place = APP_TITLE
        self._title(False)

    def _call(self, game: str) -> None:
        if self.settings.bell:
            self.bell()
        kind = self.terminal.notification
        if self.settings.notify and kind is not None:
            self._write(notification(kind, APP_TITLE, t("Your turn at {game}", game=game)))

    def _title(self, yours: bool) -> None:
        """The window title: marked while the decision is the player's (and they want it so)."""
        marked = yours and self.settings.title
        if marked == self.marked or self.writer is None or not self.terminal.title:
            return
        if not self.titled:
            self._write(TITLE_PUSH)
            self.titled = True
        self._write(window_title(t("● Your turn · Yule") if marked else self.place))
        self.marked = marked

    def switch(self, call: str) -> None:
        """Switch one call (``bell``, ``notify``, ``title``) on or off, kept (``save``); the
        title follows at once."""
        setattr(self.settings, call, not getattr(self.settings, call))
        if self.save is not None:
            self.save(self.settings)
        self._title(self.deciding)


def profile_calls(bell: Callable[[], None], profile: Profile | None) -> TurnCalls:
    """The calls of the player whose ``profile`` it is (None: this run only), kept there when switched."""
    if profile is None:
        return TurnCalls(bell)

    def save(settings: CallSettings) -> None:
        profile.calls = settings.to_json()
        profile.save()

    return TurnCalls(bell, CallSettings.from_json(profile.calls), save)


# -- the driver and the app ------------------------------------------------------------------


class CallsTurns(App[int]):
    """Mixed into an app that calls turns out, before its class: it runs on a driver that hands
    its writer to :attr:`turn_calls` (:func:`calling_driver`).  The app sets :attr:`turn_calls`."""

    turn_calls: TurnCalls

    def get_driver_class(self) -> type[Driver]:
        return calling_driver(super().get_driver_class())


_CALLING: dict[type[Driver], type[Driver]] = {}


def calling_driver(base: type[Driver]) -> type[Driver]:
    """``base`` (the driver Textual picked), handing its ``write`` to the app's calls once in
    application mode (not a web or headless driver's), and having the plain title written back
    before it leaves it."""
    made = _CALLING.get(base)
    if made is None:

        class Calling(base):  # type: ignore[valid-type, misc]  # a class made at run time
            def __init__(self, app: App[Any], **kwargs: Any) -> None:
                super().__init__(app, **kwargs)
                self.calls = (
                    app.turn_calls if isinstance(app, CallsTurns) and not (self.is_web or self.is_headless) else None
                )

            def start_application_mode(self) -> None:
                super().start_application_mode()
                if self.calls is not None:
                    self.calls.attach(self.write)

            def stop_application_mode(self) -> None:
                if self.calls is not None:
                    self.calls.closing()
                    self.calls.attach(None)
                super().stop_application_mode()

        Calling.__name__ = Calling.__qualname__ = f"Calling{base.__name__}"
        made = _CALLING[base] = Calling
    return made


# -- the player's switches --------------------------------------------------------------------


class CallsScreen(Dialog[None]):
    """``b`` in the lobby (and in ``yule play``'s game menu): the three calls, each switched by its
    key (the same letters in every language), kept in the player's profile as they change."""

    DEFAULT_CSS = """
    CallsScreen { align: center middle; }
    CallsScreen > Static {
        width: 64; max-width: 100%; height: auto; border: round $accent;
        background: $surface; padding: 0 1;
    }
    """
    BINDINGS = [
        Binding("b", "switch('bell')", "Bell"),
        Binding("n", "switch('notify')", "Notification"),
        Binding("t", "switch('title')", "Title"),
        Binding("escape,enter", "done", "Done", key_display="Esc"),
    ]

    def __init__(self, calls: TurnCalls) -> None:
        super().__init__()
        self.calls = calls

    @classmethod
    def of(cls, app: App[Any]) -> CallsScreen:
        """The switches of ``app``'s calls (an app that calls none: switches that keep nothing)."""
        return cls(app.turn_calls if isinstance(app, CallsTurns) else TurnCalls(app.bell))

    def compose(self) -> ComposeResult:
        yield Static(id="calls")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.reword()

    def reword(self) -> None:
        """The switches as they are, in the app's language."""
        settings = self.calls.settings
        rows = (
            ("b", settings.bell, t("the bell")),
            ("n", settings.notify, t("a notification: “{words}”", words=t("Your turn at {game}", game="…"))),
            ("t", settings.title, t("the window title: {title}", title=t("● Your turn · Yule"))),
        )
        box = self.query_one("#calls", Static)
        box.border_title = t("Your turn, called out")
        text = Text(t("When it is your turn, Yule calls you with:"))
        for key, on, words in rows:
            text.append("\n")
            text.append("[x] " if on else "[ ] ", style="bold" if on else "dim")
            text.append(key, style="bold")
            text.append(f"  {words}", style="" if on else "dim")
        text.append("\n\n")
        text.append(t("b, n or t switches one on or off (remembered). Esc: done."))
        if self.calls.terminal.notification is None:
            text.append("\n")
            text.append(t("This terminal shows no notification from Yule."), style="dim")
        box.update(text)

    def action_switch(self, call: str) -> None:
        self.calls.switch(call)
        self.reword()

    def action_done(self) -> None:
        self.dismiss(None)


# -- the TV's chime ---------------------------------------------------------------------------


class Chime:
    """Whether the TV chimes at a frame of the table it shows (:meth:`heard`): when a game starts
    there (its first view, while the table waited for it or after the game before; or a view
    logging who started it), and when a game it saw being played ends."""

    def __init__(self) -> None:
        self.table: int | None = None
        self.playing = False
        """A view of the game going on at :attr:`table` was seen."""

    def heard(self, table: TableFollower[Any], change: Change) -> bool:
        """True when ``change`` (of ``table``, just taken) starts or ends a game: chime.  A game's
        first views come before the table info that says it is being played: the table still
        waits as they are taken."""
        if table.id != self.table:
            self.table, self.playing = table.id, False
        if change.kind != "view" or table.frame is None:
            return False
        if "result" in table.frame["view"]:
            ended, self.playing = self.playing, False
            return ended
        started = (
            change.began
            or table.status == "waiting"
            or any(e["event"].get("type") == STARTED for e in table.frame["log"])
        )
        chime = started and not self.playing
        self.playing = True
        return chime
