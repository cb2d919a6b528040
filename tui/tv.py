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

from typing import Any, cast

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from yule.netplay.client import Client, ConnectionLost, HostError

from .app import HostedApp
from .games import GAME_UIS
from .scores import Headline, ScoreSheet
from .screens import FollowScreen, TableScreen, final_result, host_log_lines
from .text import literal
from .widgets import GameLog, GameTable, KeysFooter, StatusLine, chat_line, seat_names, seat_tags


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

    def __init__(self, game: str) -> None:
        super().__init__(game)
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

    def _draw(self, view: dict[str, Any], names: list[str], tags: dict[int, str]) -> None:
        """The table, or once the game is over the headline and the score sheet in its place."""
        super()._draw(view, names, tags)
        result = view.get("result")
        if result != self.result:
            self.result = result
            self.call_later(self._show_result, view, names)  # one after the other, in order

    async def _show_result(self, view: dict[str, Any], names: list[str]) -> None:
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

    def action_again(self) -> None:
        self.app.follow()  # type: ignore[attr-defined]

    def action_leave(self) -> None:
        self.app.exit(1 if self.failed else 0)


class WatchApp(HostedApp):
    """``yule watch``: follow one table as a spectator, on its game's TV."""

    TITLE = "Yule TV"
    BINDINGS = [Binding("q", "quit", "Quit")]

    def __init__(self, host: str, port: int, table: int | None, code: str | None) -> None:
        super().__init__({"place": f"Yule TV · {host}:{port}", "code": None, "connection": "connecting"})
        self.address = (host, port)
        self.table = table
        self.code = code
        self.info: dict[str, Any] | None = None
        self.waiting = WaitingScreen()
        self.tv: FollowScreen | None = None
        """The game's TV, once its first view came."""
        self.last_view: dict[str, Any] | None = None
        self.log_so_far: list[str | Text] | None = None

    def on_mount(self) -> None:
        self.push_screen(self.waiting)
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
            self.table = await client.watch(self.table, self.code)
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
        self.set_status(connection="connected")
        self.waiting.say("Watching: waiting for the table…")
        async for frame in client:
            self.on_frame(cast(dict[str, Any], frame))

    def _refusal(self, error: HostError | ConnectionLost) -> str:
        if isinstance(error, ConnectionLost):
            return "The host closed the connection. Try again in a moment."
        if error.code == "bad_code" and self.code is None:
            return (
                f"Table {self.table} is private: give its join code too, yule watch … --code CODE (the code alone "
                "names the table). Whoever made the table sees its code, and so does everyone seated there."
            )
        if error.code == "bad_code":
            code = literal((self.code or "").strip().upper())
            wrong = f"No table here has the join code {code}." if self.table is None else (
                f"{code} is not the join code of table {self.table}.")  # fmt: skip
            return f"{wrong} Check the code on the organiser's screen."
        return literal(error.message)

    def _cannot(self, why: str) -> None:
        self.set_status(connection="offline")
        self.waiting.say(f"{why}\n\nr tries again, q quits.", failed=True)

    def on_frame(self, frame: dict[str, Any]) -> None:
        """One frame from the host: the table's info, its log (and chat) so far, a chat line, or a
        new public view."""
        if not self.is_running:
            return  # closing: the screens are being taken down
        kind = frame.get("type")
        if kind == "connection":
            self.set_status(connection=frame["state"])
        elif frame.get("table") != self.table:
            return
        elif kind == "table":
            self._table_info(frame)
        elif kind == "log":
            lines = host_log_lines(frame)
            if self.tv is not None:
                self.tv.replace_log(lines)
            else:
                self.log_so_far = lines
        elif kind == "chat":
            line = chat_line(frame)
            if self.tv is not None and self.log_so_far is None:
                self.tv.add_log([line])
            else:  # shown with the log once the game's first view comes
                self.log_so_far = [*(self.log_so_far or []), line]
        elif kind == "view":
            self._view(frame)

    def _table_info(self, info: dict[str, Any]) -> None:
        self.info = info
        self.set_status(place=f"Yule TV · {literal(info['title'])} · table {info['table']}")
        self.follow_away(info)
        if info["status"] == "waiting" and self.tv is None:
            seats = info.get("seats", [])
            taken = sum(1 for s in seats if s is not None)
            self.waiting.say(
                f"{literal(info['title'])}, table {info['table']}\n\n"
                f"Waiting for the game to start ({taken} of {len(seats)} seats taken)."
            )
        if self.tv is not None and self.last_view is not None:
            self.tv.show(self.last_view, seat_names(info), seat_tags(info))

    def _open_tv(self, game: str) -> FollowScreen | None:
        """The game's TV, opened on its first view."""
        if self.tv is None:
            ui = GAME_UIS.get(game)
            if ui is None:
                self.waiting.say(f"This table's game ({literal(game)}) has no TV in this version of Yule.")
                return None
            self.tv = ui.tv() if ui.tv is not None else TableTV(game)
            self.push_screen(self.tv)
        return self.tv

    def _view(self, frame: dict[str, Any]) -> None:
        view = frame["view"]
        tv = self._open_tv(view.get("game", (self.info or {}).get("game", "")))
        if tv is None:
            return
        if self.log_so_far is not None:
            tv.replace_log(self.log_so_far)
            self.log_so_far = None
        tv.follow(frame, self.last_view, seat_names(self.info), seat_tags(self.info))
        self.follow_clock(frame, seat_names(self.info))
        self.last_view = view
