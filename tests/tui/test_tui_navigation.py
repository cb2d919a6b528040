"""No dead ends, and no seat lost: every path a player can take in the app, by key presses,
against a real in-process host.

- Leaving a table (q, then y) goes back to the lobby, the seat waiting; Enter on the table
  in the lobby takes the seat back.  Enter joins the highlighted table.  Keys that do nothing
  now are not in the footer.
- ``yule play``: leaving goes back to the game menu, which offers to continue the game, also
  after the app is started again (each unfinished game told apart); ``yule play GAME`` starts
  that game at once; the results can be shown again and play again works from the results and
  from the table.
- A spectator has no move keys and leaves straight to the lobby.
- Ctrl+Q asks first while you play, not otherwise.
- ``yule join HOST --code C`` started again puts you back in your seat; from another machine
  the seat of an away player is taken back by name.
- Nothing listening at the address: a sentence, keys to try again or quit (exit code 1).
"""

from __future__ import annotations

from conftest import silent_port, until
from tui_support import (
    Notes,
    info_of,
    my_turn,
    screen_text,
    sit_at_a_started_table,
    table_of,
    view_of,
    wait_for,
    wait_for_screen,
)

from yule.netplay.client import Client, HostError, SeatStore
from yule.netplay.host.server import Host
from yule.tui.app import YuleApp
from yule.tui.connect import NoAnswerScreen
from yule.tui.dialogs import ChoiceScreen, ConfirmScreen
from yule.tui.lobby import LobbyScreen
from yule.tui.playing import GameMenu, PlaySetup
from yule.tui.questions import AskingScreen
from yule.tui.screens import GameOverScreen


def shown(app: YuleApp) -> set[str]:
    """The actions of the keys in the current screen's footer."""
    return {b.binding.action for b in app.screen.active_bindings.values() if b.binding.show}


def usable(app: YuleApp) -> set[str]:
    """The actions of every key that does something now, in the footer or not."""
    return {b.binding.action for b in app.screen.active_bindings.values() if b.enabled}


def let_a_bot_finish(app: YuleApp) -> None:
    """A bot plays our seat too (as for a player away), so the game ends soon."""
    table = app.host.tables[table_of(app)]
    table.seats[view_of(app)["you"]].stand_in = True
    table.bots.kick()


async def test_leaving_a_table_goes_to_the_lobby_and_enter_takes_the_seat_back(host):
    port = host.port
    app = YuleApp(name="Ana", address=("127.0.0.1", port), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_at_a_started_table(pilot, app)
        table, seat = table_of(app), view_of(app)["you"]
        assert not {"results", "again"} & shown(app)  # the game is not over
        await pilot.press("q")
        await wait_for_screen(pilot, ConfirmScreen, "Your seat waits for you", what="the question")
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        assert app.is_running and table_of(app) is None and app.table_screen is None
        await wait_for(pilot, lambda: host.tables[table].seats[seat].stand_in, what="a bot for the seat")
        await wait_for(pilot, lambda: "your seat" in screen_text(app), what="the table marked as yours")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is app.table_screen and bool(view_of(app)), what="the table again")
        assert (table_of(app), view_of(app)["you"]) == (table, seat)
        assert "Ana (you)" in screen_text(app)
        await wait_for(pilot, lambda: not host.tables[table].seats[seat].stand_in, what="the seat taken back")


