"""A table's life as a whole (Hypothesis stateful test over a real host on loopback).

People join a private Gift List table (each from their own machine: 127.0.0.x), lose their
connection and come back, leave, play; the host restarts; a stranger asks for an away player's
seat and someone at the table answers; turn timers fire and bots stand in; games end and the
table plays again; the creator leaves; the table is paused for dinner and resumed (by its
creator, or while the creator is away by a vote of the people seated), also across a restart.
After every step the invariants hold:

- each connection is sent only its own seat's view (or the watchers'), as its own table info
  says where it sits; a finished game's view of a seat only to the person who played it;
- a seat's token gives back one seat, and each seat is held by one connection;
- who runs the table is what each connection is told (``runs``, ``run_by``);
- the evening's standings credit no person who was away from their seat for a whole game;
- no question asked of anyone is about a request the host no longer holds;
- while the table is paused nothing moves: no move is applied, no turn timer runs or fires
  (each keeps the seconds it had left, also across a restart), no away countdown runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import shutil
import socket
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conftest import FAST, comes_true
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from yule.core import get_game
from yule.netplay.client import Client, ConnectionLost, HostError, SeatStore
from yule.netplay.host.server import Host
from yule.netplay.host.store import hash_token

NAMES = ("Ana", "Ben", "Cy", "Dee")
GAME = "gift-list"
SEATS = 3
STEP = 10.0
"""Seconds any one step may take at the most (a hang fails, it never stalls the suite)."""


WHO = st.integers(0, len(NAMES) - 1)
"""Which one of those it may be: a rule draws a number, never from a list that depends on how
the table went (timers and bots run on their own), so that a run replays its draws exactly."""


def pick(i: int, among: list[Any]) -> Any:
    return among[i % len(among)] if among else None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Person:
    """Someone at the party: their machine (address, seat file) and their app's connection."""

    name: str
    address: str
    folder: Path
    client: Client | None = None
    you: int | None = None
    """Where their own table info last said they sit."""
    asked: set[int] = field(default_factory=set)
    """Requests for a seat they were asked about and have not heard the end of."""
    game_no: int = 0

    def seats(self) -> SeatStore:
        return SeatStore(self.folder / "seats.json")


