"""The worked example of the spec (§6): the first three turns of a 3-seat game, replayed exactly.

Ana, Ben and Chloe; the deck is stacked so the deal and the draws are the example's.  Every
cell, arrow, touch, draw and slot below is written by hand from the example's table.
"""

from __future__ import annotations

from yule.core.elf.state import ElfState, score
from yule.core.records import FORMAT, replay

from .conftest import deck_with_top

TOP = ["cl-1", "s3-2", "s3-5", "kr-1", "s2-4", "s2-7", "ul-1", "cr-2", "s3-6",
       "kl-3", "zl-2", "s2-9", "cr-5", "s3-1", "s2-2", "kr-4"]  # fmt: skip

MOVES = [
    {"by": "chance", "type": "shuffle", "deck": deck_with_top(TOP)},
    {"by": "chance", "type": "goals", "goals": ["goal-3", "goal-1", "goal-2"]},
    {"by": "chance", "type": "gingerbread", "values": [2, 1, 3, 2]},
    {"by": 0, "type": "play", "card": "cl-1", "heading": "S"},
    {"by": 0, "type": "play", "card": "s3-2", "heading": "E"},
    {"by": 0, "type": "play", "card": "s3-5", "heading": "E"},
    {"by": 0, "type": "end"},
    {"by": 1, "type": "play", "card": "kr-1", "heading": "E"},
    {"by": 1, "type": "play", "card": "s2-4", "heading": "E"},
    {"by": 1, "type": "play", "card": "s2-7", "heading": "E", "floe": [2, 10]},
    {"by": 1, "type": "end"},
    {"by": 2, "type": "play", "card": "ul-1", "heading": "E"},
    {"by": 2, "type": "play", "card": "cr-2", "heading": "W"},
    {"by": 2, "type": "end"},
]


def _apply(state: ElfState, index: int) -> list[dict]:
    return state.apply(state.parse_record_move(MOVES[index]))


def _triggers(events: list[dict]) -> list[tuple]:
    out = []
    for e in events:
        if e["type"] == "location":
            out.append(("location", e["location"], tuple(e["cell"]), e["slot"], e["points"]))
        elif e["type"] == "syrup":
            out.append(("syrup", e["jar"], tuple(e["cell"]), e["card"]))
        elif e["type"] == "floe":
            out.append(("floe", e["floe"], tuple(e["cell"])))
        elif e["type"] == "take_gingerbread":
            out.append(("gingerbread", e["spot"], tuple(e["cell"])))
    return out


def _play(events: list[dict]) -> tuple:
    play = events[0]
    assert play["type"] == "play"
    return [tuple(c) for c in play["cells"]], (tuple(play["arrow"]["cell"]), play["arrow"]["heading"])


