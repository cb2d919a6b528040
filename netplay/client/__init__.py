"""The Yule client library: one asyncio client for ``yule bots``, the tests and the terminal app.

It speaks the protocol of ``docs/protocol.md``: it says hello, offers the lobby as awaitable
calls, sends moves, answers and sends heartbeats, and reconnects by itself (exponential
backoff), presenting its seat tokens again so every seat and view comes back, also after a
host restart.  Each request goes out as its dataclass of :mod:`yule.netplay.asks`, the one the
host validates (:meth:`Client.request` sends any of them).  No Textual here, and no pydantic.

Incoming frames (``view``, ``table``, errors not tied to a request, ...) arrive in
:attr:`Client.messages` (an :class:`asyncio.Queue`; iterate the client with ``async for``) and
through the optional ``on_message`` callback, typed as :mod:`yule.netplay.frames` says
(:data:`~yule.netplay.frames.Incoming`).  Connection changes arrive the same way, as
``{"type": "connection", "state": "connected" | "reconnecting" | "gone", "reason": str}``.
A :class:`~yule.netplay.client.follower.TableFollower` follows one table from them.
A request that the host refuses raises :class:`HostError` (``code``, ``message``); one made
while the connection is down raises :class:`ConnectionLost`.

Given a :class:`~yule.netplay.client.seatstore.SeatStore`, the client keeps every seat it gets there
(keyed by ``host:port``, or the ``address`` given), with the table's code and game once the host
tells them, and drops a seat whose token the host no longer knows: :meth:`Client.saved_seats`
then tells which seats this player holds at this host, also from an earlier run, and
:meth:`Client.resume` takes one back.  It keeps there too the person token the host gives each
name (:attr:`Client.person`), so the player is the same person at that host in every run.

Example::

    async with Client("192.168.1.20", 7737, name="Ana") as client:
        created = await client.create_table("white-elephant", 4, bot_delay=0.8)
        table = created["table"]                     # created["code"]: the join code to share
        await client.fill_bots(table, "greedy")
        await client.start(table)
        async for msg in client:
            if msg["type"] == "view" and may_move(msg):
                await client.move(table, {"type": "clear"})
            elif msg["type"] == "table" and msg["status"] == "over":
                break

API in brief: :meth:`Client.connect`, :meth:`~Client.close`, :meth:`~Client.list_tables`,
:meth:`~Client.create_table`, :meth:`~Client.join`, :meth:`~Client.resume`,
:meth:`~Client.reclaim`, :meth:`~Client.watch`, :meth:`~Client.leave`, :meth:`~Client.add_bot`,
:meth:`~Client.fill_bots`, :meth:`~Client.remove_bot`, :meth:`~Client.set_open`,
:meth:`~Client.start`, :meth:`~Client.play_again`, :meth:`~Client.move`, :meth:`~Client.chat`,
:meth:`~Client.rename`, :meth:`~Client.standings` (the evening's scoreboard); :attr:`Client.seats`
holds this client's :class:`SeatClaim` per table, :attr:`Client.tables` the latest table info
of each table followed, :meth:`~Client.saved_seats` the seats kept on this machine;
:func:`may_move` tells whether a view frame asks its seat for a move; :func:`discover_hosts`
lists hosts on the LAN.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, cast

from .. import DEFAULT_PORT
from ..asks import (
    AddBot,
    Again,
    Answer,
    AnyAsk,
    BotMove,
    Chat,
    Create,
    DeleteSet,
    FillBots,
    Hello,
    HelpAnswer,
    HelpAsk,
    HelpEnd,
    HouseSets,
    Join,
    Leave,
    ListTables,
    Move,
    Nudge,
    Organise,
    Owner,
    Paces,
    Pause,
    PauseAnswer,
    Ping,
    Pong,
    React,
    ReactionCode,
    Reclaim,
    ReclaimBack,
    RemoveBot,
    RemoveSeat,
    Rename,
    Resume,
    SaveSet,
    SetOpen,
    SetPace,
    StandIn,
    Standings,
    Start,
    Suggest,
    Undo,
    Watch,
    wire_form,
)
from ..discovery import FoundHost, discover_hosts
from ..frames import (
    Created,
    HelpWaiting,
    HostFrame,
    Incoming,
    ReclaimRefused,
    ReclaimWaiting,
    Seated,
    SetSaved,
    SetsFrame,
    StandingsFrame,
    Summary,
    TableInfo,
    Welcome,
)
from ..names import clean_name
from ..wire import MAX_HOST_FRAME, PROTOCOL_VERSION, FrameError, encode, read_frame
from .seatstore import SavedSeat, SeatStore

__all__ = [
    "Client", "ConnectionLost", "FoundHost", "HostError", "SavedSeat", "SeatClaim", "SeatStore", "discover_hosts",
    "may_move",
]  # fmt: skip

log = logging.getLogger("yule.client")

State = Literal["connected", "reconnecting", "gone"]
CONNECTED: State = "connected"
RECONNECTING: State = "reconnecting"
GONE: State = "gone"


HELLO_TIMEOUT = 10.0
"""Seconds a host has to answer a hello (it welcomes at once): what accepts the connection and says
nothing for this long is no host that can be played at (``HostError`` code ``silent``)."""


OWN_CODES = {
    "no_answer": "nothing is heard from it in {seconds:g} s (is it a Yule host, and not stuck?)",
    "not_yule": "it does not speak the Yule protocol (is it a Yule host?)",
}
"""The refusals the client makes itself, of a host that does not answer as a Yule host: each
code's English (a screen words them from the code and params, as the host's)."""


class HostError(Exception):
    """The host refused a request: ``code`` (stable, see docs/protocol.md), its ``params`` (the
    facts to word it from: :data:`~yule.netplay.refusal.WORDING`) and the host's English ``message``."""

    def __init__(self, code: str, message: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(f"{message} ({code})")
        self.code = code
        self.message = message
        self.params: dict[str, Any] = dict(params or {})


class ConnectionLost(ConnectionError):
    """The connection to the host is down (the client may be reconnecting)."""


@dataclass(frozen=True, slots=True)
class SeatClaim:
    """A seat this client holds: present ``token`` again to get it back."""

    table: int
    seat: int
    token: str


def may_move(frame: Incoming) -> bool:
    """True when a view frame asks its seat for a move (the view carries ``actions``)."""
    return frame["type"] == "view" and frame["seat"] is not None and "actions" in frame["view"]


class Client:
    """A connection to a Yule host that survives network trouble; see the module docstring."""

    def __init__(
        self,
        host: str,
        port: int = DEFAULT_PORT,
        name: str = "Player",
        *,
        reconnect: bool = True,
        give_up_after: float | None = 120.0,
        heartbeat: float = 10.0,
        request_timeout: float = 30.0,
        on_message: Callable[[Incoming], None] | None = None,
        max_queue: int = 10_000,
        seat_store: SeatStore | None = None,
        address: str | None = None,
        local_address: str | None = None,
        relay: str | None = None,
    ) -> None:
        self.host = host
        self.port = port
        self.local_address = local_address
        """The address this client connects from (None: the system's choice)."""
        self.relay = relay
        """An SSH guest's address as its SSH server vouched for it, presented in every hello (:mod:`.relay`)."""
        self.name = name
        self.reconnect = reconnect
        self.give_up_after = give_up_after
        self.heartbeat = heartbeat
        self.request_timeout = request_timeout
        self.on_message = on_message
        self.max_queue = max_queue
        self.messages: asyncio.Queue[Incoming] = asyncio.Queue()
        self.state = "idle"
        self.welcome: Welcome | None = None
        """The host's answer to this client's hello (None before the first)."""
        self.seats: dict[int, SeatClaim] = {}
        self.watching: dict[int, str | None] = {}
        """Tables watched as a spectator -> the code used (watched again after a reconnect)."""
        self.organising: dict[int, str] = {}
        """Tables this client organises -> the organiser token (presented again after a reconnect)."""
        self.tables: dict[int, TableInfo] = {}
        """The latest table info (``type: table``) of each table this client has heard of."""
        self.seat_store = seat_store
        """Where the seats this client gets are kept between runs (None: nowhere)."""
        self.address = address or f"{host}:{port}"
        """The key of this host in the seat store."""
        self.person: str | None = None
        """The person token the host gave this client's name (who it is there across tables:
        :mod:`.evening`), presented in every hello; kept in the seat store, per name."""
        self._writer: asyncio.StreamWriter | None = None
        self._tasks: list[asyncio.Task[Any]] = []
        self._pending: dict[int, asyncio.Future[HostFrame]] = {}
        self._asking: dict[int, asyncio.Future[Seated | ReclaimRefused]] = {}
        """Request number -> the answer awaited for a seat asked of a table (:meth:`reclaim`)."""
        self._rids = itertools.count(1)
        self._closing = False
        self._supervisor: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Client:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def __aiter__(self) -> Client:
        return self

    async def __anext__(self) -> Incoming:
        if self.state == GONE and self.messages.empty():
            raise StopAsyncIteration
        return await self.messages.get()

    # -- connecting ------------------------------------------------------------------------

    async def connect(self) -> Welcome:
        """Connect and say hello; returns the host's ``welcome``.

        Raises ``OSError`` (nothing answers; :class:`socket.gaierror` for an unknown host
        name), ``TimeoutError``, or :class:`HostError` (the host refuses, what answers does not
        speak the Yule protocol: code ``not_yule``, or says nothing for :data:`HELLO_TIMEOUT`
        seconds: code ``no_answer``, param ``seconds``: these two codes are the client's own, see
        :data:`OWN_CODES`).
        """
        try:
            await self._open()
        except FrameError as e:
            if e.code == "silent":
                raise HostError("no_answer", OWN_CODES["no_answer"].format(seconds=HELLO_TIMEOUT),
                                {"seconds": HELLO_TIMEOUT}) from None  # fmt: skip
            raise HostError("not_yule", OWN_CODES["not_yule"]) from None
        except asyncio.IncompleteReadError:
            raise HostError("not_yule", OWN_CODES["not_yule"]) from None
        self._emit_state(CONNECTED, "connected")
        assert self.welcome is not None
        return self.welcome

    async def close(self) -> None:
        """Close for good (no reconnect); a ``gone`` message ends the message stream."""
        self._closing = True
        if self._supervisor is not None:
            self._supervisor.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._supervisor
        await self._drop("closed")
        if self.state != GONE:
            self._emit_state(GONE, "closed")

    async def _open(self) -> None:
        local = None if self.local_address is None else (self.local_address, 0)
        reader, writer = await asyncio.open_connection(self.host, self.port, limit=2**16, local_addr=local)
        hello = Hello(version=PROTOCOL_VERSION, name=self.name, person=self._person_of(self.name), via=self.relay)
        try:
            writer.write(encode(wire_form(hello)))
            wait = min(self.request_timeout, HELLO_TIMEOUT)
            reply = await read_frame(reader, MAX_HOST_FRAME, idle_timeout=wait, frame_timeout=wait)
            if reply.get("type") == "error":
                raise HostError(reply.get("code", "error"), reply.get("message", "refused"), reply.get("params"))
            if reply.get("type") != "welcome":
                raise HostError("not_yule", OWN_CODES["not_yule"])
        except BaseException:
            writer.close()
            raise
        self.welcome = cast(Welcome, reply)
        self._keep_person(self.name, reply.get("person"))
        self._writer = writer
        self.state = CONNECTED
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._read_loop(reader)), loop.create_task(self._ping_loop())]

    async def _drop(self, reason: str) -> None:
        """Close the current connection and fail the requests waiting on it."""
        current = asyncio.current_task()
        for task in self._tasks:
            if task is not current:
                task.cancel()
        self._tasks = []
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        futures: list[asyncio.Future[Any]] = [*self._pending.values(), *self._asking.values()]
        for future in futures:
            if not future.done():
                future.set_exception(ConnectionLost(reason))
        self._pending.clear()
        self._asking.clear()

    def _lost(self, reason: str) -> None:
        """The connection broke: reconnect in the background, or give up."""
        if self._closing or self.state in (RECONNECTING, GONE):
            return
        log.info("connection to %s:%s lost: %s", self.host, self.port, reason)
        if not self.reconnect:
            self._emit_state(GONE, reason)
        else:
            self._emit_state(RECONNECTING, reason)
        self._supervisor = asyncio.get_running_loop().create_task(self._recover(reason))

    async def _recover(self, reason: str) -> None:
        await self._drop(reason)
        if not self.reconnect:
            return
        started = time.monotonic()
        delay = 0.1
        while True:
            await asyncio.sleep(delay * random.uniform(0.8, 1.2))
            try:
                await self._open()
            except (OSError, HostError, FrameError, asyncio.IncompleteReadError, TimeoutError) as e:
                if self.give_up_after is not None and time.monotonic() - started > self.give_up_after:
                    self._emit_state(GONE, f"could not reconnect: {e}")
                    return
                delay = min(delay * 2, 5.0)
                continue
            break
        self._emit_state(CONNECTED, "reconnected")
        for claim in list(self.seats.values()):
            try:
                await self.resume(claim.token)
            except HostError as e:
                self.seats.pop(claim.table, None)
                self._deliver({"type": "error", "code": e.code, "params": e.params, "message": e.message,
                               "table": claim.table})  # fmt: skip
            except ConnectionLost:
                return  # _lost has started another recovery
        for table, code in list(self.watching.items()):
            with contextlib.suppress(HostError, ConnectionLost):
                await self.watch(table, code)
        for token in list(self.organising.values()):
            with contextlib.suppress(HostError, ConnectionLost):
                await self.organise(token)

    def _emit_state(self, state: State, reason: str) -> None:
        self.state = state
        self._deliver({"type": "connection", "state": state, "reason": reason})

    def _deliver(self, message: Incoming) -> None:
        if self.messages.qsize() >= self.max_queue:
            self.messages.get_nowait()  # the oldest goes: a reader this far behind wants the news
        self.messages.put_nowait(message)
        if self.on_message is not None:
            try:
                self.on_message(message)
            except Exception:
                log.exception("on_message failed")

    async def _read_loop(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                frame = await read_frame(reader, MAX_HOST_FRAME, idle_timeout=3 * self.heartbeat,
                                         frame_timeout=self.request_timeout)  # fmt: skip
                self._route(frame)
        except asyncio.CancelledError:
            raise
        except FrameError as e:
            self._lost(e.message)
        except (asyncio.IncompleteReadError, OSError):
            self._lost("the host closed the connection")

    def _route(self, raw: dict[str, Any]) -> None:
        frame = cast(HostFrame, raw)  # as docs/protocol.md says: the host is trusted, not checked
        if frame["type"] == "ping":
            self._send(Pong())
            return
        if frame["type"] == "pong":
            return
        if frame["type"] == "table":
            self._table_info(frame)
        elif frame["type"] == "error" and frame["code"] == "replaced" and "table" in frame:
            self.seats.pop(frame["table"], None)  # another connection of ours has it: no tug of war
        elif frame["type"] == "removed":
            self.seats.pop(frame["table"], None)  # the organiser freed our seat before the game
            self.forget_seat(frame["table"])
        elif frame["type"] in ("seated", "reclaim_refused") and (asked := self._asking.get(raw.get("request", -1))):
            if not asked.done():
                asked.set_result(frame)
            return
        rid = raw.get("rid")
        future = self._pending.get(rid) if isinstance(rid, int) else None
        if future is not None and not future.done():
            if frame["type"] == "error":
                future.set_exception(HostError(frame["code"], frame["message"], frame.get("params")))
            else:
                future.set_result(frame)
            return
        self._deliver(frame)

    def _table_info(self, info: TableInfo) -> None:
        table = info["table"]
        self.tables[table] = info
        if self.seat_store is not None and table in self.seats and info["you"] is not None:
            self.seat_store.note(self.address, table, code=info.get("code"), game=info["game"])

    def _person_of(self, name: str) -> str | None:
        """The person token to present under ``name``: the one in use, else the one the seat store
        keeps for that name at this host."""
        if self.person is not None and name == self.name:
            return self.person
        if self.seat_store is None:
            return None
        return self.seat_store.person(self.address, clean_name(name))

    def _keep_person(self, name: str, token: object) -> None:
        """The host's person token for ``name``: in use from now on, and kept in the seat store."""
        if not isinstance(token, str):
            return  # a host from before persons
        self.person = token
        if self.seat_store is not None:
            self.seat_store.keep_person(self.address, clean_name(name), token)

    def _player(self) -> str:
        """This client's player name as the host has it (cleaned), or as given before the hello."""
        return self.name if self.welcome is None else self.welcome["name"]

    def _keep(
        self, claim: SeatClaim, code: str | None = None, game: str | None = None, organiser: str | None = None
    ) -> None:
        """A seat this client got: held now, and kept in the seat store for later runs (with the
        organiser token of a table this client created, so it runs the table again when it is back)."""
        self.seats[claim.table] = claim
        self.watching.pop(claim.table, None)
        if self.seat_store is None:
            return
        kept = self.seat_store.seat(self.address, claim.table)
        if kept is not None and kept.token == claim.token:
            self.seat_store.note(self.address, claim.table, code=code, game=game)
            return
        if kept is not None:  # a seat taken back at a table this client knew: what it knew stays
            code, game, organiser = code or kept.code, game or kept.game, organiser or kept.organiser
        self.seat_store.remember(
            self.address,
            SavedSeat(
                claim.table, claim.seat, claim.token, code=code, game=game, name=self._player(), organiser=organiser
            ),
        )

    def saved_seats(self) -> list[SavedSeat]:
        """The seats this player keeps on this machine for this host, the newest first (none
        without a seat store).  Only those taken under this client's name: two people sharing a
        machine account, each with their own name, never take each other's seats."""
        if self.seat_store is None:
            return []
        player = self._player().casefold()
        return [seat for seat in self.seat_store.seats(self.address) if seat.name.casefold() == player]

    def saved_seat(self, table: int | None = None, code: str | None = None) -> SavedSeat | None:
        """The kept seat at ``table``, or at the table whose join code is ``code``."""
        wanted = code.strip().upper() if code else None
        for saved in self.saved_seats():
            if saved.table == table or (wanted is not None and (saved.code or "").upper() == wanted):
                return saved
        return None

    def forget_seat(self, table: int) -> None:
        """Forget the kept seat at ``table`` (the host no longer knows its token)."""
        if self.seat_store is not None:
            self.seat_store.forget(self.address, table)

    async def _ping_loop(self) -> None:
        with contextlib.suppress(ConnectionLost):
            while True:
                await asyncio.sleep(self.heartbeat)
                self._send(Ping())

    def _send(self, ask: AnyAsk) -> None:
        if self._writer is None or self._writer.is_closing():
            raise ConnectionLost("not connected")
        self._writer.write(encode(wire_form(ask)))

    async def request(self, ask: AnyAsk) -> Any:
        """Send a request (:mod:`yule.netplay.asks`) with a fresh ``rid`` and return the host's
        reply to it (the frame docs/protocol.md names for that request: :mod:`yule.netplay.frames`)."""
        if self.state != CONNECTED:
            raise ConnectionLost(f"not connected ({self.state})")
        rid = next(self._rids)
        future: asyncio.Future[HostFrame] = asyncio.get_running_loop().create_future()
        self._pending[rid] = future
        try:
            self._send(replace(ask, rid=rid))
            async with asyncio.timeout(self.request_timeout):
                return await future
        finally:
            self._pending.pop(rid, None)

    # -- the lobby -------------------------------------------------------------------------

    async def list_tables(self) -> list[Summary]:
        """The host's lobby (summaries; no join codes): the tables this client is at and those of
        the seats it keeps first, then the newest others (a host lists a few hundred at most)."""
        kept = sorted({seat.table for seat in self.saved_seats()})[-32:]
        return (await self.request(ListTables(tables=kept)))["tables"]

    async def paces(self) -> dict[str, float]:
        """The seconds people take a turn at each game, as the host has learnt them from the games
        finished there (a game it has not seen is left out)."""
        paces = (await self.request(Paces()))["paces"]
        return {game: float(seconds) for game, seconds in paces.items()}

    async def create_table(
        self,
        game: str,
        seats: int,
        *,
        options: dict[str, Any] | None = None,
        open: bool = False,
        bot_delay: float | None = None,
        sit: bool | None = None,
        seed: str | int | None = None,
        organised: bool = False,
        guests: list[str] | None = None,
        turn_seconds: float | None = None,
        house_rules: str | None = None,
    ) -> Created:
        """Create a table; returns ``{"table", "code", "organiser_token"}`` plus ``"seat"`` and
        ``"token"`` when ``sit`` (by default this client sits at seat 1, unless ``organised``).

        ``seed`` fixes the shuffles, dice and bots of the games where at most one seat is a
        person's (you alone with bots): the same seed deals the same games.  With more people
        the host deals from its own secret randomness; table info's ``client_seed`` says which.
        ``organised`` (organiser mode) with ``guests`` (a name per seat): this client moves for
        every seat (``move(..., seat=n)``).  ``turn_seconds``: the turn timer (seconds a person
        has for each move before a bot makes it; none by default).  ``house_rules``: the name of the
        host's set of house rules these settings were picked from (the table carries it when they
        are still that set's).
        """
        create = Create(
            game=game,
            seats=seats,
            options=options or {},
            open=open,
            bot_delay=None if bot_delay is None else float(bot_delay),
            sit=not organised if sit is None else sit,
            seed=None if seed is None else str(seed),
            organised=organised,
            guests=None if guests is None else list(guests),
            turn_seconds=None if turn_seconds is None else float(turn_seconds),
            house_rules=house_rules,
        )
        reply: Created = await self.request(create)
        self.organising[reply["table"]] = reply["organiser_token"]
        if "token" in reply:
            self._keep(SeatClaim(reply["table"], reply["seat"], reply["token"]), code=reply["code"], game=game,
                       organiser=reply["organiser_token"])  # fmt: skip
        return reply

    async def join(self, table: int | None, code: str | None = None, seat: int | None = None) -> SeatClaim:
        """Claim a seat (the first empty one unless ``seat``); private tables need ``code``.

        ``table`` may be ``None`` when ``code`` is given: a join code names its table.
        """
        reply = await self.request(Join(table=table, code=code, seat=seat))
        claim = SeatClaim(reply["table"], reply["seat"], reply["token"])
        self._keep(claim, code=code.strip().upper() if code else None)
        return claim

    async def resume(self, token: str) -> SeatClaim:
        """Take back a seat by its token (the client does this itself after reconnecting).

        A token the host does not know (``bad_token``) is dropped from the seat store; one whose
        seat was handed to another device (``seat_moved``) is kept, marked ``moved``, to ask
        for the seat back (:meth:`reclaim_back`), and a table this client created is organised
        again all the same.
        """
        try:
            reply = await self.request(Resume(token=token))
        except HostError as e:
            if e.code in ("bad_token", "seat_moved") and self.seat_store is not None:
                for saved in self.seat_store.seats(self.address):
                    if saved.token != token:
                        continue
                    if e.code == "bad_token":
                        self.forget_seat(saved.table)
                        continue
                    self.seat_store.note(self.address, saved.table, moved=True)
                    if saved.organiser is not None and saved.table not in self.organising:
                        with contextlib.suppress(HostError):
                            await self.organise(saved.organiser)  # the seat went, the table is still ours to run
            raise
        claim = SeatClaim(reply["table"], reply["seat"], token)
        self._keep(claim)
        kept = self.seat_store.seat(self.address, claim.table) if self.seat_store is not None else None
        if kept is not None and kept.organiser is not None and claim.table not in self.organising:
            with contextlib.suppress(HostError):
                await self.organise(kept.organiser)  # we created this table: we run it again
        return claim

    async def reclaim(self, code: str, name: str, waiting: Callable[[ReclaimWaiting], None] | None = None) -> SeatClaim:
        """Take over the seat of the away player called ``name`` at the table with join code ``code``.

        The people who may answer are asked first: ``waiting`` is told (with the host's
        ``reclaim_waiting`` frame) and the call returns once one of them said yes, or raises
        :class:`HostError` with the reason (code ``reclaim_refused``: a no, no answer in time, or
        the player came back).  The seat gets a new token (the old one stops working); the
        table's log says who is back and who said yes.
        """
        reply: ReclaimWaiting = await self.request(Reclaim(code=code, name=name))
        claim = await self._asked(reply, waiting)
        self._keep(claim, code=code.strip().upper())
        return claim

    async def reclaim_back(self, token: str, waiting: Callable[[ReclaimWaiting], None] | None = None) -> SeatClaim:
        """Ask the table for a seat back by the token it had before it was handed to another
        device (``seat_moved``), as :meth:`reclaim` asks for a seat by name."""
        reply: ReclaimWaiting = await self.request(ReclaimBack(token=token))
        claim = await self._asked(reply, waiting)
        self._keep(claim)
        return claim

    async def _asked(self, reply: ReclaimWaiting, waiting: Callable[[ReclaimWaiting], None] | None) -> SeatClaim:
        """The seat asked of a table (``reply``: the host's ``reclaim_waiting``), once it is given."""
        number = reply["request"]
        asked: asyncio.Future[Seated | ReclaimRefused] = asyncio.get_running_loop().create_future()
        self._asking[number] = asked
        try:
            if waiting is not None:
                waiting(reply)
            async with asyncio.timeout(float(reply["seconds"]) + self.request_timeout):
                answer = await asked
        finally:
            self._asking.pop(number, None)
        if answer["type"] == "reclaim_refused":
            raise HostError("reclaim_refused", answer["message"], answer)
        return SeatClaim(answer["table"], answer["seat"], answer["token"])

    async def owner(self, token: str, *, answers: bool = True) -> None:
        """Prove the host's owner token (:mod:`.owner`): this client sees every table's games in
        the standings and, if it ``answers``, is asked every open request for a seat, at every
        table, from now on."""
        await self.request(Owner(token=token, answers=answers))

    async def watch(self, table: int | None, code: str | None = None) -> int:
        """Watch a table as a spectator (public views only); returns its id.

        ``table`` may be ``None`` when ``code`` is given: a join code names its table.
        """
        reply = await self.request(Watch(table=table, code=code))
        self.watching[reply["table"]] = code
        return reply["table"]

    async def leave(self, table: int) -> None:
        """Give up the seat at ``table`` (a bot plays it if the game is on) or stop watching."""
        await self.request(Leave(table=table))
        info = self.tables.get(table)
        if self.seats.pop(table, None) is not None and info is not None and info["status"] != "playing":
            self.forget_seat(table)  # given up between games: the host has freed the seat
        self.watching.pop(table, None)

    async def add_bot(self, table: int, seat: int | None = None, kind: str | None = None) -> int:
        """Seat a host-side bot; returns its seat."""
        return (await self.request(AddBot(table=table, seat=seat, kind=kind)))["seat"]

    async def fill_bots(self, table: int, kind: str | None = None) -> None:
        """A host-side bot in every empty seat."""
        await self.request(FillBots(table=table, kind=kind))

    async def remove_bot(self, table: int, seat: int) -> None:
        await self.request(RemoveBot(table=table, seat=seat))

    async def set_pace(self, table: int, bot_delay: float) -> None:
        """Whoever runs the table: how long each bot's move stays on show from now on (seconds)."""
        await self.request(SetPace(table=table, bot_delay=bot_delay))

    async def set_open(self, table: int, open: bool) -> None:
        """Open the table to anyone (no code needed) or make it private again."""
        await self.request(SetOpen(table=table, open=open))

    async def start(self, table: int) -> None:
        await self.request(Start(table=table))

    async def play_again(self, table: int) -> None:
        """A new game at the same seats once the game is over."""
        await self.request(Again(table=table))

    async def organise(self, token: str) -> int:
        """Organise a table again by its organiser token (after a restart); returns its id."""
        table = (await self.request(Organise(token=token)))["table"]
        self.organising[table] = token
        return table

    async def undo(self, table: int) -> int:
        """Organiser: take back the table's last move; returns the new ``seq``."""
        return (await self.request(Undo(table=table)))["seq"]

    async def answer(self, table: int, request: int, yes: bool) -> None:
        """Say yes or no to a request for a seat of someone away (a ``reclaim_asked`` frame)."""
        await self.request(Answer(table=table, request=request, yes=yes))

    async def nudge(self, table: int, seat: int) -> None:
        """Remind the player of ``seat`` that the table waits for their move."""
        await self.request(Nudge(table=table, seat=seat))

    async def stand_in(self, table: int, seat: int) -> None:
        """Organiser: let the stand-in bot play now for the away player of ``seat``."""
        await self.request(StandIn(table=table, seat=seat))

    async def bot_move(self, table: int, seat: int) -> None:
        """Organiser: let the stand-in bot make this one move for the player of ``seat``."""
        await self.request(BotMove(table=table, seat=seat))

    async def pause(self, table: int, paused: bool) -> None:
        """Pause the table (``paused``) or resume it: its creator at once; while the creator is
        away, a person seated there asks the others (the vote shows in table info)."""
        await self.request(Pause(table=table, paused=paused))

    async def pause_answer(self, table: int, vote: int, yes: bool) -> None:
        """A yes or a no to the vote ``vote`` (table info's ``pause_vote``) to pause or resume the table."""
        await self.request(PauseAnswer(table=table, vote=vote, yes=yes))

    async def remove_seat(self, table: int, seat: int, reason: str = "") -> None:
        """Organiser: free a player's seat before the game starts, telling them ``reason``."""
        await self.request(RemoveSeat(table=table, seat=seat, reason=reason))

    async def rename(self, name: str) -> str:
        """Play under ``name`` from now on (also after a reconnect); returns it as the host cleaned it.

        Refused (``seated``) while this client holds a seat: a seat keeps the name it was taken
        under.  The seats kept on this machine are those of the name in use (:meth:`saved_seats`).
        """
        reply = await self.request(Rename(name=name, person=self._person_of(name)))
        cleaned = str(reply["name"])
        self.person = None
        self._keep_person(name, reply.get("person"))
        self.name = cleaned
        if self.welcome is not None:
            self.welcome["name"] = cleaned
        return cleaned

    async def standings(self, bots: bool = True) -> StandingsFrame:
        """The evening's standings at this host, as far as this client may see them (``bots``:
        with the bots' rows): ``{"evening", "started", "bots", "total", "rows"}``, see
        docs/protocol.md."""
        return await self.request(Standings(bots=bots))

    async def house_sets(self, game: str) -> SetsFrame:
        """The sets of house rules this host keeps for ``game``: ``{"game", "sets", "most"}``,
        each set ``{"name", "seats", "open", "options", "turn_seconds", "by", "saved"}``
        (:mod:`yule.netplay.housesets`)."""
        return await self.request(HouseSets(game=game))

    async def save_set(self, game: str, name: str, settings: Mapping[str, Any], *, replace: bool = False) -> SetSaved:
        """Keep ``settings`` (``seats``, ``open``, ``options``, ``turn_seconds``) for ``game`` on the
        host under ``name``; ``replace``: a set of that name gives way (else ``set_exists``)."""
        timer = settings.get("turn_seconds")
        seconds = None if timer is None else float(timer)
        seats, open_, options = int(settings["seats"]), bool(settings["open"]), dict(settings["options"])
        ask = SaveSet(game=game, name=name, seats=seats, open=open_, options=options, turn_seconds=seconds,
                      replace=replace)  # fmt: skip
        return await self.request(ask)

    async def delete_set(self, game: str, name: str) -> None:
        """Delete the host's set of house rules ``name`` for ``game``."""
        await self.request(DeleteSet(game=game, name=name))

    async def chat(self, table: int, text: str) -> None:
        """Say ``text`` to everyone at ``table`` (it comes back to this client too, as a ``chat`` frame)."""
        await self.request(Chat(table=table, text=text))

    async def react(self, table: int, code: ReactionCode) -> None:
        """React at ``table`` with ``code``, one of :data:`~yule.netplay.asks.REACTIONS`
        (everyone there, this client too, gets a ``reaction`` frame)."""
        await self.request(React(table=table, code=code))

    async def move(self, table: int, move: dict[str, Any], seq: int | None = None, seat: int | None = None) -> int:
        """Send a move (wire form, no ``by``); returns the new ``seq`` once the host stored it.

        ``seat``: the seat to move for (the organiser of an organiser-mode table only).
        """
        return (await self.request(Move(table=table, move=move, seq=seq, seat=seat)))["seq"]

    # -- a helper beside a seat (docs/protocol.md, *A helper beside a seat*) -----------------------

    async def help_ask(self, table: int, seat: int, code: str | None = None) -> HelpWaiting:
        """Ask to help ``seat`` at ``table``: its player is asked; the host's ``help_over`` says
        how it ended, and with a yes ``helping`` and the seat's ``help_view`` frames follow."""
        reply: HelpWaiting = await self.request(HelpAsk(table=table, seat=seat, code=code))
        return reply

    async def help_answer(self, table: int, request: int, yes: bool) -> None:
        """The seat's own player answers a ``help_asked``."""
        await self.request(HelpAnswer(table=table, request=request, yes=yes))

    async def suggest(self, table: int, move: dict[str, Any], seq: int | None = None) -> None:
        """A helper suggests ``move`` (wire form) to the seat it helps at ``table``."""
        await self.request(Suggest(table=table, move=move, seq=seq))

    async def help_end(self, table: int) -> None:
        """End the help at ``table``: this seat's helper goes, or this helper stops (or withdraws its request)."""
        await self.request(HelpEnd(table=table))
