"""The bots of one table at the host: who plays each seat when a bot moves for it, and the loop
that moves for them.

Each game, every seat gets its bot (:meth:`BotLoop.make`): a bot seat its own kind (an adapting
bot at the strength its table keeps, :class:`yule.core.levels.Strength`), a person's
seat the :func:`stand_in` that plays while its person is away.  The loop (:meth:`BotLoop.kick`
starts it, or wakes it while it waits) moves for every seat a bot controls, until people are
to move: each move once the last one has been on show the table's bot delay (before a bot's
next move in the same turn: a beat, :data:`TURN_BEAT` of it).  A bot's roll goes at once, as
does a move it has no choice in right after its own (an end of turn with nothing left to
play): they show nothing to wait for, and what they change (the die) is then on show the
whole delay, with the move before it (:meth:`BotLoop.at_once`).  A bot thinks meanwhile,
from the moment its position is on the table: the delay is what its thinking left of it.  A
seat with one move only (a roll to set off) makes it without thinking.  A bot is fed its own
seat's view only and thinks where the host's bots think (:mod:`.thinkers`), each decision a
copy of the bot seeded by the game's seed, the seat and the move number
(:meth:`yule.core.session.Session.decider`), so a game of bots plays the same however its
decisions are spread.  A stand-in also makes a person's one move when their time is up, or
when the organiser lets it (:meth:`BotLoop.once`).  While the table is paused no bot moves: a
move thought out meanwhile is dropped, and thought again once the table is resumed (:mod:`.pause`).

The loop asks its table for what it needs (:class:`BotTable`), and moves through the table, which
commits each move and tells everyone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable
from typing import Any, Protocol

from ...core import Bot, Game, GameState
from ...core.base import MoveDict, Seat
from ...core.bots import forced, triggered
from ...core.ismcts import SearchBot
from ...core.levels import Strength
from ...core.session import Session
from ..frames import BOT_REPLACED
from ..refusal import RequestError
from .store import StoreError
from .thinkers import Thinkers

log = logging.getLogger("yule.host")

DEFAULT_BOT_DELAY = 0.2
"""Seconds a move stays on show before a bot's move (the strong bot thinks meanwhile)."""

TURN_BEAT = 0.7
"""The share of the bots' delay a bot's move stays on show before the same bot's next choice
(where its rabbit goes, then Max's card and pile; the cards of one turn): a beat, enough to
see one before the next (0.21 s at ``yule play``'s delay; the strong bot's thinking may make
it longer).  With its rolls at once, a round of three bots in White Rabbit, up to sixteen
moves with sixes and Max, so keeps within 3 s; each move stays in the table's log."""

BOT_RETRY_MAX = 30.0
"""Longest wait (seconds) before the bots try again a move the store could not keep."""

STAND_IN_THINK = 0.3
"""Seconds the strong bot thinks a move while it plays for a person who is away."""


def stand_in_kind(game: Game[Any]) -> str:
    """The bot seated when none is named: the greedy one when the game has it."""
    return "greedy" if "greedy" in game.bots else next(iter(game.bots))


def stand_in(game: Game[Any], rng: random.Random) -> Bot[Any]:
    """The bot that plays for a person who is away: the strong one at a short think time,
    else the game's greedy one."""
    if "ismcts" in game.bots:
        return SearchBot(rng, think=STAND_IN_THINK)
    return game.bots[stand_in_kind(game)](rng)


class BotTable(Protocol):
    """What the bot loop asks of its table (:class:`yule.netplay.host.table.Table`)."""

    id: int
    made_by: str | None
    """The address the table was created from (its bots think in that address's share), if known."""
    bot_delay: float
    """Seconds a move stays on show before a bot's move: read again whenever the loop is kicked."""
    thinkers: Thinkers
    players: list[str]

    @property
    def playing(self) -> Session[Any] | None:
        """The game being played now; ``None`` between games."""

    @property
    def paused(self) -> bool:
        """True while the table is paused (:mod:`.pause`): no bot moves."""

    def controlled(self, seat: Seat) -> bool:
        """True while a bot moves for ``seat`` (a bot's seat, or a person's that a bot stands in for)."""

    def people(self) -> bool:
        """True when people play at the table (their tables think first)."""

    def play_for(self, seat: Seat, wire: MoveDict, *, note: dict[str, Any] | None = None) -> None:
        """Play and commit a seat's move (``note``: an event of the table's own, logged first)."""

    def tell(self, news: RequestError) -> None:
        """Say something to everyone at the table (an error frame: ``not_saved``, ``bots_stuck``)."""


