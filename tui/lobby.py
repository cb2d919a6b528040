"""The screens before a game: connect to a host, the lobby with its tables, and creating one.

They only show data and post typed messages; :class:`yule.tui.app.YuleApp` owns the connection and
does the network work in its workers.  Names from the host are shown literally.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.message import Message
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from yule.core.bots import BOT_LEVELS
from yule.core.estimate import usual_seconds
from yule.core.registry import all_games, get_game
from yule.netplay.frames import Summary, TableInfo
from yule.netplay.names import name_problem

from .games import GAME_UIS
from .howlong import SECONDS_A_TURN, HowLong
from .text import literal, plain
from .widgets import ChatInput, KeysFooter, MarkedOptionList, StatusLine, TextField, TickBox

TURN_SECONDS = (10, 3600)
"""The turn timers the create form offers (seconds a move); the host takes any up to an hour."""

LOBBY_CHAT_LINES = 4
"""Chat lines the waiting table's panel shows (the table's log has them all once the game starts)."""

DEFAULT_GAME = "white-elephant"
"""The game a new table starts with when there is no table to go by: the README's game."""


def parse_address(text: str, default_port: int) -> tuple[str, int]:
    """``'host'``, ``'host:port'`` or ``'[v6]:port'`` as (host, port); ``ValueError`` if bad.

    >>> parse_address("192.168.1.20:7800", 7737), parse_address("yule.local", 7737)
    (('192.168.1.20', 7800), ('yule.local', 7737))
    """
    text = text.strip()
    if not text:
        raise ValueError("Type a host name or address.")
    host, port = text, default_port
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest.startswith(":"):
            port = int(rest[1:])
    elif text.count(":") == 1:
        host, _, number = text.partition(":")
        if not number.isdigit():
            raise ValueError(f"{number!r} is not a port number.")
        port = int(number)
    if not 0 < port < 65536:
        raise ValueError(f"{port} is not a port number.")
    return host, port


def table_line(summary: Summary, yours: bool = False) -> Text:
    """One table in the lobby list: number, game, seats taken, status, private or open, and
    whether you hold a seat there (``yours``)."""
    seats = summary["seats"]
    taken = sum(s is not None for s in seats)
    text = Text(f"#{summary['table']} ", style="bold")
    text.append(literal(summary["title"], 16))
    text.append(f" {taken}/{len(seats)} {summary['status']} ")
    text.append("open" if summary["open"] else "code", style="" if summary["open"] else "italic")
    if yours:
        text.append(" · your seat", style="bold")
    people = [literal(s["name"], 12) for s in seats if s and "name" in s and s["name"] and not s["bot"]]
    if people:
        text.append("  " + ", ".join(people), style="dim")
    return text


def seats_text(info: TableInfo) -> Text:
    """Every seat of a waiting table: its player, bot or emptiness."""
    text = Text()
    for seat, s in enumerate(info["seats"]):
        if seat:
            text.append("\n")
        text.append(f"{seat + 1}. ", style="bold")
        if s is None:
            text.append("empty", style="italic dim")
            continue
        text.append_text(plain(s["name"], "bold" if seat == info["you"] else "", 24))
        if seat == info["you"]:
            text.append(" (you)")
        if s["bot"]:
            text.append(" (bot)", style="italic")
        elif s["away"]:
            text.append(" (away)", style="italic")
    return text


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

    class Rescan(Message):
        """Look for hosts on the LAN again."""

    def __init__(self, default_port: int) -> None:
        super().__init__()
        self.default_port = default_port

    def compose(self) -> ComposeResult:
        yield StatusLine()
        with Vertical():
            yield Label(Text("Hosts found on this network (Up/Down, Enter to connect):"))
            found = MarkedOptionList(id="found")
            found.border_subtitle = "looking for hosts…"
            yield found
            yield Label(Text("Or type an address (host or host:port), then Enter (Tab goes between the two):"))
            yield TextField(placeholder="192.168.1.20:7737", id="address")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def watch_found(self, found: list[tuple[str, str, int]]) -> None:
        options = self.query_one("#found", OptionList)
        options.clear_options()
        options.border_subtitle = "" if found else "none found yet: Ctrl+R looks again"
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
                self.notify("Type a host's address, or wait a moment: the hosts found on this network show "
                            "above (Ctrl+R looks again).", severity="warning")  # fmt: skip
            return
        try:
            host, port = parse_address(event.value, self.default_port)
        except ValueError as e:
            self.notify(str(e), severity="error")
            return
        self.post_message(self.Chosen(host, port))

    def action_rescan(self) -> None:
        self.post_message(self.Rescan())


