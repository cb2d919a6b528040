"""The table follower, fed recorded frames: what it holds, and what each frame changed.

``recorded/party.json`` holds the table, log, chat and view frames two connections got at a
real host (recorded through the client library's ``on_message``): the organiser of an
organiser-mode Gift Exchange of two guests (the brings, the draw, two openings, a chat line,
the last opening undone and made again, a chat line after the end, a second game started) and
a TV that watched from after the first opening.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from netplay_support import FRAME_TYPES, problems

from yule.netplay.client.follower import Change, TableFollower, is_chat
from yule.tui.logwords import describe

RECORDED = json.loads((Path(__file__).parent / "recorded" / "party.json").read_text(encoding="utf-8"))


def texts(follower: TableFollower[Any]) -> list[str]:
    """The follower's log lines as an English client words them: a chat line as ``name: text``."""
    return [
        f"{line['name']}: {line['text']}" if is_chat(line) else describe("gift-exchange", line["event"], follower.names)
        for line in follower.lines
    ]


def test_the_recorded_frames_are_as_the_protocol_types_them():
    for who, frames in RECORDED.items():
        for i, frame in enumerate(frames):
            assert problems(frame, FRAME_TYPES[frame["type"]], f"{who} {i}") == []


def test_the_organiser_follows_the_party_in_order_and_hears_the_end_and_the_next_game():
    follower: TableFollower[Any] = TableFollower(1)
    changes = [follower.take(frame) for frame in RECORDED["organiser"]]
    assert [c.kind for c in changes if c is not None] == [f["type"] for f in RECORDED["organiser"]]
    views = [c for c in changes if c is not None and c.kind == "view"]
    assert [c.ended for c in views] == [False, False, False, False, True, False, True, False]
    assert [c.began for c in views] == [False] * 7 + [True]  # the undone end began no game
    assert texts(follower) == [
        "Org started the game.",
        "Ana brought gift #1 (box).",
        "[b]Ben[/b] brought gift #2 (box).",
        "The order is drawn: [b]Ben[/b], Ana.",
        "Turn 1 of 2: [b]Ben[/b] opens or steals.",
        "[b]Ben[/b] opened gift #1: Gift 0.",
        "Turn 2 of 2: Ana opens or steals.",
        "Org: What a mug!",
        "Ana opened gift #2: Gift 1.",
        "The gift exchange is over: everyone goes home with a gift.",
        "Undone: Ana opened gift #2: Gift 1.",
        "Ana opened gift #2: Gift 1.",
        "The gift exchange is over: everyone goes home with a gift.",
        "TV: Well played",
        "A new game begins at this table.",
        "Org started game 2.",
    ]
    assert follower.names == ["Ana", "[b]Ben[/b]"] and follower.status == "playing"
    assert follower.seq == 0 and follower.result is None and follower.info is RECORDED["organiser"][-1]
    assert follower.frame is not None and [a["seat"] for a in follower.frame["acting"]] == [0, 1]  # both bring
    assert follower.events == [{"type": "started", "name": "Org", "game_no": 2}]


def test_a_latecomer_gets_the_log_so_far_with_the_chat_where_it_was_said():
    organiser: TableFollower[Any] = TableFollower(1)
    tv: TableFollower[Any] = TableFollower(1)
    first_view = next(i for i, f in enumerate(RECORDED["tv"]) if f["type"] == "view")
    for frame in RECORDED["organiser"]:
        organiser.take(frame)
        if frame["type"] == "chat" and frame["text"] == "What a mug!":
            break  # the TV came in here
    for frame in RECORDED["tv"][: first_view + 1]:
        tv.take(frame)
    assert tv.log_taken == 1 and texts(tv) == texts(organiser)
    assert tv.view == organiser.view and tv.frame is not None and tv.frame["seat"] is None
    # Its first view comes after the game's events so far (its table shows the latest again).
    (log,) = [f for f in RECORDED["tv"][:first_view] if f["type"] == "log"]
    so_far = [entry["event"] for entry in log["entries"]]
    assert len(so_far) > 1 and tv.events == so_far + [entry["event"] for entry in RECORDED["tv"][first_view]["log"]]
    later = next(i for i, f in enumerate(RECORDED["tv"]) if i > first_view and f["type"] == "view")
    for frame in RECORDED["tv"][first_view + 1 : later + 1]:
        tv.take(frame)
    assert tv.events == [entry["event"] for entry in RECORDED["tv"][later]["log"]]  # then only each view's own
    for frame in RECORDED["tv"][later + 1 :]:
        tv.take(frame)
    assert texts(tv)[-3:] == ["TV: Well played", "A new game begins at this table.", "Org started game 2."]


def test_frames_of_other_tables_and_other_kinds_change_nothing():
    follower: TableFollower[Any] = TableFollower(2)
    others = [*RECORDED["organiser"], {"type": "nudged", "table": 2, "seat": 0, "name": "Ana"},
              {"type": "connection", "state": "reconnecting", "reason": "lost"}]  # fmt: skip
    assert {follower.take(frame) for frame in others} == {None}
    assert (follower.info, follower.frame, follower.lines, follower.log_taken) == (None, None, [], 0)


def test_timers_and_stand_ins_count_down_from_when_their_frame_came():
    now = [100.0]
    follower: TableFollower[Any] = TableFollower(1, clock=lambda: now[0])
    info = {**RECORDED["organiser"][0], "seats": [{**seat, "stand_in_in": 30.0} for seat in RECORDED["organiser"][0]["seats"]]}  # fmt: skip
    info["seats"][1]["stand_in_in"] = None
    assert follower.take(info) == Change("table")
    assert follower.away == {0: 130.0}
    now[0] = 105.0
    view = {**RECORDED["organiser"][1], "timers": [{"seat": 0, "left": 20.0}, {"seat": 1, "left": 7.5}]}
    follower.take(view)
    assert follower.deadlines == {0: 125.0, 1: 112.5}
    follower.take(RECORDED["organiser"][3])  # a view without timers: none run
    assert follower.deadlines == {}


def test_a_game_forgotten_starts_afresh_with_the_next_view():
    follower: TableFollower[Any] = TableFollower(1)
    frames = RECORDED["organiser"]
    last_over = max(i for i, f in enumerate(frames) if f["type"] == "view" and "result" in f["view"])
    for frame in frames[: last_over + 1]:
        follower.take(frame)
    shown = follower.log_taken
    follower.forget_game()
    assert (follower.frame, follower.lines, follower.log_taken) == (None, [], shown + 1)
    change = follower.take(frames[-2])  # the next game's first view: no "new game" line, a first view
    assert change == Change("view") and texts(follower) == ["Org started game 2."]
