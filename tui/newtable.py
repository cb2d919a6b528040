"""The new-table form (:class:`CreateTableScreen`): the game, its rules (last used, the host's
sets of house rules, the defaults), its seats, open or private, the game's options as a form, a
turn timer, and how long such a game takes (always in sight, under the fields).

The games' options, their choices and the games' summaries are core's, in English: the form
words them with ``t`` as it shows them (the catalogue tool finds them in the registry).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from ..core.registry import all_games
from ..netplay.client import Client, ConnectionLost, HostError
from ..netplay.frames import HouseSet
from ..netplay.housesets import fitted, same_settings
from .dialogs import Dialog
from .games import GAME_UIS
from .houserules import (
    DEFAULTS,
    LAST,
    chosen_set,
    delete_rules,
    fitted_note,
    host_sets,
    rules_menu,
    save_rules,
    set_choice,
)
from .howlong import COUNTING, SECONDS_A_TURN, HowLong, pace_seconds
from .widgets import KeysFooter, MarkedOptionList, TextField, TickBox
from .words import t, title, tp

TURN_SECONDS = (10, 3600)
"""The turn timers the create form offers (seconds a move); the host takes any up to an hour."""

DEFAULT_GAME = "white-elephant"
"""The game a new table starts with when there is no table to go by: the README's game."""


def option_label(key: str) -> str:
    """An option's name as people read it, in English: ``max_steals_per_turn`` → ``Max steals
    per turn`` (worded with ``t`` where shown)."""
    return key.replace("_", " ").capitalize()


def in_words(message: str, options: dict[str, Any]) -> str:
    """A host's or a game's refusal with option names as the form shows them."""
    for key in sorted(options, key=len, reverse=True):
        message = message.replace(key, f"'{t(option_label(key))}'")
    return message.replace("or null for", "or empty for")


