"""Reactions at a table: ``!`` sends one ("Nice!", "Merry Christmas!"), and every screen at the
table shows the ones sent there for a few seconds.

The host passes on a code of a fixed set (:data:`yule.netplay.asks.REACTIONS`, never words:
docs/protocol.md, *Reactions*); here each is worded in the reader's language (:data:`WORDS`),
with a picture that needs no words.  ``!`` at a table, a spectator's too, and on the game over
sheet opens :class:`ReactionChooser`: the reactions numbered, picked with their number, or the
arrows and Enter; Esc closes it.  The app sends the one picked (:func:`send`).

A reaction received (:func:`show`) shows at the foot of whatever screen is on top, over the
log's corner, just above the keys (:class:`ReactionBar`, on a layer of its own above the screen's
widgets: it moves nothing, and a notice shown meanwhile lies over it),
``Ana: Nice! 👍`` with the sender's name as typed (``[b]x[/b]`` shows its brackets); on the TV
it stands large at the top, framed, to be read from the sofa.  Each stays
:attr:`ShownReactions.seconds` seconds; at most :data:`MOST_SHOWN` show at once, the newest
last (an older one gives way).  Nothing of a reaction is kept: not in the log, and not once
the table is left.
"""

from __future__ import annotations

import itertools
import weakref
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from ..netplay.asks import REACTIONS, ReactionCode
from ..netplay.frames import ReactionFrame
from .dialogs import ChoiceList, ChoiceScreen
from .text import literal
from .words import N_, t

WORDS: dict[ReactionCode, tuple[str, str]] = {
    "nice": (N_("Nice!"), "👍"),
    "oh_no": (N_("Oh no!"), "😱"),
    "well_played": (N_("Well played!"), "👏"),
    "merry_christmas": (N_("Merry Christmas!"), "🎄"),
    "thinking": (N_("Let me think…"), "🤔"),
}
"""Each reaction's words (marked for the catalogue, worded when shown) and its picture, in the
order the chooser numbers them."""

assert tuple(WORDS) == REACTIONS, "every reaction the protocol has is worded here, in its order"

MOST_SHOWN = 3
"""Reactions shown at once: a fourth makes the oldest give way."""

MARK = "\x00"
"""Where the sender's name goes in the worded sentence (drawn bold)."""


def reaction_words(code: str) -> str:
    """A reaction's words in the reader's language (a code from a newer host: the code itself)."""
    words = WORDS.get(code)  # type: ignore[call-overload]  # any code a host sends
    return t(words[0]) if words is not None else code


def reaction_text(frame: ReactionFrame) -> Text:
    """A reaction as a screen shows it: ``Ana: Nice! 👍``, the name bold and literal.

    >>> reaction_text({"type": "reaction", "table": 3, "seat": None, "name": "[b]x[/b]", "code": "nice"}).plain
    '[b]x[/b]: Nice! 👍'
    """
    # Translators: a reaction shown at the table: who sent it, then the reaction ("Ana: Nice!").
    sentence = t("{who}: {reaction}", who=MARK, reaction=reaction_words(frame["code"]))
    before, _, after = sentence.partition(MARK)
    picture = WORDS.get(frame["code"], ("", ""))[1]  # type: ignore[call-overload]
    return Text.assemble(before, (literal(frame["name"], 24), "bold"), after, f" {picture}" if picture else "")


class ReactionList(ChoiceList):
    """The chooser's list: a reaction's number picks it as the key arrives, in order with the
    arrows and Enter typed with it (:class:`~yule.tui.widgets.KeysInOrder`)."""

    OWN_KEYS = {**ChoiceList.OWN_KEYS, **{str(n): f"choose({n - 1})" for n in range(1, len(REACTIONS) + 1)}}

    def action_choose(self, index: int) -> None:
        """The reaction numbered ``index + 1`` chosen, as Enter on it chooses it (so whichever
        key came first answers)."""
        self.highlighted = index
        self.action_select()


class ReactionChooser(ChoiceScreen[ReactionCode]):
    """``!``: the reactions to send, each numbered (its number picks it), or Up/Down and Enter;
    Esc closes it without sending any."""

    LIST = ReactionList
    BINDINGS = [  # a number typed before the list has the focus (it came with the !)
        Binding("1", "pick(0)", show=False),
        Binding("2", "pick(1)", show=False),
        Binding("3", "pick(2)", show=False),
        Binding("4", "pick(3)", show=False),
        Binding("5", "pick(4)", show=False),
    ]
    HINT = N_("1–5 or Enter to send, Esc to close.")

    def __init__(self) -> None:
        choices: list[tuple[Text, ReactionCode, str | None]] = []
        for n, (code, (words, picture)) in enumerate(WORDS.items(), 1):
            choices.append((Text.assemble((f"{n} ", "bold"), t(words), f"  {picture}"), code, None))
        super().__init__(t("Send a reaction to the table"), choices)

    def action_pick(self, index: int) -> None:
        self.dismiss(self.choices[index][1])


