"""The party tracker article's five-guest run, written out by hand as a record.

Five guests, gifts freeze after 2 steals, everything else at its default.  The article numbers
gifts as they are opened; here gift ids are the seat that brought them, so the story is told
with: Ana brought the socks (0), Ben the waffle maker (1), Chloe the heated blanket (2), Dev the
board game (3) and Eli the candle (4).  The order drawn is the seat order.
"""

from __future__ import annotations

import pytest

from yule.core.gift_exchange import GAME, Steal
from yule.core.gift_exchange.state import Frozen, NoStealBack
from yule.core.records import RecordError, replay, verify_record

from .conftest import play_moves

PLAYERS = ["Ana", "Ben", "Chloe", "Dev", "Eli"]
ANA, BEN, CHLOE, DEV, ELI = range(5)
SOCKS, WAFFLE, BLANKET, BOARD, CANDLE = range(5)
OPTIONS = {"steal_limit": 2, "no_steal_back": True, "max_steals_per_turn": None, "final_swap": True, "open_own": True}
LABELS = {SOCKS: "Socks", WAFFLE: "Waffle maker", BLANKET: "Heated blanket", BOARD: "Board game", CANDLE: "Candle"}

BRINGS = [
    {"by": s, "type": "bring", "label": LABELS[s], "wrapping": w}
    for s, w in enumerate(["soft parcel", "big box", "bag", "flat box", "tin"])
]
ORDER = [{"by": "chance", "type": "order", "seats": [ANA, BEN, CHLOE, DEV, ELI]}]
# Up to the first refusal: Chloe has just taken the waffle maker (its 2nd steal); Ben moves.
PART_1 = [
    {"by": ANA, "type": "open", "gift": WAFFLE},
    {"by": BEN, "type": "steal", "gift": WAFFLE},
    {"by": ANA, "type": "open", "gift": BLANKET},
    {"by": CHLOE, "type": "steal", "gift": WAFFLE},
]
# Up to the second refusal: Ben opened the board game, Dev took the blanket from Ana.
PART_2 = [
    {"by": BEN, "type": "open", "gift": BOARD},
    {"by": DEV, "type": "steal", "gift": BLANKET},
]
# To the end: Ana opens the candle, Eli the socks, then Ana's final swap for the blanket.
PART_3 = [
    {"by": ANA, "type": "open", "gift": CANDLE},
    {"by": ELI, "type": "open", "gift": SOCKS},
    {"by": ANA, "type": "steal", "gift": BLANKET},
]
RESULT = {
    "scores": [0, 0, 0, 0, 0],
    "winners": [],
    "holdings": [BLANKET, BOARD, WAFFLE, CANDLE, SOCKS],
    "steals": [0, 2, 2, 0, 0],
}


def record(brings=BRINGS, part_3=PART_3):
    return {
        "format": "yule-record/1",
        "game": "gift-exchange",
        "options": OPTIONS,
        "players": PLAYERS,
        "moves": brings + ORDER + PART_1 + PART_2 + part_3,
        "result": RESULT,
    }


def test_first_refusal_the_waffle_maker_is_frozen():
    state = replay(record(), upto=len(BRINGS) + 1 + len(PART_1)).state
    assert state.active() == (BEN,)
    with pytest.raises(Frozen, match="frozen"):
        state.verify(Steal(BEN, WAFFLE))
    refusal = next(r for r in state.view(BEN)["actions"]["refusals"] if r["gift"] == WAFFLE)
    assert refusal["code"] == "frozen"


def test_second_refusal_no_stealing_the_blanket_straight_back():
    state = replay(record(), upto=len(BRINGS) + 1 + len(PART_1) + len(PART_2)).state
    assert state.active() == (ANA,)
    with pytest.raises(NoStealBack, match="straight back"):
        state.verify(Steal(ANA, BLANKET))
    hints = state.view(ANA)["actions"]
    assert [r["code"] for r in hints["refusals"] if r["gift"] == BLANKET] == ["no_steal_back"]
    # She may still take a different open gift, if it is not frozen: the board game.
    assert hints["steal"] == [BOARD]


def test_after_the_last_open_ana_is_offered_the_final_swap():
    state = replay(record(), upto=len(BRINGS) + 1 + len(PART_1) + len(PART_2) + 2).state
    assert state.phase == "final" and state.active() == (ANA,)
    hints = state.view(ANA)["actions"]
    assert sorted(hints["steal"]) == sorted([BLANKET, BOARD, SOCKS]) and hints["keep"]


def test_the_whole_run_verifies_with_the_articles_final_table():
    verify_record(record())
    state = replay(record()).state
    rows = {r["seat"]: (r["label"], r["steals"]) for r in state.table()}
    assert rows == {
        ANA: ("Heated blanket", 2),
        BEN: ("Board game", 0),
        CHLOE: ("Waffle maker", 2),
        DEV: ("Candle", 0),
        ELI: ("Socks", 0),
    }
    assert sum(state.outcome().extra["steals"]) == 4


def test_the_run_with_gifts_named_at_the_reveal():
    """The article names each gift as it is opened: organiser mode with blank labels."""
    blank = [{**m, "label": ""} for m in BRINGS]
    named = []
    for move in PART_1 + PART_2 + PART_3:
        if move["type"] == "open":
            move = {**move, "label": LABELS[move["gift"]]}
        named.append(move)
    rec = {**record(brings=blank), "moves": blank + ORDER + named}
    verify_record(rec)
    state = GAME.start(5, OPTIONS)
    events = play_moves(state, rec["moves"])
    opened = [e["label"] for e in events if e["type"] == "open"]
    assert opened == ["Waffle maker", "Heated blanket", "Board game", "Candle", "Socks"]
    assert state.outcome().to_record() == RESULT


def test_a_tampered_article_record_names_the_bad_move():
    bad = record()
    # Ben tries to take the frozen waffle maker instead of opening the board game.
    number = len(BRINGS) + 1 + len(PART_1) + 1
    bad["moves"][number - 1] = {"by": BEN, "type": "steal", "gift": WAFFLE}
    with pytest.raises(RecordError, match=f"move {number}: .*frozen"):
        verify_record(bad)
