"""The ``yule`` command: help, version, one-line errors, simulate and verify, and ``yule play``
refusing a number of seats its game does not have; every command's bad input gets a sentence (a
file that cannot be written or a data folder that is a file, a number below its least, a port
taken, a host that accepts and never answers, no terminal to draw in), never a traceback, and
nothing a player cannot act on (a library's warning) reaches their screen.  The language of a run
is ``--lang`` (remembered by ``play`` and ``join``), else the remembered one, else the system's."""

import json
import os
import socket
import subprocess
import sys

import pytest
from conftest import silent_port

from yule.netplay.host.playhost import PlayHostProcess
from yule.tui.cli import main
from yule.tui.profile import Profile
from yule.tui.words import language, set_language, t


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


def one_sentence(capsys: pytest.CaptureFixture[str], command: str) -> str:
    """What the command said on stderr: one line, its own (no traceback), after ``yule COMMAND: ``."""
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err, captured.err
    assert captured.err.startswith(f"yule {command}: "), captured.err
    return captured.err.removeprefix(f"yule {command}: ").strip()


@pytest.mark.parametrize(
    ("where", "code", "words"),
    [
        ("missing/game.json", 2, "--record {path}: there is no folder {tmp}/missing to write it in"),
        ("", 2, "--record names a folder, {path}: give a file's name, such as {path}/game.json"),
        ("/dev/full", 1, "the record cannot be written to /dev/full: No space left on device"),
    ],
)
def test_simulate_says_why_it_cannot_write_its_record(where, code, words, tmp_path, capsys):
    path = str(tmp_path / where) if where != "/dev/full" else where
    assert main(["simulate", "white-rabbit", "--seed", "1", "--record", path.rstrip("/")]) == code
    assert one_sentence(capsys, "simulate") == words.format(path=path.rstrip("/"), tmp=tmp_path)


def test_simulate_says_why_it_cannot_write_its_records(tmp_path, capsys):
    (tmp_path / "a-file").write_text("")
    argv = ["simulate", "white-rabbit", "--seats", "random", "--games", "1", "--records"]
    assert main([*argv, str(tmp_path / "a-file")]) == 2
    assert one_sentence(capsys, "simulate") == f"--records {tmp_path / 'a-file'} is a file, where a folder is wanted"
    assert main([*argv, str(tmp_path / "a-file" / "records")]) == 2
    assert one_sentence(capsys, "simulate") == (
        f"--records {tmp_path / 'a-file'} is a file, where a folder is wanted (to hold {tmp_path / 'a-file' / 'records'})"
    )


@pytest.mark.parametrize(
    "argv",
    [["host"], ["ssh-serve"], ["ssh-names"], ["evening"], ["requests"], ["party"], ["party", "--export", "out"]],
)
def test_a_data_folder_that_is_a_file_is_said_to_be_one(argv, tmp_path, capsys):
    data = tmp_path / "data"
    data.write_text("")
    assert main([*argv, "--data", str(data)]) == 2
    assert one_sentence(capsys, argv[0]) == f"--data names a folder (the data folder), and {data} is a file"


