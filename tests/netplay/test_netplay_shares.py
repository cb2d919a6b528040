"""Fair shares of the host: what one address may take of it is bounded, with a sentence.

- Tables made from one address (also after a restart), watches per connection and per
  address, wrong join codes per address.
- A waiting table with no person seated or organising there expires, whoever watches it.
- The lobby list names the asker's tables and the ones it asks for, then the newest few, paged;
  each table's line is made once for all askers, again when the table tells a change; lists
  from one address have a budget.
"""

from __future__ import annotations

import random

import pytest
from conftest import FAST, running, until
from netplay_support import Raw

from yule.netplay.asks import ListTables
from yule.netplay.client import Client, HostError
from yule.netplay.host.connection import Limits
from yule.netplay.host.server import Host


async def test_tables_made_from_one_address_are_bounded_and_others_still_create(tmp_path):
    host = Host(tmp_path, limits=Limits(tables_per_address=2))
    async with running(host) as port:
        first, second = await Raw.open(port, address="127.0.0.2"), await Raw.open(port, address="127.0.0.2")
        create = {"type": "create", "game": "elf", "seats": 2, "sit": False}
        assert (await first.ask(create))["type"] == "created"
        assert (await second.ask(create))["type"] == "created"  # another connection, the same address
        refused = await first.ask(create)
        assert refused["code"] == "too_many_tables" and "your address" in refused["message"]
        other = await Raw.open(port, address="127.0.0.3")
        assert (await other.ask(create))["type"] == "created"
        for raw in (first, second, other):
            await raw.close()


async def test_the_tables_an_address_made_still_count_after_a_restart(tmp_path):
    create = {"type": "create", "game": "elf", "seats": 2, "sit": False}
    async with running(Host(tmp_path, limits=Limits(tables_per_address=2))) as port:
        maker = await Raw.open(port, address="127.0.0.2")
        for _ in range(2):
            assert (await maker.ask(create))["type"] == "created"
        await maker.close()
    async with running(Host(tmp_path, limits=Limits(tables_per_address=2))) as port:
        again = await Raw.open(port, address="127.0.0.2")
        refused = await again.ask(create)
        assert refused["code"] == "too_many_tables" and "2 tables made from your address" in refused["message"]
        other = await Raw.open(port, address="127.0.0.3")
        assert (await other.ask(create))["type"] == "created"
        await again.close()
        await other.close()


async def test_watches_are_bounded_per_connection(tmp_path):
    host = Host(tmp_path, limits=Limits(watches_per_connection=1))
    async with running(host) as port, Client("127.0.0.1", port, "Ana") as ana:
        one = await ana.create_table("elf", 2, open=True, sit=False)
        two = await ana.create_table("elf", 2, open=True, sit=False)
        async with Client("127.0.0.1", port, "Mal") as mal:
            await mal.watch(one["table"])
            try:
                await mal.watch(two["table"])
            except HostError as e:
                assert e.code == "too_many_watches"
            else:
                raise AssertionError("a second watch was taken")


async def test_watches_are_bounded_per_address_whatever_the_connections(tmp_path):
    host = Host(tmp_path, limits=Limits(watches_per_connection=2, watches_per_address=3))
    async with running(host) as port, Client("127.0.0.1", port, "Ana") as ana:
        tables = [(await ana.create_table("elf", 2, open=True, sit=False))["table"] for _ in range(3)]
        first, second = await Raw.open(port, address="127.0.0.2"), await Raw.open(port, address="127.0.0.2")
        watch = [{"type": "watch", "table": t} for t in tables]
        assert [(await first.ask(watch[0]))["type"], (await first.ask(watch[1]))["type"]] == ["ok", "ok"]
        assert (await second.ask(watch[2]))["type"] == "ok"  # another connection, the same address
        refused = await second.ask(watch[0])
        assert refused["code"] == "too_many_watches" and "from your address" in refused["message"]
        other = await Raw.open(port, address="127.0.0.3")
        assert (await other.ask(watch[0]))["type"] == "ok"
        for raw in (first, second, other):
            await raw.close()


