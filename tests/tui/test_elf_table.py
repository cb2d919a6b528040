"""The Elf table by keys: the worked example's first two turns (with the Ice Floe jump), keys
that are refused and why, what one seat's screen shows of hidden things, literal names, a
larger terminal, the score sheet, and a whole turn against a real in-process host."""

from __future__ import annotations

import re

from elf_support import ElfViewApp, Position
from tui_support import screen_text, view_of, wait_for, wait_for_screen

from yule.core.elf.preview import preview
from yule.tui.app import PlaySetup, YuleApp
from yule.tui.elf.table import ElfTable, HandBar, side_text
from yule.tui.screens import GameOverScreen, RulesScreen
from yule.tui.widgets import GameLog

ANA_TURN = [
    {"type": "play", "card": "cl-1", "heading": "S"},
    {"type": "play", "card": "s3-2", "heading": "E"},
    {"type": "play", "card": "s3-5", "heading": "E"},
    {"type": "end"},
]
BEN_TURN = [
    {"type": "play", "card": "kr-1", "heading": "E"},
    {"type": "play", "card": "s2-4", "heading": "E"},
    {"type": "play", "card": "s2-7", "heading": "E", "floe": [2, 10]},
    {"type": "end"},
]


def bar(app: ElfViewApp) -> str:
    return app.screen.query_one(HandBar).content.plain


