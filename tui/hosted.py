"""The base of the apps that follow one host through the client library (:class:`HostedApp`):
the player's (:class:`yule.tui.app.YuleApp`), the Gift Exchange organiser's
(:class:`yule.tui.gift_exchange.party.PartyApp`) and the TV's (:class:`yule.tui.tv.WatchApp`).

The host's frames are read in a Textual worker and posted as :class:`HostedApp.FromHost`; chat
lines and undo are requests in workers of their own; the status line counts down the table's
turn timers; a reaction at the table shows a while on whatever screen is on top
(:mod:`.reactions`).  When the player chooses another language, :meth:`HostedApp.reword`
draws every screen anew in it.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from textual import work
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer

from ..netplay.asks import ReactionCode
from ..netplay.client import Client, ConnectionLost, HostError
from ..netplay.client.follower import TableFollower
from ..netplay.frames import Incoming
from . import reactions
from .pausing import PauseFollower, held_clocks
from .refusals import said as refused
from .widgets import ChatInput, PlainApp, away_text, clock_text
from .words import t


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
        """The host running inside this app's process, stopped when the app ends: ``yule
        party``'s, and ``yule play``'s in tests (the command line gives it a process of its own)."""
        self.table: TableFollower[Any] | None = None
        """The table followed: what the host told of it (:mod:`yule.netplay.client.follower`)."""
        self._clock_ticker: Timer | None = None
        self.resources = contextlib.ExitStack()
        """Closed last when the app ends (``yule play``'s folder lock)."""
        self.pausing = PauseFollower(self)
        """The followed table's pause: its banner, and a vote's question (:mod:`.pausing`)."""

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
            said = t("{message} (m: your line again)", message=refused(e))
            self.notify(said, title=t("Not said"), severity="warning")
        except ConnectionLost:
            field.give_back(text)
            self.notify(t("Not connected to the host: that line was not said (m: your line again)."),
                        title=t("Not said"), severity="warning")  # fmt: skip

    def on_chat_input_said(self, message: ChatInput.Said) -> None:
        self.send_chat(None if self.table is None else self.table.id, message.text, message.field)

    # -- reactions (:mod:`.reactions`) -------------------------------------------------------------

    REACTIONS_LARGE = False
    """Whether this app shows the reactions at its table large, at the top (the TV's)."""

    def on_hosted_app_from_host(self, message: HostedApp.FromHost) -> None:
        """A reaction at the table followed is shown a while on whatever screen is on top.  (Each
        app's own handler of the host's frames is called first, this one after it: Textual calls
        a message's handlers all the way down the classes.)"""
        frame = message.frame
        followed = None if self.table is None else self.table.id
        if frame["type"] == "reaction" and frame["table"] == followed and self.is_running:
            reactions.show(self, frame, large=self.REACTIONS_LARGE)

    @work(group="reactions")
    async def send_reaction(self, code: ReactionCode) -> None:
        """React at the table followed (the host's reaction frame brings it back here too)."""
        if self.client is None or self.table is None:
            return
        try:
            await self.client.react(self.table.id, code)
        except HostError as e:
            self.notify(refused(e), title=t("Not sent"), severity="warning")
        except ConnectionLost:
            self.notify(t("Not connected to the host: that reaction was not sent."), title=t("Not sent"),
                        severity="warning")  # fmt: skip

    @work(group="moves")
    async def undo(self) -> None:
        """The organiser takes back the table's last move (the host says why not, if not)."""
        if self.client is None or self.table is None:
            return
        try:
            await self.client.undo(self.table.id)
        except HostError as e:
            self.notify(refused(e), title=t("Can't undo"), severity="warning")
        except ConnectionLost:
            self.notify(t("The host is not answering: nothing was undone."), severity="error")

    def reword(self) -> None:
        """Every screen of the app drawn anew in its language (the player chose another one),
        nothing closed, made anew or lost: a screen or widget that words things once (as it is
        composed) has a ``reword()`` that words them again, called here; then every widget is
        redrawn, so those that word as they draw (the footer, the status line) follow."""
        for stack in self._screen_stacks.values():  # every mode's screens, not only the one shown
            for screen in stack:
                self._reword(screen)
        self.refresh_bindings()

    @staticmethod
    def _reword(screen: Screen[Any]) -> None:
        for widget in (screen, *screen.walk_children()):
            reword = getattr(widget, "reword", None)
            if callable(reword):
                reword()
            widget.refresh()

    def follow_clock(self) -> None:
        """The status line counts down the table's turn timers (the view's own seat's first) and
        the away players' stand-ins, while there are any (:attr:`table`: none); at a paused table
        they stand still, under its banner (:mod:`.pausing`)."""
        follower = self.table
        self.pausing.follow(follower)
        counting = follower is not None and bool(follower.deadlines or follower.away) and held_clocks(follower) is None
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
            if (held := held_clocks(follower)) is not None:
                left, away = held
            you = None if follower.frame is None else follower.frame["seat"]
            names = follower.names
            clock = "  ".join(part for part in (clock_text(left, you, names), away_text(away, names)) if part)
        if clock != self.status.get("clock", ""):
            self.set_status(clock=clock)