class TableLife(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.data = Path(tempfile.mkdtemp(prefix="yule-life-"))
        self.port = free_port()
        self.rng = random.Random(0)
        self.people = {name: Person(name, f"127.0.0.{10 + i}", self.data / name) for i, name in enumerate(NAMES)}
        self.players: dict[int, dict[int, str]] = {}
        """Game number -> who played each person's seat of it (by name, as the test seated them)."""
        self.away_all_game: dict[int, set[str]] = {}
        """Game number -> the people who have not been connected since it started (so far)."""
        self.strangers = 0
        self.held: tuple[int, list[Any]] | None = None
        """While a step has paused the table: its moves then, and its turn timers' time left."""
        self.host = self.run(self._start())
        ana = self.people["Ana"]
        self.run(self._connect(ana))
        assert ana.client is not None
        created = self.run(ana.client.create_table(GAME, SEATS, bot_delay=0, turn_seconds=0.1))
        self.table, self.code = created["table"], created["code"]

    # -- running it ---------------------------------------------------------------------------

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(asyncio.wait_for(coro, STEP))

    async def _start(self) -> Host:
        host = Host(self.data / "host", away_timeout=0.1, limits=FAST, ask_seconds=2.0, restart_grace=0.5)
        await host.start("127.0.0.1", self.port)
        return host

    async def _connect(self, person: Person) -> None:
        client = Client("127.0.0.1", self.port, person.name, reconnect=False, seat_store=person.seats(),
                        local_address=person.address, address=f"127.0.0.1:{self.port}")  # fmt: skip
        await client.connect()
        person.client = client

    async def _drop(self, person: Person) -> None:
        if person.client is not None:
            await person.client.close()
            person.client, person.you, person.asked = None, None, set()

    def teardown(self) -> None:
        async def stop() -> None:
            for person in self.people.values():
                await self._drop(person)
            await self.host.stop()

        try:
            self.run(stop())
            # A decision a bot was still thinking in a thread when the host stopped (a turn timer
            # that rang just before: after a resume, the held clocks ring at once) ends first.
            thinking = asyncio.all_tasks(self.loop)
            if thinking:
                self.loop.run_until_complete(asyncio.wait(thinking, timeout=STEP / 2))
        finally:
            self.loop.close()
            shutil.rmtree(self.data, ignore_errors=True)

    @property
    def tab(self) -> Any:
        return self.host.tables[self.table]

    def connected(self) -> list[Person]:
        return [p for p in self.people.values() if p.client is not None]

    def seated(self, person: Person) -> int | None:
        """The seat the host says this person's connection holds."""
        conn = self._conn(person)
        return next((seat for seat, s in enumerate(self.tab.seats) if conn is not None and s and s.conn is conn), None)

    # -- the steps ----------------------------------------------------------------------------

    @initialize()
    def seated_at_first(self) -> None:
        """Ben and Cy sit down with Ana: the table is full (Dee comes later, if at all)."""
        for name in ("Ben", "Cy"):
            self.join(name)

    @rule(i=WHO)
    def come(self, i: int) -> None:
        """Someone not at the table comes to it."""
        name = pick(i, [name for name, p in self.people.items() if self.seated(p) is None])
        if name is not None:
            self.join(name)

    def join(self, name: str) -> None:
        """Someone comes to the table: their own seat back if they hold one, else a free seat (between games)."""
        person = self.people[name]

        async def come() -> None:
            if person.client is None:
                await self._connect(person)
            client = person.client
            assert client is not None
            saved = client.saved_seat(table=self.table)
            try:
                if saved is not None:
                    await client.resume(saved.token)
                elif self.tab.status != "playing":
                    await client.join(None, self.code)
                    event(f"joined at a {self.tab.status} table")
            except HostError as e:
                assert e.code in ("bad_token", "seat_moved", "table_full", "playing", "removed", "already_seated"), e

        self.run(come())
        self._present(person)

    @rule(i=WHO)
    def drop(self, i: int) -> None:
        """A laptop closes."""
        person = pick(i, [p for p in self.people.values() if p.client is not None])
        if person is not None:
            self.run(self._drop(person))

    def _leave(self, i: int) -> Person | None:
        person = pick(i, [p for p in self.people.values() if self.seated(p) is not None])
        if person is not None and person.client is not None:
            with contextlib.suppress(HostError):
                self.run(person.client.leave(self.table))
        return person

    @rule(i=WHO)
    def leave(self, i: int) -> None:
        """Someone gives up their seat (between games it is free again; during one a bot plays it)."""
        self._leave(i)

    @rule(i=WHO, j=WHO)
    def someone_else_sits_down_after_the_game(self, i: int, j: int) -> None:
        """After a game, someone leaves the table and someone not there sits down."""
        if self.tab.status != "over":
            return
        gone = self._leave(i)
        name = pick(j, [name for name, p in self.people.items() if p is not gone and self.seated(p) is None])
        if name is not None:
            self.join(name)

    @rule()
    def start(self) -> None:
        """Whoever runs the table fills it with bots and starts (or plays again)."""
        runner = next((p for p in self.connected() if (c := self._conn(p)) and self.tab.audience.runs(c)), None)
        if runner is None or self.tab.status == "playing":
            return
        client = runner.client
        assert client is not None

        async def go() -> None:
            with contextlib.suppress(HostError):
                await client.fill_bots(self.table, "random")
                await (client.start(self.table) if self.tab.status == "waiting" else client.play_again(self.table))

        self.run(go())
        if self.tab.status == "playing":
            number = self.tab.game_no
            self.players[number] = {seat: s.name for seat, s in enumerate(self.tab.seats) if s and s.person}
            self.away_all_game[number] = {n for n in self.players[number].values() if self._away(n)}

    @rule()
    def play_to_the_end(self) -> None:
        """The game is played to its end."""
        self.play(None)

    @rule(moves=st.integers(1, 30))
    def play(self, moves: int | None) -> None:
        """The game goes on (``moves`` more, or to its end): the people connected play random
        moves, timers and bots do the rest."""
        if self.tab.status != "playing":
            return
        if self.tab.paused:
            self.run(self._refused_while_paused())
            return
        target = self.tab.seq + moves if moves is not None else 10**9

        async def on() -> None:
            until = asyncio.get_running_loop().time() + STEP / 2  # a long game goes on in the next step
            while self.tab.status == "playing" and self.tab.seq < target and asyncio.get_running_loop().time() < until:
                seq = self.tab.seq
                for person in self.connected():
                    seat = self.seated(person)
                    assert person.client is not None
                    if seat is None or seat not in self.tab.movers():
                        continue
                    view = self.tab.session.state.view(seat)
                    if "actions" in view:
                        move = get_game(GAME).bots["random"](self.rng).choose(view)
                        with contextlib.suppress(HostError, ConnectionLost):
                            await person.client.move(self.table, move, seq=self.tab.seq)
                # nobody here to move: the timers and the bots move meanwhile
                await comes_true(lambda: self.tab.seq != seq or self.tab.status != "playing", 1.0)

        self.run(on())

    async def _refused_while_paused(self) -> None:
        """Whoever the game waits for tries to move at the paused table: refused (``paused``)."""
        for person in self.connected():
            seat = self.seated(person)
            if seat is None or seat not in self.tab.movers():
                continue
            view = self.tab.session.state.view(seat)
            if "actions" in view:
                move = get_game(GAME).bots["random"](self.rng).choose(view)
                try:
                    assert person.client is not None
                    await person.client.move(self.table, move, seq=self.tab.seq)
                except HostError as e:
                    assert e.code == "paused", e
                except ConnectionLost:
                    pass
                else:
                    raise AssertionError("a move was taken at a paused table")

    @rule(i=WHO)
    def dinner(self, i: int) -> None:
        """A dinner break, or its end: the creator pauses (or resumes) the game; while the
        creator is away, someone seated asks, and the others here say yes."""
        tab = self.tab
        if tab.status != "playing":
            return
        pause = not tab.paused
        organiser = tab.audience.organiser
        if organiser is not None:
            by = next((p for p in self.connected() if self._conn(p) is organiser), None)
        else:
            by = pick(i, [p for p in self.connected() if self.seated(p) is not None])
        if by is None or by.client is None:
            return

        async def ask() -> None:
            assert by.client is not None
            with contextlib.suppress(HostError, ConnectionLost):
                await by.client.pause(self.table, pause)
            vote = self.tab.pause.vote
            for person in self.connected() if vote is not None else []:
                if self.seated(person) not in (None, vote.seat) and person.client is not None:
                    with contextlib.suppress(HostError, ConnectionLost):
                        await person.client.pause_answer(self.table, vote.number, True)

        self.run(ask())
        if self.tab.paused and self.held is None:
            event("paused by a vote" if self.tab.pause.voted else "paused by the creator")
            self.held = (self.tab.seq, self.tab.turns.clock.left())
        elif not self.tab.paused:
            self.held = None

    @rule()
    def restart(self) -> None:
        """The host stops and starts again: every connection is gone."""

        async def again() -> Host:
            for person in self.people.values():
                await self._drop(person)
            await self.host.stop()
            return await self._start()

        self.host = self.run(again())

    @rule(yes=st.booleans(), i=WHO)
    def stranger_asks(self, yes: bool, i: int) -> None:
        """A device nobody knows asks for an away player's seat by name; someone else at the table answers."""
        away = [s.name for s in self.tab.seats if s is not None and s.person and s.conn is None]
        deciders = [p for p in self.connected() if self.seated(p) is not None]
        if not away or not deciders:
            return
        name = pick(i, away)
        self.strangers += 1
        stranger = Client(
            "127.0.0.1", self.port, name, reconnect=False, local_address=f"127.0.0.{100 + self.strangers}"
        )

        async def ask() -> None:
            await stranger.connect()
            waiting: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
            task = asyncio.create_task(stranger.reclaim(self.code, name, waiting.set_result))
            await asyncio.wait([task, waiting], return_when=asyncio.FIRST_COMPLETED)
            if not waiting.done():
                with contextlib.suppress(HostError):
                    task.result()
                return
            request = waiting.result()["request"]
            with contextlib.suppress(HostError, ConnectionLost):
                assert deciders[0].client is not None
                await deciders[0].client.answer(self.table, request, yes)
            with contextlib.suppress(HostError, ConnectionLost, TimeoutError):
                await asyncio.wait_for(task, 3.0)

        try:
            self.run(ask())
            self.check_views(stranger, None)
        finally:
            self.run(stranger.close())

    # -- the invariants ---------------------------------------------------------------------------

    def _conn(self, person: Person) -> Any:
        return next(
            (c for c in self.host.admission.connections if c.name == person.name and c.address == person.address), None
        )

    def _away(self, name: str) -> bool:
        return self.people[name].client is None

    def _present(self, person: Person) -> None:
        for away in self.away_all_game.values():
            if self.seated(person) is not None:
                away.discard(person.name)

    def check_views(self, client: Client, person: Person | None) -> None:
        """Every frame the client was sent so far, in order: each view is of the seat its own
        table info says it holds (or none), and a finished game's view only for who played it."""
        you = person.you if person is not None else None
        while not client.messages.empty():
            frame: Any = client.messages.get_nowait()
            if frame.get("table") != self.table:
                if frame["type"] == "reclaim_over" and person is not None:
                    person.asked.discard(frame["request"])
                continue
            if frame["type"] == "table":
                you = frame["you"]
                if person is not None:
                    person.game_no = frame["game_no"]
            elif frame["type"] == "view":
                assert frame["seat"] in (None, you), (frame["seat"], you)
                if frame["seat"] is not None and "result" in frame["view"] and person is not None:
                    played = self.players.get(person.game_no, {})
                    assert played.get(frame["seat"]) in (None, person.name), (person.name, frame["seat"], played)
            elif frame["type"] == "reclaim_asked" and person is not None:
                person.asked.add(frame["request"])
            elif frame["type"] == "reclaim_over" and person is not None:
                person.asked.discard(frame["request"])
        if person is not None:
            person.you = you

    @invariant()
    def each_connection_sees_its_own_seat(self) -> None:
        for person in self.connected():
            assert person.client is not None
            with contextlib.suppress(HostError, ConnectionLost):
                self.run(person.client.paces())  # what the host sent before this answer has come
            self.check_views(person.client, person)

    @invariant()
    def a_token_gives_back_one_seat_and_a_seat_has_one_connection(self) -> None:
        held: dict[str, int] = {}
        for seat, s in enumerate(self.tab.seats):
            if s is None or s.token_hash is None:
                continue
            assert s.token_hash not in held
            held[s.token_hash] = seat
            assert self.host.seat_tokens.seats.get(s.token_hash) == (self.table, seat)
        conns = [s.conn for s in self.tab.seats if s is not None and s.conn is not None]
        assert len(conns) == len(set(conns))
        for conn in conns:
            assert conn.seats.get(self.table) is not None

    @invariant()
    def who_runs_the_table_is_what_everyone_is_told(self) -> None:
        audience = self.tab.audience
        for person in self.connected():
            conn, info = self._conn(person), person.client.tables.get(self.table) if person.client else None
            if conn is None or info is None or not audience.is_at(conn):
                continue
            assert info["run_by"] == audience.run_by() and info["runs"] == audience.runs(conn), person.name

    @invariant()
    def nobody_away_for_a_whole_game_is_credited_with_it(self) -> None:
        for person in self.connected():
            self._present(person)
        db_results = self.host.store.results(self.host.store.evening().id) if self.host.store.evening() else []
        for result in db_results:
            if result.table != self.table or result.game_no not in self.away_all_game:
                continue
            for name in self.away_all_game[result.game_no]:
                folder_person = self.people[name].seats().person(f"127.0.0.1:{self.port}", name)
                if (
                    folder_person is not None
                    and result.seat in self.players[result.game_no]
                    and self.players[result.game_no][result.seat] == name
                ):
                    assert result.person != hash_token(folder_person), (name, result)

    @invariant()
    def nothing_moves_while_paused(self) -> None:
        if self.held is None:
            return
        tab = self.tab  # the host's own, or the one restored after a restart
        seq, left = self.held
        assert tab.paused, "the pause was lost"
        assert tab.seq == seq, (seq, tab.seq)
        assert tab.turns.clock.left() == left, (left, tab.turns.clock.left())
        assert all(s is None or s.away_timer is None for s in tab.seats)

    @invariant()
    def no_question_outlives_its_request(self) -> None:
        open_asks = set(self.tab.usher.door.asks)
        for person in self.connected():
            assert person.asked <= open_asks, (person.name, person.asked, open_asks)


TableLife.TestCase.settings = settings(
    max_examples=60, stateful_step_count=20, deadline=None, suppress_health_check=list(HealthCheck)
)
test_a_tables_life = TableLife.TestCase
