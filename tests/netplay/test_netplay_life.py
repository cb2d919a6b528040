"""A table's life as a whole (Hypothesis stateful test over a real host on loopback).

People join a private Gift List table (each from their own machine: 127.0.0.x), lose their
connection and come back, leave, play; the host restarts; a stranger asks for an away player's
seat and someone at the table answers; turn timers fire and bots stand in; games end and the
table plays again; the creator leaves; people react (a reaction goes out only from someone at
the table); Mum, from elsewhere, asks to help a player, who says yes or no, suggests moves,
stops or is stopped, and drops; the table is paused for dinner and resumed (by its creator, or
while the creator is away by a vote of the people seated), also across a restart.  After every
step the invariants hold:

- each connection is sent only its own seat's view (or the watchers'), as its own table info
  says where it sits; a finished game's view of a seat only to the person who played it;
- a seat's token gives back one seat, and each seat is held by one connection;
- who runs the table is what each connection is told (``runs``, ``run_by``);
- the evening's standings credit no person who was away from their seat for a whole game;
- no question asked of anyone is about a request the host no longer holds;
- the table, created from a set of house rules, keeps its name across restarts and games, and
  every record of its games names it;
- Mum is sent a seat's view only while that seat's yes to her help lasts (between ``helping``
  and ``help_ended``), and only that seat's; every other view she gets is the watchers'; the
  table's info names her beside the seat she helps, and only while she does;
- while the table is paused nothing moves: no move is applied, no turn timer runs or fires
  (each keeps the seconds it had left, also across a restart), no away countdown runs.

And an organiser-mode party's life (:class:`PartyLife`): the organiser mends it as it goes (a
latecomer, a skipped guest, a label put right, an undo) between the guests' moves, across
restarts and parties played again; the table's seats, its game and what everyone is told agree.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
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
from yule.netplay.asks import REACTIONS
from yule.netplay.client import Client, ConnectionLost, HostError, SeatStore
from yule.netplay.host.server import Host
from yule.netplay.host.store import hash_token

NAMES = ("Ana", "Ben", "Cy", "Dee")
GAME = "gift-list"
SEATS = 3
HOUSE_RULES = "Grandma's rules"
"""The set of house rules the table is created from (:mod:`yule.netplay.housesets`)."""
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
        self.mum: Client | None = None
        """Mum's app (a helper, from elsewhere), while connected."""
        self.mum_helps: int | None = None
        """The seat Mum's frames say she helps now (``helping`` to ``help_ended``)."""
        self.held: tuple[int, list[Any]] | None = None
        """While a step has paused the table: its moves then, and its turn timers' time left."""
        self.host = self.run(self._start())
        ana = self.people["Ana"]
        self.run(self._connect(ana))
        assert ana.client is not None
        rules = {"seats": SEATS, "open": False, "options": {}, "turn_seconds": 0.1}  # the family's house rules
        self.run(ana.client.save_set(GAME, HOUSE_RULES, rules))
        created = self.run(ana.client.create_table(GAME, SEATS, bot_delay=0, turn_seconds=0.1, house_rules=HOUSE_RULES))
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

    async def _drop_mum(self) -> None:
        if self.mum is not None:
            await self.mum.close()
            self.mum, self.mum_helps = None, None

    def teardown(self) -> None:
        async def stop() -> None:
            for person in self.people.values():
                await self._drop(person)
            await self._drop_mum()
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
            await self._drop_mum()
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

    @rule(i=WHO, code=st.sampled_from(REACTIONS))
    def react(self, i: int, code: str) -> None:
        """Someone connected reacts: it goes out to the table when they are at it, and is
        refused when they are not (a reaction changes nothing of the table's life)."""
        person = pick(i, self.connected())
        if person is None or person.client is None:
            return
        conn = self._conn(person)
        at = conn is not None and conn in self.tab.audience.connections()
        try:
            self.run(person.client.react(self.table, code))
        except HostError as e:
            assert e.code == ("react_flood" if at else "react_not_at_table"), (person.name, at, e.code)
            return
        except ConnectionLost:
            return
        assert at, person.name
        event("reacted")

    @rule(yes=st.booleans(), i=WHO)
    def mum_asks_to_help(self, yes: bool, i: int) -> None:
        """Mum, from her own machine, watches the table and asks to help a player there; that
        player says yes or no."""
        players = [p for p in self.connected() if self.seated(p) is not None]
        if self.tab.status != "playing" or not players:
            return
        player = pick(i, players)
        seat = self.seated(player)
        assert seat is not None and player.client is not None

        async def ask() -> None:
            if self.mum is None:
                self.mum = Client("127.0.0.1", self.port, "Mum", reconnect=False, local_address="127.0.0.50")
                await self.mum.connect()
            try:
                if self.table not in self.mum.watching:
                    await self.mum.watch(self.table, self.code)
                waiting = await self.mum.help_ask(self.table, seat)
                await player.client.help_answer(self.table, waiting["request"], yes)
            except (HostError, ConnectionLost):
                return
            event(f"help asked and answered {yes}")

        self.run(ask())

    @rule()
    def mum_suggests(self) -> None:
        """Mum suggests a move to the seat she helps (what the seat may do now, or not)."""
        help = next((h for h in self.tab.helpers.helps.values() if h.name == "Mum"), None)
        if help is None or self.mum is None or self.tab.status != "playing":
            return
        view = self.tab.session.state.view(help.seat)
        move = get_game(GAME).bots["random"](self.rng).choose(view) if "actions" in view else {"type": "clear"}
        with contextlib.suppress(HostError, ConnectionLost):
            self.run(self.mum.suggest(self.table, move))
            event("a suggestion taken by the host")

    @rule(i=WHO)
    def the_help_ends(self, i: int) -> None:
        """Mum stops helping, or the player she helps ends it, or Mum's laptop closes."""
        help = next((h for h in self.tab.helpers.helps.values() if h.name == "Mum"), None)
        if help is None or self.mum is None:
            return
        player = next((p for p in self.connected() if self.seated(p) == help.seat), None)
        if i == 0:
            self.run(self._drop_mum())
            return
        client = self.mum if i == 1 or player is None else player.client
        assert client is not None
        with contextlib.suppress(HostError, ConnectionLost):
            self.run(client.help_end(self.table))

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
            elif frame["type"] == "reaction":  # sent to the table while this connection was at it
                assert frame["code"] in REACTIONS and (frame["seat"] is None or isinstance(frame["seat"], int))
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
    def the_table_keeps_its_house_rules_and_each_record_names_them(self) -> None:
        assert self.tab.house_rules == HOUSE_RULES  # across restarts, games, takeovers
        for path in self.host.store.records_dir.glob(f"table-{self.table}-game-*.json"):
            assert json.loads(path.read_text())["house_rules"] == HOUSE_RULES, path.name

    @invariant()
    def mum_sees_a_seat_only_while_it_says_yes(self) -> None:
        helps = self.tab.helpers.helps
        assert {h.conn: s for s, h in helps.items()} == self.tab.audience.helped
        for seat, s in enumerate(self.tab.seats):
            helper = helps.get(seat)
            assert (s.helper if s is not None else None) == (helper.name if helper is not None else None)
            assert helper is None or (s is not None and s.conn is not None and self.tab.status == "playing")
        if self.mum is None:
            return
        with contextlib.suppress(HostError, ConnectionLost):
            self.run(self.mum.paces())  # what the host sent before this answer has come
        while not self.mum.messages.empty():
            frame: Any = self.mum.messages.get_nowait()
            if frame.get("table") != self.table:
                continue
            if frame["type"] == "helping":
                self.mum_helps = frame["seat"]
            elif frame["type"] == "help_ended":
                assert frame["seat"] == self.mum_helps
                self.mum_helps = None
            elif frame["type"] == "help_view":
                assert self.mum_helps is not None and frame["seat"] == self.mum_helps, (frame["seat"], self.mum_helps)
            elif frame["type"] == "view":
                assert frame["seat"] is None

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


