"""Reconnects, absent players, and a host that stops or is killed: nothing acknowledged is lost."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from conftest import FAST, running, until
from netplay_support import next_message

from yule.core.records import verify_record
from yule.netplay.client import Client, HostError
from yule.netplay.client.botplay import play_games
from yule.netplay.host.server import Host
from yule.netplay.host.store import Store


async def test_a_dropped_connection_reconnects_and_resumes_its_seat(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        created = await ana.create_table("white-elephant", 3, bot_delay=0)
        table = created["table"]
        await ana.fill_bots(table)
        await ana.start(table)
        first = await next_message(ana, "view", table=table)
        (conn,) = [c for c in host.admission.connections if c.name == "Ana"]
        conn.abort()
        assert (await next_message(ana, "connection"))["state"] == "reconnecting"
        assert (await next_message(ana, "connection"))["state"] == "connected"
        back = await next_message(ana, "view", table=table)
        assert back["seat"] == 0 and back["seq"] >= first["seq"] and back["log"] == []
        assert ana.seats[table].seat == 0


async def test_a_token_taken_to_a_new_connection_and_an_absent_player_replaced_by_a_bot(tmp_path):
    host = Host(tmp_path, away_timeout=0.05, limits=FAST)
    async with running(host) as port:
        ana = Client("127.0.0.1", port, "Ana", reconnect=False)
        await ana.connect()
        created = await ana.create_table("white-elephant", 3, bot_delay=0)
        table, token = created["table"], created["token"]
        await ana.fill_bots(table)
        await ana.start(table)
        await ana.close()
        async with Client("127.0.0.1", port, "Watcher") as watcher:
            await watcher.watch(table, created["code"])
            info = await next_message(watcher, "table", table=table, status="over")
            assert info["seats"][0]["away"] and info["seats"][0]["stand_in"]
            assert info["you"] is None and info["code"] == created["code"]  # a watcher who came with the code
        async with Client("127.0.0.1", port, "Ana again") as again:
            claim = await again.resume(token)
            assert claim.seat == 0
            view = await next_message(again, "view", table=table)
            assert view["seat"] == 0 and "result" in view["view"]


async def test_moves_only_from_the_seat_holder_and_only_in_turn(host):
    clients = [Client("127.0.0.1", host.port, name) for name in ("Ana", "Ben", "Cy", "Spectator")]
    for client in clients:
        await client.connect()
    ana, ben, cy, spectator = clients
    try:
        created = await ana.create_table("white-elephant", 3)
        table = created["table"]
        await ben.join(table, created["code"])
        await cy.join(table, created["code"])
        await spectator.watch(table, created["code"])
        await ana.start(table)
        view = (await next_message(ana, "view", table=table))["view"]
        mover = clients[view["turn"]]
        waiting = clients[(view["turn"] + 1) % 3]
        with pytest.raises(HostError) as refused:
            await waiting.move(table, {"type": "clear"})
        assert refused.value.code == "not_your_turn"
        with pytest.raises(HostError) as refused:
            await spectator.move(table, {"type": "clear"})
        assert refused.value.code == "not_seated"
        with pytest.raises(HostError) as refused:
            await mover.move(table, {"type": "end"})
        assert refused.value.code == "illegal" and "main action" in refused.value.message
        hidden = host.tables[table].session.state.card_of["surprise-1"]
        answers = []
        for name in (hidden, "snow-globe-99"):  # a facedown card by id, and a card that is nowhere
            with pytest.raises(HostError) as refused:
                await mover.move(table, {"type": "take", "cards": [name, view["exchange"][0]]})
            answers.append(refused.value.message)
        assert answers[0] == answers[1] and hidden not in answers[0]
        assert await mover.move(table, {"type": "clear"}, seq=host.tables[table].seq) == 3
    finally:
        for client in clients:
            await client.close()


async def test_a_stopped_host_resumes_every_table_at_its_last_move(tmp_path):
    host = Host(tmp_path, limits=FAST)
    port = await host.start("127.0.0.1", 0)
    games = asyncio.create_task(
        play_games(
            "127.0.0.1", port, game="white-elephant", players=4, games=4, tables=2, delay=0.003, seed=2, bot="greedy"
        )  # greedy games are long enough to be stopped in the middle
    )
    await until(lambda: any(t.seq >= 15 and t.status == "playing" for t in host.tables.values()))
    await host.stop()
    before = {t.id: (t.status, t.game_no, list(t.session.moves)) for t in host.tables.values()}
    host = Host(tmp_path, limits=FAST)
    await host.start("127.0.0.1", port)
    try:
        assert {t.id: (t.status, t.game_no, t.session.moves) for t in host.tables.values()} == before
        summary = await games
        assert summary.failures == [] and len(summary.finished) == 4
    finally:
        await host.stop()
    for path in (tmp_path / "records").glob("*.json"):
        verify_record(json.loads(path.read_text()))


async def test_tables_finished_long_ago_leave_the_lobby_at_start_up_and_their_records_stay(tmp_path):
    host = Host(tmp_path, limits=FAST)
    port = await host.start("127.0.0.1", 0)
    async with Client("127.0.0.1", port, "Ana") as ana:  # a table still waiting for players
        waiting = (await ana.create_table("white-elephant", 3))["table"]
    summary = await play_games("127.0.0.1", port, game="white-elephant", players=3, games=3, tables=3, delay=0, seed=4)
    await host.stop()
    old, recent, newest = sorted(g.table for g in summary.finished)
    records = {t: tmp_path / "records" / f"table-{t}-game-1.json" for t in (old, recent, newest)}
    two_days_ago = time.time() - 48 * 3600
    for t in (old, newest):
        os.utime(records[t], (two_days_ago, two_days_ago))
    host = Host(tmp_path, limits=FAST, keep_finished=24 * 3600)
    async with running(host) as port:
        assert sorted(host.tables) == [waiting, recent]
        assert all(path.exists() for path in records.values())
        async with Client("127.0.0.1", port, "Ben") as ben:
            assert sorted(t["table"] for t in await ben.list_tables()) == [waiting, recent]
            fresh = (await ben.create_table("white-elephant", 3))["table"]
        assert fresh == newest + 1  # the forgotten table's number is not given again
    host = Host(tmp_path, limits=FAST, keep_finished=None)  # None keeps them all: nothing more goes
    await host.start("127.0.0.1", 0)
    assert sorted(host.tables) == [waiting, recent, fresh]
    await host.stop()


async def test_a_running_host_forgets_finished_tables_once_nobody_is_at_them(tmp_path):
    host = Host(tmp_path, limits=FAST, keep_finished=0.5)
    async with running(host) as port:
        async with Client("127.0.0.1", port, "Ana") as ana:
            created = await ana.create_table("white-elephant", 3, bot_delay=0, sit=False)
            watched = created["table"]
            await ana.fill_bots(watched)
            await ana.start(watched)
            await next_message(ana, "table", table=watched, status="over")
            summary = await play_games("127.0.0.1", port, game="white-elephant", players=3, games=1, delay=0, seed=5)
            (alone,) = [g.table for g in summary.finished]
            await until(lambda: alone not in host.tables, timeout=5)
            assert [t["table"] for t in await ana.list_tables()] == [watched]  # Ana is still looking at hers
            assert (tmp_path / "records" / f"table-{alone}-game-1.json").exists()
        await until(lambda: watched not in host.tables, timeout=5)
        assert host.seat_tokens.seats == {}


async def start_yule_host(port: int, data) -> tuple[subprocess.Popen, int]:
    """``yule host`` as a process on ``port`` (0: any free port); the process and its port."""
    process = subprocess.Popen(
        [sys.executable, "-m", "yule.tui.cli", "host", "--bind", "127.0.0.1", "--port", str(port), "--data", str(data),
         "--no-discovery"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    line = await asyncio.to_thread(process.stdout.readline)
    listening = re.search(r"listening on port (\d+)", line)
    assert listening and port in (0, int(listening.group(1))), line
    return process, int(listening.group(1))


def in_the_middle(data) -> bool:
    """Some table of the host keeping ``data`` has stored 20 moves or more of a game under way
    (read from its database, as a second reader: what the host has stored is what it keeps)."""
    if not (data / "yule.db").exists():
        return False
    db = sqlite3.connect(f"file:{data / 'yule.db'}?mode=ro", uri=True)
    try:
        return bool(
            db.execute(
                "SELECT 1 FROM tables t JOIN moves m ON m.table_id = t.id AND m.game_no = t.game_no"
                " WHERE t.status = 'playing' GROUP BY t.id HAVING COUNT(*) > 20"
            ).fetchone()
        )
    except sqlite3.OperationalError:  # the host is making its tables
        return False
    finally:
        db.close()


async def test_kill_9_in_the_middle_of_games_loses_nothing(tmp_path):
    process, port = await start_yule_host(0, tmp_path)
    games = asyncio.create_task(
        play_games(
            "127.0.0.1", port, game="white-elephant", players=3, games=6, tables=3, delay=0.003, seed=5, bot="greedy"
        )
    )
    try:
        await until(lambda: in_the_middle(tmp_path), every=0.01)
    except BaseException:
        games.cancel()  # never in the middle: the players go with the host
        raise
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        process.stdout.close()
    process, _ = await start_yule_host(port, tmp_path)  # the same port: the clients come back to it
    try:
        summary = await games
    finally:
        process.terminate()
        process.wait()
        process.stdout.close()
    assert summary.failures == [] and len(summary.finished) == 6
    records = list((tmp_path / "records").glob("*.json"))
    assert len(records) == 6
    for path in records:
        verify_record(json.loads(path.read_text()))
    store = Store(tmp_path)  # the evening's scoreboard kept every game's end with it, seat by seat
    try:
        results = store.results(store.evening().id)
    finally:
        store.close()
    games = {(r.table, r.game_no) for r in results}
    assert len(games) == 6 and len(results) == 18
    assert sum(r.share for r in results) == pytest.approx(6)


def test_the_stand_in_for_an_absent_player_is_the_strong_bot_thinking_briefly():
    import random

    from yule.core import all_games
    from yule.core.ismcts import SearchBot
    from yule.netplay.host.botloop import STAND_IN_THINK, stand_in

    for game in all_games():
        bot = stand_in(game, random.Random(1))
        if SearchBot.kind in game.bots:
            assert isinstance(bot, SearchBot) and bot.think == STAND_IN_THINK < 1
        else:  # no strong bot there (Gift Exchange)
            assert bot.kind == "greedy"
