"""Widgets every screen shares: the status line, the keys footer, the game log, the chat
input and the base of game tables."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.app import App
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.reactive import reactive
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Checkbox, Input, OptionList, Static
from textual.widgets.option_list import Option

from ..netplay import CHAT_LENGTH
from ..netplay.client.follower import LogLine
from ..netplay.frames import ChatFrame, TableInfo
from .palette import theme
from .refusals import action_reason
from .text import literal, seat_name
from .words import N_, t
from .words import seat as named_seat

if TYPE_CHECKING:
    from .dialogs import Answered

CONNECTION_TEXT = {
    "connecting": (N_("connecting…"), "bold"),
    "connected": (N_("connected"), ""),
    "reconnecting": (N_("reconnecting…"), "bold reverse"),
    "gone": (N_("host gone"), "bold reverse"),
    "offline": (N_("not connected"), "dim"),
}
"""The connection to the host as the status line says it (``host: connected``), and its style."""


class TakesPastes:
    """A screen that takes text pasted into it itself (:meth:`take_paste`), the moment its app
    gets it: in its place among the keys, whose bindings (a form's Enter and Tab) act as they
    come, where Textual would hand it to the focused widget to handle later."""

    def take_paste(self, text: str) -> None:
        """``text`` was pasted."""


class PlainApp(App[int]):
    """A Yule app: its notifications show their words as they are, never read as markup, so a
    name such as ``[bold red]Eve[/]`` (or a host's message quoting one) reads as it does in the
    table and the log (Ctrl+C, which ends many programs, says so in plain words: Ctrl+Q quits);
    the palette's colours are those of its terminal's colour system
    (:func:`yule.tui.palette.theme`).  Its :attr:`status` is what every screen's
    :class:`StatusLine` shows.  A paste goes to a screen that :class:`TakesPastes` as it comes."""

    status: reactive[dict[str, Any]] = reactive(dict, init=False)
    """The status line's values (:class:`StatusLine`'s attributes: ``place``, ``code`` ...), on every screen."""

    def __init__(self, status: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.console.push_theme(theme(self.console.color_system))
        self.set_reactive(PlainApp.status, status or {})

    def set_status(self, **values: Any) -> None:
        """Change the status line on every screen (and on screens made later)."""
        self.status = {**self.status, **values}

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Paste) and not event.is_forwarded and self.screen_stack:
            screen = self.screen_stack[-1]
            if isinstance(screen, TakesPastes):
                screen.take_paste(event.text)
                return
        await super().on_event(event)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def action_help_quit(self) -> None:
        """Ctrl+C, which ends many programs: how to quit here, in plain words (Textual's own says
        it in markup, which these notifications would show as typed)."""
        self.notify(t("Ctrl+Q quits."), title=t("Do you want to quit?"))


def seat_tags(info: TableInfo | None) -> dict[int, str]:
    """A word about the seats that need one, from a table info frame: ``{2: "bot", 3: "away"}``;
    ``away: bot`` when a bot plays for someone away."""
    tags = {}
    for seat, s in enumerate(info["seats"] if info is not None else []):
        if s is None:
            continue
        if s["bot"]:
            tags[seat] = t("bot")
        elif s["stand_in"]:
            # Translators: a seat's tag, after the name: its player is away and a bot plays for them.
            tags[seat] = t("away: bot")
        elif s["away"]:
            tags[seat] = t("away")
        elif s.get("helper"):  # a helper beside the seat, with its yes (yule.tui.helping)
            # Translators: a seat's tag, after the name: "Max (helped by Mum)".
            tags[seat] = t("helped by {name}", name=literal(s["helper"]))
    return tags


YOUR_MOVE = N_("your move")
"""The turn timer's words for your own turn (the status line shows them in reverse)."""


def clock_text(left: dict[int, float], you: int | None, names: list[str]) -> str:
    """The turn timers in a few words: ``left`` is the seconds left to each waiting seat.

    >>> clock_text({1: 27.2}, 1, ["Ana", "Ben"])
    'your move: 0:28 left'
    >>> clock_text({0: 9.0, 2: 61.5, 3: 70.0}, 1, ["Ana", "Ben", "[b]Cy[/b]", "Dee"])
    'Ana: 0:09 left (+2)'
    >>> clock_text({}, 0, ["Ana"])
    ''
    """
    if not left:
        return ""
    seat = you if you in left else min(left, key=left.__getitem__)
    seconds = max(0, math.ceil(left[seat]))
    who = t(YOUR_MOVE) if seat == you else literal(named_seat(names, seat), 12)
    more = f" (+{len(left) - 1})" if len(left) > 1 and seat != you else ""
    time = f"{seconds // 60}:{seconds % 60:02d}"
    # Translators: the turn timer; {who} is "your move" or a name, and stays first (the line is styled by it).
    return t("{who}: {time} left", who=who, time=time) + more


def away_text(left: dict[int, float], names: list[str]) -> str:
    """The countdowns of players who are away to the bot that stands in for them, in a few
    words: ``left`` is the seconds until a bot plays each away seat.

    >>> away_text({1: 104.2}, ["Ana", "Ben"])
    'Ben is away: a bot plays in 1:45'
    >>> away_text({0: 9.0, 2: 61.5}, ["Ana", "Ben", "Cy"])
    'Ana is away: a bot plays in 0:09 (+1)'
    >>> away_text({}, ["Ana"])
    ''
    """
    if not left:
        return ""
    seat = min(left, key=left.__getitem__)
    seconds = max(0, math.ceil(left[seat]))
    more = f" (+{len(left) - 1})" if len(left) > 1 else ""
    time = f"{seconds // 60}:{seconds % 60:02d}"
    return t("{who} is away: a bot plays in {time}", who=literal(named_seat(names, seat), 12), time=time) + more


JOIN_CODE = "  join code "
"""The status line's usual words before the join code."""


class StatusLine(Static):
    """One line: where you are, the table's join code, the turn timer (``clock``: see
    :func:`clock_text`) and the connection to the host (none shown when ``connection`` is
    empty: a replay has no host); at a seat whose hand is hidden, that it is (``hand``).

    The clock and the connection always show; when the line is too narrow for all, where you
    are gives way from its start (``…yule watch 10.0.0.2:7737 --code K7QF2M``: its end matters
    most).
    """

    DEFAULT_CSS = """
    StatusLine { height: 1; background: $panel; padding: 0 1; }
    """

    place: reactive[str] = reactive("Yule")
    code: reactive[str | None] = reactive(None)
    code_prefix: reactive[str] = reactive(JOIN_CODE)
    """The words between ``place`` and ``code`` (:data:`JOIN_CODE`: ``join code``, in the app's language)."""
    connection: reactive[str] = reactive("offline")
    clock: reactive[str] = reactive("")
    hand: reactive[str] = reactive("")
    """The screen's own words about a hidden hand (:func:`yule.tui.hiding.status_words`), shown
    first on the right (never given way); set by the screen, not by the app's status."""

    def on_mount(self) -> None:
        self.watch(self.app, "status", self._follow)

    def _follow(self, status: dict[str, Any]) -> None:
        """The app's :attr:`~PlainApp.status` (a replay's app has no ``connection``)."""
        for key, value in status.items():
            setattr(self, key, value)

    def render(self) -> Text:
        text = Text(literal(self.place), style="bold")
        if self.code:
            text.append("  " + t("join code") + " " if self.code_prefix == JOIN_CODE else self.code_prefix)
            text.append(literal(self.code), style="bold reverse")
        width = self.content_size.width
        clock = Text(self.clock, style="bold reverse" if self.clock.startswith(t(YOUR_MOVE)) else "bold")
        words, style = CONNECTION_TEXT.get(self.connection, (self.connection, ""))
        host = Text(t("host: {state}", state=t(words)) if self.connection else "", style=style)
        hand = Text(self.hand, style="bold reverse")
        hand_room = hand.cell_len + 2 if self.hand else 0
        if (
            (self.clock or self.hand)
            and self.connection == "connected"
            and (text.cell_len + clock.cell_len + hand_room + host.cell_len + 4 > width)
        ):
            host = Text()  # no room: the clock matters more than the usual state of the connection
        right = Text("  ").join(part for part in (hand, clock, host) if part)
        if not right:
            return text
        room = width - 2 - right.cell_len
        if text.cell_len > room > 1:
            text = Text("…") + text[text.cell_len - room + 1 :]
        gap = max(2, width - text.cell_len - right.cell_len)
        return text + Text(" " * gap) + right


class KeysFooter(Widget):
    """The screen's keys on one line, Textual's footer look; a key not usable now is greyed (dim).

    A key is shown whole or not at all: when the line is too narrow for every key, the greyed
    keys give way first (the last first), then the last keys; but the way out (``q`` or Esc:
    Leave, Quit, Cancel) never does, so a screen whose keys take more than its width still says
    how to leave it.

    One widget drawing one line: when the keys may have changed (after every move here) it
    only redraws, where Textual's own footer would rebuild a widget per key.  Clicking a key
    presses it.
    """

    ALLOW_SELECT = False
    WAY_OUT = frozenset({"q", "escape"})
    """The keys that leave a screen (the first key of a binding): they never give way."""
    COMPONENT_CLASSES = {"keys-footer--key", "keys-footer--description"}
    DEFAULT_CSS = """
    KeysFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        .keys-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .keys-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._spans: list[tuple[int, int, str]] = []  # (first cell, end cell, key) of each key shown

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._keys_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _keys_changed(self, screen: Screen[Any]) -> None:
        self.refresh()

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keys-footer--key")
        description_style = self.get_component_rich_style("keys-footer--description")
        shown: dict[str, tuple[Binding, bool]] = {}
        for _, binding, enabled, _ in self.screen.active_bindings.values():
            if binding.show:
                shown.setdefault(binding.action, (binding, enabled))
        items: list[tuple[Text, bool, str]] = []
        for binding, enabled in shown.values():
            item = Text.assemble((self.app.get_key_display(binding), key_style))
            if binding.description:
                item.append(f" {t(binding.description)}", description_style)
            if not enabled:
                item.stylize_before("dim")
            items.append((item, enabled, binding.key.split(",")[0]))
        width = self.size.width
        for greyed in (True, False):  # the greyed keys give way first, then any, the last first
            while items and sum(item.cell_len + 1 for item, _, _ in items) - 1 > width:
                last = max(
                    (
                        i
                        for i, (_, enabled, key) in enumerate(items)
                        if (not enabled or not greyed) and key not in self.WAY_OUT
                    ),
                    default=None,
                )
                if last is None:
                    break
                del items[last]
        line = Text(no_wrap=True, overflow="crop")
        self._spans = []
        for item, _, key in items:
            if self._spans:
                line.append(" ")
            start = line.cell_len
            line.append_text(item)
            self._spans.append((start, line.cell_len, key))
        return line

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return


if TYPE_CHECKING:
    _Mixin = Widget  # what the mixin is mixed into
else:
    _Mixin = object  # a widget's component classes are gathered along its bases: no second Widget among them


class KeysInOrder(_Mixin):
    """A widget that takes the keys arriving together (a quick typist, or keys batched over SSH)
    in the order they were typed.

    Textual runs a widget's bound keys (an input's Backspace and arrows, an option list's Up
    and Down) only once the key has bubbled up to the app, against whatever has the focus by
    then: so Down, Down, Enter arriving together in a form whose Enter moves the focus on chose
    the first option (the Downs reached the app after the focus had left the list), a
    Backspace and a letter came out as the letter typed, then deleted (Textual issue 6605), and
    Enter, Up arriving together in a dialog chose the option above.  Such a widget runs its own
    bindings (:attr:`OWN_KEYS`) as their key arrives instead.
    """

    OWN_KEYS: ClassVar[dict[str, str]] = {}
    """Key -> the widget's action for it, run as the key arrives."""

    async def on_key(self, event: events.Key) -> None:
        action = self.OWN_KEYS.get(event.key)
        if action is not None:
            event.stop()
            event.prevent_default()
            await self.run_action(action)


