"""White Rabbit's log in words (:mod:`yule.tui.white_rabbit.words`), read in English: each
event's line, the title of Oberhase too."""

from __future__ import annotations

from yule.tui.white_rabbit.words import describe


def test_describe_every_event(names):
    d = describe
    assert d({"type": "roll", "by": 0, "value": 4, "cw": 4, "ccw": 4}, names) == "Ana rolled a 4."
    base = {"type": "move", "by": 0, "dir": "cw", "steps": 3, "from": 0, "to": 3}
    assert (
        d({**base, "card": "grey-5", "outcome": "kept"}, names)
        == "Ana moved clockwise to space 3 and drew grey 5: kept."
    )
    assert d({**base, "card": "grey-2", "outcome": "slid"}, names).endswith("a 2 Ana already has: slid under pile 3.")
    assert d({**base, "by": 1, "dir": "ccw", "card": "max", "outcome": "max"}, names) == (
        "Ben moved counter-clockwise to space 3 and drew Max!"
    )
    assert "empty" in d({**base, "card": None, "outcome": "empty"}, names)
    assert "no extra roll" in d({**base, "steps": 6, "card": None, "outcome": "empty"}, names)
    assert d({"type": "max_take", "by": 1, "from": None, "card": None}, names) == "Ben took nothing with Max."
    assert d({"type": "max_place", "by": 1, "pile": 4}, names) == "Ben put Max on top of pile 4."
    assert d({"type": "turn", "seat": 2, "again": True}, names) == "Chloe rolls again."
    assert d({"type": "deal", "cards": [3] * 8, "max_pile": 5}, names).endswith("pile 5.")
    stopped = {"type": "game_over", "scores": [3, 4], "winners": [], "stopped": True, "oberhase": [None, None]}
    assert "no winner" in d(stopped, names)
    won = {"type": "game_over", "scores": [6, 4], "winners": [0], "stopped": False, "oberhase": [None, None]}
    assert d(won, names) == "Ana has a complete rabbit family and wins!"


def test_an_oberhase_is_named_in_the_last_line(names):
    over = {"type": "game_over", "scores": [6, 0], "winners": [0], "stopped": False, "oberhase": ["cream", None]}
    assert describe(over, names) == "Ana has a complete rabbit family and wins! Ana is Oberhase (all six cream)!"
