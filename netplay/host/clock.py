"""The clocks of a table: how long each seat's move has waited (:class:`Waits`: what a nudge goes
by, and how long each person's turn took: what the host learns people's pace from), and turn timers, the optional clock of a table (its ``turn_seconds``; off unless the
creator sets it).

Each seat that a person is to move for gets ``turn_seconds`` for each decision, counted from
the moment it became that seat's move, from its own previous move when it moves again, or from
the chance move it set off (White Rabbit's roll is no decision: the way to go after it gets its
own time).
Seats that may move at the same time (Gift List's secret bring) each have their own clock.
Once a seat's time is up, the table's stand-in bot makes that one move for it and the log says
so.  Bots and bots standing in for someone who is away have no clock; nor do the guests of an
organiser-mode table, whom the organiser moves for.

:class:`TurnClock` keeps the deadlines; the table tells it, before sending each view, which
seats are waiting for a person's move, and view frames carry :meth:`TurnClock.left`.  The
clock lives in memory only: after a host restart every waiting seat starts a fresh one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection, Sequence
from typing import Any

from ...core.base import CHANCE
from ..frames import Timer

NUDGE_AFTER = 20.0
"""Seconds a person's move must have waited before they can be nudged, or a bot let make it."""

NUDGE_EVERY = 15.0
"""Seconds between two nudges of one seat."""


class TurnClock:
    """The deadlines of one table's waiting seats; ``time_up(seat)`` is called at each one."""

    def __init__(self, seconds: float, time_up: Callable[[int], None]) -> None:
        self.seconds = seconds
        self.time_up = time_up
        self._deadlines: dict[int, tuple[float, int, asyncio.TimerHandle]] = {}
        """seat -> (when its time is up on the loop's clock, the move count when it started, timer)."""
        self.held: dict[int, tuple[float, int]] | None = None
        """While the table is paused (:meth:`hold`): seat -> (seconds it had left, the move count
        when its clock started); None while the clocks run."""

    def wind(self, waiting: Collection[int], moves: Sequence[dict[str, Any]]) -> None:
        """Seats ``waiting`` for a person's move now, given the game's record ``moves``: each gets a
        clock unless it has one running since before its last move or the last chance move (a
        new decision); the others lose theirs."""
        for seat, (_, started, timer) in list(self._deadlines.items()):
            if (
                seat not in waiting
                or started > len(moves)
                or any(m.get("by") in (seat, CHANCE) for m in moves[started:])
            ):
                timer.cancel()
                del self._deadlines[seat]
        loop = asyncio.get_running_loop()
        for seat in waiting:
            if seat not in self._deadlines:
                when = loop.time() + self.seconds
                self._deadlines[seat] = (when, len(moves), loop.call_at(when, self._ring, seat))

    def _ring(self, seat: int) -> None:
        self._deadlines.pop(seat, None)
        self.time_up(seat)

    def left(self) -> list[Timer]:
        """``[{"seat": s, "left": seconds}]`` for each waiting seat, in seat order (held: the
        seconds each had left when the table was paused)."""
        if self.held is not None:
            return [{"seat": seat, "left": round(left, 1)} for seat, (left, _) in sorted(self.held.items())]
        now = asyncio.get_running_loop().time()
        return [
            {"seat": seat, "left": round(max(0.0, when - now), 1)}
            for seat, (when, _, _) in sorted(self._deadlines.items())
        ]

    def stop(self) -> None:
        for _, _, timer in self._deadlines.values():
            timer.cancel()
        self._deadlines.clear()
        self.held = None

    # -- a paused table (:mod:`.pause`) -----------------------------------------------------------

    def held_left(self) -> dict[int, float]:
        """Seat -> the seconds its clock has left now (held ones: as they were held)."""
        if self.held is not None:
            return {seat: left for seat, (left, _) in self.held.items()}
        now = asyncio.get_running_loop().time()
        return {seat: max(0.0, when - now) for seat, (when, _, _) in self._deadlines.items()}

    def hold(self, left: dict[int, float], moves: int) -> None:
        """The table is paused: no clock runs, each seat keeps the seconds ``left`` (the game at
        ``moves`` moves) until :meth:`release`."""
        for _, _, timer in self._deadlines.values():
            timer.cancel()
        started = {seat: begun for seat, (_, begun, _) in self._deadlines.items()}
        self._deadlines.clear()
        self.held = {seat: (seconds, started.get(seat, moves)) for seat, seconds in left.items()}

    def release(self) -> None:
        """The table is resumed: each held clock runs again with the seconds it had left."""
        held, self.held = self.held or {}, None
        loop = asyncio.get_running_loop()
        for seat, (left, started) in held.items():
            when = loop.time() + left
            self._deadlines[seat] = (when, started, loop.call_at(when, self._ring, seat))


class Waits:
    """When each seat that may move began to wait for its move, and when it was last nudged
    (on the loop's clock)."""

    def __init__(self) -> None:
        self.since: dict[int, float] = {}
        """Seat -> when its current move began to wait, for every seat that may move."""
        self.nudged: dict[int, float] = {}
        """Seat -> when it was last nudged."""
        self.turns: list[float] = []
        """The seconds each person's turn of the current game took (a move the table waited for
        them alone to make): the host learns people's pace from them (:meth:`taken`)."""

    def follow(self, movers: Collection[int]) -> None:
        """The seats that may move now (a seat that may no longer move stops waiting)."""
        for seat in [s for s in self.since if s not in movers]:
            del self.since[seat]
        if movers:
            now = asyncio.get_running_loop().time()
            for seat in movers:
                self.since.setdefault(seat, now)

    def moved(self, seat: int, *, timed: bool = False) -> None:
        """``seat`` has just moved: should it move again, it waits anew; a ``timed`` move (a
        person's own, alone to move) counts among the :attr:`turns`."""
        since = self.since.pop(seat, None)
        if timed and since is not None:
            self.turns.append(asyncio.get_running_loop().time() - since)

    def taken(self) -> list[float]:
        """The game is over: the seconds its people's turns took, forgotten here."""
        turns, self.turns = self.turns, []
        return turns

    def waited(self, seat: int) -> float:
        """Seconds the seat's move has waited (0 when it may not move)."""
        since = self.since.get(seat)
        return 0.0 if since is None else asyncio.get_running_loop().time() - since

    def nudge(self, seat: int) -> bool:
        """Note a nudge of ``seat`` now, unless it was nudged less than :data:`NUDGE_EVERY` seconds
        ago (then False)."""
        now = asyncio.get_running_loop().time()
        if now - self.nudged.get(seat, -NUDGE_EVERY) < NUDGE_EVERY:
            return False
        self.nudged[seat] = now
        return True

    def clear(self) -> None:
        """A new game: nobody has waited yet."""
        self.since.clear()
        self.nudged.clear()
        self.turns.clear()
