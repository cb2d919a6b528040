"""The Gift Exchange TV: a spectator screen for the big screen at the party.

:class:`GiftExchangeTV` shows the public view only: whose move it is, this turn's steal chain,
the reveal of the gift just opened, and every gift on two rows (wrapped ones with their
wrapping; open ones with label, holder, times stolen and ``❄`` when frozen), in as many columns
as fit (arrows scroll when 40 gifts do not), and the log in the rows the board leaves.  Once
the exchange is over, who goes home with what takes the board's place (the end's summary:
:func:`~.summary.summary_table`, in the order the guests took their turns), under the headline,
and stays there.  ``yule watch`` shows it for a Gift Exchange table; organiser mode shows it on ``t``.

Each opening is a moment: for :attr:`GiftExchangeTV.MOMENT` seconds the gift's label takes the
board's place (under the board's title, its counts) in big letters (:class:`~yule.tui.bigtext.BigText`; in bold words where it has
letters the big font lacks, or is too long), under who opened it, with a chime
(:meth:`~textual.app.App.bell`); then the board is back.  A TV that comes in mid-party shows
no moment for the gifts opened before it came; the next opening cuts a moment short.
"""

from __future__ import annotations

import asyncio
from typing import Any, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.events import Resize
from textual.geometry import Size
from textual.timer import Timer
from textual.widgets import Static

from ...core.base import Event, View
from ...core.gift_exchange.views import GiftExchangeView
from ...netplay.client.follower import TableFollower
from ..bigtext import BigText, big_rows
from ..following import FollowScreen
from ..pausing import PauseBanner
from ..text import literal
from ..widgets import GameLog, KeysFooter, StatusLine
from ..words import t, tn
from .board import GiftBoard, chain_text, legend, newly_opened, reveal_text, turn_text
from .summary import headline, summary_table
from .words import gift_no, who

TV_CHIP = 40
FIXED_ROWS = 7
"""Rows around the board: the status line, whose move, the chain, the board's border, the
legend, the keys, and one to spare (whose move may take two lines)."""


def tv_log_height(height: int, board_rows: int, reveal: bool) -> int:
    """Rows of the log (its border included): what a screen ``height`` rows tall leaves under a
    board of ``board_rows`` rows, none when that is under 3 (the board comes first).

    >>> tv_log_height(24, 6, True), tv_log_height(24, 20, False), tv_log_height(60, 16, True)
    (10, 0, 36)
    """
    rows = height - board_rows - FIXED_ROWS - (1 if reveal else 0)
    return rows if rows >= 3 else 0


