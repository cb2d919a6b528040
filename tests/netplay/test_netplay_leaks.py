"""The wire-capture leak test (issue section 3).

Every byte the host sends to each bot seat's connection over whole White Elephant games is
captured by a proxy and decoded.  No card id may reach a seat before that seat may know it.
What a seat may know after ``k`` moves is computed from the stored record, replayed with the
rules (never from a view): faceup cards dealt so far, cards that seat peeked at, that seat's
own Surprise Gifts once their round ended, and every card once the game is over.
"""

from __future__ import annotations

import json
import re

from netplay_support import CapturingProxy, split_frames

from yule.core import get_game
from yule.core.records import play, replay
from yule.core.white_elephant.cards import CARD_SUIT
from yule.netplay.client.botplay import play_games

QUOTED_ID = re.compile(r'"([a-z]+(?:-[a-z]+)*-\d+)"')


def knowable(record: dict) -> list[list[set[str]]]:
    """``allowed[k][seat]``: the card ids ``seat`` may know once ``k`` moves are applied."""
    seats = len(record["players"])
    allowed = []
    ever_facedown: set[str] = set()
    peeked = [set() for _ in range(seats)]
    for k in range(len(record["moves"]) + 1):
        state = replay(record, upto=k).state
        if k and record["moves"][k - 1]["type"] == "peek":
            peeked[record["moves"][k - 1]["by"]].add(record["moves"][k - 1]["card"])
        ever_facedown |= set(state.handle)
        faceup = set(state.deck[: state.deck_pos]) - ever_facedown
        if state.is_over:
            allowed.append([set(CARD_SUIT)] * seats)
        else:
            allowed.append([faceup | peeked[s] | (set(state.shelf[s]) & ever_facedown) for s in range(seats)])
    return allowed


def leaks(frames: list[dict], seat: int, games: dict[int, list[list[set[str]]]]) -> list[str]:
    """Card ids in ``frames`` (to one seat) that the seat could not know when they were sent."""
    found, game_no, seq = [], 1, 0
    for frame in frames:
        if frame["type"] == "view":
            if frame["seq"] < seq:
                game_no += 1
            seq = frame["seq"]
        text = json.dumps(frame)
        allowed = games[game_no][seq][seat] if game_no in games else set()
        found += [
            f"game {game_no} seq {seq}: {card} in {frame['type']}"
            for card in QUOTED_ID.findall(text)
            if card in CARD_SUIT and card not in allowed
        ]
    return found


async def test_no_card_reaches_a_seat_before_it_may_know_it(host):
    proxy = CapturingProxy(host.port)
    await proxy.start()
    summary = await play_games("127.0.0.1", proxy.port, game="white-elephant", players=5, games=6, tables=2,
                               bot="random", seed=11)  # fmt: skip
    await proxy.stop()
    assert summary.failures == [] and len(summary.finished) == 6
    records = {}
    for path in (host.data_dir / "records").glob("*.json"):
        record = json.loads(path.read_text())
        records.setdefault(record["table"], {})[record["game_no"]] = knowable(record)
    assert sum(len(g) for g in records.values()) == 6
    checked_cards = peeks_seen = 0
    for stream in proxy.captured:
        frames = split_frames(bytes(stream))
        seated = [f for f in frames if f["type"] in ("created", "seated")]
        assert len(seated) == 1, "each bot connection holds exactly one seat"
        table, seat = seated[0]["table"], seated[0]["seat"]
        assert leaks(frames, seat, records[table]) == []
        assert all(f["seat"] == seat for f in frames if f["type"] == "view")
        checked_cards += sum(len(QUOTED_ID.findall(json.dumps(f))) for f in frames)
        peeks_seen += sum(1 for f in frames if f["type"] == "view" and f["view"]["known"])
    assert checked_cards > 1000 and peeks_seen > 0  # the check had something to find


def test_the_checker_finds_a_leak():
    white_elephant = get_game("white-elephant")
    record = play(white_elephant, ["A", "B", "C"], [white_elephant.bots["random"]] * 3, 5)
    games = {1: knowable(record)}
    state = replay(record, upto=2).state
    hidden = state.card_of["surprise-1"]
    frame = {"type": "view", "table": 1, "seat": 0, "seq": 2, "view": {"exchange": [hidden]}, "log": []}
    assert leaks([frame], 0, games) == [f"game 1 seq 2: {hidden} in view"]
