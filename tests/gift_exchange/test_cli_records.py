"""``yule simulate gift-exchange`` and ``yule verify`` at every table size, and the record's
shape as the records spec writes it."""

from __future__ import annotations

import json

import pytest

from yule.core.gift_exchange import GAME
from yule.core.records import play
from yule.tui.cli import main

from .conftest import names


@pytest.mark.parametrize("players", range(2, 41))
def test_simulate_then_verify_at_every_size(players, tmp_path, capsys):
    for bot in ("random", "greedy"):
        path = tmp_path / f"{bot}.json"
        args = ["simulate", "gift-exchange", "--players", str(players), "--seed", str(players), "--bot", bot]
        assert main([*args, "--record", str(path)]) == 0
        record = json.loads(path.read_text())
        assert len(record["players"]) == players
        assert sorted(record["result"]["holdings"]) == list(range(players))
        capsys.readouterr()
        assert main(["verify", str(path)]) == 0
        assert capsys.readouterr().out.startswith("OK")


def test_record_shape_follows_the_spec():
    record = play(GAME, names(3), [GAME.bots["random"]] * 3, seed=11)
    assert record["game"] == "gift-exchange"
    assert record["options"] == GAME.check_options({})  # written out in full (the defaults: test_rules)
    moves = record["moves"]
    assert [m["type"] for m in moves[:4]] == ["bring"] * 3 + ["order"]
    assert sorted(m["by"] for m in moves[:3]) == [0, 1, 2]
    assert all(set(m) == {"by", "type", "label", "wrapping"} and m["label"] for m in moves[:3])
    assert moves[3]["by"] == "chance" and sorted(moves[3]["seats"]) == [0, 1, 2]
    for move in moves[4:]:
        assert move["type"] in ("open", "steal", "keep")
        assert set(move) == {"by", "type", "gift"} or move["type"] == "keep"
    result = record["result"]
    assert result["scores"] == [0, 0, 0] and result["winners"] == []
    assert sum(result["steals"]) == sum(1 for m in moves if m["type"] == "steal")


def test_simulate_refuses_one_player(capsys):
    assert main(["simulate", "gift-exchange", "--players", "1"]) == 2
    assert "2 to 40" in capsys.readouterr().err
