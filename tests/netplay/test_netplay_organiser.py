"""The table's organiser over real sockets: undo that every connection follows, organiser mode
(moves for any seat), the organiser token after a host restart, and what others may not do."""

from __future__ import annotations

import json

import pytest
from conftest import FAST
from game_support import logged
from netplay_support import next_message

from yule.core.records import verify_record
from yule.netplay.client import Client, HostError
from yule.netplay.host.server import Host


async def test_networked_undo_every_connection_follows_and_the_record_holds_what_stands(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana, Client("127.0.0.1", host.port, "Ben") as ben, \
            Client("127.0.0.1", host.port, "TV") as tv:  # fmt: skip
        created = await ana.create_table("gift-exchange", 2, bot_delay=0)
        table = created["table"]
        await ben.join(table, code=created["code"])
        await tv.watch(table, created["code"])
        await ana.start(table)
        await ana.move(table, {"type": "bring", "label": "Socks", "wrapping": "flat parcel"})
        with pytest.raises(HostError) as refused:
            await ben.undo(table)
        assert refused.value.code == "forbidden"
        assert await ana.undo(table) == 0  # before the order a bring may be undone
        await ana.move(table, {"type": "bring", "label": "Candle", "wrapping": "tin"})
        seq = await ben.move(table, {"type": "bring", "label": "Mug", "wrapping": "box"})
        assert seq == 3  # two brings and the drawn order
        with pytest.raises(HostError) as refused:
            await ana.undo(table)  # the drawn order stands
        assert refused.value.code == "no_undo"
        first = (await next_message(ana, "view", table=table, seq=3))["view"]["order"][0]
        mover = ana if first == 0 else ben
        await mover.move(table, {"type": "open", "gift": 1 - first})
        assert await ana.undo(table) == 3
        for client in (ana, ben, tv):
            frame = await next_message(client, "view", table=table, seq=4)  # the open, seen by everyone
            assert frame["view"]["gifts"][1 - first]["opened"]
            frame = await next_message(client, "view", table=table, seq=3)  # then the undo
            assert logged(host.tables[table], frame["log"])[0].startswith(
                f"Undone: {'Ana' if first == 0 else 'Ben'} opened"
            )
            assert not any(g["opened"] for g in frame["view"]["gifts"])
        moves = [json.loads(m) for (m,) in host.store.db.execute(
            "SELECT move FROM moves WHERE table_id=? ORDER BY n", (table,))]  # fmt: skip
        assert [m["type"] for m in moves] == ["bring", "bring", "order"]


async def test_organiser_mode_moves_for_any_seat_and_resumes_after_a_restart(tmp_path):
    host = Host(tmp_path, away_timeout=0.01, limits=FAST)
    port = await host.start("127.0.0.1", 0)
    try:
        async with Client("127.0.0.1", port, "Organiser") as org, Client("127.0.0.1", port, "Eve") as eve:
            with pytest.raises(HostError, match="Two guests are called Ana"):
                await org.create_table("gift-exchange", 2, organised=True, guests=["Ana", "ana"], sit=False)
            with pytest.raises(HostError, match="seats its guests, not its organiser") as seated:
                await org.create_table("gift-exchange", 2, organised=True, guests=["Ana", "Ben"], sit=True)
            assert seated.value.code == "bad_options" and not await org.list_tables()  # no table left behind
            created = await org.create_table("gift-exchange", 3, organised=True, guests=["Ana", "Ben", "Cy"],
                                             bot_delay=0)  # fmt: skip
            table, token = created["table"], created["organiser_token"]
            await org.start(table)
            for seat, label in enumerate(["Socks", "", "Mug"]):
                await org.move(table, {"type": "bring", "label": label, "wrapping": "box"}, seat=seat)
            frame = await next_message(org, "view", table=table, seq=4)
            assert frame["view"]["you"] is None and "label" not in frame["view"]["gifts"][0]
            (acting,) = frame["acting"]
            assert acting["actions"]["open"] == [0, 1, 2] and acting["actions"]["name_needed"] == [1]
            await eve.watch(table, created["code"])
            with pytest.raises(HostError) as refused:
                await eve.move(table, {"type": "open", "gift": 0}, seat=acting["seat"])
            assert refused.value.code == "forbidden"
            await org.move(table, {"type": "open", "gift": 1, "label": "Kite"}, seat=acting["seat"])
        await host.stop()
        host = Host(tmp_path, away_timeout=0.01, limits=FAST)
        port = await host.start("127.0.0.1", 0)
        async with Client("127.0.0.1", port, "Organiser") as org:
            assert await org.organise(token) == table
            frame = await next_message(org, "view", table=table, seq=5)
            assert frame["view"]["gifts"][1]["label"] == "Kite" and frame["acting"]
            info = host.tables[table].audience.summary()
            assert info["organised"] and not any(s["away"] or s["stand_in"] for s in info["seats"])
            assert await org.undo(table) == 4
            while True:
                view = (await next_message(org, "view", table=table))["view"]
                if view["phase"] == "over":
                    break
                seat = view["active"][0]
                wrapped = [g["id"] for g in view["gifts"] if not g["opened"]]
                if wrapped:
                    move = {"type": "open", "gift": wrapped[0]}
                    if view["gifts"][wrapped[0]]["blank"]:
                        move["label"] = "Kite"
                else:
                    move = {"type": "keep"}
                await org.move(table, move, seat=seat)
            record = json.loads(host.store.record_path(table, 1).read_text())
            verify_record(record)
            assert record["players"] == ["Ana", "Ben", "Cy"]
    finally:
        await host.stop()
