"""A table's pause: a dinner break, who took it and since when, and the vote that takes it (or
ends it) while the table's creator is away.

A game going on may be paused (``pause``), and resumed, by whoever runs the table: its
organiser, the connection that created it (or proved its organiser token since).  While nobody
organises it (the creator is away), a person seated there asks the others instead: a
:class:`Vote`.  Every person seated and connected (the asker's own yes counted) may answer; it
passes once more than half of them said yes, fails once that cannot happen any more or after
:data:`VOTE_SECONDS`, and ends as soon as the creator is back (they decide).  One vote at a time;
whoever asked a vote the table refused waits :data:`VOTE_AGAIN` seconds before asking again.

While the table is paused nothing moves: the turn timers are held with the time each seat had
left (:meth:`.clock.TurnClock.hold`), and so are the away countdowns (:meth:`.seats.Seats.hold`);
the bots make no move (:mod:`.botloop` looks at :attr:`Pause.on`); moves, undos, nudges and
stand-ins are refused with ``paused``.  Chat goes on, and people come, go and come back.  The
pause is stored (:meth:`.store.Store.save_pause`) before anyone hears of it, with the time each
timer and countdown had left, so a host restarted meanwhile restores the table paused, its
clocks held as they were (:meth:`Pause.restore`).  Resuming gives each timer the time it had
left, and the log says both (``paused``, ``resumed``: data a client words; a vote that fails:
``pause_vote``).  Table info says who paused the table and since when (:meth:`Pause.facts`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..frames import PAUSE_VOTE, PAUSED, PLAYING, RESUMED, WAITING, PauseFacts, PauseVote
from ..refusal import RequestError
from .connection import Connection
from .store import PauseRow, StoreError

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("yule.host")

VOTE_SECONDS = 60.0
"""Seconds the people seated have to answer a vote to pause or resume."""

VOTE_AGAIN = 60.0
"""Seconds whoever asked a vote the table refused (or let run out) waits before asking again."""


@dataclass(slots=True)
class Vote:
    """A question to the people seated at a table whose creator is away: pause it (or resume it)?"""

    number: int
    pause: bool
    seat: int
    """The asker's seat."""
    by: str
    person: str
    """Who asked (their person's hash, else their seat's number): they wait to ask again after a no."""
    ends: float
    """When it runs out (the loop's clock)."""
    timer: asyncio.TimerHandle
    yes: set[int] = field(default_factory=set)
    no: set[int] = field(default_factory=set)


