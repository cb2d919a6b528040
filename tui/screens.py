"""The app's game screens: a player's table (:class:`TableScreen`, a :class:`~.following.FollowScreen`),
the game over sheet, the rules, and the notice shown when the terminal is too small.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, VerticalScroll
from textual.events import Key, Resize
from textual.geometry import Size
from textual.message import Message
from textual.widgets import Static

from ..core.base import Event, View
from ..netplay.client.follower import TableFollower
from . import reactions
from .dialogs import Answered, ChoiceScreen, ConfirmScreen, Dialog
from .following import FollowScreen
from .games import GAME_UIS
from .hiding import HIDDEN_KEY
from .pace import PACES, nearest
from .pausing import PauseBanner, ask_pause, may_pause, paused_of
from .scores import Headline, ScoreSheet
from .text import literal
from .widgets import ChatInput, GameLog, GameTable, HintPanel, KeysFooter, StatusLine
from .words import N_, localized, number, t

MIN_WIDTH, MIN_HEIGHT = 80, 24


def final_result(game: str, view: View) -> dict[str, Any]:
    """What the game-over screen shows of a finished game's view: its result, and the fields
    of the final view the game's score sheet wants beside it (:attr:`~yule.tui.games.GameUI.final_fields`)."""
    shown = {key: view[key] for key in GAME_UIS[game].final_fields if key in view}
    return {**shown, **view["result"]}


WaitingChoice = Literal["nudge", "bot_move", "stand_in"]
"""What a player may do about someone the table waits for (``w``)."""


