"""Every frame a real host sends is as :mod:`yule.netplay.frames` types it.

One session at a host, through a proxy that keeps every byte the host sends: players create,
join, chat, list, watch, nudge, take a seat back with and without a yes, free a seat, play a
game with a turn timer and an organiser-mode party with an undo, and make requests the host
refuses.  Each captured frame is then checked against the ``TypedDict`` its ``type`` names
(``netplay_support.problems``): every key it must have, no key it may not, each value of its
type, down to each game's view (the return type of its state's ``view``).  The library itself
checks nothing at run time.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random

import pytest
from conftest import FAST, running
from netplay_support import FRAME_TYPES, CapturingProxy, Raw, next_message, problems, split_frames

from yule.core import get_game
from yule.netplay import frames
from yule.netplay.client import Client, HostError
from yule.netplay.host.server import Host
from yule.netplay.wire import MAX_HOST_FRAME, read_frame


def test_the_checker_finds_a_missing_key_an_extra_key_and_a_wrong_value():
    chat = {"type": "chat", "table": 3, "seat": None, "name": "TV", "text": "hi", "game_no": 0, "seq": 0}
    assert problems(chat, frames.ChatFrame, "chat") == []
    assert problems({**chat, "seat": "0", "mood": 1}, frames.ChatFrame, "chat") == [
        "chat: 'mood' is not a key of ChatFrame",
        "chat.seat: '0' is none of int | None: [[\"chat.seat: '0' is not an int\"], [\"chat.seat: '0' is not None\"]]",
    ]
    info = {"type": "error", "code": "x", "params": {"seat": 1, "cells": [[1, 2]]}, "message": "y", "rid": True}
    assert problems(info, frames.ErrorFrame, "error") == ["error.rid: True is not an int"]
    bad = {**info, "rid": 1, "params": {"seat": {}, "cells": [[1, {}]], "kind": "x"}}  # a map is no param
    assert [p.split(":")[0] for p in problems(bad, frames.ErrorFrame, "error")] == [
        "error.params.seat", "error.params.cells"]  # fmt: skip


async def play_a_session(port: int, host: Host) -> None:
    """Players at ``port`` (the proxy in front of ``host``) doing what makes every kind of frame."""
    ana, ben, cy, dee, org = (Client("127.0.0.1", port, name, reconnect=False, local_address=f"127.0.0.{n}")
                              for n, name in enumerate(("Ana", "Ben", "Cy", "Dee", "Org"), 10))  # fmt: skip
    for client in (ana, ben, cy, dee, org):
        await client.connect()
    try:
        # A private table with a turn timer: joined, listed to someone not at it, chatted at, watched.
        created = await ana.create_table("gift-list", 3, bot_delay=30, turn_seconds=60)  # all bring at once
        table, code = created["table"], created["code"]
        await ben.join(None, code)
        assert {} in (await cy.list_tables())[0]["seats"]  # a private table: taken seats, not by whom
        await ana.chat(table, "hello")
        await ana.react(table, "merry_christmas")
        await ana.fill_bots(table)
        await ana.start(table)
        await cy.watch(table, code)
        await next_message(cy, "view", table=table)
        # A nudge, then Ben away: Cy asks for his seat and Ana says no, then Dee asks and she says yes.
        await ana.nudge(table, 1)
        await next_message(ben, "nudged", table=table)
        await ben.close()
        await next_message(ana, "table", table=table, when=lambda info: (info["seats"][1] or {}).get("away"))
        for asker, yes in ((cy, False), (dee, True)):
            reclaim = asyncio.create_task(asker.reclaim(code, "Ben"))
            request = (await next_message(ana, "reclaim_asked", table=table))["request"]
            await ana.answer(table, request, yes)
            if yes:
                assert (await reclaim).seat == 1
            else:
                with pytest.raises(HostError) as refused:
                    await reclaim
                assert refused.value.code == "reclaim_refused"
        await next_message(dee, "view", table=table)
        # Cy, watching, asks to help Ana: she says yes; he sees her view and suggests a move; she ends it.
        waiting = await cy.help_ask(table, 0)
        assert waiting["type"] == "help_waiting"
        asked = await next_message(ana, "help_asked", table=table)
        await ana.help_answer(table, asked["request"], True)
        await next_message(cy, "helping", table=table)
        helped = await next_message(cy, "help_view", table=table)
        await cy.suggest(table, get_game("gift-list").bots["random"](random.Random(1)).choose(helped["view"]))
        await next_message(ana, "suggestion", table=table)
        await ana.help_end(table)
        await next_message(cy, "help_ended", table=table)
        # Requests refused (a move by a spectator, a rename while seated), a rename, a ping.
        with pytest.raises(HostError):
            await cy.move(table, {"type": "clear"})
        with pytest.raises(HostError) as seated:
            await ana.rename("Anna")
        assert seated.value.code == "seated"
        assert (await cy.rename("Cyd")) == "Cyd"
        await cy.paces()
        await cy.standings()
        raw = await Raw.open(port)
        raw.send({"type": "ping"})
        assert (await raw.frame())["type"] == "pong"
        while (await read_frame(raw.reader, MAX_HOST_FRAME, idle_timeout=5, frame_timeout=5))["type"] != "ping":
            pass  # the host's own ping, within its heartbeat
        await raw.close()
        # A seat freed before a game: the player is told.
        second = await ana.create_table("white-rabbit", 2, bot_delay=30)
        await cy.join(None, second["code"])
        await ana.remove_seat(second["table"], 1, "wrong table")
        await next_message(cy, "removed", table=second["table"])
        # An organiser-mode party: every gift brought, a gift opened, the opening undone.
        party = await org.create_table("gift-exchange", 2, organised=True, guests=["Eli", "Fay"], bot_delay=0)
        await org.start(party["table"])
        for seat in (0, 1):
            await org.move(party["table"], {"type": "bring", "label": "Mug", "wrapping": "box"}, seat=seat)
        frame = await next_message(org, "view", table=party["table"], when=lambda f: f["view"]["phase"] == "playing")
        acting = frame["acting"][0]
        await org.move(party["table"], {"type": "open", "gift": acting["actions"]["open"][0]}, seat=acting["seat"])
        await org.undo(party["table"])
        await next_message(org, "view", table=party["table"], when=lambda f: f["log"] and f["log"][0]["event"]["type"] == "undone")  # fmt: skip
        # House rules: a set saved, listed, and a table created from it (its info names it).
        rules = {"seats": 2, "open": True, "options": {}, "turn_seconds": None}
        await dee.save_set("white-rabbit", "Grandma's rules", rules)
        (kept,) = (await cy.house_sets("white-rabbit"))["sets"]
        made = await cy.create_table("white-rabbit", 2, open=True, house_rules=kept["name"], bot_delay=30)
        await next_message(cy, "table", table=made["table"], when=lambda f: f.get("house_rules") == kept["name"])
        await cy.list_tables()
    finally:
        for client in (ana, ben, cy, dee, org):
            await client.close()


async def test_every_frame_a_real_host_sends_is_as_its_typed_dict_says(tmp_path):
    limits = dataclasses.replace(FAST, heartbeat=0.1)  # the host's pings come too
    host = Host(tmp_path / "data", away_timeout=60, limits=limits, nudge_after=0)
    async with running(host) as port:
        proxy = CapturingProxy(port)
        await proxy.start()
        try:
            await play_a_session(proxy.port, host)
        finally:
            await proxy.stop()
    sent = [frame for stream in proxy.captured for frame in split_frames(bytes(stream))]
    found = [p for i, frame in enumerate(sent) for p in problems(frame, FRAME_TYPES[frame["type"]], f"frame {i} ({frame['type']})")]  # fmt: skip
    assert found == []
    assert {frame["type"] for frame in sent} == set(FRAME_TYPES)  # the session made every kind
    assert any("timers" in f for f in sent if f["type"] == "view") and any("acting" in f for f in sent if f["type"] == "view")  # fmt: skip