class CreateTableScreen(Dialog[dict[str, Any] | None]):
    """Create a table: its game, seats, open or private, and the game's options as a form.

    The options form is made from the game's ``default_options``: a true/false option is a
    checkbox, a number that may be "no limit" (``None``) is a field left empty for no limit.
    Below it, how long a game of those seats and options takes (:class:`~.howlong.HowLong`,
    kept in sight at the form's foot), at the seconds a turn in its own field: to begin with the
    host's, as learnt (:func:`~.howlong.pace_seconds`), asked anew when the form opens in an app
    following a host (``paces``, the lobby's, may be older), so that every screen at the host
    forecasts alike.  Dismissed with ``{"game", "seats", "open", "options", "turn_seconds",
    "house_rules"}`` or ``None``.

    "Rules" (:mod:`.houserules`) fills the form from the settings last used for the game, one of
    the host's sets of house rules (asked when the game is shown), or the game's defaults;
    Ctrl+N keeps the form's settings on the host under a name, Ctrl+T deletes the set chosen.
    ``house_rules`` is the name of the set picked when the settings are still its own, else None.
    """

    DEFAULT_CSS = """
    CreateTableScreen { align: center middle; }
    CreateTableScreen > VerticalScroll {
        width: 70; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    CreateTableScreen OptionList, CreateTableScreen OptionList:focus { height: auto; max-height: 7; border: none; padding: 0; }
    CreateTableScreen #summary { color: $text-muted; height: auto; margin-bottom: 1; }
    CreateTableScreen .row { height: 1; }
    CreateTableScreen .row Label { width: 24; }
    CreateTableScreen .row Input { width: 12; }
    CreateTableScreen .hint { width: 1fr; color: $text-muted; padding-left: 1; }
    CreateTableScreen Checkbox { width: 1fr; }
    CreateTableScreen .row Select { width: 1fr; }
    CreateTableScreen #options { height: auto; }
    CreateTableScreen HowLong { padding: 0; color: $text-muted; dock: bottom; }
    CreateTableScreen #rules-note { display: none; height: auto; color: $warning; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "create", "Create"),
        Binding("enter", "enter", "Next", show=False, priority=True),
        Binding("ctrl+n", "save_rules", "Save rules"),
        Binding("ctrl+t", "delete_rules", "Delete rules"),
    ]

    def __init__(
        self,
        game: str | None = None,
        paces: Mapping[str, float] | None = None,
        remembered: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        super().__init__()
        self.games = all_games()
        self.start = game or DEFAULT_GAME
        self.shown: Any = None
        self.paces = paces or {}
        self.remembered = remembered or {}
        """The settings of the last table the player created of each game: a game's open on them."""
        self.pending = False
        """True while the host is asked for its paces (no estimate until they come)."""
        self.put = ""
        """The seconds a turn the form put in its field (typed over: the form leaves them)."""
        self.sets: dict[str, list[HouseSet]] = {}
        """The host's sets of house rules for each game, as it last said (:mod:`.houserules`)."""
        self.picked: tuple[str, dict[str, Any]] | None = None
        """The host's set picked in "Rules", and the settings it filled in: a table created with
        them unchanged carries the set's name."""
        self.applied: object = None
        """The "Rules" choice the form is filled in from (or was, before fields were changed)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = t("New table (Tab moves, Space ticks, Enter in a field creates)")
            box.can_focus = False
            yield Label(t("Game (Up/Down, Enter):"))
            yield MarkedOptionList(
                *(
                    Option(
                        Text.assemble(
                            (title(g), "bold"), "  ", t("{low}-{high} players", low=g.min_players, high=g.max_players)
                        ),
                        id=g.name,
                        disabled=g.name not in GAME_UIS,
                    )
                    for g in self.games
                ),
                id="game",
            )
            yield Static(id="summary")
            with Horizontal(classes="row"):
                yield Label(t("Rules:"))
                yield Select([(Text(t("Game's defaults")), DEFAULTS)], value=DEFAULTS, allow_blank=False,
                             id="rules", compact=True)  # fmt: skip
            yield Static(id="rules-note")
            with Horizontal(classes="row"):
                yield Label(t("Seats:"))
                yield TextField(value="4", type="integer", id="seats", compact=True)
                yield Static(id="seats-hint", classes="hint")
            with Horizontal(classes="row"):
                yield TickBox(t("Open to anyone (no join code)"), value=False, id="open", compact=True)
            yield Label(t("Options:"), classes="row")
            yield Vertical(id="options")
            with Horizontal(classes="row"):
                yield Label(t("Turn timer, seconds:"))
                yield TextField(value="", type="integer", id="turn-seconds", compact=True)
                low, high = TURN_SECONDS
                yield Static(Text(t("empty: none ({low} to {high})", low=low, high=high)), classes="hint")
            with Horizontal(classes="row"):
                yield Label(t("Seconds a turn:"))
                yield TextField(value="", type="integer", id="seconds-a-turn", compact=True)
                yield Static(Text(t("people's, for the estimate below")), classes="hint")
            yield HowLong()
        yield KeysFooter()

    def on_mount(self) -> None:
        games = self.query_one("#game", OptionList)
        playable = [i for i, g in enumerate(self.games) if g.name in GAME_UIS]
        games.highlighted = next(
            (i for i in playable if self.games[i].name == self.start), playable[0] if playable else 0
        )
        games.focus()
        client = getattr(self.app, "client", None)
        if isinstance(client, Client):
            self.pending = True
            self.ask_paces(client)

    @work(exclusive=True, group="paces")
    async def ask_paces(self, client: Client) -> None:
        """The host's paces as they are now; the seconds a turn from them, unless typed over."""
        with contextlib.suppress(HostError, ConnectionLost):  # else the lobby's
            self.paces = await client.paces()
        self.pending = False
        if self.shown is not None:
            self._put_seconds(self.shown, always=False)
            self._how_long()

    def _put_seconds(self, game: Any, *, always: bool = True) -> None:
        """The seconds a turn of ``game`` as the host has learnt them in their field (not
        ``always``: only if what the form put there last is still there)."""
        field = self.query_one("#seconds-a-turn", Input)
        if always or field.value == self.put:
            self.put = field.value = str(round(pace_seconds(game.name, self.paces)))

    def _game(self) -> Any:
        index = self.query_one("#game", OptionList).highlighted or 0
        return self.games[index]

    async def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        game = self._game()
        if game is self.shown:
            return
        self.shown = game
        self.query_one("#summary", Static).update(Text(t(game.summary)))
        self.query_one("#seats-hint", Static).update(
            Text(t("{low} to {high}", low=game.min_players, high=game.max_players))
        )
        last = remembered_settings(game, self.remembered.get(game.name))
        self._rules_menu(game, LAST if last else DEFAULTS)
        await self._fill(game, last)
        self._put_seconds(game)
        self._how_long()
        self.ask_sets(game)

    async def _fill(self, game: Any, settings: Mapping[str, Any] | None) -> None:
        """The form filled in with ``settings`` for ``game`` (None: its defaults; a field the
        game has no default for keeps what it holds)."""
        seats = self.query_one("#seats", Input)
        value = int(seats.value) if seats.value.strip().isdigit() else 4
        value = settings["seats"] if settings else value
        seats.value = str(max(game.min_players, min(game.max_players, value)))
        if settings:
            self.query_one("#open", TickBox).value = settings["open"]
            timer = settings["turn_seconds"]
            self.query_one("#turn-seconds", Input).value = "" if timer is None else str(round(timer))
        options = settings["options"] if settings else game.default_options
        box = self.query_one("#options", Vertical)
        await box.remove_children()
        rows = [option_row(key, options[key], game.option_choices.get(key)) for key in game.default_options]
        await box.mount_all(rows or [Static(Text(tp("options", "none"), style="italic"), classes="row")])

    def on_input_changed(self, event: Input.Changed) -> None:
        self._how_long()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._how_long()

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "rules" and event.select.value != self.applied:  # not a choice the form made itself
            self.applied = event.select.value
            await self._pick(self.applied)
        self._how_long()

    def _how_long(self) -> None:
        """The estimate for the game, seats, options and seconds a turn as filled in now."""
        game = self.shown
        if game is None:
            return
        line = self.query_one(HowLong)
        if self.pending:  # the host's pace is on its way
            line.tell(COUNTING)
            return
        seats = self.query_one("#seats", Input).value.strip()
        seconds = self.query_one("#seconds-a-turn", Input).value.strip()
        low, high = SECONDS_A_TURN
        if not (seats.isdigit() and game.min_players <= int(seats) <= game.max_players):
            line.tell(t("How long: give the seats ({low} to {high}).", low=game.min_players, high=game.max_players))
        elif not (seconds.isdigit() and low <= int(seconds) <= high):
            line.tell(t("How long: give the seconds a turn ({low} to {high}).", low=low, high=high))
        else:
            try:
                options = self._options(game)
            except NoMatches:  # the game's option rows are being put in
                return
            if isinstance(options, str):
                line.tell(t("How long: {problem}", problem=options))
            else:
                line.ask(game, int(seats), options, float(seconds))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "enter":  # Enter on the game list or in a field; elsewhere (a drop-down) its own
            return isinstance(self.focused, Input) or (self.focused is not None and self.focused.id == "game")
        return True

    def action_enter(self) -> None:
        """Enter, at once, so the keys typed straight after it land in the seats field: the
        game chosen, on to the seats; in a field, the table is created once the keys typed
        into it before this Enter are in (the game list takes its own keys as they come:
        :class:`~.widgets.KeysInOrder`)."""
        focused = self.focused
        if isinstance(focused, Input):
            focused.call_later(self.action_create)
        else:
            self.set_focus(self.query_one("#seats", Input))

    def _options(self, game: Any) -> dict[str, Any] | str:
        """The options as filled in, or what is wrong with them in plain words."""
        options: dict[str, Any] = {}
        for key, default in game.default_options.items():
            if isinstance(default, bool):
                options[key] = self.query_one(f"#opt-{key}", TickBox).value
                continue
            if key in game.option_choices:
                options[key] = self.query_one(f"#opt-{key}", Select).value
                continue
            text = self.query_one(f"#opt-{key}", Input).value.strip()
            if not text:
                options[key] = None
            elif text.lstrip("-").isdigit():
                options[key] = int(text)
            else:
                return t("{option} must be a whole number, or empty for no limit.", option=t(option_label(key)))
        try:
            return game.check_options(options)
        except ValueError as e:
            return in_words(str(e), options)

    def action_create(self) -> None:
        game = self._game()
        if game.name not in GAME_UIS:
            self.notify(t("{game} has no table in the terminal yet.", game=title(game)), severity="error")
            return
        value = self.query_one("#seats", Input).value.strip()
        seats = int(value) if value.lstrip("-").isdigit() else 0
        if not game.min_players <= seats <= game.max_players:
            said = t(
                "{game} is for {low} to {high} players.", game=title(game), low=game.min_players, high=game.max_players
            )
            self.notify(said, severity="error")
            return
        try:
            options = self._options(game)
        except NoMatches:  # Enter came as the game's option rows are being put in: once they are
            self.call_after_refresh(self.action_create)
            return
        if isinstance(options, str):
            self.notify(options, title=t("Not a valid option"), severity="error")
            return
        timer = self.query_one("#turn-seconds", Input).value.strip()
        low, high = TURN_SECONDS
        if timer and not (timer.isdigit() and low <= int(timer) <= high):
            self.notify(t("Turn timer: a whole number of seconds from {low} to {high}, or empty for none.", low=low,
                          high=high), title=t("Not a valid timer"), severity="error")  # fmt: skip
            return
        settings = {
            "seats": seats,
            "open": self.query_one("#open", TickBox).value,
            "options": options,
            "turn_seconds": int(timer) if timer else None,
        }
        picked = self.picked
        house_rules = picked[0] if picked is not None and same_settings(picked[1], settings) else None
        self.dismiss({"game": game.name, **settings, "house_rules": house_rules})

    def action_cancel(self) -> None:
        self.dismiss(None)

    # -- house rules: "Rules", saving and deleting a set (:mod:`.houserules`) -------------------

    def _rules_menu(self, game: Any, choice: str) -> None:
        """The "Rules" choices for ``game`` as the host last listed its sets, ``choice`` chosen
        (without filling the form in)."""
        last = remembered_settings(game, self.remembered.get(game.name)) is not None
        menu = rules_menu(last, self.sets.get(game.name, []))
        rules = self.query_one("#rules", Select)
        with self.prevent(Select.Changed):
            rules.set_options(menu)
            rules.value = choice if any(value == choice for _, value in menu) else menu[0][1]
        self.applied = rules.value
        if chosen_set(rules.value) is None:
            self.picked = None
            self._note("")

    def _note(self, words: str) -> None:
        note = self.query_one("#rules-note", Static)
        note.update(Text(words))
        note.display = bool(words)

    @work(exclusive=True, group="sets")
    async def ask_sets(self, game: Any) -> None:
        """The host's sets for ``game``, into "Rules" (what is chosen stays chosen)."""
        self.sets[game.name] = await host_sets(self._client(), game.name)
        if self.shown is game:
            self._rules_menu(game, self.query_one("#rules", Select).value)  # type: ignore[arg-type]

    def _client(self) -> Client | None:
        client = getattr(self.app, "client", None)
        return client if isinstance(client, Client) else None

    async def _pick(self, choice: object) -> None:
        """Fill the form from a "Rules" choice."""
        game = self.shown
        if game is None:
            return
        name = chosen_set(choice)
        self.picked = None
        self._note("")
        if choice == LAST:
            await self._fill(game, remembered_settings(game, self.remembered.get(game.name)))
        elif choice == DEFAULTS:
            await self._fill(game, {"seats": game.min_players if game.max_players < 4 else 4, "open": False,
                                    "options": game.default_options, "turn_seconds": None})  # fmt: skip
        elif name is not None:
            kept = next((s for s in self.sets.get(game.name, []) if s["name"] == name), None)
            if kept is None:
                return
            settings, whole = fitted(game, kept)
            await self._fill(game, settings)
            self.picked = (name, settings)
            if not whole:
                self._note(fitted_note(name))
                self.notify(fitted_note(name), severity="warning")

    def _settings(self) -> dict[str, Any] | None:
        """The form's settings as filled in, or None (what is wrong is said)."""
        game = self.shown
        value = self.query_one("#seats", Input).value.strip()
        timer = self.query_one("#turn-seconds", Input).value.strip()
        low, high = TURN_SECONDS
        options = self._options(game)
        if not (value.isdigit() and game.min_players <= int(value) <= game.max_players):
            problem = t("{game} is for {low} to {high} players.", game=title(game), low=game.min_players,
                        high=game.max_players)  # fmt: skip
        elif isinstance(options, str):
            problem = options
        elif timer and not (timer.isdigit() and low <= int(timer) <= high):
            problem = t("Turn timer: a whole number of seconds from {low} to {high}, or empty for none.", low=low,
                        high=high)  # fmt: skip
        else:
            return {"seats": int(value), "open": self.query_one("#open", TickBox).value, "options": options,
                    "turn_seconds": int(timer) if timer else None}  # fmt: skip
        self.notify(problem, title=t("Not saved"), severity="error")
        return None

    @work(exclusive=True, group="rules")
    async def action_save_rules(self) -> None:
        """Keep the form's settings on the host under a name (asked), and pick them."""
        game = self.shown
        settings = self._settings() if game is not None else None
        if game is None or settings is None:
            return
        name = await save_rules(self, self._client(), game.name, settings)
        if name is None:
            return
        self.sets[game.name] = await host_sets(self._client(), game.name)
        self._rules_menu(game, set_choice(name))
        kept = next((s for s in self.sets[game.name] if s["name"] == name), None)
        self.picked = (name, fitted(game, kept)[0]) if kept is not None else None

    @work(exclusive=True, group="rules")
    async def action_delete_rules(self) -> None:
        """Delete the host's set chosen in "Rules" (asked first); the form keeps what it shows."""
        game = self.shown
        name = chosen_set(self.query_one("#rules", Select).value)
        if game is None or name is None:
            self.notify(t("Choose a host's house rules in Rules first."), severity="warning")
            return
        if await delete_rules(self, self._client(), game.name, name):
            self.sets[game.name] = await host_sets(self._client(), game.name)
            self._rules_menu(game, LAST)


