"""The Yule terminal app (:class:`YuleApp`): connect, lobby, table and game over, following one host.

The app coordinates; each concern has a module of its own: following a host's frames
(:mod:`yule.tui.hosted`, the base it shares with the party and the TV), who you are
(:class:`~yule.tui.profile.Player`), the lobby's requests (:mod:`yule.tui.lobbydesk`), taking
a seat and answering a reclaim (:mod:`yule.tui.seating`), ``yule play``'s own host and game
menu (:mod:`yule.tui.playing`), the screens before a game (:mod:`yule.tui.connect`: the
connect screen looks for hosts itself; :mod:`yule.tui.lobby`, :mod:`yule.tui.newtable`,
:mod:`yule.tui.questions`) and at the table (:mod:`yule.tui.screens`).  All network work
runs in Textual workers; requests (join, create, moves ...) report refusals in plain words.
The table sat at is followed by a :class:`~yule.netplay.client.follower.TableFollower`, the one
place that holds what the host told of it; its screens draw from it.  The client library
reconnects by itself and takes the seat back; the app only follows its ``connection``
messages and the views that come after.  The app's places (connecting, the lobby, a table)
are Textual modes: leaving one closes it with every dialog over it.

Every seat the app gets is kept on this machine (the client library's seat store): joining
the table again, or connecting to a host where a game with your seat is going on, puts you
back in your seat.  Leaving a table goes back to the lobby (``yule join``) or to the game menu
(``yule play``); the app ends from there (q or Esc in the lobby: asked first), or with Ctrl+Q
from anywhere (asked first while you play).

``yule join`` asks for the player's name the first time (the login name offered) and remembers
it (:mod:`yule.tui.profile`); ``r`` in the lobby changes it before joining a table, ``g`` the
language (every screen is drawn anew in it: :meth:`YuleApp.reword`).

A decision that becomes the player's is called out (the bell, a desktop notification, the
window title), once: :mod:`yule.tui.turncall`, ``b`` in the lobby switching each.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import work
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import AwaitMount

from ..netplay import DEFAULT_PORT
from ..netplay.client import Client, ConnectionLost, HostError, SeatStore
from ..netplay.client.follower import Change, TableFollower, is_chat
from ..netplay.frames import Removed
from .dialogs import ConfirmScreen
from .games import GAME_UIS
from .helping import HELP_KEYS, Helps, HelpScreen
from .hosted import HostedApp
from .lobbyasks import LobbyAsk
from .lobbydesk import LobbyDesk, Stood
from .pace import pace_name
from .playing import PLAY_LEAVE_ASKS, PlayHost, PlaySetup
from .profile import Player, Profile
from .refusals import failed, frame_said, said
from .screens import GameOverScreen, TableScreen, WaitingChoice, final_result
from .seating import Sat, Seating
from .sizeguard import SizeGuard
from .text import literal
from .turncall import CallsTurns, profile_calls
from .widgets import GameTable, chat_line
from .words import N_, seat_label, t, title

if TYPE_CHECKING:  # the lobby's screens are loaded when first shown: yule play starts without them
    from .connect import ConnectScreen
    from .lobby import LobbyScreen

STALE = N_("The table changed before your move reached the host, so it was not made: look again and choose.")


class YuleApp(CallsTurns, SizeGuard, HostedApp):
    """One player's terminal: see the module docstring."""

    TITLE = "Yule"
    BINDINGS = [Binding("v", "results", "Results"), Binding("n", "again", "Play again"), *HELP_KEYS]
    """At the table once the game is over: its sheet again, a new game (players only); a
    helper's suggestion taken, the help ended (:mod:`.helping`)."""
    COME_BACK = N_("run the same yule join command to come back")
    """How a player who quits mid-game gets back to their seat, as the quit question says it
    (marked: worded as it is asked; a subclass marks its own)."""
    QUIT_ASKS = N_("Quit Yule?")
    """The quit question's first words: what quitting ends (marked, as :attr:`COME_BACK`)."""
    ONE_HOST = False
    """True for an app that plays at its one host only (an SSH guest's): no other address offered."""
    FIXED_NAME: str | None = None
    """Why this app's player cannot change their name in the lobby (``{name}``: theirs), or None
    (marked, as :attr:`COME_BACK`: the lobby words it)."""
    relay: str | None = None
    """The player's own address as an SSH server vouched for it, told the host (:mod:`yule.netplay.host.relay`)."""
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
        self.player = Player(name, profile, self.FIXED_NAME)
        """Who plays here: their name, and (``yule join``) what is remembered of them."""
        self.ask_name = ask_name
        """Ask for the name first (``name`` offered): ``yule join`` the first time."""
        self.address = address
        self.code = code
        self.play = PlayHost(self, play) if play is not None else None
        """``yule play``'s host and menus, or None (``yule join``)."""
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
        self.opening = True
        """True while a place opens (:meth:`_open`), and as the app starts (until mounted)."""
        self.game_over: GameOverScreen | None = None
        self.seating = Seating(self)
        """Taking a seat at the host's tables, and answering those who ask for one."""
        self.desk = LobbyDesk(self, self.player, self.seating, lambda: self.lobby)
        """The lobby's requests, answered."""
        self.turn_calls = profile_calls(lambda: self.bell(), profile)
        """Your turn called out: the bell, a notification, the window title (:mod:`.turncall`)."""
        self.helps = Helps(self)
        """A helper beside a seat: this app's, or this app's seat's (:mod:`.helping`)."""

    # -- start and stop -----------------------------------------------------------------------

    def on_mount(self) -> None:
        self.opening = False
        if self.ask_name:
            self._ask_first_name()
        else:
            self._begin()

    def _begin(self) -> None:
        if self.play is not None:
            self.open_play()
        elif self.address is not None:
            self.connect(*self.address)
        else:
            self.show_connect_screen()

    def _ask_first_name(self) -> None:
        """The first ``yule join``: the name to play under, remembered from then on."""
        from .questions import FirstNameScreen

        def named(name: str | None) -> None:
            if name is None:
                return
            self.player.play_as(name)
            self._begin()

        why = Text.from_markup(
            t(
                "Welcome to Yule! Which name do you play under? The others at the table see it. [b]Enter[/] takes "
                "it; it is remembered for next time (r in the lobby changes it)."
            )
        )
        self.push_screen(FirstNameScreen(why, self.player.name), named)

    def show_connect_screen(self) -> None:
        from .connect import ConnectScreen

        self._home()
        self._open("connect", ConnectScreen(DEFAULT_PORT, self.discover))

    # -- the app's places ----------------------------------------------------------------------

    def _open(self, place: str, screen: Screen[Any]) -> AwaitMount:
        """Show ``screen`` as the app's place ``place`` (a mode of its own)."""
        self._close(place)
        self.places[place] = screen
        self.add_mode(place, lambda: screen)
        self.opening = True
        try:
            return self.switch_mode(place)
        finally:
            self.opening = False

    def refresh_css(self, animate: bool = True) -> None:
        """Every screen styled again (after a change of colours), but not as a place opens
        (:meth:`_open`) or the app starts: a new screen takes its styles as it mounts, and
        nothing else changed.  Textual restyles every screen for a mode switched to the first
        time (the start's as the app starts), a place's twice over: ``yule play``'s first view
        came 15 to 25 ms later for it (``bench/tui_startup.py``)."""
        if not self.opening:
            super().refresh_css(animate)

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
        screen = self.places.get("lobby")
        if screen is None:
            return None  # before its lobby is shown, or never (yule play): the lobby's screens stay unloaded
        from .lobby import LobbyScreen

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
            kept = t("This game is kept: yule play offers to continue it.")
            self._confirm_quit(" ".join((t(self.QUIT_ASKS), kept)))
        else:
            waits = t(
                "Your seat waits for you (a bot plays it while you are away): {come_back}.",
                come_back=t(self.COME_BACK),
            )
            self._confirm_quit(" ".join((t(self.QUIT_ASKS), waits)))

    def action_ask_quit(self, code: int = 0) -> None:
        """q or Esc in the lobby (Esc on the screens before it, q or Esc when the host does not
        answer): quit once the player says yes, with exit code ``code``."""
        lobby = self.lobby
        mine = lobby.mine if lobby is not None else None
        question = t(self.QUIT_ASKS)
        if mine:
            held = t(
                "Your seat at #{table} waits for you: {come_back}.", table=mine["table"], come_back=t(self.COME_BACK)
            )
            question = f"{question} {held}"
        self._confirm_quit(question, code)

    def _confirm_quit(self, question: str, code: int = 0) -> None:
        if isinstance(self.screen, ConfirmScreen) and self.screen.id == "quit":
            return

        def quit_(yes: bool | None) -> None:
            if yes:
                self.exit(code, return_code=code)

        self.push_screen(ConfirmScreen(question, yes=t("quit"), no=t("stay"), id="quit"), quit_)

    # -- connecting to a host ----------------------------------------------------------------

    def on_connect_screen_chosen(self, message: ConnectScreen.Chosen) -> None:
        self.connect(message.host, message.port)

    @work(exclusive=True, group="connect")
    async def connect(self, host: str, port: int) -> None:
        """Connect, show the lobby, then sit down: at the table with the code given, or back
        in the seat of a game going on."""
        from .connect import ConnectingScreen

        self.address = (host, port)
        self.place = f"Yule · {literal(host)}:{port}"
        self.set_status(connection="connecting", place=self.place)
        self._open("connecting", ConnectingScreen(f"{literal(host)}:{port}"))  # closed by what follows
        client = Client(host, port, name=self.player.name, seat_store=self.seat_store, relay=self.relay)
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
            self._moved(await self.desk.take_seat(None, self.code))
        else:
            self._moved(await self.desk.back_to_a_game())

    def no_answer(self, host: str, port: int, error: BaseException | None) -> None:
        """The host cannot be reached: say so, with keys to try again, connect elsewhere or quit."""
        from .connect import NoAnswerScreen

        where = f"{literal(host)}:{port}"
        if isinstance(error, HostError):
            why = t("{where} answers, but: {message}", where=where, message=said(error))
        elif _unknown_name(error):
            why = t(
                "No host called {host} is known here. Check the name, or type its address (yule hosts lists the "
                "hosts found on this network).",
                host=literal(host),
            )
        elif error is None:
            why = t("The host at {where} stopped answering. Is `yule host` still running there?", where=where)
        else:
            why = t("Nothing answers at {where}. Is `yule host` running there?", where=where)
        why += " " + t("(tried at {time})", time=time.strftime("%H:%M:%S"))
        self._forget_table()
        self._home()

        def chosen(choice: str | None) -> None:
            if choice == "retry":
                self.connect(host, port)
            elif choice == "other":
                self.show_connect_screen()

        self.push_screen(NoAnswerScreen(why, elsewhere=not self.ONE_HOST), chosen)

    async def _show_lobby(self) -> None:
        self._forget_table()
        self._home()
        await self._open("lobby", await self.desk.screen())
        await self.desk.keep_fresh()

    def on_lobby_screen_request(self, message: LobbyScreen.Request) -> None:
        self.lobby_request(message.ask)

    @work(group="requests")
    async def lobby_request(self, ask: LobbyAsk) -> None:
        """The lobby's request (:meth:`LobbyDesk.answer`), then the tables listed anew."""
        self._moved(await self.desk.answer(ask))
        await self.desk.refresh()

    def _moved(self, where: Sat | Stood | None) -> None:
        """Follow the table a request sat you at, or none once you stood up (None: as before)."""
        if isinstance(where, Stood):
            self._forget_table()
        elif where is not None:
            self._sit(where.table, watching=where.watching)

    # -- yule play -------------------------------------------------------------------------

    @work(exclusive=True, group="connect")
    async def open_play(self) -> None:
        """``yule play``: connected to its host (on loopback over the play folder), then the game
        asked for (its table painted first), or the menu with the unfinished games to continue."""
        play = self.play
        assert play is not None
        self.set_status(connection="connecting")
        quick = play.setup.game  # yule play GAME: that game at once (the menu offers the unfinished ones)
        if quick is not None:
            self._open_table(quick)  # painted while the host starts (PlayHost.start)
        client = await play.start(self.player.name, self.seat_store)
        if client is None:
            return
        self.client = client
        self.place = "Yule · " + t("on this machine")
        self.read_frames()
        if quick is not None:
            await self._new_game(quick)
        else:
            await self._play_menu()

    async def _play_menu(self) -> None:
        """The game menu (:meth:`PlayHost.choose`): continue a game, or a new one; q or Esc quits."""
        client = self.client
        assert self.play is not None and client is not None
        self.set_status(place=self.place, code=None)
        pick = await self.play.choose(client)
        if pick is None:
            self.exit(0)
        elif pick[0] == "continue":
            self._moved(await self.desk.take_seat(pick[1], None))
        else:
            await self._new_game(pick[1])

    async def _new_game(self, game: str) -> None:
        """A new table of ``game`` with bots (:meth:`PlayHost.new_table`); refused, the menu again."""
        client = self.client
        assert self.play is not None and client is not None
        if not await self.play.new_table(client, game, self._sit):
            self._forget_table()
            await self._play_menu()

    # -- leaving a table -----------------------------------------------------------------------

    def on_table_screen_leave(self, message: TableScreen.Leave) -> None:
        self.leave_table()

    def on_table_screen_waiting(self, message: TableScreen.Waiting) -> None:
        self.table_request(message.table, message.kind, message.seat)

    @work(group="requests")
    async def on_table_screen_pace(self, message: TableScreen.Pace) -> None:
        """The bots' pace chosen at a table: the host is told, and it is remembered for that game."""
        if self.client is None:
            return
        try:
            await self.client.set_pace(message.table, message.delay)
        except HostError as e:
            self.notify(said(e), title=t("Not now"), severity="warning")
            return
        except ConnectionLost:
            self.notify(t("Not connected to the host right now: try again in a moment."), severity="error")
            return
        self.player.paced(message.game, message.delay)
        self.notify(t("The bots' pace: {pace}.", pace=pace_name(message.delay)), timeout=4)

    @work(group="requests")
    async def table_request(self, table: int, kind: WaitingChoice, seat: int) -> None:
        """A nudge, a bot's move or a stand-in now, for ``seat`` (the host says why not, if not)."""
        client = self.client
        if client is None:
            return
        try:
            ask = {"nudge": client.nudge, "bot_move": client.bot_move, "stand_in": client.stand_in}[kind]
            await ask(table, seat)
        except HostError as e:
            self.notify(said(e), title=t("Not now"), severity="warning")
        except ConnectionLost:
            self.notify(t("Not connected to the host right now: try again in a moment."), severity="error")

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
            await self.desk.refresh()

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
        self.turn_calls.away()

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
        frame = self.helps.route(message.frame)  # a helper beside a seat: its frames (:mod:`.helping`)
        if frame is None:
            return
        followed = None if self.table is None else self.table.id
        if frame["type"] == "connection":
            self.set_status(connection=frame["state"])
            if frame["state"] == "gone" and frame["reason"] != "closed" and self.address is not None:
                self.no_answer(*self.address, None)
        elif frame["type"] == "table" or frame["type"] == "log" or frame["type"] == "chat" or frame["type"] == "view":
            follower = self.followers.setdefault(frame["table"], TableFollower(frame["table"], name=seat_label))
            change = follower.take(frame)
            if follower is self.table and change is not None:
                self._changed(change)
        elif frame["type"] == "error" and frame["code"] == "replaced" and frame.get("table") == followed:
            self.notify(t("You took your seat back in another terminal: this one now goes back."), timeout=15)
            self.leave_table()
        elif frame["type"] == "error" and frame["code"] == "seat_moved" and frame.get("table") == followed:
            words = t("{why} Enter on the table in the lobby asks for it back.", why=frame_said(frame))
            self.notify(words, title=t("Your seat"), severity="warning", timeout=20)
            self.leave_table()  # reconnected too late: the seat went to another device meanwhile
        elif frame["type"] == "reclaim_asked":
            self.seating.asked(frame)
        elif frame["type"] == "reclaim_over":
            self.seating.ask_over(frame)
        elif frame["type"] == "nudged" and frame["table"] == followed:
            self.bell()
            self.notify(t("{name} nudged you: the table waits for your move.", name=literal(frame["name"])), timeout=10)
        elif frame["type"] == "removed":
            self._removed(frame)
        elif frame["type"] == "error":
            at = self.followers.get(frame.get("table", -1))
            game = at.info["game"] if at is not None and at.info is not None else None
            self.notify(frame_said(frame, game, at.names if at is not None else ()), title=t("From the host"),
                        severity="error")  # fmt: skip

    def _removed(self, frame: Removed) -> None:
        """The table's organiser freed this player's seat before the game: back to the lobby, told why."""
        name, table = literal(frame["name"]), frame["table"]
        if frame["reason"]:
            why = t("{name} freed your seat at table {table}: {reason}", name=name, table=table,
                    reason=literal(frame["reason"]))  # fmt: skip
        else:
            why = t("{name} freed your seat at table {table}.", name=name, table=table)
        self.notify(why, timeout=20, severity="warning")
        if self.table is not None and frame["table"] == self.table.id:
            self._forget_table()

    def follow_table(self, table: int, *, watching: bool = False) -> None:
        """Follow ``table`` from now on (a helper's, once the seat said yes: :mod:`.helping`)."""
        self._sit(table, watching=watching)

    def _sit(self, table: int, *, watching: bool = False) -> None:
        """From now on follow ``table`` (``watching``: as a spectator): what the host told of it
        already is shown."""
        if watching:
            self.watching = True
        self.table = follower = self.followers.setdefault(table, TableFollower(table, name=seat_label))
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
            lobby.chat = [chat_line(line) for line in table.lines if is_chat(line)]  # type: ignore[arg-type]
        if (screen := self.table_screen) is not None:
            screen.follow(change)
        self.follow_clock()
        if change.kind in ("view", "table"):
            self.turn_calls.follow(table)  # a decision just become yours is called out

    def _table_info(self, table: TableFollower[Any]) -> None:
        info = table.info
        assert info is not None
        code = info.get("code") if self.play is None else None  # yule play: nobody else comes
        self.set_status(code=code, place=self._table_place(info))
        lobby = self.lobby
        if info["status"] == "waiting":
            if self.table_screen is not None and table.frame is not None:
                # Play again with a seat left empty: the table waits in the lobby for a player or a bot.
                self.notify(t("A seat is empty now: the table waits in the lobby for a player or a bot."), timeout=10)
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

    @staticmethod
    def _table_place(info: Any) -> str:
        """The status line's place at a table: ``Yule · #3 White Rabbit``."""
        return f"Yule · #{info['table']} {literal(title(info['title']))}"

    def reword(self) -> None:
        """Every screen drawn anew in the language just chosen (:meth:`HostedApp.reword`), the
        status line's place too."""
        super().reword()
        info = None if self.table is None else self.table.info
        if info is not None:
            self.set_status(place=self._table_place(info))

    def _open_table(self, game: str) -> TableScreen | None:
        """The table screen, opened on the first view or the game's start, whichever comes first."""
        if self.table_screen is None and game in GAME_UIS:
            leave = TableScreen.LEAVE_ASKS if self.play is None else PLAY_LEAVE_ASKS
            helping = self.helps.helping
            if helping is not None and self.table is not None and helping.table == self.table.id:
                screen: TableScreen = HelpScreen(game, helping.name, self.table, spectator=True, others=True)
            else:
                screen = TableScreen(
                    game, self.table, spectator=self.watching, leave_asks=leave, others=self.play is None
                )
            self._open("table", screen)
        return self.table_screen

    def _view(self, table: TableFollower[Any], change: Change) -> None:
        view = table.view
        assert view is not None
        self.helps.viewed()  # a suggestion goes with the view it was made on
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
        if action in ("take_suggestion", "end_help"):  # a helper beside this seat (:mod:`.helping`)
            return self.screen is self.table_screen and not self.watching and self.helps.may(action)
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

    def action_take_suggestion(self) -> None:
        self.helps.take()

    def action_end_help(self) -> None:
        self.helps.end()

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
            self.notify(failed(e), title=t("Cannot play again"), severity="error")

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
        if self.helps.helping is not None and self.helps.helping.table == table.id:  # a helper's: a suggestion
            await self.helps.suggest(move, seq)
            return
        try:
            await self.client.move(table.id, move, seq=seq)
        except HostError as e:
            game = table.info["game"] if table.info is not None else None
            screen.table.refused(t(STALE) if e.code == "stale" else said(e, game, table.names))
        except ConnectionLost:
            screen.table.refused(t("Not connected to the host: the move was not sent. Try again once reconnected."))


def _unknown_name(error: BaseException | None) -> bool:
    """True for a failed look-up of a host name (not an address that does not answer)."""
    import socket

    return isinstance(error, socket.gaierror)
