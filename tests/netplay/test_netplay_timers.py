"""Turn timers over a real host: a seat that does not move in time is moved for by its bot (the
log says so), one that moves in time is not, and seats that may move at once each have their
own clock."""

from __future__ import annotations

import asyncio
import json

from conftest import running, until
from game_support import logged
from netplay_support import next_message

from yule.core.records import verify_record
from yule.netplay.client import Client, may_move
from yule.netplay.host.server import Host
from yule.netplay.host.store import Store


def time_ups(frame: dict) -> list[dict]:
    return [entry for entry in frame["log"] if entry["event"]["type"] == "time_up"]


async def test_a_seat_that_does_not_move_in_time_is_moved_for_and_the_log_says_so(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana, Client("127.0.0.1", host.port, "TV") as tv:
        created = await ana.create_table("white-elephant", 3, bot_delay=0, turn_seconds=0.5, seed="slow")
        table = created["table"]
        await tv.watch(table, created["code"])
        assert (await ana.list_tables())[0]["turn_seconds"] == 0.5
        await ana.fill_bots(table)
        await ana.start(table)
        waiting = await next_message(ana, "view", may_move, table=table)
        assert [t["seat"] for t in waiting["timers"]] == [0] and 0 < waiting["timers"][0]["left"] <= 0.5
        seq = waiting["seq"]
        moved = await next_message(ana, "view", lambda frame: bool(time_ups(frame)), table=table)  # Ana does nothing
        (entry,) = time_ups(moved)
        assert entry == {"event": {"type": "time_up", "seat": 0}, "seq": moved["seq"]}
        assert logged(host.tables[table], [entry]) == ["Time is up for Ana: a bot made the move."]
        assert moved["log"].index(entry) == 0 and host.tables[table].session.moves[seq]["by"] == 0
        seen = await next_message(tv, "view", lambda frame: bool(time_ups(frame)), table=table)  # the TV's log too
        assert time_ups(seen) == [entry] and "timers" in seen


async def test_a_seat_that_moves_in_time_is_not_moved_for(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        created = await ana.create_table("white-elephant", 3, bot_delay=0, turn_seconds=20)
        table = created["table"]
        await ana.fill_bots(table)
        await ana.start(table)
        moves = 0
        while True:
            frame = await next_message(ana, "view", table=table)
            assert not time_ups(frame)
            if "result" in frame["view"]:
                break
            if may_move(frame):
                hints = frame["view"]["actions"]
                await ana.move(table, {"type": "clear" if hints["clear"] is None else "end"})
                moves += 1
        assert moves > 0 and frame["timers"] == []  # the game is over: no clock runs
    (path,) = (host.data_dir / "records").glob("*.json")
    record = json.loads(path.read_text())
    verify_record(record)
    assert "turn_seconds" not in record and "time_up" not in path.read_text()


async def test_seats_that_move_at_once_each_have_their_own_clock(host):
    """Gift List's bring: everyone brings in secret at the same time; Ana brings at once, Ben not."""
    async with Client("127.0.0.1", host.port, "Ana") as ana, Client("127.0.0.1", host.port, "Ben") as ben:
        created = await ana.create_table("gift-list", 3, bot_delay=0, turn_seconds=1.0)
        table = created["table"]
        await ben.join(table, created["code"])
        await ana.fill_bots(table)
        await ana.start(table)
        first = await next_message(ana, "view", may_move, table=table)
        assert sorted(t["seat"] for t in first["timers"]) == [0, 1]
        started = asyncio.get_running_loop().time()
        seq = await ana.move(table, {"type": "bring", "card": first["view"]["attic"][0]})
        after = await next_message(ana, "view", lambda frame: frame["seq"] >= seq, table=table)
        (bens,) = after["timers"]
        assert bens["seat"] == 1 and bens["left"] <= 1.0 - (asyncio.get_running_loop().time() - started) + 0.05
        moved = await next_message(ben, "view", lambda frame: bool(time_ups(frame)), table=table)
        assert [entry["event"]["seat"] for entry in time_ups(moved)] == [1]
        assert host.tables[table].session.moves[seq - 1]["by"] == 0  # Ana's own bring, not a bot's


async def a_timed_game_left(tmp_path) -> tuple[int, str]:
    """Ana's game with a 30 s turn timer, her move next, and the host stopped: the table and her token."""
    async with running(Host(tmp_path, away_timeout=60)) as port:
        ana = Client("127.0.0.1", port, "Ana", reconnect=False)
        await ana.connect()
        created = await ana.create_table("white-elephant", 3, bot_delay=0, turn_seconds=30, seed="restart")
        table, token = created["table"], created["token"]
        await ana.fill_bots(table)
        await ana.start(table)
        await next_message(ana, "view", may_move, table=table)
        await ana.close()
    return table, token


async def test_the_timer_is_kept_across_a_host_restart_and_starts_afresh(tmp_path):
    table, token = await a_timed_game_left(tmp_path)
    async with running(Host(tmp_path, away_timeout=60)) as port, Client("127.0.0.1", port, "Ana") as again:
        assert (await again.list_tables())[0]["turn_seconds"] == 30
        await again.resume(token)
        view = await next_message(again, "view", table=table)
        (timer,) = view["timers"]
        assert timer["seat"] == 0 and 29 < timer["left"] <= 30


async def test_a_turn_timer_stored_shorter_than_the_shortest_gives_the_shortest_once_restored(tmp_path):
    table, token = await a_timed_game_left(tmp_path)
    store = Store(tmp_path)  # as an older version (or a hand) might have left it
    store.db.execute("UPDATE tables SET turn_seconds=1e-300")
    store.close()
    host = Host(tmp_path, away_timeout=60)
    async with running(host) as port, Client("127.0.0.1", port, "Ana") as again:
        assert (await again.list_tables())[0]["turn_seconds"] == host.limits.shortest_turn == 5
        await again.resume(token)
        view = await next_message(again, "view", table=table)
        (timer,) = view["timers"]
        assert timer["seat"] == 0 and 4 < timer["left"] <= 5


async def test_white_rabbits_roll_and_the_way_to_go_each_have_their_own_time(host):
    """A child who takes their time to roll still has the whole turn timer to choose the way."""
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        created = await ana.create_table("white-rabbit", 2, bot_delay=0, turn_seconds=4.0, seed="roll")
        table = created["table"]
        await ana.fill_bots(table)
        await ana.start(table)
        roll = await next_message(ana, "view", lambda f: may_move(f) and "roll" in f["view"]["actions"], table=table)
        clock = host.tables[table].turns.clock
        await until(lambda: clock.left()[0]["left"] < 2.0, "half the time gone before the roll")
        seq = await ana.move(table, {"type": "roll"})
        way = await next_message(ana, "view", lambda f: f["seq"] >= seq and may_move(f), table=table)
        assert roll["seq"] < way["seq"] and [t["seat"] for t in way["timers"]] == [0]
        assert way["timers"][0]["left"] > 3.0  # a fresh clock, not the 2 s left of the roll's
