"""Memory and disk never disagree, and no table waits in silence.

Writes are made to fail for real: SQLite's ``query_only`` makes every write to the database
fail, and a records folder under a plain file cannot be written.  A move, a game's end with
its record, a start, an undo or a seat that cannot be stored does not happen: the sender gets
``not_saved``, the table is exactly as stored, and it plays on once the store works again.
A bot that fails is replaced for that move by the random bot, and the table's log says so.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import stat
from typing import Any

import pytest
from conftest import FAST, running, until
from game_support import logged
from netplay_support import Raw

from yule.core import all_games
from yule.core.records import replay, verify_record
from yule.netplay.client import Client, ConnectionLost, HostError
from yule.netplay.client.botplay import play_games
from yule.netplay.host.botloop import BotLoop
from yule.netplay.host.connection import Limits
from yule.netplay.host.server import Host
from yule.netplay.host.store import Store
from yule.netplay.host.table import Table


def stored_moves(host: Host, table: int) -> list[dict]:
    t = host.tables[table]
    rows = host.store.db.execute("SELECT move FROM moves WHERE table_id=? AND game_no=? ORDER BY n", (table, t.game_no))
    return [json.loads(m) for (m,) in rows]


def views(table: Table) -> list[dict]:
    return [table.session.state.view(seat) for seat in [None, *range(table.size)]]


def agrees_with_disk(host: Host, table: int) -> None:
    """The table's moves are the stored ones, and replaying them gives the position it holds."""
    t = host.tables[table]
    assert stored_moves(host, table) == t.session.moves
    replayed = replay(t.record()).state
    assert [replayed.view(s) for s in [None, *range(t.size)]] == views(t)


def failing_writes(host: Host, on: bool) -> None:
    host.store.db.execute(f"PRAGMA query_only={'ON' if on else 'OFF'}")


async def people_at(host: Host, game: str, names: list[str], **create) -> tuple[list[Client], int]:
    clients = [Client("127.0.0.1", host.port, name) for name in names]
    for client in clients:
        await client.connect()
    created = await clients[0].create_table(game, len(names), bot_delay=0, **create)
    for client in clients[1:]:
        await client.join(created["table"], created["code"])
    return clients, created["table"]


def next_move(table: Table, rng: random.Random) -> tuple[int, dict]:
    """The first mover's next move, as its seat's greedy bot would choose it."""
    seat = table.movers()[0]
    bot = table.game.bots["greedy"](rng)
    return seat, bot.choose(table.session.state.view(seat))


async def test_a_move_that_cannot_be_stored_is_not_played_and_the_table_plays_on(host, tmp_path):
    clients, table_id = await people_at(host, "white-elephant", ["Ana", "Ben", "Cy"])
    table = host.tables[table_id]
    rng = random.Random(1)
    try:
        await clients[0].start(table_id)
        for _ in range(3):
            seat, move = next_move(table, rng)
            await clients[seat].move(table_id, move)

        seat, move = next_move(table, rng)
        before = (list(table.session.moves), views(table))
        failing_writes(host, True)
        with pytest.raises(HostError) as refused:
            await clients[seat].move(table_id, move)
        assert refused.value.code == "not_saved" and "did not happen" in refused.value.message
        assert (table.session.moves, views(table)) == before
        failing_writes(host, False)
        agrees_with_disk(host, table_id)
        assert await clients[seat].move(table_id, move) == table.seq > len(before[0])
        assert table.session.moves[: len(before[0])] == before[0]

        blocker = tmp_path / "a file"
        blocker.write_text("")
        records = host.store.records_dir
        host.store.records_dir = blocker / "records"  # no folder can be made under a file: the record fails
        refusals = 0
        while table.status == "playing":
            seat, move = next_move(table, rng)
            try:
                await clients[seat].move(table_id, move)
            except HostError as e:
                assert e.code == "not_saved" and table.status == "playing" and not table.session.state.is_over
                agrees_with_disk(host, table_id)
                refusals += 1
                host.store.records_dir = records
        assert refusals == 1  # only the last move writes the record
        assert host.store.db.execute("SELECT status FROM tables WHERE id=?", (table_id,)).fetchone() == ("over",)
        verify_record(json.loads(host.store.record_path(table_id, 1).read_text()))
        assert stored_moves(host, table_id) == table.session.moves
    finally:
        for client in clients:
            await client.close()