# -- An organiser-mode party's life: mended as it goes -------------------------------------------


class PartyLife(RuleBasedStateMachine):
    """A ``yule party`` over a real host, its organiser mending it as it goes (a latecomer, a
    skipped guest, a label put right, an undo) between the guests' moves, across host restarts
    and parties played again, with a TV watching.  After every step: the table's seats, its
    players, its game's seats and what the organiser and the TV are told all agree; every gift
    is in the pile or in exactly one guest's hands; the stored moves replay to the game as played."""

    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.data = Path(tempfile.mkdtemp(prefix="yule-party-life-"))
        self.port = free_port()
        self.latecomers = 0
        self.followers: dict[int, Any] = {}
        """What each connection was told of the table (a client's id -> its follower)."""
        self.host = self.run(self._start())
        self.org = self.tv = None
        self.run(self._connect())
        assert self.org is not None
        created = self.run(self.org.create_table("gift-exchange", 3, organised=True, guests=["Ana", "Ben", "Cy"],
                                                 bot_delay=0))  # fmt: skip
        self.table, self.code, self.token = created["table"], created["code"], created["organiser_token"]
        self.run(self._watch())
        self.run(self.org.start(self.table))
        for seat, label in enumerate(["Socks", "", "Mug"]):
            self.run(self.org.move(self.table, {"type": "bring", "label": label, "wrapping": "box"}, seat=seat))

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(asyncio.wait_for(coro, STEP))

    async def _start(self) -> Host:
        host = Host(self.data / "host", away_timeout=60, limits=FAST)
        await host.start("127.0.0.1", self.port)
        return host

    async def _connect(self) -> None:
        self.org = Client("127.0.0.1", self.port, "Organiser", reconnect=False)
        self.tv = Client("127.0.0.1", self.port, "TV", reconnect=False, local_address="127.0.0.2")
        await self.org.connect()
        await self.tv.connect()

    async def _watch(self) -> None:
        assert self.tv is not None
        await self.tv.watch(self.table, self.code)

    def teardown(self) -> None:
        async def stop() -> None:
            for client in (self.org, self.tv):
                if client is not None:
                    await client.close()
            await self.host.stop()

        try:
            self.run(stop())
        finally:
            self.loop.close()
            shutil.rmtree(self.data, ignore_errors=True)

    @property
    def tab(self) -> Any:
        return self.host.tables[self.table]

    async def _send(self, move: dict[str, Any], seat: int | None = None) -> bool:
        """The organiser's move; True when the host took it (a refusal changes nothing)."""
        assert self.org is not None
        before = (self.tab.seq, self.tab.size, self.tab.session.state.snapshot())
        try:
            await self.org.move(self.table, move, seat=seat)
        except HostError:
            assert (self.tab.seq, self.tab.size, self.tab.session.state.snapshot()) == before
            return False
        return True

    @rule(i=st.integers(0, 50))
    def a_guest_moves(self, i: int) -> None:
        state = self.tab.session.state
        if self.tab.status != "playing" or not state.active() or state.active()[0] == "chance":
            return
        seat = state.active()[0]
        move = state.wire_move(pick(i, state.legal_moves(seat)))
        self.run(self._send(move, seat=seat))

    @rule(blank=st.booleans())
    def a_latecomer(self, blank: bool) -> None:
        self.latecomers += 1
        name = f"Late {self.latecomers}"
        move = {"type": "arrive", "name": name, "label": "" if blank else f"Gift of {name}", "wrapping": "bag"}
        size = self.tab.size
        if self.run(self._send(move)):
            assert self.tab.size == size + 1 and self.tab.players[-1] == name
            event("a latecomer seated")

    @rule()
    def a_guest_steps_out(self) -> None:
        state = self.tab.session.state
        seat = state.order[state.turn] if 0 <= state.turn < len(state.order) else 0
        if self.run(self._send({"type": "skip", "seat": seat})):
            assert self.tab.session.state.order[-1] == seat
            event("a guest skipped")

    @rule(gift=st.integers(0, 45), label=st.sampled_from(["Kite", "[b]Socks[/b]", "", "x" * 61]))
    def a_label_put_right(self, gift: int, label: str) -> None:
        if self.run(self._send({"type": "relabel", "gift": gift, "label": label})):
            assert self.tab.session.state.labels[gift] == label

    @rule()
    def undo(self) -> None:
        assert self.org is not None
        size = self.tab.size
        with contextlib.suppress(HostError):
            self.run(self.org.undo(self.table))
        assert self.tab.size == size  # a latecomer stays

    @rule()
    def played_again(self) -> None:
        assert self.org is not None
        if self.tab.status == "over":
            self.run(self.org.play_again(self.table))
            for seat in range(self.tab.size):
                self.run(self._send({"type": "bring", "label": f"Gift {seat}", "wrapping": "box"}, seat=seat))

    @rule()
    def restart(self) -> None:
        async def again() -> Host:
            for client in (self.org, self.tv):
                if client is not None:
                    await client.close()
            await self.host.stop()
            host = await self._start()
            return host

        self.host = self.run(again())
        self.followers = {}
        self.run(self._connect())
        assert self.org is not None
        self.run(self.org.organise(self.token))
        self.run(self._watch())

    @invariant()
    def seats_players_and_game_agree_and_every_gift_is_once(self) -> None:
        tab = self.tab
        state = tab.session.state
        assert tab.size == len(tab.seats) == len(tab.players) == state.players
        for gift in range(state.players):
            holders = [seat for seat in range(state.players) if state.held[seat] == gift]
            assert holders == ([] if state.wrapped >> gift & 1 else [state.holder[gift]])
        if state.order:
            assert sorted(state.order) == list(range(state.players))

    @invariant()
    def the_stored_moves_replay_to_the_game(self) -> None:
        from yule.core.records import replay

        record = self.tab.record()
        assert replay(record).state.snapshot() == self.tab.session.state.snapshot()

    @invariant()
    def the_organiser_and_the_tv_are_told_every_seat(self) -> None:
        from yule.netplay.client.follower import TableFollower

        async def told(client: Client) -> TableFollower[Any]:
            follower = self.followers.setdefault(id(client), TableFollower(self.table))
            seq = self.tab.seq
            while follower.seq != seq or follower.info is None or len(follower.info["seats"]) != self.tab.size:
                follower.take(await client.messages.get())
            while not client.messages.empty():  # and whatever else came meanwhile
                follower.take(client.messages.get_nowait())
            return follower

        for client in (self.org, self.tv):
            assert client is not None
            follower = self.run(told(client))
            assert follower.view is not None and follower.view["players"] == self.tab.size
            assert follower.names == list(self.tab.players)


PartyLife.TestCase.settings = settings(
    max_examples=30, stateful_step_count=20, deadline=None, suppress_health_check=list(HealthCheck)
)
test_a_partys_life = PartyLife.TestCase
