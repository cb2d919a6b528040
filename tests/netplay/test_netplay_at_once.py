"""Moves made at the same moment are all taken (``GameState.at_once``).

While every seat brings a gift at once (Gift List, Gift Exchange), a move chosen on a view that
other seats' bringing has since made old is judged on the position as it stands: accepted when
it is still legal, refused with the game's own reason when it is not. A seat whose own options
changed (it moved itself since, or the game is not at such a moment) still gets ``stale``.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from netplay_support import next_message

from yule.core.registry import get_game
from yule.netplay.client import Client, HostError


async def bring_table(port: int, game: str, names: list[str]) -> tuple[list[Client], int, list[dict]]:
    """A table of ``game`` with one client per name, started: the clients, the table, each one's first view."""
    clients = [Client("127.0.0.1", port, name, reconnect=False) for name in names]
    for client in clients:
        await client.connect()
    created = await clients[0].create_table(game, len(names), bot_delay=30)
    for client in clients[1:]:
        await client.join(None, created["code"])
    await clients[0].start(created["table"])
    views = [
        await next_message(c, "view", table=created["table"], when=lambda f: "actions" in f["view"]) for c in clients
    ]
    return clients, created["table"], views


def a_bring(game: str, frame: dict, n: int) -> dict:
    """The bring a greedy bot would choose on this view (Gift Exchange: with a label of its own)."""
    move = get_game(game).bots["greedy"](random.Random(n)).choose(frame["view"])
    assert move["type"] == "bring"
    return move


@pytest.mark.parametrize("game", ["gift-list", "gift-exchange"])
async def test_everyone_brings_at_the_same_moment_on_the_same_view_at_three_tables(host, game):
    tables = [await bring_table(host.port, game, [f"{game[:4]}{t}-{i}" for i in range(3)]) for t in range(3)]
    try:
        sends = []
        for clients, table, views in tables:
            assert len({v["seq"] for v in views}) == 1  # every seat chose on the same view
            for n, (client, frame) in enumerate(zip(clients, views, strict=True)):
                sends.append(client.move(table, a_bring(game, frame, n), seq=frame["seq"]))
        results = await asyncio.gather(*sends, return_exceptions=True)
        assert [r for r in results if isinstance(r, BaseException)] == []  # 9 of 9 taken
        for clients, table, _ in tables:
            state = host.tables[table].session.state
            assert state is not None and not state.at_once()  # everyone has brought
            seen = [await frames_until(c, table, host.tables[table].seq) for c in clients]
            logs = [[line for f in frames for line in f["log"]] for frames in seen]
            assert logs[0] == logs[1] == logs[2]  # everyone read the same log, in the same order
            for seat, frames in enumerate(seen):  # and each sees the game as it stands, from their seat
                assert frames[-1]["seat"] == seat and frames[-1]["view"] == state.view(seat)
    finally:
        for clients, _, _ in tables:
            for client in clients:
                await client.close()


async def frames_until(client: Client, table: int, seq: int) -> list[dict]:
    """The client's view frames up to the one of ``seq``."""
    frames = []
    while True:
        frame = await next_message(client, "view", table=table)
        frames.append(frame)
        if frame["seq"] >= seq:
            return frames


async def test_an_old_view_still_gets_the_games_reason_and_a_seat_that_moved_gets_stale(host):
    clients, table, views = await bring_table(host.port, "gift-list", ["Ana", "Bob", "Cy"])
    ana, bob, _ = clients
    try:
        await ana.move(table, a_bring("gift-list", views[0], 0), seq=views[0]["seq"])
        with pytest.raises(HostError) as illegal:  # on the old view, a card Bob does not have
            await bob.move(table, {"type": "bring", "card": "no-such-card"}, seq=views[1]["seq"])
        assert illegal.value.code in ("illegal", "invalid") and illegal.value.code != "stale"
        with pytest.raises(HostError) as stale:  # Ana moved since her view: what she may do has changed
            await ana.move(table, a_bring("gift-list", views[0], 1), seq=views[0]["seq"])
        assert stale.value.code == "stale"
    finally:
        for client in clients:
            await client.close()


async def test_a_turn_after_another_seats_move_is_still_stale(host):
    ana, bob = (Client("127.0.0.1", host.port, n, reconnect=False) for n in ("Ana", "Bob"))
    for client in (ana, bob):
        await client.connect()
    try:
        created = await ana.create_table("white-rabbit", 2, bot_delay=30)
        await bob.join(None, created["code"])
        await ana.start(created["table"])
        first = await next_message(ana, "view", table=created["table"], when=lambda f: "actions" in f["view"])
        await ana.move(created["table"], {"type": "roll"}, seq=first["seq"])
        with pytest.raises(HostError) as stale:
            await bob.move(created["table"], {"type": "roll"}, seq=first["seq"])
        assert stale.value.code == "stale"
    finally:
        await ana.close()
        await bob.close()