def choose(screen: Screen[Any]) -> None:
    """``!`` at a table: the chooser, then the reaction picked is sent (:func:`send`)."""

    def picked(code: ReactionCode | None) -> None:
        if code is not None:
            send(screen.app, code)

    screen.app.push_screen(ReactionChooser(), picked)


def may_react(app: App[Any]) -> bool:
    """Whether ``app`` is at a host's table, where a reaction may be sent (a replay is not)."""
    from .hosted import HostedApp  # the app's base, which imports the screens that import this

    return isinstance(app, HostedApp) and app.table is not None


def send(app: App[Any], code: ReactionCode) -> None:
    """Send ``code`` at the table the app follows (an app that follows no host sends nothing)."""
    from .hosted import HostedApp  # the app's base, which imports the screens that import this

    if isinstance(app, HostedApp):
        app.send_reaction(code)


class ReactionBar(Widget):
    """The reactions shown on one screen (see the module docstring), drawn from the app's
    :class:`ShownReactions`; ``large``: the TV's."""

    SCOPED_CSS = False  # the first rule gives every screen the reactions' layer
    DEFAULT_CSS = """
    Screen { layers: default reactions; }
    ReactionBar {
        layer: reactions; dock: bottom; margin-bottom: 1; width: 1fr; height: auto;
        layout: vertical; align-horizontal: right; visibility: hidden; display: none;
    }
    ReactionBar.-shown { display: block; }
    ReactionBar > Static {
        width: auto; max-width: 100%; height: auto; visibility: visible;
        padding: 0 1; background: $accent-darken-2; color: $text; text-style: bold;
    }
    ReactionBar.-large { dock: top; margin: 1 0 0 0; align-horizontal: center; }
    ReactionBar.-large > Static { border: heavy $warning; background: $surface; padding: 0 3; }
    """

    def __init__(self, shown: ShownReactions) -> None:
        super().__init__()
        self.shown = shown
        self.set_class(shown.large, "-large")

    def compose(self) -> ComposeResult:
        for _ in range(MOST_SHOWN):
            yield Static()

    def on_mount(self) -> None:
        self.reword()

    def reword(self) -> None:
        """Draw the reactions shown now, worded in the app's language."""
        frames = self.shown.frames()
        for n, line in enumerate(self.query_children(Static)):
            line.display = n < len(frames)
            if n < len(frames):
                line.update(reaction_text(frames[n]))
        self.set_class(bool(frames), "-shown")


class ShownReactions:
    """The reactions an app shows now, and the bar of each screen that shows them: the bar of
    the screen on top, mounted there when it has none (also when another screen comes on top)."""

    seconds = 6.0
    """How long a reaction stays (tests shorten it)."""

    def __init__(self, app: App[Any], *, large: bool = False) -> None:
        self.app = app
        self.large = large
        self.shown: dict[int, ReactionFrame] = {}
        self._numbers = itertools.count()
        app.screen_change_signal.subscribe(app, lambda screen: self.paint())

    def frames(self) -> list[ReactionFrame]:
        return list(self.shown.values())

    def add(self, frame: ReactionFrame) -> None:
        number = next(self._numbers)
        self.shown[number] = frame
        for old in list(self.shown)[:-MOST_SHOWN]:
            del self.shown[old]
        self.app.set_timer(self.seconds, lambda: self._expire(number))
        self.paint()

    def _expire(self, number: int) -> None:
        if self.shown.pop(number, None) is not None:
            self.paint()

    def paint(self) -> None:
        """Every screen's bar shows the reactions as they are now (none of a table the app has
        left: leaving it changes the screen on top)."""
        app = self.app
        if not app.is_running:
            return
        from .hosted import HostedApp  # the app's base, which imports the screens that import this

        if isinstance(app, HostedApp):
            followed = None if app.table is None else app.table.id
            for number, frame in list(self.shown.items()):
                if frame["table"] != followed:
                    del self.shown[number]
        for screen in app.screen_stack:
            for bar in screen.query(ReactionBar):
                bar.reword()
        top = app.screen
        if self.shown and top.is_attached and not top.query(ReactionBar):
            top.mount(ReactionBar(self))


_SHOWN: weakref.WeakKeyDictionary[App[Any], ShownReactions] = weakref.WeakKeyDictionary()
"""Each app's reactions shown."""


def shown(app: App[Any], *, large: bool = False) -> ShownReactions:
    """What ``app`` shows of the reactions (made the first time; ``large``: the TV's)."""
    if (kept := _SHOWN.get(app)) is None:
        kept = _SHOWN[app] = ShownReactions(app, large=large)
    return kept


def show(app: App[Any], frame: ReactionFrame, *, large: bool = False) -> None:
    """A reaction received: shown a while on whatever screen of ``app`` is on top (not once it
    has stopped running)."""
    if app.is_running:
        shown(app, large=large).add(frame)
