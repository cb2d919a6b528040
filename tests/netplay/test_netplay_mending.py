"""The organiser mends a party over real sockets: a latecomer added mid-party is seen by every view
with a place after the turn under way, a guest skipped, a label put right shown as typed; what
others may not do, what is refused after the end, and a restart with the latecomer seated."""

from __future__ import annotations

import json

import pytest
from conftest import FAST
from game_support import logged
from netplay_support import next_message

from yule.core.records import verify_record
from yule.netplay.client import Client, HostError
from yule.netplay.host.server import Host


async def party(org: Client, guests: list[str]) -> tuple[int, str, str]:
    """An organised gift exchange of ``guests``, each gift brought, the order drawn: its table,
    code and organiser token."""
    created = await org.create_table("gift-exchange", len(guests), organised=True, guests=guests, bot_delay=0)
    table = created["table"]
    await org.start(table)
    for seat in range(len(guests)):
        await org.move(table, {"type": "bring", "label": f"Gift of {guests[seat]}", "wrapping": "box"}, seat=seat)
    return table, created["code"], created["organiser_token"]


async def test_a_latecomer_added_mid_party_is_seen_by_every_view_with_a_fair_place(tmp_path):
    host = Host(tmp_path, away_timeout=60, limits=FAST)
    port = await host.start("127.0.0.1", 0)
    try:
        async with Client("127.0.0.1", port, "Organiser") as org, Client("127.0.0.1", port, "TV") as tv:
            table, code, token = await party(org, ["Ana", "Ben", "Cy"])
            await tv.watch(table, code)
            view = (await next_message(org, "view", table=table, seq=4))["view"]
            first = view["active"][0]
            wrapped = next(g for g in range(3) if g != first)
            await org.move(table, {"type": "open", "gift": wrapped}, seat=first)
            seq = await org.move(table, {"type": "arrive", "name": " Zoé ", "label": "[b]Kite[/b]", "wrapping": "tube"})
            assert seq == 7  # the arrival and its place drawn
            for client in (org, tv):
                info = await next_message(client, "table", table=table, when=lambda f: len(f["seats"]) == 4)
                assert info["seats"][3]["name"] == "Zoé"
                frame = await next_message(client, "view", table=table, seq=7)
                view = frame["view"]
                assert view["players"] == 4 and view["order"].index(3) in (2, 3)  # after the turn under way
                assert "label" not in view["gifts"][3] and view["gifts"][3]["wrapping"] == "tube"
                said = logged(host.tables[table], frame["log"])
                assert said[0] == "Zoé arrives late, bringing gift #4."
                assert said[1].startswith("Zoé joins the order: turn ")
            moves = [json.loads(m) for (m,) in host.store.db.execute(
                "SELECT move FROM moves WHERE table_id=? ORDER BY n", (table,))]  # fmt: skip
            assert moves[-2:][0] == {"by": "organiser", "type": "arrive", "label": "[b]Kite[/b]", "wrapping": "tube"}
            assert moves[-1]["type"] == "place" and moves[-1]["by"] == "chance"
            with pytest.raises(HostError) as refused:
                await org.move(table, {"type": "arrive", "name": "zoé", "label": "Mug", "wrapping": ""})
            assert refused.value.code == "bad_guest" and refused.value.params["reason"] == "alike"
            with pytest.raises(HostError) as refused:
                await org.move(table, {"type": "arrive", "name": "Hal", "label": "x" * 61, "wrapping": ""})
            assert refused.value.code == "illegal" and refused.value.params["kind"] == "label_too_long"
            assert len(host.tables[table].seats) == 4  # a refused latecomer takes no seat
        await host.stop()
        host = Host(tmp_path, away_timeout=60, limits=FAST)
        port = await host.start("127.0.0.1", 0)
        async with Client("127.0.0.1", port, "Organiser") as org:
            assert await org.organise(token) == table
            frame = await next_message(org, "view", table=table)
            assert frame["view"]["players"] == 4 and frame["seq"] == 7
            while (view := frame["view"])["phase"] != "over":
                wrapped = [g["id"] for g in view["gifts"] if not g["opened"]]
                move = {"type": "open", "gift": wrapped[0]} if wrapped else {"type": "keep"}
                seq = await org.move(table, move, seat=view["active"][0])
                frame = await next_message(org, "view", table=table, seq=seq)
            record = json.loads(host.store.record_path(table, 1).read_text())
            verify_record(record)
            assert record["players"] == ["Ana", "Ben", "Cy", "Zoé"] and sorted(record["result"]["holdings"]) == [
                0, 1, 2, 3,
            ]  # fmt: skip
            with pytest.raises(HostError) as refused:
                await org.move(table, {"type": "relabel", "gift": 0, "label": "Socks"})
            assert refused.value.code == "not_playing" and refused.value.params["reason"] == "over"
    finally:
        await host.stop()


