"""A helper beside a seat, in the app: asking to help, the seat's yes, the helper's table, suggestions.

The helper's side: ``h`` on a table in the lobby watches it (as anyone may), asks which of its
players to help, and waits for that player's own yes (:class:`HelpAskingScreen`, Esc stops
asking).  With the yes the helper's table screen (:class:`HelpScreen`) shows the seat's table as
the seat sees it, titled "Helping Max"; a move chosen there is sent as a suggestion, never as a
move; ``u`` stops helping.  When the help ends (whoever ended it) the helper goes back to the
lobby: nothing of the seat stays on their screen.

The seat's side: the question ("Mum asks to help you with your hand ..."), a suggestion shown in
the table's hint panel ("Mum suggests: roll the die"; it goes with the next view), ``y`` to play
it as your own move, ``u`` to end the help (:data:`HELP_KEYS`, the app's keys at its table).

:class:`Helps` holds what the app knows of help and routes the host's help frames
(:meth:`Helps.route`); the host's side is :mod:`yule.netplay.host.helpers`.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.widgets import Static

from ..netplay.client import ConnectionLost, HostError
from ..netplay.frames import HelpAsked, HelpEnded, HelpOver, Incoming, Suggestion, ViewFrame
from .dialogs import ChoiceScreen, ConfirmScreen
from .games import GAME_UIS
from .refusals import refusal, said
from .screens import TableScreen
from .text import literal
from .widgets import GameTable, HintPanel, KeysFooter
from .words import N_, t

if TYPE_CHECKING:
    from .app import YuleApp


@dataclass(slots=True)
class Helping:
    """This app helps ``name`` in ``seat`` at ``table``."""

    table: int
    seat: int
    name: str


ENDED = {
    "seat": N_("{name} ended the help."),
    "helper": N_("{helper} stopped helping {name}."),
    "over": N_("The game is over: {helper} no longer helps {name}."),
    "left": N_("{name} left the seat: {helper} no longer helps them."),
    "gone": N_("{name} lost their connection: {helper} no longer helps them."),
    "replaced": N_("{name}'s seat went to another device: {helper} no longer helps them."),
    "closed": N_("The table has closed: {helper} no longer helps {name}."),
}
"""Why a help ended (:data:`~yule.netplay.frames.HelpWhy`), in words (marked, worded when told)."""

ASK_OUTCOMES = {
    "no": N_("{name} said no: you are not helping them."),
    "expired": N_("{name} did not answer in time."),
    "withdrawn": N_("You stopped asking to help {name}."),
    "closed": N_("{name} cannot be helped now: the game or the seat changed."),
}
"""How a request to help ended without a yes (:data:`~yule.netplay.frames.HelpOutcome`)."""


def question_text(frame: HelpAsked) -> Text:
    """The question to the seat's player: who asks to help, and what they would see.

    >>> question_text({"type": "help_asked", "table": 1, "request": 1, "seat": 0, "name": "Max",
    ...                "by": "[b]Mum", "seconds": 60.0}).plain
    '[b]Mum asks to help you with your hand. They would see your hand and could suggest moves. Yes?'
    """
    by = escape(literal(frame["by"]))
    return Text.from_markup(
        t("[b]{by}[/] asks to help you with your hand. They would see your hand and could suggest moves. Yes?", by=by)
    )


def suggestion_text(frame: Suggestion, game: str, view: Any, names: list[str]) -> str:
    """A suggestion as the seat reads it, the move worded as the game words moves."""
    describe = GAME_UIS[game].describe_move if game in GAME_UIS else None
    move = describe(frame["move"], view, names) if describe is not None else str(frame["move"].get("type", ""))
    return t("{name} suggests: {move} (y plays it)", name=literal(frame["name"]), move=move)


def asking_screen(name: str, seconds: float) -> Any:
    """While the seat's player decides whether you may help them: the lobby's wait for a yes
    (:class:`~yule.tui.questions.AskingScreen`, loaded with the lobby), in a helper's words; Esc
    stops asking (dismissed with True)."""
    from .questions import AskingScreen

    class HelpAskingScreen(AskingScreen):
        def compose(self) -> ComposeResult:
            box = Static(
                Text.from_markup(
                    t(
                        "Asking [b]{who}[/] whether you may help them: they see your request on their screen. "
                        "Wait here for their yes.",
                        who=escape(literal(self.player)),
                    )
                )
            )
            box.border_title = t("Waiting for a yes")
            yield box
            yield KeysFooter()

    return HelpAskingScreen(name, seconds)


class HelpScreen(TableScreen):
    """The helper's table: the seat's table as its player sees it; a move chosen is suggested."""

    DEFAULT_CSS = """
    HelpScreen #help-banner { height: 1; background: $accent; color: $text; padding: 0 1; }
    """
    BINDINGS = [Binding("u", "stop_help", "Stop helping")]

    def __init__(self, game: str, helped: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(game, *args, **kwargs)
        self.helped = helped

    def compose(self) -> ComposeResult:
        banner = Static(self._banner(), id="help-banner")
        yield banner
        yield from super().compose()

    def _banner(self) -> Text:
        name = literal(self.helped)
        return Text(t("Helping {name}: a move you choose is suggested to them, not played.", name=name))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("waiting", "pace"):
            return False
        return super().check_action(action, parameters)

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys, the game's moves among them said as suggestions ("Suggest: Roll the die")."""
        active = super().active_bindings
        for key, (node, binding, enabled, tooltip) in active.items():
            moves = node.MOVES if isinstance(node, GameTable) else None  # a game's keys: its moves (all, if unsaid)
            if moves is not None and binding.description and (not moves or binding.action.split("(")[0] in moves):
                said = t("Suggest: {move}", move=t(binding.description))
                active[key] = ActiveBinding(node, replace(binding, description=said), enabled, tooltip)
        return active

    def action_stop_help(self) -> None:
        helps = getattr(self.app, "helps", None)
        if isinstance(helps, Helps):
            helps.stop()