async def test_a_game_that_cannot_be_stored_as_finished_is_not_finished_after_a_restart(tmp_path):
    """The end that failed to be stored is not half kept: a restart finds the game as stored."""
    host = Host(tmp_path, limits=FAST)
    async with running(host):
        clients, table_id = await people_at(host, "white-rabbit", ["Mia", "Max"])
        table = host.tables[table_id]
        rng = random.Random(2)
        await clients[0].start(table_id)
        blocker = tmp_path / "a file"
        blocker.write_text("")
        host.store.records_dir = blocker / "records"
        while True:
            seat, move = next_move(table, rng)
            try:
                await clients[seat].move(table_id, move)
            except HostError as e:
                assert e.code == "not_saved"
                break
        moves = list(table.session.moves)
        for client in clients:
            await client.close()
    host = Host(tmp_path, limits=FAST)
    async with running(host):
        assert host.tables[table_id].status == "playing" and host.tables[table_id].session.moves == moves
        assert not host.store.record_path(table_id, 1).exists()


async def test_starts_seats_settings_and_undo_that_cannot_be_stored_change_nothing(host):
    clients, table_id = await people_at(host, "gift-exchange", ["Ana", "Ben"])
    ana, ben = clients
    table = host.tables[table_id]
    try:
        failing_writes(host, True)
        for attempt in (ana.start(table_id), ana.set_open(table_id, True), ben.leave(table_id),
                        ana.create_table("elf", 2)):  # fmt: skip
            with pytest.raises(HostError) as refused:
                await attempt
            assert refused.value.code == "not_saved"
        assert (table.status, table.game_no, table.open, table.session) == ("waiting", 0, False, None)
        assert [s.name for s in table.seats] == ["Ana", "Ben"] and sorted(host.tables) == [table_id]
        failing_writes(host, False)

        await ana.start(table_id)
        await ana.move(table_id, {"type": "bring", "label": "Socks", "wrapping": "box"})
        failing_writes(host, True)
        with pytest.raises(HostError) as refused:
            await ana.undo(table_id)
        assert refused.value.code == "not_saved" and table.seq == 1
        failing_writes(host, False)
        agrees_with_disk(host, table_id)
        assert await ana.undo(table_id) == 0
        agrees_with_disk(host, table_id)
    finally:
        for client in clients:
            await client.close()


