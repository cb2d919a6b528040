"""Elf bots and the log: bots play legal moves from their own view, the goal-seeking bot goes
for its own locations and avoids others', and every event reads as a sentence in the app's
words (:mod:`yule.tui.elf.words`, in English)."""

from __future__ import annotations

import copy
import random
import statistics

from yule.core.bots import RandomBot
from yule.core.elf.board import GOALS, TOKEN_INDEX
from yule.core.elf.bots import GoalBot
from yule.core.elf.preview import preview
from yule.core.registry import get_game
from yule.core.session import Session
from yule.tui.elf.words import describe

from .conftest import set_arrow, simulate, start

GAME = get_game("elf")


def own_visits(record) -> list[int]:
    """For each seat, how many of its goal locations got a scoring slot."""
    result = record["result"]
    scored = result["slots"][:6]
    return [sum(loc in scored for loc in GOALS[goal]) for goal in result["goals"]]


def test_the_goal_bot_visits_more_of_its_own_locations_than_random():
    goal = [v for seed in range(20) for v in own_visits(simulate(3, seed, "greedy"))]
    rand = [v for seed in range(20) for v in own_visits(simulate(3, seed, "random"))]
    assert statistics.mean(goal) > statistics.mean(rand) + 0.5


def bot_turn(state, seat=0):
    """Let a goal bot play ``seat``'s whole turn; return the locations it reached."""
    bot = GoalBot(random.Random(1))
    reached = []
    while not state.is_over and state.active() == (seat,):
        move = bot.choose(state.view(seat))
        reached += [e["location"] for e in state.apply(state.parse_seat_move(seat, move)) if e["type"] == "location"]
    return reached


def test_the_goal_bot_takes_its_own_location_within_reach():
    state = start(2, ["cl-1", "cr-1", "s3-1"], goals=["goal-1", "goal-2"])
    set_arrow(state, 17, 4, "S")  # s3 S: (17, 5) (17, 6) (17, 7) touches Gumdrop Village
    assert bot_turn(state) == ["gumdrop-village"]


def test_the_goal_bot_keeps_away_from_a_location_not_on_its_card():
    state = start(2, ["cl-1", "cr-1", "s3-1"], goals=["goal-4", "goal-1"])
    set_arrow(state, 17, 4, "S")
    assert bot_turn(state) == []


def test_the_goal_bot_heads_for_nyc_when_its_locations_are_done():
    state = start(2, ["cl-1", "cr-1", "s3-1"], goals=["goal-1", "goal-2"])
    for loc in GOALS["goal-1"]:
        state.slots.append(loc)
        state.live &= ~(1 << TOKEN_INDEX[loc])
    set_arrow(state, 12, 9, "S")  # s3 S reaches (12, 12), touching END
    move = GoalBot(random.Random(1)).choose(state.view(0))
    assert move == {"type": "play", "card": "s3-1", "heading": "S"}


def _drive(players, seed, bot):
    """Play a game like yule.core.records.play, checking bots against copies of their view."""
    session = Session(GAME, players, seed=seed)
    bots = [bot(random.Random(f"{seed}/{i}")) for i in range(players)]
    events = session.draw_chance()
    while not session.state.is_over:
        seat = session.movers()[0]
        view = session.state.view(seat)
        before = copy.deepcopy(view)
        wire = bots[seat].choose(view)
        assert view == before, "a bot changed its view"
        if wire["type"] == "play":
            assert any(p["move"] == wire for p in preview(view, wire["card"]))
        events += session.play(seat, wire)
    return events


def test_bots_play_previewed_moves_and_every_event_reads_as_words():
    names = ["Ana", "Ben", "Chloe", "Dan"]
    seen = set()
    for players, seed, bot in ((2, 1, RandomBot), (3, 2, GoalBot), (4, 3, RandomBot), (3, 4, GoalBot)):
        for event in _drive(players, seed, bot):
            text = describe(event, names[:players])
            assert text and text != event["type"] and text[-1] in ".!", event
            seen.add(event["type"])
    assert {"shuffle", "deal", "goals", "gingerbread", "turn", "play", "location", "end", "draw", "game_over"} <= seen


def test_preview_lists_what_a_card_would_trigger():
    state = start(2, ["s3-1", "cl-1", "cr-1"])
    set_arrow(state, 9, 7, "S")
    (entry,) = preview(state.view(0), "s3-1")  # (9, 8) (9, 9) (9, 10): syrup-2 at (9, 9)
    assert entry["cells"] == [[9, 8], [9, 9], [9, 10]]
    assert entry["triggers"] == [{"token": "syrup-2", "cell": [9, 9]}]
    assert [6, 9] in entry["touch"] and [9, 11] in entry["touch"] and len(entry["touch"]) == 12
    assert entry["arrow"] == {"cell": [9, 10], "heading": "S"}
    assert preview(state.view(0), "no-card") == []