class Helps:
    """What the app knows of help: whom it helps (:attr:`helping`), who helps its seat
    (:attr:`helper`), the suggestion shown; it routes the host's help frames."""

    def __init__(self, app: YuleApp) -> None:
        self.app = app
        self.helping: Helping | None = None
        self.suggestion: Suggestion | None = None
        self._asked: asyncio.Future[HelpOver] | None = None

    @property
    def helper(self) -> str | None:
        """Who helps this app's seat at the table it follows (its table info says so)."""
        table = self.app.table
        info = None if table is None or self.helping is not None else table.info
        if info is None or info["you"] is None:
            return None
        seat = info["seats"][info["you"]]
        return None if seat is None else seat.get("helper")

    # -- the frames --------------------------------------------------------------------------

    def route(self, frame: Incoming) -> Incoming | None:
        """A frame from the host: a help frame is taken here (None); a helper's ``help_view`` goes
        on as the view of the seat helped, and the public views of that table are dropped."""
        helping = self.helping
        if frame["type"] == "help_view":
            if helping is None or frame["table"] != helping.table:
                return None
            view: ViewFrame[Any] = {"type": "view", "table": frame["table"], "seat": frame["seat"],
                                    "seq": frame["seq"], "view": frame["view"], "log": frame["log"]}  # fmt: skip
            if "timers" in frame:
                view["timers"] = frame["timers"]
            return view  # the very frame the seat got
        if frame["type"] == "view" and helping is not None and frame["table"] == helping.table:
            return None  # the seat's own view is shown, from its help_view frames
        if frame["type"] == "connection" and frame["state"] != "connected" and helping is not None:
            self.helping = None  # the host ends a help whose helper is gone: ask again once back
            self.app.notify(t("The connection dropped: you no longer help {name}.", name=literal(helping.name)))
            self.app.leave_table()
            return frame
        if frame["type"] == "help_asked":
            self._asked_to(frame)
        elif frame["type"] == "help_over":
            self._over(frame)
        elif frame["type"] == "helping":
            self.helping = Helping(frame["table"], frame["seat"], frame["name"])
        elif frame["type"] == "help_ended":
            self._ended(frame)
        elif frame["type"] == "suggestion":
            self._suggested(frame)
        else:
            return frame
        return None

    def _asked_to(self, frame: HelpAsked) -> None:
        def answered(yes: bool | None) -> None:
            if yes is not None:
                self.app.run_worker(self._answer(frame["table"], frame["request"], yes), group="requests")

        question = ConfirmScreen(question_text(frame), yes=t("lets them help"), no=t("says no"), enter=False,
                                 id=f"help-{frame['table']}-{frame['request']}")  # fmt: skip
        self.app.bell()
        self.app.push_screen(question, answered)

    async def _answer(self, table: int, request: int, yes: bool) -> None:
        if self.app.client is not None:
            with contextlib.suppress(ConnectionLost, HostError):  # decided already: its outcome is told
                await self.app.client.help_answer(table, request, yes)

    def _over(self, frame: HelpOver) -> None:
        question = f"help-{frame['table']}-{frame['request']}"
        for screen in self.app.screen_stack:
            if isinstance(screen, ConfirmScreen) and screen.id == question:
                screen.withdraw()
        if self._asked is not None and not self._asked.done():
            self._asked.set_result(frame)
        elif frame["outcome"] == "yes":
            self.app.notify(t("{name} helps you now: u ends the help.", name=literal(frame["by"])), timeout=8)

    def _ended(self, frame: HelpEnded) -> None:
        words = t(ENDED[frame["why"]], name=literal(frame["name"]), helper=literal(frame["helper"]))
        self.app.notify(words, timeout=8)
        if self.helping is not None and frame["table"] == self.helping.table:
            self.helping = None
            self.app.leave_table()  # nothing of the seat stays on this screen
        else:
            self._clear()

    def _suggested(self, frame: Suggestion) -> None:
        app, table = self.app, self.app.table
        screen = app.table_screen
        if table is None or screen is None or frame["table"] != table.id or table.view is None:
            return
        self.suggestion = frame
        self.show_suggestion()
        screen.refresh_bindings()

    def show_suggestion(self) -> None:
        """The suggestion on the seat's screen, worded; while the hand is hidden (``i``), only that
        there is one: its words may name a card of the hand."""
        app, table, frame = self.app, self.app.table, self.suggestion
        screen = app.table_screen
        if frame is None or table is None or table.view is None or screen is None or not screen.is_mounted:
            return
        if screen.hand_hidden:
            text = t("{name} suggests a move: i shows your hand to read it (y plays it)", name=literal(frame["name"]))
        else:
            text = suggestion_text(frame, screen.game, table.view, table.names)
        screen.query_one(HintPanel).put(text, heading="")

    def _clear(self) -> None:
        self.suggestion = None
        screen = self.app.table_screen
        if screen is not None and screen.is_mounted:
            screen.query_one(HintPanel).withdraw()

    # -- the helper's side ---------------------------------------------------------------------

    async def ask(self, table: int, open_: bool) -> None:
        """``h`` in the lobby: watch the table (its join code first, if private), choose whom to
        help, ask them, and wait for their answer."""
        from .questions import CodeScreen
        from .seating import refusal_text

        app, client = self.app, self.app.client
        if client is None:
            return
        if table in client.seats or client.saved_seat(table=table) is not None:  # never your own table's seat
            words = refusal("help_refused", {"reason": "seated_here"}, "")
            app.notify(literal(words), title=t("Cannot help"), severity="warning", timeout=8)
            return
        code, watched = None, False

        async def unwatch() -> None:
            """Stop watching the table this asked to watch (never leave a seat of yours)."""
            if watched and table not in client.seats:
                with contextlib.suppress(HostError, ConnectionLost):
                    await client.leave(table)

        try:
            if not open_:
                code = await app.push_screen_wait(CodeScreen())
                if code is None:
                    return
            was_watching = set(client.watching)
            table = await client.watch(None if code else table, code=code)
            watched = table not in was_watching
            info = client.tables.get(table)
            seats = [] if info is None else info["seats"]
            people = [(seat, s["name"]) for seat, s in enumerate(seats) if s and not s["bot"] and not s["away"]]
            if info is None or info["status"] != "playing" or not people:
                app.notify(t("Nobody at that table can be helped now: a player must be there, in a game."),
                           severity="warning", timeout=8)  # fmt: skip
                await unwatch()
                return
            choices: list[tuple[Text, int, str | None]] = [(Text(literal(name)), seat, None) for seat, name in people]
            seat = await app.push_screen_wait(ChoiceScreen(t("Help whom? (Esc: back)"), choices))
            if seat is None:
                await unwatch()
                return
            self._asked = asyncio.get_running_loop().create_future()
            waiting = await client.help_ask(table, seat)
            asking = asking_screen(waiting["name"], waiting["seconds"])

            def stop(stopped: bool | None) -> None:
                if stopped:
                    app.run_worker(self._withdraw(table), group="requests")

            app.push_screen(asking, stop)
            over = await self._asked
            if asking in app.screen_stack:
                asking.dismiss(False)
            if over["outcome"] != "yes":
                app.notify(t(ASK_OUTCOMES[over["outcome"]], name=literal(over["name"])), timeout=8)
                await unwatch()
                return
            app.follow_table(table, watching=True)
        except HostError as e:
            app.notify(literal(refusal_text(e, code)), title=t("Cannot help"), severity="error", timeout=10)
            await unwatch()
        except ConnectionLost:
            app.notify(t("Not connected to the host right now: try again in a moment."), severity="error")
        finally:
            self._asked = None

    async def _withdraw(self, table: int) -> None:
        if self.app.client is not None:
            with contextlib.suppress(HostError, ConnectionLost):
                await self.app.client.help_end(table)

    def stop(self) -> None:
        """``u`` on the helper's table: stop helping (the host's ``help_ended`` takes you back)."""
        if self.helping is not None:
            self.app.run_worker(self._withdraw(self.helping.table), group="requests")

    async def suggest(self, move: dict[str, Any], seq: int | None) -> None:
        """A move the helper chose: suggested to the seat they help, not played."""
        app, helping, screen = self.app, self.helping, self.app.table_screen
        if app.client is None or helping is None or screen is None:
            return
        try:
            await app.client.suggest(helping.table, move, seq)
        except HostError as e:
            table = app.table
            screen.table.refused(said(e, screen.game, table.names if table is not None else ()))
            return
        except ConnectionLost:
            screen.table.refused(t("Not connected to the host: try again once reconnected."))
            return
        screen.table.pending = False
        app.notify(t("Suggested to {name}.", name=literal(helping.name)), timeout=4)

    # -- the seat's side -----------------------------------------------------------------------

    def may(self, action: str) -> bool:
        """Whether a seat's key (:data:`HELP_KEYS`) does something now."""
        if action == "take_suggestion":
            return self.suggestion is not None
        return self.helper is not None

    def viewed(self) -> None:
        """A new view at the table: the suggestion made on the one before goes."""
        self.suggestion = None

    def take(self) -> None:
        """``y`` at the table: the suggestion played as this seat's own move (refused if it is
        no longer legal, as any move)."""
        suggestion, screen = self.suggestion, self.app.table_screen
        if suggestion is None or screen is None:
            return
        self._clear()
        screen.table.send(dict(suggestion["move"]))

    def end(self) -> None:
        """``u`` at the table: end the help, once confirmed."""
        helper = self.helper
        table = self.app.table
        if helper is None or table is None:
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.run_worker(self._withdraw(table.id), group="requests")

        question = t("End {name}'s help? They stop seeing your hand.", name=literal(helper))
        self.app.push_screen(ConfirmScreen(question, yes=t("ends it"), no=t("keeps it")), answered)


HELP_KEYS = [
    Binding("y", "take_suggestion", "Take suggestion"),
    Binding("u", "end_help", "End help"),
]
"""The seat's keys at its table (the player's app's): ``y`` plays the suggestion shown as your
own move, ``u`` ends the help; each shown only while there is something to take or to end
(:meth:`Helps.may`)."""
