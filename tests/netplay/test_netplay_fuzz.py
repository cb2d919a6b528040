"""The protocol fuzzed (hypothesis): several connections send a real host random sequences of
valid and invalid requests (create, join, leave, move, undo, resume, watch, bots, start, and
garbage) with random field values, while host-side bots play.  After every run:

* the host answers: a new connection is welcomed and gets the lobby;
* every table's stored moves are the moves it holds, and they replay to the position it holds;
* every view a connection received is exactly what it may see: the view of a seat it held at
  that table then (or the public view), of that table's position at that move.
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
from typing import Any

from conftest import FAST
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from netplay_support import Raw

from yule.core import all_games, get_game
from yule.core.records import replay
from yule.netplay.host.server import Host
from yule.netplay.host.table import Table

GAMES = [g.name for g in all_games()]
KINDS = ["create", "create", "join", "leave", "move", "move", "move", "move", "undo", "resume", "watch", "fill_bots",
         "fill_bots", "start", "start", "garbage"]  # fmt: skip
small = st.integers(-3, 2**40)
junk = st.one_of(st.none(), st.booleans(), small, st.text(max_size=6), st.lists(small, max_size=2))
index = st.integers(0, 10**6)


class Peer:
    """One fuzzing connection: every frame it received, grouped by the request it waited on."""

    def __init__(self, raw: Raw) -> None:
        self.raw = raw
        self.groups: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
        """(request sent, the frames received while waiting for its answer)."""
        self.last_views: dict[int, dict[str, Any]] = {}
        self.closed = False

    async def request(self, message: dict[str, Any], rid: int) -> dict[str, Any] | None:
        """Send ``message`` and read until its answer (None when the host closed the connection)."""
        self.raw.send({**message, "rid": rid})
        frames: list[dict[str, Any]] = []
        self.groups.append((message, frames))
        while True:
            frame = await self.raw.frame()
            if frame is None:
                self.closed = True
                return None
            frames.append(frame)
            if frame["type"] == "view":
                self.last_views[frame["table"]] = frame
            if frame.get("rid") == rid:
                return frame


class World:
    """What the fuzzing connections have learnt: tables, join codes, seat and organiser tokens."""

    def __init__(self) -> None:
        self.tables: list[int] = []
        self.codes: list[str] = []
        self.tokens: list[str] = []
        self.undone: set[int] = set()

    def learn(self, reply: dict[str, Any]) -> None:
        if reply.get("type") in ("created", "seated"):
            if reply["table"] not in self.tables:
                self.tables.append(reply["table"])
            self.codes += [reply["code"]] if "code" in reply else []
            self.tokens += [t for t in (reply.get("token"), reply.get("organiser_token")) if t]


def one_of(data: st.DataObject, known: list[Any]) -> Any:
    """A value the world knows (most often) or junk.  What is drawn never depends on what the
    world knows, so that hypothesis can replay and shrink a run."""
    pick, at, other = data.draw(st.integers(0, 3)), data.draw(index), data.draw(junk)
    return known[at % len(known)] if known and pick else other


def a_move(data: st.DataObject, peer: Peer, world: World) -> dict[str, Any]:
    """A bot's move on a view this connection was sent (maybe with its seq), or nonsense."""
    use_view, at, bot, seed, with_seq = (data.draw(s) for s in (st.booleans(), index, index, index, st.booleans()))
    nonsense = data.draw(st.dictionaries(st.sampled_from(["type", "cards", "card", "gift", "dir", "target"]), junk,
                                         max_size=3))  # fmt: skip
    table = one_of(data, world.tables)
    views = [f for f in peer.last_views.values() if f["seat"] is not None and "actions" in f["view"]]
    if not (views and use_view):
        return {"type": "move", "table": table, "move": nonsense}
    frame = views[at % len(views)]
    game = get_game(frame["view"]["game"])
    kinds = sorted(game.bots)
    move = game.bots[kinds[bot % len(kinds)]](random.Random(seed)).choose(frame["view"])
    return {"type": "move", "table": frame["table"], "move": move, **({"seq": frame["seq"]} if with_seq else {})}


NEW = "the table just created"


def requests(data: st.DataObject, peer: Peer, world: World) -> list[dict[str, Any]]:
    """One request, or a table's creation followed (most often) by its bots and its start."""
    first = a_request(data, peer, world)
    then = data.draw(st.integers(0, 3))
    if first["type"] != "create" or not then:
        return [first]
    return [first, {"type": "fill_bots", "table": NEW}] + [{"type": "start", "table": NEW}] * (then > 1)


def a_request(data: st.DataObject, peer: Peer, world: World) -> dict[str, Any]:
    kind = data.draw(st.sampled_from(KINDS))
    table = one_of(data, world.tables)
    if kind == "create":
        game = data.draw(st.sampled_from([*GAMES, "chess"]))
        fits, seats = data.draw(st.integers(0, 4)), data.draw(st.integers(0, 9))
        if fits and game != "chess":  # mostly a seat count the game allows
            low, high = get_game(game).min_players, get_game(game).max_players
            seats = low + seats % (min(high, 5) - low + 1)
        message = {"type": "create", "game": game, "seats": seats, "bot_delay": 0, "sit": data.draw(st.booleans()),
                   "open": data.draw(st.booleans())}  # fmt: skip
        if data.draw(st.booleans()):
            message["seed"] = data.draw(st.sampled_from(["snow", "rain"]))
        if game == "gift-exchange" and data.draw(st.booleans()):
            message |= {"organised": True, "sit": False, "guests": [f"G{i}" for i in range(message["seats"])]}
        return message
    if kind in ("join", "watch"):
        return {"type": kind, "table": table, "code": one_of(data, world.codes)}
    if kind == "resume":
        return {"type": "resume", "token": one_of(data, world.tokens)}
    if kind == "move":
        return a_move(data, peer, world)
    if kind in ("leave", "undo", "start", "fill_bots"):
        return {"type": kind, "table": table}
    return {"type": data.draw(st.sampled_from(["move", "join", "nonsense", "create"])), "table": data.draw(junk),
            data.draw(st.sampled_from(["x", "by", "seat"])): data.draw(junk)}  # fmt: skip