async def test_wrong_join_codes_are_slowed_per_address(tmp_path):
    host = Host(tmp_path, limits=Limits(code_guesses=3, code_guess_rate=0.0))
    async with running(host) as port, Client("127.0.0.1", port, "Ana") as ana:
        code = (await ana.create_table("elf", 2))["code"]
        guesser = await Raw.open(port, address="127.0.0.2")
        answers = [await guesser.ask({"type": "join", "code": wrong}) for wrong in ("AAAAAA", "BBBBBB", "CCCCCC")]
        assert [a["code"] for a in answers] == ["bad_code"] * 3
        stopped = await guesser.ask({"type": "join", "code": code})  # even the right one must wait now
        assert stopped["code"] == "too_many_guesses" and "wait" in stopped["message"]
        friend = await Raw.open(port, address="127.0.0.3")
        assert (await friend.ask({"type": "join", "code": code}))["type"] == "seated"
        await guesser.close()
        await friend.close()


async def test_a_waiting_table_with_nobody_seated_expires_whoever_watches(tmp_path):
    host = Host(tmp_path, limits=FAST, expire_waiting=0.4)
    async with running(host) as port, Client("127.0.0.1", port, "Ana") as ana:
        table = (await ana.create_table("elf", 2, open=True, sit=False))["table"]
        async with Client("127.0.0.1", port, "Mal") as mal:
            await mal.watch(table)
            await ana.leave(table)  # the creator goes; only a watcher is left
            await until(lambda: table not in host.tables, "the table to expire", timeout=10)


async def test_the_lobby_list_is_bounded_and_names_the_askers_tables_first(tmp_path):
    host = Host(tmp_path, limits=Limits(list_length=3))
    async with running(host) as port, Client("127.0.0.1", port, "Ana") as ana:
        mine = (await ana.create_table("elf", 2))["table"]
        for _ in range(4):
            await ana.create_table("elf", 2, open=True, sit=False)
            await ana.leave(max(host.tables))
        async with Client("127.0.0.1", port, "Bob") as bob:
            reply = await bob.request(ListTables())
            assert reply["total"] == 5 and [t["table"] for t in reply["tables"]] == [5, 4, 3]
            asked = await bob.request(ListTables(tables=[mine]))
            assert [t["table"] for t in asked["tables"]] == [mine, 5, 4]
            assert asked["tables"][0]["seats"] == [{}, None]  # private: who sits there is not said
        listed = await ana.list_tables()
        assert listed[0]["table"] == mine and listed[0]["seats"][0]["name"] == "Ana"


async def test_the_lobby_list_shows_what_a_table_tells_at_once_and_its_moves_in_time(tmp_path):
    host = Host(tmp_path, limits=Limits(list_fresh=3600))  # here moves alone never remake a table's line
    async with (
        running(host) as port,
        Client("127.0.0.1", port, "Ana") as ana,
        Client("127.0.0.1", port, "Bob") as bob,
        Client("127.0.0.1", port, "Cy") as cy,
    ):
        table = (await ana.create_table("elf", 2, open=True))["table"]
        (line,) = await cy.list_tables()
        assert [s and s["name"] for s in line["seats"]] == ["Ana", None]
        await bob.join(table)
        (line,) = await cy.list_tables()
        assert [s and s["name"] for s in line["seats"]] == ["Ana", "Bob"]  # a change the table told: at once
        await ana.start(table)
        (line,) = await cy.list_tables()
        assert line["status"] == "playing"
        playing = host.tables[table]
        seat = playing.movers()[0]
        move = playing.game.bots["greedy"](random.Random(1)).choose(playing.session.state.view(seat))
        await [ana, bob][seat].move(table, move)
        assert (await cy.list_tables())[0]["seq"] == line["seq"]  # the line made before: a move alone
        assert (await ana.list_tables())[0]["seq"] > line["seq"]  # to those at the table, as it is