def remembered_settings(game: Any, settings: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The settings a player last created a table of ``game`` with, as the form can show them
    now (None: none, or none the game still takes: its options changed since, say).

    >>> from yule.core import get_game
    >>> game = get_game("gift-exchange")
    >>> last = {"seats": 12, "open": True, "options": {**game.default_options, "steal_limit": 2}, "turn_seconds": 60}
    >>> remembered_settings(game, last)["options"]["steal_limit"], remembered_settings(game, {"seats": "x"})
    (2, None)
    """
    if not settings:
        return None
    seats, open_, options, timer = (settings.get(k) for k in ("seats", "open", "options", "turn_seconds"))
    if not (isinstance(seats, int) and isinstance(open_, bool) and isinstance(options, dict)):
        return None
    if timer is not None and not (isinstance(timer, int) and TURN_SECONDS[0] <= timer <= TURN_SECONDS[1]):
        return None
    if set(options) != set(game.default_options):
        return None
    try:
        checked = game.check_options(options)
    except (ValueError, TypeError):
        return None
    return {"seats": seats, "open": open_, "options": checked, "turn_seconds": timer}


def option_row(key: str, default: Any, choices: Mapping[str, str] | None = None) -> Widget:
    """One option of the form: a checkbox for true/false, a drop-down for a choice of words
    (``choices``: value -> words), else a number field (empty: no limit).  Core's names and
    words, worded."""
    label = t(option_label(key))
    if isinstance(default, bool):
        return Horizontal(TickBox(label, value=default, id=f"opt-{key}", compact=True), classes="row")
    if choices is not None:
        menu = [(Text(t(words)), value) for value, words in choices.items()]
        return Horizontal(
            Label(t("{option}:", option=label)),
            Select(menu, value=default, allow_blank=False, id=f"opt-{key}", compact=True),
            classes="row",
        )
    return Horizontal(
        Label(t("{option}:", option=label)),
        TextField(value="" if default is None else str(default), type="integer", id=f"opt-{key}", compact=True),
        Static(Text(t("empty: no limit")), classes="hint"),
        classes="row",
    )
