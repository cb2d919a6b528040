"""The Yule terminal app: connect, lobby, table and game over, following one host.

All network work runs in Textual workers: one reads the client library's message stream and
posts each frame as :class:`YuleApp.FromHost`; requests (join, create, moves ...) run in their
own workers and report refusals in plain words.  The client library reconnects by itself and
takes the seat back; the app only follows its ``connection`` messages and the views that come
after.  ``yule play`` embeds the real host (:class:`yule.netplay.host.Host`) on loopback first.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work
from textual.binding import Binding
from textual.events import Resize
from textual.message import Message
from textual.timer import Timer

from yule.netplay import DEFAULT_PORT
from yule.netplay.client import Client, ConnectionLost, HostError, discover_hosts

from .dialogs import ChoiceScreen
from .games import GAME_UIS
from .screens import MIN_HEIGHT, MIN_WIDTH, GameOverScreen, TableScreen, TooSmallScreen, final_result, host_log_lines
from .text import literal
from .widgets import ChatInput, GameTable, PlainApp, StatusLine, chat_line, clock_text, seat_names, seat_tags

if TYPE_CHECKING:  # the lobby's screens are loaded when first shown: yule play starts without them
    import tempfile

    from .lobby import ConnectScreen, LobbyScreen

STALE = "The table changed before your move reached the host, so it was not made: look again and choose."

PLAY_BOT_DELAY = 1.2
"""Seconds between bot moves in ``yule play``: slow enough to follow each one."""


BOT_LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("random", "Easy: the bots play any move at random"),
    "normal": ("greedy", "Normal: the bots take what looks best right now"),
    "hard": ("ismcts", "Hard: the bots think each move through (about a second each)"),
}
"""``yule play``'s bot levels: the bot kind each seats, and how the menu says it."""


@dataclass
class PlaySetup:
    """``yule play``: which game (None: ask), how many seats, the bots' pace, the asked-for
    seed, and the bots' level (a key of :data:`BOT_LEVELS`; None: ask after the game)."""

    game: str | None
    players: int | None
    bot_delay: float = PLAY_BOT_DELAY
    seed: int | None = None
    level: str | None = "normal"


class HostedApp(PlainApp):
    """An app following one host through the client library, maybe running that host itself.

    It holds the ``client``, the embedded ``host`` (``yule play``, ``yule party``) and the
    status line's values, and closes both when it ends (and removes a temporary data folder).  The status line counts down the turn
    timers of the table followed (:meth:`follow_clock`).
    """

    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def __init__(self, status: dict[str, Any]) -> None:
        super().__init__()
        self.client: Client | None = None
        self.host: Any = None
        self.data_folder: tempfile.TemporaryDirectory[str] | None = None
        """The embedded host's data folder when it is a temporary one (``yule play``): removed at the end."""
        self.status = status
        self._deadlines: dict[int, float] = {}
        """Waiting seat -> when its time is up (``time.monotonic()``), from the last view frame."""
        self._clock_reader: tuple[int | None, list[str]] = (None, [])
        self._clock_ticker: Timer | None = None

    async def on_unmount(self) -> None:
        if self.client is not None:
            await self.client.close()
        if self.host is not None:
            await self.host.stop()
        if self.data_folder is not None:
            self.data_folder.cleanup()

    @work(group="chat")
    async def send_chat(self, table: int | None, text: str) -> None:
        """Say a line at ``table``; the host's chat frame brings it back to the log."""
        if self.client is None or table is None:
            return
        try:
            await self.client.chat(table, text)
        except HostError as e:
            self.notify(literal(e.message), title="Not said", severity="warning")
        except ConnectionLost:
            self.notify("Not connected to the host: that line was not said.", title="Not said", severity="warning")

    def follow_clock(self, frame: dict[str, Any], names: list[str]) -> None:
        """A view frame's turn timers (its ``timers``, when the table has them): the status line
        counts them down, the frame's own seat's first."""
        now = time.monotonic()
        self._deadlines = {t["seat"]: now + t["left"] for t in frame.get("timers", [])}
        self._clock_reader = (frame.get("seat"), names)
        if self._deadlines and self._clock_ticker is None:
            self._clock_ticker = self.set_interval(0.5, self._tick)
        elif not self._deadlines and self._clock_ticker is not None:
            self._clock_ticker.stop()
            self._clock_ticker = None
        self._tick()

    def _tick(self) -> None:
        now = time.monotonic()
        left = {seat: when - now for seat, when in self._deadlines.items()}
        clock = clock_text(left, *self._clock_reader)
        if clock != self.status.get("clock", ""):
            self.set_status(clock=clock)

    def set_status(self, **values: Any) -> None:
        """Change the status line on every screen (and on screens made later)."""
        self.status.update(values)
        for screen in self.screen_stack:
            for line in screen.query(StatusLine):
                for key, value in values.items():
                    setattr(line, key, value)


