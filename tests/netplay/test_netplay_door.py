"""The door of a table: an away player's seat is taken over only with a yes from another person.

- A ``reclaim`` waits (``reclaim_waiting``); those who may answer are asked (``reclaim_asked``,
  saying who asks as far as the host can tell). Until a yes, the newcomer gets nothing of the
  seat, and the away player's own token still resumes it, which ends the request (``came_back``).
- The first answer decides: a yes seats the newcomer with a new token (the old one void); a no,
  or no answer in time, refuses it; the newcomer leaving withdraws it.
- Nobody is seated on a name alone: with nobody to answer, the request waits for the creator or
  the host's owner (``yule requests``); right after a host restart a yes is held for a while.
- A yes counts only from another person: not from the asker's connection, person or address.
- A refused asker waits before asking again; several requests may wait for one seat.
- The creator's seat is not freed by others; taking over a seat is not taking over the table;
  the seat's earlier device may ask for it back.
- Requests are rate-limited by address; the lobby does not list who sits at a private table
  for those who are not at it.

Loopback addresses 127.0.0.2 and up stand in for other machines.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

import pytest
from conftest import FAST, running
from game_support import logged
from netplay_support import next_message

from yule.netplay.client import Client, HostError
from yule.netplay.host.owner import read_owner_file
from yule.netplay.host.relay import vouch
from yule.netplay.host.server import Host

ELSEWHERE = "127.0.0.2"
"""The newcomer's machine (the table's players are at 127.0.0.1)."""


async def seated_game(port: int, *names: str, game: str = "white-elephant", seats: int = 3, start: bool = True):
    """A table of ``game``: the named players seated (the first created it), bots for the rest,
    started (unless ``start`` is false); player i connects from 127.0.0.(i + 1)."""
    clients = [Client("127.0.0.1", port, name, reconnect=False, local_address=f"127.0.0.{10 + i}")
               for i, name in enumerate(names)]  # fmt: skip
    for client in clients:
        await client.connect()
    created = await clients[0].create_table(game, seats, bot_delay=30)
    for client in clients[1:]:
        await client.join(None, created["code"])
    if start:
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
    await asyncio.wait([task, waiting], return_when=asyncio.FIRST_COMPLETED)
    if task.done():  # refused at once
        task.result()
    return task, waiting.result()


def newcomer(port: int, name: str, address: str = ELSEWHERE) -> Client:
    return Client("127.0.0.1", port, name, reconnect=False, local_address=address)


async def test_a_newcomer_gets_nothing_of_the_seat_until_a_yes_and_the_away_players_token_wins(host):
    (ana, bob), created = await seated_game(host.port, "Ana", "Bob")
    table, token = created["table"], bob.seats[created["table"]].token
    try:
        await bob.close()
        await next_message(ana, "table", table=table)
        async with newcomer(host.port, "Eve") as eve:
            task, waiting = await waiting_reclaim(eve, created["code"], "Bob")
            assert (waiting["type"], waiting["seat"], waiting["name"]) == ("reclaim_waiting", 1, "Bob")
            asked = await next_message(ana, "reclaim_asked", table=table)
            assert asked["request"] == waiting["request"] and asked["by"] == "Eve" and asked["asker"] == "new"
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


async def test_a_yes_seats_the_newcomer_and_the_log_says_who_said_yes(host):
    (ana, bob), created = await seated_game(host.port, "Ana", "Bob")
    table, token = created["table"], bob.seats[created["table"]].token
    try:
        await bob.close()
        async with newcomer(host.port, "Bob on a phone") as phone:
            task, _waiting = await waiting_reclaim(phone, created["code"], "Bob")
            await ana.answer(table, (await next_message(ana, "reclaim_asked"))["request"], True)
            claim = await task
            assert claim.seat == 1 and claim.token != token
            view = await next_message(phone, "view", table=table)
            assert view["seat"] == 1
            back = await next_message(ana, "view", when=lambda f: any(e["event"]["type"] == "back" for e in f["log"]))
            event = next(e for e in back["log"] if e["event"]["type"] == "back")
            assert event["event"]["by"] == "Ana" and logged(host.tables[table], [event]) == [
                "Bob is back, on another device (Ana said yes)."
            ]
            async with Client("127.0.0.1", host.port, "old") as old:
                with pytest.raises(HostError) as refused:
                    await old.resume(token)
                assert refused.value.code == "seat_moved"  # the old device is told why, not just refused
    finally:
        await ana.close()


async def test_a_no_refuses_the_old_token_still_works_and_the_asker_waits_before_asking_again(host):
    (ana, bob), created = await seated_game(host.port, "Ana", "Bob")
    table, token = created["table"], bob.seats[created["table"]].token
    try:
        await bob.close()
        await next_message(ana, "table", table=table)
        async with newcomer(host.port, "Eve") as eve:
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
            with pytest.raises(HostError) as again:  # a refused asker does not pester the table
                await eve.reclaim(created["code"], "Bob")
            assert again.value.code == "asked_lately"
        async with newcomer(host.port, "Eve", "127.0.0.3") as elsewhere:  # someone else may still ask
            task, _ = await waiting_reclaim(elsewhere, created["code"], "Bob")
            await elsewhere.close()
        async with Client("127.0.0.1", host.port, "Bob") as back:
            assert (await back.resume(token)).seat == 1
    finally:
        await ana.close()


async def test_only_other_people_at_the_table_answer_and_no_answer_in_time_is_a_no(tmp_path):
    host = Host(tmp_path / "data", away_timeout=60, limits=FAST, ask_seconds=0.3)
    async with running(host) as port:
        (ana, bob), created = await seated_game(port, "Ana", "Bob")
        table = created["table"]
        try:
            await bob.close()
            await next_message(ana, "table", table=table)
            async with newcomer(port, "Eve") as eve, newcomer(port, "Mal", "127.0.0.3") as mal:
                await mal.watch(table, created["code"])  # watching is not being at the table's seats
                task, waiting = await waiting_reclaim(eve, created["code"], "Bob")
                with pytest.raises(HostError) as forbidden:
                    await mal.answer(table, waiting["request"], True)
                assert forbidden.value.code == "forbidden"
                with pytest.raises(HostError) as expired:
                    await task
                assert expired.value.message == "Nobody who may answer said yes in time."
                assert host.tables[table].seats[1].conn is None
        finally:
            await ana.close()


async def test_a_player_cannot_say_yes_to_their_own_second_connection(host):
    """Ben, seated, asks for away Cat's seat from a second connection: his first one (same
    address, or same person) is not asked and may not answer; his own person may not ask."""
    (ana, ben, cat), created = await seated_game(host.port, "Ana", "Ben", "Cat")
    table = created["table"]
    try:
        await cat.close()
        await ana.close()  # only Ben is at the table now
        await next_message(ben, "table", when=lambda f: f["seats"][0]["away"])
        same_address = newcomer(host.port, "Cat", ben.local_address or "")
        async with same_address:
            task, waiting = await waiting_reclaim(same_address, created["code"], "Cat")
            with pytest.raises(HostError) as forbidden:
                await ben.answer(table, waiting["request"], True)
            assert forbidden.value.code == "forbidden"
            assert not [f for f in seen_by(ben) if f["type"] == "reclaim_asked"]
            task.cancel()
        same_person = Client("127.0.0.1", host.port, "Ben", reconnect=False, local_address="127.0.0.4")
        same_person.person = ben.person  # Ben's person token, from another address
        async with same_person:
            with pytest.raises(HostError) as seated:
                await same_person.reclaim(created["code"], "Cat")
            assert seated.value.code == "already_seated"
        assert host.tables[table].seats[2].conn is None
        assert sum(1 for s in host.tables[table].seats if s is not None and s.conn is not None) == 1
    finally:
        await ben.close()


async def test_a_request_under_someones_name_never_holds_off_their_own(host):
    (ana, bob), created = await seated_game(host.port, "Ana", "Bob")
    table = created["table"]
    try:
        await bob.close()
        async with newcomer(host.port, "Mal") as mal, newcomer(host.port, "Bob", "127.0.0.3") as bob_again:
            prank, _ = await waiting_reclaim(mal, created["code"], "Bob")
            task, _ = await waiting_reclaim(bob_again, created["code"], "Bob")  # not "being asked"
            asked = {}
            while len(asked) < 2:
                frame = await next_message(ana, "reclaim_asked")
                asked[frame["by"]] = frame["request"]
            await ana.answer(table, asked["Bob"], True)
            assert (await task).seat == 1
            with pytest.raises(HostError) as ended:  # the other request ends: the seat is no longer away
                await prank
            assert "Bob is back" in ended.value.message
            assert (await next_message(ana, "reclaim_over", request=asked["Mal"]))["outcome"] == "came_back"
            assert host.tables[table].seats[1].conn is not None and table not in mal.seats
    finally:
        await ana.close()


async def test_a_newcomer_who_leaves_withdraws_the_request(host):
    (ana, bob), created = await seated_game(host.port, "Ana", "Bob")
    try:
        await bob.close()
        await next_message(ana, "table", table=created["table"])
        eve = newcomer(host.port, "Eve")
        await eve.connect()
        task, waiting = await waiting_reclaim(eve, created["code"], "Bob")
        await eve.close()
        with pytest.raises(Exception):  # noqa: B017 (the connection is gone, so is the request)
            await task
        assert (await next_message(ana, "reclaim_over", request=waiting["request"]))["outcome"] == "withdrawn"
    finally:
        await ana.close()


async def test_with_nobody_to_answer_nobody_is_seated_and_the_hosts_owner_decides(host):
    (bob,), created = await seated_game(host.port, "Bob")
    table, token = created["table"], bob.seats[created["table"]].token
    await bob.close()
    owner_file = read_owner_file(host.data_dir)
    async with newcomer(host.port, "Bob on a phone") as phone, Client("127.0.0.1", host.port, "TV") as tv:
        await tv.owner(owner_file.token, answers=False)  # the owner's TV: it sees all, it answers nothing
        task, waiting = await waiting_reclaim(phone, created["code"], "Bob")
        assert waiting["seconds"] > 60  # nobody can answer now: the request waits for someone who can
        await tv.paces()
        assert not [f for f in seen_by(tv) if f["type"] == "reclaim_asked"]
        await phone.list_tables()
        assert not [f for f in seen_by(phone) if f["type"] in ("view", "seated")] and not task.done()
        async with Client(owner_file.address, owner_file.port, "owner") as owner:
            with pytest.raises(HostError) as wrong:
                await owner.owner("not-the-token")
            assert wrong.value.code == "bad_token"
            await owner.owner(owner_file.token)
            asked = await next_message(owner, "reclaim_asked", table=table)  # asked on arrival
            assert asked["request"] == waiting["request"] and asked["name"] == "Bob"
            await owner.answer(table, asked["request"], True)
        claim = await task
        assert claim.seat == 0 and claim.token != token
        assert (await next_message(phone, "view", table=table))["seat"] == 0
        back = logged(host.tables[table], [e for e in host.tables[table].log.entries if e["event"]["type"] == "back"])
        assert back == ["Bob is back, on another device (the host's owner said yes)."]


async def test_after_a_restart_a_stranger_polling_reclaim_gets_nothing_and_the_owners_token_works(tmp_path):
    host = Host(tmp_path / "data", away_timeout=60, limits=FAST)
    async with running(host) as port:
        (ana, cat), created = await seated_game(port, "Ana", "Cat")
        token, ana_token = cat.seats[created["table"]].token, ana.seats[created["table"]].token
        await ana.close()
        await cat.close()
    host = Host(tmp_path / "data", away_timeout=60, limits=FAST)
    async with running(host) as port, newcomer(port, "Cat") as stranger:
        task, _waiting = await waiting_reclaim(stranger, created["code"], "Cat")  # nobody there: it waits
        for _ in range(3):  # polling, as fast as the host lets them
            with pytest.raises(HostError) as again:
                await stranger.reclaim(created["code"], "Cat")
            assert again.value.code == "already_asking"
        assert not task.done() and not [f for f in seen_by(stranger) if f["type"] in ("view", "seated", "log")]
        async with Client("127.0.0.1", port, "Ana", local_address="127.0.0.10") as ana:
            await ana.resume(ana_token)  # back first, she is asked, and says yes: the grace holds it
            asked = await next_message(ana, "reclaim_asked")
            assert asked["name"] == "Cat"
            await ana.answer(created["table"], asked["request"], True)
            held = await next_message(ana, "reclaim_over", request=asked["request"])
            assert held["outcome"] == "held" and "unless Cat is back first" in held["message"]
            async with Client("127.0.0.1", port, "Cat") as owner:
                assert (await owner.resume(token)).seat == 1  # Cat's own device, still her seat
                over = await next_message(ana, "reclaim_over", request=asked["request"], outcome="came_back")
                assert "Cat came back" in over["message"]
                assert host.tables[created["table"]].seats[1].conn is not None
        with pytest.raises(HostError):
            await task
        assert created["table"] not in stranger.seats


async def test_the_creators_seat_is_not_freed_by_others_and_the_table_hears_who_runs_it(host):
    (ana, ben), created = await seated_game(host.port, "Ana", "Ben", start=False)
    table = created["table"]
    try:
        organiser = created["organiser_token"]
        await ana.close()
        info = await next_message(ben, "table", when=lambda f: f["run_by"] is None)
        assert info["runs"]  # with the creator gone, the players run the table ...
        with pytest.raises(HostError) as refused:
            await ben.remove_seat(table, 0, "gone")
        assert refused.value.code == "forbidden"  # ... but not over the creator's own seat
        async with Client("127.0.0.1", host.port, "Ana", local_address="127.0.0.10") as back:
            await back.organise(organiser)
            told = await next_message(ben, "table", when=lambda f: f["run_by"] == "Ana")
            assert not told["runs"]
    finally:
        await ben.close()


async def test_a_seat_taken_over_does_not_run_the_table_and_its_earlier_device_may_ask_for_it_back(host):
    (ana, bob, cy), created = await seated_game(host.port, "Ana", "Bob", "Cy")
    table, token = created["table"], bob.seats[created["table"]].token
    try:
        await bob.close()
        async with newcomer(host.port, "Eve") as eve:
            task, _ = await waiting_reclaim(eve, created["code"], "Bob")
            await cy.answer(table, (await next_message(cy, "reclaim_asked"))["request"], True)  # a wrong yes
            await task
            await ana.close()  # the creator goes: the players run the table, not the one who took Bob's seat
            assert (await next_message(eve, "table", when=lambda f: f["run_by"] is None))["runs"] is False
            assert (await next_message(cy, "table", when=lambda f: f["run_by"] is None))["runs"] is True
            async with Client("127.0.0.1", host.port, "Bob", local_address="127.0.0.11") as old:
                with pytest.raises(HostError) as moved:
                    await old.resume(token)
                assert moved.value.code == "seat_moved"
                waiting: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
                back = asyncio.create_task(old.reclaim_back(token, waiting.set_result))
                await waiting
                asked = await next_message(cy, "reclaim_asked", asker="earlier")
                assert asked["holder"] == "Eve" and asked["name"] == "Bob"
                with pytest.raises(HostError) as not_hers:  # whoever has the seat now is not asked
                    await eve.answer(table, asked["request"], False)
                assert not_hers.value.code == "forbidden"
                await cy.answer(table, asked["request"], True)
                assert (await back).seat == 1
                replaced = await next_message(eve, "error", code="replaced")
                assert replaced["table"] == table
                texts = logged(
                    host.tables[table], [e for e in host.tables[table].log.entries if e["event"]["type"] == "back"]
                )
                assert texts == ["Bob is back, on another device (Cy said yes).",
                                 "Bob is back on their earlier device (Cy said yes)."]  # fmt: skip
    finally:
        await cy.close()


async def test_a_person_who_has_played_here_is_known_to_the_table(host):
    (ana, bob), created = await seated_game(host.port, "Ana", "Bob")
    try:
        async with newcomer(host.port, "Dee") as dee:
            await dee.create_table("white-elephant", 3)  # Dee sits at another table here: a known person
            await bob.close()
            await next_message(ana, "table", when=lambda f: bool(f["seats"][1] and f["seats"][1]["away"]))
            task, _ = await waiting_reclaim(dee, created["code"], "Bob")
            assert (await next_message(ana, "reclaim_asked"))["asker"] == "known"
            task.cancel()
    finally:
        await ana.close()


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
        async with newcomer(host.port, "Eve") as eve:
            listed = next(t for t in await eve.list_tables() if t["table"] == created["table"])
            assert listed["seats"] == [{}, {}, {}]
            mine = next(t for t in await ana.list_tables() if t["table"] == created["table"])
            assert [s["name"] for s in mine["seats"]][:2] == ["Ana", "Bob"] and mine["seats"][1]["away"]
    finally:
        await ana.close()


async def test_yule_requests_on_the_hosts_machine_lists_and_answers_what_nobody_at_the_table_can(
    host, tmp_path, capsys
):
    from yule.tui.cli import main

    (bob,), created = await seated_game(host.port, "Bob")
    table = created["table"]
    await bob.close()
    data = str(host.data_dir)
    async with newcomer(host.port, "Bob on a phone") as phone:
        task, waiting = await waiting_reclaim(phone, created["code"], "Bob")
        assert await asyncio.to_thread(main, ["requests", "--data", data]) == 0
        listed = capsys.readouterr().out
        assert f"{table}/{waiting['request']}  table {table}: Bob on a phone asks for Bob's seat" in listed
        assert "a device this host has not seen play" in listed and not task.done()
        assert (
            await asyncio.to_thread(main, ["requests", "--data", data, "--yes", f"{table}/{waiting['request']}"]) == 0
        )
        assert (await task).seat == 0
    assert await asyncio.to_thread(main, ["requests", "--data", data]) == 0
    assert "No requests for seats are waiting" in capsys.readouterr().out
    assert await asyncio.to_thread(main, ["requests", "--data", data, "--no", "1-1"]) == 2
    assert "is not TABLE/REQUEST" in capsys.readouterr().err
    assert await asyncio.to_thread(main, ["requests", "--data", str(tmp_path / "nothing")]) == 2
    assert "no host has run with the data folder" in capsys.readouterr().err


async def test_an_ssh_guests_own_address_vouched_for_by_the_ssh_server_counts_for_the_door(tmp_path):
    """SSH guests' apps all connect from the SSH server's machine: the address it vouches for is
    the one the host counts (so a player on that machine may answer a guest's request); one it
    did not vouch for is left aside."""
    key = secrets.token_bytes(32)
    host = Host(tmp_path / "data", away_timeout=60, limits=FAST, relay_key=key)
    async with running(host) as port:
        (ana, bob), created = await seated_game(port, "Ana", "Bob")
        try:
            await bob.close()
            guest = Client("127.0.0.1", port, "Bob", reconnect=False, local_address=ana.local_address,
                           relay=vouch(key, "192.168.1.77"))  # fmt: skip
            forged = Client("127.0.0.1", port, "Mal", reconnect=False, local_address=ana.local_address,
                            relay=vouch(secrets.token_bytes(32), "192.168.1.78"))  # fmt: skip
            async with guest, forged:
                addresses = {c.name: c.address for c in host.admission.connections}
                assert addresses["Bob"] == "192.168.1.77" and addresses["Mal"] == ana.local_address
                assert host.admission.per_address["192.168.1.77"] == 1
                task, waiting = await waiting_reclaim(guest, created["code"], "Bob")
                asked = await next_message(ana, "reclaim_asked", request=waiting["request"])
                await ana.answer(created["table"], asked["request"], True)
                assert (await task).seat == 1
        finally:
            await ana.close()