class TableScreen(FollowScreen):
    """A game at a table: the status line, the game's table, the log and the keys.

    ``spectator``: watching, not playing.  Leaving (:class:`Leave`, heard by the app) needs no
    confirmation from a spectator or once the game is over.  ``follower``: the table
    (:class:`~.following.FollowScreen`).
    """

    DEFAULT_CSS = """
    TableScreen { layers: default hint; }
    """
    BINDINGS = [
        Binding("h", "hint", "Hint"),
        Binding("f1,question_mark", "rules", "Rules", key_display="?"),
        Binding("l", "whole_log", "Log", show=False),  # the log's title says so
        Binding("m", "chat", "Chat"),
        Binding("w", "waiting", "Waiting?"),
        Binding("a", "pace", "Bots' pace"),
        # ``!`` is a priority binding: the chooser is on top before the next key of a burst is handled
        # (``!2`` typed fast sends "Oh no!", and the 2 never reaches the game's own keys); a chat line
        # being typed keeps its "!" (Textual gives a printable key to the focused input first)
        Binding("exclamation_mark", "react", "React", key_display="!", priority=True),
        Binding("exclamation_mark", "react('anyway')", "React", show=False, priority=True),  # (your turn: check_action)
        Binding("i", "hide_hand", "Hide hand"),
        Binding("i", "show_hand", "Show hand"),
        Binding("z", "pause", "Pause"),
        Binding("z", "resume", "Resume"),
        Binding("q", "leave", "Leave"),
    ]

    class Leave(Message):
        """Leave the table (confirmed): back to the lobby or the game menu."""

    class Waiting(Message):
        """What the player chose about someone the table waits for (``w``): ``kind`` is
        ``"nudge"`` them, ``"bot_move"`` (a bot makes their move this once) or ``"stand_in"``
        (a bot plays for them now), for ``seat`` at ``table``."""

        def __init__(self, table: int, kind: WaitingChoice, seat: int) -> None:
            super().__init__()
            self.table = table
            self.kind: WaitingChoice = kind
            self.seat = seat

    class Pace(Message):
        """Whoever runs the table chose how long each bot's move stays on show (``a``)."""

        def __init__(self, table: int, game: str, delay: float) -> None:
            super().__init__()
            self.table = table
            self.game = game
            self.delay = delay

    LEAVE_ASKS = N_("Leave the table? Your seat waits for you: join the table again to take it back.")
    """The question before a player leaves the table (``yule play`` asks its own): marked for
    the catalogue, worded when asked."""

    def __init__(
        self,
        game: str,
        follower: TableFollower[Any] | None = None,
        spectator: bool = False,
        leave_asks: str = LEAVE_ASKS,
        *,
        others: bool = False,
    ) -> None:
        super().__init__(follower)
        self.game = game
        self.spectator = spectator
        self.others = others
        """True at a table with other people (``w`` offers to nudge them; not in ``yule play``)."""
        self.leave_asks = leave_asks
        self.events: list[dict[str, Any]] = []
        """Events that came before the screen was mounted, for the table's :meth:`GameTable.happened`."""

    def compose(self) -> ComposeResult:
        yield StatusLine()
        yield PauseBanner()
        yield GAME_UIS[self.game].table()
        yield GameLog()
        yield HintPanel()
        yield ChatInput()
        yield KeysFooter()

    @property
    def over(self) -> bool:
        """The game shown is over (its view carries the result)."""
        view = self.table.view if self.ready else None
        return view is not None and "result" in view

    def on_mount(self) -> None:
        self._fit_log(self.app.size)

    def on_resize(self, event: Resize) -> None:
        self._fit_log(event.size)

    def _fit_log(self, size: Size) -> None:
        """The table as large as the screen lets it be (:meth:`GameTable.tv_scale` for a
        spectator's, :meth:`GameTable.seat_scale` for a seat's); a player's log as tall as the
        game wants it (``GameUI.log_height``); a spectator's table is as tall as what it shows,
        and the log has every row left."""
        table = self.table
        fit = table.tv_scale if table.spectating else table.seat_scale
        table.scale = fit(size.width, size.height)
        log = self.query_one(GameLog)
        log_height = GAME_UIS[self.game].log_height
        if table.spectating:
            log.styles.height, log.styles.min_height = "1fr", 2
        elif log_height is not None:
            log.styles.height = log_height(size.width, size.height, table.scale)

    @property
    def table(self) -> GameTable[Any]:
        return self.query_one(GameTable)

    def show(self, view: View, names: list[str], tags: dict[int, str], events: list[Event] | None = None) -> None:
        """Draw this view, after the public ``events`` that led to it (kept until the screen is
        mounted, which draws the follower's view)."""
        self.events += events or []
        if self.ready:
            self._draw(view, names, tags)

    def _draw(self, view: View, names: list[str], tags: dict[int, str]) -> None:
        table = self.table
        table.names = tuple(names)
        table.tags = tags
        table.organiser = (
            self.follower is not None and self.follower.info is not None and self.follower.info["organiser"]
        )
        table.happened(self.events)
        self.events = []
        table.seq = None if self.follower is None else self.follower.seq
        watching = table.spectating
        if view is not table.view:
            self.query_one(HintPanel).withdraw()  # advice for a decision that is gone
        table.view = view
        if table.spectating != watching:
            self._fit_log(self.app.size)
        self._hide_as_chosen()

    def action_chat(self) -> None:
        self.query_one(ChatInput).open()

    def action_react(self, anyway: str = "") -> None:
        """``!``: a reaction for everyone at the table (:mod:`.reactions`).  At your turn the
        footer leaves it out for the game's own keys (it is full there, in French or German),
        and the key works all the same (``anyway``: the binding the footer does not show)."""
        reactions.choose(self)

    def _deciding(self) -> bool:
        """Whether the table waits for this seat's move now."""
        view = self.table.view if self.is_mounted else None
        return view is not None and view.get("you") is not None and view["you"] in self.table.waited_on()

    # -- hints ---------------------------------------------------------------------------------

    @property
    def hints(self) -> bool:
        """True when this game has a strong bot to ask (``h``)."""
        from ..core.registry import get_game

        return "ismcts" in get_game(self.game).bots and GAME_UIS[self.game].describe_move is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "react":
            return bool(parameters) or not self._deciding()
        if action in ("pause", "resume"):  # z: whoever may pause the table (:mod:`.pausing`)
            info = self.follower.info if self.follower is not None else None
            return may_pause(info, self.spectator) and (paused_of(info) is not None) == (action == "resume")
        if action == "waiting":
            return self.others and not self.spectator and not self.over
        if action == "pace":
            info = self.follower.info if self.follower is not None else None
            return (not self.spectator and info is not None and info["runs"]
                    and any(s is not None and s["bot"] for s in info["seats"]))  # fmt: skip
        if action == "hide_hand":  # nothing is private once the game is over (its sheet offers it still)
            return self.seated and not self.hand_hidden and not self.over
        if action == "show_hand":
            return self.seated and self.hand_hidden
        if action == "hint":
            view = self.table.view if self.is_mounted else None
            if not self.hints or view is None or view.get("you") is None or "result" in view or self.hand_hidden:
                return False  # no strong bot, nobody's seat to advise (a spectator, the TV), no game left, or hidden
            return None if self.table.blocked() else True
        return True

    def on_key(self, event: Key) -> None:
        """``h`` while no hint can be had (greyed in the footer, or not offered while the hand is
        hidden) says why instead of nothing."""
        if isinstance(self.focused, ChatInput):
            return
        hidden = self.hand_hidden  # h then says so, and thinks about nothing
        if event.key == "h" and self.hints and (hidden or (not self.table.spectating and self.table.blocked())):
            event.stop()
            event.prevent_default()
            self.action_hint()

    def action_hint(self) -> None:
        """Ask the strong bot what it would play now, from this seat's view alone."""
        table = self.table
        why = table.blocked() if not self.hand_hidden else t(HIDDEN_KEY)
        if why is not None or table.view is None:
            why = why or t("There is nothing to play yet.")
            self.notify(literal(why), title=t("No hint now"), severity="warning")
            return
        self.query_one(HintPanel).put(t("Thinking about your move…"))
        self.think(table.view, list(table.names))

    @work(thread=True, exclusive=True, group="hint")
    def think(self, view: dict[str, Any], names: list[str]) -> None:
        """The search for a hint, in a thread: the app keeps drawing and taking keys meanwhile."""
        from ..core.ismcts import hint
        from .hints import hint_text

        describe = GAME_UIS[self.game].describe_move
        assert describe is not None
        found = hint_text(hint(view), describe, view, names)
        self.app.call_from_thread(self._show_hint, view, found)

    def _show_hint(self, view: dict[str, Any], text: str) -> None:
        if self.hand_hidden:
            return  # hidden while the bot thought: its advice would speak of the hand
        if self.table.view is not view:
            self.notify(t("The game moved on while I was thinking: press h again."), title=t("Hint"), timeout=6)
            return
        self.query_one(HintPanel).put(text)

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(GAME_UIS[self.game].rules))

    def _waiting_choices(self) -> list[tuple[Text, tuple[WaitingChoice, int], str | None]]:
        """What ``w`` offers now: to nudge each person the game waits for (and, for the one who
        runs the table, to let a bot make their move), and to let a bot play now for someone away."""
        info = None if self.follower is None else self.follower.info
        if info is None:
            return []
        runs, waited = info["runs"], set(self.table.waited_on())
        choices: list[tuple[Text, tuple[WaitingChoice, int], str | None]] = []
        for seat, s in enumerate(info["seats"]):
            if not s or s["bot"] or s["stand_in"] or seat == info["you"]:
                continue
            name = literal(s["name"])
            if s["away"]:
                if runs:
                    words = t("Let a bot play for {who} now, until they are back", who=name)
                    choices.append((Text(words), ("stand_in", seat), None))
            elif seat in waited:
                words = t("Nudge {who}: the table waits for their move", who=name)
                choices.append((Text(words), ("nudge", seat), None))
                if runs:
                    words = t("Let a bot make {who}'s move this once", who=name)
                    choices.append((Text(words), ("bot_move", seat), None))
        return choices

    def action_waiting(self) -> None:
        """``w`` at the table: nudge a player the table waits for; the organiser may also let the
        stand-in bot make their move, or play now for someone away.  The choices close by
        themselves once the game moves on to others (:meth:`GameTable.hold`)."""
        table = self.follower
        choices = self._waiting_choices()
        if table is None or not choices:
            self.notify(t("Nobody to nudge now: the table waits for you, or for a bot."), timeout=6)
            return

        def ask(pick: tuple[WaitingChoice, int] | None) -> None:
            if pick is not None:
                self.post_message(self.Waiting(table.id, *pick))

        dialog = ChoiceScreen(t("Waiting for someone? (Esc: back)"), choices)
        offered = [value for _, value, _ in choices]
        self.table.hold(dialog, lambda: [value for _, value, _ in self._waiting_choices()] != offered)
        self.app.push_screen(dialog, ask)

    def action_pace(self) -> None:
        """``a``: how long each bot's move stays on show here (a child's table slower)."""
        table = self.follower
        if table is None or table.info is None:
            return
        now = nearest(table.info["bot_delay"])
        choices: list[tuple[Text, float, str | None]] = []
        for delay, name in PACES:
            pace = t(name)
            # Translators: {pace} is a pace's name (quick, steady, slow, very slow), its first letter made big.
            words = t(
                "{pace}: each bot's move stays {seconds} s", pace=pace[:1].upper() + pace[1:], seconds=number(delay)
            )
            choices.append((Text(words), delay, None))
        game = self.game

        def chosen(delay: float | None) -> None:
            if delay is not None:
                self.post_message(self.Pace(table.id, game, delay))

        self.app.push_screen(ChoiceScreen(t("The bots' pace (Esc: as it is)"), choices, PACES[now][0]), chosen)

    def action_pause(self) -> None:
        """``z``: pause the table (its creator), or ask the others while the creator is away."""
        self._pause(True)

    def action_resume(self) -> None:
        """``z`` at a paused table: resume it, or ask the others."""
        self._pause(False)

    def _pause(self, paused: bool) -> None:
        follower = self.follower
        if follower is not None:
            self.app.run_worker(ask_pause(self.app, follower.id, paused, follower.info), group="requests")

    def action_leave(self) -> None:
        if self.spectator or self.over:
            self.post_message(self.Leave())
            return

        def leave(yes: bool | None) -> None:
            if yes:
                self.post_message(self.Leave())

        # Translators: the answers to the question before leaving a table ("y leave   n stay").
        question = ConfirmScreen(t(self.leave_asks), yes=t("leave"), no=t("stay"))
        self.app.push_screen(question, leave)

    # -- a hidden hand (``i``: :mod:`yule.tui.hiding`) -------------------------------------------

    @property
    def seated(self) -> bool:
        """A player's table (not a spectator's, nor the TV's): it has a hand to hide."""
        return not self.spectator and not (self.is_mounted and self.table.spectating)

    @property
    def hand_key(self) -> tuple[str, int] | None:
        """The table the choice is remembered for: the game and the table followed (``None``:
        not known yet, in ``yule play`` before its host has started; or a replay)."""
        return None if self.follower is None else (self.game, self.follower.id)

    @property
    def hand_hidden(self) -> bool:
        """This seat's hand is hidden (``i``)."""
        return self._hand_hidden

    _hand_hidden = False

    def action_hide_hand(self) -> None:
        self.hide_hand(True)

    def action_show_hand(self) -> None:
        self.hide_hand(False)

    def hide_hand(self, hidden: bool) -> None:
        """Hide the hand (or show it), and remember it for this table."""
        from .hiding import remember

        self._hand_chosen = hidden
        if self.hand_key is not None:
            remember(self.app, self.hand_key, hidden)
        self._hide_as_chosen()

    _hand_chosen = False
    """What the player chose here last (before the table was known, too)."""

    def _hide_as_chosen(self) -> None:
        """The table hides the hand as chosen for it (a choice made before the table was
        known, in ``yule play``, is remembered for it now); the status line says so."""
        from .hiding import remember, remembered, status_words

        if not self.ready:
            return
        key = self.hand_key
        chosen = None if key is None else remembered(self.app, key)
        if chosen is None and key is not None:
            remember(self.app, key, self._hand_chosen)
        self._hand_chosen = self._hand_chosen if chosen is None else chosen
        hidden = self._hand_chosen and self.seated
        table = self.table
        if hidden != self._hand_hidden:
            self._hand_hidden = hidden
            if hidden:
                self.query_one(HintPanel).withdraw()  # it spoke of the hand
                self.app.clear_notifications()  # one may name a card
            helps = getattr(self.app, "helps", None)  # a helper's suggestion, worded as the hand is shown
            if helps is not None:
                helps.show_suggestion()
            self.refresh_bindings()
        table.hand_hidden = hidden
        yours = hidden and table.view is not None and table.blocked() is None
        self.query_one(StatusLine).hand = status_words(hidden, yours)