async def test_the_lobby_list_is_paged_after_a_table(tmp_path):
    host = Host(tmp_path, limits=Limits(list_length=2))
    async with running(host) as port, Client("127.0.0.1", port, "Ana") as ana:
        for _ in range(5):
            await ana.create_table("elf", 2, open=True, sit=False)
            await ana.leave(max(host.tables))
        pages = [await ana.request(ListTables(after=after)) for after in (None, 4, 2)]
        assert [[t["table"] for t in page["tables"]] for page in pages] == [[5, 4], [3, 2], [1]]
        assert {page["total"] for page in pages} == {5}


async def test_lists_from_one_address_are_bounded_whatever_the_connections(tmp_path):
    host = Host(tmp_path, limits=Limits(list_cost=10, list_address_rate=0.0, list_address_burst=25))
    async with running(host) as port:
        first, second = await Raw.open(port, address="127.0.0.2"), await Raw.open(port, address="127.0.0.2")
        assert (await first.ask({"type": "list"}))["type"] == "tables"
        assert (await second.ask({"type": "list"}))["type"] == "tables"
        refused = await first.ask({"type": "list"})
        assert refused["code"] == "list_flood" and "from your address" in refused["message"]
        assert (await first.ask({"type": "watch", "table": 1}))["code"] == "no_table"  # still connected
        other = await Raw.open(port, address="127.0.0.3")
        assert (await other.ask({"type": "list"}))["type"] == "tables"
        for raw in (first, second, other):
            await raw.close()


async def test_look_alike_names_are_told_apart_and_marks_are_limited(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        created = await ana.create_table("white-elephant", 8)
        hostile = "1l" * 12  # read every way it could be, this name is 16 million names
        for name in ("\u0410na", "\uff21NA", "Zalgo" + "\u0336" * 20, hostile, "l1" * 12, "B0b", "Bob"):
            async with Client("127.0.0.1", host.port, name) as other:
                await other.join(None, created["code"])
                await until(lambda: other.seats, "seated")
        names = [s.name for s in host.tables[created["table"]].seats]
        assert names[:3] == ["Ana", "\u0410na 2", "ANA 3"]  # Cyrillic A, full-width A
        assert names[3] == "Zalgo" + "\u0336" * 2
        assert names[4:] == [hostile, "l1" * 11 + " 2", "B0b", "Bob 2"]  # cut to fit the number


async def test_the_chat_of_a_table_has_a_budget_whatever_the_connections(tmp_path):
    host = Host(tmp_path, limits=Limits(table_chat_rate=0.0))  # none flows back in while the test runs
    async with running(host) as port, Client("127.0.0.1", port, "Ana") as ana:
        table = (await ana.create_table("elf", 2, open=True))["table"]
        watchers = [Client("127.0.0.1", port, f"W{i}") for i in range(8)]
        said = refused = 0
        try:
            for client in watchers:
                await client.connect()
                await client.watch(table)
                for _ in range(5):  # each within its own limit of 5 at once
                    try:
                        await client.chat(table, "hello")
                        said += 1
                    except HostError as e:
                        assert e.code == "chat_flood" and "This table's chat" in e.message
                        refused += 1
        finally:
            for client in watchers:
                await client.close()
        assert said == 20 and refused == 20


async def test_a_turn_timer_has_a_sensible_minimum(tmp_path):
    async with running(Host(tmp_path)) as port, Client("127.0.0.1", port, "Ana") as ana:
        for seconds in (1e-300, 4.9):
            with pytest.raises(HostError) as refused:
                await ana.create_table("elf", 2, turn_seconds=seconds)
            assert refused.value.code == "bad_options" and "at least 5 seconds" in refused.value.message
        assert (await ana.create_table("elf", 2, turn_seconds=5))["table"]