def own_keys(bindings: Any, *but: str) -> dict[str, str]:
    """Key -> action of a widget class's ``bindings``, but the actions named."""
    return {binding.key: binding.action for binding in Binding.make_bindings(bindings) if binding.action not in but}


class MarkedOptionList(KeysInOrder, OptionList):
    """An option list whose highlighted option has ``>`` in front, so the cursor is never told
    by colour alone (NO_COLOR, monochrome terminals), and whose keys keep their order
    (:class:`KeysInOrder`).  Prompts are Rich ``Text``."""

    OWN_KEYS = own_keys(OptionList.BINDINGS)

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

    def render(self) -> Content:
        box = Content.styled("[x]" if self.value else "[ ]", "bold" if self.value else "")
        return Content.assemble(box, self.label.pad(1, 1).stylize_before(self.get_visual_style("toggle--label")))


def log_line_text(line: str | Text, wrap: bool) -> Text:
    """A log line as the logs draw it: literally, wrapping or cut with an ellipsis."""
    text = line.copy() if isinstance(line, Text) else Text(literal(line))
    text.no_wrap, text.overflow = not wrap, "ellipsis"
    return text


LOG_LINE_WIDTH = 78
"""The narrowest a log lays its lines out (Textual's ``RichLog.min_width``): a narrower log
shows their start."""


