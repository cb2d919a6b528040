"""Where the bots think (:mod:`yule.netplay.host.thinkers`): worker processes shared fairly.

- By address first: the address served least recently; then, of its tables, one where people
  play now first, then its table waiting longest; ten tables of one address with people at
  them take one address's share, not ten; a person who left does not count as playing.
- The workers start where ``sys.stderr`` has no file descriptor (inside a Textual app).
- A host whose bots think in worker processes plays all-bot strong tables to their ends, and
  the records replay; its bots decide the same game however the decisions were spread.
- What the strong bot keeps for its seat's next decision comes back from the worker with its
  move, the same as where it decides in the host's process.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import threading
from typing import Any

from conftest import FAST, running, until

from yule.core import Bot, get_game
from yule.core.bots import forced
from yule.core.ismcts import SearchBot
from yule.core.records import verify_record
from yule.core.session import Session
from yule.netplay.client import Client
from yule.netplay.host.server import Host
from yule.netplay.host.thinkers import Thinkers


class Gate(Bot[Any]):
    """A bot that notes its name when it thinks, and waits for the gate the first time."""

    kind = "gate"
    searches = True
    order: list[str] = []
    gate = threading.Event()

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, view: Any) -> dict[str, Any]:
        if not Gate.order:
            Gate.gate.wait(10)
        Gate.order.append(self.name)
        return {"type": "pass"}


async def thought_in_order(thinkers: Thinkers, decisions: list[tuple[int, str, bool, str]]) -> list[str]:
    """The order the decisions (table, its address, people there, a name) are thought in, all
    asked while the first one thinks."""
    Gate.order.clear()
    Gate.gate.clear()
    table, by, people, name = decisions[0]
    first = asyncio.create_task(thinkers.choose(table, by, people, Gate(name), {}))
    await until(lambda: thinkers._busy == 1, "the first decision under way")
    rest = [asyncio.create_task(thinkers.choose(t, b, p, Gate(n), {})) for t, b, p, n in decisions[1:]]
    Gate.gate.set()
    await asyncio.gather(first, *rest)
    return Gate.order


async def test_people_first_then_each_table_in_turn():
    thinkers = Thinkers(0)
    try:
        order = await thought_in_order(thinkers, [
            (1, "one", False, "a1"),
            (1, "one", False, "a2"),
            (1, "one", False, "a3"),
            (2, "one", False, "b1"),
            (2, "one", False, "b2"),
            (3, "one", True, "c1"),
        ])  # fmt: skip
        assert order == ["a1", "c1", "b1", "a2", "b2", "a3"]
    finally:
        thinkers.close()


async def test_each_address_in_turn_then_its_tables_in_turn():
    """Ten tables from one address do not take ten shares: the addresses take turns."""
    thinkers = Thinkers(0)
    try:
        order = await thought_in_order(thinkers, [
            (1, "127.0.0.2", False, "a1"),
            (1, "127.0.0.2", False, "a2"),
            (1, "127.0.0.2", False, "a3"),
            (2, "127.0.0.2", False, "b1"),
            (2, "127.0.0.2", False, "b2"),
            (3, "127.0.0.1", False, "c1"),
            (3, "127.0.0.1", False, "c2"),
            (4, "127.0.0.3", True, "d1"),
        ])  # fmt: skip
        assert order == ["a1", "d1", "c1", "b1", "c2", "a2", "b2", "a3"]
        for table in (1, 2, 3, 4):
            thinkers.forget(table)
        assert not thinkers._group_served  # the tables gone, nothing kept of their addresses
    finally:
        thinkers.close()


async def test_ten_tables_of_one_address_with_people_at_them_do_not_starve_another_address():
    thinkers = Thinkers(0)
    try:
        decisions = [(t, "127.0.0.2", True, f"p{t}") for t in range(1, 11)]
        order = await thought_in_order(
            thinkers, [*decisions, (11, "127.0.0.3", False, "z"), (11, "127.0.0.3", False, "z2")]
        )
        assert order.index("z") == 1 and order.index("z2") == 3  # every other decision, not the last
    finally:
        thinkers.close()


async def test_people_play_at_a_table_while_one_is_connected_in_their_seat(tmp_path):
    host = Host(tmp_path / "data", limits=FAST)
    async with running(host) as port:
        ana = Client("127.0.0.1", port, "Ana", reconnect=False)
        await ana.connect()
        created = await ana.create_table("white-elephant", 3, bot_delay=30)
        await ana.fill_bots(created["table"])
        await ana.start(created["table"])
        table = host.tables[created["table"]]
        assert table.people()
        await ana.close()
        await until(lambda: not table.people(), "Ana gone: nobody plays there now")


async def test_all_bot_strong_tables_in_worker_processes_play_to_their_ends(tmp_path):
    host = Host(tmp_path / "data", limits=FAST, bot_workers=2)
    async with running(host) as port, Client("127.0.0.1", port, "Org") as org:
        tables = []
        for _ in range(3):
            created = await org.create_table("white-rabbit", 2, sit=False, bot_delay=0)
            await org.fill_bots(created["table"], "ismcts")
            await org.start(created["table"])
            tables.append(created["table"])
        await until(lambda: all(host.tables[t].status == "over" for t in tables), "every game over", timeout=120)
        for t in tables:
            verify_record(json.loads(host.store.record_path(t, 1).read_text()))
        assert host.thinkers._pool is not None  # they did think in the workers


IN_AN_APP = """
import asyncio, random, sys
from yule.core import get_game
from yule.core.ismcts import SearchBot
from yule.core.session import Session
from yule.netplay.host.thinkers import Thinkers

class Capture:  # what a Textual app puts in sys.stderr while it runs
    def write(self, text): return len(text)
    def flush(self): pass
    def fileno(self): return -1

async def main():
    session = Session(get_game("white-rabbit"), 2, seed=1)
    session.draw_chance()
    seat = session.movers()[0]
    thinkers = Thinkers(workers=1)
    try:
        bot = SearchBot(random.Random(1), iterations=20)
        print(await thinkers.choose(1, "here", True, bot, session.state.view(seat)))
    finally:
        thinkers.close()

sys.stderr = Capture()
asyncio.run(main())
"""


def test_the_workers_start_inside_an_app_that_captures_standard_error():
    """In a fresh interpreter (the resource tracker the first pool starts is not running yet)."""
    done = subprocess.run([sys.executable, "-c", IN_AN_APP], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "'type': 'roll'" in done.stdout


async def test_what_the_strong_bot_keeps_for_its_next_decision_comes_back_from_the_worker():
    game = get_game("elf")
    session = Session(game, 3, seed="keeps")
    session.draw_chance()
    greedy = game.bots["greedy"](random.Random(0))
    while True:  # to seat 0's first decision after which it plays on and keeps the tree past its move
        state, seat = session.state, session.movers()[0]
        if seat == 0 and forced(state, 0) is None:
            here = SearchBot(random.Random(0), iterations=30)
            move = session.decider(here, 0).choose(state.view(0))
            if here.memory is not None and here.memory.node is not None:
                break
        session.play(seat, greedy.choose(state.view(seat)))
    thinkers = Thinkers(1)
    try:
        bot = SearchBot(random.Random(0), iterations=30)
        assert await thinkers.choose(1, "here", True, session.decider(bot, 0), state.view(0)) == move
        assert thinkers._pool is not None and bot.memory is not None and bot.memory.node is not None
        assert bot.memory.node.visits == here.memory.node.visits and bot.memory.view == here.memory.view
    finally:
        thinkers.close()