class GameOverScreen(Answered[str]):
    """The final scores in full; dismissed with ``"again"`` (unless ``again`` is false: a
    replay, or a spectator's sheet), ``"back"`` or ``"leave"``."""

    DEFAULT_CSS = """
    GameOverScreen VerticalScroll { height: 1fr; }
    """
    BINDINGS = [
        Binding("n", "done('again')", "Play again"),
        Binding("b,escape", "done('back')", "Back to the table"),
        Binding("f1,question_mark", "rules", "Rules", key_display="?"),
        Binding("exclamation_mark", "react", "React", key_display="!"),
        Binding("i", "hide_hand", "Hide hand"),
        Binding("i", "show_hand", "Show hand"),
        Binding("q", "done('leave')", "Leave"),
    ]

    def __init__(
        self, game: str, result: dict[str, Any], names: list[str], you: int | None, *, again: bool = True
    ) -> None:
        super().__init__()
        self.game = game
        self.result = result
        self.names = names
        self.you = you
        self.again = again

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "react":
            return reactions.may_react(self.app)  # at a host's table, not in a replay
        if action in ("hide_hand", "show_hand"):
            return self._hides and self.hand_hidden == (action == "show_hand")
        return self.again or parameters != ("again",)

    # -- a hidden hand (``i``: :mod:`yule.tui.hiding`) -------------------------------------------

    _hidden = False

    def _table_below(self) -> TableScreen | None:
        return next((s for s in self.app.screen_stack if isinstance(s, TableScreen)), None)

    @property
    def _hides(self) -> bool:
        """A seat's sheet over its table (not a spectator's, nor a replay's: no table is played there)."""
        table = self._table_below()
        return self.you is not None and (table is None or table.hand_key is not None)

    @property
    def hand_hidden(self) -> bool:
        """The seat's hand is hidden (``i``): as chosen at the table below, for the next game too.
        The sheet itself shows what the game's end showed everyone: nothing of it is private."""
        table = self._table_below()
        return table.hand_hidden if table is not None else self._hidden

    def action_hide_hand(self) -> None:
        self._hide(True)

    def action_show_hand(self) -> None:
        self._hide(False)

    def _hide(self, hidden: bool) -> None:
        from .hiding import status_words

        table = self._table_below()
        if table is not None:
            table.hide_hand(hidden)
        self._hidden = hidden
        self.query_one(StatusLine).hand = status_words(self.hand_hidden, False)
        self.refresh_bindings()

    def compose(self) -> ComposeResult:
        ui = GAME_UIS[self.game]
        yield StatusLine()
        yield Headline(Text(t("Game over. {headline}", headline=ui.headline(self.result, self.names))))
        with VerticalScroll():
            yield ScoreSheet(ui.sheet(self.result, self.names, self.you))
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()
        if self._hides and self.hand_hidden:
            from .hiding import status_words

            self.query_one(StatusLine).hand = status_words(True, False)

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(GAME_UIS[self.game].rules))

    def action_done(self, choice: str) -> None:
        self.dismiss(choice)

    def action_react(self) -> None:
        """``!``: a reaction for everyone at the table, the game over (:mod:`.reactions`)."""
        reactions.choose(self)