class GiftExchangeTV(FollowScreen):
    """The public view of the party ``follower`` follows, big and plain; ``closable``: ``t`` or
    Esc closes it (organiser mode: back to the organiser's table)."""

    DEFAULT_CSS = """
    GiftExchangeTV #now { height: auto; padding: 0 1; text-style: bold; background: $accent 40%; }
    GiftExchangeTV #chain { height: auto; padding: 0 1; }
    GiftExchangeTV #reveal { height: auto; padding: 0 1; text-style: bold; background: $success 40%; display: none; }
    GiftExchangeTV #reveal.-shown { display: block; }
    GiftExchangeTV #tv-box { height: 1fr; border-top: heavy $primary; }
    GiftExchangeTV #legend { height: 1; color: $text-muted; padding: 0 1; }
    GiftExchangeTV #results { height: auto; padding: 0 1; display: none; }
    GiftExchangeTV #moment { height: auto; display: none; padding: 1 0; }
    GiftExchangeTV #moment.-shown { display: block; }
    GiftExchangeTV #moment-who { width: 1fr; height: auto; text-align: center; text-style: bold; padding: 1 1 0 1; }
    GiftExchangeTV #moment-label { padding: 0 1; }
    """
    MOMENT = 4.0
    """Seconds an opening's moment stays on the TV (0: no moments, the board stays)."""
    BINDINGS = [
        Binding("l", "whole_log", "Log", show=False),  # nobody watching can press it
        Binding("escape,t", "close", "Back", show=True),
    ]

    def __init__(self, follower: TableFollower[Any] | None = None, closable: bool = True) -> None:
        super().__init__(follower)
        self.closable = closable
        self.view: GiftExchangeView | None = None
        self.names: list[str] = []
        self.reveal: Text | None = None
        self.revealed: int | None = None
        """The gift id of the reveal shown."""
        self.moment: int | None = None
        """The gift id whose opening's moment is on show (None: the board)."""
        self.moment_over = asyncio.Event()
        """Set when a moment has gone and the board is back (tests await it)."""
        self._moment_timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield StatusLine()
        yield PauseBanner()  # while the table is paused (yule.tui.pausing)
        yield Static(id="now")
        yield Static(id="chain")
        yield Static(id="reveal")
        with VerticalScroll(id="tv-box") as box:
            box.can_focus = False
            with Vertical(id="moment"):
                yield Static(id="moment-who")
                yield BigText(id="moment-label")
            yield GiftBoard(chip_width=TV_CHIP, lines=2, id="tv-board")
            yield Static(id="results")
        yield Static(Text(legend()), id="legend")
        log = GameLog()
        log.border_title = t(GameLog.TV_TITLE)
        yield log
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(GiftBoard).focus()
        self._draw()

    def on_resize(self, event: Resize) -> None:
        self._fit_log(event.size)

    def _fit_log(self, size: Size) -> None:
        if self.over:  # who goes home with what, in the board's place
            shown = self.query_one("#results", Static).get_content_height(size, size, size.width)
        else:
            shown = self.query_one(GiftBoard).get_content_height(self, size, size.width)
        rows = tv_log_height(size.height, shown, self.reveal is not None)
        log = self.query_one(GameLog)
        log.display = rows > 0 and self.moment is None  # an opening's moment has the screen
        log.styles.height = max(1, rows)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.closable if action == "close" else True

    def show(self, view: View, names: list[str], tags: dict[int, str], events: list[Event] | None = None) -> None:
        """Draw this view (a Gift Exchange one: this screen follows no other game).  A reveal
        stays until a steal, the next reveal, or an undo that wraps its gift again; ``tags`` and
        ``events`` are not needed here."""
        shown = cast(GiftExchangeView, view)
        opened = newly_opened(self.view, shown)
        if opened is not None:
            self.reveal, self.revealed = reveal_text(opened, names), opened["id"]
            if self.ready:
                self.begin_moment(opened["id"], shown, names)
        elif self.view is not None and shown["chain"] != self.view["chain"]:
            self.reveal = self.revealed = None  # a steal: the reveal has had its moment
        elif self.revealed is not None and not _is_open(shown, self.revealed):
            self.reveal = self.revealed = None  # undone: that gift is wrapped again
        elif self.revealed is not None and self.revealed < len(shown["gifts"]):
            self.reveal = reveal_text(shown["gifts"][self.revealed], names)  # its label put right, say
        self.view, self.names = shown, names
        if self.ready:
            self._draw()
            last_steal = shown["chain"][-1]["gift"] if shown["chain"] else None
            changed = opened["id"] if opened else last_steal
            if changed is not None:
                self.query_one(GiftBoard).point_at(changed)

    @property
    def over(self) -> bool:
        """True once the exchange is over (the view shown has its result)."""
        return self.view is not None and "result" in self.view

    def _draw(self) -> None:
        view = self.view
        now = Text(turn_text(view, self.names) if view else t("Waiting for the party to start…"))
        now.stylize("bold")
        self.query_one("#now", Static).update(now)
        chain = chain_text(view, self.names) if view else ""
        if view is not None and "result" in view:
            said = Text(headline(dict(view["result"]), self.names))
        else:
            said = Text(t("This turn: {chain}", chain=chain) if chain else t("No steals yet this turn."))
        self.query_one("#chain", Static).update(said)
        results = self.query_one("#results", Static)
        self.query_one(GiftBoard).display = not self.over and self.moment is None
        self.query_one("#legend").display = not self.over and self.moment is None
        results.display = self.over and self.moment is None
        if view is not None and self.over:
            results.update(summary_table(view, self.names))
        reveal = self.query_one("#reveal", Static)
        reveal.set_class(self.reveal is not None, "-shown")
        reveal.update(self.reveal or "")
        gifts = view["gifts"] if view else []
        self.query_one(GiftBoard).show(gifts, self.names, {}, None)
        self._fit_log(self.app.size)
        wrapped = view["wrapped"] if view else 0
        frozen = sum(1 for g in gifts if g["frozen"])
        steals = view["steals_total"] if view else 0
        if self.over:
            title = tn(
                "Who goes home with what · {n} steal in all", "Who goes home with what · {n} steals in all", steals
            )
        else:
            title = t(
                "{gifts}: {wrapped}, {open}, {frozen} · {steals}",
                gifts=tn("{n} gift", "{n} gifts", len(gifts)),
                wrapped=tn("{n} wrapped", "{n} wrapped", wrapped),
                open=tn("{n} open", "{n} open", len(gifts) - wrapped),
                frozen=tn("{n} frozen", "{n} frozen", frozen),
                steals=tn("{n} steal so far", "{n} steals so far", steals),
            )
        self.query_one("#tv-box").border_title = title

    def action_close(self) -> None:
        self.dismiss(None)

    # -- an opening's moment ---------------------------------------------------------------------

    def begin_moment(self, gift: int, view: GiftExchangeView, names: list[str]) -> None:
        """The moment of ``gift``'s opening: its label large, who opened it, a chime; the board
        is back after :attr:`MOMENT` seconds (or at the next opening's moment)."""
        if self.MOMENT <= 0:
            return
        if self._moment_timer is not None:
            self._moment_timer.stop()
        self.moment = gift
        self.moment_over.clear()
        opened = view["gifts"][gift]
        self.query_one("#moment-who", Static).update(Text(t(
            "{who} opened gift {gift}:", who=who(names, opened.get("holder")), gift=gift_no(gift)
        )))  # fmt: skip
        label = self.query_one("#moment-label", BigText)
        label.text = literal(opened.get("label") or "")
        height, width = self.app.size.height, self.app.size.width
        label.most = max(0, next((s for s in (3, 2, 1) if big_rows(s) + 10 <= height), 0))
        scale = label.scale(width - 2)
        rows = 1 + (big_rows(scale) if scale else 1)  # who opened it, and the label
        moment = self.query_one("#moment")
        moment.styles.padding = (max(1, (height - 7 - rows) // 2), 0, 1, 0)  # in the middle of the board's place
        moment.set_class(True, "-shown")
        for part in ("GiftBoard", "#results", "#legend", "GameLog"):  # the moment has the screen
            self.query_one(part).display = False
        self.app.bell()
        self._moment_timer = self.set_timer(self.MOMENT, self.end_moment)

    def end_moment(self) -> None:
        """The board is back."""
        self._moment_timer = None
        self.moment = None
        self.query_one("#moment").set_class(False, "-shown")
        self._draw()  # the board (or the summary), the legend and the log as they are now
        self.moment_over.set()


def _is_open(view: GiftExchangeView, gift: int) -> bool:
    return view["gifts"][gift]["opened"]