async def test_enter_joins_the_highlighted_table_and_the_footer_shows_only_keys_that_work(host):
    port = host.port
    app = YuleApp(name="Dee", address=("127.0.0.1", port), discover=False)
    async with app.run_test(size=(80, 24)) as pilot, Client("127.0.0.1", port, "Cy") as cy:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        assert shown(app) == {"new", "rules", "app.ask_quit"}  # no table: nothing to join, watch or start
        await cy.create_table("white-elephant", 3, open=True)
        await wait_for(pilot, lambda: app.screen.tables, what="Cy's table in the lobby")
        assert {"join", "watch"} <= shown(app) and not {"add_bot", "start", "leave"} & usable(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: (info_of(app) or {}).get("you") == 1, what="Dee's seat")
        await wait_for(pilot, lambda: "Dee (you)" in screen_text(app), what="Dee's seat shown")
        assert not {"add_bot", "remove_bot", "start", "toggle_open"} & shown(app) and "leave" in usable(app)
        panel = str(app.screen.query_one("#mine").render())
        assert "Cy runs this table: they add bots and start." in panel  # Cy made it
        await pilot.press("l")  # leave the waiting table: the seat is freed
        await wait_for(pilot, lambda: app.screen.mine is None, what="no table of Dee's")
        await wait_for(pilot, lambda: "Dee" not in screen_text(app).replace("You play as Dee", ""), what="freed")
        assert not {"add_bot", "start", "leave"} & usable(app) and app.client.saved_seats() == []


async def test_play_leave_to_the_menu_and_continue_also_after_a_restart(tmp_path):
    app = YuleApp(name="Ana", play=PlaySetup("white-elephant", 3, bot_delay=0.01), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app), what="Ana's first turn")
        table, view = table_of(app), view_of(app)
        assert app.status["code"] is None and info_of(app)["code"] not in screen_text(app)  # nobody else comes
        await pilot.press("q")
        await wait_for_screen(pilot, ConfirmScreen, "Back to the menu? This game is kept", what="the question")
        await pilot.press("y")
        await wait_for_screen(pilot, GameMenu, "Continue: White Elephant #1, you and 2 bots", what="the game menu")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is app.table_screen and my_turn(app), what="the game again")
        assert table_of(app) == table and view_of(app) == view  # nobody played for Ana meanwhile
        await pilot.press("ctrl+q")
        await wait_for_screen(pilot, ConfirmScreen, "This game is kept", what="the question")
        await pilot.press("y")
    assert app.return_code == 0
    again = YuleApp(name="Ana", play=PlaySetup(None, 3, bot_delay=0.01), discover=False)  # yule play: the menu
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, GameMenu, f"Continue: White Elephant #{table}, you and 2 bots", what="the menu")
        await pilot.press("enter")
        await wait_for(pilot, lambda: my_turn(again), what="the game continued")
        assert table_of(again) == table and view_of(again) == view
        await pilot.press("ctrl+q", "y")
    quick = YuleApp(name="Ana", play=PlaySetup("white-elephant", 3, bot_delay=0.01), discover=False)
    async with quick.run_test(size=(80, 24)) as pilot:  # yule play white-elephant: a new game at once
        await wait_for(pilot, lambda: my_turn(quick) and table_of(quick) != table, what="a new game")
        assert not any(isinstance(s, GameMenu) for s in quick.screen_stack)
        second = table_of(quick)
        await pilot.press("q", "y")
        await wait_for_screen(pilot, GameMenu, f"Continue: White Elephant #{second}, you and 2 bots",
                              f"Continue: White Elephant #{table}, you and 2 bots", what="both games, told apart")  # fmt: skip
        assert screen_text(quick).count("begun") == 2  # and when each began
        await pilot.press("q")
    assert quick.return_code == 0


async def test_results_again_and_play_again_from_the_results_and_from_the_table(tmp_path):
    app = YuleApp(name="Ana", play=PlaySetup("white-rabbit", 2, bot_delay=0.01), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: bool(view_of(app)) and table_of(app) is not None, what="the game")
        let_a_bot_finish(app)
        await wait_for_screen(pilot, GameOverScreen, "n Play again", what="the results")
        await pilot.press("b")
        await wait_for(pilot, lambda: app.screen is app.table_screen, what="the table")
        assert {"results", "again"} <= shown(app)
        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="the results again")
        await pilot.press("n")  # play again from the results
        await wait_for(pilot, lambda: "result" not in view_of(app), what="the second game")
        assert app.screen is app.table_screen and not {"results", "again"} & shown(app)
        assert "A new game begins at this table." in app.table_screen.lines
        let_a_bot_finish(app)
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="the second results")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.table_screen, what="the table")
        await pilot.press("n")  # play again from the table
        await wait_for(pilot, lambda: "result" not in view_of(app), what="the third game")
        assert app.host.tables[table_of(app)].game_no == 3
        let_a_bot_finish(app)
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), what="the third results")
        await pilot.press("q")  # leave: back to the game menu, nothing to continue
        text = await wait_for_screen(pilot, GameMenu, "Yule: which game?", what="the game menu")
        assert "Continue" not in text and app.client.saved_seats() == []


