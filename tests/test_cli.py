"""The ``yule`` command: help, version, one-line errors, simulate and verify."""

import json

import pytest

from yule.tui.cli import main


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.startswith("yule ")


def test_help_lists_commands(capsys):
    assert main([]) == 0
    out = capsys.readouterr().out
    for command in ("play", "simulate", "verify"):
        assert command in out


def test_bad_argument_is_one_line(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "no-such-game"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid choice" in err


def test_simulate_writes_a_record_that_verifies(tmp_path, capsys):
    path = tmp_path / "game.json"
    assert main(["simulate", "white-elephant", "--players", "4", "--seed", "7", "--record", str(path)]) == 0
    record = json.loads(path.read_text())
    assert record["format"] == "yule-record/1" and len(record["players"]) == 4
    capsys.readouterr()
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out.startswith("OK")


def test_verify_fails_a_tampered_record(tmp_path, capsys):
    path = tmp_path / "game.json"
    main(["simulate", "white-elephant", "--players", "3", "--seed", "1", "--record", str(path)])
    record = json.loads(path.read_text())
    first_take = next(i for i, m in enumerate(record["moves"]) if m["type"] == "take")
    record["moves"][first_take]["cards"] = record["moves"][first_take]["cards"][:1]
    path.write_text(json.dumps(record))
    capsys.readouterr()
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("FAIL") and f"move {first_take + 1}" in out


def test_simulate_refuses_a_bad_player_count(capsys):
    assert main(["simulate", "white-elephant", "--players", "2"]) == 2
    assert "3 to 8" in capsys.readouterr().err


def test_games_are_listed_flagship_first_whatever_was_imported_first():
    import yule.core.elf  # noqa: F401  (imported before the registry loads the rest)
    from yule.core import all_games

    names = [g.name for g in all_games()]
    assert names[0] == "white-elephant"
    assert sorted(names) == sorted(set(names)) and {"gift-exchange", "white-rabbit", "gift-list", "elf"} <= set(names)
