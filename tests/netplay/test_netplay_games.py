"""Whole games through a real host: bots on separate connections, records written and replayable."""

from __future__ import annotations

import json

import pytest
from conftest import until
from game_support import logged
from netplay_support import next_message

from yule.core import all_games, get_game
from yule.core.records import play, verify_record
from yule.netplay.client import Client, HostError, may_move
from yule.netplay.client.botplay import play_games


async def test_bots_on_separate_connections_play_whole_games(host):
    summary = await play_games("127.0.0.1", host.port, game="white-elephant", players=4, games=4, tables=2,
                               bot="greedy", seed=3)  # fmt: skip
    assert summary.failures == []
    assert len(summary.finished) == 4
    records = sorted((host.data_dir / "records").glob("*.json"))
    assert len(records) == 4
    for path in records:
        record = json.loads(path.read_text())
        verify_record(record)
        assert record["players"] == ["Normal 1", "Normal 2", "Normal 3", "Normal 4"]
        assert "seed" not in record and record["result"]["winners"]  # the host's own seed is never written


async def test_a_person_and_host_bots_and_a_fresh_tv_names_who_played(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        created = await ana.create_table("white-elephant", 3, bot_delay=0, seed="ana")
        table = created["table"]
        await ana.fill_bots(table, "random")
        await ana.start(table)
        moves = 0
        async for msg in ana:
            if msg["type"] == "view":
                assert (
                    msg["seat"] == 0
                    and msg["table"] == table
                    and set(msg) == {"type", "table", "seat", "seq", "view", "log"}
                )
                if may_move(msg):
                    hints = msg["view"]["actions"]
                    kind = "clear" if hints["clear"] is None else "end"
                    await ana.move(table, {"type": kind})
                    moves += 1
            elif msg["type"] == "table" and msg["status"] == "over":
                assert msg["players"] == ["Ana", *(s["name"] for s in msg["seats"][1:])]
                break
        await ana.leave(table)  # after the game: her seat is free
    async with Client("127.0.0.1", host.port, "TV") as tv:
        await tv.watch(table, created["code"])
        info = await next_message(tv, "table", table=table)
        assert info["seats"][0] is None and info["players"][0] == "Ana"  # a fresh TV still names her
    assert moves > 0
    (path,) = (host.data_dir / "records").glob("*.json")
    record = json.loads(path.read_text())
    verify_record(record)
    assert record["players"][0] == "Ana"
    assert sum(1 for m in record["moves"] if m["by"] == 0) == moves


async def test_a_clients_seed_deals_only_while_every_other_seat_is_a_bot(host):
    """The same seed deals alike for a player alone with bots (and for bots alone), game after
    game differently; with two people at the table the host deals from its own secret."""

    async def table_with(seed: str, people: list[Client]) -> int:
        created = await people[0].create_table("white-elephant", 3, bot_delay=0, seed=seed)
        for guest in people[1:]:
            await guest.join(created["table"], created["code"])
        await people[0].fill_bots(created["table"], "greedy")
        return created["table"]

    async def first_deal(table: int) -> dict:
        await until(lambda: host.tables[table].session.moves)
        return host.tables[table].session.moves[0]

    async with Client("127.0.0.1", host.port, "Ana") as ana, Client("127.0.0.1", host.port, "Ben") as ben:
        alone = [await table_with("snow", [ana]) for _ in range(2)]
        together = [await table_with("snow", [ana, ben]) for _ in range(2)]
        listed = {t["table"]: t["client_seed"] for t in await ana.list_tables()}
        assert [listed[t] for t in alone + together] == [True, True, False, False]
        for table in alone + together:
            await ana.start(table)
        assert await first_deal(alone[0]) == await first_deal(alone[1])
        assert await first_deal(together[0]) != await first_deal(together[1])
        dealt = [host.tables[t].audience.summary()["client_seed"] for t in alone + together]
        assert dealt == [True, True, False, False]

        bots_only = (await ana.create_table("white-elephant", 3, bot_delay=0, seed="snow", sit=False))["table"]
        await ana.fill_bots(bots_only, "greedy")
        await ana.start(bots_only)
        await until(lambda: host.tables[bots_only].status == "over")
        first = host.tables[bots_only].record()
        await ana.play_again(bots_only)
        second = await first_deal(bots_only)
    assert first["moves"][0] == host.tables[alone[0]].session.moves[0] and first["seed"] == "snow"
    assert second != first["moves"][0]  # each game of the table its own deal
    record = json.loads(host.store.record_path(bots_only, 1).read_text())
    assert record["seed"] == "snow" and record["moves"] == first["moves"]
    game = get_game("white-elephant")  # the table's first game is the one bots play from its seed away from any host
    assert play(game, first["players"], [game.bots["greedy"]] * 3, "snow/1")["moves"] == first["moves"]


async def test_a_child_rolls_the_die_at_white_rabbit(host):
    """White Rabbit's roll is chance, but the host waits for the seat to roll it."""
    async with Client("127.0.0.1", host.port, "Mia") as mia:
        table = (await mia.create_table("white-rabbit", 2, bot_delay=0, seed="dice"))["table"]
        await mia.fill_bots(table, "random")
        await mia.start(table)
        rolls = 0
        async for msg in mia:
            if msg["type"] == "table" and msg["status"] == "over":
                break
            if not may_move(msg):
                continue
            view = msg["view"]
            if view["phase"] == "roll":
                if rolls == 0:
                    with pytest.raises(HostError, match="roll"):
                        await mia.move(table, {"type": "move", "dir": "cw"})
                seq = await mia.move(table, {"type": "roll"})
                assert seq == msg["seq"] + 1  # the roll itself is the one move recorded
                rolls += 1
            elif view["phase"] == "direction":
                await mia.move(table, {"type": "move", "dir": "cw"})
            elif view["phase"] == "max_take":
                await mia.move(table, {"type": "max_take", "from": None, "card": None})
            else:
                await mia.move(table, {"type": "max_place", "pile": 0})
    (path,) = (host.data_dir / "records").glob("*.json")
    record = json.loads(path.read_text())
    verify_record(record)
    assert rolls > 0
    assert sum(1 for m in record["moves"] if m["type"] == "roll") >= rolls


async def test_bots_play_every_game_through_the_host(host):
    """Every registered game runs whole games with bots on separate connections."""
    for game in all_games():
        summary = await play_games("127.0.0.1", host.port, game=game.name, players=game.min_players + 1,
                                   games=1, tables=1, bot="random", seed=5)  # fmt: skip
        assert summary.failures == [] and len(summary.finished) == 1, game.name
    for path in (host.data_dir / "records").glob("*.json"):
        verify_record(json.loads(path.read_text()))


async def test_a_join_code_alone_finds_its_table_and_latecomers_get_the_log(host):
    """A guest with only the code gets a seat; the log so far comes before the first view."""
    async with Client("127.0.0.1", host.port, "Ana") as ana, Client("127.0.0.1", host.port, "Ben") as ben:
        created = await ana.create_table("white-elephant", 3, bot_delay=0, seed="code")
        with pytest.raises(HostError, match="No table here has that join code"):
            await ben.join(None, "NOPE00")
        claim = await ben.join(None, created["code"].lower())
        assert claim.table == created["table"] and claim.seat == 1
        await ana.add_bot(created["table"])
        await ana.start(created["table"])
        async with Client("127.0.0.1", host.port, "Cy") as cy:
            assert await cy.watch(None, created["code"]) == created["table"]
            frames = []
            async for msg in cy:
                frames.append(msg["type"])
                if msg["type"] == "log":
                    texts = logged(host.tables[created["table"]], msg["entries"])
                if msg["type"] == "view":
                    break
    assert frames[-2:] == ["log", "view"]
    assert any(text.startswith("Round 1:") for text in texts)
