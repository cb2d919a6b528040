"""The table's own controls: its creator runs it.

- Only the organiser (the creator) starts a game and plays again, and the log says who did;
  while the creator is gone, the people seated there run it; the creator coming back with the
  organiser token runs it again.
- An away seat's table info counts down to its stand-in bot; the organiser can hand the seat
  to the bot now (in the log).
- A player whose move has waited a while can be nudged (they hear it; the log says who), and
  the organiser can let the stand-in bot make that one move (in the log); not sooner.
- Bots are added per seat at a level (bot kind), and the game's record says which seat is which;
  table info gives each bot's seat its level and number (``Normal Bot 3``), for any language.
- The organiser can free a person's seat before the game, with a reason the person is shown.
"""

from __future__ import annotations

import pytest
from conftest import FAST, running, until
from game_support import logged
from netplay_support import next_message

from yule.netplay.client import Client, HostError
from yule.netplay.host.server import Host


def said(frame: dict, kind: str) -> bool:
    """True when a view frame's log has an event of ``kind``."""
    return any(entry["event"]["type"] == kind for entry in frame["log"])


async def clients(port: int, *names: str) -> list[Client]:
    out = [Client("127.0.0.1", port, name, reconnect=False) for name in names]
    for client in out:
        await client.connect()
    return out


async def test_only_the_creator_starts_and_plays_again_and_the_log_says_who(host):
    ana, bob = await clients(host.port, "Ana", "Bob")
    try:
        created = await ana.create_table("white-rabbit", 3, bot_delay=0)
        table = created["table"]
        await bob.join(None, created["code"])
        await ana.add_bot(table, kind="random")
        info = await next_message(bob, "table", table=table, when=lambda f: all(f["seats"]))
        assert (info["runs"], info["run_by"]) == (False, "Ana")
        for request in (bob.start(table), bob.add_bot(table), bob.remove_bot(table, 2)):
            with pytest.raises(HostError) as refused:
                await request
            assert refused.value.code == "forbidden" and refused.value.message == "Ana runs this table: ask them."
        await ana.start(table)
        view = await next_message(bob, "view", table=table)
        assert view["log"][0] == {"event": {"type": "started", "name": "Ana", "game_no": 1}, "seq": view["seq"]}
        assert logged(host.tables[table], view["log"][:1]) == ["Ana started the game."]
        await ana.close()  # the creator is gone: the players seated there run the table
        info = await next_message(bob, "table", table=table, when=lambda f: f["seats"][0]["away"])
        assert info["runs"] and info["run_by"] is None
    finally:
        await bob.close()


async def test_the_creator_runs_the_table_again_after_coming_back(host, tmp_path):
    from yule.netplay.client.seatstore import SeatStore

    store = SeatStore(tmp_path / "ana" / "seats.json")
    ana = Client("127.0.0.1", host.port, "Ana", reconnect=False, seat_store=store)
    (bob,) = await clients(host.port, "Bob")
    await ana.connect()
    try:
        created = await ana.create_table("white-rabbit", 2)
        await bob.join(None, created["code"])
        await ana.close()  # Ana's terminal closes; she comes back with the seat file on her machine
        again = Client("127.0.0.1", host.port, "Ana", reconnect=False, seat_store=store)
        await again.connect()
        try:
            (saved,) = again.saved_seats()
            await again.resume(saved.token)
            await until(lambda: host.tables[created["table"]].audience.organiser is not None, "Ana organising again")
            with pytest.raises(HostError):
                await bob.start(created["table"])
            await again.start(created["table"])
        finally:
            await again.close()
    finally:
        await bob.close()


async def test_an_away_seat_counts_down_and_the_organiser_hands_it_to_a_bot_now(host):
    ana, bob = await clients(host.port, "Ana", "Bob")
    try:
        created = await ana.create_table("white-rabbit", 2, bot_delay=30)
        table = created["table"]
        await bob.join(None, created["code"])
        await ana.start(table)
        await bob.close()
        info = await next_message(
            ana, "table", table=table, when=lambda f: bool(f["seats"][1] and f["seats"][1]["away"])
        )
        assert 0 < info["seats"][1]["stand_in_in"] <= host.away_timeout and not info["seats"][1]["stand_in"]
        await ana.stand_in(table, 1)
        info = await next_message(ana, "table", table=table, when=lambda f: f["seats"][1]["stand_in"])
        assert info["seats"][1]["stand_in_in"] is None
        view = await next_message(ana, "view", table=table, when=lambda f: said(f, "stand_in"))
        assert logged(host.tables[table], view["log"][-1:]) == ["Ana let a bot play for Bob until they are back."]
        with pytest.raises(HostError) as again:
            await ana.stand_in(table, 1)
        assert again.value.code == "not_away"
    finally:
        await ana.close()


