"""The TV view of a gift exchange: a spectator screen for the big screen at the party.

:class:`TVScreen` shows the public view only: whose move it is, this turn's steal chain, the
reveal of the gift just opened, and every gift on two rows (wrapped ones with their wrapping;
open ones with label, holder, times stolen and ``❄`` when frozen), in as many columns as fit
(arrows scroll when 40 gifts do not).  ``yule watch HOST[:PORT] --table T`` (or ``--code``)
runs :class:`WatchApp`; organiser mode shows the same screen on ``t``.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from yule.netplay.client import Client, ConnectionLost, HostError

from .gift_exchange.board import LEGEND, GiftBoard, chain_text, newly_opened, reveal_text, turn_text
from .text import literal
from .widgets import StatusLine

TV_CHIP = 40


class TVScreen(Screen[None]):
    """Public view only, big and plain; ``show`` it each new view."""

    DEFAULT_CSS = """
    TVScreen #now { height: auto; padding: 0 1; text-style: bold; background: $accent 40%; }
    TVScreen #chain { height: auto; padding: 0 1; }
    TVScreen #reveal { height: auto; padding: 0 1; text-style: bold; background: $success 40%; display: none; }
    TVScreen #reveal.-shown { display: block; }
    TVScreen #tv-box { height: 1fr; border-top: heavy $primary; }
    TVScreen #legend { height: 1; color: $text-muted; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,t", "close", "Back", show=True)]

    def __init__(self, closable: bool = True) -> None:
        super().__init__()
        self.closable = closable
        self.view: dict[str, Any] | None = None
        self.names: list[str] = []
        self.reveal: Text | None = None

    def compose(self) -> ComposeResult:
        yield StatusLine()
        yield Static(id="now")
        yield Static(id="chain")
        yield Static(id="reveal")
        with VerticalScroll(id="tv-box") as box:
            box.can_focus = False
            yield GiftBoard(chip_width=TV_CHIP, lines=2, id="tv-board")
        yield Static(Text(LEGEND), id="legend")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one(GiftBoard).focus()
        self._draw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.closable if action == "close" else True

    def show(self, view: dict[str, Any], names: list[str]) -> None:
        opened = newly_opened(self.view, view)
        if opened is not None:
            self.reveal = reveal_text(opened, names)
        elif self.view is not None and view.get("chain") != self.view.get("chain"):
            self.reveal = None  # a steal: the reveal has had its moment
        self.view, self.names = view, names
        if self.is_mounted:
            self._draw()
            changed = opened or next(iter(view.get("chain", [])[-1:]), None)
            if changed is not None:
                self.query_one(GiftBoard).point_at(changed.get("id", changed.get("gift", 0)))

    def _draw(self) -> None:
        view = self.view or {}
        now = Text(turn_text(view, self.names) if view else "Waiting for the party to start…")
        now.stylize("bold")
        self.query_one("#now", Static).update(now)
        chain = chain_text(view, self.names)
        self.query_one("#chain", Static).update(Text(f"This turn: {chain}" if chain else "No steals yet this turn."))
        reveal = self.query_one("#reveal", Static)
        reveal.set_class(self.reveal is not None, "-shown")
        reveal.update(self.reveal or "")
        gifts = view.get("gifts", [])
        self.query_one(GiftBoard).show(gifts, self.names, {}, None)
        wrapped = view.get("wrapped", len(gifts))
        frozen = sum(1 for g in gifts if g.get("frozen"))
        self.query_one("#tv-box").border_title = (
            f"{len(gifts)} gifts: {wrapped} wrapped, {len(gifts) - wrapped} open, {frozen} frozen"
            f" · {view.get('steals_total', 0)} steal{'' if view.get('steals_total') == 1 else 's'} so far"
        )

    def action_close(self) -> None:
        self.dismiss(None)


class WatchApp(App[int]):
    """``yule watch``: follow one table as a spectator, on the TV screen."""

    TITLE = "Yule TV"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q,q", "quit", "Quit")]

    def __init__(self, host: str, port: int, table: int | None, code: str | None) -> None:
        super().__init__()
        self.address = (host, port)
        self.table = table
        self.code = code
        self.client: Client | None = None
        self.status: dict[str, Any] = {"place": f"Yule TV · {host}:{port}", "code": None, "connection": "connecting"}
        self.tv = TVScreen(closable=False)
        self.names: list[str] = []

    def on_mount(self) -> None:
        self.push_screen(self.tv)
        self.follow()

    async def on_unmount(self) -> None:
        if self.client is not None:
            await self.client.close()

    def set_status(self, **values: Any) -> None:
        self.status.update(values)
        for line in self.screen.query(StatusLine):
            for key, value in values.items():
                setattr(line, key, value)

    @work(exclusive=True)
    async def follow(self) -> None:
        client = Client(*self.address, name="TV")
        try:
            await client.connect()
            self.client = client
            self.table = await client.watch(self.table, self.code)
        except (OSError, HostError, ConnectionLost, TimeoutError) as e:
            self.set_status(connection="offline")
            self.notify(literal(getattr(e, "message", e)), title="Cannot watch", severity="error", timeout=60)
            return
        self.set_status(connection="connected")
        async for frame in client:
            kind = frame.get("type")
            if kind == "connection":
                self.set_status(connection=frame["state"])
            elif kind == "table" and frame.get("table") == self.table:
                self.names = [s["name"] if s else "" for s in frame.get("seats", [])]
                self.set_status(place=f"Yule TV · #{frame['table']} {literal(frame.get('title', ''))}")
            elif kind == "view" and frame.get("table") == self.table:
                self.tv.show(frame["view"], self.names)
