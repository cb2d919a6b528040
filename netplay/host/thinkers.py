"""Where the host's bots think: worker processes of their own, shared fairly between tables.

A strong bot searches for up to a second a move.  Thinking in the host's own process, ten
all-bot tables would take the interpreter from the event loop that serves every player, and
from each other.  :class:`Thinkers` runs each decision in a small pool of worker processes
instead (at a lower priority than the host where the system has priorities), at most one
decision per worker at a time, and chooses which table thinks next fairly: the address served
least recently first (the address a table was created from: an address's tables count
together), then, of its tables, one where people play now (someone connected in a person's
seat) before one where only bots do, then its table that has waited longest for a turn.  So ten
tables made from one address share the workers with one table made from another address half
and half, not ten to one, whoever sits at them.  The host's loop only sends the
bot and its seat's view and reads the move back.  Bots that do not search (the greedy and the
random ones) decide in microseconds to milliseconds: they never wait behind a search.

Each decision is the table's bot's copy for that one move (seeded by the game's seed, the seat
and the move number, so a game replays the same), and the worker plays ``bot.choose(view)``;
what the copy learned for the seat's next decision (the strong bot's tree past its move, a few
KiB) comes back with the move, to the bot it was made from (:meth:`yule.core.base.Bot.learn`).
With no workers (``workers=0``, what tests and embedded hosts use unless asked), decisions run
in a thread of the host's process, one at a time, in the same fair order.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import multiprocessing
import os
import sys
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from ...core import Bot
from ...core.base import MoveDict, View

NICE = 10
"""How much lower than the host a worker (or ``yule host --ssh``'s SSH server) runs, where the
system has priorities."""


def lower_priority() -> None:
    """A helper process of the host starts: below the host, so the host's loop comes first."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(NICE)


def _choose(bot: Bot[Any], view: View) -> MoveDict:
    return bot.choose(view)


def _decide(bot: Bot[Any], view: View) -> tuple[MoveDict, object]:
    """``bot``'s move, and what it learned deciding (in a worker: it goes back to the host)."""
    return bot.choose(view), bot.learned()


@dataclass(eq=False)
class _Decision:
    bot: Bot[Any]
    view: View
    done: asyncio.Future[MoveDict] = field(repr=False)


class Thinkers:
    """The bots' decisions of every table, ``workers`` at a time (0: in a thread, one at a time)."""

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._waiting: dict[int, deque[_Decision]] = {}
        """Table id -> its decisions not started yet, in order."""
        self._people: dict[int, bool] = {}
        """Table id -> whether people play there now (their address's turn goes to them first)."""
        self._served: dict[int, int] = {}
        """Table id -> when it last had a turn (a count): the longest waiting goes first."""
        self._groups: dict[int, str] = {}
        """Table id -> the address it was created from (its share is that address's)."""
        self._group_served: dict[str, int] = {}
        """Address -> when one of its tables last had a turn (a count): the longest waiting goes first."""
        self._turns = 0
        self._busy = 0

    @property
    def room(self) -> int:
        """Decisions that may run at once."""
        return max(1, self.workers)

    async def choose(self, table: int, by: str, people: bool, bot: Bot[Any], view: View) -> MoveDict:
        """The move ``bot`` makes for ``view`` at ``table``, made from the address ``by``
        (``people``: people play there), once the table's turn comes (a bot that does not
        search decides at once, in a thread)."""
        if not bot.searches:
            return await asyncio.to_thread(_choose, bot, view)
        done: asyncio.Future[MoveDict] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(table, deque()).append(_Decision(bot, view, done))
        self._people[table] = people
        self._served.setdefault(table, -1)
        self._groups[table] = by
        self._group_served.setdefault(by, -1)
        self._pump()
        return await done

    def forget(self, table: int) -> None:
        """The table is gone: its decisions not started yet are dropped."""
        for decision in self._waiting.pop(table, ()):
            decision.done.cancel()
        self._people.pop(table, None)
        self._served.pop(table, None)
        group = self._groups.pop(table, None)
        if group is not None and group not in self._groups.values():
            del self._group_served[group]

    def _next(self) -> tuple[int, _Decision] | None:
        ready = [t for t, queue in self._waiting.items() if queue]
        if not ready:
            return None
        groups, group_served, served = self._groups, self._group_served, self._served
        table = min(ready, key=lambda t: (group_served[groups[t]], not self._people[t], served[t]))
        self._turns += 1
        served[table] = group_served[groups[table]] = self._turns
        return table, self._waiting[table].popleft()

    def _pump(self) -> None:
        while self._busy < self.room and (chosen := self._next()) is not None:
            _, decision = chosen
            if decision.done.cancelled():
                continue
            self._busy += 1
            asyncio.get_running_loop().create_task(self._run(decision))

    async def _run(self, decision: _Decision) -> None:
        try:
            if self.workers:
                move, learned = await asyncio.wrap_future(self._executor().submit(_decide, decision.bot, decision.view))
                decision.bot.learn(learned)
            else:
                move = await asyncio.to_thread(_choose, decision.bot, decision.view)
        except BaseException as e:  # the table hears of it (a bot that fails is replaced there)
            if not decision.done.done():
                decision.done.set_exception(e)
        else:
            if not decision.done.done():
                decision.done.set_result(move)
        finally:
            self._busy -= 1
            self._pump()

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        """The worker processes, started when a bot first thinks (a fresh interpreter each: a
        fork of a host with threads running is not safe).

        They are started with the process's own standard error in place: inside a Textual app
        (``yule play``'s host) ``sys.stderr`` is the app's capture, whose ``fileno()`` is -1,
        and multiprocessing's resource tracker, started with the first pool, passes that
        number on and fails ("bad value(s) in fds_to_keep"): no strong bot would ever think."""
        if self._pool is None:
            with contextlib.redirect_stderr(sys.__stderr__):
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=lower_priority
                )
        return self._pool

    def close(self) -> None:
        """Stop the workers (a decision under way is let finish; those waiting are dropped)."""
        for table in list(self._waiting):
            self.forget(table)
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