class Pause:
    """The pause of ``table`` (:class:`yule.netplay.host.table.Table`): see the module docstring."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.by: str | None = None
        """Who paused the table (None: it is not paused)."""
        self.since = 0.0
        """When it was paused (Unix time)."""
        self.voted = False
        """It was paused by a vote."""
        self.held_at = 0.0
        """When it was paused on the loop's clock (the waits shift by the pause's length)."""
        self.vote: Vote | None = None
        self.votes = 0
        """Votes asked at this table so far (each vote's number)."""
        self.lately: dict[str, float] = {}
        """Who asked a vote the table refused -> when they may ask again (the loop's clock)."""
        self.seconds = VOTE_SECONDS
        self.again = VOTE_AGAIN

    @property
    def on(self) -> bool:
        """True while the table is paused."""
        return self.by is not None

    def facts(self) -> PauseFacts | None:
        """Who paused the table and since when, for its info and its line in the lobby."""
        if self.by is None:
            return None
        return {"by": self.by, "since": self.since, "vote": self.voted}

    def vote_facts(self) -> PauseVote | None:
        """The vote going on, for table info."""
        vote = self.vote
        if vote is None:
            return None
        left = max(0.0, vote.ends - asyncio.get_running_loop().time())
        return {"vote": vote.number, "pause": vote.pause, "seat": vote.seat, "by": vote.by, "yes": sorted(vote.yes),
                "no": sorted(vote.no), "voters": self.voters(), "seconds": round(left, 1)}  # fmt: skip

    def check(self) -> None:
        """Refuse what does not happen at a paused table (a move, an undo, a nudge, a stand-in)."""
        if self.by is not None:
            raise RequestError("paused", name=self.by)

    def voters(self) -> list[int]:
        """The seats whose people are here: a person's seat with its connection."""
        return [seat for seat, s in enumerate(self.table.seats) if s is not None and s.person and s.conn is not None]

    # -- asking ----------------------------------------------------------------------------------

    def ask(self, conn: Connection, pause: bool) -> None:
        """``pause``: the table's organiser pauses (or resumes) it now; while nobody organises
        it, a person seated here asks the others (:class:`Vote`)."""
        table = self.table
        if pause and table.status != PLAYING:
            raise RequestError("not_playing", reason="idle" if table.status == WAITING else "over")
        if pause and self.on:
            self.check()
        if not pause and not self.on:
            raise RequestError("not_paused")
        audience = table.audience
        if audience.organiser is not None:
            if conn is not audience.organiser:
                raise RequestError("pause_who", reason="creator", name=audience.name_of(audience.organiser))
            self.turn(pause, audience.name_of(conn), vote=False)
            return
        seat = conn.seats.get(table.id)
        s = table.seats[seat] if seat is not None else None
        if seat is None or s is None or not s.person:
            raise RequestError("pause_who", reason="seated")
        if self.vote is not None:
            raise RequestError("vote_running", name=self.vote.by)
        person = conn.person or f"seat {seat}"
        now = asyncio.get_running_loop().time()
        if (wait := self.lately.get(person, 0.0) - now) > 0:
            raise RequestError("vote_lately", seconds=max(1, round(wait)))
        self.votes += 1
        timer = asyncio.get_running_loop().call_later(self.seconds, self._expired, self.votes)
        self.vote = Vote(self.votes, pause, seat, s.name, person, now + self.seconds, timer, yes={seat})
        if not self.review():
            table.changed()

    def answer(self, conn: Connection, number: int, yes: bool) -> None:
        """A person seated here answers the vote ``number``."""
        vote = self.vote
        if vote is None or vote.number != number:
            raise RequestError("no_vote", reason="over")
        seat = conn.seats.get(self.table.id)
        if seat is None or seat == vote.seat or seat not in self.voters():
            raise RequestError("no_vote", reason="voter")
        (vote.yes if yes else vote.no).add(seat)
        (vote.no if yes else vote.yes).discard(seat)
        if not self.review():
            self.table.changed()

    def review(self) -> bool:
        """Count the vote going on, with the people here now: it passes (the table paused or
        resumed), fails, or ends (its asker gone, the creator back), or goes on.  True when it
        ended (the table has told everyone)."""
        vote = self.vote
        if vote is None:
            return False
        voters = self.voters()
        table = self.table
        if table.audience.organiser is not None:
            self._end(vote, "creator_back")
        elif vote.seat not in voters:
            self._end(vote, "withdrawn")
        elif vote.pause == self.on or (vote.pause and table.status != PLAYING):
            self._end(vote, "withdrawn")  # decided already (the creator came and went)
        else:
            yes = len(vote.yes & set(voters))
            may = len(voters) - len(vote.no & set(voters))
            if 2 * yes > len(voters):
                self.vote = None
                vote.timer.cancel()
                try:
                    self.turn(vote.pause, vote.by, vote=True)
                except StoreError:
                    log.exception("table %s: its pause could not be stored", table.id)
                    table.tell(RequestError("not_saved", reason="request"))
                    table.changed()
            elif 2 * may <= len(voters):
                self._end(vote, "no")
            else:
                return False
        return True

    def _expired(self, number: int) -> None:
        if self.vote is not None and self.vote.number == number:
            self._end(self.vote, "expired")

    def _end(self, vote: Vote, outcome: str) -> None:
        """The vote ends without a yes: the log says so, and everyone hears the table's info."""
        self.vote = None
        vote.timer.cancel()
        if outcome in ("no", "expired"):
            self.lately[vote.person] = asyncio.get_running_loop().time() + self.again
        table = self.table
        if table.session is not None:
            table.announce({"type": PAUSE_VOTE, "pause": vote.pause, "name": vote.by, "outcome": outcome})
        table.changed()

    # -- pausing and resuming ------------------------------------------------------------------

    def turn(self, pause: bool, by: str, *, vote: bool) -> None:
        """Pause the table (``pause``) or resume it, for ``by``; stored first (a write that fails
        changes nothing: :class:`~.store.StoreError` goes on), then everyone is told."""
        table = self.table
        clock, seats = table.turns.clock, table.seats
        if pause:
            timers = clock.held_left() if clock is not None else {}
            away = seats.left()
            since = time.time()
            table.store.save_pause(PauseRow(table.id, by, since, vote, json.dumps(timers), json.dumps(away)))
            self.by, self.since, self.voted = by, since, vote
            self.held_at = asyncio.get_running_loop().time()
            if clock is not None:
                clock.hold(timers, len(table.session.moves) if table.session is not None else 0)
            seats.hold(away)
            table.announce({"type": PAUSED, "name": by, "vote": vote})
        else:
            table.store.clear_pause(table.id)
            self.by = None
            self._release()
            table.announce({"type": RESUMED, "name": by, "vote": vote})
        table.changed()

    def _release(self) -> None:
        """The clocks run again from where they were held; the waits (for nudges and the host's
        pace) leave out the pause."""
        table = self.table
        if table.turns.clock is not None:
            table.turns.clock.release()
        table.seats.release()
        for seat in range(table.size):
            table.seats.away(seat)
        paused = asyncio.get_running_loop().time() - self.held_at
        waits = table.turns.waits
        for seat in waits.since:
            waits.since[seat] += paused
        for seat in waits.nudged:
            waits.nudged[seat] += paused

    def restore(self, row: PauseRow | None) -> None:
        """The pause as stored (a host restarted while the table was paused): paused again, its
        clocks held with the time they had left.  A pause stored for a table not playing is dropped."""
        table = self.table
        if row is None:
            return
        if table.status != PLAYING:
            table.store.clear_pause(table.id)
            return
        self.by, self.since, self.voted = row.by, row.since, row.vote
        self.held_at = asyncio.get_running_loop().time()
        if table.turns.clock is not None:
            table.turns.clock.hold(_lefts(row.timers), len(table.session.moves) if table.session is not None else 0)
        table.seats.hold(_lefts(row.away))

    def close(self) -> None:
        if self.vote is not None:
            self.vote.timer.cancel()
            self.vote = None


def _lefts(text: Any) -> dict[int, float]:
    """Seat -> seconds left, as stored (JSON, seat numbers as text); what is not one is left out."""
    try:
        data = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    out: dict[int, float] = {}
    for seat, left in data.items():
        if isinstance(seat, str) and seat.isdigit() and type(left) in (int, float) and 0 <= left <= 86400:
            out[int(seat)] = float(left)
    return out
