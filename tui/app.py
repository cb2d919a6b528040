"""The Yule terminal app: connect, lobby, table and game over, following one host.

All network work runs in Textual workers: one reads the client library's message stream and
posts each frame as :class:`HostedApp.FromHost`; requests (join, create, moves ...) run in their
own workers and report refusals in plain words.  The table sat at is followed by a
:class:`~yule.netplay.follower.TableFollower`, the one place that holds what the host told of
it; its screens draw from it.  The client library reconnects by itself and takes the seat
back; the app only follows its ``connection`` messages and the views that come after.  The
app's places (connecting, the lobby, a table) are Textual modes: leaving one closes it with
every dialog over it.  ``yule play`` embeds the real host (:class:`yule.netplay.host.Host`)
on loopback first, over a folder of the user data folder, so an unfinished game is offered
again next time.

Every seat the app gets is kept on this machine (the client library's seat store): joining
the table again, or connecting to a host where a game with your seat is going on, puts you
back in your seat.  Leaving a table goes back to the lobby (``yule join``) or to the game menu
(``yule play``); the app ends from there (q or Esc in the lobby: asked first), or with Ctrl+Q
from anywhere (asked first while you play).

``yule join`` asks for the player's name the first time (the login name offered) and remembers
it (:mod:`yule.tui.profile`); ``r`` in the lobby changes it before joining a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import sqlite3
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import work
from textual.binding import Binding
from textual.events import Resize
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import AwaitMount

from yule.core.base import plural
from yule.core.bots import BOT_LEVELS
from yule.netplay import DEFAULT_PORT, default_data_dir
from yule.netplay.client import Client, ConnectionLost, HostError, SeatStore, discover_hosts
from yule.netplay.follower import Change, TableFollower
from yule.netplay.frames import Incoming, ReclaimAsked, ReclaimOver, ReclaimWaiting, Removed, Summary

from .dialogs import ChoiceScreen, ConfirmScreen
from .games import GAME_UIS
from .screens import MIN_HEIGHT, MIN_WIDTH, GameOverScreen, TableScreen, TooSmallScreen, final_result
from .text import literal
from .widgets import ChatInput, GameTable, PlainApp, away_text, chat_line, clock_text

if TYPE_CHECKING:  # the lobby's screens are loaded when first shown: yule play starts without them
    from .lobby import ConnectScreen, LobbyScreen
    from .profile import Profile

PLAY_LEAVE_ASKS = "Back to the menu? This game is kept: Continue in the menu goes on with it."
"""``yule play``'s question before leaving a table."""

STALE = "The table changed before your move reached the host, so it was not made: look again and choose."

PLAY_BOT_DELAY = 0.35
"""Seconds a move stays on show before a bot's move in ``yule play`` (before a bot's next move in
the same turn, a beat of it: :data:`~yule.netplay.botloop.TURN_BEAT`): slow enough to follow each
one.  The strong bot thinks meanwhile."""


PLAY_AWAY_TIMEOUT = 30 * 24 * 3600.0
"""``yule play``'s host never lets a bot play for you: a game left for the menu waits for you."""

LOBBY_REFRESH = 3.0
"""Seconds between two looks at the host's tables while the lobby is shown."""


@dataclass
class PlaySetup:
    """``yule play``: which game (None: ask), how many seats, the bots' pace, the asked-for
    seed, and the bots' level (a key of :data:`BOT_LEVELS`; None: ask after the game)."""

    game: str | None
    players: int | None
    bot_delay: float = PLAY_BOT_DELAY
    seed: int | None = None
    level: str | None = "normal"


def claim_play_folder(base: Path | None = None) -> tuple[Path, contextlib.AbstractContextManager[Any]]:
    """The folder where ``yule play``'s host keeps its games, and the held lock on it (leaving
    the lock's context releases it).

    ``DATA/play`` in the user data folder; while another ``yule play`` uses it (its lock is
    taken), ``play-2``, ``play-3`` ...: two hosts never share one database.  The lock is
    ``filelock``'s, which each system honours (Windows too), and which a process that dies
    leaves free.
    """
    from filelock import FileLock, Timeout

    base = base if base is not None else default_data_dir()
    for n in itertools.count(1):
        folder = base / ("play" if n == 1 else f"play-{n}")
        folder.mkdir(parents=True, exist_ok=True)
        try:
            return folder, FileLock(folder / "in-use.lock").acquire(blocking=False)
        except Timeout:
            continue
    raise AssertionError("unreachable")


def players_sentence(game: Any, players: int | None = None) -> str:
    """The game's own sentence on its number of players (``players``: the number asked for)."""
    if players is None:
        return f"{game.title} is for {game.min_players} to {game.max_players} players."
    return f"{game.title} is for {game.min_players} to {game.max_players} players, not {players}."


def refusal_text(error: HostError, code: str | None = None, game: str | None = None) -> str:
    """A host's refusal as a sentence that says what to do (never a validation message).

    ``code``: the join code the request carried; ``game``: the game of a table being created.
    """
    if error.code == "bad_code":
        shown = f" {literal(code.strip().upper())}" if code and code.strip() else ""
        return (
            f"No table at this host has the join code{shown}. Check it with whoever made the table: "
            "a code is 6 letters and digits. The lobby lists every table here."
        )
    if error.code == "invalid" and code is not None and error.message.startswith("code:"):
        return "That is not a join code: a join code is 6 letters and digits."
    if error.code == "invalid" and game is not None and error.message.startswith("seats:"):
        from yule.core.registry import get_game

        with contextlib.suppress(KeyError):
            return players_sentence(get_game(game))
    if error.code == "invalid":
        return f"The host could not read that request ({error.message}). Is the host a newer Yule?"
    return error.message