async def test_nudge_and_a_bot_move_for_a_player_who_has_not_moved(tmp_path):
    host = Host(tmp_path / "data", away_timeout=60, limits=FAST, nudge_after=0)
    async with running(host) as port:
        ana, bob, cy = await clients(port, "Ana", "Bob", "Cy")
        try:
            created = await ana.create_table("gift-list", 3, bot_delay=30)  # everyone brings at once
            table = created["table"]
            for client in (bob, cy):
                await client.join(None, created["code"])
            await ana.start(table)
            await next_message(bob, "view", table=table)
            await cy.nudge(table, 1)
            nudged = await next_message(bob, "nudged", table=table)
            assert nudged["name"] == "Cy"
            view = await next_message(ana, "view", table=table, when=lambda f: said(f, "nudged"))
            assert logged(host.tables[table], view["log"][-1:]) == ["Cy nudged Bob: the table waits for their move."]
            with pytest.raises(HostError) as twice:
                await ana.nudge(table, 1)
            assert twice.value.code == "too_soon"
            with pytest.raises(HostError) as forbidden:
                await cy.bot_move(table, 1)
            assert forbidden.value.code == "forbidden"
            await ana.bot_move(table, 1)
            view = await next_message(ana, "view", table=table, when=lambda f: said(f, "bot_move"))
            assert logged(host.tables[table], view["log"][:1]) == ["Ana let a bot make Bob's move."]
            assert 1 not in host.tables[table].movers()
        finally:
            for client in (ana, bob, cy):
                await client.close()


async def test_a_move_is_nudged_only_after_it_has_waited(host):
    ana, bob, cy = await clients(host.port, "Ana", "Bob", "Cy")
    try:
        created = await ana.create_table("gift-list", 3, bot_delay=30)
        table = created["table"]
        for client in (bob, cy):
            await client.join(None, created["code"])
        await ana.start(table)
        for request in (cy.nudge(table, 1), ana.bot_move(table, 1)):
            with pytest.raises(HostError) as refused:
                await request
            assert refused.value.code == "too_soon" and refused.value.message.startswith("Bob's move began")
    finally:
        for client in (ana, bob, cy):
            await client.close()


async def test_bots_at_their_levels_per_seat_are_in_the_record(host):
    (ana,) = await clients(host.port, "Ana")
    try:
        created = await ana.create_table("white-rabbit", 4, bot_delay=30)
        table = created["table"]
        for kind in ("random", "ismcts", "greedy"):
            await ana.add_bot(table, kind=kind)
        info = await next_message(ana, "table", table=table, when=lambda info: None not in info["seats"])
        assert info["seats"][0].keys().isdisjoint({"level", "number"})  # a person's seat
        assert [(s["name"], s["bot"], s["level"], s["number"]) for s in info["seats"][1:]] == [
            ("Easy Bot 2", "random", "easy", 2),
            ("Hard Bot 3", "ismcts", "hard", 3),
            ("Normal Bot 4", "greedy", "normal", 4),
        ]  # the words of its name, to word it in any language
        assert (await ana.list_tables())[0]["seats"][3]["level"] == "normal"  # the lobby's line says it too
        await ana.start(table)
        assert host.tables[table].record()["bots"] == [None, "random", "ismcts", "greedy"]
    finally:
        await ana.close()


async def test_the_organiser_frees_a_wrong_join_with_a_reason(host):
    ana, bob = await clients(host.port, "Ana", "Bob")
    try:
        created = await ana.create_table("white-rabbit", 3)
        table = created["table"]
        claim = await bob.join(None, created["code"])
        with pytest.raises(HostError) as forbidden:
            await bob.remove_seat(table, 0, "mine now")
        assert forbidden.value.code == "forbidden"
        await ana.remove_seat(table, 1, "Sorry, this table is for the cousins [all of them]")
        removed = await next_message(bob, "removed", table=table)
        assert (removed["name"], removed["reason"]) == ("Ana", "Sorry, this table is for the cousins [all of them]")
        assert table not in bob.seats and host.tables[table].seats[1] is None
        with pytest.raises(HostError) as gone:
            await bob.resume(claim.token)
        assert gone.value.code == "bad_token"
        with pytest.raises(HostError) as again:  # a removal is not undone by joining again a moment later
            await bob.join(None, created["code"])
        assert again.value.code == "removed" and again.value.message.startswith("Ana freed your seat at this table")
        async with Client("127.0.0.1", host.port, "Cy", local_address="127.0.0.2") as cy:
            assert (await cy.join(None, created["code"])).seat == 1  # the seat is free for anyone else
    finally:
        await ana.close()
        await bob.close()


async def test_whoever_runs_the_table_sets_the_bots_pace_and_it_is_kept(tmp_path):
    host = Host(tmp_path / "data", away_timeout=60, limits=FAST)
    async with running(host) as port:
        ana, bob = await clients(port, "Ana", "Bob")
        try:
            created = await ana.create_table("white-rabbit", 3, bot_delay=0.3)
            table = created["table"]
            await bob.join(None, created["code"])
            with pytest.raises(HostError) as refused:
                await bob.set_pace(table, 2.5)
            assert refused.value.code == "forbidden"
            await ana.set_pace(table, 2.5)  # a child at the table: each bot's move stays on show longer
            told = await next_message(bob, "table", table=table, when=lambda f: f["bot_delay"] == 2.5)
            assert told["bot_delay"] == host.tables[table].bot_delay == 2.5
            with pytest.raises(HostError) as bad:
                await ana.set_pace(table, -1)
            assert bad.value.code == "invalid"
        finally:
            await ana.close()
            await bob.close()
    again = Host(tmp_path / "data", away_timeout=60, limits=FAST)
    async with running(again):
        assert again.tables[table].bot_delay == 2.5
