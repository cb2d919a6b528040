"""Who played each seat, and whether they were there (:mod:`yule.netplay.host.attendance`), over a real host.

- A finished game counts for a person who was at the table for at least half of their seat's
  moves, or is in their seat at its end; a person who left on their first turn is not credited
  (the stand-in bot that played it is), also across a host restart.
- After a game, a seat's view is its own player's only: someone who sits in a seat another
  person left sees the finished game as a watcher; a person who left and comes back gets their
  own seat again; a client that leaves between games forgets the seat (the host freed it).
"""

from __future__ import annotations

import asyncio
import sqlite3

from conftest import FAST, running, until
from netplay_support import next_message
from test_netplay_evening import person, play_seat

from yule.core import get_game
from yule.netplay.client import Client
from yule.netplay.host.botloop import stand_in_kind
from yule.netplay.host.server import Host
from yule.netplay.host.store import hash_token


def results(data, table: int) -> list[tuple[int, str | None, str | None, str]]:
    """(seat, person hash, bot, name) of each seat of ``table``'s finished games, as the scoreboard keeps them."""
    db = sqlite3.connect(data / "yule.db")
    try:
        return db.execute(
            "SELECT seat, person, bot, name FROM results WHERE table_id=? ORDER BY seat", (table,)
        ).fetchall()
    finally:
        db.close()


async def test_a_person_who_left_on_their_first_turn_is_not_credited_with_the_game(tmp_path):
    data = tmp_path / "data"
    host = Host(data, away_timeout=60, limits=FAST)
    async with running(host) as port:
        ana, cy = person(tmp_path / "ana", port, "Ana"), person(tmp_path / "cy", port, "Cy", "127.0.0.2")
        await ana.connect()
        await cy.connect()
        created = await ana.create_table("white-rabbit", 3, bot_delay=0)
        table = created["table"]
        await cy.join(None, created["code"])
        await ana.fill_bots(table, "random")
        await ana.start(table)
        await cy.leave(table)  # Cy leaves at once: a bot plays every move of hers
        await play_seat(ana, table, seed=1)
        await cy.close()
        rows = {seat: (who, bot, name) for seat, who, bot, name in results(data, table)}
        assert rows[0] == (hash_token(ana.person), None, "Ana")
        assert rows[1] == (None, stand_in_kind(get_game("white-rabbit")), "Cy")  # the stand-in's game, not Cy's
        await ana.close()


async def test_a_person_back_in_their_seat_at_the_end_is_credited_whoever_played_meanwhile(tmp_path):
    data = tmp_path / "data"
    host = Host(data, away_timeout=0.05, limits=FAST)  # a bot stands in for someone away at once
    async with running(host) as port:
        ana, cy = person(tmp_path / "ana", port, "Ana"), person(tmp_path / "cy", port, "Cy", "127.0.0.2")
        await ana.connect()
        await cy.connect()
        created = await ana.create_table("white-rabbit", 2, bot_delay=0)
        table = created["table"]
        token = (await cy.join(None, created["code"])).token
        await ana.start(table)
        playing = asyncio.create_task(play_seat(ana, table, seed=1))
        await cy.close()
        await until(lambda: host.tables[table].attendance.moves[1][1] >= 3, "a bot playing for Cy a while")
        back = person(tmp_path / "cy", port, "Cy", "127.0.0.2")
        await back.connect()
        await back.resume(token)
        await asyncio.gather(playing, play_seat(back, table, seed=2))
        persons = {seat: who for seat, who, _, _ in results(data, table)}
        assert persons[1] == hash_token(back.person)
        await ana.close()
        await back.close()


async def test_after_a_game_a_seat_someone_left_shows_its_newcomer_nothing_of_its_player(tmp_path):
    host = Host(tmp_path / "data", away_timeout=60, limits=FAST)
    async with running(host) as port:
        ana = person(tmp_path / "ana", port, "Ana")
        bob = person(tmp_path / "bob", port, "Bob", "127.0.0.2")
        eve = person(tmp_path / "eve", port, "Eve", "127.0.0.3")
        for client in (ana, bob, eve):
            await client.connect()
        created = await ana.create_table("gift-list", 3, bot_delay=0, open=True)
        table = created["table"]
        await bob.join(table)
        await eve.join(table)
        await ana.start(table)
        await asyncio.gather(*(play_seat(c, table, seed=n) for n, c in enumerate((ana, bob, eve))))
        await bob.leave(table)  # the winner goes, and so does Eve, for a moment
        await eve.leave(table)
        assert eve.saved_seat(table=table) is None  # the host freed it: "your seat" would not be true
        claim = await eve.join(table)
        assert claim.seat == 2  # her own seat again, not Bob's, though his is the first free one
        view = await next_message(eve, "view", table=table)
        assert view["seat"] == 2 and view["view"] == host.tables[table].session.state.view(2)
        async with Client("127.0.0.1", port, "Zed", local_address="127.0.0.4") as zed:
            assert (await zed.join(table)).seat == 1  # Bob's seat, after his game: no view of his
            seen = await next_message(zed, "view", table=table)
            state = host.tables[table].session.state
            assert seen["seat"] is None and seen["view"] == state.view(None) != state.view(1)
            await ana.play_again(table)
            fresh = await next_message(zed, "view", lambda f: f["view"].get("phase") != "over", table=table)
            assert fresh["seat"] == 1  # the next game's seat is his own
        for client in (ana, bob, eve):
            await client.close()
