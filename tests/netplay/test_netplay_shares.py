"""Fair shares of the host: what one address may take of it is bounded, with a sentence.

- Tables made from one address, watches per connection, wrong join codes per address.
- A waiting table with no person seated or organising there expires, whoever watches it.
- The lobby list names the asker's tables and the ones it asks for, then the newest few.
"""

from __future__ import annotations

from asyncio import open_connection

from conftest import FAST, running, until
from netplay_support import Raw

from yule.netplay.client import Client, HostError
from yule.netplay.connection import Limits
from yule.netplay.host import Host
from yule.netplay.wire import PROTOCOL_VERSION


async def from_address(port: int, address: str) -> Raw:
    """A bare connection from ``address`` (a loopback address standing in for another machine), greeted."""
    raw = Raw(*await open_connection("127.0.0.1", port, local_addr=(address, 0)))
    raw.send({"type": "hello", "version": PROTOCOL_VERSION, "name": address})
    assert (await raw.frame())["type"] == "welcome"
    return raw


async def ask(raw: Raw, message: dict) -> dict:
    """Send a request and return the host's answer to it (frames for no request are passed over)."""
    raw.send({**message, "rid": 7})
    while (frame := await raw.frame()) is not None:
        if frame.get("rid") == 7:
            return frame
    raise AssertionError("the host closed the connection")


async def test_tables_made_from_one_address_are_bounded_and_others_still_create(tmp_path):
    host = Host(tmp_path, limits=Limits(tables_per_address=2))
    async with running(host) as port:
        first, second = await from_address(port, "127.0.0.2"), await from_address(port, "127.0.0.2")
        create = {"type": "create", "game": "elf", "seats": 2, "sit": False}
        assert (await ask(first, create))["type"] == "created"
        assert (await ask(second, create))["type"] == "created"  # another connection, the same address
        refused = await ask(first, create)
        assert refused["code"] == "too_many_tables" and "your address" in refused["message"]
        other = await from_address(port, "127.0.0.3")
        assert (await ask(other, create))["type"] == "created"
        for raw in (first, second, other):
            raw.close()


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


async def test_wrong_join_codes_are_slowed_per_address(tmp_path):
    host = Host(tmp_path, limits=Limits(code_guesses=3, code_guess_rate=0.0))
    async with running(host) as port, Client("127.0.0.1", port, "Ana") as ana:
        code = (await ana.create_table("elf", 2))["code"]
        guesser = await from_address(port, "127.0.0.2")
        answers = [await ask(guesser, {"type": "join", "code": wrong}) for wrong in ("AAAAAA", "BBBBBB", "CCCCCC")]
        assert [a["code"] for a in answers] == ["bad_code"] * 3
        stopped = await ask(guesser, {"type": "join", "code": code})  # even the right one must wait now
        assert stopped["code"] == "too_many_guesses" and "wait" in stopped["message"]
        friend = await from_address(port, "127.0.0.3")
        assert (await ask(friend, {"type": "join", "code": code}))["type"] == "seated"
        guesser.close()
        friend.close()


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
            reply = await bob.request({"type": "list"})
            assert reply["total"] == 5 and [t["table"] for t in reply["tables"]] == [5, 4, 3]
            asked = await bob.request({"type": "list", "tables": [mine]})
            assert [t["table"] for t in asked["tables"]] == [mine, 5, 4]
            assert asked["tables"][0]["seats"] == [{}, None]  # private: who sits there is not said
        listed = await ana.list_tables()
        assert listed[0]["table"] == mine and listed[0]["seats"][0]["name"] == "Ana"
