"""One table, three languages: a whole game of each game over a real host, its three players
reading it in English, French and German, each worded on their own side from the same frames.

The host sends what happened, never how to say it: no log entry carries words, a refusal is a
code and its params.  Each client words its log, a refusal and the result in its reader's
language (:mod:`yule.tui.logwords`, :mod:`yule.tui.refusals`, the game's score sheet), and a
French or German line is never the English one (but for lines made of names and numbers alone).
"""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import pytest

from yule.core import get_game
from yule.netplay.client import Client, HostError, may_move
from yule.netplay.client.follower import TableFollower, log_lines
from yule.tui.games import GAME_UIS
from yule.tui.logwords import line_of
from yule.tui.refusals import refusal
from yule.tui.words import seat_label, set_language

READERS = {"Ana": "en", "Ben": "fr", "Cy": "de"}
"""Who sits at the table, and the language each reads."""


async def play(client: Client, follower: TableFollower[Any], table: int, game: str, seed: int) -> None:
    """The client's seat played by a random bot from its views until the game is over, every
    frame of the table followed."""
    bot = get_game(game).bots["random"](random.Random(seed))
    async for frame in client:
        if frame.get("table") != table:
            continue
        follower.take(frame)
        if frame["type"] == "log":
            assert all(set(entry) == {"event", "seq"} for entry in frame["entries"]), "a log entry with words"
        if frame["type"] != "view":
            continue
        assert all(set(entry) == {"event", "seq"} for entry in frame["log"]), "a log entry with words"
        if "result" in frame["view"]:
            return
        if may_move(frame):
            try:
                await client.move(table, bot.choose(frame["view"]), seq=frame["seq"])
            except HostError as e:
                if e.code != "stale":
                    raise


def worded(follower: TableFollower[Any], game: str, language: str) -> list[str]:
    """The follower's log as its reader's screen words it (chat lines left out)."""
    set_language(language)
    try:
        return [words for line in follower.lines if (words := line_of(line, game, follower.names)) is not None]
    finally:
        set_language("en")


def names_and_numbers_only(line: str, names: list[str]) -> bool:
    for name in names:
        line = line.replace(name, "")
    return not re.search(r"[^\W\d_]{3,}", line)


@pytest.mark.parametrize("game", list(GAME_UIS))
async def test_three_readers_each_read_the_whole_game_in_their_own_language(host, game):
    clients = {name: Client("127.0.0.1", host.port, name, reconnect=False) for name in READERS}
    for client in clients.values():
        await client.connect()
    try:
        ana, ben, cy = clients.values()
        created = await ana.create_table(game, 3, open=True, bot_delay=0)
        table = created["table"]
        await ben.join(table)
        await cy.join(table)
        followers = {name: TableFollower[Any](table, name=seat_label) for name in READERS}
        with pytest.raises(HostError) as early:  # nobody may move before the start
            await ben.move(table, {"type": "nothing"})
        await ana.start(table)
        await asyncio.wait_for(
            asyncio.gather(*(play(c, followers[n], table, game, seed) for seed, (n, c) in enumerate(clients.items()))),
            90,
        )
    finally:
        for client in clients.values():
            await client.close()

    english = worded(followers["Ana"], game, "en")
    assert english and not any("{" in line for line in english)
    names = followers["Ana"].names
    for name, language in READERS.items():
        lines = worded(followers[name], game, language)
        assert len(lines) == len(english)  # the same log, line for line
        if language != "en":
            same = [e for e, w in zip(english, lines, strict=True) if e == w and not names_and_numbers_only(e, names)]
            assert not same, f"{language} reads English: {same[:3]}"
        set_language(language)
        try:
            result = followers[name].result
            assert result is not None
            headline = GAME_UIS[game].headline(result, names)
            refused = refusal(early.value.code, early.value.params, early.value.message)
        finally:
            set_language("en")
        if language != "en":
            set_language("en")
            assert headline != GAME_UIS[game].headline(result, names)
            assert refused != early.value.message


def test_a_log_frame_is_worded_by_each_reader():
    """The host's log frame on joining (the log so far) is events alone, worded on each side."""
    frame = {
        "type": "log",
        "table": 1,
        "game_no": 1,
        "entries": [{"event": {"type": "started", "name": "Ana", "game_no": 1}, "seq": 0}],
        "chat": [],
    }
    lines = log_lines(frame)  # type: ignore[arg-type]
    said = {}
    for language in ("en", "fr", "de"):
        set_language(language)
        said[language] = line_of(lines[0], "white-rabbit", ["Ana"])
    set_language("en")
    assert said == {"en": "Ana started the game.", "fr": "Ana a lancé la partie.", "de": "Ana hat das Spiel gestartet."}
