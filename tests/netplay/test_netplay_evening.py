"""The evening's scoreboard at a host: who played what and how it ended, per person.

- Games at two tables, before and after a host restart, add up per person: the same person
  across tables (their person token, kept in their seat file, brought back by a new run of the
  client); a seat resumed by its token, and a seat taken over with a yes from the table, stay
  the person's who took them; bots count by their kind and are left out on request; each game
  adds one win in all (shared wins by shares), as its record says.
- Someone at neither table sees only the open table's games; no token or hash is in the answer.
- The host's owner (``yule watch --owner``) sees a private table's games, and watches it by its
  number without its code.
- An organiser-mode guest is a person of their seat; a game without scores has no points; an
  undo that reopens a finished game takes its results back.
- A hello with a token the host did not give gets a new person; ``rename`` switches person.
- A database from before persons opens; its seats' games count, each seat a person of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

import msgpack
import pytest
from conftest import FAST, running, until
from netplay_support import next_message, old_store

from yule.core import get_game
from yule.core.bots import bot_title
from yule.netplay.client import Client, HostError, SeatStore, may_move
from yule.netplay.host.botloop import stand_in_kind
from yule.netplay.host.evening import standings
from yule.netplay.host.owner import read_owner_file
from yule.netplay.host.server import Host
from yule.netplay.host.store import Result


async def play_seat(client: Client, table: int, seed: int, game_no: int = 1) -> dict[str, Any]:
    """Play the client's seat at ``table`` with the random bot until its game ``game_no`` is
    over; the table's info then."""
    rng, bot = random.Random(seed), None
    async for msg in client:
        if msg.get("table") != table:
            continue
        if msg["type"] == "view" and may_move(msg):
            bot = bot or get_game(msg["view"]["game"]).bots["random"](rng)
            with contextlib.suppress(HostError):  # stale: a newer view follows
                await client.move(table, bot.choose(msg["view"]), seq=msg["seq"])
        elif msg["type"] == "table" and msg["status"] == "over" and msg["game_no"] == game_no:
            return msg
    raise AssertionError("the client stopped before the game was over")


def person(folder: Path, port: int, name: str, address: str = "127.0.0.1") -> Client:
    """A run of the client of someone whose seat file is in ``folder``, on the machine at ``address``."""
    return Client("127.0.0.1", port, name, seat_store=SeatStore(folder / "seats.json"), reconnect=False,
                  local_address=address)  # fmt: skip


def wins_in_records(data: Path) -> dict[str, float]:
    """The wins of each name in the host's game records (a bot's under ``bot``), shares added up."""
    wins: dict[str, float] = defaultdict(float)
    for path in (data / "records").glob("*.json"):
        record = json.loads(path.read_text())
        winners = record["result"]["winners"]
        for seat in winners:
            wins["bot" if record["bots"][seat] else record["players"][seat]] += 1 / len(winners)
    return wins