class BotLoop:
    """The bots of ``table`` and the loop that moves for them."""

    def __init__(self, table: BotTable) -> None:
        self.table = table
        self.by_seat: dict[Seat, Bot[Any]] = {}
        """The bot that plays each seat of the current game whenever a bot moves for it."""
        self.task: asyncio.Task[None] | None = None
        """The loop, while it runs."""
        self.kicked = asyncio.Event()
        """Set by :meth:`kick` while the loop waits out the delay: it looks at it again."""
        self.once_tasks: set[asyncio.Task[None]] = set()
        """The stand-ins thinking out one person's move (:meth:`once`)."""
        self.shown = 0.0
        """When the table last changed (the loop's clock): the bots' delay counts from then."""
        self.last: Seat | None = None
        """The seat whose choice made that change (None: no seat's choice, or a move made at
        once, :meth:`at_once`)."""
        self.retry_at = 0.0
        """When the bots may try again a move the store could not keep (the loop's clock)."""

    def make(self, game: Game[Any], kinds: list[str | None], seed: str, strength: Strength) -> None:
        """The bots of a new game: each seat's own kind (an adapting bot at the table's
        ``strength``), or (``None``: a person's seat) a stand-in."""
        self.by_seat = {}
        for seat, kind in enumerate(kinds):
            rng = random.Random(f"{seed}/seat{seat}")
            self.by_seat[seat] = strength.fit(game.bots[kind](rng)) if kind is not None else stand_in(game, rng)

    def controller(self, seat: Seat) -> Bot[Any] | None:
        """The bot moving for a seat now (a bot seat, or a stand-in), else None."""
        return self.by_seat[seat] if self.table.controlled(seat) else None

    def kick(self, moved: Seat | None = None) -> None:
        """The table changed (``moved``: that seat moved): set the bots going.  They move once the
        change has been on show their delay, or its beat when a bot moves again after its own
        move (:meth:`pause`; a delay shortened meanwhile is kept to at once)."""
        if self.table.playing is None or self.table.paused:
            return
        self.shown, self.last = asyncio.get_running_loop().time(), moved
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())
        else:
            self.kicked.set()

    def at_once(self, seat: Seat) -> bool:
        """True when ``seat``'s move goes without a pause: its roll, or a move it has no choice in
        right after its own (the end of a turn with nothing left to play).  Such a move shows
        nothing to wait for; what it changes is then on show the whole delay, with the move
        before it."""
        session = self.table.playing
        if session is None:
            return False
        state = session.state
        return triggered(state, seat) is not None or (seat == self.last and forced(state, seat) is not None)

    def pause(self, seat: Seat) -> float:
        """Seconds the table's last change stays on show before ``seat``'s move: the bots' delay,
        a beat of it (:data:`TURN_BEAT`) when the change was the seat's own choice, or none
        (:meth:`at_once`)."""
        if self.at_once(seat):
            return 0.0
        delay = self.table.bot_delay
        return delay * TURN_BEAT if seat == self.last else delay

    async def _wait(self, seat: Seat, still: Callable[[], bool]) -> bool:
        """Until ``seat`` may move (:meth:`pause`, and the store's retry), read again at every
        kick; False as soon as the position has changed (``still()`` is false)."""
        loop = asyncio.get_running_loop()
        while (left := max(self.shown + self.pause(seat), self.retry_at) - loop.time()) > 0:
            self.kicked.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.kicked.wait(), left)
            if not still():
                return False
        return True

    async def _run(self) -> None:
        """Move for the active bot-controlled seats, each when the table's last change has been
        on show long enough (:meth:`pause`; seats moving at once follow the first without one),
        until people move.

        A bot thinks where the host's bots think (:mod:`.thinkers`: worker processes shared
        fairly between the addresses the tables were made from; the strong one searches for
        its think time), so the host keeps serving every table meanwhile; a move thought out
        for a position that has changed since (another seat moved at the same time, an undo)
        is thought again.  A move the store cannot keep is tried again later (after 1 s,
        doubling up to 30 s), and the table is told once; a table whose bots cannot move at
        all says so, never waits in silence.
        """
        retry = 0.0
        while not self.table.paused and (session := self.table.playing) is not None:
            seats = [s for s in session.movers() if self.controller(s)]
            if not seats:
                return
            for n, seat in enumerate(seats):
                session = self.table.playing
                bot = self.controller(seat) if session is not None else None
                if bot is None or session is None or seat not in session.movers():
                    continue
                try:
                    if not await self._move(session, seat, bot, paced=n == 0):
                        break  # the position changed while the bot thought: look again
                except StoreError:
                    if not retry:
                        self.table.tell(RequestError("not_saved", reason="bots"))
                    retry = min(BOT_RETRY_MAX, 2 * retry or 1.0)
                    self.retry_at = asyncio.get_running_loop().time() + retry
                    break
                except Exception:
                    log.exception("table %s: no bot can move for seat %s; the table stops", self.table.id, seat)
                    self.table.tell(RequestError("bots_stuck", seat=seat, name=self.table.players[seat]))
                    return
                retry = 0.0

    async def _think(self, session: Session[Any], seat: Seat, bot: Bot[Any], state: GameState[Any]) -> MoveDict:
        """``bot``'s move for ``seat`` at ``state``, from the seat's view, thought out where the
        host's bots think (:mod:`.thinkers`, in the share of the address the table was made
        from), by a copy of the bot for this one decision (:meth:`Session.decider`); the seat's
        one move at once when it has no choice."""
        only = forced(state, seat)
        if only is not None:
            return only
        view = state.view(seat)
        table = self.table
        by = table.made_by or f"table {table.id}"  # not known: a share of its own
        return await table.thinkers.choose(table.id, by, table.people(), session.decider(bot, seat), view)

    def _same(self, session: Session[Any], state: Any, seq: int) -> bool:
        """True while the game is still at the position ``state`` after ``seq`` moves."""
        return self.table.playing is session and session.state is state and len(session.moves) == seq

    async def _move(self, session: Session[Any], seat: Seat, bot: Bot[Any], *, paced: bool) -> bool:
        """The bot's move for ``seat``, or False when the position changed while it thought.
        It thinks at once, and moves when it has thought and (``paced``) the table's last
        change has been on show long enough (:meth:`pause`).

        A bot that fails (raises, or answers an illegal move) is logged and the random bot moves
        instead, with a line in the table's log saying so.
        """
        table = self.table
        state, seq = session.state, len(session.moves)
        hurried = self.at_once(seat)
        thinking = asyncio.ensure_future(self._think(session, seat, bot, state))
        try:
            if paced and not await self._wait(seat, lambda: self._same(session, state, seq)):
                return False
            wire: MoveDict | None = await thinking
        except Exception:
            log.exception("table %s: the %s bot for seat %s failed; the random bot moves instead", table.id,
                          type(bot).__name__, seat)  # fmt: skip
            wire = None
        finally:
            thinking.cancel()  # not needed any more, if not done
        if table.paused or not self._same(session, state, seq) or self.controller(seat) is not bot:
            return False  # paused meanwhile: the move is dropped, thought again once resumed
        if wire is not None:
            try:
                table.play_for(seat, wire)
                if hurried:
                    self.last = None  # on show the whole delay, with the move before it
                return True
            except StoreError:
                raise
            except Exception:
                log.exception("table %s: the %s bot for seat %s moved %r, refused; the random bot moves instead",
                              table.id, type(bot).__name__, seat, wire)  # fmt: skip
        replacement = session.game.bots["random"](random.Random(f"{session.seed}/stand-in/{seq}"))
        table.play_for(seat, replacement.choose(state.view(seat)), note={"type": BOT_REPLACED, "seat": seat})
        return True

    def once(self, seat: Seat, note: dict[str, Any]) -> None:
        """The seat's stand-in makes its person's one move now, ``note`` logged first (their time
        is up, or the organiser let the bot move)."""
        task = asyncio.get_running_loop().create_task(self._move_once(seat, note))
        self.once_tasks.add(task)
        task.add_done_callback(self.once_tasks.discard)

    async def _move_once(self, seat: Seat, note: dict[str, Any]) -> None:
        """The stand-in thinks (as in the loop) and moves for ``seat``, unless the position
        changed meanwhile (its player moved after all)."""
        session = self.table.playing
        if session is None or self.table.paused or seat not in session.movers() or self.controller(seat):
            return
        state, seq = session.state, len(session.moves)
        try:
            wire = await self._think(session, seat, self.by_seat[seat], state)
            if not self.table.paused and self._same(session, state, seq) and self.controller(seat) is None:
                self.table.play_for(seat, wire, note=note)
        except Exception:
            log.exception("table %s: no move for seat %s from its bot; it waits for its player", self.table.id, seat)

    def close(self) -> None:
        """The table is gone: the loop and the one-move stand-ins stop, undecided moves are dropped."""
        self.table.thinkers.forget(self.table.id)
        if self.task is not None:
            self.task.cancel()
        for task in self.once_tasks:
            task.cancel()
