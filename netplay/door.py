"""The door of a table: the seat of someone away is taken over only with a yes from the table.

A player whose device is gone (the laptop died) comes back from another one with the table's
join code and their name (``reclaim``).  A name is no proof, so the host does not seat them at
once: the people at the table (seated players and the table's creator, whoever is connected)
are asked, ``reclaim_asked``, and the first answer decides (``answer``): a yes seats the newcomer
with a new token, the old one void; a no, or no answer within :data:`ASK_SECONDS`, refuses.
Until then nothing of the seat reaches the newcomer, and the away player's own token still works:
their own device coming back ends the request (``came_back``).  Only where nobody else is
connected to the table at all does a request go through alone.

:class:`Door` keeps one table's open requests; the table seats the newcomer
(:meth:`yule.netplay.table.Table.hand_over`).  Every frame here names the seat's player and the
newcomer by the names people see at the table, and nothing else.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .connection import Connection
from .frames import Asking, Outcome, ReclaimAsked, ReclaimOver, ReclaimRefused, ReclaimWaiting

ASK_SECONDS = 60.0
"""How long the table has to answer a request for a seat; no answer by then is a no."""


class DoorError(Exception):
    """A request the door refuses: ``code`` is stable, ``message`` is shown to the player."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(slots=True)
class Ask:
    """A newcomer's open request for the seat of the player called ``player``."""

    id: int
    conn: Connection
    seat: int
    player: str
    timer: asyncio.TimerHandle


class Door:
    """One table's open requests for seats of people who are away.

    ``table`` is the table's id (it is in every frame); ``grant(ask, by)`` seats an asker that
    ``by`` (a name) said yes to; ``deciders(asker)`` are the connections that may answer.
    """

    def __init__(
        self,
        table: int,
        grant: Callable[[Ask, str], None],
        deciders: Callable[[Connection], set[Connection]],
        seconds: float = ASK_SECONDS,
    ) -> None:
        self.table = table
        self.grant = grant
        self.deciders = deciders
        self.seconds = seconds
        self.asks: dict[int, Ask] = {}
        self._ids: Iterator[int] = itertools.count(1)

    def open(self, conn: Connection, seat: int, player: str) -> Ask:
        """Ask the table for ``seat`` on behalf of ``conn``: the deciders hear of it now."""
        if any(ask.conn is conn for ask in self.asks.values()):
            raise DoorError("already_asking", "You have asked for a seat here already: wait for the answer.")
        if any(ask.seat == seat for ask in self.asks.values()):
            raise DoorError("being_asked", f"Someone is asking for {player}'s seat already: try again in a minute.")
        number = next(self._ids)
        timer = asyncio.get_running_loop().call_later(self.seconds, self._expire, number)
        ask = Ask(number, conn, seat, player, timer)
        self.asks[number] = ask
        conn.asking.add(self.table)
        frame: ReclaimAsked = {"type": "reclaim_asked", **self._about(ask), "by": conn.name, "seconds": self.seconds}
        for decider in self.deciders(conn):
            decider.send(frame)
        return ask

    def waiting(self, ask: Ask) -> ReclaimWaiting:
        """The asker's reply while the table decides."""
        return {"type": "reclaim_waiting", "table": self.table, "request": ask.id, "seat": ask.seat, "name": ask.player,
                "seconds": self.seconds}  # fmt: skip

    def answer(self, conn: Connection, number: int, yes: bool) -> None:
        """``conn``'s answer to request ``number``: the first one decides."""
        ask = self.asks.get(number)
        if ask is None:
            raise DoorError("no_request", "That request has been answered already.")
        if conn not in self.deciders(ask.conn):
            raise DoorError("forbidden", "Only the people at this table answer a request for one of its seats.")
        who = conn.name
        if yes:
            self._close(ask, "yes", f"{who} let {ask.conn.name} take {ask.player}'s seat.")
            self.grant(ask, who)
        else:
            self._refuse(ask, "no", f"{who} said no: {ask.player}'s seat stays as it is.")

    def came_back(self, seat: int) -> None:
        """The away player of ``seat`` is back on their own device: any request for it ends."""
        for ask in [a for a in self.asks.values() if a.seat == seat]:
            self._refuse(ask, "came_back", f"{ask.player} came back on their own device.")

    def withdraw(self, conn: Connection) -> None:
        """``conn`` left the table or is gone: its request ends."""
        for ask in [a for a in self.asks.values() if a.conn is conn]:
            self._refuse(ask, "withdrawn", f"{ask.conn.name} no longer asks for {ask.player}'s seat.")

    def close_all(self, why: str) -> None:
        """The table is going: every request is refused with ``why``."""
        for ask in list(self.asks.values()):
            self._refuse(ask, "closed", why)

    def _expire(self, number: int) -> None:
        ask = self.asks.get(number)
        if ask is not None:
            self._refuse(ask, "expired", f"Nobody at the table said yes within {self.seconds:g} seconds.")

    def _refuse(self, ask: Ask, outcome: Outcome, message: str) -> None:
        self._close(ask, outcome, message)
        refused: ReclaimRefused = {
            "type": "reclaim_refused",
            **self._about(ask),
            "outcome": outcome,
            "message": message,
        }
        ask.conn.send(refused)

    def _close(self, ask: Ask, outcome: Outcome, message: str) -> None:
        """The request is over: the deciders' questions go away with the outcome in words."""
        ask.timer.cancel()
        del self.asks[ask.id]
        ask.conn.asking.discard(self.table)
        frame: ReclaimOver = {"type": "reclaim_over", **self._about(ask), "outcome": outcome, "message": message}
        for decider in self.deciders(ask.conn):
            decider.send(frame)

    def _about(self, ask: Ask) -> Asking:
        """What every frame about a request says of it."""
        return {"table": self.table, "request": ask.id, "seat": ask.seat, "name": ask.player}