async def test_two_tables_across_a_restart_add_up_per_person_with_resumed_and_taken_over_seats(tmp_path):
    data = tmp_path / "data"
    host = Host(data, away_timeout=60, limits=FAST)
    async with running(host) as port:
        ana, ben = person(tmp_path / "ana", port, "Ana"), person(tmp_path / "ben", port, "Ben")
        await ana.connect()
        await ben.connect()
        # Table 1, private: Ana, Ben and a bot; its first game before the restart.
        first = await ana.create_table("white-rabbit", 3, bot_delay=0)
        one = first["table"]
        await ben.join(one, first["code"])
        await ana.add_bot(one, kind="greedy")
        await ana.start(one)
        await asyncio.gather(play_seat(ana, one, 1), play_seat(ben, one, 2))
        await ana.close()
        await ben.close()
    host = Host(data, away_timeout=60, limits=FAST)
    await host.start("127.0.0.1", port)  # the same address: the seat files know the host by it
    try:
        # A new run of each: their seat files bring back who they are, and their seats by resume.
        ana, ben = person(tmp_path / "ana", port, "Ana"), person(tmp_path / "ben", port, "Ben")
        await ana.connect()
        await ben.connect()
        for client in (ana, ben):
            (kept,) = client.saved_seats()
            await client.resume(kept.token)
        await ana.play_again(one)
        await asyncio.gather(play_seat(ana, one, 3, 2), play_seat(ben, one, 4, 2))
        # Table 2, open: Ben's; Ana's seat is taken over from another device, with Ben's yes.
        second = await ben.create_table("white-elephant", 3, open=True, bot_delay=0)
        two = second["table"]
        await ana.join(two)
        await ana.close()
        await next_message(ben, "table", table=two, when=lambda info: (info["seats"][1] or {}).get("away"))
        phone = person(tmp_path / "ana-phone", port, "Ana", "127.0.0.2")
        await phone.connect()
        assert phone.person != ana.person  # another device: another person token
        asking = asyncio.create_task(phone.reclaim(second["code"], "Ana"))
        asked = await next_message(ben, "reclaim_asked", table=two)
        await ben.answer(two, asked["request"], True)
        assert (await asking).seat == 1
        await ben.fill_bots(two, "greedy")
        await ben.start(two)
        await asyncio.gather(play_seat(ben, two, 5), play_seat(phone, two, 6))

        ana = person(tmp_path / "ana", port, "Ana")
        cy = person(tmp_path / "cy", port, "Cy")
        await ana.connect()
        await cy.connect()
        try:
            seen = await ana.standings()
            assert seen["evening"] == 1 and seen["bots"] and seen["total"] == len(seen["rows"]) == 3
            rows = {row["name"]: row for row in seen["rows"]}
            assert set(rows) == {"Ana", "Ben", "Normal Bot"}  # no second Ana: the seat stayed hers
            assert [rows[n]["games"] for n in ("Ana", "Ben", "Normal Bot")] == [3, 3, 3]
            assert rows["Ana"]["you"] and not rows["Ben"]["you"] and rows["Normal Bot"]["bot"] == "greedy"
            expected = wins_in_records(data)
            assert sum(expected.values()) == pytest.approx(3)  # one win a game, shares added up
            for name, row in rows.items():
                assert row["wins"] == pytest.approx(expected["bot" if row["bot"] else name])
                assert sum(row["places"]) == 3  # every game placed every seat
                games = {each["game"]: each["games"] for each in row["by_game"]}
                assert games == {"white-rabbit": 2, "white-elephant": 1}
            assert [row["wins"] for row in seen["rows"]] == sorted((r["wins"] for r in seen["rows"]), reverse=True)
            people = await ana.standings(bots=False)
            assert {row["name"] for row in people["rows"]} == {"Ana", "Ben"} and not people["bots"]

            phone_sees = await phone.standings()  # the phone is at table 2: it sees that game, as another person
            assert not any(row["you"] for row in phone_sees["rows"])
            stranger = await cy.standings()  # at neither table: only the open table's game
            assert {row["name"]: row["games"] for row in stranger["rows"]} == {"Ana": 1, "Ben": 1, "Normal Bot": 1}
            frame = msgpack.packb(stranger)
            for secret in (ana.person, ben.person, first["code"], *(s.token for s in ben.seats.values())):
                assert secret.encode() not in frame
            assert b"Bot 3" not in frame  # a bot is its kind, not its seat
        finally:
            for client in (ana, ben, phone, cy):
                await client.close()
    finally:
        await host.stop()