class HostedApp(PlainApp):
    """An app following one host through the client library, maybe running that host itself.

    It holds the ``client``, the embedded ``host`` (``yule play``, ``yule party``) and the
    table it follows (:attr:`table`), reads the host's frames (each posted as
    :class:`FromHost`), and closes the client and the host when it ends (and then
    ``resources``).  The status line counts down the table's turn timers and the away players'
    stand-ins (:meth:`follow_clock`).
    """

    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    class FromHost(Message):
        """A frame or connection change from the client library."""

        def __init__(self, frame: Incoming) -> None:
            super().__init__()
            self.frame = frame

    def __init__(self, status: dict[str, Any]) -> None:
        super().__init__(status)
        self.client: Client | None = None
        self.host: Any = None
        self.table: TableFollower[Any] | None = None
        """The table followed: what the host told of it (:mod:`yule.netplay.follower`)."""
        self._clock_ticker: Timer | None = None
        self.resources = contextlib.ExitStack()
        """Closed last when the app ends (``yule play``'s folder lock)."""

    async def on_unmount(self) -> None:
        if self.client is not None:
            await self.client.close()
        if self.host is not None:
            await self.host.stop()
        self.resources.close()

    @work(exclusive=True, group="frames")
    async def read_frames(self) -> None:
        """Each frame from the client, as a :class:`FromHost` message, until it is closed."""
        client = self.client
        assert client is not None
        async for frame in client:
            self.post_message(self.FromHost(frame))

    @work(group="chat")
    async def send_chat(self, table: int | None, text: str, field: ChatInput) -> None:
        """Say a line at ``table``; the host's chat frame brings it back to the log.  A line not
        said goes back to the input it was typed in (``m`` opens it with the line)."""
        if self.client is None or table is None:
            return
        try:
            await self.client.chat(table, text)
        except HostError as e:
            field.give_back(text)
            self.notify(f"{literal(e.message)} (m: your line again)", title="Not said", severity="warning")
        except ConnectionLost:
            field.give_back(text)
            self.notify("Not connected to the host: that line was not said (m: your line again).", title="Not said",
                        severity="warning")  # fmt: skip

    def on_chat_input_said(self, message: ChatInput.Said) -> None:
        self.send_chat(None if self.table is None else self.table.id, message.text, message.field)

    @work(group="moves")
    async def undo(self) -> None:
        """The organiser takes back the table's last move (the host says why not, if not)."""
        if self.client is None or self.table is None:
            return
        try:
            await self.client.undo(self.table.id)
        except HostError as e:
            self.notify(literal(e.message), title="Can't undo", severity="warning")
        except ConnectionLost:
            self.notify("The host is not answering: nothing was undone.", severity="error")

    def follow_clock(self) -> None:
        """The status line counts down the table's turn timers (the view's own seat's first) and
        the away players' stand-ins, while there are any (:attr:`table`: none)."""
        follower = self.table
        counting = follower is not None and bool(follower.deadlines or follower.away)
        if counting and self._clock_ticker is None:
            self._clock_ticker = self.set_interval(0.5, self._tick)
        elif not counting and self._clock_ticker is not None:
            self._clock_ticker.stop()
            self._clock_ticker = None
        self._tick()

    def _tick(self) -> None:
        clock = ""
        follower = self.table
        if follower is not None:
            now = time.monotonic()
            left = {seat: when - now for seat, when in follower.deadlines.items()}
            away = {seat: when - now for seat, when in follower.away.items()}
            you = None if follower.frame is None else follower.frame["seat"]
            names = follower.names
            clock = "  ".join(part for part in (clock_text(left, you, names), away_text(away, names)) if part)
        if clock != self.status.get("clock", ""):
            self.set_status(clock=clock)


class GameMenu(ChoiceScreen[tuple[str, Any]]):
    """``yule play``'s menu: the unfinished games to continue, then every game; q or Esc quits."""

    BINDINGS = [Binding("q,escape", "cancel", "Quit", key_display="q")]
    HINT = "Enter to choose, q or Esc to quit."


