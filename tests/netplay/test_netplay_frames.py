"""Every frame a real host sends is as :mod:`yule.netplay.frames` types it.

One session at a host, through a proxy that keeps every byte the host sends: players create,
join, chat, list, watch, nudge, take a seat back with and without a yes, free a seat, play a
game with a turn timer and an organiser-mode party with an undo, and make requests the host
refuses.  Each captured frame is then checked against the ``TypedDict`` its ``type`` names:
every key it must have, no key it may not, each value of its type, down to each game's view
(the return type of its state's ``view``).  The check is this file's own (pydantic reads
``typing.TypedDict`` only from Python 3.12): the library checks nothing at run time.
"""

from __future__ import annotations

import asyncio
import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, NotRequired, Union, get_args, get_origin

import pytest
from conftest import FAST, running
from netplay_support import CapturingProxy, Raw, next_message, split_frames

from yule.core import get_game
from yule.netplay import frames
from yule.netplay.client import Client, HostError
from yule.netplay.host import Host
from yule.netplay.wire import MAX_HOST_FRAME, read_frame

FRAME_TYPES: dict[str, Any] = {
    get_args(typing.get_type_hints(get_origin(kind) or kind)["type"])[0]: kind for kind in get_args(frames.HostFrame)
}
"""Each host frame's ``type`` -> its ``TypedDict``."""


def view_type(game: str) -> Any:
    """The ``TypedDict`` of ``game``'s views: what its state's ``view`` returns."""
    spec = get_game(game)
    state = spec.new_state(spec.min_players, spec.default_options)
    return typing.get_type_hints(type(state).view)["return"]


def problems(value: Any, kind: Any, where: str) -> list[str]:
    """How ``value`` differs from the type ``kind`` (none: it is one), each said with ``where`` it is."""
    origin, args = get_origin(kind), get_args(kind)
    if kind is Any or kind is object:
        return []
    if kind is None or kind is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r} is none of {args}"]
    if origin in (Union, types.UnionType):
        found = [problems(value, option, where) for option in args]
        return [] if [] in found else [f"{where}: {value!r} is none of {kind}: {found}"]
    if typing.is_typeddict(origin or kind):
        return typed_dict_problems(value, kind, where)
    if origin in (list, dict, Mapping) or kind in (list, dict):
        container = list if (origin or kind) is list else Mapping
        if not isinstance(value, container):
            return [f"{where}: {value!r} is not a {container.__name__}"]
        if not args:
            return []
        if container is list:
            return [p for i, item in enumerate(value) for p in problems(item, args[0], f"{where}[{i}]")]
        return [p for key, item in value.items() for p in problems(key, args[0], where) + problems(item, args[1], f"{where}.{key}")]  # fmt: skip
    if kind is float:
        return [] if isinstance(value, int | float) and not isinstance(value, bool) else [f"{where}: {value!r} is not a number"]  # fmt: skip
    if kind is int:
        return [] if isinstance(value, int) and not isinstance(value, bool) else [f"{where}: {value!r} is not an int"]
    return [] if type(value) is kind else [f"{where}: {value!r} is not a {kind}"]


def typed_dict_problems(value: Any, kind: Any, where: str) -> list[str]:
    """How ``value`` differs from the ``TypedDict`` ``kind`` (maybe generic: ``ViewFrame[View]``)."""
    if not isinstance(value, dict):
        return [f"{where}: {value!r} is not a map"]
    cls = get_origin(kind) or kind
    bound = dict(zip(getattr(cls, "__parameters__", ()), get_args(kind), strict=False))
    hints = typing.get_type_hints(cls, include_extras=True)  # NotRequired kept: read from the annotations
    required = {key for key, hint in hints.items() if get_origin(hint) is not NotRequired} - cls.__optional_keys__
    found = [f"{where}: no {key!r}" for key in sorted(required - value.keys())]
    found += [f"{where}: {key!r} is not a key of {cls.__name__}" for key in sorted(value.keys() - hints.keys())]
    for key in value.keys() & hints.keys():
        hint = hints[key]
        if get_origin(hint) is NotRequired:
            hint = get_args(hint)[0]
        hint = bound.get(hint, hint)  # a type variable: the type given for it
        if key == "view" and cls is frames.ViewFrame:
            hint = view_type(value["view"]["game"])  # each game's view as the game types it
        found += problems(value[key], hint, f"{where}.{key}")
    return found