async def test_bots_try_again_once_the_store_works_and_say_why_they_wait(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        table_id = (await ana.create_table("white-elephant", 3, bot_delay=0.05, sit=False))["table"]
        await ana.fill_bots(table_id)
        table = host.tables[table_id]
        failing_writes(host, True)
        with pytest.raises(HostError):
            await ana.start(table_id)
        failing_writes(host, False)
        await ana.start(table_id)
        failing_writes(host, True)  # the bots' next moves fail
        told = None
        async for msg in ana:
            if msg["type"] == "error":
                told = msg
                break
        assert told["code"] == "not_saved" and told["table"] == table_id
        agrees_with_disk(host, table_id)
        failing_writes(host, False)
        await until(lambda: table.status == "over")
    verify_record(json.loads(host.store.record_path(table_id, 1).read_text()))


class Broken:
    """A bot that fails: it raises, or (``illegal``) answers a move the rules refuse."""

    def __init__(self, illegal: bool) -> None:
        self.illegal = illegal

    def choose(self, view: dict) -> dict:
        if self.illegal:
            return {"type": "nonsense"}
        raise RuntimeError("a bug in the bot")


@pytest.mark.parametrize("illegal", [False, True])
async def test_a_failing_bot_is_replaced_by_the_random_bot_and_the_log_says_so(host, illegal, caplog, monkeypatch):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        table_id = (await ana.create_table("white-elephant", 3, bot_delay=0, sit=False))["table"]
        await ana.fill_bots(table_id, "greedy")
        table = host.tables[table_id]
        await ana.start(table_id)
        await until(lambda: table.status == "over")
        original = BotLoop.make

        def broken_bots(self: BotLoop, *args: Any) -> None:
            original(self, *args)
            self.by_seat[1] = Broken(illegal)  # type: ignore[assignment]

        monkeypatch.setattr(BotLoop, "make", broken_bots)
        await ana.play_again(table_id)
        texts = []
        async for msg in ana:
            if msg["type"] == "view":
                texts += logged(table, msg["log"])
            if msg["type"] == "table" and msg["status"] == "over" and msg["game_no"] == 2:
                break
    replaced = [t for t in texts if t.startswith("The bot playing for")]
    assert replaced and all(t == f"The bot playing for {table.players[1]} was stuck; a random move was made."
                            for t in replaced)  # fmt: skip
    assert any(e["event"]["type"] == "bot_replaced" for e in table.log.entries)
    assert "the random bot moves instead" in caplog.text
    record = json.loads(host.store.record_path(table_id, 2).read_text())
    verify_record(record)
    assert any(m["by"] == 1 for m in record["moves"])


def test_every_game_has_the_random_bot_that_stands_in_for_a_failing_one():
    assert all("random" in game.bots for game in all_games())


async def test_tables_waiting_with_nobody_at_them_expire_and_their_numbers_are_not_given_again(tmp_path):
    host = Host(tmp_path, limits=FAST, expire_waiting=0.4)
    async with running(host):
        async with Client("127.0.0.1", host.port, "Ana") as ana:
            left = (await ana.create_table("white-elephant", 3))["table"]
            kept = (await ana.create_table("white-elephant", 3))["table"]
            playing = (await ana.create_table("white-elephant", 3, sit=False, bot_delay=5))["table"]
            await ana.fill_bots(playing)
            await ana.start(playing)
            await ana.leave(left)
            await ana.leave(playing)
            await until(lambda: left not in host.tables, timeout=5)
            assert kept in host.tables and playing in host.tables  # Ana is at one; the other has started
            assert await ana.list_tables() != [] and left not in {t["table"] for t in await ana.list_tables()}
        await until(lambda: kept not in host.tables, timeout=5)
        async with Client("127.0.0.1", host.port, "Ben") as ben:
            assert (await ben.create_table("elf", 2))["table"] == playing + 1
    host = Host(tmp_path, limits=FAST)
    async with running(host):
        assert sorted(host.tables) == [playing, playing + 1]


async def test_connections_are_capped_per_host_and_per_address_with_a_sentence(tmp_path):
    limits = Limits(max_connections=3, connections_per_address=2, tables_per_connection=2, resume_room=0)
    host = Host(tmp_path, limits=limits)
    await host.start("127.0.0.1", 0)

    async def from_address(address: str, hello: bool = True) -> Raw:
        return await Raw.open(host.port, hello, address)

    try:
        first, second = await from_address("127.0.0.1"), await from_address("127.0.0.1")
        (refused,) = await (await from_address("127.0.0.1", hello=False)).frames_until_closed()
        assert refused["code"] == "host_full" and "from your address (2)" in refused["message"]
        other = await from_address("127.0.0.2")
        await second.close()
        await until(lambda: host.admission.per_address == {"127.0.0.1": 1, "127.0.0.2": 1})
        async with Client("127.0.0.1", host.port, "Ana") as ana:
            (refused,) = await (await from_address("127.0.0.3", hello=False)).frames_until_closed()
            assert refused["code"] == "host_full" and "This host is full" in refused["message"]
            for _ in range(2):
                await ana.create_table("elf", 2, sit=False)
                await ana.leave(max(host.tables))  # leaving gives no table back
            with pytest.raises(HostError) as too_many:
                await ana.create_table("elf", 2)
            assert too_many.value.code == "too_many_tables" and "2 tables" in too_many.value.message
        for raw in (first, other):
            await raw.close()
        await until(lambda: not host.admission.connections and not host.admission.per_address)
    finally:
        await host.stop()


async def test_the_data_folder_database_and_records_are_for_their_owner_only(host):
    await play_games("127.0.0.1", host.port, game="white-rabbit", players=2, games=1)
    (record,) = (host.data_dir / "records").glob("*.json")
    for path, mode in [(host.data_dir, 0o700), (host.data_dir / "records", 0o700), (host.data_dir / "yule.db", 0o600),
                       (host.data_dir / "yule.db-wal", 0o600), (record, 0o600)]:  # fmt: skip
        assert stat.S_IMODE(path.stat().st_mode) == mode, path


def test_an_older_or_empty_data_folder_is_made_owner_only_but_not_a_folder_that_is_not_ours(tmp_path):
    older = tmp_path / "older"
    (older / "records").mkdir(parents=True)
    (older / "yule.db").touch(mode=0o644)
    (older / "records" / "table-1-game-1.json").touch(mode=0o644)
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "notes.txt").touch()
    empty = tmp_path / "empty"  # mkdir, then yule host --data empty
    empty.mkdir()
    for folder in (older, shared, empty):
        os.chmod(folder, 0o755)
        Store(folder).close()
    modes = {p.relative_to(tmp_path).as_posix(): stat.S_IMODE(p.stat().st_mode) for p in tmp_path.rglob("*")}
    assert modes["older"] == modes["empty"] == 0o700 and modes["shared"] == 0o755
    assert modes["older/records/table-1-game-1.json"] == modes["older/yule.db"] == modes["shared/yule.db"] == 0o600
    assert modes["shared/records"] == 0o700