class YuleApp(HostedApp):
    """One player's terminal: see the module docstring."""

    TITLE = "Yule"

    class FromHost(Message):
        """A frame or connection change from the client library."""

        def __init__(self, frame: dict[str, Any]) -> None:
            super().__init__()
            self.frame = frame

    def __init__(
        self,
        *,
        name: str,
        address: tuple[str, int] | None = None,
        code: str | None = None,
        play: PlaySetup | None = None,
        discover: bool = True,
    ) -> None:
        super().__init__({"place": "Yule", "code": None, "connection": "offline"})
        self.player_name = name
        self.address = address
        self.code = code
        self.play = play
        self.discover = discover
        self.table_id: int | None = None
        self.info: dict[str, Any] | None = None
        self.infos: dict[int, dict[str, Any]] = {}
        """The latest table info per table (it may arrive before the reply that seats us)."""
        self.table_screen: TableScreen | None = None
        self.game_over: GameOverScreen | None = None
        self.last_view: dict[str, Any] | None = None
        self.logs: dict[int, dict[str, Any]] = {}
        """The latest log frame per table (it comes before the reply that seats us)."""
        self.log_so_far: list[str | Text] | None = None
        """The host's log of the game so far with the chat (on join, resume, watch), and chat
        lines said since: shown in place of ours with the next view."""

    # -- start and stop -----------------------------------------------------------------------

    def on_mount(self) -> None:
        if self.play is not None:
            if self.play.game is None:
                self.push_screen(self._game_menu(), self._game_chosen)
            else:
                self.start_play(self.play.game)
        elif self.address is not None:
            self.connect(*self.address)
        else:
            from .lobby import ConnectScreen

            self.push_screen(ConnectScreen(DEFAULT_PORT))
            self.look_for_hosts()
        self._check_size()
        self.screen_change_signal.subscribe(self, self._screen_changed)

    def _game_menu(self) -> ChoiceScreen[str]:
        from yule.core.registry import all_games

        choices = []
        for game in all_games():
            label = literal(f"{game.title}: {game.summary or f'{game.min_players}-{game.max_players} players'}")
            why = None if game.name in GAME_UIS else f"{game.title} has no table in the terminal yet."
            choices.append((Text(label), game.name, why))
        return ChoiceScreen("Which game? (Enter plays, Esc quits)", choices)

    def _game_chosen(self, game: str | None) -> None:
        """The game menu's answer: ask the bots' level next (unless ``--bots`` said it), then play."""
        assert self.play is not None
        if not game:
            self.exit(0)
        elif self.play.level is None:
            self.push_screen(self._level_menu(game), lambda level: self._level_chosen(game, level))
        else:
            self.start_play(game)

    def _level_menu(self, game: str) -> ChoiceScreen[str]:
        from yule.core.registry import get_game

        spec = get_game(game)
        choices = []
        for level, (kind, words) in BOT_LEVELS.items():
            why = None if kind in spec.bots else f"{spec.title} has no {level} bots."
            choices.append((Text(words), level, why))
        return ChoiceScreen(f"{spec.title}: how strong are the bots? (Esc: back)", choices, start="normal")

    def _level_chosen(self, game: str, level: str | None) -> None:
        assert self.play is not None
        if level is None:  # back to the games
            self.push_screen(self._game_menu(), self._game_chosen)
            return
        self.play.level = level
        self.start_play(game)

    # -- terminal size ---------------------------------------------------------------------

    def on_resize(self, event: Resize) -> None:
        self._check_size(event.size.width, event.size.height)  # self.size is updated after this

    def _screen_changed(self, screen: Any) -> None:
        if not isinstance(screen, TooSmallScreen):
            self.call_later(self._check_size)  # the notice stays on top of any screen pushed

    def _check_size(self, width: int | None = None, height: int | None = None) -> None:
        width = self.size.width if width is None else width
        height = self.size.height if height is None else height
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        notice = self.screen if isinstance(self.screen, TooSmallScreen) else None
        if small and notice is None:
            self.push_screen(TooSmallScreen())
        elif small and notice is not None:
            notice.resized(width, height)
        elif not small and notice is not None:
            self.pop_screen()

    # -- network workers -------------------------------------------------------------------

    @work(exclusive=True, group="discover")
    async def look_for_hosts(self) -> None:
        from .lobby import ConnectScreen

        if not self.discover:
            return
        found = await discover_hosts(2.0)
        for screen in self.screen_stack:
            if isinstance(screen, ConnectScreen):
                screen.found = [(h.name, h.address, h.port) for h in found]

    def on_connect_screen_rescan(self, message: ConnectScreen.Rescan) -> None:
        self.look_for_hosts()

    def on_connect_screen_chosen(self, message: ConnectScreen.Chosen) -> None:
        self.connect(message.host, message.port)

    @work(exclusive=True, group="connect")
    async def connect(self, host: str, port: int) -> None:
        from .lobby import ConnectScreen

        self.set_status(connection="connecting", place=f"Yule · {host}:{port}")
        client = Client(host, port, name=self.player_name)
        try:
            welcome = await client.connect()
        except (OSError, HostError, TimeoutError) as e:
            self.set_status(connection="offline")
            self.notify(f"Cannot reach {literal(host)}:{port}: {literal(e)}", title="Not connected", severity="error")
            if not any(isinstance(s, ConnectScreen) for s in self.screen_stack):
                self.push_screen(ConnectScreen(DEFAULT_PORT))
            return
        self.client = client
        self.set_status(place=f"Yule · {literal(welcome.get('host', host))}")
        self.read_frames()
        await self._show_lobby()
        if self.code:
            await self._join_by_code(self.code)

    @work(exclusive=True, group="frames")
    async def read_frames(self) -> None:
        assert self.client is not None
        async for frame in self.client:
            self.post_message(self.FromHost(frame))

    async def _show_lobby(self) -> None:
        from .lobby import ConnectScreen, LobbyScreen

        while isinstance(self.screen, ConnectScreen):
            self.pop_screen()
        lobby = LobbyScreen()
        await self.push_screen(lobby)
        await self._refresh_tables()
        self.set_interval(3.0, self._refresh_tables)

    async def _refresh_tables(self) -> None:
        lobby = self._lobby()
        if lobby is None or self.client is None or self.client.state != "connected":
            return
        try:
            lobby.tables = await self.client.list_tables()
        except (HostError, ConnectionLost):
            return

    def _lobby(self) -> LobbyScreen | None:
        from .lobby import LobbyScreen

        return next((s for s in self.screen_stack if isinstance(s, LobbyScreen)), None)

    async def _join_by_code(self, code: str) -> None:
        """Sit at the table whose join code this is (the code alone names it)."""
        assert self.client is not None
        try:
            claim = await self.client.join(None, code)
        except HostError as e:
            self.notify(
                literal(e.message), title=f"Cannot join with the code {literal(code)}", severity="error", timeout=15
            )
            return
        except ConnectionLost:
            self.notify("Not connected to the host right now.", severity="error")
            return
        self._sit(claim.table)

    def on_lobby_screen_request(self, message: LobbyScreen.Request) -> None:
        self.lobby_request(message.kind, message.args)

    @work(group="requests")
    async def lobby_request(self, kind: str, args: dict[str, Any]) -> None:
        from .lobby import CodeScreen, in_words

        client = self.client
        if client is None:
            return
        try:
            if kind == "create":
                reply = await client.create_table(
                    args["game"], args["seats"], open=args["open"], options=args["options"],
                    turn_seconds=args["turn_seconds"],
                )  # fmt: skip
                self._sit(reply["table"])
            elif kind in ("join", "watch"):
                code = None
                if not args["open"]:
                    code = await self.push_screen_wait(CodeScreen())
                    if code is None:
                        return
                if kind == "join":
                    await client.join(args["table"], code=code)
                else:
                    await client.watch(args["table"], code=code)
                self._sit(args["table"])
            elif kind == "add_bot":
                await client.add_bot(args["table"])
            elif kind == "remove_bot":
                await client.remove_bot(args["table"], args["seat"])
            elif kind == "set_open":
                await client.set_open(args["table"], args["open"])
            elif kind == "start":
                await client.start(args["table"])
        except HostError as e:
            self.notify(
                literal(in_words(e.message, args.get("options", {}))), title="The host says no", severity="error"
            )
        except ConnectionLost:
            self.notify("Not connected to the host right now.", severity="error")
        await self._refresh_tables()

    @work(exclusive=True, group="connect")
    async def start_play(self, game: str) -> None:
        """``yule play``: the real host on loopback, a table with bots, and you at seat 1."""
        assert self.play is not None
        self.set_status(connection="connecting")
        screen = self._open_table(game)
        if screen is not None:  # the table on screen first, then the host is loaded and started
            painted = asyncio.Event()
            screen.call_after_refresh(painted.set)
            await painted.wait()
        import tempfile

        from yule.core.ismcts import DEFAULT_THINK
        from yule.core.registry import get_game
        from yule.netplay.host import Host

        spec = get_game(game)
        players = self.play.players or max(spec.min_players, min(spec.max_players, 4))
        self.data_folder = tempfile.TemporaryDirectory(prefix="yule-play-")
        self.host = Host(self.data_folder.name, away_timeout=600)
        port = await self.host.start("127.0.0.1", 0)
        client = Client("127.0.0.1", port, name=self.player_name)
        await client.connect()
        self.client = client
        self.set_status(place=f"Yule · {spec.title} on this machine")
        self.read_frames()
        try:
            kind = BOT_LEVELS[self.play.level or "normal"][0]
            if kind not in spec.bots:
                kind = "greedy" if "greedy" in spec.bots else "random"
            delay = self.play.bot_delay
            if kind == "ismcts":  # it thinks for a second already
                delay = max(0.2, delay - DEFAULT_THINK)
            reply = await client.create_table(game, players, bot_delay=delay, seed=self.play.seed)
            self._sit(reply["table"])
            await client.fill_bots(self.table_id, kind)
            await client.start(self.table_id)
        except HostError as e:
            self.notify(literal(e.message), title="Cannot start the game", severity="error", timeout=30)

    # -- frames from the host ----------------------------------------------------------------

    def on_yule_app_from_host(self, message: YuleApp.FromHost) -> None:
        if not self.is_running:
            return  # closing: the screens are being taken down, frames still queued are dropped
        frame = message.frame
        kind = frame.get("type")
        if kind == "connection":
            self.set_status(connection=frame["state"])
            if frame["state"] == "gone":
                self.notify(literal(frame.get("reason", "")), title="The host is gone", severity="error", timeout=30)
        elif kind == "table":
            self.infos[frame["table"]] = frame
            if frame["table"] == self.table_id:
                self._table_info(frame)
        elif kind == "log":
            self.logs[frame["table"]] = frame
            if frame["table"] == self.table_id:
                self._take_log(frame)
        elif kind == "chat" and frame.get("table") == self.table_id:
            self._chat(frame)
        elif kind == "view" and frame.get("table") == self.table_id:
            self._view(frame)
        elif kind == "error":
            self.notify(literal(frame.get("message", "")), title="From the host", severity="error")

    def _sit(self, table: int) -> None:
        """From now on follow ``table`` (its info and log may already be here)."""
        self.table_id = table
        if table in self.logs:
            self._take_log(self.logs[table])
        if table in self.infos:
            self._table_info(self.infos[table])

    def _take_log(self, frame: dict[str, Any]) -> None:
        """The host's log frame: the game's log and the chat so far, shown with the next view."""
        self.log_so_far = host_log_lines(frame)
        self._lobby_chat()

    def _chat(self, frame: dict[str, Any]) -> None:
        """A chat line: into the log shown, or with the log still to come (before the first view)."""
        line = chat_line(frame)
        if self.log_so_far is not None or self.table_screen is None or self.last_view is None:
            self.log_so_far = [*(self.log_so_far or []), line]
            self._lobby_chat()
        else:
            self.table_screen.add_log([line])

    def _lobby_chat(self) -> None:
        """The lobby's panel of the waiting table shows its chat so far."""
        lobby = self._lobby()
        if lobby is not None:
            lobby.chat = [line for line in self.log_so_far or [] if isinstance(line, Text)]

    def _names(self) -> list[str]:
        return seat_names(self.info)

    def _tags(self) -> dict[int, str]:
        return seat_tags(self.info)

    def _table_info(self, info: dict[str, Any]) -> None:
        self.info = info
        self.set_status(code=info.get("code"), place=f"Yule · #{info['table']} {literal(info['title'])}")
        lobby = self._lobby()
        if info["status"] == "waiting":
            if lobby is not None:
                lobby.mine = info
            return
        if lobby is not None:
            lobby.mine = None
        screen = self._open_table(info["game"])
        if screen is not None and self.last_view is not None:
            screen.show(self.last_view, self._names(), self._tags())

    def _open_table(self, game: str) -> TableScreen | None:
        """The table screen, opened on the first view or the game's start, whichever comes first."""
        if self.table_screen is None and game in GAME_UIS:
            self.table_screen = TableScreen(game)
            self.push_screen(self.table_screen)
        return self.table_screen

    def _view(self, frame: dict[str, Any]) -> None:
        screen = self._open_table(frame["view"].get("game", ""))
        if screen is None:
            return
        view = frame["view"]
        if self.log_so_far is not None:
            screen.replace_log(self.log_so_far)
            self.log_so_far = None
        screen.follow(frame, self.last_view, self._names(), self._tags())
        self.follow_clock(frame, self._names())
        self.last_view = view
        if "result" in view and self.game_over is None:
            result = final_result(screen.game, view)
            self.game_over = GameOverScreen(screen.game, result, self._names(), frame.get("seat"))
            self.push_screen(self.game_over, self._after_game)
        elif "result" not in view and self.game_over is not None:
            if self.screen is self.game_over:
                self.pop_screen()
            self.game_over = None

    def _after_game(self, choice: str | None) -> None:
        if choice == "leave":
            self.exit(0)
        elif choice == "again" and self.table_id is not None:
            self.game_over = None
            self.again(self.table_id)
        elif choice == "back":
            self.game_over = None

    @work(group="requests")
    async def again(self, table: int) -> None:
        assert self.client is not None
        try:
            await self.client.play_again(table)
        except (HostError, ConnectionLost) as e:
            self.notify(literal(getattr(e, "message", e)), title="Cannot play again", severity="error")

    def on_chat_input_said(self, message: ChatInput.Said) -> None:
        self.send_chat(self.table_id, message.text)

    def on_game_table_move_chosen(self, message: GameTable.MoveChosen) -> None:
        self.send_move(message.move, message.seq)

    @work(group="moves")
    async def send_move(self, move: dict[str, Any], seq: int | None) -> None:
        """Send a move chosen on the view of ``seq``: refused (``stale``) if the game moved on."""
        screen = self.table_screen
        if self.client is None or self.table_id is None or screen is None:
            return
        try:
            await self.client.move(self.table_id, move, seq=seq)
        except HostError as e:
            screen.table.refused(STALE if e.code == "stale" else e.message)
        except ConnectionLost:
            screen.table.refused("Not connected to the host: the move was not sent. Try again once reconnected.")
