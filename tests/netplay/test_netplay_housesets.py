"""House rules kept on the host (``sets``, ``save_set``, ``delete_set``; :mod:`yule.netplay.host.housesets`).

- A set saved by one client is listed for another, from another address; picked (a ``create``
  with its name and its settings), the table and its games' records name it; a table whose
  settings were changed after the pick does not.
- Saving again under a name (compared as names are) is refused unless replacing; deleting one
  that is not there is refused; both are rate-limited per address.
- The settings are checked as a new table's (bad game, seats, options, turn timer), the name as
  names are (empty, too long, control characters), with clear codes; the host keeps so many.
- Sets, and the name of a table's set, survive a host restart; a row written into the store by
  hand that is not a set's is skipped, and the host starts.
"""

from __future__ import annotations

import json
import sqlite3

import pytest
from conftest import FAST, running
from netplay_support import next_message

from yule.core import get_game
from yule.core.records import verify_record
from yule.netplay.client import Client, HostError
from yule.netplay.host import housesets
from yule.netplay.host.server import Host
from yule.netplay.housesets import SETS_PER_GAME, fitted

GIFTS = "gift-exchange"
GRANDMA = {"seats": 5, "open": True, "options": {"steal_limit": 2, "no_steal_back": False}, "turn_seconds": 90}


def client(port: int, name: str, n: int) -> Client:
    return Client("127.0.0.1", port, name, reconnect=False, local_address=f"127.0.0.{n}")


async def refused(call) -> tuple[str, dict]:
    with pytest.raises(HostError) as e:
        await call
    return e.value.code, e.value.params


async def test_a_set_saved_by_one_is_listed_for_another_picked_and_named_in_the_record(tmp_path):
    host = Host(tmp_path / "data", away_timeout=60, limits=FAST)
    async with running(host) as port, client(port, "Ana", 11) as ana, client(port, "Ben", 12) as ben:
        saved = await ana.save_set(GIFTS, "  Grandma's   rules ", GRANDMA)
        assert saved == {"type": "set_saved", "game": GIFTS, "name": "Grandma's rules", "replaced": False,
                         "rid": saved["rid"]}  # fmt: skip
        await ana.save_set("white-rabbit", "Quick", {"seats": 2, "open": False, "options": {}, "turn_seconds": None})
        listed = await ben.house_sets(GIFTS)
        assert [s["name"] for s in listed["sets"]] == ["Grandma's rules"] and listed["most"] == SETS_PER_GAME
        (grandma,) = listed["sets"]
        assert (grandma["by"], grandma["seats"], grandma["open"], grandma["turn_seconds"]) == ("Ana", 5, True, 90)
        assert grandma["options"]["steal_limit"] == 2 and grandma["options"]["final_swap"] is True  # defaults filled
        settings, whole = fitted(get_game(GIFTS), grandma)
        assert whole
        # Ben picks it: the table is created with its settings and its name, and carries it.
        made = await ben.create_table(GIFTS, **{k: settings[k] for k in ("seats", "open", "options", "turn_seconds")},
                                      house_rules="grandma's RULES", bot_delay=0, sit=False)  # fmt: skip
        table = host.tables[made["table"]]
        assert table.house_rules == "Grandma's rules"
        # Changed after the pick (one seat more): no name.
        changed = await ben.create_table(GIFTS, 6, open=True, options=settings["options"], turn_seconds=90,
                                         house_rules="Grandma's rules")  # fmt: skip
        assert host.tables[changed["table"]].house_rules is None
        unknown = await ben.create_table("white-rabbit", 2, house_rules="Nobody's")
        assert host.tables[unknown["table"]].house_rules is None
        # A game of it ends: its record names the set, and still verifies.
        await ben.fill_bots(table.id, kind="random")
        await ben.start(table.id)
        await next_message(ben, "table", table=table.id, when=lambda f: f["status"] == "over")
        record = json.loads(host.store.record_path(table.id, 1).read_text())
        assert record["house_rules"] == "Grandma's rules"
        verify_record(record)
    # A restart: the sets and the table's set are kept.
    again = Host(tmp_path / "data", away_timeout=60, limits=FAST)
    async with running(again) as port, client(port, "Cy", 13) as cy:
        assert [s["name"] for s in (await cy.house_sets(GIFTS))["sets"]] == ["Grandma's rules"]
        assert again.tables[made["table"]].house_rules == "Grandma's rules"
        assert again.tables[changed["table"]].house_rules is None


async def test_replacing_and_deleting_a_set(host):
    async with client(host.port, "Ana", 11) as ana, client(host.port, "Ben", 12) as ben:
        await ana.save_set(GIFTS, "Grandma's rules", GRANDMA)
        assert await refused(ben.save_set(GIFTS, "GRANDMA'S RULES", {**GRANDMA, "seats": 8})) == (
            "set_exists", {"name": "Grandma's rules"})  # fmt: skip
        replaced = await ben.save_set(GIFTS, "GRANDMA'S RULES", {**GRANDMA, "seats": 8}, replace=True)
        assert replaced["replaced"] and replaced["name"] == "GRANDMA'S RULES"
        (only,) = (await ana.house_sets(GIFTS))["sets"]
        assert (only["name"], only["seats"], only["by"]) == ("GRANDMA'S RULES", 8, "Ben")
        await ana.delete_set(GIFTS, "grandma's rules")
        assert (await ben.house_sets(GIFTS))["sets"] == []
        assert await refused(ben.delete_set(GIFTS, "grandma's rules")) == ("no_set", {"name": "grandma's rules"})


