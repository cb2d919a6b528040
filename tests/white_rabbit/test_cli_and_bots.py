"""``yule simulate white-rabbit`` and ``yule verify`` at every player count, and the bots'
choices: always legal, and the greedy bot's preferences (Max when he helps, no empty pile).
"""

from __future__ import annotations

import json
import random

import pytest

from yule.core.white_rabbit import GreedyBot, RandomBot
from yule.tui.cli import main

from .conftest import give, new_game, turn


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_simulate_and_verify(players, bot, tmp_path, capsys):
    path = tmp_path / "game.json"
    assert (
        main(
            ["simulate", "white-rabbit", "--players", str(players), "--seed", "3", "--bot", bot, "--record", str(path)]
        )
        == 0
    )
    record = json.loads(path.read_text())
    assert record["game"] == "white-rabbit" and record["options"] == {} and len(record["players"]) == players
    assert record["moves"][0]["type"] == "deal"
    capsys.readouterr()
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out.startswith("OK")


def test_simulate_refuses_five_players(capsys):
    assert main(["simulate", "white-rabbit", "--players", "5"]) == 2
    assert "2 to 4" in capsys.readouterr().err


def test_greedy_heads_for_max_when_he_can_take_something():
    for seed in range(10):
        state = new_game(2, max_on=3)
        give(state, 1, ["grey-4"])
        state.apply(state.parse_record_move({"by": "chance", "type": "roll", "value": 3}))
        assert GreedyBot(random.Random(seed)).choose(state.view(0)) == {"type": "move", "dir": "cw"}


def test_greedy_avoids_an_empty_pile():
    for seed in range(10):
        state = new_game(2, max_on=7)
        state.piles[2] = []
        state.apply(state.parse_record_move({"by": "chance", "type": "roll", "value": 2}))
        assert GreedyBot(random.Random(seed)).choose(state.view(0))["dir"] == "ccw"


def test_greedy_takes_from_the_seat_closest_to_a_family_and_hides_max():
    state = new_game(3, max_on=2)
    give(state, 1, ["grey-4"])
    give(state, 2, ["cream-4", "cream-5", "cream-1"])
    turn(state, 2)
    bot = GreedyBot(random.Random(0))
    move = bot.choose(state.view(0))
    assert move["from"] == 2 and move["card"] in ("cream-4", "cream-5", "cream-1")
    state.apply(state.parse_seat_move(0, move))
    assert bot.choose(state.view(0)) == {"type": "max_place", "pile": state.rabbit}


@pytest.mark.parametrize("bot_class", [RandomBot, GreedyBot])
def test_bots_answer_legal_moves_in_every_phase(bot_class):
    state = new_game(3, max_on=2)
    give(state, 1, ["grey-4"])
    bot = bot_class(random.Random(1))
    chance = random.Random(2)
    for _ in range(200):
        if state.is_over:
            break
        if state.active() == ("chance",):
            state.apply(state.chance_move(chance))
            continue
        seat = state.active()[0]
        move = state.parse_seat_move(seat, bot.choose(state.view(seat)))
        assert state.can(move)
        state.apply(move)