async def test_the_hosts_owner_sees_a_private_tables_games_and_watches_it_without_its_code(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        table = (await ana.create_table("white-rabbit", 2, bot_delay=0))["table"]  # private
        await ana.add_bot(table, kind="random")
        await ana.start(table)
        await ana.leave(table)  # a bot plays her seat: the game is the stand-in's, as she left at once
    await until(lambda: host.tables[table].status == "over", "the game's end")
    where = read_owner_file(host.data_dir)
    async with Client("127.0.0.1", host.port, "Cy") as cy, Client(where.address, where.port, "TV") as tv:
        assert (await cy.standings())["rows"] == []  # a private table's games are not for Cy's eyes
        with pytest.raises(HostError) as refused:
            await cy.watch(table, None)
        assert refused.value.code == "bad_code"
        await tv.owner(where.token)
        stand_in = f"{bot_title(stand_in_kind(get_game('white-rabbit')))} Bot"
        assert {(r["name"], r["games"]) for r in (await tv.standings())["rows"]} == {(stand_in, 1), ("Easy Bot", 1)}
        assert await tv.watch(table, None) == table
        info = await next_message(tv, "table", table=table)
        assert info["status"] == "over" and "code" not in info  # watched, its code not told


async def test_organiser_guests_count_as_their_seats_and_an_undo_takes_the_results_back(host):
    async with Client("127.0.0.1", host.port, "Organiser") as org, Client("127.0.0.1", host.port, "Eve") as eve:
        assert (await org.standings())["evening"] is None  # before any game has ended
        created = await org.create_table("gift-exchange", 2, organised=True, guests=["Ana", "Ben"], bot_delay=0)
        table = created["table"]
        await org.start(table)
        state = host.tables[table].session.state
        bots = [get_game("gift-exchange").bots["random"](random.Random(seat)) for seat in range(2)]
        while not state.is_over:
            seat = host.tables[table].movers()[0]
            await org.move(table, bots[seat].choose(state.view(seat)), seat=seat)
        seen = await org.standings()
        assert [(r["name"], r["games"], r["wins"], r["places"], r["by_game"]) for r in seen["rows"]] == [
            (name, 1, 0.0, [], [{"game": "gift-exchange", "games": 1, "wins": 0.0, "points": None}])
            for name in ("Ana", "Ben")
        ]
        assert (await eve.standings())["rows"] == []  # a private table's guests, Eve not at it
        await org.undo(table)
        assert (await org.standings())["rows"] == []  # the game is not over any more
        state = host.tables[table].session.state
        while not state.is_over:
            seat = host.tables[table].movers()[0]
            await org.move(table, bots[seat].choose(state.view(seat)), seat=seat)
        assert [r["games"] for r in (await org.standings())["rows"]] == [1, 1]


async def test_a_token_the_host_did_not_give_is_a_new_person_and_rename_switches_person(host, tmp_path):
    async with person(tmp_path / "dee", host.port, "Dee") as dee:
        token = dee.person
        assert token is not None and len(token) <= 64
    async with person(tmp_path / "dee", host.port, "dee") as again:  # the name's case aside
        assert again.person == token
        await again.rename("Dora")
        assert again.person not in (None, token)
        dora = again.person
        await again.rename("Dee")
        assert again.person == token  # back under Dee: Dee's person again
    forged = Client("127.0.0.1", host.port, "Eve")
    forged.person = token[:-4] + "AAAA"
    async with forged:
        assert forged.person not in (token, dora, token[:-4] + "AAAA")


def test_a_database_from_before_persons_opens_and_each_of_its_seats_is_a_person_of_its_own(tmp_path):
    store = old_store(tmp_path, "CREATE TABLE seats (table_id INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT "
                      "NULL, bot TEXT, token_hash TEXT, PRIMARY KEY (table_id, seat))",
                      "INSERT INTO seats VALUES (4, 0, 'Ana', NULL, 'h4sh')")  # fmt: skip
    try:
        (person,) = [row[0] for row in store.db.execute("SELECT person FROM seats")]
        assert person is None
        store.add_results([Result(t, 1, "elf", 0, None, "Ana", None, 7 - t, 1, 1.0, True, t) for t in (4, 5)])
        evening = store.evening()
        assert evening is not None and evening.started == 4
        rows = standings(store.results(evening.id))
        assert [(r["name"], r["games"], r["by_game"][0]["points"]) for r in rows] == [("Ana", 1, 3), ("Ana", 1, 2)]
        assert store.new_evening(9).id == evening.id + 1 and store.results(evening.id + 1) == []
    finally:
        store.close()
