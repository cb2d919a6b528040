"""``yule watch``: the TV view of the room's tables, for the big screen at the party.

:class:`WatchApp` follows a table as a spectator: the host sends it the public view only.  It
follows the room (:meth:`WatchApp.look_around`, every :data:`LOOK_SECONDS`): it starts at the
table asked for (by number, or by join code), or else at the newest table it may watch, and
moves on by itself to the newest table started at the host since it chose (a newer table's
number is higher) that it may watch, whose game is not over: never during a game, after a game
once its results and the evening's standings have been shown once each, at once while its table
waits for players, or when the host has forgotten it.  It may watch an open table; a private
one only as the host's owner's TV (``yule watch --owner`` on the host's machine: it proves the
owner token of the host's data folder, :mod:`yule.netplay.host.owner`, again after each lost
connection, and may then watch every table, and sees every game in the evening's standings),
or the private table whose code it came with.

- While the table waits for players, :class:`WaitingScreen` invites people in, in letters read
  across a room: the join code (big, :mod:`~yule.tui.bigtext`), the host's address, the ``yule
  join`` line and the ``ssh`` line (with whether a party word is asked), from the host's
  welcome (``reach``), and who has sat down so far, live.  An open table needs no code: it
  says so.  The code is the one the host tells the TV, which it does only to a TV that came
  with it (``--code``).
- During a game it shows the TV of the table's game: the game's own (``GameUI.tv``: Gift
  Exchange's board of gifts) or :class:`TableTV`, the game's table drawn for a spectator (no
  hand, no shelf, no move keys) with the log under it, the table's chat in it, the table as
  large as the screen lets it be (:attr:`~yule.tui.widgets.GameTable.scale`, as every table
  screen does: on a big screen the boards at double size).  The status line names the game and
  the table; the table says whose turn it is.
- After the game, its results and the evening's standings (:class:`EveningTV`) take turns
  until the next game starts, or the table waits for players again, or (after one turn of
  each) the TV moves on to a newer table.

When the table cannot be watched, :class:`WaitingScreen` says why in words.

The bell rings when a game starts at the table shown, and when it ends (:class:`~yule.tui.turncall.Chime`).
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from ..core.base import View
from ..netplay import host_port, on_this_machine_only, ssh_line
from ..netplay.client import Client, ConnectionLost, HostError
from ..netplay.client.follower import TableFollower
from ..netplay.frames import Reach, Summary, TableInfo
from ..netplay.host.owner import OwnerFileError, read_owner_file
from .bigtext import BigText, big_rows, big_width, drawable
from .following import FollowScreen
from .games import GAME_UIS
from .hosted import HostedApp
from .refusals import said
from .scores import Headline, ScoreSheet
from .screens import TableScreen, final_result
from .standings import StandingsScreen
from .text import literal
from .turncall import Chime
from .widgets import GameLog, GameTable, KeysFooter, StatusLine
from .words import seat_label, t, title, tn

RESULTS_SECONDS = 20.0
"""Seconds the TV shows a finished game's results before the evening's standings ..."""
STANDINGS_SECONDS = 20.0
"""... and the standings before the results again, in turn until the next game starts."""
LOOK_SECONDS = 5.0
"""Seconds between two looks at the host's lobby for a newer table to follow (a lobby list
counts as ten frames or more in a connection's rate limit: looks far more often would flood it)."""