class RulesScreen(Dialog[None]):
    """A game's rules in our own words; arrows and PgUp/PgDn scroll, Esc closes."""

    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen VerticalScroll { width: 90; max-width: 100%; height: 100%; background: $surface; border: round $accent; }
    """
    BINDINGS = [Binding("escape,q,f1,question_mark", "close", "Close")]

    def __init__(self, rules: Mapping[str, str]) -> None:
        super().__init__()
        self.rules = localized(rules)

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown  # loaded when first asked for: it slows the start

        with VerticalScroll() as box:
            box.border_title = t("Rules (arrows scroll, Esc closes)")
            yield Markdown(self.rules)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)


class TooSmallScreen(Dialog[None]):
    """Shown instead of the app while the terminal is smaller than 80×24."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen Static { width: auto; max-width: 100%; }
    """
    BINDINGS = [Binding("q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        with Center():
            yield Static(id="message")

    def on_mount(self) -> None:
        self.resized(self.app.size.width, self.app.size.height)

    def on_screen_resume(self) -> None:
        width, height = self.app.size
        if width >= MIN_WIDTH and height >= MIN_HEIGHT:
            self.dismiss(None)  # a notice uncovered after the terminal grew

    def resized(self, width: int, height: int) -> None:
        least, size = f"{MIN_WIDTH}×{MIN_HEIGHT}", f"{width}×{height}"
        words = t(
            "Yule needs a terminal of at least {least}; this one is {size}.\n"
            "Make the window bigger to go on (q or Ctrl+Q quits).",
            least=least,
            size=size,
        )
        self.query_one("#message", Static).update(Text(words))