async def test_a_full_host_still_gives_a_player_their_seat_back_and_nothing_else(tmp_path):
    host = Host(tmp_path, limits=Limits(max_connections=2, connections_per_address=2, resume_room=4))
    async with running(host) as port:
        bob = Client("127.0.0.1", port, "Bob", reconnect=False)
        await bob.connect()
        created = await bob.create_table("elf", 2)
        token = bob.seats[created["table"]].token
        await bob.close()
        async with Client("127.0.0.1", port, "Ana") as ana, Client("127.0.0.1", port, "Cy", reconnect=False) as cy:
            await ana.create_table("elf", 2, sit=False)  # Ana is at a table, Cy at none
            assert len(host.admission.connections) == 2  # the host is full
            async with Client("127.0.0.1", port, "Eve", reconnect=False) as eve:
                with pytest.raises((HostError, ConnectionLost)) as refused:
                    await eve.list_tables()
                assert not isinstance(refused.value, HostError) or refused.value.code == "host_full"
            async with Client("127.0.0.1", port, "Bob", reconnect=False) as back:
                assert (await back.resume(token)).seat == 0  # his own seat: let in all the same
                assert back.tables[created["table"]]["seats"][0]["name"] == "Bob"
                await until(lambda: cy.state == "gone", "Cy, at no table, to make way")
                assert len(host.admission.connections) == 2 and not host.admission.probation
            assert await ana.list_tables()


async def test_a_full_host_whose_spare_slots_are_taken_still_gives_a_player_their_seat_back(tmp_path):
    host = Host(tmp_path, limits=Limits(max_connections=3, connections_per_address=2, resume_room=2))
    async with running(host) as port:
        bob = await Raw.open(port)
        token = (await bob.ask({"type": "create", "game": "elf", "seats": 2}))["token"]
        await bob.close()
        await until(lambda: not host.admission.connections)
        at_a_table = await Raw.open(port, address="127.0.0.3")
        assert (await at_a_table.ask({"type": "create", "game": "elf", "seats": 2, "sit": False}))["type"] == "created"
        at_none = await Raw.open(port, address="127.0.0.3")
        elsewhere = await Raw.open(port, address="127.0.0.4")
        squatters = [await Raw.open(port, address="127.0.0.2") for _ in range(2)]  # the host is full: on probation
        assert len(host.admission.probation) == 2  # and its spare slots are taken
        back = await Raw.open(port)
        assert (await back.ask({"type": "resume", "token": token}))["type"] == "seated"
        made_way = await squatters[0].frames_until_closed()  # the oldest of the address with the most waiting
        assert made_way[-1]["code"] == "host_full" and "fewer waiting" in made_way[-1]["message"]
        made_way = await at_none.frames_until_closed()  # at no table, of the address with the most connections
        assert made_way[-1]["code"] == "host_full" and "take their seat back" in made_way[-1]["message"]
        await until(lambda: len(host.admission.connections) == 3)
        for raw in (at_a_table, elsewhere):
            assert (await raw.ask({"type": "list"}))["type"] == "tables"
        for raw in (at_a_table, elsewhere, squatters[1], back):
            await raw.close()


async def test_a_connection_let_in_to_take_a_seat_back_has_seconds_its_pings_do_not_lengthen(tmp_path):
    host = Host(tmp_path, limits=Limits(max_connections=1, resume_room_per_address=1, resume_seconds=0.5))
    async with running(host) as port:
        filler = await Raw.open(port)
        waiting = await Raw.open(port, address="127.0.0.2")
        assert len(host.admission.probation) == 1  # the host is full: on probation
        (refused,) = await (await Raw.open(port, hello=False, address="127.0.0.2")).frames_until_closed()
        assert refused["code"] == "host_full"  # one such slot an address here

        async def pinging() -> None:
            while True:
                waiting.send({"type": "ping"})
                await asyncio.sleep(0.05)

        task = asyncio.create_task(pinging())
        try:
            frames = await asyncio.wait_for(waiting.frames_until_closed(), 10)  # the guard against a hang
        finally:
            task.cancel()
        assert {"type": "pong"} in frames  # answered meanwhile, and closed all the same
        assert frames[-1]["code"] == "host_full" and "0.5 seconds to take a seat back" in frames[-1]["message"]
        assert not host.admission.probation
        await filler.close()
