"""A seat is never lost: the seat file on the player's machine, and taking back an away seat.

- The seat store keeps each token in one private JSON file (folder 0700, file 0600, written
  whole), under ``YULE_STATE_DIR``; a corrupt file is set aside, never a crash.
- The client keeps every seat it gets there, with the table's code and game; a later client
  (another run) of the same name finds the seat and resumes it, also after a host restart,
  and another name on the same machine does not; a token the host no longer knows is
  dropped; a seat given up before the game is forgotten.
- ``reclaim``: with the table's code and a yes from the table, the seat of an away player is
  taken back by name; the old token stops working and the table's log says who came back and
  who said yes; refusals for a wrong code, a player who is there, a bot's seat and an unknown
  name, none telling anything hidden (the door itself: ``test_netplay_door.py``).
"""

from __future__ import annotations

import asyncio
import json
import stat

import pytest
from game_support import logged
from netplay_support import next_message

from yule.netplay.client import Client, HostError
from yule.netplay.client.seatstore import SavedSeat, SeatStore, state_dir
from yule.netplay.host.server import Host

# -- the seat file -------------------------------------------------------------------------


def test_the_seat_file_is_private_and_under_yule_state_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("YULE_STATE_DIR", str(tmp_path / "ssh-bob"))
    store = SeatStore()
    assert state_dir() == tmp_path / "ssh-bob" and store.path == tmp_path / "ssh-bob" / "seats.json"
    store.remember("h:1", SavedSeat(3, 1, "tok", code="ABCDEF", game="white-elephant", name="Bob"))
    assert stat.S_IMODE(store.path.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    assert [p.name for p in store.path.parent.iterdir()] == ["seats.json"]  # no temporary file left
    again = SeatStore()
    assert again.seat("h:1", 3) == store.seat("h:1", 3)
    assert again.seat("h:1", 3).code == "ABCDEF" and again.seats("other:1") == []


def test_each_host_and_table_is_kept_apart_newest_first(tmp_path):
    store = SeatStore(tmp_path / "seats.json")
    store.remember("a:1", SavedSeat(1, 0, "t1", saved=10.0))
    store.remember("a:1", SavedSeat(2, 1, "t2", saved=20.0))
    store.remember("b:1", SavedSeat(1, 2, "t3", saved=30.0))
    assert [s.token for s in store.seats("a:1")] == ["t2", "t1"]
    store.note("a:1", 1, code="QWERTY", game=None)
    assert store.seat("a:1", 1).code == "QWERTY" and store.seat("a:1", 1).token == "t1"
    store.forget("a:1", 2)
    store.forget("a:1", 1)
    assert store.seats("a:1") == [] and store.seat("b:1", 1).token == "t3"


@pytest.mark.parametrize(
    "junk",
    [b"{not json", b'{"version": 1, "hosts": {"a:1": {"x": {}}}}', b"[1, 2]", b'{"version": 99}',
     b'{"version": 1, "hosts": {"a:1": {"1": {"seat": 0, "token": "t\xff"}}}}', b"[" * 100_000,
     b'{"version": 1, "hosts": {"a:1": {"1": {"seat": 1e400, "token": "t"}}}}'],
)  # fmt: skip
def test_a_corrupt_seat_file_is_set_aside_never_a_crash(tmp_path, junk):
    path = tmp_path / "seats.json"
    path.write_bytes(junk)
    store = SeatStore(path)
    assert store.seats("a:1") == []
    assert [p.read_bytes() for p in tmp_path.glob("seats.json.bad-*")] == [junk]
    store.remember("a:1", SavedSeat(1, 0, "tok"))
    assert json.loads(path.read_text())["hosts"]["a:1"]["1"]["token"] == "tok"


def test_a_seat_file_that_cannot_be_written_is_no_crash(tmp_path):
    (tmp_path / "file").write_text("")
    store = SeatStore(tmp_path / "file" / "seats.json")  # its folder is a file
    store.remember("a:1", SavedSeat(1, 0, "tok"))
    assert store.seats("a:1") == []


# -- the client keeps its seats ------------------------------------------------------------


async def test_a_seat_comes_back_in_a_later_run_and_after_a_host_restart(tmp_path):
    store = SeatStore(tmp_path / "state" / "seats.json")
    host = Host(tmp_path / "data", away_timeout=60)
    port = await host.start("127.0.0.1", 0)
    try:
        async with Client("127.0.0.1", port, "Ana") as ana:
            created = await ana.create_table("white-elephant", 3, bot_delay=30)
            table = created["table"]
            bob = Client("127.0.0.1", port, "Bob", seat_store=store, reconnect=False)
            await bob.connect()
            claim = await bob.join(None, created["code"].lower())
            await ana.fill_bots(table)
            await ana.start(table)
            await next_message(bob, "view", table=table)
            (saved,) = bob.saved_seats()
            assert (saved.table, saved.seat, saved.token, saved.code) == (
                table,
                claim.seat,
                claim.token,
                created["code"],
            )
            assert (saved.game, saved.name) == ("white-elephant", "Bob")
            await bob.close()  # the terminal is closed mid-game
            await host.stop()
            host = Host(tmp_path / "data", away_timeout=60)
            await host.start("127.0.0.1", port)
            async with Client("127.0.0.1", port, "Ana", seat_store=store) as ana_here:
                assert ana_here.saved_seats() == [] and ana_here.saved_seat(code=created["code"]) is None
            async with Client("127.0.0.1", port, "bob", seat_store=store) as later:
                assert later.saved_seat(code=created["code"]) == saved
                back = await later.resume(later.saved_seat(table=table).token)
                assert back.seat == claim.seat
                view = await next_message(later, "view", table=table)
                assert view["seat"] == view["view"]["you"] == claim.seat
    finally:
        await host.stop()


async def test_a_token_the_host_does_not_know_is_dropped_and_a_seat_given_up_is_forgotten(host, tmp_path):
    store = SeatStore(tmp_path / "seats.json")
    address = f"127.0.0.1:{host.port}"
    store.remember(address, SavedSeat(99, 0, "a token from another host"))
    async with Client("127.0.0.1", host.port, "Cy", seat_store=store) as cy:
        with pytest.raises(HostError) as refused:
            await cy.resume("a token from another host")
        assert refused.value.code == "bad_token" and cy.saved_seats() == []
        created = await cy.create_table("white-rabbit", 2)
        await next_message(cy, "table", table=created["table"])
        assert [s.table for s in cy.saved_seats()] == [created["table"]]
        await cy.leave(created["table"])  # before the game: the seat is freed
        assert cy.saved_seats() == []
        created = await cy.create_table("white-rabbit", 2, bot_delay=30)
        await cy.fill_bots(created["table"])
        await cy.start(created["table"])
        await next_message(cy, "table", table=created["table"], status="playing")
        await cy.leave(created["table"])  # during the game: the seat waits, its token still works
        assert [s.table for s in cy.saved_seats()] == [created["table"]]


# -- reclaim: taking back the seat of someone away -----------------------------------------


async def seated_game(port: int, *names: str):
    """A 3-seat White Elephant table: the named players seated, a bot for the rest, started."""
    clients = [Client("127.0.0.1", port, name, reconnect=False) for name in names]
    for client in clients:
        await client.connect()
    created = await clients[0].create_table("white-elephant", 3, bot_delay=30)
    for client in clients[1:]:
        await client.join(None, created["code"])
    await clients[0].fill_bots(created["table"])
    await clients[0].start(created["table"])
    return clients, created


async def test_an_away_seat_is_taken_back_by_name_with_the_code_and_a_yes(host):
    (ana, bob), created = await seated_game(host.port, "Ana", "Bob")
    table, old_token = created["table"], bob.seats[created["table"]].token
    try:
        await bob.close()  # Bob's laptop dies
        await next_message(ana, "table", table=table)
        async with Client("127.0.0.1", host.port, "Bob on a phone", local_address="127.0.0.2") as phone:
            phone_claim = None

            async def ask() -> None:
                nonlocal phone_claim
                phone_claim = await phone.reclaim(created["code"].lower(), "bob")

            asking = asyncio.create_task(ask())
            asked = await next_message(ana, "reclaim_asked", table=table)
            assert (asked["seat"], asked["name"], asked["by"]) == (1, "Bob", "Bob on a phone")
            await ana.answer(table, asked["request"], True)
            await asking
            assert phone_claim.table == table and phone_claim.seat == 1 and phone_claim.token != old_token
            back = "Bob is back, on another device (Ana said yes)."
            log = await next_message(phone, "log", table=table)
            assert logged(host.tables[table], log["entries"][-1:]) == [back]
            view = await next_message(phone, "view", table=table)
            assert view["seat"] == 1
            async for seen in ana:  # Ana's views until the one telling that Bob is back
                if seen["type"] == "view" and seen["log"] and seen["log"][-1]["event"]["type"] == "back":
                    break
            assert seen["log"] == [
                {"event": {"type": "back", "seat": 1, "by": "Ana", "earlier": False}, "seq": seen["seq"]}
            ]
            async with Client("127.0.0.1", host.port, "Bob's old laptop") as old:
                with pytest.raises(HostError) as refused:
                    await old.resume(old_token)  # the dead laptop cannot come back and kick the phone out
                assert refused.value.code == "seat_moved"  # and it is told why
                assert (
                    refused.value.message == f"Your seat at table {table} was taken back on another device, "
                    "and it plays there now."
                )
            assert host.tables[table].seats[1].conn is not None and host.tables[table].seats[1].name == "Bob"
    finally:
        await ana.close()


async def test_reclaim_refusals_tell_nothing_hidden(host):
    (ana, bob), created = await seated_game(host.port, "Ana", "Bob")
    table = created["table"]
    bot_name = host.tables[table].seats[2].name
    try:
        async with Client("127.0.0.1", host.port, "Eve") as eve:
            refusals = {}
            for code, name in [("WRONG1", "Bob"), ("WRONG1", "Nobody"), (created["code"], "Bob"),
                               (created["code"], bot_name), (created["code"], "Nobody")]:  # fmt: skip
                with pytest.raises(HostError) as refused:
                    await eve.reclaim(code, name)
                refusals[code == created["code"], name] = (
                    refused.value.code, refused.value.params, refused.value.message)  # fmt: skip
            assert refusals[False, "Bob"] == refusals[False, "Nobody"] == (
                "bad_code", {"reason": "unknown"}, "No table here has that join code.")  # fmt: skip
            assert refusals[True, "Bob"][:2] == ("not_away", {"reason": "reclaim", "seat": 1, "name": "Bob"})
            assert "Bob is at the table" in refusals[True, "Bob"][2]
            assert refusals[True, bot_name][:2] == ("bad_seat", {"reason": "bot", "seat": 2, "name": bot_name})
            assert "is a bot" in refusals[True, bot_name][2]
            assert refusals[True, "Nobody"] == (
                "no_player", {"reason": "called", "name": "Nobody"}, "No one at this table is called Nobody.")  # fmt: skip
            for answer in refusals.values():
                assert created["code"] not in str(answer)
            await bob.close()
            await next_message(ana, "table", table=table)
            with pytest.raises(HostError) as refused:
                await ana.reclaim(created["code"], "Bob")
            assert refused.value.code == "already_seated"
            assert host.tables[table].seats[1].conn is None
    finally:
        await ana.close()