class GameLog(Widget):
    """The table's log in plain words, each line shown literally (no markup); a line may also
    come as Rich ``Text`` already made literal (a chat line: :func:`chat_line`).  Lines wrap
    at the log's width (laid out again when it changes: a TV window made larger), but a log of
    one line cuts its line at the end (the start of the latest line says more than its tail).

    It shows the latest lines that fit, as a log scrolled to its end: a new line repaints the
    log alone, where a scrolling log's longer content would lay the whole screen out again
    (:class:`~yule.tui.wholelog.WholeLog` scrolls through every line)."""

    DEFAULT_CSS = """
    GameLog { height: 5; border-top: solid $primary; background: $surface; }
    """
    MAX_LINES = 500
    TITLE = N_("Log (l: whole log)")
    TV_TITLE = N_("Log")
    """A TV's log: nobody watching can press ``l`` (it still works at the TV's keyboard)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.border_title = t(self.TITLE)
        self.can_focus = False
        self.texts: list[str | Text] = []
        """The lines shown, to lay out again when the log changes its width, or between one
        line and more."""
        self.shape = (0, False)
        """The width and the wrapping the lines are laid out with (no width: not yet known)."""
        self.wrap = True
        self.strips: list[Strip] = []
        """The lines laid out at the log's width, the last :attr:`MAX_LINES` of them."""

    def add(self, lines: Sequence[str | Text]) -> None:
        self.texts += lines
        del self.texts[: -self.MAX_LINES]
        if self.shape[0]:
            self._lay_out(lines)
            self.refresh()

    def clear(self) -> GameLog:
        self.texts = []
        self.strips = []
        self.refresh()
        return self

    def _lay_out(self, lines: Sequence[str | Text]) -> None:
        console = self.app.console
        width = max(self.shape[0], LOG_LINE_WIDTH)
        options = console.options.update_width(width)
        if not self.wrap:
            options = options.update(overflow="ignore", no_wrap=True)
        strips = self.strips
        for line in lines:
            rendered = list(Segment.split_lines(console.render(log_line_text(line, self.wrap), options)))
            if not rendered:
                strips.append(Strip.blank(width))
                continue
            for strip in Strip.from_lines(rendered):
                strip.adjust_cell_length(width)
                strips.append(strip)
        del strips[: -self.MAX_LINES]

    def on_resize(self, event: events.Resize) -> None:
        region = self.content_region
        shape = (region.width, region.height > 1)
        if shape != self.shape:
            self.shape = shape
            self.wrap = shape[1]
            self.strips = []
            if shape[0]:
                self._lay_out(self.texts)
            self.refresh()

    def render_line(self, y: int) -> Strip:
        style = self.rich_style
        width = self.content_region.width
        strips = self.strips
        index = y + max(0, len(strips) - self.content_region.height)
        if index >= len(strips):
            return Strip.blank(width, style)
        return strips[index].crop_extend(0, width, style).apply_style(style)


