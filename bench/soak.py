"""Soak benchmark: a real ``yule host`` under 1,000 connections for 5 minutes; is it still well?

Starts ``yule host`` as a subprocess (port 0, a temporary data folder, no LAN discovery, its
connection caps raised with ``--max-connections`` and ``--per-address`` so every connection
may come from 127.0.0.1) and opens ``--connections`` connections to it over the documented
protocol (``docs/protocol.md``): each is a bare :class:`asyncio.Protocol` speaking the frames of
:mod:`yule.netplay.wire`, so a thousand of them cost one process almost nothing.  Connections
sit in pairs: two people and a host-side random bot at each table, the tables taking turns
through the five games.  A person plays continually: ``--think`` seconds (on average) after the
view that asks for a move, the game's random bot picks one from that view, and it is sent with
the view's ``seq``; the first person of a table plays again when a game is over.

- 10% of the connections are slow readers: they stop reading their socket for 2 to 8 seconds
  at a time, then read for 1 to 3 seconds.
- Each minute 5% of the connections drop (the socket aborted, as when a laptop's Wi-Fi goes)
  and come back a moment later: hello, then ``resume`` with their seat token.

After ``--minutes`` minutes (5 by default) it stops, stops the host and prints:

- move-to-views latency, p50/p99/max: from sending a move to receiving the view that shows it,
  for the mover and for the other person at the table (slow readers apart: their views wait
  while they do not read);
- moves lost: every move the host acknowledged (``ok``) must be in the table's stored record
  afterwards, at its place; the stored games must replay with the rules and every finished
  game's record file must verify.  Must be 0;
- errors the clients were sent (by code), connections the host closed, resumes refused;
- the host's RSS at the start and the end of the measured minutes (and each minute between:
  it must be flat), its CPU use, the load average during the run;
- how the host treated the slow readers: dropped or not (its log), how much was waiting for
  them when they read again (host buffer and kernel queues together), the most the kernel held
  (``/proc/net/tcp``), and how late their views were.

Every connection pings the host every 10 s, as the protocol asks of clients.  The load generator
measures with its garbage collector off, and reports how late its own loop ran.

Run it by hand (a full run takes about 6 minutes; the load generator takes a fifth of a core)::

    python bench/soak.py                                # 1,000 connections, 5 minutes
    python bench/soak.py --connections 100 --minutes 1  # a short trial
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import gc
import json
import os
import random
import shutil
import sqlite3
import subprocess
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from hostproc import cpu_seconds, percentile, port_of, rss_mb, start_host

from yule.core import CHANCE, IllegalMove, get_game
from yule.core.records import RecordError, verify_record
from yule.netplay.asks import AddBot, Again, AnyAsk, Create, Hello, Join, Move, Ping, Pong, Resume, Start, wire_form
from yule.netplay.wire import MAX_HOST_FRAME, PROTOCOL_VERSION, FrameBuffer, decode, encode

GAMES = ("white-elephant", "gift-exchange", "white-rabbit", "gift-list", "elf")
SEATS = 3
"""Two people and one host-side bot at every table."""
SLOW_SHARE = 0.10
DROP_SHARE = 0.05
PAUSE = (2.0, 8.0)
"""Seconds a slow reader stops reading ..."""
READ = (1.0, 3.0)
"""... and then reads."""
BACK_AFTER = (0.2, 2.0)
"""Seconds a dropped connection waits before it connects again."""


def percentiles(values: list[float], what: str = "views") -> str:
    """p50, p99 and the most of some milliseconds."""
    if not values:
        return "none measured"
    return (f"p50 {percentile(values, 50):.1f} ms, p99 {percentile(values, 99):.1f} ms, max {max(values):.1f} ms "
            f"({len(values)} {what})")  # fmt: skip


def tcp_queues(port: int) -> dict[int, int]:
    """Bytes the kernel holds for each connection to ``port`` on 127.0.0.1, by client port: the
    host side's unsent queue plus the client side's unread one."""
    held: dict[int, int] = collections.Counter()
    with open("/proc/net/tcp") as f:
        next(f)
        for line in f:
            parts = line.split()
            local, remote = int(parts[1].rpartition(":")[2], 16), int(parts[2].rpartition(":")[2], 16)
            tx, rx = (int(n, 16) for n in parts[4].split(":"))
            if local == port:
                held[remote] += tx
            elif remote == port:
                held[local] += rx
    return held


@dataclass
class Figures:
    """What the soak measured."""

    latency: dict[str, list[float]] = field(default_factory=lambda: collections.defaultdict(list))
    """"mover", "other", "slow mover", "slow other" -> milliseconds."""
    acked: list[tuple[int, int, int, int, dict[str, Any]]] = field(default_factory=list)
    """(table, game_no, move number, seat, wire move) of every move the host acknowledged."""
    in_flight_at_drop: list[tuple[int, int, int, int, dict[str, Any]]] = field(default_factory=list)
    """Moves sent and not yet acknowledged when their connection dropped (unknown to the mover)."""
    errors: collections.Counter[str] = field(default_factory=collections.Counter)
    errors_in: dict[str, collections.Counter[str]] = field(
        default_factory=lambda: collections.defaultdict(collections.Counter)
    )
    """Game -> error code -> how many."""
    closed_by_host: int = 0
    drops: int = 0
    resumes: list[float] = field(default_factory=list)
    """Seconds from a drop to the view after resuming."""
    resume_refused: collections.Counter[str] = field(default_factory=collections.Counter)
    pauses: int = 0
    backlog: list[int] = field(default_factory=list)
    """Bytes a slow reader found waiting when it read again, until it had caught up."""
    kernel_held: int = 0
    lag: list[float] = field(default_factory=list)
    """How late the load generator's own 100 ms ticks were (ms): its share of every latency."""


