"""A paused table on screen: the banner every screen at the table (and the TV) shows, ``z`` that
pauses and resumes, and the question a vote asks the people seated.

The host says a table is paused in its info (``paused``: by whom, since when; docs/protocol.md,
*Pausing a table*).  Every app following a table (a player's, a spectator's, the TV, an SSH
guest's) looks at it after each change (:meth:`PauseFollower.follow`, from
:meth:`yule.tui.hosted.HostedApp.follow_clock`): the app's status gets the banner's words
(:func:`banner_text`: "Paused by Ana since 19:42", the time the reader's own, in their language),
which :class:`PauseBanner` shows at the top of the table, and the turn timers shown stop where the
host held them (:func:`held_clocks`).  ``z`` at a table (:func:`may_pause`: its creator; while the
creator is away, the people seated) pauses or resumes it, or asks the others
(:func:`ask_pause`); a vote the host asks this player about comes as a yes-or-no question, which
goes as soon as the vote is over.
"""

from __future__ import annotations

import contextlib
from datetime import datetime
from typing import Any

from rich.text import Text
from textual.widgets import Static

from ..netplay.client import ConnectionLost, HostError
from ..netplay.client.follower import TableFollower
from ..netplay.frames import PauseFacts, PauseVote, TableInfo
from .dialogs import ConfirmScreen
from .refusals import said
from .text import literal
from .widgets import GameTable
from .words import PSEUDO, language, t

PAUSE_BANNER = "pause_banner"
"""The key of the app's status (:attr:`yule.tui.widgets.PlainApp.status`) holding the banner's words."""


def clock_time(when: float) -> str:
    """A host's Unix time as the reader's clock shows it, in their language (``7:42 PM``, ``19:42``)."""
    from babel.dates import format_time

    shown = datetime.fromtimestamp(when)
    if language() == PSEUDO:  # no AM or PM: words outside the catalogue
        return format_time(shown, format="HH:mm", locale="en")
    return format_time(shown, format="short", locale=language())


def banner_text(paused: PauseFacts | None) -> str:
    """The banner of a paused table ("" when it is not), its pauser's name literal.

    >>> banner_text({"by": "[b]Ana[/b]", "since": 0.0, "vote": False}).startswith("Paused by [b]Ana[/b] since ")
    True
    """
    if paused is None:
        return ""
    who, since = literal(paused["by"]), clock_time(paused["since"])
    if paused["vote"]:
        # Translators: the banner over a table paused by a vote; {time} is the reader's clock time.
        return t("Paused by {who} since {time} (the table said yes)", who=who, time=since)
    # Translators: the banner over a paused table; {time} is the reader's clock time.
    return t("Paused by {who} since {time}", who=who, time=since)


def paused_of(info: TableInfo | None) -> PauseFacts | None:
    """The table's pause, from its info (None: not paused, or an older host that does not pause)."""
    return None if info is None else info.get("paused")


def held_clocks(follower: TableFollower[Any]) -> tuple[dict[int, float], dict[int, float]] | None:
    """At a paused table, the turn timers and away countdowns as the host held them (they do not
    count down); None while the table is not paused."""
    if paused_of(follower.info) is None:
        return None
    frame = follower.frame
    left = {timer["seat"]: timer["left"] for timer in frame.get("timers", [])} if frame is not None else {}
    seats = follower.info["seats"] if follower.info is not None else []
    away = {seat: s["stand_in_in"] for seat, s in enumerate(seats) if s and s["stand_in_in"] is not None}
    return left, away


def may_pause(info: TableInfo | None, spectator: bool = False) -> bool:
    """Whether this player may pause (or resume) the table now, or ask the others to: its creator
    (organiser); while nobody organises it, a person seated there in a seat of their own."""
    if info is None or info["status"] != "playing" or "paused" not in info:
        return False
    if info["organiser"]:
        return True
    return not spectator and info["run_by"] is None and info["runs"] and info["you"] is not None