def chat_line(frame: ChatFrame) -> Text:
    """A host's chat frame as a line of the log: marked as chat in words (not by colour alone),
    the speaker's name, ``(watching)`` for someone not seated, and the text, all literally.

    >>> chat_line({"seat": None, "name": "TV", "text": "[b]hi[/b]"}).plain
    'chat│ TV (watching): [b]hi[/b]'
    """
    name = literal(frame["name"], 24)
    if frame["seat"] is None:
        name = t("{name} (watching)", name=name)
    return Text.assemble(("chat│", "bold"), " ", (name, "bold"), ": ", literal(frame["text"]))


def log_text(line: LogLine, game: str | None, names: list[str]) -> str | Text:
    """A line of a table's log as the logs show it: its event worded (:mod:`.logwords`, a game's
    events in ``game``'s words), or a chat line (:func:`chat_line`)."""
    from .logwords import line_of

    words = line_of(line, game, names)
    return chat_line(line) if words is None else words  # type: ignore[arg-type]


class TextField(KeysInOrder, Input):
    """A one-line text field whose editing keys and Enter keep their place among the characters
    typed (:class:`KeysInOrder`): a line is submitted as it was typed up to its Enter (a
    screen's priority binding for Enter, a form's, still comes first)."""

    OWN_KEYS = own_keys(Input.BINDINGS)


