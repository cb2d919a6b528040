"""The lobby (:class:`LobbyScreen`): the host's tables, and the table you sit at while it waits.

It shows data and posts typed messages (:class:`LobbyScreen.Request`); the app answers them
through its front desk (:mod:`yule.tui.lobbydesk`).  The screens before it are in
:mod:`yule.tui.connect`, the new-table form in :mod:`yule.tui.newtable`, its small questions
in :mod:`yule.tui.questions`.  Names from the host are shown literally.

``g`` opens the language menu (:data:`~yule.tui.words.LANGUAGES`, each by its own name): the
app speaks the one chosen from then on, every screen redrawn in it at once
(:meth:`LobbyScreen.reword`), and remembers it (:meth:`~yule.tui.profile.Player.speaks`).

``b`` switches how the player's turn is called out (:class:`~yule.tui.turncall.CallsScreen`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..core.bots import BOT_LEVELS
from ..core.registry import get_game
from ..netplay.frames import Summary, TableInfo
from .games import GAME_UIS
from .lobbyasks import (
    AddBot,
    ChooseLanguage,
    CreateTable,
    FreeSeat,
    HelpSeat,
    JoinByCode,
    JoinTable,
    LeaveTable,
    LobbyAsk,
    RemoveBot,
    Rename,
    SetOpen,
    ShowEvening,
    StartGame,
    WatchTable,
)
from .newtable import DEFAULT_GAME, CreateTableScreen
from .questions import LineScreen
from .text import literal, plain
from .widgets import ChatInput, KeysFooter, MarkedOptionList, StatusLine
from .words import LANGUAGES, seat_label, t, title, tp

LOBBY_CHAT_LINES = 4
"""Chat lines the waiting table's panel shows (the table's log has them all once the game starts)."""


def level_word(level: str) -> str:
    """A bots' level (a key of :data:`~yule.core.bots.BOT_LEVELS`) in a word, as it stands in
    "Gift Exchange has no hard bots" (its context says so to the translator)."""
    words = {
        "easy": tp("{game} has no {level} bots.", "easy"),
        "kind": tp("{game} has no {level} bots.", "kind"),
        "normal": tp("{game} has no {level} bots.", "normal"),
        "hard": tp("{game} has no {level} bots.", "hard"),
        "adapting": tp("{game} has no {level} bots.", "adapting"),
    }
    return words.get(level, level)


def status_word(status: str) -> str:
    """A table's status (:data:`~yule.netplay.frames.Status`) as the lobby lists it."""
    if status == "waiting":
        return tp("table status", "waiting")
    if status == "playing":
        return tp("table status", "playing")
    if status == "over":
        return tp("table status", "over")
    return status


def table_line(summary: Summary, yours: bool = False) -> Text:
    """One table in the lobby list: number, game, seats taken, status (paused, at a paused table), private or open, and
    whether you hold a seat there (``yours``)."""
    seats = summary["seats"]
    taken = sum(s is not None for s in seats)
    text = Text(f"#{summary['table']} ", style="bold")
    text.append(literal(title(summary["title"]), 16))
    if summary.get("paused"):  # a dinner break (:mod:`.pausing`)
        text.append(f" {taken}/{len(seats)} ")
        text.append(tp("table status", "paused"), style="bold reverse")
        text.append(" ")
    else:
        text.append(f" {taken}/{len(seats)} {status_word(summary['status'])} ")
    if summary["open"]:
        text.append(tp("table", "open"))
    else:
        text.append(tp("table", "code"), style="italic")
    if yours:
        text.append(" · " + t("your seat"), style="bold")
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
            text.append(tp("seat", "empty"), style="italic dim")
            continue
        text.append_text(plain(seat_label(s), "bold" if seat == info["you"] else "", 24))
        if seat == info["you"]:
            text.append(" " + t("(you)"))
        if s["bot"]:
            text.append(" " + t("(bot)"), style="italic")
        elif s["away"]:
            text.append(" " + t("(away)"), style="italic")
    return text


