"""A helper beside a seat, over the protocol (docs/protocol.md, *A helper beside a seat*).

- Before the seat's own yes, the asker gets nothing of the seat: the view frames it gets are a
  spectator's, frame for frame; only the seat's own connection may answer.
- After the yes the helper gets exactly the seat's view frames (``help_view``), the table sees
  who helps whom; a suggestion reaches the seat only, an illegal one is refused, and a helper's
  ``move`` for the seat is refused.
- The help ends on the seat's word, the helper's, the game's end, the seat leaving, the seat taken
  back on another device, the helper disconnecting, the table forgotten; after each the helper
  gets nothing more of the seat.
- Asks are rate-limited; a no makes the asker wait; no answer in time is a no.

Loopback addresses stand in for machines: the child at 127.0.0.10, the parent at 127.0.0.20,
the TV (a spectator) at 127.0.0.30.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import pytest
from conftest import FAST, running
from netplay_support import next_message

from yule.core import get_game
from yule.netplay.client import Client, HostError, may_move
from yule.netplay.host.server import Host

GAMES = ["white-rabbit", "white-elephant", "gift-list"]
"""The games with private parts a helper comes to see."""


def person(port: int, name: str, address: str) -> Client:
    return Client("127.0.0.1", port, name, reconnect=False, local_address=address)


def drained(client: Client) -> list[dict[str, Any]]:
    """Every frame the client has received so far (taken off its queue)."""
    frames = []
    while not client.messages.empty():
        frames.append(client.messages.get_nowait())
    return frames


async def until(client: Client, done: Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
    """The client's frames up to and with the first for which ``done`` holds (bounded)."""
    frames: list[dict[str, Any]] = []
    async with asyncio.timeout(10):
        async for frame in client:
            frames.append(frame)
            if done(frame):
                return frames
    raise AssertionError("the client stopped")


class Family:
    """Max (a child) at a table of ``game`` with random bots, the game started; Mum elsewhere
    watching it, and the TV watching it too."""

    def __init__(self, port: int, game: str, seats: int) -> None:
        self.port, self.game, self.seats = port, game, seats
        self.max = person(port, "Max", "127.0.0.10")
        self.mum = person(port, "Mum", "127.0.0.20")
        self.tv = person(port, "TV", "127.0.0.30")
        self.bot = get_game(game).bots["random"](random.Random(7))
        self.table = 0
        self.code = ""
        self.last_view: dict[str, Any] | None = None
        self.latest: dict[str, Any] | None = None
        """Max's latest view, whoever read his frames."""
        self.max.on_message = self._seen

    def _seen(self, frame: dict[str, Any]) -> None:
        if frame["type"] == "view":
            self.latest = frame

    async def __aenter__(self) -> Family:
        for client in (self.max, self.mum, self.tv):
            await client.connect()
        created = await self.max.create_table(self.game, self.seats, bot_delay=0)
        self.table, self.code = created["table"], created["code"]
        await self.max.fill_bots(self.table, "random")
        await self.tv.watch(self.table, self.code)
        await self.mum.watch(self.table, self.code)
        await self.max.start(self.table)
        return self

    async def __aexit__(self, *exc: object) -> None:
        for client in (self.max, self.mum, self.tv):
            await client.close()

    async def max_turn(self) -> dict[str, Any]:
        """Max's next view that asks him to move (or the game's end)."""
        async with asyncio.timeout(10):
            while not ((view := self.latest) and (may_move(view) or view["view"].get("result"))):
                await until(self.max, lambda f: f["type"] == "view")
        self.last_view = view
        return view

    async def max_moves(self, move: dict[str, Any] | None = None) -> None:
        """Max moves (``move``, else a random one) when the table waits for him."""
        view = self.last_view if self.last_view is not None and may_move(self.last_view) else await self.max_turn()
        if view["view"].get("result"):
            return  # the game is over
        chosen = move if move is not None else self.bot.choose(view["view"])
        self.last_view = self.latest = None
        await self.max.move(self.table, chosen, seq=view["seq"])

    def over(self) -> bool:
        """The game is over, as far as Max has been told."""
        view = self.last_view or self.latest
        return view is not None and bool(view["view"].get("result"))


