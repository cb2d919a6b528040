"""The White Rabbit table by key presses: roll, choose a way, Max takes and goes on a pile;
keys that do nothing say why; the drawn card is told to everyone; the game over sheet.

Positions are seeded (or dealt by hand, with a loaded die) and shown through a bare app that
plays the chosen moves on the position, as the host would.
"""

from __future__ import annotations

from tui_support import screen_text
from white_rabbit_support import Position, ViewApp, before_max, final, max_deal

from yule.tui.screens import GameOverScreen
from yule.tui.white_rabbit import UI
from yule.tui.widgets import PlainApp

SIZE = (80, 24)


async def test_roll_choose_a_way_then_max_takes_and_goes_on_a_pile():
    position = before_max()
    app = ViewApp(position, 0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "YOUR TURN! Press ENTER to roll the die." in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        text = screen_text(app)
        assert "You rolled 1. ◄ LEFT goes to pile 1, RIGHT ► to pile 3." in text
        assert "◄ LEFT" in text and "RIGHT ►" in text
        await pilot.press("right")
        await pilot.pause()
        assert position.phase == "max_take"
        text = screen_text(app)
        assert "MAX! Take a card you need" in text and "g1 grey 1 from [bold red]Eve[/]" in text
        await pilot.press("enter")
        await pilot.pause()
        assert position.state.family(0) == ["grey-1", "brown-4"]
        text = screen_text(app)
        assert "With Max, you took g1 grey 1 from [bold red]Eve[/]!" in text
        assert "Put MAX on pile 3?" in text and "MAX HERE?" in text
        await pilot.press("left", "left")
        await pilot.pause()
        assert "Put MAX on pile 1?" in screen_text(app)
        await pilot.press("6", "enter")
        await pilot.pause()
        assert app.moves == [
            {"type": "roll"},
            {"type": "move", "dir": "cw"},
            {"type": "max_take", "from": 1, "card": "grey-1"},
            {"type": "max_place", "pile": 6},
        ]
        assert position.state.max_pile == 6 and position.turn == 1
        assert "You put Max on top of pile 6." in screen_text(app)


async def test_max_may_take_nothing_and_waits_after_escape():
    position = before_max()
    app = ViewApp(position, 0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "right")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert position.phase == "max_take" and "Press ENTER to choose what Max takes." in app.notes.messages
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert app.moves[-1] == {"type": "max_take", "from": None, "card": None}
        assert "You took nothing with Max." in screen_text(app)


async def test_keys_that_do_nothing_say_why():
    position = before_max()
    app = ViewApp(position, 0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("left", "3")
        await pilot.pause()
        assert "You have not rolled yet. Press ENTER to roll the die." in app.notes.messages
        assert "You can only place Max after drawing him. Press ENTER to roll the die." in app.notes.messages
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert "You have already rolled. Press ◄ LEFT or RIGHT ► to move the rabbit." in app.notes.messages
        assert app.moves == [{"type": "roll"}]


async def test_someone_elses_turn_and_watching():
    position = Position(players=3, seed=4)
    app = ViewApp(position, 1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "right")
        await pilot.pause()
        assert app.notes.messages == ["It is Ana's turn: wait for them."] * 2
        assert "Ana rolls the die…" in screen_text(app)
        assert f"The cards are dealt: Max is on top of pile {position.state.max_pile}. Good luck!" in screen_text(app)
        assert app.moves == []
    watcher = ViewApp(Position(players=3, seed=4), None)
    async with watcher.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert watcher.notes.messages == ["You are watching this table, not playing."]


async def test_every_draw_is_told_with_where_it_went():
    position = Position(players=2, deal=max_deal())
    position.dice = [1, 1, 1]
    app = ViewApp(position, 1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        position.play(0, {"type": "roll"})
        position.play(0, {"type": "move", "dir": "ccw"})  # pile 7: cream 4 kept
        app.redraw()
        await pilot.pause()
        assert "Ana drew c4 cream 4: kept!" in screen_text(app)
        table = app.table_screen.table
        table.happened(
            [{"type": "move", "by": 0, "dir": "cw", "steps": 6, "from": 0, "to": 6, "card": None, "outcome": "empty"}]
        )
        app.redraw()
        await pilot.pause()
        assert "Ana stopped by pile 6: it is empty, no card (and no extra roll for the 6)." in screen_text(app)
        table.happened(
            [
                {
                    "type": "move",
                    "by": 1,
                    "dir": "cw",
                    "steps": 2,
                    "from": 0,
                    "to": 2,
                    "card": "grey-1",
                    "outcome": "slid",
                }
            ]
        )
        app.redraw()
        await pilot.pause()
        assert "You drew g1 grey 1: you already have a 1, slid under pile 2." in screen_text(app)


async def test_families_show_letters_values_and_what_is_missing():
    position = before_max()
    app = ViewApp(position, 0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "_1 _2 _3 b4 _5 _6" in text and "needs 1 2 3 5 6" in text
        assert "g1 _2 _3 _4 _5 _6" in text and "needs 2 3 4 5 6" in text
        assert "b brown  g grey" in text and "k black  c cream" in text


async def test_game_over_celebrates_the_winner_and_the_oberhase():

    class Over(PlainApp):
        def on_mount(self) -> None:
            self.push_screen(GameOverScreen("white-rabbit", final(), ["Ana", "[b]Ben[/b]", "Cy"], 1))

    app = Over()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Game over. Ana wins: a complete rabbit family, 1 to 6!" in text
        assert "HOORAY!" in text and "(='.'=)" in text and "Ana wins!" in text
        assert "★ WINNER ★" in text and "6 different values of 6" in text
        assert "★ OBERHASE: all six brown!" in text
        assert "[b]Ben[/b] (you)   2 different values of 6" in text
        assert "g1 k2 _3 _4 _5 _6" in text


async def test_a_game_stopped_at_the_roll_cap_has_no_winner():

    class Over(PlainApp):
        def on_mount(self) -> None:
            self.push_screen(
                GameOverScreen("white-rabbit", final(winner=None, oberhase=False), ["Ana", "Ben", "Cy"], 0)
            )

    app = Over()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Stopped after 500 rolls: nobody has a whole family, nobody wins." in text
        assert "No winner this time!" in text and "WINNER" not in text and "HOORAY" not in text


def test_the_final_fields_the_sheet_reads_are_in_the_view():
    position = Position(players=2, seed=1)
    position.bots(5000)
    view = position.state.view(0)
    assert "result" in view and all(key in view for key in UI.final_fields)


def test_rules_are_our_own_words_with_the_house_rules():
    assert set(UI.rules) == {"en", "fr", "de"}
    english, french, german = UI.rules["en"], UI.rules["fr"], UI.rules["de"]
    assert "## House rules Yule plays by" in english and "500 rolls" in english
    assert "Oberhase" in english and "Enter" in english
    assert "## Les règles de la maison chez Yule" in french and "500 lancers" in french and "Entrée" in french
    assert "## Hausregeln bei Yule" in german and "500 Würfen" in german and "Oberhase" in german
    assert "Hasenfamilie" in german and "famille lapin" in french


async def test_the_board_counts_the_rolls_left_only_near_the_cap():
    position = Position(players=3, seed=3)
    position.bots(12)
    app = ViewApp(position, 0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert position.state.rolls > 0
        assert "of 500" not in screen_text(app) and "left!" not in screen_text(app)
        position.state.rolls = 488  # the game is near its cap of 500 rolls
        app.redraw()
        await pilot.pause()
        assert "only 12 rolls left!" in screen_text(app)
