"""``yule watch``: the TV view of one table, for the big screen at the party.

:class:`WatchApp` follows a table as a spectator: the host sends it the public view only.  It
shows the TV of the table's game: the game's own (``GameUI.tv``: Gift Exchange's board of
gifts) or :class:`TableTV`, the game's table drawn for a spectator (no hand, no shelf, no
move keys) with the log under it, the table's chat in it, the table as large as the screen
lets it be (:attr:`~yule.tui.widgets.GameTable.scale`, as every table screen does: on a big screen the boards at double
size).  The status line names the game and the table; the table says whose turn it is.  Until
the game starts, and when the table cannot be watched, :class:`WaitingScreen` says so in words.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from yule.core.base import View
from yule.netplay.client import Client, ConnectionLost, HostError
from yule.netplay.follower import TableFollower

from .app import HostedApp
from .games import GAME_UIS
from .scores import Headline, ScoreSheet
from .screens import FollowScreen, TableScreen, final_result
from .text import literal
from .widgets import GameLog, GameTable, KeysFooter, StatusLine


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
                widget.border_title = GameLog.TV_TITLE
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
            headline = Headline(Text(f"Game over. {ui.headline(final, names)}"))
            await results.mount(headline, ScoreSheet(ui.sheet(final, names, None)))
        self.table.display = "result" not in view
        results.display = "result" in view

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action not in ("chat", "hint", "waiting")  # the TV shows the chat; nobody types, asks or nudges

    def action_leave(self) -> None:
        self.app.exit(0)


class WaitingScreen(Screen[None]):
    """A message in the middle of the TV: connecting, waiting for the game, or why not."""

    DEFAULT_CSS = """
    WaitingScreen Middle { height: 1fr; }
    WaitingScreen #message { width: auto; max-width: 76; padding: 1 2; border: round $accent; }
    """
    BINDINGS = [
        Binding("r", "again", "Try again"),
        Binding("q", "leave", "Quit"),
    ]

    message: str = ""
    failed: bool = False

    def compose(self) -> ComposeResult:
        yield StatusLine()
        with Middle(), Center():
            yield Static(id="message")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.say(self.message, self.failed)

    def say(self, message: str, failed: bool = False) -> None:
        """Show ``message``; ``failed``: watching did not work (r tries again)."""
        self.message, self.failed = message, failed
        for static in self.query("#message").results(Static):  # none until composed
            static.update(Text(message))
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.failed if action == "again" else True

    class TryAgain(Message):
        """Watching did not work: try again (``r``)."""

    def action_again(self) -> None:
        self.post_message(self.TryAgain())

    def action_leave(self) -> None:
        self.app.exit(1 if self.failed else 0)


class WatchApp(HostedApp):
    """``yule watch``: follow one table as a spectator, on its game's TV."""

    TITLE = "Yule TV"
    BINDINGS = [Binding("q", "quit", "Quit")]

    def __init__(self, host: str, port: int, table: int | None, code: str | None) -> None:
        super().__init__({"place": f"Yule TV · {host}:{port}", "code": None, "connection": "connecting"})
        self.address = (host, port)
        self.wanted = table
        """The table asked for (None: the one whose join code is ``code``)."""
        self.code = code
        self.waiting = WaitingScreen()
        self.tv: FollowScreen | None = None
        """The game's TV, once its first view came."""

    def on_mount(self) -> None:
        self.push_screen(self.waiting)
        self.follow()

    def on_waiting_screen_try_again(self, message: WaitingScreen.TryAgain) -> None:
        self.follow()

    @work(exclusive=True, group="follow")
    async def follow(self) -> None:
        host, port = self.address
        self.waiting.say(f"Connecting to {literal(host)}:{port}…")
        self.set_status(connection="connecting")
        if self.client is not None:
            await self.client.close()
            self.client = None
        client = Client(host, port, name="TV")
        try:
            await client.connect()
            self.client = client
            self.wanted = await client.watch(self.wanted, self.code)
        except OSError:
            await client.close()
            self._cannot(f"Nothing answers at {literal(host)}:{port}. Is `yule host` running there?")
            return
        except TimeoutError:
            await client.close()
            self._cannot(f"{literal(host)}:{port} does not answer like a Yule host.")
            return
        except (HostError, ConnectionLost) as e:
            await client.close()
            self._cannot(self._refusal(e))
            return
        self.table = TableFollower(self.wanted)
        self.set_status(connection="connected")
        self.waiting.say("Watching: waiting for the table…")
        self.read_frames()

    def _refusal(self, error: HostError | ConnectionLost) -> str:
        if isinstance(error, ConnectionLost):
            return "The host closed the connection. Try again in a moment."
        if error.code == "bad_code" and self.code is None:
            return (
                f"Table {self.wanted} is private: give its join code too, yule watch … --code CODE (the code alone "
                "names the table). Whoever made the table sees its code, and so does everyone seated there."
            )
        if error.code == "bad_code":
            code = literal((self.code or "").strip().upper())
            wrong = f"No table here has the join code {code}." if self.wanted is None else (
                f"{code} is not the join code of table {self.wanted}.")  # fmt: skip
            return f"{wrong} Check the code on the organiser's screen."
        return literal(error.message)

    def _cannot(self, why: str) -> None:
        self.set_status(connection="offline")
        self.waiting.say(f"{why}\n\nr tries again, q quits.", failed=True)

    def on_hosted_app_from_host(self, message: HostedApp.FromHost) -> None:
        """One frame from the host: the table's info, its log (and chat) so far, a chat line, or a
        new public view."""
        if not self.is_running:
            return  # closing: the screens are being taken down
        frame = message.frame
        if frame["type"] == "connection":
            self.set_status(connection=frame["state"])
        elif self.table is not None and (change := self.table.take(frame)) is not None:
            if change.kind == "table":
                self._table_info(self.table)
            elif change.kind == "view":
                self._open_tv(self.table)
            if self.tv is not None:
                self.tv.follow(change)
            self.follow_clock()

    def _table_info(self, table: TableFollower[Any]) -> None:
        info = table.info
        assert info is not None
        self.set_status(place=f"Yule TV · {literal(info['title'])} · table {info['table']}")
        if info["status"] == "waiting" and self.tv is None:
            seats = info["seats"]
            taken = sum(1 for s in seats if s is not None)
            self.waiting.say(
                f"{literal(info['title'])}, table {info['table']}\n\n"
                f"Waiting for the game to start ({taken} of {len(seats)} seats taken)."
            )

    def _open_tv(self, table: TableFollower[Any]) -> None:
        """The game's TV, opened on its first view (it draws what came so far)."""
        if self.tv is not None or table.view is None:
            return
        game = table.view.get("game", "" if table.info is None else table.info["game"])
        ui = GAME_UIS.get(game)
        if ui is None:
            self.waiting.say(f"This table's game ({literal(game)}) has no TV in this version of Yule.")
            return
        self.tv = ui.tv(table) if ui.tv is not None else TableTV(game, table)
        self.push_screen(self.tv)