class TableRun:
    """One table of the soak: its two people and what the bench knows of it."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.game = GAMES[number % len(GAMES)]
        self.id = 0
        self.code = ""
        self.players: list[Player] = []
        self.latest = (0, 0)
        """(game_no, seq) of the newest view anyone of the bench has seen here."""
        self.waiters: list[tuple[int, int, float, Player, int]] = []
        """(game_no, seq, time sent, player, its link number): a view someone is still to get."""
        self.again_for = 0
        """The game number the lead has asked to play again after."""


class Player(asyncio.Protocol):
    """One person's connection (the same object across reconnects: each is a new link)."""

    def __init__(self, soak: Soak, table: TableRun, slow: bool) -> None:
        self.soak = soak
        self.table = table
        self.slow = slow
        self.bot = get_game(table.game).bots["random"](random.Random(f"{table.number}/{len(table.players)}"))
        self.name = f"P{table.number}-{len(table.players)}"
        self.seat = -1
        self.token = ""
        self.transport: asyncio.Transport | None = None
        self.link = 0
        """Counts the connections this player has made (a view on an older one is not waited for)."""
        self.frames = FrameBuffer(MAX_HOST_FRAME)
        self.rids = iter(range(1, 2**31))
        self.replies: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.welcomed: asyncio.Future[None] | None = None
        self.game_no = 1
        """The game of the views this connection reads (each table is started once seated)."""
        self.seq = -1
        self.view: dict[str, Any] | None = None
        self.view_at = 0.0
        self.seen: collections.deque[tuple[int, int, float]] = collections.deque(maxlen=64)
        """(game_no, seq, time) of the latest views read: when each arrived."""
        self.thinking: asyncio.TimerHandle | None = None
        self.sent: tuple[int, int, int, float, dict[str, Any]] | None = None
        """The move waiting for its ``ok``: (rid, game_no, seq, time sent, wire move)."""
        self.dropping = False
        self.dropped_at = 0.0
        self.paused = False
        self.catching_up: tuple[tuple[int, int], int] | None = None
        """While a slow reader catches up: the (game_no, seq) it must reach, and the bytes read so far."""

    # -- the connection --------------------------------------------------------------------

    async def connect(self) -> None:
        loop = asyncio.get_running_loop()
        self.welcomed = loop.create_future()
        await loop.create_connection(lambda: self, "127.0.0.1", self.soak.port)
        await self.welcomed

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.link += 1
        self.frames = FrameBuffer(MAX_HOST_FRAME)
        self.paused = False
        transport.write(encode(wire_form(Hello(version=PROTOCOL_VERSION, name=self.name))))

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        if self.thinking is not None:
            self.thinking.cancel()
            self.thinking = None
        for future in self.replies.values():
            if not future.done():
                future.set_exception(ConnectionError("lost"))
        self.replies.clear()
        if self.sent is not None:
            _, game_no, seq, _, move = self.sent
            self.soak.figures.in_flight_at_drop.append((self.table.id, game_no, seq, self.seat, move))
            self.sent = None
            self.soak.answered()
        if self.soak.closing:
            return
        if not self.dropping:
            self.soak.figures.closed_by_host += 1
            self.dropped_at = time.perf_counter()
        self.soak.spawn(self.come_back())

    async def come_back(self) -> None:
        """Connect again after a moment and take the seat back with its token."""
        await asyncio.sleep(random.uniform(*BACK_AFTER))
        while not self.soak.closing:
            try:
                await self.connect()
                break
            except OSError:
                await asyncio.sleep(1.0)

    def drop(self) -> None:
        """Lose the connection at once, as a network failure would."""
        if self.transport is None or self.dropping:
            return
        self.dropping = True
        self.dropped_at = time.perf_counter()
        self.soak.figures.drops += 1
        self.transport.abort()

    def send(self, ask: AnyAsk) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(encode(wire_form(ask)))

    async def request(self, ask: AnyAsk) -> dict[str, Any]:
        rid = next(self.rids)
        future = self.replies[rid] = asyncio.get_running_loop().create_future()
        self.send(replace(ask, rid=rid))
        return await future

    # -- reading slowly ----------------------------------------------------------------------

    def pause(self) -> None:
        """A slow reader stops reading for a while, then reads for a while, and so on."""
        loop = asyncio.get_running_loop()
        if self.soak.ending:
            return
        if self.transport is not None and not self.paused:
            self.transport.pause_reading()
            self.paused = True
            self.soak.figures.pauses += 1
            loop.call_later(random.uniform(*PAUSE), self.read_again)
        else:
            loop.call_later(random.uniform(*READ), self.pause)

    def read_again(self) -> None:
        if self.transport is not None and self.paused:
            self.paused = False
            self.catching_up = (self.table.latest, 0)
            self.transport.resume_reading()
        asyncio.get_running_loop().call_later(random.uniform(*READ), self.pause)

    # -- frames ------------------------------------------------------------------------------

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        if self.catching_up is not None:
            self.catching_up = (self.catching_up[0], self.catching_up[1] + len(data))
        self.frames.feed(data)
        while (body := self.frames.next()) is not None:
            self.received(decode(body), now)

    def received(self, frame: dict[str, Any], now: float) -> None:
        kind = frame.get("type")
        if kind == "ping":
            self.send(Pong())
        elif kind == "welcome":
            if self.token:
                self.soak.spawn(self.resume())
            elif self.welcomed is not None and not self.welcomed.done():
                self.welcomed.set_result(None)
        elif kind == "view":
            self.got_view(frame, now)
        elif kind == "table":
            self.got_table(frame)
        elif kind == "error":
            self.soak.figures.errors[frame.get("code", "?")] += 1
            self.soak.figures.errors_in[self.table.game][frame.get("code", "?")] += 1
        rid = frame.get("rid")
        if self.sent is not None and rid == self.sent[0]:
            self.acknowledged(frame, now)
        elif (future := self.replies.pop(rid, None)) is not None and not future.done():
            if kind == "error":
                future.set_exception(RuntimeError(f"{frame['code']}: {frame['message']}"))
            else:
                future.set_result(frame)

    async def resume(self) -> None:
        try:
            await self.request(Resume(token=self.token))
        except (RuntimeError, ConnectionError) as e:
            self.soak.figures.resume_refused[str(e)] += 1
        self.dropping = False
        if self.welcomed is not None and not self.welcomed.done():
            self.welcomed.set_result(None)
        self.soak.answered()

    def got_table(self, info: dict[str, Any]) -> None:
        if info["game_no"] > self.game_no:  # back after a new game began: its views come next
            self.game_no, self.seq = info["game_no"], -1
        table = self.table
        lead = table.players[0] is self
        if lead and info["status"] == "over" and table.again_for < info["game_no"] and not self.soak.ending:
            table.again_for = info["game_no"]
            self.soak.spawn(self.play_again(info["game_no"]))

    async def play_again(self, game_no: int) -> None:
        await asyncio.sleep(random.uniform(0.5, 1.5))
        if self.dropping or self.transport is None:  # asked once the seat is back (its table info says over)
            self.table.again_for = game_no - 1
            return
        try:
            await self.request(Again(table=self.table.id))
        except (RuntimeError, ConnectionError):
            self.table.again_for = game_no - 1  # asked again when the table info comes back

    def got_view(self, frame: dict[str, Any], now: float) -> None:
        soak, table = self.soak, self.table
        seq = frame["seq"]
        if seq < self.seq:  # a new game (its first views come before its table info)
            self.game_no += 1
        self.seq, self.view, self.view_at = seq, frame, now
        self.seen.append((self.game_no, seq, now))
        if self.dropping and not frame["log"] and soak.measuring:  # the view that comes with a resume
            soak.figures.resumes.append(now - self.dropped_at)
        where = (self.game_no, seq)
        table.latest = max(table.latest, where)
        if self.catching_up is not None and where >= self.catching_up[0]:
            soak.figures.backlog.append(self.catching_up[1])
            self.catching_up = None
        waiting = []
        for waiter in table.waiters:
            game_no, wanted, sent, player, link = waiter
            if player is not self or game_no > self.game_no:
                waiting.append(waiter)
            elif link == self.link and game_no == self.game_no:
                if seq >= wanted:
                    soak.note_latency("other", self.slow, now - sent)
                else:
                    waiting.append(waiter)
            # else: that view went to a connection since lost, or its game is over
        table.waiters = waiting
        self.consider_moving()

    def consider_moving(self) -> None:
        """Think about a move when the latest view asks for one."""
        if self.thinking is not None:
            self.thinking.cancel()
            self.thinking = None
        view = self.view
        if view is not None and "actions" in view["view"] and self.sent is None and not self.soak.ending:
            think = random.uniform(0.5, 1.5) * self.soak.think
            self.thinking = asyncio.get_running_loop().call_later(think, self.make_move)

    def make_move(self) -> None:
        self.thinking = None
        view = self.view
        if view is None or self.transport is None or self.sent is not None or self.soak.ending:
            return
        move = self.bot.choose(view["view"])
        rid = next(self.rids)
        self.sent = (rid, self.game_no, view["seq"], time.perf_counter(), move)
        self.send(Move(table=self.table.id, move=move, seq=view["seq"], rid=rid))

    def acknowledged(self, reply: dict[str, Any], now: float) -> None:
        assert self.sent is not None
        _, game_no, seq, sent, move = self.sent
        self.sent = None
        self.soak.answered()
        self.consider_moving()  # the view that came before this answer may ask for the next move
        if reply["type"] == "error":  # counted with the errors
            return
        soak, table = self.soak, self.table
        soak.figures.acked.append((table.id, game_no, seq, self.seat, move))
        after = reply["seq"]
        if self.seq >= after:  # the host sends the views, then the ok
            soak.note_latency("mover", self.slow, self.view_at - sent)
        for other in table.players:
            if other is self or other.transport is None:
                continue
            if (other.game_no, other.seq) < (game_no, after):
                table.waiters.append((game_no, after, sent, other, other.link))
                continue
            # The other has it already (this answer may come late, to a slow reader): since when?
            arrived = next((t for g, n, t in other.seen if g == game_no and n >= after and t >= sent), None)
            if arrived is not None:
                soak.note_latency("other", other.slow, arrived - sent)