def test_the_three_turns_replay_exactly():
    state = ElfState(3)
    for i in range(3):
        _apply(state, i)
    assert state.hands == [["cl-1", "s3-2", "s3-5"], ["kr-1", "s2-4", "s2-7"], ["ul-1", "cr-2", "s3-6"]]
    assert state.active() == (0,)

    # Turn 1, Ana.
    ev = _apply(state, 3)
    assert _play(ev) == ([(12, 1), (13, 1)], ((13, 1), "E")) and _triggers(ev) == []
    ev = _apply(state, 4)
    assert _play(ev) == ([(14, 1), (15, 1), (16, 1)], ((16, 1), "E"))
    assert _triggers(ev) == [("syrup", "syrup-1", (15, 1), "kl-3")]
    ev = _apply(state, 5)
    assert _play(ev) == ([(17, 1), (18, 1), (19, 1)], ((19, 1), "E"))
    assert _triggers(ev) == [("location", "wise-snowman", (19, 1), 0, 3)]
    ev = _apply(state, 6)
    assert {"type": "draw", "seat": 0, "cards": ["zl-2", "s2-9"], "why": "end"} in ev
    assert state.hands[0] == ["kl-3", "zl-2", "s2-9"]
    assert state.active() == (1,)

    # Turn 2, Ben.
    ev = _apply(state, 7)
    assert _play(ev) == ([(20, 1), (21, 2)], ((21, 2), "SE")) and _triggers(ev) == []
    for heading, legal in (("E", True), ("S", True), ("N", False), ("W", False)):
        move = state.parse_record_move({"by": 1, "type": "play", "card": "s2-4", "heading": heading})
        assert state.can(move) is legal, heading
    ev = _apply(state, 8)
    assert _play(ev) == ([(22, 2), (23, 2)], ((23, 2), "E"))
    assert _triggers(ev) == [("floe", "floe-a", (22, 2))]
    assert state.view(None)["jump"] == {"used": False, "offer": "floe-b"}
    ev = _apply(state, 9)
    assert _play(ev) == ([(3, 10), (4, 10)], ((4, 10), "E"))
    assert _triggers(ev) == [("location", "central-park", (3, 10), 1, 3)]
    assert state.view(None)["jump"] == {"used": True, "offer": None}
    ev = _apply(state, 10)
    assert state.hands[1] == ["cr-5", "s3-1"]

    # Turn 3, Chloe.
    ev = _apply(state, 11)
    assert _play(ev) == ([(5, 10), (5, 9), (4, 9)], ((4, 9), "W")) and _triggers(ev) == []
    ev = _apply(state, 12)
    assert _play(ev) == ([(3, 9), (3, 8)], ((3, 8), "N"))
    assert _triggers(ev) == [("gingerbread", "g3", (3, 8))]  # floe-b touched at (3, 9): nothing
    ev = _apply(state, 13)
    assert state.hands[2] == ["s3-6", "s2-2", "kr-4"]

    view = state.view(None)
    assert view["slots"] == ["wise-snowman", "central-park", None, None, None, None]
    assert view["deck"] == 44
    assert view["arrow"] == {"cell": [3, 8], "heading": "N"}
    assert view["gingerbread_counts"] == [0, 0, 1]
    assert state.view(2)["my_gingerbread"] == [{"spot": "g3", "value": 3}]
    assert state.view(0)["my_gingerbread"] == [] and state.view(1)["my_gingerbread"] == []
    assert state.active() == (0,)
    # If the game stopped here: Ana 3, Ben 6, Chloe 3 + her hidden 3.
    assert score(state.goals, state.slots, state.gingerbread_taken(), None, "cards").scores == (3, 6, 6)


def test_chloes_narwhal_is_two_cards_north():
    state = ElfState(3)
    for i in range(len(MOVES)):
        _apply(state, i)
    # Ana (to move) has no s3; give the position to a fresh copy where Ana's hand is Chloe's
    # kind of cards: an s3 then an s2 from (3, 8) N reach y = 4 and touch Mr. Narwhal.
    state.hands[0] = ["s3-6", "s2-2"]
    state.hands[2] = ["kl-3", "zl-2", "s2-9"]
    ev = state.apply(state.parse_record_move({"by": 0, "type": "play", "card": "s3-6", "heading": "N"}))
    assert [tuple(c) for c in ev[0]["cells"]] == [(3, 7), (3, 6), (3, 5)]
    assert not any(e["type"] == "location" for e in ev)
    ev = state.apply(state.parse_record_move({"by": 0, "type": "play", "card": "s2-2", "heading": "N"}))
    assert [tuple(c) for c in ev[0]["cells"]] == [(3, 4), (3, 3)]
    assert [e["location"] for e in ev if e["type"] == "location"] == ["mr-narwhal"]
    assert [e["cell"] for e in ev if e["type"] == "location"] == [[3, 4]]


def test_the_example_record_replays():
    record = {"format": FORMAT, "game": "elf", "options": {}, "players": ["Ana", "Ben", "Chloe"], "moves": MOVES}
    state = replay(record).state
    assert state.view(None)["deck"] == 44 and not state.is_over