class ChatInput(TextField):
    """The one-line chat input at a table: hidden (and disabled: it takes no focus, no key) until
    :meth:`open`; Enter says the line (:class:`Said`), Escape closes it; either way the focus
    goes back where it was.  A line the host refused is given back (:meth:`give_back`): the
    input opens with it next time."""

    DEFAULT_CSS = """
    ChatInput { display: none; }
    ChatInput.-open { display: block; }
    """
    BINDINGS = [Binding("escape", "close", "Close chat")]

    class Said(Message):
        """The player said ``text`` to the table; the app sends it to the host."""

        def __init__(self, text: str, field: ChatInput) -> None:
            super().__init__()
            self.text = text
            self.field = field

        @property
        def control(self) -> ChatInput:
            """The input the line was typed in (it takes the line back if the host refuses it)."""
            return self.field

    def __init__(self) -> None:
        super().__init__(
            placeholder=t("Say something to the table: Enter sends, Esc closes"),
            max_length=CHAT_LENGTH,
            compact=True,
            id="chat",
            disabled=True,
        )
        self._focus_before: Widget | None = None
        self.unsaid = ""
        """A line the host refused, typed again for the person when the input opens next."""

    def open(self) -> None:
        self._focus_before = self.app.focused
        if self.unsaid and not self.value:
            self.value, self.unsaid = self.unsaid, ""
            self.cursor_position = len(self.value)
        self.disabled = False
        self.add_class("-open")
        self.focus()

    def action_close(self) -> None:
        self.value = ""
        self.remove_class("-open")
        self.disabled = True
        before, self._focus_before = self._focus_before, None
        if before is not None and before.is_attached:
            before.focus()
        else:
            self.screen.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = self.value.strip()
        if text:
            self.post_message(self.Said(text, self))
        self.action_close()

    def give_back(self, text: str) -> None:
        """The host refused ``text``: the input opens with it next time (the focus stays where it is)."""
        self.unsaid = text


class HintPanel(Static):
    """The strong bot's hint at a table (``h``), until :meth:`withdraw`: the table withdraws it
    when the game moves on, so a hint is never read as advice for a later decision.  Hidden
    while it holds none.  It lies over the foot of the log, just above the keys, on the screen's
    ``hint`` layer: showing it moves nothing on the board."""

    DEFAULT_CSS = """
    HintPanel {
        display: none; dock: bottom; layer: hint; offset-y: -1;
        height: auto; max-height: 6; padding: 0 1; background: $panel; border-left: outer $accent;
    }
    HintPanel.-shown { display: block; }
    """

    def __init__(self) -> None:
        super().__init__(id="hint")
        self.text: str | None = None
        """The hint shown, as plain words; ``None`` while none is."""

    def put(self, text: str, heading: str | None = None) -> None:
        """Show ``text`` (literally: nothing in it is markup), after ``heading`` (None: "Hint:";
        empty: none, as for a helper's suggestion, which says whose it is)."""
        self.text = text
        heading = t("Hint:") if heading is None else heading
        self.update(Content.assemble((heading + " " if heading else "", "bold"), literal(text)))
        self.add_class("-shown")

    def withdraw(self) -> None:
        self.text = None
        self.remove_class("-shown")