@pytest.mark.parametrize("argv", [["host", "--port", "0"], ["ssh-names"], ["party", "--port", "0"]])
def test_a_data_folder_under_a_file_is_said_to_be_so(argv, tmp_path, capsys):
    (tmp_path / "a-file").write_text("")
    data = tmp_path / "a-file" / "data"
    assert main([*argv, "--data", str(data)]) == 1
    assert one_sentence(capsys, argv[0]) == (
        f"cannot use the data folder: {tmp_path / 'a-file'} is a file, where a folder is wanted (to hold {data})"
    )


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["play", "--players", "-1"], "argument --players: must be at least 1, not -1"),
        (["simulate", "white-rabbit", "--players", "-3"], "argument --players: must be at least 1, not -3"),
        (["simulate", "white-rabbit", "--players", "0"], "argument --players: must be at least 1, not 0"),
        (["simulate", "gift-list", "--seats", "greedy", "--games", "0"], "argument --games: must be at least 1, not 0"),
        (["simulate", "gift-list", "--seats", "ismcts", "--iterations", "-5"], "argument --iterations: must be at least 1, not -5"),
        (["simulate", "gift-list", "--seats", "ismcts", "--think", "-1"], "argument --think: must be more than 0, not -1"),
        (["simulate", "gift-list", "--seats", "ismcts", "--think", "nan"], "argument --think: must be more than 0, not nan"),
        (["bots", "127.0.0.1:1", "--game", "white-rabbit", "--players", "-2"], "argument --players: must be at least 1, not -2"),
        (["bots", "127.0.0.1:1", "--game", "white-rabbit", "--players", "2", "--games", "-1"], "argument --games: must be at least 1, not -1"),
        (["bots", "127.0.0.1:1", "--game", "white-rabbit", "--players", "2", "--tables", "0"], "argument --tables: must be at least 1, not 0"),
        (["bots", "127.0.0.1:1", "--game", "white-rabbit", "--players", "2", "--delay", "-1"], "argument --delay: must be at least 0, not -1"),
        (["watch", "127.0.0.1", "--table", "-1"], "argument --table: must be at least 1, not -1"),
        (["host", "--expire-waiting", "0"], "argument --expire-waiting: must be more than 0, not 0"),
        (["host", "--per-address", "-5"], "argument --per-address: must be at least 1, not -5"),
        (["hosts", "--timeout", "-1"], "argument --timeout: must be more than 0, not -1"),
        (["simulate", "white-rabbit", "--players", "two"], "argument --players: a whole number is wanted, not 'two'"),
    ],
)  # fmt: skip
def test_a_number_below_its_least_is_refused_in_a_sentence(argv, words, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert one_sentence(capsys, argv[0]) == f"error: {words} (see 'yule {argv[0]} --help')"


def test_play_refuses_bots_its_game_has_not(capsys):
    assert main(["play", "gift-exchange", "--bots", "hard"]) == 2
    assert one_sentence(capsys, "play") == "Gift Exchange has easy and normal bots, not hard."


def test_party_on_a_port_taken_says_so_instead_of_serving_elsewhere(tmp_path, capsys):
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["party", "--data", str(tmp_path / "party"), "--port", str(port)]) == 1
    assert one_sentence(capsys, "party") == (
        f"cannot listen on port {port}: Address already in use (another program has it?): give another --port"
    )


@pytest.mark.parametrize("command", ["play", "join", "replay", "party", "watch"])
@pytest.mark.parametrize("term", ["dumb", "xterm-256color"])
def test_the_apps_need_a_terminal_and_say_so(command, term, tmp_path, monkeypatch, capsys):
    """Under pytest the standard streams are no terminal (a pipe, a file); TERM=dumb is said first."""
    monkeypatch.setenv("TERM", term)
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    record = tmp_path / "game.json"
    assert main(["simulate", "white-rabbit", "--seed", "1", "--record", str(record)]) == 0
    capsys.readouterr()
    argv = {
        "play": ["play", "white-rabbit"],
        "join": ["join", "127.0.0.1:1"],
        "replay": ["replay", str(record)],
        "party": ["party", "--data", str(tmp_path / "party"), "--port", "0"],
        "watch": ["watch", "127.0.0.1:1", "--table", "1"],
    }[command]
    assert main(argv) == 2
    said = one_sentence(capsys, command)
    if term == "dumb":
        assert said.startswith("this terminal (TERM=dumb) cannot draw it: run it in a terminal window")
    else:
        assert said == (
            "it draws in a terminal, and its input or output here is not one (a pipe or a file): run it in a "
            "terminal window."
        )


def listening_silently() -> socket.socket:
    """A loopback socket that takes connections (the system accepts them) and never says a word."""
    quiet = socket.socket()
    quiet.bind(("127.0.0.1", 0))
    quiet.listen()
    return quiet


