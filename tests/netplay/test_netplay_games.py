"""Whole games through a real host: bots on separate connections, records written and replayable."""

from __future__ import annotations

import json

from core.records import verify_record
from netplay.botplay import play_games
from netplay.client import Client, may_move


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
        assert record["players"] == ["Greedy 1", "Greedy 2", "Greedy 3", "Greedy 4"]
        assert isinstance(record["seed"], str) and record["result"]["winners"]


async def test_a_person_and_host_bots(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        created = await ana.create_table("white-elephant", 3, bot_delay=0)
        table = created["table"]
        await ana.fill_bots(table, "random")
        await ana.start(table)
        moves = 0
        async for msg in ana:
            if msg["type"] == "view":
                assert msg["seat"] == 0 and msg["table"] == table and set(msg) == {"type", "table", "seat", "seq", "view", "log"}
                if may_move(msg):
                    hints = msg["view"]["actions"]
                    kind = "clear" if hints["clear"] is None else "end"
                    await ana.move(table, {"type": kind})
                    moves += 1
            elif msg["type"] == "table" and msg["status"] == "over":
                break
    assert moves > 0
    (path,) = (host.data_dir / "records").glob("*.json")
    record = json.loads(path.read_text())
    verify_record(record)
    assert record["players"][0] == "Ana"
    assert sum(1 for m in record["moves"] if m["by"] == 0) == moves