async def test_a_spectator_has_no_move_keys_and_leaves_straight_to_the_lobby(host):
    port = host.port
    async with Client("127.0.0.1", port, name="Hal") as hal:
        created = await hal.create_table("white-elephant", 3, bot_delay=30, sit=False, open=True)
        table = created["table"]
        await hal.fill_bots(table)
        await hal.start(table)
        app = YuleApp(name="Ivy", address=("127.0.0.1", port), discover=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables, what="tables")
            await pilot.press("w")
            await wait_for(pilot, lambda: app.screen is app.table_screen and bool(view_of(app)), what="the table")
            assert app.table_screen.spectator and app.watching
            assert not shown(app) & {*app.table_screen.table.MOVES, "results", "again"}
            host.tables[table].bot_delay = 0.01
            host.tables[table].bots.kick()
            await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), timeout=90, what="the game's end")
            text = await wait_for_screen(pilot, GameOverScreen, "Back to the table", what="the results")
            assert "Play again" not in text
            await pilot.press("b")
            await wait_for(pilot, lambda: app.screen is app.table_screen, what="the table")
            assert "results" in shown(app) and "again" not in shown(app)
            await pilot.press("q")  # no question: straight back to the lobby
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
            await wait_for(pilot, lambda: not host.tables[table].audience.watchers, what="no longer watching")
            assert app.client.watching == {} and not app.watching


async def test_ctrl_q_asks_first_only_while_you_play(host):
    port = host.port
    app = YuleApp(name="Jo", address=("127.0.0.1", port), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await sit_at_a_started_table(pilot, app)
        await pilot.press("ctrl+q")
        await wait_for_screen(pilot, ConfirmScreen, "Quit Yule?", "same yule join command", what="the question")
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is app.table_screen, what="the table again")
        await pilot.press("ctrl+q", "y")
    assert app.return_code == 0
    lobby = YuleApp(name="Jo", address=("127.0.0.1", port), discover=False)
    async with lobby.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: table_of(lobby) is not None, what="back at Jo's game at once")
        await pilot.press("q", "y")
        await wait_for(pilot, lambda: isinstance(lobby.screen, LobbyScreen), what="the lobby")
        await pilot.press("ctrl+q")  # no game on screen: no question
    assert lobby.return_code == 0


async def test_the_same_join_command_puts_you_back_in_your_seat(host, tmp_path):
    port = host.port
    store = SeatStore(tmp_path / "bob" / "seats.json")
    async with Client("127.0.0.1", port, name="Ana") as ana:
        created = await ana.create_table("white-elephant", 3, bot_delay=30)
        table = created["table"]
        first = YuleApp(name="Bob", address=("127.0.0.1", port), code=created["code"], seat_store=store)
        async with first.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: (info_of(first) or {}).get("you") == 1, what="Bob's seat")
            await ana.add_bot(table)
            await ana.start(table)
            await wait_for(pilot, lambda: first.screen is first.table_screen, what="the game")
            await pilot.press("ctrl+q", "y")  # the terminal is gone
        await until(lambda: host.tables[table].seats[1].conn is None, "the host to see Bob gone")
        again = YuleApp(name="Bob", address=("127.0.0.1", port), code=created["code"], seat_store=store)
        async with again.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: bool(view_of(again)), what="Bob's view")
            assert (table_of(again), view_of(again)["you"]) == (table, 1)
            await wait_for(pilot, lambda: "Bob (you)" in screen_text(again), what="Bob (you)")
            assert host.tables[table].seats[1].conn is not None
        wrong = YuleApp(name="Eve", address=("127.0.0.1", port), code="ZZZZZZ", seat_store=store)
        notes = Notes()
        async with wrong.run_test(size=(80, 24), message_hook=notes) as pilot:
            await wait_for(pilot, lambda: notes, what="the refusal")
            (note,) = notes
            assert note.message.startswith("No table at this host has the join code ZZZZZZ.")
            assert isinstance(wrong.screen, LobbyScreen) and table_of(wrong) is None