class Soak:
    """The load generator: every table and player, the schedule of drops, the figures."""

    def __init__(self, args: argparse.Namespace, port: int) -> None:
        self.port = port
        self.think = args.think
        self.figures = Figures()
        self.measuring = False
        self.ending = False
        """Set at the end: nobody moves, drops or pauses any more."""
        self.closing = False
        """Set last: the bench closes its connections (nobody comes back)."""
        self.quiet = asyncio.Event()
        self.tasks: set[asyncio.Task[Any]] = set()
        rng = random.Random(args.seed)
        self.tables = [TableRun(n) for n in range(args.connections // 2)]
        slow = set(rng.sample(range(2 * len(self.tables)), round(SLOW_SHARE * 2 * len(self.tables))))
        for table in self.tables:
            for _ in range(2):
                table.players.append(Player(self, table, slow=len(table.players) + 2 * table.number in slow))
        self.players = [p for t in self.tables for p in t.players]

    def spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def note_latency(self, who: str, slow: bool, seconds: float) -> None:
        if self.measuring:
            self.figures.latency[f"slow {who}" if slow else who].append(seconds * 1000)

    async def seat_everyone(self) -> None:
        gate = asyncio.Semaphore(50)

        async def connect(player: Player) -> None:
            async with gate:
                await player.connect()

        await asyncio.gather(*(connect(p) for p in self.players))

        async def seat(table: TableRun) -> None:
            async with gate:
                lead, other = table.players
                created = await lead.request(Create(game=table.game, seats=SEATS, bot_delay=0.5))
                table.id, table.code, lead.seat, lead.token = (created[k] for k in ("table", "code", "seat", "token"))
                seated = await other.request(Join(table=table.id, code=table.code))
                other.seat, other.token = seated["seat"], seated["token"]
                await lead.request(AddBot(table=table.id, kind="random"))
                await lead.request(Start(table=table.id))

        await asyncio.gather(*(seat(t) for t in self.tables))

    async def drops(self, minutes: float) -> None:
        """Each minute, 5% of the connections drop, at moments spread over the minute."""
        loop = asyncio.get_running_loop()
        left = minutes * 60
        while left > 0:
            window = min(60.0, left)
            for player in random.sample(self.players, round(DROP_SHARE * len(self.players) * window / 60)):
                loop.call_later(random.uniform(0, window), lambda p=player: None if self.ending else p.drop())
            await asyncio.sleep(window)
            left -= window

    async def heartbeats(self) -> None:
        """Every connection pings the host every 10 s, as the protocol asks of clients."""
        while True:
            for i in range(100):
                await asyncio.sleep(0.1)
                for player in self.players[i::100]:
                    player.send(Ping())

    async def ticks(self) -> None:
        """How late the generator's own loop runs (its share of every figure)."""
        while True:
            before = time.perf_counter()
            await asyncio.sleep(0.1)
            if self.measuring:
                self.figures.lag.append((time.perf_counter() - before - 0.1) * 1000)

    async def kernel_watch(self) -> None:
        """The most the kernel holds for one slow reader (sampled every 2 s)."""
        while True:
            await asyncio.sleep(2.0)
            held = tcp_queues(self.port)
            for player in self.players:
                if player.slow and player.transport is not None:
                    client_port = player.transport.get_extra_info("sockname")[1]
                    self.figures.kernel_held = max(self.figures.kernel_held, held.get(client_port, 0))

    async def settle(self) -> None:
        """Stop playing, and wait (a while at most) for the moves sent to be answered and the
        dropped connections to be back."""
        self.ending = True
        for player in self.players:
            if player.thinking is not None:
                player.thinking.cancel()
            if player.paused and player.transport is not None:
                player.transport.resume_reading()
        self.answered()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.quiet.wait(), 20)

    def answered(self) -> None:
        """Once ending: note when no move waits for its answer and everyone is back."""
        if self.ending and all(p.sent is None and p.transport is not None and not p.dropping for p in self.players):
            self.quiet.set()


def check_stored(data: Path, figures: Figures) -> tuple[list[str], int, int, int]:
    """Compare what the host acknowledged with what it stored: (problems, games replayed,
    records verified, moves in flight at a drop that were stored).

    Every stored game is replayed with the rules; where a move was acknowledged, the stored move
    at its place must be that move as the rules record it (a die the seat asked for: the roll).
    """
    db = sqlite3.connect(f"file:{data / 'yule.db'}?mode=ro", uri=True)
    stored = {(t, g, n): json.loads(m) for t, g, n, m in db.execute("SELECT table_id, game_no, n, move FROM moves")}
    tables = {t: (game, json.loads(options)) for t, game, options in db.execute("SELECT id, game, options FROM tables")}
    db.close()
    acked = {(t, g, n): (seat, move) for t, g, n, seat, move in figures.acked}
    problems = [f"table {t} game {g}: acknowledged move {n} {acked[t, g, n][1]} is not stored"
                for t, g, n in acked.keys() - stored.keys()]  # fmt: skip
    moves_of: dict[tuple[int, int], list[dict[str, Any]]] = collections.defaultdict(list)
    for (table, game_no, n), move in sorted(stored.items()):
        if n != len(moves_of[table, game_no]):
            problems.append(
                f"table {table} game {game_no}: stored moves jump from {len(moves_of[table, game_no])} to {n}"
            )
        moves_of[table, game_no].append(move)
    for (table, game_no), moves in moves_of.items():
        name, options = tables[table]
        state = get_game(name).start(SEATS, options)
        for n, move in enumerate(moves):
            try:
                if (table, game_no, n) in acked:
                    seat, wire = acked[table, game_no, n]
                    trigger = state.chance_trigger()
                    if trigger is not None and trigger == (seat, wire["type"]):
                        same = move["by"] == CHANCE and move["type"] == trigger[1]
                    else:
                        same = move == state.parse_seat_move(seat, wire).to_record()
                    if not same:
                        problems.append(f"table {table} game {game_no}: acknowledged move {n} {wire} by seat {seat} "
                                        f"is stored as {move}")  # fmt: skip
                state.apply(state.parse_record_move(move))
            except IllegalMove as e:
                problems.append(f"table {table} game {game_no}: stored move {n} {move} does not replay: {e}")
                break
    records = sorted((data / "records").glob("*.json"))
    for path in records:
        try:
            verify_record(json.loads(path.read_text()))
        except (RecordError, ValueError) as e:
            problems.append(f"{path.name}: {e}")
    kept_in_flight = sum(
        stored.get((t, g, n), {}).get("by") in (s, CHANCE) for t, g, n, s, _ in figures.in_flight_at_drop
    )
    return problems, len(moves_of), len(records), kept_in_flight


@dataclass
class Host:
    """The host process as measured: RSS each minute, CPU, the load average."""

    process: subprocess.Popen[str]
    rss: list[float] = field(default_factory=list)
    """MB when the measuring starts, then at the end of each minute."""
    load: list[float] = field(default_factory=list)
    """The load average over 1 minute, every 10 s."""
    rss_end: float = 0.0
    peak: float = 0.0
    cpu: float = 0.0
    """CPU seconds the host used while measuring ..."""
    own_cpu: float = 0.0
    """... and the load generator."""
    elapsed: float = 0.0
    connected: int = 0
    """Connections the bench had at the end (after the last drops came back)."""


def main(args: argparse.Namespace) -> None:
    """Start the host, soak it, stop it, then check what it stored and report."""
    data = Path(tempfile.mkdtemp(prefix="yule-soak-"))
    with open(data / "host.log", "w") as log:
        host = Host(start_host(data / "host", args.connections, log))
    try:
        soak = asyncio.run(measure(host, args))
    finally:
        host.process.terminate()
        host.process.wait()
    report(soak, host, data)
    if args.keep:
        print(f"data folder and host log kept in {data}")
    else:
        shutil.rmtree(data)


async def measure(host: Host, args: argparse.Namespace) -> Soak:
    """Seat everyone, play ``args.warmup`` seconds, then measure ``args.minutes`` minutes."""
    soak = Soak(args, await port_of(host.process))
    pid = host.process.pid
    started = time.perf_counter()
    await soak.seat_everyone()
    print(f"{len(soak.players)} connections at {len(soak.tables)} tables ({SEATS} seats: 2 people and a bot; "
          f"{', '.join(GAMES)} in turn) seated in {time.perf_counter() - started:.1f} s; host RSS "
          f"{rss_mb(pid)[0]:.0f} MB")  # fmt: skip
    loop = asyncio.get_running_loop()
    for player in soak.players:
        if player.slow:
            loop.call_later(random.uniform(0, 3), player.pause)
    background = [asyncio.create_task(c) for c in (soak.ticks(), soak.kernel_watch(), soak.heartbeats())]
    await asyncio.sleep(args.warmup)
    gc.collect()
    gc.freeze()
    gc.disable()  # the generator measures: its own collector's pauses are not the host's
    host.rss.append(rss_mb(pid)[0])
    host.load.append(os.getloadavg()[0])
    host_cpu, own_cpu, t0 = cpu_seconds(pid), time.process_time(), time.perf_counter()
    soak.measuring = True
    background.append(asyncio.create_task(soak.drops(args.minutes)))
    print(f"measuring for {args.minutes:g} min; host RSS {host.rss[0]:.0f} MB at the start (after {args.warmup:g} s "
          "of play)")  # fmt: skip
    done = 0.0
    while done < args.minutes:
        step = min(1.0, args.minutes - done)
        for _ in range(int(step * 6)):  # the load average every 10 s
            await asyncio.sleep(10)
            host.load.append(os.getloadavg()[0])
        await asyncio.sleep(step * 60 - int(step * 6) * 10)
        done += step
        host.rss.append(rss_mb(pid)[0])
        f = soak.figures
        print(f"  {done:g} min: host RSS {host.rss[-1]:.0f} MB; {len(f.acked)} moves acknowledged, "
              f"{sum(f.errors.values())} errors, {f.drops} drops, load {host.load[-1]:.2f}", flush=True)  # fmt: skip
    soak.measuring = False
    host.elapsed = time.perf_counter() - t0
    host.cpu, host.own_cpu = cpu_seconds(pid) - host_cpu, time.process_time() - own_cpu
    await soak.settle()
    for task in background:
        task.cancel()
    gc.enable()
    host.rss_end, host.peak = rss_mb(pid)
    host.connected = sum(p.transport is not None for p in soak.players)
    soak.closing = True
    for player in soak.players:
        if player.transport is not None:
            player.transport.close()
    return soak


def report(soak: Soak, host: Host, data: Path) -> None:
    f = soak.figures
    log_text = (data / "host.log").read_text()
    problems, games, records, kept_in_flight = check_stored(data / "host", f)
    lost = sum("acknowledged" in p for p in problems)
    minutes = host.elapsed / 60
    print(f"\nmove -> views, over {minutes:.1f} min ({len(f.acked)} moves acknowledged, "
          f"{len(f.acked) / len(soak.players) / minutes:.1f} per connection a minute):")  # fmt: skip
    print(f"  the mover:                       {percentiles(f.latency['mover'])}")
    print(f"  the other person:                {percentiles(f.latency['other'])}")
    print(f"  slow readers, their own moves:   {percentiles(f.latency['slow mover'])}")
    print(f"  slow readers, the other's moves: {percentiles(f.latency['slow other'])}")
    print(f"  (the load generator's own lateness, in every figure: {percentiles(f.lag, 'ticks')})")
    print(f"moves lost: {lost} of {len(f.acked)} acknowledged ({games} stored games replayed, {records} finished "
          f"game records verified; {len(f.in_flight_at_drop)} moves were in flight at a drop, unacknowledged: "
          f"{kept_in_flight} of them stored)")  # fmt: skip
    for problem in problems[:20]:
        print(f"  PROBLEM: {problem}")
    by_game = "; ".join(f"{game}: {dict(codes)}" for game, codes in sorted(f.errors_in.items()))
    print(f"errors sent to clients: {sum(f.errors.values())} ({by_game or 'none'}); 'stale' is a move that crossed "
          "another seat's, refused as it should be")  # fmt: skip
    print(f"connections closed by the host: {f.closed_by_host}; resumes refused: {sum(f.resume_refused.values())} "
          f"{dict(f.resume_refused) or ''}; connected at the end: {host.connected} of {len(soak.players)}")  # fmt: skip
    print(f"drops: {f.drops}, each back in its seat after {percentiles([s * 1000 for s in f.resumes], 'resumes')}")
    rss, end = host.rss, host.rss_end
    print(f"host RSS: {rss[0]:.0f} MB at the start, {end:.0f} MB at the end ({end - rss[0]:+.0f} MB, "
          f"{100 * (end - rss[0]) / rss[0]:+.0f}%; {end - rss[min(1, len(rss) - 1)]:+.0f} MB after the first minute); "
          f"each minute: {', '.join(f'{r:.0f}' for r in rss)} MB; peak {host.peak:.0f} MB")  # fmt: skip
    print(f"host CPU {100 * host.cpu / host.elapsed:.0f}% of a core, load generator "
          f"{100 * host.own_cpu / host.elapsed:.0f}%; load average (1 min) during the run: mean "
          f"{sum(host.load) / len(host.load):.2f}, max {max(host.load):.2f} on {os.cpu_count()} cores")  # fmt: skip
    print(f"slow readers ({sum(p.slow for p in soak.players)}): {f.pauses} pauses of {PAUSE[0]:g}-{PAUSE[1]:g} s; "
          f"dropped by the host for not reading: {log_text.count('not reading; dropped')}; waiting for one when it "
          f"read again (host and kernel together): {percentiles_kib(f.backlog)}; the most the kernel held for "
          f"one: {f.kernel_held / 1024:.0f} KiB")  # fmt: skip
    tracebacks = log_text.count("Traceback")
    print(f"host log: {tracebacks} tracebacks")
    if tracebacks:
        print(log_text[max(0, log_text.index("Traceback") - 300) :][:3000])


def percentiles_kib(values: list[int]) -> str:
    """p50, p99 and the most of some byte counts."""
    if not values:
        return "never measured"
    kib = [v / 1024 for v in values]
    return f"p50 {percentile(kib, 50):.1f} KiB, p99 {percentile(kib, 99):.1f} KiB, max {max(kib):.1f} KiB"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=1000, help="connections, two a table (default 1000)")
    parser.add_argument("--minutes", type=float, default=5.0, help="minutes measured (default 5)")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a person takes to move (default 1)")
    parser.add_argument("--warmup", type=float, default=15.0, help="seconds played before measuring (default 15)")
    parser.add_argument("--seed", type=int, default=1, help="which connections are slow readers")
    parser.add_argument("--keep", action="store_true", help="keep the data folder and the host's log")
    main(parser.parse_args())