def test_the_checker_finds_a_missing_key_an_extra_key_and_a_wrong_value():
    chat = {"type": "chat", "table": 3, "seat": None, "name": "TV", "text": "hi", "game_no": 0, "seq": 0}
    assert problems(chat, frames.ChatFrame, "chat") == []
    assert problems({**chat, "seat": "0", "mood": 1}, frames.ChatFrame, "chat") == [
        "chat: 'mood' is not a key of ChatFrame",
        "chat.seat: '0' is none of int | None: [[\"chat.seat: '0' is not an int\"], [\"chat.seat: '0' is not None\"]]",
    ]
    info = {"type": "error", "code": "x", "message": "y", "rid": True}
    assert problems(info, frames.ErrorFrame, "error") == ["error.rid: True is not an int"]


async def play_a_session(port: int, host: Host) -> None:
    """Players at ``port`` (the proxy in front of ``host``) doing what makes every kind of frame."""
    ana, ben, cy, dee, org = (Client("127.0.0.1", port, name, reconnect=False) for name in ("Ana", "Ben", "Cy", "Dee", "Org"))  # fmt: skip
    for client in (ana, ben, cy, dee, org):
        await client.connect()
    try:
        # A private table with a turn timer: joined, listed to someone not at it, chatted at, watched.
        created = await ana.create_table("gift-list", 3, bot_delay=30, turn_seconds=60)  # all bring at once
        table, code = created["table"], created["code"]
        await ben.join(None, code)
        assert {} in (await cy.list_tables())[0]["seats"]  # a private table: taken seats, not by whom
        await ana.chat(table, "hello")
        await ana.fill_bots(table)
        await ana.start(table)
        await cy.watch(table, code)
        await next_message(cy, "view", table=table)
        # A nudge, then Ben away: Dee asks for his seat, Ana says no, then Dee asks again and she says yes.
        await ana.nudge(table, 1)
        await next_message(ben, "nudged", table=table)
        await ben.close()
        await next_message(ana, "table", table=table, when=lambda info: (info["seats"][1] or {}).get("away"))
        for yes in (False, True):
            reclaim = asyncio.create_task(dee.reclaim(code, "Ben"))
            request = (await next_message(ana, "reclaim_asked", table=table))["request"]
            await ana.answer(table, request, yes)
            if yes:
                assert (await reclaim).seat == 1
            else:
                with pytest.raises(HostError) as refused:
                    await reclaim
                assert refused.value.code == "reclaim_refused"
        await next_message(dee, "view", table=table)
        # Requests refused (a move by a spectator, a rename while seated), a rename, a ping.
        with pytest.raises(HostError):
            await cy.move(table, {"type": "clear"})
        with pytest.raises(HostError) as seated:
            await ana.rename("Anna")
        assert seated.value.code == "seated"
        assert (await cy.rename("Cyd")) == "Cyd"
        raw = await Raw.open(port)
        raw.send({"type": "ping"})
        assert (await raw.frame())["type"] == "pong"
        while (await read_frame(raw.reader, MAX_HOST_FRAME, idle_timeout=5, frame_timeout=5))["type"] != "ping":
            pass  # the host's own ping, within its heartbeat
        raw.close()
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
        await next_message(org, "view", table=party["table"], when=lambda f: f["log"] and f["log"][0]["text"].startswith("Undone"))  # fmt: skip
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