class TableTV(TableScreen):
    """The TV of a game without a TV of its own: its table drawn for a spectator (as tall as
    what it shows; the log under it has every row left), as on a spectator's screen, and as
    large as the screen lets it be (the table's :attr:`~yule.tui.widgets.GameTable.scale`).
    Once the game is over the score sheet takes the table's place, until the table plays again."""

    DEFAULT_CSS = """
    TableTV #results { height: auto; max-height: 70%; }
    """
    BINDINGS = [Binding("q", "leave", "Quit"), Binding("f1,question_mark", "rules", "Rules", show=False)]
    """Its footer shows the one key the person at the TV's keyboard needs, ``q``; nobody watching
    can press a key, so the others (``?`` the rules, ``l`` the whole log) work without a word."""

    def __init__(self, game: str, follower: TableFollower[Any]) -> None:
        super().__init__(game, follower)
        self.result: dict[str, Any] | None = None
        """The final view's result shown, while the game is over."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield widget
            if isinstance(widget, GameLog):
                widget.border_title = t(GameLog.TV_TITLE)
            if isinstance(widget, GameTable):
                results = VerticalScroll(id="results")
                results.display = False
                yield results

    def _draw(self, view: View, names: list[str], tags: dict[int, str]) -> None:
        """The table, or once the game is over the headline and the score sheet in its place."""
        super()._draw(view, names, tags)
        result = view.get("result")
        if result != self.result:
            self.result = result
            self.call_later(self._show_result, view, names)  # one after the other, in order

    async def _show_result(self, view: View, names: list[str]) -> None:
        results = self.query_one("#results", VerticalScroll)
        await results.remove_children()
        if "result" in view:
            ui = GAME_UIS[self.game]
            final = final_result(self.game, view)
            headline = Headline(Text(t("Game over. {headline}", headline=ui.headline(final, names))))
            await results.mount(headline, ScoreSheet(ui.sheet(final, names, None)))
        self.table.display = "result" not in view
        results.display = "result" in view

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The TV shows the chat and the reactions; nobody types, asks, nudges, reacts or pauses there;
        # it has no hand to hide.
        return action not in ("chat", "hint", "waiting", "pace", "react", "hide_hand", "show_hand", "pause", "resume")

    def action_leave(self) -> None:
        self.app.exit(0)


def join_line(address: str, port: int, code: str | None) -> str:
    """What a guest with Yule types: straight to the table with its ``code``, else to the lobby.

    >>> join_line("192.168.1.20", 7737, "K7QF2M"), join_line("fe80::1", 7737, None)
    ('yule join 192.168.1.20:7737 --code K7QF2M', 'yule join [fe80::1]:7737')
    """
    return f"yule join {host_port(address, port)}" + (f" --code {code}" if code else "")


def how_to_join(info: TableInfo, reach: Reach) -> Text:
    """The lines under the join code: the ``yule join`` line, the host's other addresses, the
    ``ssh`` line and whether SSH asks a party word (``reach``: the host's, its first address
    the one to show).  An open table needs no code; a private table whose code the TV was not
    told (it came without it, when the table was open) names where the code is."""
    addresses, port, table = reach["addresses"], reach["port"], info["table"]
    address = addresses[0]
    code = info.get("code")
    # Translators: after a command to type ("yule join 10.0.0.2:7737, then table 3 in the lobby").
    then = t("then table {table} in the lobby", table=table) if info["open"] else t("then c and the join code")
    text = Text()
    if info["open"]:
        text.append(join_line(address, port, None), style="bold")
        text.append(f", {then}")
    elif code is not None:
        text.append(join_line(address, port, code), style="bold")
    else:
        # Translators: a placeholder in a command to type, for the join code: capitals, one word.
        text.append(join_line(address, port, t("CODE")), style="bold")
        text.append("\n" + t("(the code is on the screen of whoever made the table)"))
    if len(addresses) > 1:
        text.append("\n" + t("(the host is also at {addresses})", addresses=", ".join(addresses[1:])))
    elif on_this_machine_only(address):
        text.append("\n" + t("(on the host's own machine only: it listens there alone)"))
    if reach["ssh_port"] is not None:
        # Translators: a placeholder in the ssh command to type, for the guest's name: capitals, one word.
        name = t("NAME")
        text.append("\n\n" + t("With just SSH:") + " ")
        text.append(ssh_line(reach["ssh_port"], name, address), style="bold")
        text.append(" " + t("({name}: your name), {then}", name=name, then=then))
        text.append("\n" + (t("SSH asks for the party word: the organiser has it.") if reach["party_word"] else
                            t("No party word is asked.")))  # fmt: skip
    return text


MARK = "\x00"
"""Where a styled value goes in a sentence worded with ``t`` (:func:`with_bold`)."""


def with_bold(sentence: str, value: str) -> Text:
    """``sentence`` (worded with ``MARK`` for its value) with ``value`` in bold in its place."""
    before, _, after = sentence.partition(MARK)
    return Text.assemble(before, (value, "bold"), after)


def seated_text(info: TableInfo) -> Text:
    """Who has sat down so far, and how many seats are free (names literally)."""
    seats = info["seats"]
    names = [seat_label(s) for s in seats if s is not None]
    free = len(seats) - len(names)
    text = Text()
    if not names:
        return text.append(
            tn("Nobody has sat down yet: {n} seat free.", "Nobody has sat down yet: {n} seats free.", free)
        )
    text.append(t("Seated ({seated} of {seats}):", seated=len(names), seats=len(seats)) + " ")
    text.append_text(Text(", ").join(Text(literal(name), style="bold") for name in names))
    if free:
        return text.append(". " + tn("{n} seat is free.", "{n} seats are free.", free))
    runner = info["run_by"]  # only whoever runs the table starts it: the TV says who that is
    text.append(". ")
    if runner is None:
        return text.append(t("Every seat is taken: one of the players starts the game."))
    return text.append_text(with_bold(t("Every seat is taken: {who} starts the game.", who=MARK), literal(runner)))


def big_scales(rows: int, width: int, code: str, address: str) -> tuple[int, int]:
    """The scales of the join code and of the host's address in big letters that fit ``rows``
    rows and ``width`` columns (:mod:`~yule.tui.bigtext`; 0: in words): the code as large as
    fits, up to 5; then the address, smaller than the code (up to 2 without one), if there is
    room left for it with its label and the blank line above.

    >>> big_scales(8, 74, "K7QF2M", "192.168.1.20:7737")  # 80×24
    (2, 0)
    >>> big_scales(37, 194, "K7QF2M", "192.168.1.20:7737")  # 200×60
    (5, 2)
    >>> big_scales(20, 194, "", "192.168.1.20:7737")  # no code to show
    (0, 2)
    """

    def fits(text: str, scale: int, room: int) -> bool:
        return drawable(text) and big_width(text, scale) <= width and big_rows(scale) <= room

    code_scale = next((s for s in range(5, 0, -1) if fits(code, s, rows)), 0)
    room = rows - (big_rows(code_scale) if code_scale else 1 if code else 0) - 2
    largest = code_scale - 1 if code else 2
    return code_scale, next((s for s in range(largest, 0, -1) if fits(address, s, room)), 0)


class WaitingScreen(Screen[None]):
    """The TV until the game starts: how to join the table and who has sat down
    (:meth:`invite`); or a message in the middle (:meth:`say`): connecting, or why not."""

    DEFAULT_CSS = """
    WaitingScreen Middle { width: 1fr; height: 1fr; }
    WaitingScreen #message { width: auto; max-width: 76; padding: 1 2; border: round $accent; }
    WaitingScreen #invitation { height: auto; padding: 0 2; border: round $accent; }
    WaitingScreen #invitation Static { width: 1fr; text-align: center; }
    WaitingScreen #welcome { text-style: bold; }
    WaitingScreen #code, WaitingScreen #how, WaitingScreen #seated { margin-top: 1; }
    """
    AROUND = (4, 6)
    """The rows and the columns of the screen that are not the invitation's words or big
    letters: the status line and the keys; the invitation's border and its padding (above)."""
    BINDINGS = [
        Binding("r", "again", "Try again"),
        Binding("q", "leave", "Quit"),
    ]

    message: str = ""
    failed: bool = False
    invitation: tuple[TableInfo, Reach] | None = None
    """The table and how to reach its host, while the screen invites people in."""
    words: tuple[Text, ...] = ()
    """The invitation's words: its welcome, how to join, who sits (empty: not shown)."""

    def compose(self) -> ComposeResult:
        yield StatusLine()
        with Middle():
            with Center():
                yield Static(id="message")
            with Vertical(id="invitation"):
                yield Static(id="welcome")
                yield BigText(id="code")
                yield BigText(id="address", label=t("The host"), colour="sky-blue", words=False, gap=1)
                yield Static(id="how")
                yield Static(id="seated")
        yield KeysFooter()

    def on_mount(self) -> None:
        if self.invitation is None:
            self.say(self.message, self.failed)
        else:
            self.invite(*self.invitation)

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def say(self, message: str, failed: bool = False) -> None:
        """Show ``message``; ``failed``: watching did not work (r tries again)."""
        self.message, self.failed, self.invitation = message, failed, None
        if not self.query("#invitation"):  # not composed yet: on_mount shows it
            return
        self.query_one("#message", Static).update(Text(message))
        self.query_one(Center).display = True
        self.query_one("#invitation").display = False
        self.refresh_bindings()

    def invite(self, info: TableInfo, reach: Reach) -> None:
        """Invite people to the waiting table ``info``, whose host ``reach`` tells how to reach."""
        self.message, self.failed, self.invitation = "", False, (info, reach)
        if not self.query("#invitation"):  # not composed yet: on_mount shows it
            return
        game, table = literal(title(info["title"])), info["table"]
        code = self.query_one("#code", BigText)
        address = self.query_one("#address", BigText)
        if info["organised"]:
            welcome = t(
                "{game} at table {table}: the organiser seats everyone and starts the game.", game=game, table=table
            )
            code.text = address.text = ""
            how = Text()
        else:
            welcome = t("Come and play {game} at table {table}!", game=game, table=table)
            # Translators: "table {table}" is drawn in big letters: A-Z and digits read best.
            code.label, code.text = (t("Join code"), info.get("code") or "") if not info["open"] else (
                t("An open table: no code needed"), t("table {table}", table=table))  # fmt: skip
            address.text = host_port(reach["addresses"][0], reach["port"])
            how = how_to_join(info, reach)
        self.words = (Text(welcome), how, seated_text(info))
        for name, text in zip(("welcome", "how", "seated"), self.words, strict=True):
            self.query_one(f"#{name}", Static).update(text)
        self.query_one("#how").display = bool(how)
        code.display, address.display = bool(code.text), bool(address.text)
        self.query_one(Center).display = False
        self.query_one("#invitation").display = True
        self._fit()
        self.refresh_bindings()

    def _fit(self) -> None:
        """The big letters as large as the screen has room for beside the invitation's words
        (:func:`big_scales`)."""
        if self.invitation is None:
            return
        height, width = self.app.size.height - self.AROUND[0], self.app.size.width - self.AROUND[1]
        for text in self.words:  # the welcome, then each with the blank line above it
            if text:
                height -= len(text.wrap(self.app.console, width)) + (text is not self.words[0])
        code, address = self.query_one("#code", BigText), self.query_one("#address", BigText)
        if code.text:
            height -= 2  # the blank line above it, and its label
        code.most, address.most = big_scales(height, width, code.text, address.text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.failed if action == "again" else True

    class TryAgain(Message):
        """Watching did not work: try again (``r``)."""

    def action_again(self) -> None:
        self.post_message(self.TryAgain())

    def action_leave(self) -> None:
        self.app.exit(1 if self.failed else 0)


class EveningTV(StandingsScreen, inherit_bindings=False):
    """The evening's standings on the TV between games, in turn with the game's results."""

    BINDINGS = [Binding("q", "app.quit", "Quit")]

    def hint(self) -> str:
        return t("the game's results again in a moment")


class WatchApp(HostedApp):
    """``yule watch``: follow the room's tables as a spectator, each on its game's TV (see the
    module's docstring for which table it follows); ``owner``: the data folder of the host whose
    owner's TV this is (None: anyone's)."""

    TITLE = "Yule TV"
    BINDINGS = [Binding("q", "quit", "Quit")]
    REACTIONS_LARGE = True  # read from the sofa

    def __init__(
        self,
        host: str,
        port: int,
        table: int | None,
        code: str | None,
        *,
        owner: Path | None = None,
        results_seconds: float = RESULTS_SECONDS,
        standings_seconds: float = STANDINGS_SECONDS,
        look_seconds: float = LOOK_SECONDS,
    ) -> None:
        super().__init__({"place": f"Yule TV · {host_port(host, port)}", "code": None, "connection": "connecting"})
        self.address = (host, port)
        self.wanted = table
        """The table asked for (None: the one whose join code is ``code``, or else the newest)."""
        self.code = code
        self.owner = owner
        self.waiting = WaitingScreen()
        self.tv: FollowScreen | None = None
        """The game's TV, once its first view came."""
        self.results_seconds, self.standings_seconds = results_seconds, standings_seconds
        self.look_seconds = look_seconds
        self._turn: Timer | None = None
        """After a game: when the results and the standings take turns next."""
        self.shown_once = False
        """After a game: its results and the evening's standings have each been shown once."""
        self.newest: int | None = None
        """The highest table number at the host when the TV chose the table it follows: a table
        with a higher one was started since (None: not looked yet)."""
        self.coded: int | None = None
        """The private table whose join code the TV came with (it may watch that one)."""
        self._looking = asyncio.Lock()
        """Held while the TV looks for a table to follow and moves to it: one look at a time."""
        self._looker: Timer | None = None
        self.chime = Chime()
        """Whether a frame starts or ends a game at the table shown: the bell rings (:mod:`.turncall`)."""

    def on_mount(self) -> None:
        self.push_screen(self.waiting)
        self.follow()

    def on_waiting_screen_try_again(self, message: WaitingScreen.TryAgain) -> None:
        self.follow()

    @work(exclusive=True, group="follow")
    async def follow(self) -> None:
        host, port = self.address
        address = f"{literal(host)}:{port}"
        self.waiting.say(t("Connecting to {address}…", address=address))
        self.set_status(connection="connecting")
        if self._looker is not None:
            self._looker.stop()
            self._looker = None
        if self.client is not None:
            await self.client.close()
            self.client = None
        client = Client(host, port, name="TV")
        try:
            await client.connect()
            self.client = client
            if self.owner is not None:
                await self._prove(client)
            if self.wanted is not None or self.code is not None:
                self.wanted = await client.watch(self.wanted, self.code)
                self.coded = self.wanted if self.code is not None else None
        except OwnerFileError as e:
            await client.close()
            self._cannot(t("This TV cannot be the host's owner's: {reason}.", reason=e))
            return
        except OSError:
            await client.close()
            self._cannot(t("Nothing answers at {address}. Is `yule host` running there?", address=address))
            return
        except TimeoutError:
            await client.close()
            self._cannot(t("{address} does not answer like a Yule host.", address=address))
            return
        except (HostError, ConnectionLost) as e:
            await client.close()
            self._cannot(self._refusal(e))
            return
        self.table = None if self.wanted is None else TableFollower(self.wanted, name=seat_label)
        self.set_status(connection="connected")
        self.waiting.say(t("Watching: waiting for the table…") if self.table else t("Looking for a table to watch…"))
        self.read_frames()
        self.look_around()
        self._looker = self.set_interval(self.look_seconds, self.look_around)

    async def _prove(self, client: Client) -> None:
        """Prove the owner token of the host whose data folder is :attr:`owner` (read anew: a
        host makes a new one at each start)."""
        assert self.owner is not None
        await client.owner(read_owner_file(self.owner).token, answers=False)  # a TV answers no request

    def _refusal(self, error: HostError | ConnectionLost) -> str:
        if isinstance(error, ConnectionLost):
            return t("The host closed the connection. Try again in a moment.")
        if error.code == "bad_token":
            return t(
                "The host does not take this TV's owner token: is the host running with this data folder? "
                "(yule watch --owner on the host's machine, with its --data folder)"
            )
        if error.code == "bad_code" and self.code is None:
            # Translators: CODE is the placeholder of the command's join code (worded as in "yule join … --code CODE").
            return t(
                "Table {table} is private: give its join code too, yule watch … --code {placeholder} (the code alone "
                "names the table). Whoever made the table sees its code, and so does everyone seated there.",
                table=self.wanted,
                placeholder=t("CODE"),
            )
        if error.code == "bad_code":
            code = literal((self.code or "").strip().upper())
            wrong = t("No table here has the join code {code}.", code=code) if self.wanted is None else t(
                "{code} is not the join code of table {table}.", code=code, table=self.wanted)  # fmt: skip
            return wrong + " " + t("Check the code on the organiser's screen.")
        return said(error)

    def _cannot(self, why: str) -> None:
        self.set_status(connection="offline")
        self.waiting.say(why + "\n\n" + t("r tries again, q quits."), failed=True)

    # -- which table ------------------------------------------------------------------------------

    def may_watch(self, table: Summary) -> bool:
        """Whether this TV may watch ``table``: an open one; a private one as the host's owner's
        TV, or the one whose code it came with."""
        return table["open"] or self.owner is not None or table["table"] == self.coded

    @work(group="look")
    async def look_around(self) -> None:
        """Look at the host's lobby and move on to a newer table, if there is one to move on to
        (not while the TV looks already)."""
        if not self._looking.locked():
            await self._look(after_game=self.shown_once)

    async def _look(self, *, after_game: bool = False) -> bool:
        """Move on to the table to follow now, if it is another: True when the TV moved.  The
        newest table it may watch and whose game is not over, started since the TV chose the one
        it follows (any, while it follows none), when that one is not being played, nor over with
        its results and standings not yet shown once (``after_game``: they have been)."""
        async with self._looking:
            client = self.client
            if client is None or client.state != "connected":
                return False
            try:
                tables = await client.list_tables()
            except (HostError, ConnectionLost):
                return False
            numbers = [s["table"] for s in tables]
            top = max(numbers, default=0)
            followed = self.table
            if self.newest is None:
                self.newest = top if followed is not None else 0
            present = followed is not None and followed.id in numbers  # (else none, or forgotten)
            busy = followed is not None and (
                followed.status == "playing" or (followed.status == "over" and not after_game)
            )
            if present and busy:  # never during a game, nor before its results and standings were shown
                return False
            watchable = [s for s in tables if self.may_watch(s) and s["table"] != (followed and followed.id)]
            newest = self.newest if present else 0  # following none: any table will do
            new = [s["table"] for s in watchable if s["table"] > newest and s["status"] != "over"]
            if not present and not new:
                new = [s["table"] for s in watchable]  # nothing going on: the last game's results
            if not new:
                if followed is not None and not present:  # forgotten, and nothing else to watch
                    self._forget_table()
                    self.waiting.say(self._nothing_to_watch())
                elif followed is None:
                    self.waiting.say(self._nothing_to_watch())
                return False
            self.newest = top
            await self._move_to(client, max(new))
            return True

    def _nothing_to_watch(self) -> str:
        if self.owner is not None:
            return t("No table to watch at this host yet: the TV shows the next one started.")
        return t("No open table to watch at this host yet: the TV shows the next one started.")

    async def _move_to(self, client: Client, table: int) -> None:
        """Stop following the table followed (if any) and follow ``table`` from the start."""
        if self.table is not None:
            with contextlib.suppress(HostError, ConnectionLost):
                await client.leave(self.table.id)
        self._forget_table()
        self.table = TableFollower(table, name=seat_label)  # before the watch: the table's first frames are its
        self.wanted, self.code = table, None
        self.waiting.say(t("Watching table {table}: waiting for it…", table=table))
        try:
            await client.watch(table, None)
        except (HostError, ConnectionLost):
            self.table = self.wanted = None  # gone meanwhile, or the connection: look again
            self.waiting.say(t("Looking for a table to watch…"))

    def _forget_table(self) -> None:
        """The table followed so far is no longer shown: its screens go, and its timers."""
        if self._turn is not None:
            self._turn.stop()
            self._turn = None
        self.tv = None
        while self.screen is not self.waiting:
            self.pop_screen()
        self.table = None

    @work(group="look")
    async def _reprove(self) -> None:
        """Back after a lost connection: the owner's TV proves the host's owner token again
        (the host may have restarted, with a new one), then watches its table again."""
        client = self.client
        if client is None or self.owner is None:
            return
        try:
            await self._prove(client)
            if self.table is not None:
                await client.watch(self.table.id, None)
        except (OwnerFileError, HostError, ConnectionLost):
            return  # the next look, or the next time the connection is back

    # -- the host's frames ----------------------------------------------------------------------

    def on_hosted_app_from_host(self, message: HostedApp.FromHost) -> None:
        """One frame from the host: the table's info, its log (and chat) so far, a chat line, or a
        new public view."""
        if not self.is_running:
            return  # closing: the screens are being taken down
        frame = message.frame
        if frame["type"] == "connection":
            self.set_status(connection=frame["state"])
            if frame["state"] == "connected":
                self._reprove()
        elif self.table is not None and (change := self.table.take(frame)) is not None:
            if self.chime.heard(self.table, change):
                self.bell()  # a game starts, or ends, at the table shown
            if change.kind == "table":
                self._table_info(self.table)
            elif change.kind == "view":
                self._open_tv(self.table)
            if self.tv is not None:
                self.tv.follow(change)
            self.follow_clock()
            self._between_games()

    def _table_info(self, table: TableFollower[Any]) -> None:
        info = table.info
        assert info is not None
        self.set_status(
            place=t("Yule TV · {game} · table {table}", game=literal(title(info["title"])), table=info["table"])
        )
        if info["status"] != "waiting":
            return
        if self.tv is not None:  # played again with a seat left empty: the table waits for a player
            self.tv = None
            while self.screen is not self.waiting:
                self.pop_screen()
            table.forget_game()
        self.waiting.invite(info, self._reach())
        self.look_around()  # a table waiting for players: the TV moves on to a newer one at once

    def _reach(self) -> Reach:
        """How to reach the host, as its welcome says, the address this TV reached it at first
        when it is one of the host's (a host without the welcome's ``reach``: that address)."""
        host, port = self.address
        welcome = None if self.client is None else self.client.welcome
        reach: Reach = {"addresses": [host], "port": port, "ssh_port": None, "party_word": False}
        if welcome is not None and "reach" in welcome:
            reach = welcome["reach"].copy()
        reach["addresses"] = sorted(reach["addresses"], key=lambda a: a != host) or [host]
        return reach

    def _open_tv(self, table: TableFollower[Any]) -> None:
        """The game's TV, opened on its first view (it draws what came so far); not for the
        finished game of a table that waits for players again (the invitation stays).  A game's
        first views come before the table info that says it is being played."""
        if table.status == "waiting" and table.result is not None:
            table.forget_game()
            return
        if self.tv is not None or table.view is None:
            return
        game = table.view.get("game", "" if table.info is None else table.info["game"])
        ui = GAME_UIS.get(game)
        if ui is None:
            self.waiting.say(t("This table's game ({game}) has no TV in this version of Yule.", game=literal(game)))
            return
        self.tv = ui.tv(table) if ui.tv is not None else TableTV(game, table)
        self.push_screen(self.tv)

    def _between_games(self) -> None:
        """After a game, until the next one starts (or the table waits for players again): its
        results, then the evening's standings, in turn; after one turn of each the TV moves on
        to a newer table, if there is one."""
        over = self.tv is not None and self.table is not None and self.table.result is not None
        if over and self._turn is None:
            self.shown_once = False
            self._turn = self.set_timer(self.results_seconds, self._standings)
        elif not over and self._turn is not None:
            self._turn.stop()
            self._turn = None
            if isinstance(self.screen, EveningTV):
                self.pop_screen()

    def _standings(self) -> None:
        assert self.client is not None
        self.push_screen(EveningTV(self.client.standings))
        self._turn = self.set_timer(self.standings_seconds, self._after_standings)

    @work(group="after-standings")
    async def _after_standings(self) -> None:
        """The standings have been shown: on to a newer table, or the results again."""
        self.shown_once = True
        if self._turn is None or await self._look(after_game=True):
            return  # the game is not over any more, or the TV moved on
        if self._turn is not None:
            self._results()

    def _results(self) -> None:
        if isinstance(self.screen, EveningTV):
            self.pop_screen()
        self._turn = self.set_timer(self.results_seconds, self._standings)
