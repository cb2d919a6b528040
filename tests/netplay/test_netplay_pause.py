"""A dinner break over a real host: the creator pauses a table, and nothing moves (no bot, no turn
timer, no away countdown) until it is resumed, with each timer's time left; while the creator is
away the people seated vote; a pause is stored, and outlives a host restart; the log says both.

Time is driven as the turn-timer tests drive it (``test_netplay_timers.py``): short real timers
(a turn timer of a fraction of a second, bots with a short delay), and a pause held well past
the moment they would have run out, waited for as a condition on the loop's clock."""

from __future__ import annotations

import asyncio

import pytest
from conftest import FAST, running, until
from netplay_support import next_message

from yule.netplay.client import Client, HostError, may_move
from yule.netplay.host.server import Host


def events(frame: dict, kind: str) -> list[dict]:
    return [entry["event"] for entry in frame["log"] if entry["event"]["type"] == kind]


async def past(seconds: float) -> None:
    """Until ``seconds`` have gone by on the loop's clock: the timers the host would have rung meanwhile
    (the turn-timer tests' way: short real timers, never a clock of the test's own)."""
    loop = asyncio.get_running_loop()
    until_then = loop.time() + seconds
    await until(lambda: loop.time() >= until_then, f"{seconds} s on the loop's clock")


async def a_timed_table(ana: Client, *, turn: float, delay: float = 0.0, seats: int = 3) -> dict:
    """Ana's White Elephant table with bots and a turn timer, started, her move waited on."""
    created = await ana.create_table("white-elephant", seats, bot_delay=delay, turn_seconds=turn, seed="pause")
    await ana.fill_bots(created["table"])
    await ana.start(created["table"])
    return created


