"""``yule replay``: a record stepped through at its game's table, and a tampered one refused."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Static
from tui_support import wait_for

from yule.core import get_game
from yule.core.records import play
from yule.tui.cli import main
from yule.tui.replay import Replay, ReplayApp, ReplayScreen
from yule.tui.scores import Headline
from yule.tui.screens import GameOverScreen
from yule.tui.wholelog import LogScreen
from yule.tui.widgets import GameLog, KeysFooter, StatusLine


def record_of(game_name: str, players: int, seed: int = 1) -> dict:
    game = get_game(game_name)
    names = [f"P{i + 1}" for i in range(players)]
    return play(game, names, [game.bots["random"]] * players, seed)


def white_elephant_record(seed: int = 1) -> dict:
    record = record_of("white-elephant", 4, seed)
    record["players"] = ["Ana", "[bold]Ben[/]", "Cy", "Dee"]
    return record


def replay_screen(app: ReplayApp) -> ReplayScreen:
    return next(s for s in app.screen_stack if isinstance(s, ReplayScreen))


def status(app: ReplayApp) -> str:
    """What the status line of the screen on top says."""
    return str(app.screen.query_one(StatusLine).render())


def footer(app: ReplayApp) -> str:
    """The keys the footer of the screen on top shows."""
    return str(app.screen.query_one(KeysFooter).render())


async def test_stepping_a_record_from_the_start_to_the_winner():
    record = white_elephant_record()
    replay = Replay(record)
    assert replay.start == 2  # the shuffle and the first Start Player are made before anyone looks
    app = ReplayApp(record)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), what="the replay")
        screen = replay_screen(app)
        assert screen.position == 2 and f"move 0 of {replay.end - 2} (the start)" in status(app)
        assert screen.table.view == replay.view(2, None) and screen.table.view["you"] is None
        assert str(screen.query_one(GameLog).styles.height) == "1fr"  # a spectator's table leaves the log the rest
        await pilot.press("left")  # nothing before the start
        assert screen.position == 2
        await pilot.press("right", "right")
        assert screen.position == 4 and screen.table.view == replay.view(4, None)
        assert screen.lines == replay.log(0, 4)
        await pilot.press("left")
        assert screen.position == 3 and screen.lines == replay.log(0, 3)
        await pilot.press("v", "v")  # public view, then the first seat's, then the second's
        assert screen.seat == 1 and screen.table.view["you"] == 1
        assert str(screen.query_one(GameLog).styles.height) != "1fr"
        assert "[bold]Ben[/]'s view (seat 1)" in status(app)  # a name is shown literally
        while screen.position < replay.end - 1:
            await pilot.press("right")
        assert not isinstance(app.screen, GameOverScreen)
        await pilot.press("right")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="the game over screen")
        winner = record["players"][record["result"]["winners"][0]]
        assert str(app.screen.query_one(Headline).render()).startswith(f"Game over. {winner} wins")
        assert "Play again" not in footer(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, what="back at the table")
        assert screen.position == replay.end and screen.lines == replay.log(0, replay.end)
        await pilot.press("home")
        assert screen.position == 2 and screen.lines == replay.log(0, 2)
        await pilot.press("end")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="the end again")
        await pilot.press("left")  # from the result, back a move
        await wait_for(pilot, lambda: app.screen is screen, what="a move before the end")
        assert screen.position == replay.end - 1 and screen.lines == replay.log(0, replay.end - 1)
        await pilot.press("right")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="the end once more")
        await pilot.press("s")  # from the result, to the start
        await wait_for(pilot, lambda: app.screen is screen, what="the start")
        assert screen.position == 2 and screen.lines == replay.log(0, 2)
        await pilot.press("end")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="the end again")
        await pilot.press("home")
        await wait_for(pilot, lambda: app.screen is screen and screen.position == 2, what="the start by Home")
        await pilot.press("end")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="the end at last")
        await pilot.press("q")
    assert app.return_value == 0


async def test_the_keys_of_the_game_send_nothing_and_the_whole_log_opens():
    record = white_elephant_record(seed=2)
    app = ReplayApp(record, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), what="the replay")
        screen = replay_screen(app)
        assert app.focused is None and "actions" not in screen.table.view
        await pilot.press("t", "space", "enter")  # White Elephant's move keys: no move, no change
        assert screen.position == screen.replay.start and not screen.table.pending
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LogScreen), what="the whole log")


@pytest.mark.parametrize(("game", "players"), [("gift-exchange", 5), ("white-rabbit", 3), ("gift-list", 4), ("elf", 3)])
async def test_every_game_replays_from_every_seat(game, players):
    record = record_of(game, players, seed=3)
    app = ReplayApp(record)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), what="the replay")
        screen = replay_screen(app)
        for _ in range(players + 1):
            await pilot.press("right", "v")
        await pilot.press("end")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="the result")
        assert str(app.screen.query_one(Headline).render()).startswith("Game over.")
        assert screen.table.view == screen.replay.view(screen.replay.end, screen.seat)


@pytest.mark.parametrize(
    ("game", "players"),
    [("white-elephant", 4), ("gift-exchange", 5), ("white-rabbit", 3), ("gift-list", 4), ("elf", 3)],
)
async def test_every_game_s_replay_starts_at_move_0_with_the_replay_s_keys_only(game, players):
    record = record_of(game, players, seed=3)
    replay = Replay(record)
    app = ReplayApp(record, seat=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), what="the replay")
        await wait_for(pilot, lambda: "Replay ·" in status(app), what="where the replay stands")
        assert f"Replay · move 0 of {replay.end - replay.start} (the start) · P1's view (seat 0)" in status(app)
        keys = footer(app)
        assert keys.startswith("← Back → Next") and keys.endswith("q Quit")
        assert not {"Hint", "Waiting?", "Chat"} & set(keys.split())  # nobody plays, talks or waits here
        await pilot.press("right")
        await wait_for(pilot, lambda: f"move 1 of {replay.end - replay.start} ·" in status(app), what="one move on")


async def test_white_rabbit_s_replay_tells_no_later_draw_at_the_start():
    record = record_of("white-rabbit", 3, seed=3)
    app = ReplayApp(record)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), what="the replay")
        screen = replay_screen(app)

        def banner() -> str:
            return str(screen.table.query_one("#banner", Static).render())

        await wait_for(pilot, lambda: banner().startswith("The cards are dealt"), what="the deal told")
        while " drew " not in banner():
            await pilot.press("right")
        await pilot.press("s")  # back to the start: the draw has not happened there
        await wait_for(pilot, lambda: screen.position == screen.replay.start, what="the start")
        assert banner().startswith("The cards are dealt")


def test_an_unfinished_record_replays_to_where_it_stops():
    record = white_elephant_record()
    del record["result"]
    record["moves"] = record["moves"][:10]
    replay = Replay(record)
    assert replay.end == 10 and not replay.finished and replay.view(10, 2)["you"] == 2


def test_the_command_refuses_a_tampered_record_with_the_words_of_verify(tmp_path, capsys):
    path = tmp_path / "game.json"
    record = white_elephant_record()
    first_take = next(i for i, m in enumerate(record["moves"]) if m["type"] == "take")
    record["moves"][first_take]["cards"] = record["moves"][first_take]["cards"][:1]
    path.write_text(json.dumps(record))
    assert main(["verify", str(path)]) == 1
    verdict = capsys.readouterr().out.strip()
    assert verdict.startswith(f"FAIL {path}: move {first_take + 1}:")
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().err.strip() == verdict


def test_the_command_refuses_a_seat_the_record_does_not_have(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(white_elephant_record()))
    assert main(["replay", str(path), "--seat", "4"]) == 2
    assert "seats 0 to 3" in capsys.readouterr().err
