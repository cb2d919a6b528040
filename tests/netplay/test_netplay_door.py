"""The door of a table: an away player's seat is taken over only with a yes from the table.

- A ``reclaim`` while others are at the table waits (``reclaim_waiting``); the people there are
  asked (``reclaim_asked``). Until a yes, the newcomer gets nothing of the seat, and the away
  player's own token still resumes it, which ends the request (``came_back``).
- The first answer decides: a yes seats the newcomer with a new token (the old one void); a no,
  or no answer in time, refuses it; the newcomer leaving withdraws it.
- Alone at a table (nobody else connected) the request goes through at once.
- Requests are rate-limited by address; the lobby does not list who sits at a private table
  for those who are not at it.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from conftest import FAST, running
from netplay_support import next_message

from yule.netplay.client import Client, HostError
from yule.netplay.host import Host


async def seated_game(port: int, *names: str, game: str = "white-elephant", seats: int = 3):
    """A table of ``game``: the named players seated (the first created it), bots for the rest, started."""
    clients = [Client("127.0.0.1", port, name, reconnect=False) for name in names]
    for client in clients:
        await client.connect()
    created = await clients[0].create_table(game, seats, bot_delay=30)
    for client in clients[1:]:
        await client.join(None, created["code"])
    await clients[0].fill_bots(created["table"])
    await clients[0].start(created["table"])
    return clients, created


def seen_by(client: Client) -> list[dict[str, Any]]:
    """Every frame the client has received so far (taken off its queue)."""
    frames = []
    while not client.messages.empty():
        frames.append(client.messages.get_nowait())
    return frames


async def waiting_reclaim(client: Client, code: str, name: str) -> tuple[asyncio.Task[Any], dict[str, Any]]:
    """``client`` asks for ``name``'s seat: the task of its reclaim and the host's waiting reply."""
    waiting: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(client.reclaim(code, name, waiting.set_result))
    return task, await waiting


async def test_a_newcomer_gets_nothing_of_the_seat_until_a_yes_and_the_away_players_token_wins(host):
    (ana, bob), created = await seated_game(host.port, "Ana", "Bob")
    table, token = created["table"], bob.seats[created["table"]].token
    try:
        await bob.close()
        await next_message(ana, "table", table=table)
        async with Client("127.0.0.1", host.port, "Eve") as eve:
            task, waiting = await waiting_reclaim(eve, created["code"], "Bob")
            assert (waiting["type"], waiting["seat"], waiting["name"]) == ("reclaim_waiting", 1, "Bob")
            asked = await next_message(ana, "reclaim_asked", table=table)
            assert asked["request"] == waiting["request"] and asked["by"] == "Eve"
            await eve.list_tables()  # whatever the host sent Eve for her request came before this reply
            assert not [f for f in seen_by(eve) if f["type"] in ("view", "log", "seated")]
            assert host.tables[table].seats[1].conn is None and table not in eve.seats
            async with Client("127.0.0.1", host.port, "Bob") as back:  # Bob's own laptop is back
                claim = await back.resume(token)
                assert claim.seat == 1
                with pytest.raises(HostError) as refused:
                    await task
                assert refused.value.code == "reclaim_refused" and "Bob came back" in refused.value.message
                over = await next_message(ana, "reclaim_over", request=asked["request"])
                assert over["outcome"] == "came_back"
                assert not [f for f in seen_by(eve) if f["type"] == "view" and f.get("seat") == 1]
                assert host.tables[table].seats[1].conn is not None and table not in eve.seats
    finally:
        await ana.close()


async def test_a_no_refuses_and_the_old_token_still_works(host):
    (ana, bob), created = await seated_game(host.port, "Ana", "Bob")
    table, token = created["table"], bob.seats[created["table"]].token
    try:
        await bob.close()
        await next_message(ana, "table", table=table)
        async with Client("127.0.0.1", host.port, "Eve") as eve:
            task, _ = await waiting_reclaim(eve, created["code"], "bob")
            asked = await next_message(ana, "reclaim_asked", table=table)
            await ana.answer(table, asked["request"], False)
            with pytest.raises(HostError) as refused:
                await task
            assert refused.value.message == "Ana said no: Bob's seat stays as it is."
            assert (await next_message(ana, "reclaim_over", request=asked["request"]))["outcome"] == "no"
            with pytest.raises(HostError) as late:
                await ana.answer(table, asked["request"], True)  # answered already: nothing happens
            assert late.value.code == "no_request"
        async with Client("127.0.0.1", host.port, "Bob") as back:
            assert (await back.resume(token)).seat == 1
    finally:
        await ana.close()


async def test_only_the_people_at_the_table_answer_and_no_answer_in_time_is_a_no(tmp_path):
    host = Host(tmp_path / "data", away_timeout=60, limits=FAST, ask_seconds=0.3)
    async with running(host) as port:
        (ana, bob), created = await seated_game(port, "Ana", "Bob")
        table = created["table"]
        try:
            await bob.close()
            await next_message(ana, "table", table=table)
            async with Client("127.0.0.1", port, "Eve") as eve, Client("127.0.0.1", port, "Mal") as mal:
                await mal.watch(table, created["code"])  # watching is not being at the table's seats
                task, waiting = await waiting_reclaim(eve, created["code"], "Bob")
                with pytest.raises(HostError) as forbidden:
                    await mal.answer(table, waiting["request"], True)
                assert forbidden.value.code == "forbidden"
                with pytest.raises(HostError) as expired:
                    await task
                assert expired.value.message == "Nobody at the table said yes within 0.3 seconds."
                assert host.tables[table].seats[1].conn is None
        finally:
            await ana.close()


async def test_a_newcomer_who_leaves_withdraws_and_a_seat_is_asked_for_once_at_a_time(host):
    (ana, bob), created = await seated_game(host.port, "Ana", "Bob")
    table = created["table"]
    try:
        await bob.close()
        await next_message(ana, "table", table=table)
        async with Client("127.0.0.1", host.port, "Eve") as eve:
            task, waiting = await waiting_reclaim(eve, created["code"], "Bob")
            async with Client("127.0.0.1", host.port, "Mal") as mal:
                with pytest.raises(HostError) as busy:
                    await mal.reclaim(created["code"], "Bob")
                assert busy.value.code == "being_asked"
            await eve.close()
            with pytest.raises(Exception):  # noqa: B017 (the connection is gone, so is the request)
                await task
            assert (await next_message(ana, "reclaim_over", request=waiting["request"]))["outcome"] == "withdrawn"
    finally:
        await ana.close()


async def test_alone_at_the_table_a_reclaim_goes_through_at_once(host):
    (bob,), created = await seated_game(host.port, "Bob")
    table, token = created["table"], bob.seats[created["table"]].token
    await bob.close()
    async with Client("127.0.0.1", host.port, "Bob on a phone") as phone:
        claim = await phone.reclaim(created["code"], "Bob")
        assert claim.seat == 0 and claim.token != token
        assert (await next_message(phone, "view", table=table))["seat"] == 0
        async with Client("127.0.0.1", host.port, "old") as old:
            with pytest.raises(HostError) as refused:
                await old.resume(token)
            assert refused.value.code == "seat_moved"  # the old device is told why, not just refused


async def test_reclaims_are_rate_limited_by_address(host):
    async with Client("127.0.0.1", host.port, "Eve") as eve, Client("127.0.0.1", host.port, "Eve 2") as other:
        codes = []
        for client in [eve, other] * 5:  # two connections, one address
            with pytest.raises(HostError) as refused:
                await client.reclaim("ZZZZZZ", "Bob")
            codes.append(refused.value.code)
        assert codes[:8] == ["bad_code"] * 8 and codes[8:] == ["reclaim_flood"] * 2


async def test_the_lobby_lists_no_names_at_a_private_table_to_those_not_at_it(host):
    (ana, bob), created = await seated_game(host.port, "Ana", "Bob")
    try:
        await bob.close()
        async with Client("127.0.0.1", host.port, "Eve") as eve:
            listed = next(t for t in await eve.list_tables() if t["table"] == created["table"])
            assert listed["seats"] == [{}, {}, {}]
            mine = next(t for t in await ana.list_tables() if t["table"] == created["table"])
            assert [s["name"] for s in mine["seats"]][:2] == ["Ana", "Bob"] and mine["seats"][1]["away"]
    finally:
        await ana.close()
