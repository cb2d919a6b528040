"""Reactions over a real host: a code (never words) passed on to everyone at that table, seats,
spectators and an organiser alike, and nobody else; rate-limited per connection (the connection
stays, and may react again once the interval has passed); refused when the code is unknown, the
table is not there or the sender is not at it, with nothing sent to anyone; never kept."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import FAST, running
from netplay_support import next_message

from yule.netplay.asks import REACTIONS
from yule.netplay.client import Client, HostError
from yule.netplay.host.server import Host

BURST = 3
LIMITED = replace(FAST, react_burst=float(BURST), react_rate=0.5)
"""Three reactions at once, then one every 2 s: time is moved on by hand, never waited for."""


async def frames_until_own_reaction(client: Client, table: int, code: str = "nice") -> list[dict]:
    """Every frame the client gets until its own reaction ``code`` at ``table`` comes back.

    The host handles one connection's frames in order and writes each connection's frames in
    order, so whatever it sent this client before that reaction has arrived by then."""
    await client.react(table, code)
    seen = []
    async for msg in client:
        seen.append(msg)
        if msg["type"] == "reaction" and msg["table"] == table and msg["code"] == code:
            return seen
    raise AssertionError("the client stopped before its own reaction came back")


def reactions(frames: list[dict]) -> list[tuple[int, str, str]]:
    return [(f["table"], f["name"], f["code"]) for f in frames if f["type"] == "reaction"]


def move_time_on(host: Host, name: str, seconds: float) -> None:
    """The connection of ``name`` at ``host`` as if ``seconds`` had passed for its reactions."""
    (conn,) = [c for c in host.admission.connections if c.name == name]
    conn.react_tokens.refilled -= seconds


async def test_a_reaction_reaches_everyone_at_the_table_and_nobody_else(host):
    port = host.port
    async with (
        Client("127.0.0.1", port, "Org") as org,
        Client("127.0.0.1", port, "Ana") as ana,
        Client("127.0.0.1", port, "[b]Ben[/b]") as ben,
        Client("127.0.0.1", port, "TV") as tv,
        Client("127.0.0.1", port, "Other") as other,
    ):
        created = await org.create_table("white-elephant", 3, sit=False)  # it organises, seatless
        table = created["table"]
        await ana.join(table, created["code"])
        await ben.join(table, created["code"])
        await tv.watch(table, created["code"])
        elsewhere = (await other.create_table("white-elephant", 3))["table"]
        await ben.react(table, "well_played")
        expected = {"type": "reaction", "table": table, "seat": 1, "name": "[b]Ben[/b]", "code": "well_played"}
        for client in (org, ana, ben, tv):
            assert await next_message(client, "reaction") == expected
        await tv.react(table, "merry_christmas")  # a spectator has no seat
        for client in (org, ana, ben, tv):
            assert await next_message(client, "reaction") == {
                "type": "reaction", "table": table, "seat": None, "name": "TV", "code": "merry_christmas"}  # fmt: skip
        await org.react(table, "oh_no")  # and neither has the seatless organiser
        for client in (ana, ben, tv):
            assert (await next_message(client, "reaction"))["name"] == "Org"
        seen = await frames_until_own_reaction(other, elsewhere)
        assert not [f for f in seen if f.get("table") == table]
        assert reactions(seen) == [(elsewhere, "Other", "nice")]


async def test_every_reaction_of_the_set_goes_through_and_none_is_kept(host):
    port = host.port
    async with Client("127.0.0.1", port, "Ana") as ana:
        created = await ana.create_table("white-elephant", 3)
        table = created["table"]
        for code in REACTIONS[:3]:  # the default limits' burst takes these at once
            await ana.react(table, code)
            assert (await next_message(ana, "reaction"))["code"] == code
        async with Client("127.0.0.1", port, "Late") as late:  # whoever comes later sees none of them
            await late.watch(table, created["code"])
            log = await next_message(late, "log", table=table)
            assert log["entries"] == [] and log["chat"] == []
            seen = await frames_until_own_reaction(late, table, "thinking")
            assert reactions(seen) == [(table, "Late", "thinking")]


async def test_reactions_are_rate_limited_per_connection_and_the_connection_stays(tmp_path):
    host = Host(tmp_path, limits=LIMITED)
    async with (
        running(host) as port,
        Client("127.0.0.1", port, "Ana") as ana,
        Client("127.0.0.1", port, "Ben") as ben,
    ):
        created = await ana.create_table("white-elephant", 3)
        table = created["table"]
        await ben.join(table, created["code"])
        for _ in range(BURST):
            await ana.react(table, "nice")
        with pytest.raises(HostError) as refused:
            await ana.react(table, "oh_no")
        assert refused.value.code == "react_flood" and refused.value.params == {}
        assert await ana.list_tables()  # still connected and served
        seen = await frames_until_own_reaction(ben, table, "well_played")  # another's allowance is its own
        assert reactions(seen) == [(table, "Ana", "nice")] * BURST + [(table, "Ben", "well_played")]
        move_time_on(host, "Ana", 1.0)  # half the interval: not yet
        with pytest.raises(HostError) as refused:
            await ana.react(table, "oh_no")
        assert refused.value.code == "react_flood"
        move_time_on(host, "Ana", 1.1)  # the interval has passed: one more
        await ana.react(table, "oh_no")
        with pytest.raises(HostError):
            await ana.react(table, "oh_no")
        seen = await frames_until_own_reaction(ben, table, "thinking")
        assert reactions(seen) == [(table, "Ana", "oh_no"), (table, "Ben", "thinking")]


async def test_refused_reactions_reach_nobody(host):
    port = host.port
    async with (
        Client("127.0.0.1", port, "Ana") as ana,
        Client("127.0.0.1", port, "Ben") as ben,
        Client("127.0.0.1", port, "Stranger") as stranger,
    ):
        created = await ana.create_table("white-elephant", 3)
        table = created["table"]
        await ben.join(table, created["code"])
        own = (await stranger.create_table("white-elephant", 3))["table"]
        for code in ("boo", "Nice!", "", "nice " * 10):  # not a code of the set: an invalid frame
            with pytest.raises(HostError) as refused:
                await ana.react(table, code)
            assert refused.value.code == "invalid" and refused.value.params["field"] == "code"
        with pytest.raises(HostError) as refused:  # a table the host does not hold
            await ana.react(table + 100, "nice")
        assert refused.value.code == "no_table"
        with pytest.raises(HostError) as refused:  # a table it is not at
            await stranger.react(table, "nice")
        assert refused.value.code == "react_not_at_table"
        with pytest.raises(HostError) as refused:  # nor is Ana at the stranger's
            await ana.react(own, "nice")
        assert refused.value.code == "react_not_at_table"
        seen = await frames_until_own_reaction(ben, table)  # after all that, only Ben's own
        assert reactions(seen) == [(table, "Ben", "nice")]
        seen = await frames_until_own_reaction(stranger, own)
        assert reactions(seen) == [(own, "Stranger", "nice")]
        seen = await frames_until_own_reaction(ana, table, "oh_no")  # an allowance none of that spent
        assert reactions(seen) == [(table, "Ben", "nice"), (table, "Ana", "oh_no")]


async def test_a_flood_at_one_table_does_not_disturb_another(tmp_path):
    host = Host(tmp_path, limits=replace(LIMITED, react_rate=0.0))
    async with (
        running(host) as port,
        Client("127.0.0.1", port, "Flood") as flood,
        Client("127.0.0.1", port, "Ana") as ana,
        Client("127.0.0.1", port, "Ben") as ben,
    ):
        noisy = (await flood.create_table("white-elephant", 3))["table"]
        created = await ana.create_table("white-elephant", 3)
        quiet = created["table"]
        await ben.join(quiet, created["code"])
        refused = 0
        for _ in range(40):
            try:
                await flood.react(noisy, "oh_no")
            except HostError as e:
                assert e.code == "react_flood"
                refused += 1
        assert refused == 40 - BURST
        await ana.chat(quiet, "still with us?")
        seen = await frames_until_own_reaction(ben, quiet, "merry_christmas")
        assert not [f for f in seen if f.get("table") == noisy]
        assert [f["text"] for f in seen if f["type"] == "chat"] == ["still with us?"]
        await ana.react(quiet, "nice")
        assert (await next_message(ben, "reaction"))["name"] == "Ana"
