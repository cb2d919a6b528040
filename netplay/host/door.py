"""The door of a table: the seat of someone away is taken over only with a yes from another person.

A player whose device is gone (the laptop died) comes back from another one with the table's
join code and their name (``reclaim``).  A name is no proof, so nobody is ever seated on a name
alone: the people who may answer are asked (``reclaim_asked``), and the first answer decides
(``answer``): a yes seats the newcomer with a new token, the old one void; a no, or no answer
within :data:`ASK_SECONDS`, refuses.  Until then nothing of the seat reaches the newcomer, and
the away player's own token still works: their own device coming back ends the request
(``came_back``).

Who may answer (:meth:`Door.deciders`): the people seated at the table and its creator or
organiser, whoever is connected, and the host's owner (``yule requests`` on the host's machine)
for every table; never anyone on the asker's side: not the asking connection, nor another
connection of the asker's person, nor one from the asker's address (an SSH guest's is their
own, vouched for by the SSH server: :mod:`.relay`).  Where nobody can answer now, the request
waits :data:`ALONE_SECONDS` for someone who can: the creator coming back, or the host's owner.
The question says who asks as far as the host can tell (:data:`~.frames.Asker`: a new device, a
person who has played here, the seat's own person).

- A yes in the first :data:`RESTART_GRACE` seconds after a host start, while every owner is
  still reconnecting, is held (``held``): the seat goes over once the grace is over, unless its
  player is back first.
- Several requests may wait for one seat, so that a request under someone's name never holds
  off their own; one at a time per asking connection and per address.  A request the table
  said no to may not be made again from that person or address for :data:`REFUSED_SECONDS`.
- A yes can be undone: the seat's earlier device, whose token now answers ``seat_moved``, may
  ask for the seat back the same way (``reclaim_back``, asker ``earlier``); whoever has the
  seat now is not asked.

:class:`Door` keeps one table's open requests; the table's usher seats the newcomer
(:meth:`yule.netplay.host.usher.Usher.hand_over`) and says who may answer.  Every frame here names
the seat's player and the newcomer by the names people see at the table, and nothing else.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..frames import Asker, Asking, Outcome, ReclaimAsked, ReclaimOver, ReclaimRefused, ReclaimWaiting
from ..refusal import RequestError, ended_words
from .connection import Connection

ASK_SECONDS = 60.0
"""How long the table has to answer a request for a seat; no answer by then is a no."""
ALONE_SECONDS = 300.0
"""How long a request waits when nobody who may answer it is connected when it is made."""
RESTART_GRACE = 120.0
"""Seconds after a host start during which a yes is held: the owners of the seats are still
coming back, and their own device coming back ends any request for their seat."""
REFUSED_SECONDS = 120.0
"""After a no, how long the same person or address waits before asking for that seat again."""
MOST_ASKS = 8
"""Requests waiting at one table at once (the seat's own person and earlier device always may ask)."""


@dataclass(slots=True)
class Ask:
    """An open request from ``conn`` for the seat of the player called ``player``."""

    id: int
    conn: Connection
    seat: int
    player: str
    asker: Asker
    timer: asyncio.TimerHandle | None = None
    held_by: str | None = None
    """Who said yes while the restart's grace lasted: the seat goes over when it ends."""


OWNER = ""
"""Who answered, when it was the host's owner (``yule requests``): ``by`` is nil on the wire."""


class Door:
    """One table's open requests for seats.

    ``table`` is the table's id (it is in every frame); ``grant(ask, by)`` seats an asker that
    ``by`` (a name) said yes to, and says whether it could; ``deciders(ask)`` are the
    connections that may answer ``ask``.
    """

    def __init__(
        self,
        table: int,
        grant: Callable[[Ask, str], bool],
        deciders: Callable[[Ask], set[Connection]],
        seconds: float = ASK_SECONDS,
    ) -> None:
        self.table = table
        self.grant = grant
        self.deciders = deciders
        self.seconds = seconds
        self.alone_seconds = max(seconds, ALONE_SECONDS)
        self.not_before = 0.0
        """Loop time before which a yes is held (a restored table: the host's start + :data:`RESTART_GRACE`)."""
        self.asks: dict[int, Ask] = {}
        self.refused: dict[tuple[int, str], float] = {}
        """(seat, person hash or address) -> loop time until which it may not ask for that seat again."""
        self._ids: Iterator[int] = itertools.count(1)

    @property
    def _now(self) -> float:
        return asyncio.get_running_loop().time()

    def open(self, conn: Connection, seat: int, player: str, asker: Asker, holder: str | None = None) -> Ask:
        """Ask for ``seat`` on behalf of ``conn``: whoever may answer hears of it now, and anyone
        who may later hears of it when they come (:meth:`tell`).  ``holder``: who has the seat
        now (asked back by its earlier device)."""
        for ask in self.asks.values():
            if ask.conn is conn:
                raise RequestError("already_asking", reason="you")
            if ask.conn.group == conn.group:
                raise RequestError("already_asking", reason="address")
        now = self._now
        self.refused = {key: until for key, until in self.refused.items() if until > now}
        if any(self.refused.get((seat, key), 0.0) > now for key in (conn.group, conn.person) if key):
            raise RequestError("asked_lately", minutes=REFUSED_SECONDS / 60)
        if len(self.asks) >= MOST_ASKS and asker not in ("same", "earlier"):
            raise RequestError("busy_door")
        ask = Ask(next(self._ids), conn, seat, player, asker)
        deciders = self.deciders(ask)
        seconds = self.seconds if deciders else self.alone_seconds
        ask.timer = asyncio.get_running_loop().call_later(seconds, self._expire, ask.id)
        self.asks[ask.id] = ask
        conn.asking.add(self.table)
        for decider in deciders:
            decider.send(self._question(ask, holder))
        return ask

    def tell(self, conn: Connection, holder: Callable[[Ask], str | None]) -> None:
        """``conn`` has just come to the table (or to the host as its owner): the open requests
        it may answer are asked of it too."""
        for ask in self.asks.values():
            if ask.held_by is None and conn in self.deciders(ask):
                conn.send(self._question(ask, holder(ask)))

    def _question(self, ask: Ask, holder: str | None) -> ReclaimAsked:
        assert ask.timer is not None
        left = max(0.0, round(ask.timer.when() - self._now, 1))
        frame: ReclaimAsked = {"type": "reclaim_asked", "table": self.table, "request": ask.id, "seat": ask.seat,
                               "name": ask.player, "by": ask.conn.name, "asker": ask.asker, "seconds": left}  # fmt: skip
        if holder is not None:
            frame["holder"] = holder
        return frame

    def waiting(self, ask: Ask) -> ReclaimWaiting:
        """The asker's reply while the table decides."""
        assert ask.timer is not None
        seconds = round(ask.timer.when() - self._now, 1)
        return {"type": "reclaim_waiting", "table": self.table, "request": ask.id, "seat": ask.seat,
                "name": ask.player, "seconds": seconds}  # fmt: skip

    def answer(self, conn: Connection, number: int, yes: bool, who: str) -> None:
        """``conn`` (called ``who``; :data:`OWNER` for the host's owner) answers request
        ``number``: the first answer decides."""
        ask = self.asks.get(number)
        if ask is None or ask.held_by is not None:
            raise RequestError("no_request")
        if conn not in self.deciders(ask):
            raise RequestError("forbidden", reason="answer")
        if not yes:
            for key in (ask.conn.group, ask.conn.person):
                if key:
                    self.refused[(ask.seat, key)] = self._now + REFUSED_SECONDS
            self._refuse(ask, "no", by=who)
            return
        wait = self.not_before - self._now
        if wait > 0:  # right after a restart: the seat's own device may still be on its way back
            ask.held_by = who
            self._tell_deciders(ask, "held", by=who, seconds=round(wait))
            self._rearm(ask, wait, self._grant_held)
            return
        self._let_in(ask, who)

    def _let_in(self, ask: Ask, who: str) -> None:
        self._close(ask, "yes", by=who)
        if self.grant(ask, who):
            self.came_back(ask.seat, granted=True)  # the other requests for the seat end
        else:
            self._tell_asker(ask, "closed", detail="seat")

    def _grant_held(self, number: int) -> None:
        ask = self.asks.get(number)
        if ask is not None and ask.held_by is not None:
            self._let_in(ask, ask.held_by)

    def came_back(self, seat: int, granted: bool = False) -> None:
        """The player of ``seat`` is back (on their own device; ``granted``: a yes gave the seat
        to another request's asker): any request for it ends."""
        for ask in [a for a in self.asks.values() if a.seat == seat]:
            self._refuse(ask, "came_back", detail="granted" if granted else "device")

    def withdraw(self, conn: Connection) -> None:
        """``conn`` left the table or is gone: its request ends."""
        for ask in [a for a in self.asks.values() if a.conn is conn]:
            self._refuse(ask, "withdrawn")

    def close_all(self) -> None:
        """The table is going: every request is refused."""
        for ask in list(self.asks.values()):
            self._refuse(ask, "closed", detail="table")

    def _expire(self, number: int) -> None:
        ask = self.asks.get(number)
        if ask is not None:
            self._refuse(ask, "expired")

    def _rearm(self, ask: Ask, seconds: float, then: Callable[[int], None]) -> None:
        if ask.timer is not None:
            ask.timer.cancel()
        ask.timer = asyncio.get_running_loop().call_later(seconds, then, ask.id)

    def _refuse(self, ask: Ask, outcome: Outcome, **facts: Any) -> None:
        self._close(ask, outcome, **facts)
        self._tell_asker(ask, outcome, **facts)

    def _tell_asker(self, ask: Ask, outcome: Outcome, **facts: Any) -> None:
        refused: ReclaimRefused = {"type": "reclaim_refused", **self._ended(ask, outcome, **facts)}  # type: ignore[typeddict-item]
        ask.conn.send(refused)

    def _close(self, ask: Ask, outcome: Outcome, **facts: Any) -> None:
        """The request is over: the questions still open go away with the outcome."""
        if ask.timer is not None:
            ask.timer.cancel()
        del self.asks[ask.id]
        ask.conn.asking.discard(self.table)
        self._tell_deciders(ask, outcome, **facts)

    def _tell_deciders(self, ask: Ask, outcome: Outcome, **facts: Any) -> None:
        frame: ReclaimOver = {"type": "reclaim_over", **self._ended(ask, outcome, **facts)}  # type: ignore[typeddict-item]
        for decider in self.deciders(ask):
            decider.send(frame)

    def _ended(self, ask: Ask, outcome: Outcome, by: str | None = None, **facts: Any) -> dict[str, Any]:
        """How a request ended, as data (and in English, :data:`ENDS`): the outcome, who asked,
        who answered (``by``, nil for the host's owner), and the facts of the outcome."""
        ended = {**self._about(ask), "outcome": outcome, "asker": ask.conn.name, **facts}
        if by is not None:
            ended["by"] = by or None
        ended["message"] = ended_words(ended)
        return ended

    def _about(self, ask: Ask) -> Asking:
        """What every frame about a request says of it."""
        return {"table": self.table, "request": ask.id, "seat": ask.seat, "name": ask.player}