def vote_question(vote: PauseVote) -> str:
    """The question a vote asks the people seated (the asker's name literal)."""
    who = literal(vote["by"])
    if vote["pause"]:
        return t("{who} asks for a break: pause the table? Nothing moves until it is resumed.", who=who)
    return t("{who} asks to play on: resume the table?", who=who)


async def ask_pause(app: Any, table: int, paused: bool, info: TableInfo | None) -> None:
    """``z``: pause the table (``paused``) or resume it; while its creator is away, ask the
    others.  What the host refused is said."""
    client = app.client
    if client is None:
        return
    try:
        await client.pause(table, paused)
    except HostError as e:
        title = t("Not paused") if paused else t("Not resumed")
        app.notify(said(e), title=title, severity="warning", timeout=8)
        return
    except ConnectionLost:
        app.notify(t("Not connected to the host right now: try again in a moment."), severity="error")
        return
    if info is not None and not info["organiser"]:
        app.notify(t("Asked the others at the table: more than half of those here must say yes."), timeout=8)


class PauseBanner(Static):
    """One line over the table while it is paused: who paused it and since when (the app's
    status :data:`PAUSE_BANNER`); nothing while it is not."""

    DEFAULT_CSS = """
    PauseBanner { height: 1; width: 1fr; background: $warning; color: $text; text-style: bold;
                  content-align: center middle; display: none; }
    PauseBanner.-shown { display: block; }
    """

    def on_mount(self) -> None:
        self.watch(self.app, "status", self._follow)

    def _follow(self, status: dict[str, Any]) -> None:
        words = status.get(PAUSE_BANNER, "")
        self.set_class(bool(words), "-shown")
        self.update(Text(f"⏸  {words}" if words else ""))


class PauseFollower:
    """What an app shows of the pause of the table it follows: the banner's words in its status,
    and the vote's question to this player (asked once, withdrawn when the vote is over)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.asked: tuple[int, int] | None = None
        """The table and number of the vote this player was asked about."""
        self.question: ConfirmScreen | None = None
        self.may: tuple[str, bool] = ("", False)
        """The banner and whether this player may pause, as the footer last showed them."""

    def follow(self, follower: TableFollower[Any] | None) -> None:
        """The table followed changed (or none is followed now)."""
        info = None if follower is None else follower.info
        words = banner_text(paused_of(info))
        if words != self.app.status.get(PAUSE_BANNER, ""):
            self.app.set_status(**{PAUSE_BANNER: words})
        may = (words, may_pause(info))
        paused = paused_of(info)
        by = None if paused is None else paused["by"]
        tables = [table for screen in self.app.screen_stack for table in screen.query(GameTable)]
        held = [table for table in tables if table.paused_by != by]
        for table in held:  # no move is offered at a paused table
            table.paused_by = by
        if may != self.may or held:
            self.may = may
            self.app.refresh_bindings()  # z: Pause or Resume, or not offered; the table's keys
        vote = None if info is None else info.get("pause_vote")
        here = None if vote is None or info is None else (info["table"], vote["vote"])
        if self.asked is not None and here != self.asked:
            self._withdraw()
        if vote is None or info is None or here == self.asked:
            return
        you = info["you"]
        if you is None or you == vote["seat"] or you not in vote["voters"] or you in vote["yes"] + vote["no"]:
            return
        self.asked = here
        table, number = info["table"], vote["vote"]

        def answered(yes: bool | None) -> None:
            self.question = None
            if yes is not None:
                self.app.run_worker(self._answer(table, number, yes), name="pause_answer", group="requests")

        self.question = ConfirmScreen(vote_question(vote), yes=t("yes"), no=t("no"), enter=False)
        self.app.push_screen(self.question, answered)

    def _withdraw(self) -> None:
        self.asked = None
        question, self.question = self.question, None
        if question is not None and question in self.app.screen_stack:
            question.withdraw()

    async def _answer(self, table: int, vote: int, yes: bool) -> None:
        client = self.app.client
        if client is None:
            return
        with contextlib.suppress(ConnectionLost, HostError):  # over meanwhile: the table says how
            await client.pause_answer(table, vote, yes)