async def test_skip_and_a_label_put_right_are_the_organisers_and_show_as_typed(host):
    async with Client("127.0.0.1", host.port, "Organiser") as org, Client("127.0.0.1", host.port, "Eve") as eve:
        table, code, _ = await party(org, ["Ana", "Ben", "Cy"])
        await eve.watch(table, code)
        view = (await next_message(org, "view", table=table, seq=4))["view"]
        first, second = view["order"][0], view["order"][1]
        for move in ({"type": "skip", "seat": first}, {"type": "relabel", "gift": 0, "label": "Socks"}):
            with pytest.raises(HostError) as refused:
                await eve.move(table, move)
            assert refused.value.code == "forbidden" and refused.value.params["reason"] == "organiser_mends"
        with pytest.raises(HostError) as refused:
            await org.move(table, {"type": "skip", "seat": second})
        assert refused.value.code == "illegal" and refused.value.params["kind"] == "skip_not_turn"
        assert await org.move(table, {"type": "skip", "seat": first}) == 5  # the skip and nothing else
        for client in (org, eve):
            frame = await next_message(client, "view", table=table, seq=5)
            assert frame["view"]["order"] == [*[s for s in view["order"] if s != first], first]
            assert frame["view"]["active"] == [second]
            assert logged(host.tables[table], frame["log"])[0] == (
                f"{['Ana', 'Ben', 'Cy'][first]} stepped out: their turn moves to the end of the order."
            )
        with pytest.raises(HostError) as refused:
            await org.move(table, {"type": "relabel", "gift": 0, "label": ""})
        assert refused.value.code == "illegal" and refused.value.params["kind"] == "label_empty"
        await org.move(table, {"type": "open", "gift": 0 if second != 0 else 1}, seat=second)
        opened = 0 if second != 0 else 1
        seq = await org.move(table, {"type": "relabel", "gift": opened, "label": "[b]Socks[/b]"})
        for client in (org, eve):
            frame = await next_message(client, "view", table=table, seq=seq)
            assert frame["view"]["gifts"][opened]["label"] == "[b]Socks[/b]"
            (line,) = logged(host.tables[table], frame["log"])
            assert line.startswith(f"The label of gift #{opened + 1} is now [b]Socks[/b] (it said Gift of ")
        assert await org.undo(table) == seq - 1  # a label put right can be taken back
        frame = await next_message(eve, "view", table=table, seq=seq - 1)
        assert frame["view"]["gifts"][opened]["label"].startswith("Gift of ")


async def test_hostile_mending_frames_are_refused_and_change_nothing(host):
    async with Client("127.0.0.1", host.port, "Organiser") as org:
        table, _, _ = await party(org, ["Ana", "Ben"])
        tab = host.tables[table]
        before = (tab.seq, tab.size, tab.session.state.snapshot())
        for move, code in (
            ({"type": "arrive", "name": 7, "label": "Kite", "wrapping": ""}, "bad_guest"),
            ({"type": "arrive", "name": "Hard Bot 2", "label": "Kite", "wrapping": ""}, "bad_guest"),
            ({"type": "arrive", "name": "\x1b[31m", "label": "Kite", "wrapping": ""}, "bad_guest"),
            ({"type": "arrive", "name": "Zoe", "label": "Kite"}, "illegal"),
            ({"type": "arrive", "name": "Zoe", "label": "Kite\x1b[2J", "wrapping": ""}, "illegal"),
            ({"type": "relabel", "gift": "0", "label": "Kite"}, "illegal"),
            ({"type": "relabel", "gift": 99, "label": "Kite"}, "illegal"),
            ({"type": "relabel", "gift": 0, "label": ["Kite"]}, "illegal"),
            ({"type": "skip", "seat": -1}, "illegal"),
            ({"type": "skip"}, "illegal"),
        ):
            with pytest.raises(HostError) as refused:
                await org.move(table, move)
            assert refused.value.code == code, move
            assert (tab.seq, tab.size, tab.session.state.snapshot()) == before
        with pytest.raises(HostError) as refused:
            await org.move(table, {"type": "skip", "seat": 0}, seq=1)
        assert refused.value.code == "stale"
        view = tab.session.state.view(None)
        seat = view["active"][0]
        assert await org.move(table, {"type": "skip", "seat": seat}, seq=tab.seq) == 4
