"""What a host learns from the games played there: how strong a table's adapting bots play
after each game (kept with the table, across a restart), and how long people take a turn."""

from __future__ import annotations

import json
import random

from conftest import running

from yule.core import get_game
from yule.core.levels import AdaptingBot, Strength
from yule.netplay.client import Client, may_move
from yule.netplay.host.server import Host


async def play_one(ana: Client, table: int) -> int:
    """Ana plays her seat of ``table`` (as the greedy bot would, from her view) until the game is
    over; the number of moves she made."""
    bot = get_game("white-rabbit").bots["greedy"](random.Random(1))
    moves = 0
    async for msg in ana:
        if msg["type"] == "view" and msg["table"] == table and may_move(msg):
            await ana.move(table, bot.choose(msg["view"]))
            moves += 1
        elif msg["type"] == "table" and msg["table"] == table and msg["status"] == "over":
            return moves
    raise AssertionError("the connection closed before the game was over")


async def test_adapting_bots_play_the_next_game_at_the_strength_the_last_one_taught(tmp_path):
    host = Host(tmp_path, away_timeout=60)
    async with running(host) as port, Client("127.0.0.1", port, "Ana") as ana:
        table = (await ana.create_table("white-rabbit", 2, bot_delay=0, seed="fit"))["table"]
        await ana.add_bot(table, kind=AdaptingBot.kind)
        await ana.start(table)
        at_host = host.tables[table]
        assert at_host.bots.by_seat[1].strength == Strength().level  # the first game: at the kind level
        moves = await play_one(ana, table)
        (path,) = (tmp_path / "records").glob("*.json")
        winners = json.loads(path.read_text())["result"]["winners"]
        taught = Strength().after(1, winners, people=[0], players=2)
        assert at_host.strength == taught and taught != Strength()
        assert host.store.paces()["white-rabbit"][1] == moves  # each of Ana's turns timed (she moved alone)
        assert (await ana.paces())["white-rabbit"] >= 0
        await ana.play_again(table)
        assert at_host.bots.by_seat[1].strength == taught.level
    again = Host(tmp_path, away_timeout=60)
    async with running(again):
        assert again.tables[table].strength == taught
        assert again.tables[table].bots.by_seat[1].strength == taught.level