def private(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The frames that carry something of a seat: a seat's view, or a helper's."""
    return [f for f in frames if f["type"] == "help_view" or (f["type"] == "view" and f["seat"] is not None)]


def views(frames: list[dict[str, Any]]) -> list[tuple[int, Any]]:
    return [(f["seq"], f["view"]) for f in frames if f["type"] == "view"]


async def asked_and_yes(family: Family) -> None:
    """Mum asks to help Max's seat, and Max says yes."""
    waiting = await family.mum.help_ask(family.table, 0)
    asked = await next_message(family.max, "help_asked", table=family.table)
    assert (asked["by"], asked["request"], asked["seat"]) == ("Mum", waiting["request"], 0)
    await family.max.help_answer(family.table, asked["request"], True)
    await next_message(family.mum, "helping", table=family.table, seat=0)


@pytest.mark.parametrize("game", GAMES)
async def test_nothing_before_the_yes_then_exactly_the_seats_view_and_suggestions_to_the_seat_only(host, game):
    async with Family(host.port, game, 3) as family:
        mum, max, tv = family.mum, family.max, family.tv
        waiting = await mum.help_ask(family.table, 0)
        assert (waiting["type"], waiting["name"], waiting["seat"]) == ("help_waiting", "Max", 0)
        asked = await next_message(max, "help_asked", table=family.table)
        assert asked["by"] == "Mum" and asked["name"] == "Max"
        with pytest.raises(HostError) as stranger:  # only the seat's own connection answers
            await tv.help_answer(family.table, asked["request"], True)
        assert stranger.value.code == "help_refused"
        with pytest.raises(HostError) as asker:
            await mum.help_answer(family.table, asked["request"], True)
        assert asker.value.code == "help_refused"
        await family.max_moves()  # the game goes on while Max thinks it over (White Elephant's are short)
        await max.chat(family.table, "thinking")  # everyone at the table hears it after what came before
        mum_before = await until(mum, lambda f: f["type"] == "chat")
        tv_before = await until(tv, lambda f: f["type"] == "chat")
        assert private(mum_before) == [] and not [f for f in mum_before if f["type"] in ("helping", "suggestion")]
        assert views(mum_before) == views(tv_before) and views(mum_before)  # a spectator's, frame for frame
        assert family.max.tables[family.table]["seats"][0].get("helper") is None

        await max.help_answer(family.table, asked["request"], True)
        over = await next_message(mum, "help_over", table=family.table)
        assert over["outcome"] == "yes"
        info = await next_message(tv, "table", when=lambda f: f["seats"][0].get("helper") == "Mum")
        assert info["seats"][0]["name"] == "Max"
        helped: list[dict[str, Any]] = []
        seen: list[dict[str, Any]] = []
        for _ in range(3):
            view = await family.max_turn()
            if family.over():
                break
            seen.append(view)
            mine = await until(mum, lambda f: f["type"] == "help_view" and f["seq"] == view["seq"] and bool(f["log"]) == bool(view["log"]))  # fmt: skip
            helped.append(mine[-1])
            suggestion = family.bot.choose(mine[-1]["view"])
            await mum.suggest(family.table, suggestion, seq=mine[-1]["seq"])
            told = await next_message(max, "suggestion", table=family.table)
            assert (told["name"], told["move"], told["seat"]) == ("Mum", suggestion, 0)
            with pytest.raises(HostError) as moved:  # a helper never moves for the seat
                await mum.move(family.table, suggestion, seq=mine[-1]["seq"])
            assert moved.value.code == "not_seated"
            with pytest.raises(HostError) as illegal:
                await mum.suggest(family.table, {"type": "no such move"})
            assert illegal.value.code == "illegal"
            family.last_view = view
            await family.max_moves(told["move"])  # Max takes it: his own move
        assert helped and [{**f, "type": "view"} for f in helped] == seen  # the very frames the seat got
        await max.chat(family.table, "done")
        tv_after = await until(tv, lambda f: f["type"] == "chat" and f["text"] == "done")
        assert not [f for f in tv_after if f["type"] in ("suggestion", "help_view", "helping")]

        why = "seat"
        try:
            await max.help_end(family.table)
        except HostError as e:  # a short game (White Elephant's) may end while Mum helps: so does the help
            assert e.code == "help_refused"
            why = "over"
        ended = await next_message(mum, "help_ended", table=family.table)
        assert (ended["why"], ended["helper"], ended["name"]) == (why, "Mum", "Max")
        assert (await next_message(max, "help_ended", table=family.table))["why"] == why
        if not family.over():
            await family.max_moves()
        await max.chat(family.table, "after")
        after = await until(mum, lambda f: f["type"] == "chat" and f["text"] == "after")
        assert private(after) == []
        with pytest.raises(HostError) as gone:
            await mum.suggest(family.table, {"type": "roll"})
        assert gone.value.code == "help_refused"


async def test_a_no_ends_it_and_the_asker_waits_before_asking_again(host):
    async with Family(host.port, "white-rabbit", 2) as family:
        await family.mum.help_ask(family.table, 0)
        asked = await next_message(family.max, "help_asked", table=family.table)
        await family.max.help_answer(family.table, asked["request"], False)
        assert (await next_message(family.mum, "help_over", table=family.table))["outcome"] == "no"
        with pytest.raises(HostError) as late:
            await family.max.help_answer(family.table, asked["request"], True)
        assert late.value.code == "no_request"
        with pytest.raises(HostError) as again:
            await family.mum.help_ask(family.table, 0)
        assert again.value.code == "asked_lately"
        await family.max.chat(family.table, "no")
        assert private(await until(family.mum, lambda f: f["type"] == "chat")) == []


@pytest.mark.parametrize("how", ["helper_gone", "seat_leaves", "helper_stops", "seat_elsewhere", "table_forgotten"])
async def test_the_help_ends_and_the_helper_gets_nothing_more_of_the_seat(host, how):
    async with Family(host.port, "gift-list", 3) as family:
        await asked_and_yes(family)
        await next_message(family.mum, "help_view", table=family.table)
        if how == "table_forgotten":
            host.forget([family.table])
            ended = await next_message(family.mum, "help_ended", table=family.table)
            assert ended["why"] == "closed" and host.tables.get(family.table) is None
            await family.mum.list_tables()  # what the host sent Mum came before this answer
            assert private(drained(family.mum)) == []
            return
        if how == "seat_elsewhere":  # Max's seat taken back on another device (his token): the yes was not its
            async with person(host.port, "Max", "127.0.0.11") as elsewhere:
                await elsewhere.resume(family.max.seats[family.table].token)
                ended = await next_message(family.mum, "help_ended", table=family.table)
                assert ended["why"] == "replaced"
                await elsewhere.chat(family.table, "here now")
                assert private(await until(family.mum, lambda f: f["type"] == "chat")) == []
            return
        if how == "helper_gone":
            await family.mum.close()
            ended = await next_message(family.max, "help_ended", table=family.table)
            assert ended["why"] == "helper"
            info = await next_message(family.tv, "table", when=lambda f: "helper" not in f["seats"][0])
            assert info["seats"][0]["name"] == "Max"
            assert host.tables[family.table].audience.helped == {}
            return
        if how == "seat_leaves":
            await family.max.leave(family.table)
        else:
            await family.mum.help_end(family.table)
        ended = await next_message(family.mum, "help_ended", table=family.table)
        assert ended["why"] == ("left" if how == "seat_leaves" else "helper")
        logged = await next_message(
            family.tv, "view", when=lambda f: any(e["event"]["type"] == "helper_left" for e in f["log"])
        )
        assert logged["seat"] is None
        await family.tv.chat(family.table, "later")  # bots go on for Max when he left
        assert private(await until(family.mum, lambda f: f["type"] == "chat")) == []
        assert host.tables[family.table].audience.helped == {}


async def test_the_help_ends_with_the_game(host):
    async with Family(host.port, "white-rabbit", 2) as family:
        await asked_and_yes(family)
        while True:
            await family.max_turn()
            if family.over():
                break
            await family.max_moves()
        ended = await next_message(family.mum, "help_ended", table=family.table)
        assert ended["why"] == "over"
        await family.max.chat(family.table, "the end")
        assert [f for f in await until(family.mum, lambda f: f["type"] == "chat") if f["type"] == "help_view"] == []
        with pytest.raises(HostError) as over:  # a new game needs a new yes; none is asked after the end
            await family.mum.help_ask(family.table, 0)
        assert over.value.code == "not_playing"


async def test_who_may_ask_and_asks_are_rate_limited(host):
    async with Family(host.port, "white-elephant", 3) as family:
        with pytest.raises(HostError) as own:
            await family.max.help_ask(family.table, 0)
        assert own.value.code == "bad_seat"
        with pytest.raises(HostError) as bot:
            await family.mum.help_ask(family.table, 1)
        assert bot.value.code == "bad_seat"
        async with person(host.port, "Eve", "127.0.0.40") as eve:
            with pytest.raises(HostError) as code:  # a private table: its code, as to watch it
                await eve.help_ask(family.table, 0)
            assert code.value.code == "bad_code"
        await family.mum.help_ask(family.table, 0)
        codes = []
        for _ in range(6):
            with pytest.raises(HostError) as refused:
                await family.mum.help_ask(family.table, 0)
            codes.append(refused.value.code)
        assert codes[0] == "help_busy" and codes[-1] == "help_flood"


async def test_no_answer_in_time_is_a_no_and_the_question_goes(tmp_path):
    host = Host(tmp_path / "data", away_timeout=60, limits=FAST, ask_seconds=0.3)
    async with running(host) as port, Family(port, "white-rabbit", 2) as family:
        waiting = await family.mum.help_ask(family.table, 0)
        assert waiting["seconds"] == 0.3
        asked = await next_message(family.max, "help_asked", table=family.table)
        over = await next_message(family.mum, "help_over", table=family.table)
        assert over["outcome"] == "expired"
        told = await next_message(family.max, "help_over", table=family.table)  # his question goes
        assert told["request"] == asked["request"] and told["outcome"] == "expired"
        with pytest.raises(HostError) as late:
            await family.max.help_answer(family.table, asked["request"], True)
        assert late.value.code == "no_request"
        await family.max.chat(family.table, "late")
        assert private(await until(family.mum, lambda f: f["type"] == "chat")) == []