class NoAnswerScreen(Screen[str]):
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
            keys = (
                "r tries again, a connects to another address, q quits."
                if self.elsewhere
                else "r tries again, q quits."
            )
            why = Static(Text(f"{self.why}\n\n{keys}"), id="why")
            why.border_title = "Not connected"
            yield why
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.elsewhere or parameters != ("other",)

    def action_done(self, choice: str) -> None:
        self.dismiss(choice)


class LobbyScreen(Screen[None]):
    """The host's tables; the table you sit at while it waits, with its seats, bots and the
    last lines of its chat (``m`` says one).

    ``player``: the name you play under (``r`` changes it, or, where it cannot be changed,
    ``renames`` False: an SSH guest's, says how to play under another); ``game``: the game the
    new-table form opens on (the last one you created, else :data:`DEFAULT_GAME`).  The highlighted table
    stays highlighted as the list changes; :meth:`highlight` moves to a table (one just made).
    """

    DEFAULT_CSS = """
    LobbyScreen #tables { width: 1fr; height: 1fr; border: round $primary; }
    LobbyScreen #mine { width: 38; border: round $accent; padding: 0 1; }
    LobbyScreen #mine.-none { display: none; }
    LobbyScreen #help { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("n", "new", "New"),
        Binding("j", "join", "Join"),
        Binding("w", "watch", "Watch"),
        Binding("a", "add_bot", "+Bot"),
        Binding("x", "remove_bot", "-Bot"),
        Binding("o", "toggle_open", "Open/private"),
        Binding("s", "start", "Start"),
        Binding("m", "chat", "Chat"),
        Binding("l", "leave", "Leave", show=False),  # said in the table panel: the footer is full
        Binding("c", "code", "Code", show=False),  # said in the help line
        Binding("r", "rename", "Name", show=False),
        Binding("e", "evening", "Standings", show=False),  # said in the help line
        Binding("f1,question_mark", "rules", "Rules", key_display="?"),
        Binding("q,escape", "app.ask_quit", "Quit", key_display="q"),
    ]

    tables: reactive[list[Summary]] = reactive(list, init=False)
    mine: reactive[TableInfo | None] = reactive(None, init=False, always_update=True)
    """The table info of the waiting table you sit at, if any."""
    chat: reactive[list[Text]] = reactive(list, init=False)
    """The last chat lines of that table (:func:`~yule.tui.widgets.chat_line`)."""
    held: reactive[frozenset[int]] = reactive(frozenset, init=False)
    """The tables where you hold a seat (kept on this machine): joining one takes the seat back."""
    player: reactive[str] = reactive("", init=False)
    """The name you play under (shown with how to change it; empty: not shown)."""

    class Request(Message):
        """Ask the app to do a lobby request: ``kind`` is join, watch, create, add_bot ..."""

        def __init__(self, kind: str, **args: Any) -> None:
            super().__init__()
            self.kind = kind
            self.args = args

    def __init__(
        self,
        player: str = "",
        game: str | None = None,
        *,
        renames: bool = True,
        paces: Mapping[str, float] | None = None,
    ) -> None:
        """``paces``: the seconds people take a turn at each game, as the host has learnt them
        (the new-table form's estimate starts from them)."""
        super().__init__()
        self.set_reactive(LobbyScreen.player, player)
        self.renames = renames
        self.game = game or DEFAULT_GAME
        self.paces = paces or {}
        self.wanted: int | None = None
        """A table to highlight once it is listed (:meth:`highlight`)."""

    def compose(self) -> ComposeResult:
        yield StatusLine()
        with Horizontal():
            tables = MarkedOptionList(id="tables")
            tables.border_title = "Tables"
            yield tables
            mine = Static(id="mine", classes="-none")
            mine.border_title = "Your table"
            yield mine
        yield Static(id="help")
        yield ChatInput()
        yield KeysFooter()

    @property
    def _drawn(self) -> bool:
        """The screen's widgets are there: made, and not yet taken down (as the app closes, a
        last refresh of the list may still come)."""
        return self.is_mounted and bool(self.query("#tables"))

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self._draw_tables(self.tables)
        self._draw_mine(self.mine)
        self._draw_help()

    def watch_player(self) -> None:
        if self._drawn:
            self._draw_help()

    def _draw_help(self) -> None:
        text = Text("n creates a table. Enter or j joins the highlighted one, w watches it.\nc joins by a join code. "
                    "e shows the evening's standings.")  # fmt: skip
        if self.player:
            text.append("\nYou play as ")
            text.append(literal(self.player), "bold")
            text.append(": r changes your name." if self.renames else " (r: how to play under another name).")
        self.query_one("#help", Static).update(text)

    def highlight(self, table: int) -> None:
        """Highlight ``table`` (a table just made), now if listed, else once it is."""
        self.wanted = table
        if self._drawn:
            self._draw_tables(self.tables)

    def watch_tables(self, tables: list[Summary]) -> None:
        if self._drawn:
            self._draw_tables(tables)

    def watch_mine(self, mine: TableInfo | None) -> None:
        if self._drawn:
            self._draw_mine(mine)

    def watch_held(self) -> None:
        if self._drawn:
            self._draw_tables(self.tables)

    def _draw_tables(self, tables: list[Summary]) -> None:
        """The tables listed anew; the one highlighted stays so (by its number, wherever the
        list puts it now), unless a table just made is to be highlighted."""
        options = self.query_one("#tables", OptionList)
        highlighted = options.highlighted
        before = options.get_option_at_index(highlighted).id if highlighted is not None else None
        options.clear_options()
        options.border_subtitle = "" if tables else "no tables yet: n creates one"
        for summary in tables:
            options.add_option(Option(table_line(summary, summary["table"] in self.held), id=str(summary["table"])))
        ids = [str(summary["table"]) for summary in tables]
        if self.wanted is not None and str(self.wanted) in ids:
            options.highlighted = ids.index(str(self.wanted))
            self.wanted = None
        elif before in ids:
            options.highlighted = ids.index(before)
        elif tables:
            options.highlighted = min(highlighted or 0, len(tables) - 1)
        self.refresh_bindings()

    def _draw_mine(self, mine: TableInfo | None) -> None:
        panel = self.query_one("#mine", Static)
        panel.set_class(mine is None, "-none")
        if mine is not None:
            text = Text(f"#{mine['table']} {literal(mine['title'])}\n", style="bold")
            if mine.get("code"):
                text.append("Join code: ")
                text.append(literal(mine["code"]), style="bold reverse")
                text.append("\n")
            text.append("Open to anyone\n" if mine.get("open") else "Private: players need the code\n")
            if mine.get("turn_seconds"):
                text.append(f"Turn timer: {mine['turn_seconds']:g} s a move\n")
            text.append("\n")
            text.append_text(seats_text(mine))
            if mine.get("runs"):
                keys = "a adds a bot, x removes a bot or a player, s starts, m chats, l leaves."
            else:
                keys = f"{literal(mine.get('run_by') or 'The creator')} runs this table: they add bots and start. m chats, l leaves."
            text.append(f"\n\n{keys}", style="dim")
            if self.chat:
                text.append("\n\n")
                text.append_text(Text("\n").join(self.chat[-LOBBY_CHAT_LINES:]))
            panel.update(text)
        self.refresh_bindings()

    def watch_chat(self) -> None:
        if self._drawn:
            self._draw_mine(self.mine)

    def action_chat(self) -> None:
        self.query_one(ChatInput).open()

    def _highlighted(self) -> Summary | None:
        index = self.query_one("#tables", OptionList).highlighted
        return self.tables[index] if index is not None and 0 <= index < len(self.tables) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("add_bot", "remove_bot", "start", "toggle_open"):
            return self.mine is not None and bool(self.mine.get("runs"))
        if action in ("chat", "leave"):
            return self.mine is not None
        if action in ("join", "watch"):
            return bool(self.tables)
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a table joins it (the list takes Enter for itself)."""
        event.stop()
        self.action_join()

    def action_new(self) -> None:
        """A new table: the form opens on the game of the last table you created."""

        def create(args: dict[str, Any] | None) -> None:
            if args:
                self.game = args["game"]
                self.post_message(self.Request("create", **args))

        self.app.push_screen(CreateTableScreen(self.game, self.paces), create)

    def action_join(self) -> None:
        summary = self._highlighted()
        if summary is not None:
            self.post_message(self.Request("join", table=summary["table"], open=summary["open"]))

    def action_code(self) -> None:
        """Join the table whose join code you type, whichever table is highlighted."""
        self.post_message(self.Request("code"))

    def action_rename(self) -> None:
        self.post_message(self.Request("rename"))

    def action_evening(self) -> None:
        """The evening's standings at this host (:mod:`.standings`)."""
        self.post_message(self.Request("evening"))

    def action_watch(self) -> None:
        summary = self._highlighted()
        if summary is not None:
            self.post_message(self.Request("watch", table=summary["table"], open=summary["open"]))

    def action_add_bot(self) -> None:
        """A bot in the first empty seat, at the level chosen (each seat its own)."""
        from .dialogs import ChoiceScreen

        mine = self.mine
        if mine is None:
            return
        spec = get_game(mine["game"])
        choices = [
            (Text(words), kind, None if kind in spec.bots else f"{spec.title} has no {level} bots.")
            for level, (kind, words) in BOT_LEVELS.items()
        ]

        def add(kind: str | None) -> None:
            if kind:
                self.post_message(self.Request("add_bot", table=mine["table"], bot=kind))

        self.app.push_screen(ChoiceScreen("Which bot? (Esc: none)", choices, "greedy"), add)

    def action_remove_bot(self) -> None:
        """Remove a bot, or free a player's seat (a wrong join: they are told why)."""
        from .dialogs import ChoiceScreen

        mine = self.mine
        if mine is None:
            return
        choices: list[tuple[Text, int, str | None]] = []
        for seat, s in enumerate(mine["seats"]):
            if s is None or seat == mine["you"]:
                continue
            what = "Remove the bot" if s["bot"] else "Free the seat of"
            choices.append((Text(f"{what} {plain(s['name'])} (seat {seat + 1})"), seat, None))
        if not choices:
            self.notify("Nobody else sits at your table.", severity="warning")
            return

        def chosen(seat: int | None) -> None:
            s = mine["seats"][seat] if seat is not None else None
            if seat is None or s is None:
                return
            if s["bot"]:
                self.post_message(self.Request("remove_bot", table=mine["table"], seat=seat))
                return
            name = s["name"]

            def free(why: str | None) -> None:
                if why is not None:
                    self.post_message(self.Request("remove_seat", table=mine["table"], seat=seat, reason=why))

            self.app.push_screen(
                LineScreen("Free a seat", f"Why must {plain(name)} leave? They are told (Enter; Esc: keep them)."), free
            )

        self.app.push_screen(ChoiceScreen("Remove whom? (Esc: nobody)", choices), chosen)

    def action_toggle_open(self) -> None:
        if self.mine is not None:
            self.post_message(self.Request("set_open", table=self.mine["table"], open=not self.mine["open"]))

    def action_start(self) -> None:
        if self.mine is not None:
            self.post_message(self.Request("start", table=self.mine["table"]))

    def action_leave(self) -> None:
        if self.mine is not None:
            self.post_message(self.Request("leave", table=self.mine["table"]))

    def action_rules(self) -> None:
        from .screens import RulesScreen

        shown = self.mine or self._highlighted()
        game = shown["game"] if shown is not None else DEFAULT_GAME
        if game in GAME_UIS:
            self.app.push_screen(RulesScreen(GAME_UIS[game].rules))


def option_label(key: str) -> str:
    """An option's name as people read it: ``max_steals_per_turn`` → ``Max steals per turn``."""
    return key.replace("_", " ").capitalize()


def in_words(message: str, options: dict[str, Any]) -> str:
    """A host's or a game's refusal with option names as the form shows them."""
    for key in sorted(options, key=len, reverse=True):
        message = message.replace(key, f"'{option_label(key)}'")
    return message.replace("or null for", "or empty for")


class CreateTableScreen(ModalScreen[dict[str, Any] | None]):
    """Create a table: its game, seats, open or private, and the game's options as a form.

    The options form is made from the game's ``default_options``: a true/false option is a
    checkbox, a number that may be "no limit" (``None``) is a field left empty for no limit.
    Below it, how long a game of those seats and options takes (:class:`~.howlong.HowLong`),
    at the seconds a turn in its own field: the host's, as learnt (``paces``), to begin with.
    Dismissed with ``{"game", "seats", "open", "options", "turn_seconds"}`` or ``None``.
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
    CreateTableScreen HowLong { padding: 0; color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "create", "Create"),
        Binding("enter", "enter", "Next", show=False, priority=True),
    ]

    def __init__(self, game: str | None = None, paces: Mapping[str, float] | None = None) -> None:
        super().__init__()
        self.games = all_games()
        self.start = game or DEFAULT_GAME
        self.shown: Any = None
        self.paces = paces or {}

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = "New table (Tab moves, Space ticks, Enter in a field creates)"
            box.can_focus = False
            yield Label("Game (Up/Down, Enter):")
            yield MarkedOptionList(
                *(
                    Option(
                        Text.assemble((g.title, "bold"), f"  {g.min_players}-{g.max_players} players"),
                        id=g.name,
                        disabled=g.name not in GAME_UIS,
                    )
                    for g in self.games
                ),
                id="game",
            )
            yield Static(id="summary")
            with Horizontal(classes="row"):
                yield Label("Seats:")
                yield TextField(value="4", type="integer", id="seats", compact=True)
                yield Static(id="seats-hint", classes="hint")
            with Horizontal(classes="row"):
                yield TickBox("Open to anyone (no join code)", value=False, id="open", compact=True)
            yield Label("Options:", classes="row")
            yield Vertical(id="options")
            with Horizontal(classes="row"):
                yield Label("Turn timer, seconds:")
                yield TextField(value="", type="integer", id="turn-seconds", compact=True)
                yield Static(Text(f"empty: none ({TURN_SECONDS[0]} to {TURN_SECONDS[1]})"), classes="hint")
            with Horizontal(classes="row"):
                yield Label("Seconds a turn:")
                yield TextField(value="", type="integer", id="seconds-a-turn", compact=True)
                yield Static(Text("people's, for the estimate below"), classes="hint")
            yield HowLong()
        yield KeysFooter()

    def on_mount(self) -> None:
        games = self.query_one("#game", OptionList)
        playable = [i for i, g in enumerate(self.games) if g.name in GAME_UIS]
        games.highlighted = next(
            (i for i in playable if self.games[i].name == self.start), playable[0] if playable else 0
        )
        games.focus()

    def _game(self) -> Any:
        index = self.query_one("#game", OptionList).highlighted or 0
        return self.games[index]

    async def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        game = self._game()
        if game is self.shown:
            return
        self.shown = game
        self.query_one("#summary", Static).update(Text(game.summary))
        self.query_one("#seats-hint", Static).update(Text(f"{game.min_players} to {game.max_players}"))
        seats = self.query_one("#seats", Input)
        value = int(seats.value) if seats.value.strip().isdigit() else 4
        seats.value = str(max(game.min_players, min(game.max_players, value)))
        box = self.query_one("#options", Vertical)
        await box.remove_children()
        rows = [option_row(key, value, game.option_choices.get(key)) for key, value in game.default_options.items()]
        await box.mount_all(rows or [Static(Text("none", style="italic"), classes="row")])
        seconds = self.paces.get(game.name) or usual_seconds(game.name)
        self.query_one("#seconds-a-turn", Input).value = str(round(seconds))
        self._how_long()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._how_long()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._how_long()

    def on_select_changed(self, event: Select.Changed) -> None:
        self._how_long()

    def _how_long(self) -> None:
        """The estimate for the game, seats, options and seconds a turn as filled in now."""
        game = self.shown
        if game is None:
            return
        line = self.query_one(HowLong)
        seats = self.query_one("#seats", Input).value.strip()
        seconds = self.query_one("#seconds-a-turn", Input).value.strip()
        low, high = SECONDS_A_TURN
        if not (seats.isdigit() and game.min_players <= int(seats) <= game.max_players):
            line.tell(f"How long: give the seats ({game.min_players} to {game.max_players}).")
        elif not (seconds.isdigit() and low <= int(seconds) <= high):
            line.tell(f"How long: give the seconds a turn ({low} to {high}).")
        else:
            try:
                options = self._options(game)
            except NoMatches:  # the game's option rows are being put in
                return
            if isinstance(options, str):
                line.tell(f"How long: {options}")
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
                return f"{option_label(key)} must be a whole number, or empty for no limit."
        try:
            return game.check_options(options)
        except ValueError as e:
            return in_words(str(e), options)

    def action_create(self) -> None:
        game = self._game()
        if game.name not in GAME_UIS:
            self.notify(f"{game.title} has no table in the terminal yet.", severity="error")
            return
        value = self.query_one("#seats", Input).value.strip()
        seats = int(value) if value.lstrip("-").isdigit() else 0
        if not game.min_players <= seats <= game.max_players:
            self.notify(f"{game.title} is for {game.min_players} to {game.max_players} players.", severity="error")
            return
        options = self._options(game)
        if isinstance(options, str):
            self.notify(options, title="Not a valid option", severity="error")
            return
        timer = self.query_one("#turn-seconds", Input).value.strip()
        low, high = TURN_SECONDS
        if timer and not (timer.isdigit() and low <= int(timer) <= high):
            self.notify(f"Turn timer: a whole number of seconds from {low} to {high}, or empty for none.",
                        title="Not a valid timer", severity="error")  # fmt: skip
            return
        self.dismiss(
            {
                "game": game.name,
                "seats": seats,
                "open": self.query_one("#open", TickBox).value,
                "options": options,
                "turn_seconds": int(timer) if timer else None,
            }
        )

    def action_cancel(self) -> None:
        self.dismiss(None)


def option_row(key: str, default: Any, choices: Mapping[str, str] | None = None) -> Widget:
    """One option of the form: a checkbox for true/false, a drop-down for a choice of words
    (``choices``: value -> words), else a number field (empty: no limit)."""
    if isinstance(default, bool):
        return Horizontal(TickBox(option_label(key), value=default, id=f"opt-{key}", compact=True), classes="row")
    if choices is not None:
        menu = [(Text(words), value) for value, words in choices.items()]
        return Horizontal(
            Label(option_label(key) + ":"),
            Select(menu, value=default, allow_blank=False, id=f"opt-{key}", compact=True),
            classes="row",
        )
    return Horizontal(
        Label(option_label(key) + ":"),
        TextField(value="" if default is None else str(default), type="integer", id=f"opt-{key}", compact=True),
        Static(Text("empty: no limit"), classes="hint"),
        classes="row",
    )


class LineScreen(ModalScreen[str | None]):
    """Ask for one line of text: dismissed with what was typed (stripped), or None on Esc."""

    DEFAULT_CSS = """
    LineScreen { align: center middle; }
    LineScreen Vertical { width: 60; max-width: 100%; height: auto; border: round $accent; background: $surface;
                          padding: 0 1; }
    LineScreen Label { width: 1fr; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, why: Text | str, max_length: int = 200, value: str = "") -> None:
        super().__init__()
        self.title_words = title
        self.why = why if isinstance(why, Text) else Text(why)
        self.max_length = max_length
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_words
            yield Label(self.why)
            yield TextField(value=self.value, id="line", max_length=self.max_length)
        yield KeysFooter()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class CodeScreen(LineScreen):
    """Ask for a private table's join code (None: Esc, or nothing typed)."""

    def __init__(self, why: str = "Private table: type its join code, then Enter.") -> None:
        super().__init__("Join code", why, max_length=16)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.prevent_default()  # the line screen's own handler would close a second screen
        self.dismiss(event.value.strip() or None)


class NameScreen(LineScreen):
    """Ask for the name to play under, the current one filled in: Enter takes a name (dismissed
    with it), or says what is wrong with it; Esc keeps the name as it was (None)."""

    def __init__(self, why: Text | str, name: str) -> None:
        from yule.netplay.names import NAME_LENGTH

        super().__init__("Your name", why, max_length=NAME_LENGTH, value=name)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.prevent_default()  # the line screen's own handler would close it whatever was typed
        problem = name_problem(event.value)
        if problem is not None:
            self.notify(problem[0].upper() + problem[1:], title="Not a name", severity="error")
            return
        self.dismiss(event.value.strip())


class FirstNameScreen(NameScreen):
    """The name asked the first time (``yule join``): Esc asks whether to quit."""

    BINDINGS = [Binding("escape", "app.ask_quit", "Quit")]


class AskingScreen(ModalScreen[bool]):
    """While the people at a table decide whether a newcomer may take over an away player's
    seat: what is going on, and Esc to stop asking (dismissed with True)."""

    DEFAULT_CSS = """
    AskingScreen { align: center middle; }
    AskingScreen Static { width: 60; max-width: 100%; height: auto; border: round $accent; background: $surface;
                          padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "stop", "Stop asking")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        box = Static(
            Text.assemble(
                "Asking the people at the table to let you take over ",
                (literal(self.player), "bold"),
                "'s seat: they see your request now and have a minute to answer. Wait here for their yes.",
            )
        )
        box.border_title = "Waiting for a yes"
        yield box
        yield KeysFooter()

    def action_stop(self) -> None:
        self.dismiss(True)
