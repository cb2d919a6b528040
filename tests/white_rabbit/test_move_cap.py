"""The 500-roll cap played out for real: a hand-made record where the rabbit bounces between
two emptied piles until the 500th roll, which ends the game with no winner (house rule 6).
"""

from __future__ import annotations

import copy

import pytest

from yule.core.records import RecordError, verify_record

from .conftest import Reference, deal_piles


def bouncing_record(rolls: int, last: int = 1) -> dict:
    """Seats 0 and 1 empty piles 1 and 2 (keeping browns and greys 1-3), then bounce between them."""
    piles = deal_piles({1: ["brown-1", "brown-2", "brown-3"], 2: ["grey-1", "grey-2", "grey-3"]}, max_on=5)
    moves: list[dict] = [{"by": "chance", "type": "deal", "piles": [list(p) for p in piles]}]
    space, seat = 0, 0
    for number in range(1, rolls + 1):
        value = last if number == rolls else 1
        target = 2 if space == 1 else 1
        direction = "cw" if (space + value) % 8 == target or number == rolls else "ccw"
        moves.append({"by": "chance", "type": "roll", "value": value})
        moves.append({"by": seat, "type": "move", "dir": direction})
        space = (space + (value if direction == "cw" else -value)) % 8
        seat = 1 - seat
    return {"format": "yule-record/1", "game": "white-rabbit", "options": {}, "players": ["Ana", "Ben"], "moves": moves}


@pytest.mark.parametrize("last", [1, 6])
def test_the_500th_roll_ends_the_game_with_no_winner(last):
    record = bouncing_record(500, last)
    ref = Reference(2)
    for move in record["moves"]:
        ref.play(move)
    assert ref.expect == "over" and ref.winners == [] and ref.rolls == 500
    assert ref.result()["scores"] == ([3, 3] if last == 1 else [3, 4])  # a 6 still draws its card
    record["result"] = ref.result()
    verify_record(record)
    claimed = copy.deepcopy(record)
    claimed["result"]["winners"] = [0]
    with pytest.raises(RecordError, match="winners"):
        verify_record(claimed)
    more = copy.deepcopy(record)
    more["moves"].append({"by": "chance", "type": "roll", "value": 3})
    with pytest.raises(RecordError) as error:
        verify_record(more)
    assert error.value.move == len(more["moves"]) and "over" in str(error.value)


def test_after_499_rolls_the_game_goes_on():
    record = bouncing_record(499)
    verify_record(record)  # no result: an unfinished game
    record["result"] = {"scores": [3, 3], "winners": []}
    with pytest.raises(RecordError, match="do not finish"):
        verify_record(record)
