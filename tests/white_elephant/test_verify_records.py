"""``yule verify`` refuses illegal records: a real record tampered with, one way per test.

Each tampering must make :func:`yule.core.records.verify_record` raise :class:`RecordError` naming
the 1-based number of the first bad move (or no number when the moves are fine and only the
result is wrong).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable

import pytest

from yule.core.records import RecordError, verify_record
from yule.core.white_elephant import WhiteElephantState

from .helpers import bot_game

# A 4-seat game of patient bots: long rounds with takes, trades, peeks and ends.
REAL = json.loads(json.dumps(bot_game(4, ["patient"] * 4, seed=11)))


def real_record() -> dict:
    return copy.deepcopy(REAL)


def find(record: dict, wanted: Callable[[dict, WhiteElephantState], bool]) -> tuple[int, WhiteElephantState]:
    """The index of the first move such that ``wanted(move, position before it)``, and that position."""
    state = WhiteElephantState(len(record["players"]))
    for index, move in enumerate(record["moves"]):
        if wanted(move, state):
            return index, state
        state.apply(state.parse_record_move(move))
    raise AssertionError("the real record has no such move")


def first(record: dict, wanted: Callable[[dict, WhiteElephantState], bool]) -> int:
    """The index of the first move such that ``wanted(move, position before it)``."""
    return find(record, wanted)[0]


def refused_at(record: dict, number: int | None, reason: str) -> None:
    with pytest.raises(RecordError) as error:
        verify_record(record)
    assert error.value.move == number, str(error.value)
    assert reason in str(error.value)
    if number is not None:
        assert str(error.value).startswith(f"move {number}: ")


def test_the_real_record_verifies():
    record = real_record()
    verify_record(record)
    kinds = {m["type"] for m in record["moves"]}
    assert {"take", "trade", "peek", "end"} <= kinds


def test_a_take_of_one_card():
    record = real_record()
    i = first(record, lambda m, s: m["type"] == "take" and len(s.exchange) > 2)
    record["moves"][i]["cards"] = record["moves"][i]["cards"][:1]
    refused_at(record, i + 1, "Take at least 2 gifts.")


def test_a_take_of_a_card_not_in_the_exchange():
    record = real_record()
    i = first(record, lambda m, s: m["type"] == "take" and s.view(None)["deck"] > 0)
    deck = record["moves"][0]["deck"]
    record["moves"][i]["cards"][0] = deck[-1]  # dealt only in the final round
    refused_at(record, i + 1, "That gift is not in the Gift Exchange.")


def test_a_trade_with_no_peanut():
    record = real_record()

    def broke_with_a_target(move, state):
        seat = move["by"]
        return (
            move["type"] in ("take", "clear")
            and state.peanuts[seat] == 0
            and any(state.front[t] for t in range(state.players) if t != seat)
        )

    i, before = find(record, broke_with_a_target)
    seat = record["moves"][i]["by"]
    target = next(t for t, front in enumerate(before.front) if front and t != seat)
    record["moves"][i] = {"by": seat, "type": "trade", "target": target}
    refused_at(record, i + 1, "You need a Peanut to trade.")


def test_a_move_by_the_wrong_seat():
    record = real_record()
    i = first(record, lambda m, s: m["type"] == "end")
    record["moves"][i]["by"] = (record["moves"][i]["by"] + 1) % 4
    refused_at(record, i + 1, "It is not your turn.")


def test_a_main_action_twice_in_a_turn():
    record = real_record()
    i = first(record, lambda m, s: m["type"] == "end")
    record["moves"][i] = {"by": record["moves"][i]["by"], "type": "clear"}
    refused_at(record, i + 1, "You have made your main action")


def test_a_shuffle_missing_a_card():
    record = real_record()
    record["moves"][0]["deck"] = record["moves"][0]["deck"][:-1]
    refused_at(record, 1, "each card once")


def test_a_start_seat_that_does_not_exist():
    record = real_record()
    record["moves"][1]["seat"] = 4
    refused_at(record, 2, "There is no Seat 5.")


def test_an_unknown_move_type():
    record = real_record()
    i = first(record, lambda m, s: m["type"] == "trade")
    record["moves"][i]["type"] = "steal"
    refused_at(record, i + 1, "unknown move type 'steal'")


def test_extra_moves_after_the_end():
    record = real_record()
    last = record["moves"][-1]
    record["moves"].append({"by": last["by"], "type": "end"})
    refused_at(record, len(record["moves"]), "The game is over.")


def test_a_wrong_score():
    record = real_record()
    record["result"]["scores"][0] += 1
    refused_at(record, None, "result scores")


def test_a_wrong_winner():
    record = real_record()
    winners = record["result"]["winners"]
    record["result"]["winners"] = [next(s for s in range(4) if s not in winners)]
    refused_at(record, None, "result winners")


def test_a_wrong_shelf():
    record = real_record()
    shelves = record["result"]["shelves"]
    giver = next(s for s in range(4) if shelves[s])
    shelves[(giver + 1) % 4].append(shelves[giver].pop())
    refused_at(record, None, "result shelves")


def test_a_missing_result_for_a_finished_game():
    record = real_record()
    del record["result"]
    refused_at(record, None, "no result")


def test_a_result_for_an_unfinished_game():
    record = real_record()
    record["moves"] = record["moves"][:-1]
    refused_at(record, None, "do not finish the game")


def test_an_unfinished_game_without_a_result_verifies():
    """records.md: a saved unfinished game has no result, and that is fine."""
    record = real_record()
    record["moves"] = record["moves"][:10]
    del record["result"]
    verify_record(record)
