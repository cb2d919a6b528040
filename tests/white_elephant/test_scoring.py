"""Final scoring (rulebook "Game End and Final Scoring"; house rule 12).

Shelves are scored with :func:`yule.core.white_elephant.score`; the expected numbers are worked out
by hand from the rule in each test.
"""

from __future__ import annotations

from yule.core.white_elephant import score

from .helpers import rule_scores


def test_most_cards_of_a_suit_make_a_collection_worth_1_per_card():
    out = score([["mug-9", "mug-8"], ["mug-0"], []], [0, 0, 0], 3)
    assert out.scores == (2, 0, 0)  # 1 + 1 for seat 0; seat 1's lone mug-0 is junk worth 0
    assert out.extra["collections"] == [["mug"], [], []]


def test_tied_most_all_make_a_collection():
    out = score([["mug-9", "mug-8"], ["mug-7", "mug-6"], ["mug-5"]], [0, 0, 0], 3)
    assert out.scores == (2, 2, 5)
    assert out.extra["collections"] == [["mug"], ["mug"], []]


def test_a_single_card_is_a_collection_when_nobody_has_more():
    out = score([["snow-globe-10"], ["mug-9", "mug-8"], []], [0, 0, 0], 3)
    assert out.scores == (1, 2, 0)


def test_junk_scores_its_number():
    shelves = [
        ["football-8", "board-game-5", "mug-3"],
        ["football-0", "football-1", "board-game-0", "board-game-1", "mug-0", "mug-1"],
        [],
    ]
    out = score(shelves, [0, 0, 0], 3)
    assert out.scores == (8 + 5 + 3, 6, 0)


def test_one_seat_may_hold_several_collections():
    out = score([["mug-9", "football-8", "gift-basket-7"], ["mug-0"], ["football-0"]], [0, 0, 0], 3)
    assert sorted(out.extra["collections"][0]) == ["football", "gift-basket", "mug"]
    assert out.scores[0] == 3
    # seats 1 and 2 tie seat 0 for the most (1 card each) in their suit
    assert out.extra["collections"][1] == ["mug"] and out.extra["collections"][2] == ["football"]


def test_each_peanut_is_minus_1():
    out = score([["mug-9"], ["football-8"], []], [3, 0, 2], 3)
    assert out.scores == (1 - 3, 1, -2)


def test_an_empty_shelf_scores_minus_its_peanuts():
    out = score([[], [], ["socks-7"], []], [0, 4, 0, 0], 4)
    assert out.scores == (0, -4, 1, 0)
    assert out.extra["collections"] == [[], [], ["socks"], []]


def test_lowest_score_wins():
    shelves = [["mug-9"], ["football-8", "football-7"], ["board-game-6", "board-game-5", "board-game-4"]]
    out = score(shelves, [0, 0, 0], 3)
    assert out.scores == (1, 2, 3)  # every seat collects its only suit
    assert out.winners == (0,)


def test_a_tie_shares_the_win_listed_in_seat_order():
    out = score([["mug-9"], [], ["football-8"], []], [1, 0, 1, 0], 4)
    assert out.scores == (0, 0, 0, 0)
    assert out.winners == (0, 1, 2, 3)


def test_result_lists_shelves_peanuts_and_collections():
    """records.md: the result adds ``shelves``, ``peanuts`` and ``collections``."""
    record = score([["mug-9", "mug-8"], ["mug-0"], []], [2, 0, 1], 3).to_record()
    assert record == {
        "scores": [0, 0, -1],
        "winners": [2],
        "shelves": [["mug-9", "mug-8"], ["mug-0"], []],
        "peanuts": [2, 0, 1],
        "collections": [["mug"], [], []],
    }


def test_reference_scorer_agrees_on_a_mixed_table():
    shelves = [
        ["mug-9", "mug-1", "snow-globe-10", "football-3"],
        ["mug-2", "mug-3", "snow-globe-0", "snow-globe-1"],
        ["football-4", "football-5", "gift-basket-9"],
    ]
    out = score(shelves, [1, 0, 2], 3)
    # seat 0: mug tie (2) -> 2, snow-globe junk 10, football junk 3, -1 => 14
    # seat 1: mug tie -> 2, snow-globe most -> 2 => 4
    # seat 2: football most -> 2, gift-basket most -> 1, -2 => 1
    assert out.scores == (14, 4, 1)
    assert list(out.scores) == rule_scores(shelves, [1, 0, 2])
