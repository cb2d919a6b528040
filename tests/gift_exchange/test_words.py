"""Gift Exchange's log in words (:mod:`yule.tui.gift_exchange.words`), read in English: each
event's line, and no line telling a label before its gift is opened."""

from __future__ import annotations

import json

from yule.core.gift_exchange import GAME
from yule.tui.gift_exchange.words import describe

from .conftest import names, random_record


def test_describe_in_plain_words():
    who = ["Ana", "Ben", "Chloe"]
    assert describe({"type": "bring", "by": 1, "gift": 1, "wrapping": "big box", "blank": False}, who) == (
        "Ben brought gift #2 (big box)."
    )
    assert describe({"type": "bring", "by": 0, "gift": 0, "wrapping": "", "blank": True}, who) == (
        "Ana brought gift #1. It will be named when it is opened."
    )
    assert describe({"type": "order", "seats": [2, 0, 1]}, who) == "The order is drawn: Chloe, Ana, Ben."
    assert describe({"type": "turn", "turn": 0, "seat": 2, "turns": 3}, who) == "Turn 1 of 3: Chloe opens or steals."
    assert (
        describe(
            {
                "type": "steal",
                "by": 0,
                "gift": 2,
                "label": "Fan",
                "from": 1,
                "steals": 3,
                "final": True,
                "gave": 0,
                "gave_label": "Mug",
            },
            who,
        )
        == "Ana swapped Mug (gift #1) for Fan (gift #3), which Ben held (3rd steal)."
    )
    assert describe({"type": "keep", "by": 0, "gift": 0, "label": "Mug"}, who) == "Ana keeps Mug (gift #1)."
    assert "nothing to swap" in describe({"type": "final_swap", "seat": 0, "offered": False}, who)


def test_every_event_of_a_game_has_a_log_line_without_hidden_labels():
    record = random_record(6, seed=3, blank_every=3)
    state = GAME.start(6, record["options"])
    opened: set[int] = set()
    for move in record["moves"]:
        for event in state.apply(state.parse_record_move(move)):
            if event["type"] == "open":
                opened.add(event["gift"])
            line = describe(event, names(6))
            assert line and line != event["type"]
            for gift in set(range(6)) - opened:
                assert f"Secret#{gift:02}#" not in line + json.dumps(event)
