"""The ``yule`` command: help, version, one-line errors, simulate and verify, and ``yule play``
refusing a number of seats its game does not have."""

import json

import pytest

from yule.netplay.playhost import PlayHostProcess
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


def test_simulate_a_match_turns_the_seats_writes_records_and_prints_the_shares(tmp_path, capsys):
    folder = tmp_path / "records"
    argv = ["simulate", "white-rabbit", "--players", "3", "--seats", "ismcts,random", "--games", "3"]
    argv += ["--iterations", "4", "--seed", "5", "--records", str(folder), "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "white-rabbit" and out["games"] == 3 and out["players"] == 3
    assert out["seats"] == ["ismcts", "random", "random"]
    assert set(out["win_share"]) == {"ismcts", "random"}
    assert 0 <= out["win_share"]["ismcts"] + 2 * out["win_share"]["random"] <= 1
    files = sorted(folder.iterdir())
    assert len(files) == 3
    players = [json.loads(f.read_text())["players"] for f in files]
    assert [next(i for i, name in enumerate(p) if name.startswith("Hard")) for p in players] == [0, 1, 2]
    assert main(["verify", *map(str, files)]) == 0
    assert capsys.readouterr().out.count("OK") == 3


def test_simulate_a_match_without_json_prints_a_table(capsys):
    assert main(["simulate", "gift-list", "--seats", "greedy,random", "--games", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "win share" in out and "fair share: 0.333" in out and "greedy" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--seats", "ismcts,clever", "--games", "2"], "not clever"),
        (["--seats", "greedy", "--games", "2", "--bot", "random"], "--bot and --record are for one game"),
        (["--seats", "greedy,greedy,greedy,greedy,greedy", "--players", "3"], "names 5 bots for 3 seats"),
        (["--json"], "--json is for matches"),
        (["--seats", "greedy", "--games", "0"], "--games must be at least 1"),
    ],
)
def test_simulate_refuses_a_match_it_cannot_play(argv, words, capsys):
    assert main(["simulate", "gift-list", *argv]) == 2
    assert words in capsys.readouterr().err


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Hard Bot 9 (bot)", "that name reads as the name of one of the host's bots"),
        ("normal bot", "that name reads as the name of one of the host's bots"),
        ("\u2800", "a name needs at least one letter or digit."),
    ],
)
def test_a_name_that_is_a_bots_or_draws_nothing_is_refused_on_the_command_line(name, words, capsys):
    for command in ("play", "join"):
        assert main([command, "--name", name]) == 2
        assert capsys.readouterr().err.startswith(f"yule {command}: {words}")


def test_play_with_seats_the_game_has_not_says_so_and_stops_its_host(capsys, monkeypatch):
    started: list[PlayHostProcess] = []
    start = PlayHostProcess.start

    def recorded(game: str | None = None) -> PlayHostProcess:
        started.append(start(game))
        return started[-1]

    monkeypatch.setattr(PlayHostProcess, "start", recorded)
    assert main(["play", "elf", "--players", "9"]) == 2
    assert capsys.readouterr().err == "yule play: Elf: Journey from the North Pole is for 2 to 4 players, not 9.\n"
    (process,) = started  # started at once, before the app loads; stopped, not left behind
    assert process.process.returncode == 0