async def test_the_seat_of_an_away_player_is_taken_back_by_name_from_another_machine(host, tmp_path):
    port = host.port
    async with Client("127.0.0.1", port, name="Ana", local_address="127.0.0.2") as ana:
        created = await ana.create_table("white-elephant", 3, bot_delay=30)
        table = created["table"]
        laptop = Client("127.0.0.1", port, name="Bob", reconnect=False)
        await laptop.connect()
        old = await laptop.join(None, created["code"])
        await ana.add_bot(table)
        await ana.start(table)
        await laptop.close()  # the laptop died
        await until(lambda: host.tables[table].seats[1].conn is None, "the host to see Bob gone")
        phone = YuleApp(name="bob", address=("127.0.0.1", port), code=created["code"],
                        seat_store=SeatStore(tmp_path / "phone" / "seats.json"))  # fmt: skip
        async with phone.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, ChoiceScreen, "I am Bob: take my seat back", what="the away players")
            await pilot.press("enter")  # highlighted: the away player with our name
            await wait_for_screen(pilot, AskingScreen, "Asking the people at the table", what="the wait for a yes")
            async for asked in ana:  # Ana is asked whether this is really Bob
                if asked["type"] == "reclaim_asked":
                    break
            assert view_of(phone).get("you") is None  # nothing of Bob's seat before the yes
            await ana.answer(table, asked["request"], True)
            await wait_for(pilot, lambda: view_of(phone).get("you") == 1, what="Bob's seat")
            await wait_for(pilot, lambda: "Bob (you)" in screen_text(phone), what="Bob (you)")
            assert "Bob is back, on another device (Ana said yes)." in phone.table_screen.lines
            assert not phone.watching and phone.client.saved_seat(table=table).token != old.token
        async with Client("127.0.0.1", port, name="Bob") as dead_laptop:
            try:
                await dead_laptop.resume(old.token)
            except HostError as e:
                assert e.code == "seat_moved"
            else:
                raise AssertionError("the old token still works")


async def test_nothing_answers_says_so_then_tries_again_or_quits(tmp_path):
    with silent_port() as port:
        app = YuleApp(name="Kim", address=("127.0.0.1", port), discover=False)
        async with app.run_test(size=(80, 24)) as pilot:
            notice = f"Nothing answers at 127.0.0.1:{port}. Is `yule host` running there?"
            await wait_for_screen(pilot, NoAnswerScreen, notice, what="the notice")
            assert shown(app) == {"done('retry')", "done('other')", "app.ask_quit(1)"}
            host = Host(tmp_path, away_timeout=60)
            await host.start("127.0.0.1", port)
            try:
                await pilot.press("r")
                await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
                assert "host: connected" in screen_text(app)
            finally:
                await host.stop()
            await wait_for(pilot, lambda: "reconnecting" in screen_text(app), what="reconnecting")
        other = YuleApp(name="Kim", address=("127.0.0.1", port), discover=False)
        async with other.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(other.screen, NoAnswerScreen), what="the notice")
            await pilot.press("q")
            await wait_for_screen(pilot, ConfirmScreen, "Quit Yule?", what="the question")
            await pilot.press("n")  # no: the notice again
            await wait_for(pilot, lambda: isinstance(other.screen, NoAnswerScreen), what="the notice again")
            await pilot.press("escape", "y")
        assert other.return_code == 1 and other.return_value == 1