V = TypeVar("V", bound=Mapping[str, Any])
"""A game's view type (its ``TypedDict``, from ``yule.core.<game>.views``)."""


class GameTable(Widget, Generic[V]):
    """Base of every game's table widget: one seat's view and names in, chosen moves out.

    ``V`` is the game's view type: the dict the host sends, as the game documents it.

    A game's move keys are the bindings whose action is in :attr:`MOVES`.  While
    :meth:`reason` gives a reason for one, its key is greyed out in the footer, and pressing it
    says that reason instead of doing nothing.  A spectator's footer has none of the table's
    keys, nor has anyone's once the game is over.  A dialog about a move (:meth:`ask`) closes by
    itself once the game has moved past it.
    """

    MOVES: ClassVar[tuple[str, ...]] = ()
    """The binding actions that are moves, greyed out and explained by :meth:`reason`."""

    view: reactive[V | None] = reactive(None, always_update=True, init=False, repaint=False)
    names: reactive[tuple[str, ...]] = reactive((), init=False, repaint=False)
    tags: reactive[dict[int, str]] = reactive(dict, init=False, repaint=False)
    """A word about some seats: ``{2: "bot", 3: "away"}``."""
    pending: reactive[bool] = reactive(False, init=False, repaint=False)
    """True from sending a move until the host's answer (a new view or a refusal)."""
    scale: reactive[int] = reactive(1, init=False, repaint=False)
    """How large the table draws itself: 1, the size that fits 80×24; 2, on a big screen (the TV,
    ``yule watch``, or a player's), twice as large where a game can (its board at double size,
    its panels wider).  The table has the class ``-scale-2`` then, for its CSS; the screen
    chooses the scale from :meth:`tv_scale` (a spectator's table) or :meth:`seat_scale`."""
    organiser: bool = False
    """True when the person at this table organises it (table info says so): the organiser's
    keys (Gift Exchange's undo) work."""
    seq: int | None = None
    """The ``seq`` of the view drawn (None: not known).  A move chosen on it goes with it, so
    the host refuses it (``stale``) when the game has moved on since."""
    fresh: bool = False
    """True while the view drawn is a position seen for the first time: not so for a redraw
    (new names or tags) or the same position sent again (after a reconnect), so that nothing a
    table does by itself on a new position (White Elephant's end of turn) happens twice."""
    _seen: object = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._held = []

    class MoveChosen(Message):
        """The player chose a move (wire form, no ``by``) on the view of ``seq``; the app sends it."""

        def __init__(self, move: dict[str, Any], seq: int | None = None) -> None:
            super().__init__()
            self.move = move
            self.seq = seq

    class Undo(Message):
        """The table's organiser takes back the last move; the app asks the host."""

    def send(self, move: dict[str, Any]) -> None:
        self.pending = True
        self.post_message(self.MoveChosen(move, self.seq))

    def ask(
        self,
        dialog: Answered[Any],
        move: Callable[[Any], dict[str, Any]],
        action: str,
        cancelled: Callable[[], None] | None = None,
    ) -> None:
        """Ask the player with ``dialog`` about the move ``action``; send the move made from their
        answer, unless they cancelled (``None``, or ``False`` from a yes/no question: then
        ``cancelled``, if given, is called).  Once a new position makes ``action`` impossible (the
        turn timer, a bot or another player moved on), the dialog closes by itself (:meth:`hold`)."""

        def answered(answer: object) -> None:
            if answer is not None and answer is not False:
                self.send(move(answer))
            elif cancelled is not None and not dialog.withdrawn:
                cancelled()

        self.hold(dialog, lambda: self.reason(action) is not None)
        self.app.push_screen(dialog, answered)

    def hold(self, dialog: Answered[Any], moot: Callable[[], bool]) -> None:
        """Close ``dialog`` (:meth:`~yule.tui.dialogs.Answered.withdraw`: unanswered) on the first
        new position of the game where ``moot()`` says its question is moot: a dialog the table
        has moved past never stays open to take a key meant for the table."""
        self._held.append((dialog, moot))

    _held: list[tuple[Answered[Any], Callable[[], bool]]]
    """The dialogs open about this table's game, and what makes each moot (:meth:`hold`)."""

    def _withdraw_moot(self) -> None:
        held = []
        for dialog, moot in self._held:
            if not dialog.answered and moot():
                dialog.withdraw()
            if not dialog.answered and not dialog.withdrawn:
                held.append((dialog, moot))
        self._held = held

    def happened(self, events: list[dict[str, Any]]) -> None:
        """The public events of the moves since the last view, told just before the next view
        (after the host's log frame, on join or resume: the game's events so far, so the latest
        happening shows again on a table drawn afresh).

        The log shows them as lines already; a game overrides this to show one on its table too
        (a card just drawn, a die just rolled).  An empty list means nothing new happened.
        """

    def reason(self, action: str) -> str | None:
        """Why the move ``action`` is not possible now (``None``: it is).

        By default: why no move is possible (:meth:`blocked`), else the reason the view's
        ``actions`` give for this kind of move.
        """
        why = self.blocked(action)
        if why is not None or self.view is None:
            return why
        return action_reason(self.view, action, self.names)

    def blocked(self, action: str = "") -> str | None:
        """Why this seat can make no move at all now; ``None`` when it may (its view then
        holds ``actions``, the rules' reasons for each kind of move).  ``action``, the move
        tried if any, lets :meth:`waiting` say more."""
        view = self.view
        if not view:
            return t("The game has not started yet.")
        if "result" in view:
            return t("The game is over.")
        if view.get("you") is None:
            return t("You are watching this table, not playing.")
        if (paused := self.paused_reason()) is not None:
            return paused
        if self.pending:
            return t("Your last move is on its way to the host.")
        if "actions" in view:
            return None
        return self.waiting(view, action)

    def waited_on(self) -> list[int]:
        """The seats the game waits for now (none before it starts or once it is over): the view's
        ``active`` seats where the game names them (every seat still to bring, say), else the
        seat whose turn it is."""
        view = self.view
        if not view or "result" in view:
            return []
        active = view.get("active")
        if isinstance(active, list):
            return [seat for seat in active if isinstance(seat, int)]
        turn = view.get("turn")
        return [turn] if isinstance(turn, int) else []

    def waiting(self, view: V, action: str) -> str:
        """Why a seat whose view has no ``actions`` waits: the game has not started, or it is
        another seat's turn (a game may say more, about the move ``action`` tried)."""
        turn = view.get("turn")
        if turn is None:
            return t("The game has not started yet.")
        return t("It is {who}'s turn, not yours.", who=seat_name(list(self.names), turn))

    @property
    def spectating(self) -> bool:
        """The view is a spectator's (it names no seat as yours): the public view only, no keys
        of the table in the footer and no panels of your own (a game hides its hand or shelf).

        A spectating table has the class ``-spectating``: it is then as tall as what it shows
        (``height: auto``), so a screen may give the rest of its rows to the log.
        """
        return self.view is not None and self.view.get("you") is None

    def _watch_view(self) -> None:
        self.set_class(self.spectating, "-spectating")
        mark = self.seq if self.seq is not None else id(self.view)
        self.fresh, self._seen = mark != self._seen, mark
        if self.fresh:  # the host's answer to a move on its way; the game's watch_view redraws
            self.set_reactive(GameTable.pending, False)
            self._withdraw_moot()

    def watch_pending(self) -> None:
        """A move sent, or refused: which keys work and what the table says have changed."""
        self._redraw()

    def tv_scale(self, width: int, height: int) -> int:
        """The largest :attr:`scale` at which this game's TV fits a screen ``width`` × ``height``
        (its status line, its table drawn for a spectator, a few lines of log and its keys); 1
        for a game that draws at one size only."""
        return 1

    def seat_scale(self, width: int, height: int) -> int:
        """The largest :attr:`scale` at which a seat's table fits a screen ``width`` × ``height``
        (its status line, the table with what the seat holds, a few lines of log and its keys);
        1 for a game whose seat's table draws at one size only."""
        return 1

    def watch_scale(self, scale: int) -> None:
        self.set_class(scale == 2, "-scale-2")
        self._redraw()

    def _redraw(self) -> None:
        """Draw the table anew, once it is mounted: its keys (:meth:`refresh_keys`), then the
        game's own :meth:`draw`."""
        if not self.is_mounted:
            return
        self.refresh_keys()
        self.draw(self.view)

    def refresh_keys(self) -> None:
        """Grey the keys that do not work now and un-grey those that do, when any has changed
        (the footer then draws itself again)."""
        keys = tuple(self.check_action(action, ()) for action in self._actions())
        if keys != self._keys_shown:
            self._keys_shown = keys
            self.refresh_bindings()

    _keys_shown: tuple[bool | None, ...] | None = None
    """What :meth:`check_action` said of each of the table's keys when the footer was last drawn."""

    @classmethod
    def _actions(cls) -> tuple[str, ...]:
        """The actions of the table's keys, without their parameters."""
        return tuple(binding.action.partition("(")[0] for binding in Binding.make_bindings(cls.BINDINGS))

    def draw(self, view: V | None) -> None:
        """Draw the table from ``view`` (``None``: nothing yet), ``names``, ``tags``, ``pending``
        and ``scale``: each game draws its own."""

    def watch_names(self) -> None:
        self._redraw()

    def watch_tags(self) -> None:
        self._redraw()

    @property
    def over(self) -> bool:
        """The game shown is over (its view carries the result): none of its keys is shown."""
        return self.view is not None and "result" in self.view

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.spectating or self.over:
            return False  # a table's keys are for playing
        if action in self.MOVES:
            return None if self.hidden_reason(action) or self.paused_reason() or self.reason(action) else True
        return True

    def on_key(self, event: events.Key) -> None:
        for binding in self.BINDINGS:
            if isinstance(binding, Binding) and event.key in binding.key.split(",") and binding.action in self.MOVES:
                why = self.hidden_reason(binding.action) or self.paused_reason() or self.reason(binding.action)
                if why:
                    event.stop()
                    event.prevent_default()
                    label = t(binding.description)
                    # Translators: a notice's title when a key's move is not possible now: "Can't roll".
                    # {action} is the key's label from the footer, its first letter made small.
                    title = t("Can't {action}", action=label[:1].lower() + label[1:])
                    self.notify(literal(why), title=title, severity="warning")
                return

    def refused(self, reason: str) -> None:
        """The host refused our last move: say why and let the player try again."""
        self.pending = False
        self.notify(literal(reason), title=t("Not allowed"), severity="error")

    # -- a hidden hand (``i``: :mod:`yule.tui.hiding`) -------------------------------------------

    paused_by: str | None = None
    """Who paused the table, while it is paused (:mod:`.pausing`): no move is offered meanwhile."""

    def paused_reason(self) -> str | None:
        """Why no move is offered at a paused table (the host's refusal's own words); ``None``: it is not paused."""
        if self.paused_by is None or self.spectating:
            return None
        return t("{name} paused this table: nothing moves until it is resumed.", name=literal(self.paused_by))

    HIDDEN_MOVES: ClassVar[tuple[str, ...]] = ()
    """The moves that need to see the hand: not offered while it is hidden (:meth:`hidden_reason`)."""

    hand_hidden: reactive[bool] = reactive(False, init=False, repaint=False)
    """True while this seat's private things are blanked (``i``): the game draws card backs in
    their place (:class:`~yule.tui.hiding.Private` widgets, or its own placeholders)."""

    def hidden_reason(self, action: str) -> str | None:
        """Why the move ``action`` is not offered while the hand is hidden (``None``: it is)."""
        if self.hand_hidden and action in self.HIDDEN_MOVES and not self.spectating:
            from .hiding import HIDDEN_KEY

            return t(HIDDEN_KEY)
        return None

    def watch_hand_hidden(self) -> None:
        """The hand hidden or shown: the keys and the whole table drawn anew."""
        from .hiding import Private

        self._keys_shown = None
        self._redraw()
        for widget in self.query("*"):
            if isinstance(widget, Private):
                widget.refresh()