async def test_the_creator_pauses_a_timed_table_nothing_moves_and_the_timer_goes_on_from_where_it_was(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana, Client("127.0.0.1", host.port, "TV") as tv:
        created = await a_timed_table(ana, turn=1.0)
        table = created["table"]
        await tv.watch(table, created["code"])
        waiting = await next_message(ana, "view", may_move, table=table)
        seq = waiting["seq"]
        await ana.pause(table, True)
        paused = await next_message(ana, "view", lambda f: bool(events(f, "paused")), table=table)
        assert events(paused, "paused") == [{"type": "paused", "name": "Ana", "vote": False}]
        (timer,) = paused["timers"]
        assert timer["seat"] == 0 and 0 < timer["left"] <= 1.0
        info = await next_message(ana, "table", lambda f: f["paused"] is not None, table=table)
        assert info["paused"]["by"] == "Ana" and not info["paused"]["vote"] and info["paused"]["since"] > 0
        seen = await next_message(tv, "table", lambda f: f["paused"] is not None, table=table)  # the TV too
        assert seen["paused"] == info["paused"]
        assert (await ana.list_tables())[0]["paused"] == info["paused"]  # and the lobby's line

        await past(2.5)  # more than twice the turn timer: no time is up, no bot moves
        host_table = host.tables[table]
        assert host_table.seq == seq and host_table.turns.clock.left() == paused["timers"]
        with pytest.raises(HostError) as refused:
            await ana.move(table, {"type": "clear"})
        assert refused.value.code == "paused" and refused.value.params == {"name": "Ana"}
        with pytest.raises(HostError) as again:
            await ana.pause(table, True)
        assert again.value.code == "paused"
        await ana.chat(table, "Dinner!")  # chat goes on
        assert (await next_message(tv, "chat", table=table))["text"] == "Dinner!"

        await ana.pause(table, False)
        resumed = await next_message(ana, "view", lambda f: bool(events(f, "resumed")), table=table)
        assert events(resumed, "resumed") == [{"type": "resumed", "name": "Ana", "vote": False}]
        assert resumed["timers"][0]["left"] <= timer["left"] and resumed["timers"][0]["left"] > timer["left"] - 0.5
        assert (await next_message(ana, "table", table=table))["paused"] is None
        moved = await next_message(ana, "view", lambda f: bool(events(f, "time_up")), table=table)
        assert moved["seq"] > seq  # the timer ran on, and its bot moved
        with pytest.raises(HostError) as not_paused:
            await ana.pause(table, False)
        assert not_paused.value.code == "not_paused"


async def test_bots_waiting_to_move_make_no_move_while_paused_and_play_on_once_resumed(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        created = await ana.create_table("white-elephant", 3, bot_delay=0.3, sit=False, seed="bots")
        table = created["table"]
        await ana.fill_bots(table)
        await ana.start(table)  # bots only: the first moves once the deal has been on show 0.3 s
        await ana.pause(table, True)
        host_table = host.tables[table]
        at = host_table.seq
        await past(1.5)  # five times the bots' delay
        assert host_table.seq == at and host_table.paused
        assert host_table.bots.task is None or host_table.bots.task.done()
        await ana.pause(table, False)
        await until(lambda: host_table.seq > at, "a bot's move once resumed")


async def test_nobody_but_the_creator_pauses_while_the_creator_is_here(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana, Client("127.0.0.1", host.port, "Ben") as ben:
        created = await ana.create_table("white-elephant", 3, bot_delay=0, turn_seconds=30)
        table = created["table"]
        await ben.join(table, created["code"])
        with pytest.raises(HostError) as idle:
            await ana.pause(table, True)
        assert idle.value.code == "not_playing"  # a game going on is paused, not a table waiting
        await ana.fill_bots(table)
        await ana.start(table)
        with pytest.raises(HostError) as refused:
            await ben.pause(table, True)
        assert refused.value.code == "pause_who" and refused.value.params == {"reason": "creator", "name": "Ana"}
        async with Client("127.0.0.1", host.port, "Eve") as eve:
            await eve.watch(table, created["code"])
            with pytest.raises(HostError) as watching:
                await eve.pause(table, True)
            assert watching.value.code == "pause_who"
        await ana.pause(table, True)
        for refused_ask in (ben.nudge(table, 0), ana.stand_in(table, 1), ben.move(table, {"type": "clear"})):
            with pytest.raises(HostError) as stopped:
                await refused_ask
            assert stopped.value.code == "paused"
        with pytest.raises(HostError) as resume:
            await ben.pause(table, False)
        assert resume.value.code == "pause_who"


async def a_table_without_its_creator(ana: Client, others: list[Client]) -> dict:
    """Ana's table with the others seated and a bot, started; then Ana's connection is gone (what
    ``created`` answered her)."""
    created = await ana.create_table("white-elephant", len(others) + 2, bot_delay=0.2, turn_seconds=30)
    table = created["table"]
    for other in others:
        await other.join(table, created["code"])
    await ana.fill_bots(table)
    await ana.start(table)
    await ana.close()
    await until(lambda: all(o.tables[table]["run_by"] is None for o in others), "the creator gone")
    return created


async def test_while_the_creator_is_away_the_people_seated_vote_and_more_than_half_must_say_yes(host):
    async with Client("127.0.0.1", host.port, "Ben") as ben, Client("127.0.0.1", host.port, "Cy") as cy:
        ana = Client("127.0.0.1", host.port, "Ana", reconnect=False)
        await ana.connect()
        table = (await a_table_without_its_creator(ana, [ben, cy]))["table"]
        await ben.pause(table, True)
        asked = await next_message(cy, "table", lambda f: f["pause_vote"] is not None, table=table)
        vote = asked["pause_vote"]
        assert vote["pause"] and vote["by"] == "Ben" and vote["yes"] == [1] and vote["voters"] == [1, 2]
        assert asked["paused"] is None  # half is not more than half
        with pytest.raises(HostError) as twice:
            await cy.pause(table, True)
        assert twice.value.code == "vote_running" and twice.value.params == {"name": "Ben"}
        with pytest.raises(HostError) as own:
            await ben.pause_answer(table, vote["vote"], True)
        assert own.value.code == "no_vote" and own.value.params["reason"] == "voter"
        await cy.pause_answer(table, vote["vote"], True)
        paused = await next_message(ben, "view", lambda f: bool(events(f, "paused")), table=table)
        assert events(paused, "paused") == [{"type": "paused", "name": "Ben", "vote": True}]
        info = await next_message(ben, "table", lambda f: f["paused"] is not None, table=table)
        assert info["paused"]["vote"] and info["pause_vote"] is None

        await cy.pause(table, False)  # resuming is a vote too: Ben says no
        asked = await next_message(ben, "table", lambda f: f["pause_vote"] is not None, table=table)
        await ben.pause_answer(table, asked["pause_vote"]["vote"], False)
        failed = await next_message(cy, "view", lambda f: bool(events(f, "pause_vote")), table=table)
        assert events(failed, "pause_vote") == [{"type": "pause_vote", "pause": False, "name": "Cy", "outcome": "no"}]
        assert host.tables[table].paused
        with pytest.raises(HostError) as lately:
            await cy.pause(table, False)
        assert lately.value.code == "vote_lately" and lately.value.params["seconds"] > 0
        with pytest.raises(HostError) as over:
            await ben.pause_answer(table, asked["pause_vote"]["vote"], True)
        assert over.value.code == "no_vote" and over.value.params["reason"] == "over"


async def test_a_vote_runs_out_and_ends_when_the_creator_comes_back(host):
    async with Client("127.0.0.1", host.port, "Ben") as ben, Client("127.0.0.1", host.port, "Cy") as cy:
        ana = Client("127.0.0.1", host.port, "Ana", reconnect=False)
        await ana.connect()
        created = await a_table_without_its_creator(ana, [ben, cy])
        table = created["table"]
        host.tables[table].pause.seconds = 0.3
        await ben.pause(table, True)
        expired = await next_message(cy, "view", lambda f: bool(events(f, "pause_vote")), table=table)
        assert events(expired, "pause_vote")[0]["outcome"] == "expired" and not host.tables[table].paused

        host.tables[table].pause.seconds = 60
        await cy.pause(table, True)
        await next_message(ben, "table", lambda f: f["pause_vote"] is not None, table=table)
        async with Client("127.0.0.1", host.port, "Ana") as back:
            await back.resume(created["token"])
            await back.organise(created["organiser_token"])
            ended = await next_message(cy, "view", lambda f: bool(events(f, "pause_vote")), table=table)
            assert events(ended, "pause_vote")[0]["outcome"] == "creator_back" and not host.tables[table].paused
            await back.pause(table, True)  # the creator decides again
            assert host.tables[table].paused


async def test_a_pause_outlives_a_host_restart_with_its_timers_held_and_nothing_moves(tmp_path):
    host = Host(tmp_path, away_timeout=0.5, limits=FAST)
    async with running(host) as port:
        ana = Client("127.0.0.1", port, "Ana", reconnect=False)
        await ana.connect()
        created = await a_timed_table(ana, turn=2.0)
        table, token = created["table"], created["token"]
        await next_message(ana, "view", may_move, table=table)
        await ana.pause(table, True)
        paused = await next_message(ana, "table", lambda f: f["paused"] is not None, table=table)
        left = host.tables[table].turns.clock.left()
        seq = host.tables[table].seq
        await ana.close()
        await until(lambda: host.tables[table].seats.summaries()[0]["away"], "Ana gone")
        assert host.tables[table].seats.summaries()[0]["stand_in_in"] is None  # no away countdown runs while paused
    host = Host(tmp_path, away_timeout=0.5, limits=FAST)
    async with running(host) as port, Client("127.0.0.1", port, "Ana") as again:
        restored = host.tables[table]
        assert restored.paused and restored.turns.clock.left() == left
        (line,) = await again.list_tables()
        assert line["paused"] == paused["paused"]
        await past(3.0)  # past the turn timer and the away timeout: nothing moves
        assert restored.seq == seq and restored.turns.clock.left() == left
        assert not restored.seats[0].stand_in and restored.seats[0].away_timer is None
        await again.resume(token)
        view = await next_message(again, "view", table=table)
        assert view["timers"] == left
        await again.organise(created["organiser_token"])
        await again.pause(table, False)
        resumed = await next_message(again, "view", lambda f: bool(events(f, "resumed")), table=table)
        assert 0 < resumed["timers"][0]["left"] <= left[0]["left"]
        assert restored.store.load_pause(table) is None


async def test_the_upkeep_never_takes_a_paused_table_for_abandoned(tmp_path):
    host = Host(tmp_path, away_timeout=60, limits=FAST, expire_waiting=0.1, keep_finished=0.1)
    async with running(host) as port:
        ana = Client("127.0.0.1", port, "Ana", reconnect=False)
        await ana.connect()
        created = await a_timed_table(ana, turn=30)
        table = created["table"]
        await ana.pause(table, True)
        await ana.close()
        await past(0.5)
        host.upkeep.expire_waiting_tables()
        host.upkeep.forget_finished()
        assert table in host.tables and host.tables[table].paused


async def test_the_tables_own_log_lines_outlive_restarts_where_they_were(tmp_path):
    """A time up, a pause and its end are the table's own lines, not a move's: a restarted host
    logs them again where they were among the moves' lines (and a second restart adds none)."""

    def lines(host: Host, table: int) -> list[dict]:
        return [entry["event"] for entry in host.tables[table].log.entries]

    host = Host(tmp_path, away_timeout=60, limits=FAST)
    async with running(host) as port, Client("127.0.0.1", port, "Ana") as ana:
        created = await a_timed_table(ana, turn=0.3)
        table = created["table"]
        await next_message(ana, "view", lambda f: bool(events(f, "time_up")), table=table)
        await ana.pause(table, True)
        await next_message(ana, "view", lambda f: bool(events(f, "paused")), table=table)
        await ana.pause(table, False)
        await next_message(ana, "view", lambda f: bool(events(f, "resumed")), table=table)
        await ana.pause(table, True)  # held, so nothing moves between the look and the stop
        await next_message(ana, "view", lambda f: bool(events(f, "paused")), table=table)
        before = lines(host, table)
    kinds = [event["type"] for event in before]
    assert kinds.count("time_up") >= 1 and kinds.count("paused") == 2 and kinds.count("resumed") == 1
    for _ in range(2):
        host = Host(tmp_path, away_timeout=60, limits=FAST)
        async with running(host):
            assert lines(host, table) == before