async def test_bad_sets_are_refused_with_clear_codes(host):
    async with client(host.port, "Ana", 11) as ana:
        ok = {"seats": 4, "open": False, "options": {}, "turn_seconds": None}
        cases = [
            (("nope", "X", ok), ("bad_game", "nope")),
            ((GIFTS, "X", {**ok, "seats": 1}), ("bad_options", "players")),
            ((GIFTS, "X", {**ok, "options": {"steal_limit": 0}}), ("bad_options", "rules")),
            ((GIFTS, "X", {**ok, "options": {"colour": "red"}}), ("bad_options", "rules")),
            ((GIFTS, "X", {**ok, "turn_seconds": 0.05}), ("bad_options", "turn")),
            ((GIFTS, "", ok), ("bad_set_name", "no_letter")),
            ((GIFTS, " \u2800 ", ok), ("bad_set_name", "no_letter")),
            ((GIFTS, "x" * 25, ok), ("bad_set_name", "long")),
            ((GIFTS, "Gran\x1b[31mdma", ok), ("bad_set_name", "control")),
            ((GIFTS, "Gran\ndma", ok), ("bad_set_name", "control")),
        ]
        for args, (code, reason) in cases:
            got_code, params = await refused(ana.save_set(*args))
            assert (got_code, params.get("reason", params.get("game"))) == (code, reason), args
        assert (await ana.house_sets(GIFTS))["sets"] == []


async def test_the_host_keeps_so_many_sets(tmp_path, monkeypatch):
    monkeypatch.setattr(housesets, "SAVE_BURST", 1000.0)
    host = Host(tmp_path / "data", away_timeout=60, limits=FAST)
    async with running(host) as port, client(port, "Ana", 11) as ana:
        ok = {"seats": 2, "open": False, "options": {}, "turn_seconds": None}
        for n in range(SETS_PER_GAME):
            await ana.save_set("white-rabbit", f"Set {n}", ok)
        assert await refused(ana.save_set("white-rabbit", "One more", ok)) == (
            "too_many_sets", {"reason": "game", "most": SETS_PER_GAME})  # fmt: skip
        await ana.save_set("white-rabbit", "Set 3", {**ok, "seats": 3}, replace=True)  # replacing is no more
        await ana.save_set("elf", "Elf's", ok)  # another game has room
        monkeypatch.setattr(housesets, "SETS_PER_HOST", SETS_PER_GAME + 1)
        assert await refused(ana.save_set("gift-list", "Full", {**ok, "seats": 3})) == (
            "too_many_sets", {"reason": "host", "most": SETS_PER_GAME + 1})  # fmt: skip


async def test_saving_is_rate_limited_per_address(host):
    async with client(host.port, "Ana", 11) as ana, client(host.port, "Ana", 11) as twin:
        ok = {"seats": 2, "open": False, "options": {}, "turn_seconds": None}
        codes = []
        for n in range(12):  # ten at once from one address, then one every five seconds
            try:
                await (ana if n % 2 else twin).save_set("white-rabbit", f"S{n}", ok, replace=True)
                codes.append("ok")
            except HostError as e:
                codes.append(e.code)
        assert codes[:10] == ["ok"] * 10 and codes[10:] == ["set_flood"] * 2
        async with client(host.port, "Ben", 12) as ben:  # another address saves
            await ben.save_set("white-rabbit", "Ben's", ok)


async def test_a_bad_stored_set_is_skipped_and_the_host_starts(tmp_path):
    host = Host(tmp_path / "data", away_timeout=60, limits=FAST)
    async with running(host) as port, client(port, "Ana", 11) as ana:
        await ana.save_set(GIFTS, "Grandma's rules", GRANDMA)
    db = sqlite3.connect(tmp_path / "data" / "yule.db")
    with db:
        garbage = [
            (GIFTS, "junk", "junk", "not json", "Eve", 1.0),
            (GIFTS, "x", "x", json.dumps({"seats": "five"}), "Eve", 1.0),
            (GIFTS, "y", "\x1b[31mY", json.dumps(GRANDMA), "Eve", 1.0),
            ("no-such-game", "z", "z", json.dumps(GRANDMA), "Eve", 1.0),
            (GIFTS, 3, b"\xff", b"{}", 7, "when"),
        ]
        db.executemany("INSERT INTO house_sets VALUES (?,?,?,?,?,?)", garbage)
        db.execute("INSERT INTO table_sets VALUES (?,?)", (99, "\x07"))
    db.close()
    again = Host(tmp_path / "data", away_timeout=60, limits=FAST)
    async with running(again) as port, client(port, "Ben", 12) as ben:
        assert [s["name"] for s in (await ben.house_sets(GIFTS))["sets"]] == ["Grandma's rules"]
        await ben.save_set(GIFTS, "Ben's", GRANDMA)  # the host goes on keeping sets
        assert len((await ben.house_sets(GIFTS))["sets"]) == 2


def test_a_set_of_options_a_game_no_longer_has_opens_with_what_fits():
    game = get_game(GIFTS)
    settings, whole = fitted(game, {"seats": 99, "open": "yes", "options": {"steal_limit": 0, "final_swap": False,
                                                                           "old_rule": 1}, "turn_seconds": -3})  # fmt: skip
    assert not whole
    assert settings["seats"] == game.max_players and settings["open"] is False and settings["turn_seconds"] is None
    assert settings["options"] == {**game.default_options, "final_swap": False}