def test_bots_at_a_port_that_never_answers_or_refuses_say_so(monkeypatch, capsys):
    monkeypatch.setattr("yule.netplay.client.HELLO_TIMEOUT", 0.5)
    argv = ["--game", "white-rabbit", "--players", "2"]
    with listening_silently() as quiet:
        port = quiet.getsockname()[1]
        assert main(["bots", f"127.0.0.1:{port}", *argv]) == 1
    assert one_sentence(capsys, "bots") == (
        f"127.0.0.1:{port} answers, but: nothing is heard from it in 0.5 s (is it a Yule host, and not stuck?)"
    )
    with silent_port() as port:
        assert main(["bots", f"127.0.0.1:{port}", *argv]) == 1
    assert one_sentence(capsys, "bots") == (
        f"nothing answers at 127.0.0.1:{port} (Connection refused): is yule host running there?"
    )


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ("0/1", "'0/1' names no request: tables and requests are numbered from 1."),
        ("3/99999999999999999999999", "'3/99999999999999999999999' names no request: no host numbers its tables or "
         "requests past 4611686018427387904."),
        ("\uff11/1", "'\uff11/1' is not TABLE/REQUEST, as the list shows them (3/1)."),
    ],
)  # fmt: skip
def test_requests_says_which_answer_names_no_request(answer, words, tmp_path, capsys):
    assert main(["requests", "--data", str(tmp_path), "--yes", answer]) == 2
    assert one_sentence(capsys, "requests") == words


def test_serving_ssh_shows_no_library_warning():
    """asyncssh, loaded, makes cryptography warn of DSA keys: nothing a host can act on."""
    quiet = {name: value for name, value in os.environ.items() if name != "PYTHONWARNINGS"}  # Python's own default
    loaded = subprocess.run([sys.executable, "-c", "import yule.tui.ssh.serve"], capture_output=True, text=True,
                            timeout=60, env=quiet)  # fmt: skip
    assert loaded.returncode == 0 and loaded.stderr == ""


@pytest.fixture
def english_after():
    """The language a test's commands chose is the process's: English again for the next test."""
    yield
    set_language("en")


def test_lang_is_the_runs_and_play_and_join_remember_it(english_after, capsys):
    with pytest.raises(SystemExit):
        main(["play", "--lang", "de", "--help"])  # the help is worded in German as the parser is built
    assert language() == "de" and Profile.load().lang is None  # only asked for help: nothing run, nothing kept
    assert main(["join", "--lang=fr", "--name", "\u2800"]) == 2  # a run: French from now on, and next time
    assert language() == "fr" and Profile.load().lang == "fr"
    assert main(["simulate", "white-rabbit", "--seed", "1"]) == 0  # a command without --lang: the system's
    assert language() == "en"
    assert main(["join", "--name", "\u2800"]) == 2  # the remembered one
    assert language() == "fr"
    assert main(["play", "--lang", "en", "--name", "\u2800"]) == 2
    assert language() == "en" and Profile.load().lang == "en"
    capsys.readouterr()


def test_lang_of_watch_and_party_is_for_this_run_only(english_after, monkeypatch, capsys):
    monkeypatch.setenv("TERM", "dumb")
    assert main(["watch", "127.0.0.1:1", "--lang", "de"]) == 2
    assert language() == "de" and Profile.load().lang is None
    with pytest.raises(SystemExit) as exit_:
        main(["watch", "127.0.0.1:1", "--lang", "xx"])
    assert exit_.value.code == 2 and "--lang" in capsys.readouterr().err


def test_commands_without_lang_follow_the_system(english_after, monkeypatch, capsys):
    monkeypatch.setenv("LANGUAGE", "de")
    assert main(["requests", "--yes", "0/1"]) == 2
    assert language() == "de"
    assert one_sentence(capsys, "requests") == t(
        "{text} names no request: tables and requests are numbered from 1.", text="'0/1'"
    )
