"""The pace of a table of hard bots, as ``yule play`` runs it: how long a person waits for a round.

For each game, a real host with one bot worker (what ``yule play`` starts), a table of four at
``yule play``'s hard level: you (here a greedy bot that answers at once) and three ``ismcts``
bots, at ``yule play``'s bots' delay.  A round is from your move to your next turn, when the
bots moved meanwhile; the table prints its median, 95th percentile and maximum over
``--rounds`` rounds (the first round of the host is left out: its worker starts then).  Then
how long each bot move stayed on your screen (the time from the view it sent you to the next
one): at the start of a bot's turn (the move before it was another seat's) and within a turn
(the bot moved just before), with the shortest, the median and the longest; the bot moves a
round, and how many of them came at once (a roll, an end with nothing left to play: within
:data:`AT_ONCE` of the view before; the two are on show as one, timed from the first).

Run by hand from the repository root (the figures move with the machine's load)::

    python bench/table_pace.py                     # 40 rounds of each game
    python bench/table_pace.py --rounds 80 --only white-rabbit elf
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

from hostproc import percentile

from yule.core import get_game
from yule.netplay.client import Client, may_move
from yule.netplay.host.playhost import PLAY_AWAY_TIMEOUT
from yule.netplay.host.server import Host
from yule.tui.pace import PACES

PLAY_BOT_DELAY = PACES[0][0]
"""The quickest pace a player may choose at a table: what a round of three bots keeps within 3 s at."""

GAMES = ("white-rabbit", "elf", "white-elephant", "gift-list")
"""White Rabbit and Elf, where a bot makes several decisions a turn; the others for reference."""
LEVEL = "ismcts"
"""``yule play``'s hard level."""
AT_ONCE = 0.05
"""Seconds: a bot move whose view comes sooner after the one before came at once (the bots'
loop made it without a pause); the two are on show as one."""


@dataclass
class Pace:
    """What one game's table measured."""

    rounds: list[float] = field(default_factory=list)
    starts: list[float] = field(default_factory=list)
    """On-screen seconds of the move before a bot's turn."""
    within: list[float] = field(default_factory=list)
    """On-screen seconds of a bot's move followed by another of the same bot."""
    decisions: list[int] = field(default_factory=list)
    """Bot moves a round."""
    at_once: list[int] = field(default_factory=list)
    """Bot moves a round made at once (:data:`AT_ONCE`)."""


def mover(frame: dict[str, Any]) -> int | None:
    """The seat whose move sent this view (the last seat move in its log), if any."""
    for entry in reversed(frame.get("log", [])):
        by = entry.get("event", {}).get("by")
        if isinstance(by, int):
            return by
    return None


async def measure(client: Client, game: str, rounds: int, seed: int, pace: Pace, warm: bool) -> None:
    """Play games of ``game`` at a table of the client (you) and three hard bots until ``rounds``
    rounds are measured (``warm``: the host's worker has started already)."""
    spec = get_game(game)
    reply = await client.create_table(game, 4, bot_delay=PLAY_BOT_DELAY, seed=f"pace/{seed}")
    table, you = reply["table"], reply["seat"]
    await client.fill_bots(table, LEVEL)
    await client.start(table)
    person = spec.bots["greedy"](random.Random(seed))
    moved: float | None = None  # when you moved last
    shown: tuple[float, int | None] | None = None  # the last view since: when, and whose move
    decisions = hurried = seq = 0
    async for frame in client:
        if frame.get("table") != table:
            continue
        if frame["type"] == "table" and frame.get("status") == "over":
            moved = shown = None  # the round across a game's end is not counted
            await client.play_again(table)
            continue
        if frame["type"] != "view" or frame.get("seat") != you:
            continue
        now = time.perf_counter()
        if frame["seq"] < seq:  # a new game: the time between games is no move's
            moved = shown = None
        seq, by = frame["seq"], mover(frame)
        if shown is not None and by is not None and by != you:
            decisions += 1
            if now - shown[0] < AT_ONCE:
                hurried += 1  # on show as one with the view before: that one's time goes on
            else:
                (pace.within if shown[1] == by else pace.starts).append(now - shown[0])
                shown = (now, by)
        else:
            shown = (now, by)
        if not may_move(frame):
            continue
        if moved is not None and decisions:  # the bots moved since yours: a round
            if warm:
                pace.rounds.append(now - moved)
                pace.decisions.append(decisions)
                pace.at_once.append(hurried)
            warm = True
            if len(pace.rounds) >= rounds:
                await client.leave(table)
                return
        move = person.choose(frame["view"])
        moved, decisions, hurried = time.perf_counter(), 0, 0
        await client.move(table, move, seq=frame["seq"])


def spread(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f}"


async def main(games: list[str], rounds: int, seed: int) -> None:
    print(f"yule play's hard level at its quick pace: bots' delay {PLAY_BOT_DELAY:g} s, one bot worker; {rounds} rounds a game, "
          f"seed {seed}")  # fmt: skip
    print()
    print("| game | round median | p95 | max | bot moves a round | shown: turn's first move (min / median / max) "
          "| shown: within a turn | at once a round |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="yule-pace-") as folder:
        host = Host(folder, away_timeout=PLAY_AWAY_TIMEOUT, bot_workers=1)
        port = await host.start("127.0.0.1", 0)
        try:
            async with Client("127.0.0.1", port, name="You") as client:
                warm = False
                for game in games:
                    pace = Pace()
                    await measure(client, game, rounds, seed, pace, warm)
                    warm = True
                    r = pace.rounds
                    print(f"| {get_game(game).title} | {statistics.median(r):.2f} s | {percentile(r, 95):.2f} s "
                          f"| {max(r):.2f} s | {statistics.mean(pace.decisions):.1f} | {spread(pace.starts)} "
                          f"| {spread(pace.within)} | {statistics.mean(pace.at_once):.1f} |", flush=True)  # fmt: skip
        finally:
            await host.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=40, help="rounds measured a game (default 40)")
    parser.add_argument("--only", nargs="+", choices=GAMES, help="these games only")
    parser.add_argument("--seed", type=int, default=1, help="the tables' seed (default 1)")
    args = parser.parse_args()
    asyncio.run(main(list(args.only or GAMES), args.rounds, args.seed))
    sys.exit(0)
