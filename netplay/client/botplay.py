"""``yule bots``: bots playing whole games through a host, each seat its own connection.

Every bot seat is a :class:`yule.netplay.client.Client`, exactly as a person's terminal would be:
it sees only its own seat's view and answers with wire-form moves.  ``tables`` tables play at
a time until ``games`` games are finished; seat 0 of each table creates it, the others join
with its code, and the table plays again until the quota is used.  Connections reconnect by
themselves, so a host that dies and comes back does not stop the games.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass, field
from typing import Any

from ...core import get_game
from ...core.bots import bot_title
from . import Client, ConnectionLost, HostError, may_move

log = logging.getLogger("yule.bots")


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game as the bots saw it."""

    table: int
    game_no: int
    moves: int
    players: tuple[str, ...]
    winners: tuple[int, ...]
    """Winning seats when the final view says (``view["result"]``), else empty."""


@dataclass(slots=True)
class Summary:
    finished: list[GameResult] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    elapsed: float = 0.0
    remaining: int = 0
    """Games not yet handed to a table."""


async def play_games(
    host: str,
    port: int,
    *,
    game: str,
    players: int,
    games: int = 1,
    tables: int = 1,
    bot: str = "random",
    delay: float = 0.0,
    seed: int | str | None = None,
    give_up_after: float = 120.0,
) -> Summary:
    """Play ``games`` games, ``tables`` at a time; bots pause ``delay`` seconds before a move."""
    the_game = get_game(game)
    if bot not in the_game.bots:
        raise ValueError(f"{the_game.title} bots are {', '.join(the_game.bots)}, not {bot!r}")
    if not the_game.min_players <= players <= the_game.max_players:
        raise ValueError(
            f"{the_game.title} is for {the_game.min_players} to {the_game.max_players} players, not {players}"
        )
    seed = seed if seed is not None else random.randrange(10**9)
    summary = Summary(remaining=games)
    started = time.monotonic()
    slots = [
        _slot(
            host, port, n, the_game.name, players, the_game.bots[bot], bot, delay, f"{seed}/{n}", give_up_after, summary
        )
        for n in range(min(tables, games))
    ]
    await asyncio.gather(*slots)
    summary.elapsed = time.monotonic() - started
    return summary


async def _slot(
    host: str, port: int, slot: int, game: str, players: int, make_bot: Any, kind: str, delay: float,
    seed: str, give_up_after: float, summary: Summary,
) -> None:  # fmt: skip
    clients = [Client(host, port, f"{bot_title(kind)} {i + 1}", give_up_after=give_up_after) for i in range(players)]
    try:
        for client in clients:
            await client.connect()
        summary.remaining -= 1
        created = await clients[0].create_table(game, players, bot_delay=0)
        table = created["table"]
        for client in clients[1:]:
            await client.join(table, created["code"])
        done = asyncio.Event()
        loops = [
            asyncio.create_task(_seat(c, table, make_bot(random.Random(f"{seed}/{i}")), delay, i == 0, summary, done))
            for i, c in enumerate(clients)
        ]
        await clients[0].start(table)
        await asyncio.wait([asyncio.create_task(done.wait()), *loops], return_when=asyncio.FIRST_COMPLETED)
        if not done.is_set():
            summary.failures.append(f"table slot {slot}: a bot lost its host")
    except (OSError, HostError, ConnectionLost) as e:
        summary.failures.append(f"table slot {slot}: {e}")
    finally:
        for client in clients:
            await client.close()


async def _seat(
    client: Client, table: int, bot: Any, delay: float, lead: bool, summary: Summary, done: asyncio.Event
) -> None:
    """One bot seat: move when the view asks; the lead seat also plays again or finishes."""
    seen_over: set[int] = set()
    result: dict[str, Any] = {}
    async for msg in client:
        if msg["type"] == "connection" and msg["state"] == "gone":
            return
        if msg["type"] == "view" and msg["table"] == table:
            result = msg["view"].get("result", {})
            if may_move(msg):
                await asyncio.sleep(delay)
                try:
                    move = await asyncio.to_thread(bot.choose, msg["view"])  # a search bot thinks a while
                    await client.move(table, move, seq=msg["seq"])
                except HostError as e:
                    if e.code != "stale":
                        log.warning("table %s: a bot's move was refused: %s", table, e)
                except ConnectionLost:
                    pass  # the view comes back after the reconnect
        elif msg["type"] == "table" and msg["table"] == table and lead and msg["status"] == "over":
            if msg["game_no"] in seen_over:
                continue  # told again (a seat changed): counted once
            seen_over.add(msg["game_no"])
            summary.finished.append(
                GameResult(table, msg["game_no"], msg["seq"], tuple(msg["players"]), tuple(result.get("winners", ())))
            )
            if summary.remaining > 0:
                summary.remaining -= 1
                try:
                    await client.play_again(table)
                except ConnectionLost:
                    seen_over.discard(msg["game_no"])  # asked again once reconnected
                    summary.remaining += 1
                    summary.finished.pop()
            else:
                done.set()