class YuleApp(HostedApp):
    """One player's terminal: see the module docstring."""

    TITLE = "Yule"
    BINDINGS = [Binding("v", "results", "Results"), Binding("n", "again", "Play again")]
    """At the table once the game is over: its sheet again, a new game (players only)."""
    COME_BACK = "run the same yule join command to come back"
    """How a player who quits mid-game gets back to their seat, as the quit question says it."""
    QUIT_ASKS = "Quit Yule?"
    """The quit question's first words: what quitting ends."""
    ONE_HOST = False
    """True for an app that plays at its one host only (an SSH guest's): no other address offered."""
    FIXED_NAME: str | None = None
    """Why this app's player cannot change their name in the lobby (``{name}``: theirs), or None."""
    DEFAULT_MODE = "start"
    MODES: ClassVar[dict[str, str | Callable[[], Screen[Any]]]] = {"start": Screen}
    """The app's places are modes, each with its own screens: ``start`` (what comes before a
    host: the first name, no answer, ``yule play``'s menu), then ``connect``, ``lobby`` and
    ``table`` (:meth:`_open`), each added when it is shown and removed, dialogs and all, when
    it is left."""

    def __init__(
        self,
        *,
        name: str,
        address: tuple[str, int] | None = None,
        code: str | None = None,
        play: PlaySetup | None = None,
        discover: bool = True,
        seat_store: SeatStore | None = None,
        profile: Profile | None = None,
        ask_name: bool = False,
    ) -> None:
        super().__init__({"place": "Yule", "code": None, "connection": "offline"})
        self.player_name = name
        self.profile = profile
        """Where the player's name and last game are remembered (``yule join``), or None."""
        self.ask_name = ask_name
        """Ask for the name first (``name`` offered): ``yule join`` the first time."""
        self.last_game = profile.game if profile is not None else None
        """The game of the last table this player created: the new-table form opens on it."""
        self.address = address
        self.code = code
        self.play = play
        self.discover = discover
        self.seat_store = seat_store if seat_store is not None else SeatStore()
        """Where the seats you get are kept (``$YULE_STATE_DIR`` or the user state folder)."""
        self.place = "Yule"
        """The status line's place away from a table: the host's name."""
        self.followers: dict[int, TableFollower[Any]] = {}
        """Each table the host tells this app of (its frames come before the reply that seats
        us): the one sat at becomes :attr:`table`."""
        self.watching = False
        """True while following :attr:`table` as a spectator."""
        self.places: dict[str, Screen[Any]] = {}
        """The screen of each place shown (its mode), but ``start``."""
        self.game_over: GameOverScreen | None = None
        self._lobby_timer: Any = None

    # -- start and stop -----------------------------------------------------------------------

    def on_mount(self) -> None:
        if self.ask_name:
            self._ask_first_name()
        else:
            self._begin()
        self._check_size()
        self.screen_change_signal.subscribe(self, self._screen_changed)

    def _begin(self) -> None:
        if self.play is not None:
            self.open_play()
        elif self.address is not None:
            self.connect(*self.address)
        else:
            self.show_connect_screen()

    def _ask_first_name(self) -> None:
        """The first ``yule join``: the name to play under, remembered from then on."""
        from .lobby import FirstNameScreen

        def named(name: str | None) -> None:
            if name is None:
                return
            self.player_name = name
            self._remember(name=name)
            self._begin()

        why = Text.assemble(
            "Welcome to Yule! Which name do you play under? The others at the table see it. ",
            ("Enter", "bold"),
            " takes it; it is remembered for next time (r in the lobby changes it).",
        )
        self.push_screen(FirstNameScreen(why, self.player_name), named)

    def _remember(self, **known: str) -> None:
        """Keep the player's name or last game for next time (``yule join`` only)."""
        if self.profile is not None:
            for key, value in known.items():
                setattr(self.profile, key, value)
            self.profile.save()

    def show_connect_screen(self) -> None:
        from .lobby import ConnectScreen

        self._home()
        self._open("connect", ConnectScreen(DEFAULT_PORT))
        self.look_for_hosts()

    # -- the app's places ----------------------------------------------------------------------

    def _open(self, place: str, screen: Screen[Any]) -> AwaitMount:
        """Show ``screen`` as the app's place ``place`` (a mode of its own)."""
        self._close(place)
        self.places[place] = screen
        self.add_mode(place, lambda: screen)
        return self.switch_mode(place)

    def _close(self, place: str) -> None:
        """Close the place ``place`` with every screen over it (the start shows, if it was shown)."""
        if self.places.pop(place, None) is not None:
            if self.current_mode == place:
                self.switch_mode("start")
            self.remove_mode(place)

    def _home(self) -> None:
        """Back to the start: every place closes."""
        self.switch_mode("start")
        for place in list(self.places):
            self._close(place)

    @property
    def lobby(self) -> LobbyScreen | None:
        """The lobby of the host connected to, while it is open."""
        from .lobby import LobbyScreen

        screen = self.places.get("lobby")
        return screen if isinstance(screen, LobbyScreen) else None

    @property
    def table_screen(self) -> TableScreen | None:
        """The screen of the table followed, while it is open."""
        screen = self.places.get("table")
        return screen if isinstance(screen, TableScreen) else None

    def playing(self) -> bool:
        """You hold a seat in a game going on, on screen now."""
        info = None if self.table is None else self.table.info
        return not self.watching and info is not None and info["status"] == "playing" and info["you"] is not None

    async def action_quit(self) -> None:
        """Ctrl+Q anywhere: quit, asked first while you play."""
        if not self.playing():
            self.exit(0)
        elif self.play is not None:
            self._confirm_quit(f"{self.QUIT_ASKS} This game is kept: yule play offers to continue it.")
        else:
            self._confirm_quit(f"{self.QUIT_ASKS} Your seat waits for you (a bot plays it while you are away): "
                               f"{self.COME_BACK}.")  # fmt: skip

    def action_ask_quit(self, code: int = 0) -> None:
        """q or Esc in the lobby (Esc on the screens before it, q or Esc when the host does not
        answer): quit once the player says yes, with exit code ``code``."""
        lobby = self.lobby
        mine = lobby.mine if lobby is not None else None
        held = f" Your seat at #{mine['table']} waits for you: {self.COME_BACK}." if mine else ""
        self._confirm_quit(f"{self.QUIT_ASKS}{held}", code)

    def _confirm_quit(self, question: str, code: int = 0) -> None:
        if isinstance(self.screen, ConfirmScreen) and self.screen.id == "quit":
            return

        def quit_(yes: bool | None) -> None:
            if yes:
                self.exit(code, return_code=code)

        self.push_screen(ConfirmScreen(f"{question}\n\ny yes   n no", id="quit"), quit_)

    def _level_menu(self, game: str) -> ChoiceScreen[str]:
        from yule.core.registry import get_game

        spec = get_game(game)
        choices = []
        for level, (kind, words) in BOT_LEVELS.items():
            why = None if kind in spec.bots else f"{spec.title} has no {level} bots."
            choices.append((Text(words), level, why))
        return ChoiceScreen(f"{spec.title}: how strong are the bots? (Esc: back)", choices, start="normal")

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

    # -- connecting to a host ----------------------------------------------------------------

    @work(exclusive=True, group="discover")
    async def look_for_hosts(self) -> None:
        from .lobby import ConnectScreen

        if not self.discover:
            return
        found = await discover_hosts(2.0)
        screen = self.places.get("connect")
        if isinstance(screen, ConnectScreen):
            screen.found = [(h.name, h.address, h.port) for h in found]

    def on_connect_screen_rescan(self, message: ConnectScreen.Rescan) -> None:
        self.look_for_hosts()

    def on_connect_screen_chosen(self, message: ConnectScreen.Chosen) -> None:
        self.connect(message.host, message.port)

    @work(exclusive=True, group="connect")
    async def connect(self, host: str, port: int) -> None:
        """Connect, show the lobby, then sit down: at the table with the code given, or back
        in the seat of a game going on."""
        self.address = (host, port)
        self.place = f"Yule · {literal(host)}:{port}"
        self.set_status(connection="connecting", place=self.place)
        client = Client(host, port, name=self.player_name, seat_store=self.seat_store)
        try:
            welcome = await client.connect()
        except (OSError, HostError, TimeoutError) as e:
            self.set_status(connection="offline")
            self.no_answer(host, port, e)
            return
        if self.client is not None:
            await self.client.close()
        self.client = client
        self.place = f"Yule · {literal(welcome['host'])}"
        self.set_status(place=self.place, code=None)
        self.read_frames()
        await self._show_lobby()
        if self.code:
            await self._take_seat(None, self.code)
        else:
            await self._back_to_a_game()

    def no_answer(self, host: str, port: int, error: BaseException | None) -> None:
        """The host cannot be reached: say so, with keys to try again, connect elsewhere or quit."""
        from .lobby import NoAnswerScreen

        where = f"{literal(host)}:{port}"
        if isinstance(error, HostError):
            why = f"{where} answers, but: {literal(error.message)}"
        elif _unknown_name(error):
            why = f"No host called {literal(host)} is known here. Check the name, or type its address (yule hosts lists the hosts found on this network)."
        elif error is None:
            why = f"The host at {where} stopped answering. Is `yule host` still running there?"
        else:
            why = f"Nothing answers at {where}. Is `yule host` running there?"
        why += f" (tried at {time.strftime('%H:%M:%S')})"
        self._forget_table()
        self._home()

        def chosen(choice: str | None) -> None:
            if choice == "retry":
                self.connect(host, port)
            elif choice == "other":
                self.show_connect_screen()

        self.push_screen(NoAnswerScreen(why, elsewhere=not self.ONE_HOST), chosen)

    async def _show_lobby(self) -> None:
        from .lobby import LobbyScreen

        self._forget_table()
        self._home()
        paces: dict[str, float] = {}
        with contextlib.suppress(HostError, ConnectionLost):
            if self.client is not None:
                paces = await self.client.paces()
        await self._open(
            "lobby", LobbyScreen(self.player_name, self.last_game, renames=self.FIXED_NAME is None, paces=paces)
        )
        await self._refresh_tables()
        if self._lobby_timer is None:
            self._lobby_timer = self.set_interval(LOBBY_REFRESH, self._refresh_tables)

    async def _refresh_tables(self) -> list[Summary] | None:
        """The host's tables into the lobby (with the ones where you hold a seat); None if not asked."""
        lobby = self.lobby
        client = self.client
        if lobby is None or client is None or client.state != "connected":
            return None
        try:
            tables = await client.list_tables()
        except (HostError, ConnectionLost):
            return None
        lobby.held = frozenset(saved.table for saved in client.saved_seats())
        lobby.tables = tables
        return tables

    async def _back_to_a_game(self) -> None:
        """Back in your seat at a game going on here (asked which one when there are several)."""
        client = self.client
        tables = await self._refresh_tables()
        if client is None or tables is None:
            return
        listed = {t["table"]: t for t in tables}
        going_on = []
        for saved in client.saved_seats():
            summary = listed.get(saved.table)
            if summary is None:
                client.forget_seat(saved.table)  # the host has forgotten the table
            elif summary["status"] == "playing":
                going_on.append(summary)
        if not going_on:
            return
        table: int | None = going_on[0]["table"]
        if len(going_on) > 1:
            choices: list[tuple[Text, int, str | None]] = [
                (Text(f"#{t['table']} {literal(t['title'])}"), t["table"], None) for t in going_on
            ]
            table = await self.push_screen_wait(
                ChoiceScreen(
                    "Your seats in games going on here", choices, hint="Enter goes back to that game, Esc to the lobby."
                )
            )
        if table is not None:
            await self._take_seat(table, None)

    # -- sitting down --------------------------------------------------------------------------

    async def _take_seat(self, table: int | None, code: str | None, *, private: bool = False) -> None:
        """Sit at ``table``, or at the table whose join code is ``code``: your own seat back when
        you hold one, else a free seat; at a game going on, an away player's seat or watching.

        ``private``: ask for the join code first (unless you hold a seat there).  A code, typed or
        given, names its table, whatever table was highlighted.
        """
        client = self.client
        if client is None:
            return
        try:
            if private and code is None and client.saved_seat(table=table) is None:
                from .lobby import CodeScreen

                code = await self.push_screen_wait(CodeScreen())
                if code is None:
                    return
            if code is not None:
                table = None  # the code names its table
            saved = client.saved_seat(table=table, code=code)
            if saved is not None:
                try:
                    claim = await client.resume(saved.token)
                except HostError as e:
                    if e.code == "seat_moved":
                        self.notify(f"{literal(e.message)} This device can watch the table: Enter on it in the lobby.",
                                    title=f"Your seat at #{saved.table}", severity="warning", timeout=20)  # fmt: skip
                        return
                    if e.code != "bad_token":
                        raise
                    code = code or saved.code  # the host has forgotten the seat: join as anyone would
                    table = None if code else saved.table
                else:
                    self._sit(claim.table)
                    self.notify("Back in your seat.", timeout=4)
                    return
            try:
                claim = await client.join(table, code)
            except HostError as e:
                if e.code not in ("playing", "table_full"):
                    raise
                await self._seat_taken(table, code)
                return
            self._sit(claim.table)
        except HostError as e:
            title = f"Cannot join with the code {literal(code)}" if code else "Cannot join"
            self.notify(literal(refusal_text(e, code)), title=title, severity="error", timeout=15)
        except ConnectionLost:
            self.notify("Not connected to the host right now: try again in a moment.", severity="error")

    async def _seat_taken(self, table: int | None, code: str | None) -> None:
        """No free seat (the game has started, or every seat is taken): take back the seat of a
        player who is away (if that is you), or watch."""
        from .lobby import CodeScreen

        client = self.client
        assert client is not None
        table = await client.watch(table, code)
        info = client.tables.get(table)
        seats = info["seats"] if info is not None else []
        away = [s["name"] for s in seats if s and not s["bot"] and s["away"]]
        started = (
            "This game has started." if info is not None and info["status"] == "playing" else "Every seat is taken."
        )
        if away:
            choices: list[tuple[Text, str, str | None]] = [
                (Text(f"I am {literal(name)}: take my seat back"), name, None) for name in away
            ]
            choices.append((Text("Just watch"), "", None))
            yours = next((name for name in away if name.casefold() == self.player_name.casefold()), None)
            pick = await self.push_screen_wait(
                ChoiceScreen(
                    f"{started} Is one of these players you?",
                    choices,
                    yours,
                    hint="Enter takes that seat back (or just watches), Esc goes back to the lobby.",
                )
            )
            if pick is None:
                with contextlib.suppress(HostError, ConnectionLost):
                    await client.leave(table)
                return
            if pick:
                if code is None:
                    code = await self.push_screen_wait(
                        CodeScreen("Taking a seat back needs the table's join code: type it, then Enter.")
                    )
                if code is not None:
                    claim = await self._reclaim(table, code, pick)
                    if claim is not None:
                        self._sit(claim.table)
                        return
        self.watching = True
        self._sit(table)
        self.notify(f"{started} You are watching: q goes back to the lobby.", timeout=8)

    async def _reclaim(self, table: int, code: str, name: str) -> Any:
        """Ask for ``name``'s seat at ``table``: while the people there decide, a screen says
        so (Esc stops asking); the seat's claim once they said yes, else None (the answer told)."""
        from .lobby import AskingScreen

        client = self.client
        assert client is not None
        asking: AskingScreen | None = None

        def stop(stopped: bool | None) -> None:
            if stopped and self.client is not None:
                self.stop_asking(table)

        def waiting(frame: ReclaimWaiting) -> None:
            nonlocal asking
            asking = AskingScreen(frame["name"])
            self.push_screen(asking, stop)

        try:
            return await client.reclaim(code, name, waiting)
        except HostError as e:
            self.notify(literal(refusal_text(e, code)), title="Not your seat yet", severity="error", timeout=15)
        except (ConnectionLost, TimeoutError):
            self.notify("The host did not answer: try again in a moment.", severity="error")
        finally:
            if asking is not None and asking in self.screen_stack:
                asking.dismiss(False)
        return None

    @work(group="requests")
    async def stop_asking(self, table: int) -> None:
        """The newcomer stops asking for a seat (they stop watching the table too)."""
        if self.client is not None:
            with contextlib.suppress(HostError, ConnectionLost):
                await self.client.leave(table)

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
                self.last_game = args["game"]
                self._remember(game=args["game"])
                reply = await client.create_table(
                    args["game"], args["seats"], open=args["open"], options=args["options"],
                    turn_seconds=args["turn_seconds"],
                )  # fmt: skip
                if (lobby := self.lobby) is not None:
                    lobby.highlight(reply["table"])
                self._sit(reply["table"])
            elif kind == "join":
                await self._take_seat(args["table"], None, private=not args["open"])
            elif kind == "code":
                await self._take_seat(None, None, private=True)
            elif kind == "rename":
                await self._rename()
            elif kind == "evening":
                from .standings import StandingsScreen

                self.push_screen(StandingsScreen(client.standings))
            elif kind == "watch":
                code = None
                if not args["open"]:
                    code = await self.push_screen_wait(CodeScreen())
                    if code is None:
                        return
                table = await client.watch(None if code else args["table"], code=code)  # a code names its table
                self.watching = True
                self._sit(table)
            elif kind == "leave":
                await client.leave(args["table"])
                self._forget_table()
            elif kind == "add_bot":
                await client.add_bot(args["table"], kind=args.get("bot"))
            elif kind == "remove_bot":
                await client.remove_bot(args["table"], args["seat"])
            elif kind == "remove_seat":
                await client.remove_seat(args["table"], args["seat"], args["reason"])
            elif kind == "set_open":
                await client.set_open(args["table"], args["open"])
            elif kind == "start":
                await client.start(args["table"])
        except HostError as e:
            words = in_words(refusal_text(e, game=args.get("game")), args.get("options", {}))
            self.notify(literal(words), title="The host says no", severity="error")
        except ConnectionLost:
            self.notify("Not connected to the host right now: try again in a moment.", severity="error")
        await self._refresh_tables()

    async def _rename(self) -> None:
        """``r`` in the lobby: play under another name from now on (remembered), before joining a
        table; an SSH guest is told how to come in under another name instead."""
        client = self.client
        if client is None:
            return
        if self.FIXED_NAME is not None:
            self.notify(self.FIXED_NAME.format(name=literal(self.player_name)), title="Your name", timeout=20)
            return
        if client.seats:
            table = min(client.seats)
            self.notify(f"You sit at #{table} as {literal(self.player_name)}: leave that table (l in the lobby) to "
                        "play under another name.", title="Your name", severity="warning", timeout=10)  # fmt: skip
            return
        from .lobby import NameScreen

        why = Text("Which name do you play under from now on? (Enter; Esc keeps your name)")
        kept = sorted(saved.table for saved in client.saved_seats())
        if kept:
            tables = ", ".join(f"#{table}" for table in kept)
            why.append(f"\nYour seats at {tables} stay with the name {literal(self.player_name)}: "
                       "come back under it to take them back.")  # fmt: skip
        name = await self.push_screen_wait(NameScreen(why, self.player_name))
        if name is None or name == self.player_name:
            return
        self.player_name = await client.rename(name)
        self._remember(name=self.player_name)
        if (lobby := self.lobby) is not None:
            lobby.player = self.player_name
        self.notify(f"You play as {literal(self.player_name)} now.", timeout=5)

    # -- yule play -------------------------------------------------------------------------

    @work(exclusive=True, group="connect")
    async def open_play(self) -> None:
        """``yule play``: the real host on loopback over the play folder, then the game asked
        for (its table painted first), or the menu with the unfinished games to continue."""
        assert self.play is not None
        self.set_status(connection="connecting")
        try:
            folder, lock = claim_play_folder()
            self.resources.enter_context(lock)
        except OSError as e:
            folder = Path(self.resources.enter_context(tempfile.TemporaryDirectory(prefix="yule-play-")))
            self.notify(f"Games cannot be kept this time ({literal(e)}).", severity="warning", timeout=10)
        address = f"play:{folder}"
        quick = self.play.game  # yule play GAME: that game at once (the menu offers the unfinished ones)
        if quick is not None and (screen := self._open_table(quick)) is not None:
            painted = asyncio.Event()  # the table on screen first, then the host is loaded and started
            screen.call_after_refresh(painted.set)
            await painted.wait()
        from yule.netplay.host import Host
        from yule.netplay.store import DataFolderError

        try:
            self.host = Host(folder, away_timeout=PLAY_AWAY_TIMEOUT, bot_workers=1)  # the bots think off the app
            port = await self.host.start("127.0.0.1", 0)
        except (OSError, sqlite3.Error, DataFolderError) as e:
            self.host = None
            self.set_status(connection="offline")
            self.notify(
                f"Cannot start the game's host over {literal(folder)}: {literal(e)}", severity="error", timeout=60
            )
            return
        client = Client("127.0.0.1", port, name=self.player_name, seat_store=self.seat_store, address=address)
        await client.connect()
        self.client = client
        self.place = "Yule · on this machine"
        self.read_frames()
        if quick is not None:
            await self._new_game(quick)
        else:
            await self._play_menu()

    async def _play_menu(self) -> None:
        """The game menu: your unfinished games first (each told apart by its table, how far it
        has gone and when it began), then a new game of each; q or Esc quits."""
        from yule.core.registry import all_games

        client = self.client
        assert self.play is not None and client is not None
        self.set_status(place=self.place, code=None)
        listed = {t["table"]: t for t in await client.list_tables()}
        choices: list[tuple[Text, tuple[str, Any], str | None]] = []
        now = time.time()
        for saved in client.saved_seats():
            summary = listed.get(saved.table)
            if summary is None or summary["status"] != "playing" or summary["game"] not in GAME_UIS:
                client.forget_seat(saved.table)  # finished (or gone): nothing to continue
                continue
            bots = len(summary["seats"]) - 1  # yule play: you and bots (a private table lists no names)
            label = (
                f"Continue: {literal(summary['title'])} #{summary['table']}, you and {plural(bots, 'bot')}, "
                f"{plural(summary['seq'], 'move')} in, begun {when_text(saved.saved, now)}"
            )
            choices.append((Text(label, style="bold"), ("continue", summary["table"]), None))
        start: tuple[str, Any] | None = choices[0][1] if choices else None
        wanted = self.play.players
        for game in all_games():
            label = literal(f"{game.title}: {game.summary or f'{game.min_players}-{game.max_players} players'}")
            why = None
            if game.name not in GAME_UIS:
                why = f"{game.title} has no table in the terminal yet."
            elif wanted is not None and not game.min_players <= wanted <= game.max_players:
                why = players_sentence(game, wanted)
            choices.append((Text(label), ("new", game.name), why))
            if start is None and game.name == self.play.game:
                start = ("new", game.name)
        title = (
            "Yule: continue a game, or a new one? (Enter plays, q quits)"
            if start and start[0] == "continue"
            else "Yule: which game? (Enter plays, q quits)"
        )
        pick = await self.push_screen_wait(GameMenu(title, choices, start))
        if pick is None:
            self.exit(0)
        elif pick[0] == "continue":
            await self._take_seat(pick[1], None)
        else:
            if self.play.level is None:
                level = await self.push_screen_wait(self._level_menu(pick[1]))
                if level is None:
                    await self._play_menu()  # Esc at the bots' level: back to the games
                    return
                self.play.level = level
            await self._new_game(pick[1])

    async def _new_game(self, game: str) -> None:
        """A new table of ``game`` on the play host: you, bots of the level asked for in every
        other seat, started."""
        from yule.core.registry import get_game

        client = self.client
        assert self.play is not None and client is not None
        spec = get_game(game)
        players = self.play.players or max(spec.min_players, min(spec.max_players, 4))
        try:
            kind = BOT_LEVELS[self.play.level or "normal"][0]
            if kind not in spec.bots:
                kind = "greedy" if "greedy" in spec.bots else "random"
            reply = await client.create_table(game, players, bot_delay=self.play.bot_delay, seed=self.play.seed)
            self._sit(reply["table"])
            await client.fill_bots(reply["table"], kind)
            await client.start(reply["table"])
        except HostError as e:
            self.notify(
                literal(refusal_text(e, game=game)), title="Cannot start the game", severity="error", timeout=30
            )
            self._forget_table()
            await self._play_menu()

    # -- leaving a table -----------------------------------------------------------------------

    def on_table_screen_leave(self, message: TableScreen.Leave) -> None:
        self.leave_table()

    def on_table_screen_waiting(self, message: TableScreen.Waiting) -> None:
        """``w`` at the table: nudge a player the table waits for; the organiser may also let the
        stand-in bot make their move, or play now for someone away."""
        table = self.table
        info = None if table is None else table.info
        if table is None or info is None:
            return
        runs = info["runs"]
        choices: list[tuple[Text, tuple[str, int], str | None]] = []
        for seat, s in enumerate(info["seats"]):
            if not s or s["bot"] or s["stand_in"] or seat == info["you"]:
                continue
            name = literal(s["name"])
            if s["away"]:
                if runs:
                    choices.append(
                        (Text(f"Let a bot play for {name} now, until they are back"), ("stand_in", seat), None)
                    )
                continue
            choices.append((Text(f"Nudge {name}: the table waits for their move"), ("nudge", seat), None))
            if runs:
                choices.append((Text(f"Let a bot make {name}'s move this once"), ("bot_move", seat), None))
        if not choices:
            self.notify("Nobody to nudge: everyone else here is a bot, or a bot plays for them.", timeout=6)
            return

        def ask(pick: tuple[str, int] | None) -> None:
            if pick is not None:
                self.table_request(table.id, *pick)

        self.push_screen(ChoiceScreen("Waiting for someone? (Esc: back)", choices), ask)

    @work(group="requests")
    async def table_request(self, table: int, kind: str, seat: int) -> None:
        """A nudge, a bot's move or a stand-in now, for ``seat`` (the host says why not, if not)."""
        client = self.client
        if client is None:
            return
        try:
            await getattr(client, kind)(table, seat)
        except HostError as e:
            self.notify(literal(e.message), title="Not now", severity="warning")
        except ConnectionLost:
            self.notify("Not connected to the host right now: try again in a moment.", severity="error")

    @work(exclusive=True, group="leave")
    async def leave_table(self) -> None:
        """Back to the lobby (your seat waits: a bot plays it meanwhile) or to the game menu
        (``yule play``: the game waits for you, nobody plays your seat)."""
        table, client = self.table, self.client
        if table is not None and client is not None and (self.play is None or self.watching):
            with contextlib.suppress(HostError, ConnectionLost):
                await client.leave(table.id)
        self._forget_table()
        if self.play is not None:
            await self._play_menu()
        else:
            await self._refresh_tables()

    def _forget_table(self) -> None:
        """Follow no table any more: its screens close (the lobby shows, if there is one)."""
        self.table = None
        self.followers.clear()
        self.watching = False
        self._close_table()
        if (lobby := self.lobby) is not None:
            lobby.mine = None
            lobby.chat = []
        self.follow_clock()  # no turn timers to count down
        self.set_status(place=self.place, code=None)

    def _close_table(self) -> None:
        """The table's screens close (the game over sheet with them); the lobby shows, if there is one."""
        if "table" in self.places:
            self.switch_mode("lobby" if "lobby" in self.places else "start")
            self._close("table")
        self.game_over = None

    # -- frames from the host ----------------------------------------------------------------

    def on_hosted_app_from_host(self, message: HostedApp.FromHost) -> None:
        if not self.is_running:
            return  # closing: the screens are being taken down, frames still queued are dropped
        frame = message.frame
        followed = None if self.table is None else self.table.id
        if frame["type"] == "connection":
            self.set_status(connection=frame["state"])
            if frame["state"] == "gone" and frame["reason"] != "closed" and self.address is not None:
                self.no_answer(*self.address, None)
        elif frame["type"] == "table" or frame["type"] == "log" or frame["type"] == "chat" or frame["type"] == "view":
            follower = self.followers.setdefault(frame["table"], TableFollower(frame["table"]))
            change = follower.take(frame)
            if follower is self.table and change is not None:
                self._changed(change)
        elif frame["type"] == "error" and frame["code"] == "replaced" and frame.get("table") == followed:
            self.notify("You took your seat back in another terminal: this one now goes back.", timeout=15)
            self.leave_table()
        elif frame["type"] == "error" and frame["code"] == "seat_moved" and frame.get("table") == followed:
            self.notify(literal(frame["message"]), title="Your seat", severity="warning", timeout=20)
            self.leave_table()  # reconnected too late: the seat went to another device meanwhile
        elif frame["type"] == "reclaim_asked":
            self._asked(frame)
        elif frame["type"] == "reclaim_over":
            self._ask_over(frame)
        elif frame["type"] == "nudged" and frame["table"] == followed:
            self.bell()
            self.notify(f"{literal(frame['name'])} nudged you: the table waits for your move.", timeout=10)
        elif frame["type"] == "removed":
            self._removed(frame)
        elif frame["type"] == "error":
            self.notify(literal(frame["message"]), title="From the host", severity="error")

    def _asked(self, frame: ReclaimAsked) -> None:
        """Someone asks for the seat of a player who is away: a yes or a no from this player."""
        question = Text.assemble(
            (literal(frame["by"]), "bold"),
            " asks to take over the seat of ",
            (literal(frame["name"]), "bold"),
            f", who is away. Is this really {literal(frame['name'])}, on another device? Only say yes if you "
            "know it is them: they will see that seat's cards.\n\ny lets them in   n says no",
        )

        def answered(yes: bool | None) -> None:
            if yes is not None:  # None: decided meanwhile, by someone else
                self.answer_ask(frame["table"], frame["request"], yes)

        self.push_screen(ConfirmScreen(question, id=f"ask-{frame['table']}-{frame['request']}"), answered)

    def _ask_over(self, frame: ReclaimOver) -> None:
        """A request for a seat was decided (maybe by someone else): its question goes, the outcome is told."""
        if self.screen.id == f"ask-{frame['table']}-{frame['request']}":
            self.screen.dismiss(None)
        self.notify(literal(frame["message"]), timeout=8)

    @work(group="requests")
    async def answer_ask(self, table: int, request: int, yes: bool) -> None:
        if self.client is None:
            return
        with contextlib.suppress(ConnectionLost, HostError):  # answered already: its outcome is told
            await self.client.answer(table, request, yes)

    def _removed(self, frame: Removed) -> None:
        """The table's organiser freed this player's seat before the game: back to the lobby, told why."""
        why = f": {literal(frame['reason'])}" if frame["reason"] else "."
        self.notify(f"{literal(frame['name'])} freed your seat at table {frame['table']}{why}", timeout=20,
                    severity="warning")  # fmt: skip
        if self.table is not None and frame["table"] == self.table.id:
            self._forget_table()

    def _sit(self, table: int) -> None:
        """From now on follow ``table``: what the host told of it already is shown."""
        self.table = follower = self.followers.setdefault(table, TableFollower(table))
        if (screen := self.table_screen) is not None and screen.follower is None:
            screen.follower = follower  # the table painted before yule play's host had started
        if follower.lines:
            self._changed(Change("log"))
        if follower.info is not None:
            self._changed(Change("table"))
        if follower.frame is not None:
            self._changed(Change("view", ended=follower.result is not None))

    def _changed(self, change: Change) -> None:
        """What a frame changed at the table followed, shown: in the lobby while the table
        waits, else at the table (its screen opened on the game's start or its first view)."""
        table = self.table
        assert table is not None
        if change.kind == "table":
            self._table_info(table)
        elif change.kind == "view":
            self._view(table, change)
        elif (lobby := self.lobby) is not None:  # the lobby's panel of the waiting table shows its chat
            lobby.chat = [chat_line(line) for line in table.lines if not isinstance(line, str)]
        if (screen := self.table_screen) is not None:
            screen.follow(change)
        self.follow_clock()

    def _table_info(self, table: TableFollower[Any]) -> None:
        info = table.info
        assert info is not None
        code = info.get("code") if self.play is None else None  # yule play: nobody else comes
        self.set_status(code=code, place=f"Yule · #{info['table']} {literal(info['title'])}")
        lobby = self.lobby
        if info["status"] == "waiting":
            if self.table_screen is not None and table.frame is not None:
                # Play again with a seat left empty: the table waits in the lobby for a player or a bot.
                self.notify("A seat is empty now: the table waits in the lobby for a player or a bot.", timeout=10)
                if self.watching or lobby is None:
                    self.leave_table()
                    return
                self._close_table()
                table.forget_game()
            if lobby is not None and info["you"] is not None and not self.watching:
                lobby.mine = info
            return
        if lobby is not None:
            lobby.mine = None
        self._open_table(info["game"])

    def _open_table(self, game: str) -> TableScreen | None:
        """The table screen, opened on the first view or the game's start, whichever comes first."""
        if self.table_screen is None and game in GAME_UIS:
            leave = TableScreen.LEAVE_ASKS if self.play is None else PLAY_LEAVE_ASKS
            screen = TableScreen(game, self.table, spectator=self.watching, leave_asks=leave, others=self.play is None)
            self._open("table", screen)
        return self.table_screen

    def _view(self, table: TableFollower[Any], change: Change) -> None:
        view = table.view
        assert view is not None
        screen = self._open_table(view.get("game", ""))
        if screen is None:
            return
        if change.ended:
            if screen in self.screen_stack:
                screen.pop_until_active()  # a question the table asked is moot now
            self.call_later(self.show_results)  # once it has gone
        elif table.result is None and self.game_over is not None:  # the game goes on: its sheet goes
            if self.screen is self.game_over:
                self.game_over.dismiss(None)
            self.game_over = None
        self.refresh_bindings()  # a sheet to show again, a game to play again, or neither

    # -- game over -------------------------------------------------------------------------------

    def _results(self) -> tuple[str, dict[str, Any], list[str], int | None] | None:
        """The finished game's sheet (game, result, names, your seat): what the game over screen shows."""
        table, screen = self.table, self.table_screen
        view = None if table is None else table.view
        if table is None or screen is None or view is None or "result" not in view:
            return None
        you = None if self.watching or table.frame is None else table.frame["seat"]
        return screen.game, final_result(screen.game, view), table.names, you

    def show_results(self) -> None:
        """The game over sheet (again), over the table."""
        results = self._results()
        if results is None or self.game_over is not None:
            return
        self.game_over = GameOverScreen(*results, again=self._runs())
        self.push_screen(self.game_over, self._after_game)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("results", "again"):
            at_table = self._results() is not None and self.screen is self.table_screen
            return at_table and (action == "results" or self._runs())
        return True

    def _runs(self) -> bool:
        """True when this player may start the next game: they run the table (not watching)."""
        info = None if self.table is None else self.table.info
        return not self.watching and (info is None or info["runs"])

    def action_results(self) -> None:
        self.show_results()

    def action_again(self) -> None:
        if self.table is not None and not self.watching:
            self.again(self.table.id)

    def _after_game(self, choice: str | None) -> None:
        self.game_over = None
        if choice == "leave":
            self.leave_table()
        elif choice == "again" and self.table is not None:
            self.again(self.table.id)

    @work(group="requests")
    async def again(self, table: int) -> None:
        assert self.client is not None
        try:
            await self.client.play_again(table)
        except (HostError, ConnectionLost) as e:
            self.notify(literal(getattr(e, "message", e)), title="Cannot play again", severity="error")

    # -- moves -------------------------------------------------------------------------------

    def on_game_table_move_chosen(self, message: GameTable.MoveChosen) -> None:
        self.send_move(message.move, message.seq)

    def on_game_table_undo(self, message: GameTable.Undo) -> None:
        self.undo()

    @work(group="moves")
    async def send_move(self, move: dict[str, Any], seq: int | None) -> None:
        """Send a move chosen on the view of ``seq``: refused (``stale``) if the game moved on."""
        screen, table = self.table_screen, self.table
        if self.client is None or table is None or screen is None:
            return
        try:
            await self.client.move(table.id, move, seq=seq)
        except HostError as e:
            screen.table.refused(STALE if e.code == "stale" else e.message)
        except ConnectionLost:
            screen.table.refused("Not connected to the host: the move was not sent. Try again once reconnected.")


def when_text(then: float, now: float) -> str:
    """When something began, as people say it: the time today or yesterday, else the day.

    >>> import time
    >>> now = time.mktime((2024, 12, 24, 18, 30, 0, 0, 0, -1))
    >>> [when_text(now - hours * 3600, now) for hours in (2, 20, 50)]
    ['today 16:30', 'yesterday 22:30', 'Dec 22']
    """
    day = time.localtime(then)
    days = time.mktime(time.localtime(now)[:3] + (0, 0, 0, 0, 0, -1)) - time.mktime(day[:3] + (0, 0, 0, 0, 0, -1))
    ago = round(days / 86400)
    if ago == 0:
        return time.strftime("today %H:%M", day)
    if ago == 1:
        return time.strftime("yesterday %H:%M", day)
    return f"{time.strftime('%b', day)} {day.tm_mday}"


def _unknown_name(error: BaseException | None) -> bool:
    """True for a failed look-up of a host name (not an address that does not answer)."""
    import socket

    return isinstance(error, socket.gaierror)