class LobbyScreen(Screen[None]):
    """The host's tables; the table you sit at while it waits, with its seats, bots and the
    last lines of its chat (``m`` says one).

    Its words follow the app's language: :meth:`reword` draws them anew in the one just chosen.

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
        Binding("g", "language", "Language", show=False),  # said in the help line (l leaves)
        Binding("b", "turn_calls", "Turn alerts", show=False),  # said in the help line
        Binding("h", "help_seat", "Help a player", show=False),  # said in the help line
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
        """Ask the app to do a lobby request (:mod:`.lobbyasks`)."""

        def __init__(self, ask: LobbyAsk) -> None:
            super().__init__()
            self.ask = ask

    def __init__(
        self,
        player: str = "",
        game: str | None = None,
        *,
        renames: bool = True,
        paces: Mapping[str, float] | None = None,
        remembered: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        """``paces``: the seconds people take a turn at each game, as the host has learnt them
        (the new-table form's estimate starts from them); ``remembered``: the settings of the
        last table the player created of each game (the form opens on them)."""
        super().__init__()
        self.set_reactive(LobbyScreen.player, player)
        self.renames = renames
        self.game = game or DEFAULT_GAME
        self.paces = paces or {}
        self.remembered = remembered if remembered is not None else {}
        self.wanted: int | None = None
        """A table to highlight once it is listed (:meth:`highlight`)."""

    def compose(self) -> ComposeResult:
        yield StatusLine()
        with Horizontal():
            yield MarkedOptionList(id="tables")
            yield Static(id="mine", classes="-none")
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
        self._draw()

    def reword(self) -> None:
        """Everything the lobby says, drawn anew in the app's language (just chosen): what it
        shows and where the cursor is stay as they are."""
        if self._drawn:
            self._draw()

    def _draw(self) -> None:
        self.query_one("#tables").border_title = t("Tables")
        self.query_one("#mine").border_title = t("Your table")
        self._draw_tables(self.tables)
        self._draw_mine(self.mine)
        self._draw_help()

    def watch_player(self) -> None:
        if self._drawn:
            self._draw_help()

    def _draw_help(self) -> None:
        lines = [
            t("n creates a table. Enter or j joins the highlighted one, w watches it."),
            t("c joins by a join code. e shows the evening's standings."),
            t("h asks to help a player at the highlighted table (with their yes)."),
            t("g changes the language: {languages}.", languages=", ".join(LANGUAGES.values())),
            t("b: how your turn is called out (bell, notification, window title)."),
        ]
        text = Text("\n".join(lines))
        if self.player:
            name = escape(literal(self.player))
            if self.renames:
                said = t("You play as [b]{name}[/]: r changes your name.", name=name)
            else:
                said = t("You play as [b]{name}[/] (r: how to play under another name).", name=name)
            text.append("\n")
            text.append_text(Text.from_markup(said))
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
        options.border_subtitle = "" if tables else t("no tables yet: n creates one")
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
            text = Text(f"#{mine['table']} {literal(title(mine['title']))}\n", style="bold")
            if mine.get("code"):
                code = f"[bold reverse]{escape(literal(mine['code']))}[/]"
                text.append_text(Text.from_markup(t("Join code: {code}", code=code)))
                text.append("\n")
            text.append(t("Open to anyone") if mine.get("open") else t("Private: players need the code"))
            text.append("\n")
            if mine.get("turn_seconds"):
                seconds = format(mine["turn_seconds"], "g")
                text.append(t("Turn timer: {seconds} s a move", seconds=seconds))
                text.append("\n")
            if mine.get("house_rules"):
                text.append(t("House rules: {name}", name=literal(mine["house_rules"])))
                text.append("\n")
            text.append("\n")
            text.append_text(seats_text(mine))
            if mine.get("runs"):
                keys = t("a adds a bot, x removes a bot or a player, s starts, m chats, l leaves.")
            elif mine.get("run_by"):
                keys = t(
                    "{who} runs this table: they add bots and start. m chats, l leaves.",
                    who=literal(mine.get("run_by")),
                )
            else:
                keys = t("The creator runs this table: they add bots and start. m chats, l leaves.")
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
                self.post_message(self.Request(CreateTable(**args)))

        self.app.push_screen(CreateTableScreen(self.game, self.paces, self.remembered), create)

    def action_join(self) -> None:
        summary = self._highlighted()
        if summary is not None:
            self.post_message(self.Request(JoinTable(summary["table"], summary["open"])))

    def action_code(self) -> None:
        """Join the table whose join code you type, whichever table is highlighted."""
        self.post_message(self.Request(JoinByCode()))

    def action_rename(self) -> None:
        self.post_message(self.Request(Rename()))

    def action_evening(self) -> None:
        """The evening's standings at this host (:mod:`.standings`)."""
        self.post_message(self.Request(ShowEvening()))

    def action_watch(self) -> None:
        summary = self._highlighted()
        if summary is not None:
            self.post_message(self.Request(WatchTable(summary["table"], summary["open"])))

    def action_help_seat(self) -> None:
        """``h``: help a player at the highlighted table, with their yes (:mod:`.helping`)."""
        summary = self._highlighted()
        if summary is not None:
            self.post_message(self.Request(HelpSeat(summary["table"], summary["open"])))

    def action_add_bot(self) -> None:
        """A bot in the first empty seat, at the level chosen (each seat its own)."""
        from .dialogs import ChoiceScreen

        mine = self.mine
        if mine is None:
            return
        spec = get_game(mine["game"])
        choices = [
            (
                Text(t(words)),
                kind,
                None
                if kind in spec.bots
                else t("{game} has no {level} bots.", game=title(spec), level=level_word(level)),
            )
            for level, (kind, words) in BOT_LEVELS.items()
        ]

        def add(kind: str | None) -> None:
            if kind:
                self.post_message(self.Request(AddBot(mine["table"], kind)))

        self.app.push_screen(ChoiceScreen(t("Which bot? (Esc: none)"), choices, "greedy"), add)

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
            name, number = literal(seat_label(s)), seat + 1
            if s["bot"]:
                what = t("Remove the bot {name} (seat {number})", name=name, number=number)
            else:
                what = t("Free the seat of {name} (seat {number})", name=name, number=number)
            choices.append((Text(what), seat, None))
        if not choices:
            self.notify(t("Nobody else sits at your table."), severity="warning")
            return

        def chosen(seat: int | None) -> None:
            s = mine["seats"][seat] if seat is not None else None
            if seat is None or s is None:
                return
            if s["bot"]:
                self.post_message(self.Request(RemoveBot(mine["table"], seat)))
                return
            name = s["name"]

            def free(why: str | None) -> None:
                if why is not None:
                    self.post_message(self.Request(FreeSeat(mine["table"], seat, why)))

            why = t("Why must {name} leave? Type it, then Enter: they are told. Esc keeps them.", name=literal(name))
            empty = t("Type why {name} must leave first (they are told), or Esc to keep them.", name=literal(name))
            self.app.push_screen(LineScreen(t("Free a seat"), why, empty=empty), free)

        self.app.push_screen(ChoiceScreen(t("Remove whom? (Esc: nobody)"), choices), chosen)

    def action_toggle_open(self) -> None:
        if self.mine is not None:
            self.post_message(self.Request(SetOpen(self.mine["table"], not self.mine["open"])))

    def action_start(self) -> None:
        if self.mine is not None:
            self.post_message(self.Request(StartGame(self.mine["table"])))

    def action_leave(self) -> None:
        if self.mine is not None:
            self.post_message(self.Request(LeaveTable(self.mine["table"])))

    def action_language(self) -> None:
        """The language menu: the app's desk sets the one chosen and redraws every screen."""
        self.post_message(self.Request(ChooseLanguage()))

    def action_turn_calls(self) -> None:
        """How the player's turn is called out: the bell, a notification, the title, each switched (:mod:`.turncall`)."""
        from .turncall import CallsScreen

        self.app.push_screen(CallsScreen.of(self.app))

    def action_rules(self) -> None:
        from .screens import RulesScreen

        shown = self.mine or self._highlighted()
        game = shown["game"] if shown is not None else DEFAULT_GAME
        if game in GAME_UIS:
            self.app.push_screen(RulesScreen(GAME_UIS[game].rules))