def views_of(table: Table, games: list[dict[str, Any]], wanted: set[tuple[int, int | None]]) -> list[dict]:
    """For each of the table's games (records), the views ``wanted`` as (seq, seat) -> view."""
    out = []
    for record in games:
        views: dict[tuple[int, int | None], dict[str, Any]] = {}
        session = replay(record, upto=0)
        for k in range(len(record["moves"]) + 1):
            if k:
                session.apply(record["moves"][k - 1])
            for seq, seat in wanted:
                if seq == k:
                    views[(seq, seat)] = session.state.view(seat)
        out.append(views)
    return out


def check_views(host: Host, peers: list[Peer], world: World) -> int:
    """Every view frame is the view of a seat its connection held (or the public one) at a move
    of one of that table's games; returns how many were checked."""
    checked = 0
    frames_by_table: dict[int, list[tuple[dict[str, Any], set[tuple[int, int]]]]] = {}
    for peer in peers:
        held: set[tuple[int, int]] = set()
        for request, frames in peer.groups:
            before = set(held)
            for frame in frames:
                if frame["type"] in ("created", "seated") and "seat" in frame:
                    held.add((frame["table"], frame["seat"]))
                elif frame["type"] == "ok" and request.get("type") == "leave":
                    held = {(t, s) for t, s in held if t != request["table"]}
                elif frame["type"] == "error" and frame["code"] == "replaced":
                    held = {(t, s) for t, s in held if t != frame["table"]}
            allowed = before | held
            for frame in frames:
                if frame["type"] == "view":
                    seat = frame["seat"]
                    assert seat is None or (frame["table"], seat) in allowed, f"a view of seat {seat}: {frame}"
                    frames_by_table.setdefault(frame["table"], []).append((frame, allowed))
    for table_id, frames in frames_by_table.items():
        table = host.tables.get(table_id)
        if table is None or table_id in world.undone:
            continue
        games = [
            json.loads(p.read_text()) for p in sorted(host.store.records_dir.glob(f"table-{table_id}-game-*.json"))
        ]
        games.append(table.record())
        wanted = {(f["seq"], f["seat"]) for f, _ in frames}
        known = views_of(table, games, wanted)
        for frame, _ in frames:
            key = (frame["seq"], frame["seat"])
            assert any(views.get(key) == frame["view"] for views in known), f"table {table_id}: {frame}"
            checked += 1
    return checked


def check_tables(host: Host) -> None:
    """Each table's stored moves are the ones it holds, and replay to the position it holds."""
    for table in host.tables.values():
        rows = host.store.db.execute(
            "SELECT move FROM moves WHERE table_id=? AND game_no=? ORDER BY n", (table.id, table.game_no)
        )
        assert [json.loads(m) for (m,) in rows] == (table.session.moves if table.session else []), f"table {table.id}"
        if table.session is not None:
            replayed = replay(table.record()).state
            for seat in [None, *range(table.size)]:
                assert replayed.view(seat) == table.session.state.view(seat), f"table {table.id} seat {seat}"


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_requests_from_several_connections_keep_the_host_whole(data):
    asyncio.run(fuzz(data))


async def fuzz(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        host = Host(folder, limits=FAST, away_timeout=0.05)
        await host.start("127.0.0.1", 0)
        peers: list[Peer] = []
        try:
            peers = [Peer(await Raw.open(host.port)) for _ in range(3)]
            world = World()
            for rid in range(data.draw(st.integers(10, 60), label="requests")):
                index = data.draw(st.integers(0, len(peers) - 1))
                peer = peers[index]
                if peer.closed:  # closed by the host (too many bad frames): a new connection
                    await peer.raw.close()
                    peer = peers[index] = Peer(await Raw.open(host.port))
                created = None
                for message in requests(data, peer, world):
                    if message.get("table") == NEW:
                        if created is None or peer.closed:
                            break
                        message["table"] = created
                    reply = await peer.request(message, rid)
                    if reply is None:
                        break
                    world.learn(reply)
                    created = reply["table"] if reply["type"] == "created" else created
                    if message["type"] == "undo" and reply["type"] == "ok":
                        world.undone.add(message["table"])
            for peer in peers:  # everything sent before a pong has arrived
                if not peer.closed:
                    await peer.request({"type": "list"}, 10**6)
            late = await Raw.open(host.port)
            late.send({"type": "list", "rid": 1})
            assert (await late.frame())["type"] == "tables"
            await late.close()
            check_tables(host)
            checked = check_views(host, peers, world)
            moved = sum(t.seq for t in host.tables.values())
            event(f"views checked: {'none' if not checked else 'under 20' if checked < 20 else '20 or more'}")
            event(f"moves at the tables: {'none' if not moved else 'under 10' if moved < 10 else '10 or more'}")
        finally:
            for peer in peers:
                await peer.raw.close()
            await host.stop()