async def test_the_worked_example_first_turn_by_keys():
    position = Position.example()
    app = ElfViewApp(position, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Curve left (cl-1) →S: touches nothing." in bar(app)
        assert "╚══>" in screen_text(app)  # the preview on the board, in double lines
        await pilot.press("enter")  # cl-1; the next card in hand, s3-2, is chosen
        await pilot.pause()
        assert "Straight 3 (s3-2) →E: S1%%: draw 1." in bar(app)
        await pilot.press("enter", "enter")  # s3-2 draws kl-3; s3-5 takes the Wise Snowman
        await pilot.pause()
        assert "[3 SNOW 1]" in screen_text(app)
        await pilot.press("e")
        await pilot.pause()
        assert app.moves == ANA_TURN
        assert position.state.hands[0] == ["kl-3", "zl-2", "s2-9"] and position.turn == 1
        assert "Ben's turn (bot)." in bar(app)


async def test_the_ice_floe_jump_is_chosen_with_h():
    position = Position.example()
    for move in ANA_TURN:
        position.play(0, move)
    app = ElfViewApp(position, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # kr-1: Buddy faces south-east
        await pilot.pause()
        assert "Straight 2 (s2-4) →S 1/2" in bar(app)
        await pilot.press("space")
        await pilot.pause()
        assert "Straight 2 (s2-4) →E 2/2: ~~~~: jump offered." in bar(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "JUMP NOW" in screen_text(app)
        view = position.state.view(1)
        wanted = next(
            i
            for i, p in enumerate(preview(view, "s2-7"))
            if p["move"].get("floe") == [2, 10] and p["move"]["heading"] == "E"
        )
        await pilot.press(*["space"] * wanted)
        await pilot.pause()
        assert "JUMP ~~(2,10)→E" in bar(app) and "PARK → slot 2 (3)" in bar(app)
        await pilot.press("enter", "e")
        await pilot.pause()
        assert app.moves == BEN_TURN
        assert position.state.slots == ["wise-snowman", "central-park"]


async def test_refused_keys_say_why_and_send_nothing():
    position = Position.example()
    app = ElfViewApp(position, 1)  # Ben watches Ana's turn
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(ElfTable)
        assert table.check_action("play", ()) is None  # greyed in the footer
        await pilot.press("enter", "e")
        await pilot.pause()
        assert app.notes.messages.count("It is Ana's turn, not yours.") == 2
        assert app.moves == []
    app = ElfViewApp(Position.example(), 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e", "space")
        await pilot.pause()
        assert "Play at least one card before ending your turn." in app.notes.messages
        assert "Curve left (cl-1) fits only one way here." in app.notes.messages
        assert app.moves == []


async def test_a_card_that_does_not_fit_is_marked_and_explained():
    position = Position(players=3, seed=0)
    position.bots(1)  # Eve holds three jogs that do not fit from Buddy's arrow, and ur-1 that does
    view = position.state.view(1)
    assert [bool(preview(view, c)) for c in view["hands"][1]] == [False, False, False, True]
    app = ElfViewApp(position, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Hand  zl×  zr×  zr× ‹ur›" in bar(app)  # the card that fits is chosen
        await pilot.press("left")
        await pilot.pause()
        assert app.screen.query_one(ElfTable).check_action("play", ()) is None
        await pilot.press("enter")
        await pilot.pause()
        assert "Jog right (zr-2) does not fit from Buddy's arrow" in app.notes.messages[-1] and app.moves == []


def hidden_from(position: Position, seat: int) -> list[str]:
    """Strings that would give away what ``seat`` may not know."""
    state = position.state
    secrets = [f"goal-{n}" for n in range(1, 8)]  # the panel names places, never Goal card ids
    mine = set(state.taken[seat])
    secrets += [f"G{spot + 1}={state.spot_values[spot]}" for spot in range(4) if spot not in mine]
    return secrets


async def test_a_seat_never_sees_another_seats_goal_or_gingerbread():
    position = Position(players=3, seed=0)
    position.bots(8)  # Ana and Eve have taken a Gingerbread Man each; Mal none
    state = position.state
    assert [len(t) for t in state.taken] == [1, 1, 0]
    for seat in range(3):
        for size in ((80, 24), (120, 40)):
            app = ElfViewApp(position, seat)
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                text = screen_text(app)
                for secret in hidden_from(position, seat):
                    assert secret not in text, (seat, secret)
                own = "Goal " + " ".join(view_label(loc) for loc in state.view(seat)["goal"]["locations"])
                assert own in text
                for other in range(3):
                    if other != seat:
                        goal = state.view(other)["goal"]["locations"]
                        assert "Goal " + " ".join(view_label(loc) for loc in goal) not in text
                for spot in state.taken[seat]:
                    assert f"G{spot + 1}={state.spot_values[spot]}" in text
                assert re.search(r"gb1", text) and "gb0" in text
    # A spectator: no Goal card and no Gingerbread value at all.
    text = side_text(state.view(None), position.names, {}, 19).plain
    assert not re.search(r"^Goal ", text, re.M) and "Ginger" not in text and "=" not in text


def view_label(location: str) -> str:
    from yule.tui.elf.table import label

    return label(location)


async def test_names_are_shown_literally():
    position = Position(players=3, seed=0)
    position.bots(2)
    app = ElfViewApp(position, 0)
    async with app.run_test(size=(100, 30)) as pilot:  # at 80 columns the names are cut before "(bot)"
        await pilot.pause()
        text = screen_text(app)
        assert "[bold red]E" in text and "\\x1b[31mMal" in text and "\x1b" not in text


async def test_a_larger_terminal_shows_card_names_and_more_log():
    position = Position(players=3, seed=0)
    position.bots(3)
    app = ElfViewApp(position, 0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.screen.query_one(GameLog).outer_size.height == 7  # six lines of log
        assert app.screen.query_one(HandBar).outer_size.height == 2
        assert re.search(r"(Straight|Curve|Jog|Corner|Hairpin) ", app.screen.query_one("#side").render().plain)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and "Ice Floe" in app.screen.rules


async def test_the_whole_game_against_a_real_host(tmp_path, monkeypatch):
    app = YuleApp(name="Ana", play=PlaySetup("elf", 2, bot_delay=0.01), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:

        def my_turn() -> bool:
            view = view_of(app)
            screen = app.table_screen
            return "result" in view or (
                view.get("turn") is not None
                and view.get("turn") == view.get("you")
                and screen is not None
                and not screen.table.pending
                and app.screen is screen
            )

        await wait_for(pilot, my_turn, what="Ana's first turn")
        hand = list(view_of(app)["hands"][view_of(app)["you"]])
        await pilot.press("enter")
        await wait_for(
            pilot, lambda: any(line.startswith("Ana played") for line in app.table_screen.lines), what="the play"
        )
        assert len(view_of(app)["paths"]) == 1 and view_of(app)["paths"][0]["card"] in hand
        # Then one card a turn and end it, until the game is over.
        while "result" not in view_of(app):
            await wait_for(pilot, my_turn, what="Ana's turn")
            if "result" in view_of(app):
                break
            seen = len(app.table_screen.lines)
            await pilot.press("enter" if not view_of(app)["plays_this_turn"] else "e")
            await wait_for(pilot, lambda: len(app.table_screen.lines) > seen, what="the move in the log")
        text = await wait_for_screen(pilot, GameOverScreen, "Game over.", "Highest score wins.", what="the scores")
        assert re.search(r"goal-\d  +[A-Z]{4} \d", text)  # the sheet; the headline may wrap (a tie)
        assert "Gingerbread Men: G1=" in text


async def test_a_big_terminal_draws_a_seats_board_at_double_size_with_the_preview():
    app = ElfViewApp(Position.example(), 0)
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(ElfTable)
        assert table.scale == 2 and app.screen.query_one("#board").size.width == 120
        text = screen_text(app)
        assert "╚════>" in text  # the preview, in double lines (at scale 1 "╚══>")
        assert "Curve left (cl-1) →S: touches nothing." in bar(app)
        assert app.screen.query_one(HandBar).outer_size.height == 2 and app.screen.query_one(GameLog).size.height >= 3
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert table.scale == 1 and app.screen.query_one("#board").size.width == 60
