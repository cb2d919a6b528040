"""A lobby that never surprises, by key presses against a real host:

- a join code typed joins (or watches) the table it names, whatever row is highlighted;
- q or Esc in the lobby asks before quitting (over SSH: that it ends the session), also after
  the rules were opened and closed; no answer leaves the app running;
- ``yule join`` asks for a name the first time (the login name offered), remembers it, and
  ``r`` in the lobby changes it before sitting down (not while seated; over SSH it says how);
- Enter on the connect screen goes to the host found on the LAN;
- the new-table form opens on the game of the last table you created; the highlighted table
  stays highlighted as the list changes, and a table just made is highlighted; a game chosen
  and Enter twice in one burst (its options not yet in the form) makes its table;
- a device whose seat was taken back elsewhere is told so;
- g in the lobby changes the language: the lobby is worded anew at once, nothing else changes,
  and the profile remembers it; the form's words from core are marked for the catalogue.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal

from textual.widgets import Static
from tui_support import Notes, burst, info_of, screen_text, table_of, wait_for, wait_for_screen

from yule.netplay.client import Client, SeatStore
from yule.tui.app import YuleApp
from yule.tui.connect import ConnectScreen
from yule.tui.dialogs import ChoiceScreen, ConfirmScreen
from yule.tui.lobby import LobbyScreen
from yule.tui.newtable import CreateTableScreen
from yule.tui.play import join_app, play_app
from yule.tui.profile import Profile
from yule.tui.questions import AskingScreen, CodeScreen, FirstNameScreen, NameScreen
from yule.tui.screens import RulesScreen
from yule.tui.ssh.guest import SSHGuestApp
from yule.tui.widgets import KeysFooter
from yule.tui.words import language, set_language, t


def highlighted(app: YuleApp) -> int:
    """The table number on the lobby's highlighted row."""
    lobby = app.screen
    assert isinstance(lobby, LobbyScreen)
    return lobby.tables[lobby.query_one("#tables").highlighted]["table"]


async def lobby_with(pilot, app: YuleApp, count: int) -> None:
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and len(app.screen.tables) == count,
                   what=f"{count} tables in the lobby")  # fmt: skip


async def test_a_code_typed_on_another_row_joins_the_table_it_names(host):
    async with Client("127.0.0.1", host.port, "Cy") as cy:
        first = await cy.create_table("white-elephant", 3)
        second = await cy.create_table("white-rabbit", 2)
        app = YuleApp(name="Dee", address=("127.0.0.1", host.port), discover=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await lobby_with(pilot, app, 2)
            assert highlighted(app) == second["table"]  # the newest first
            await pilot.press("j")  # the highlighted table is private: its code is asked
            await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), what="the code")
            await pilot.press(*first["code"].lower(), "enter")  # the other table's code
            await wait_for(pilot, lambda: (info_of(app) or {}).get("you") is not None, what="a seat")
            assert table_of(app) == first["table"] and host.tables[first["table"]].seats[1].name == "Dee"
            await wait_for(pilot, lambda: highlighted(app) == first["table"], what="the table joined highlighted")
            await pilot.press("l")
            await wait_for(pilot, lambda: app.screen.mine is None, what="the seat given up")
            await pilot.press("c")  # a code, whichever row is highlighted
            await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), what="the code")
            await pilot.press(*second["code"], "enter")
            await wait_for(pilot, lambda: table_of(app) == second["table"], what="the table of that code")
            await pilot.press("l")
            await wait_for(pilot, lambda: app.screen.mine is None, what="the seat given up")
            await pilot.press("down")
            assert highlighted(app) == first["table"]
            await pilot.press("w")  # watching by code too
            await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), what="the code")
            await pilot.press(*second["code"], "enter")
            await wait_for(pilot, lambda: app.watching and table_of(app) == second["table"], what="watching it")
            assert app.client.watching == {second["table"]: second["code"]}


async def test_esc_and_q_in_the_lobby_ask_and_no_keeps_the_app(host):
    app = YuleApp(name="Eve", address=("127.0.0.1", host.port), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_with(pilot, app, 0)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen), what="the rules")
        await pilot.press("escape", "escape")  # the rules closed, then Esc in the lobby: a question
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="the question")
        question = str(app.screen.query_one(Static).render())
        assert question.startswith("Quit Yule?") and question.endswith("y quit   n stay   Enter or Esc: stay")
        assert "SSH" not in question
        await pilot.press("escape")  # no
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby again")
        await pilot.press("q")
        await wait_for_screen(pilot, ConfirmScreen, "Quit Yule?", what="the question")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby again")
        assert app.is_running
        await pilot.press("q", "y")
    assert app.return_code == 0


@contextlib.contextmanager
def sigterm_restored():
    """The SSH guest's app takes SIGTERM for itself: the test process gets its own back."""
    try:
        yield
    finally:
        with contextlib.suppress(RuntimeError):
            asyncio.get_running_loop().remove_signal_handler(signal.SIGTERM)


async def test_over_ssh_the_question_says_it_ends_the_session_and_the_name_stays(host):
    app = SSHGuestApp("dee", ("127.0.0.1", host.port))
    notes = Notes()
    with sigterm_restored():
        async with app.run_test(size=(80, 24), message_hook=notes) as pilot:
            await lobby_with(pilot, app, 0)
            await wait_for_screen(pilot, LobbyScreen, "You play as dee (r: how to play under another name).")
            await pilot.press("question_mark", "escape", "escape")
            await wait_for_screen(pilot, ConfirmScreen, "Quit Yule? This ends your SSH session.", what="the question")
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby again")
            await pilot.press("r")
            await wait_for(pilot, lambda: any("Over SSH you are dee" in n for n in notes.messages), what="why not")
            assert not isinstance(app.screen, NameScreen) and app.client.name == "dee"
            assert app.is_running
            await pilot.press("ctrl+q")  # the one key that quits at once, from the lobby
    assert app.return_code == 0


async def test_join_asks_a_name_the_first_time_remembers_it_and_r_changes_it(host, private_folders):
    args = argparse.Namespace(address=f"127.0.0.1:{host.port}", name=None, code=None)
    app = join_app(args)
    assert app.ask_name
    offered = app.player.name  # the login name
    notes = Notes()
    async with app.run_test(size=(80, 24), message_hook=notes) as pilot:
        await wait_for_screen(pilot, FirstNameScreen, "Which name do you play under?", what="the name asked")
        assert app.screen.query_one("#line").value == offered
        await pilot.press("escape")  # Esc asks whether to quit; no: the name again
        await wait_for_screen(pilot, ConfirmScreen, "Quit Yule?", what="the question")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, FirstNameScreen), what="the name asked again")
        await pilot.press("ctrl+u", "enter")  # nothing: not a name
        await wait_for(pilot, lambda: any("needs at least one letter" in n for n in notes.messages), what="why")
        await pilot.press(*"Ana Lee", "enter")
        await lobby_with(pilot, app, 0)
        assert "You play as Ana Lee: r changes your name." in screen_text(app)
        assert [c.name for c in host.admission.connections] == ["Ana Lee"] and Profile.load().name == "Ana Lee"
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, NameScreen), what="the name again")
        await pilot.press("ctrl+u", *"Hard Bot 2", "enter")  # a bot's name: not a person's
        await wait_for(pilot, lambda: any("That name reads as the name of one of the host's bots" in n for n in notes.messages), what="why not")  # fmt: skip
        await pilot.press("ctrl+u", *"Bea", "enter")
        await wait_for(pilot, lambda: "You play as Bea" in screen_text(app), what="the new name")
        assert [c.name for c in host.admission.connections] == ["Bea"] and Profile.load().name == "Bea"
        await pilot.press("n", "enter", "enter")  # a table: seated there, the name stays
        await wait_for(pilot, lambda: app.screen.mine is not None, what="Bea's table")
        await pilot.press("r")
        await wait_for(pilot, lambda: any("You sit at #" in n for n in notes.messages), what="not while seated")
        assert isinstance(app.screen, LobbyScreen)
    again = join_app(args)  # the next yule join: no question
    assert not again.ask_name and again.player.name == "Bea"
    named = join_app(argparse.Namespace(address=f"127.0.0.1:{host.port}", name="Cy", code=None))
    assert not named.ask_name and named.player.name == "Cy"  # --name: this time only
    assert Profile.load().name == "Bea"
    alone = argparse.Namespace(game=None, players=None, seed=None, bots=None, name=None)
    assert play_app(alone).player.name == "Bea"  # yule play too


async def test_enter_on_the_connect_screen_goes_to_the_host_found(host):
    app = YuleApp(name="Gus", discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ConnectScreen), what="the connect screen")
        app.screen.found = [("Party", "127.0.0.1", host.port)]
        await wait_for(pilot, lambda: app.screen.query_one("#found").has_focus, what="the list in focus")
        app.screen.query_one("#address").focus()  # back in the empty field: Enter still goes there
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        assert app.address == ("127.0.0.1", host.port)


async def test_the_form_opens_on_your_last_game_and_the_cursor_follows_the_tables(host):
    async with Client("127.0.0.1", host.port, "Cy") as cy:
        older = await cy.create_table("white-elephant", 3, open=True)
        app = join_app(argparse.Namespace(address=f"127.0.0.1:{host.port}", name="Hal", code=None))
        async with app.run_test(size=(80, 24)) as pilot:
            await lobby_with(pilot, app, 1)
            await pilot.press("n")
            await wait_for(pilot, lambda: isinstance(app.screen, CreateTableScreen), what="the form")
            assert app.screen._game().name == "white-elephant"  # nothing made yet: the default game
            await pilot.press("down", "down", "enter", "enter")  # White Rabbit, 2 seats
            await wait_for(pilot, lambda: (info_of(app) or {}).get("game") == "white-rabbit", what="Hal's table")
            await lobby_with(pilot, app, 2)
            mine = table_of(app)
            await wait_for(pilot, lambda: highlighted(app) == mine, what="the new table highlighted")
            await pilot.press("l")
            await wait_for(pilot, lambda: app.screen.mine is None, what="Hal's table left")
            await pilot.press("down")
            assert highlighted(app) == older["table"]
            newer = await cy.create_table("gift-list", 3, open=True)  # listed first: the rows move
            await lobby_with(pilot, app, 3)
            assert highlighted(app) == older["table"] != newer["table"]
            await pilot.press("n")  # on Cy's White Elephant table: the form still offers White Rabbit
            await wait_for(pilot, lambda: isinstance(app.screen, CreateTableScreen), what="the form")
            assert app.screen._game().name == "white-rabbit"
    assert Profile.load().game == "white-rabbit"


async def test_a_game_with_options_chosen_and_created_in_one_burst_makes_its_table(host):
    app = YuleApp(name="Ivy", address=("127.0.0.1", host.port), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await lobby_with(pilot, app, 0)
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, CreateTableScreen), what="the form")
        burst(app, "down", "enter", "enter")  # Gift Exchange, its seats, create: before its options are in
        await wait_for(pilot, lambda: (info_of(app) or {}).get("game") == "gift-exchange", what="Ivy's table")
        assert app.is_running


async def test_a_seat_handed_to_another_device_may_be_asked_back_from_the_earlier_one(host, tmp_path):
    port = host.port
    async with Client("127.0.0.1", port, "Ana", local_address="127.0.0.2") as ana:
        created = await ana.create_table("white-elephant", 3, bot_delay=30)
        table = created["table"]
        store = SeatStore(tmp_path / "laptop" / "seats.json")
        laptop = Client("127.0.0.1", port, "Bob", reconnect=False, seat_store=store)
        await laptop.connect()
        await laptop.join(None, created["code"])
        await ana.add_bot(table)
        await ana.start(table)
        await laptop.close()  # the laptop went away; someone says they are Bob, on a phone, and Ana says yes
        async with Client("127.0.0.1", port, "Bob", local_address="127.0.0.3") as phone:
            asking = asyncio.create_task(phone.reclaim(created["code"], "Bob"))
            async for asked in ana:
                if asked["type"] == "reclaim_asked":
                    break
            await ana.answer(table, asked["request"], True)
            await asking
            app = YuleApp(name="Bob", address=("127.0.0.1", port), seat_store=store, discover=False)
            async with app.run_test(size=(80, 24)) as pilot:  # the laptop is back: it may ask for the seat back
                await wait_for_screen(pilot, ChoiceScreen, "Ask the table to give it back", what="the offer")
                assert f"Your seat at table {table} was taken back on another device" in screen_text(app)
                assert [s.moved for s in store.seats(f"127.0.0.1:{port}")] == [True]
                await pilot.press("enter")
                await wait_for_screen(pilot, AskingScreen, "Asking the people at the table", what="the wait")
                async for asked in ana:
                    if asked["type"] == "reclaim_asked":
                        break
                assert asked["asker"] == "earlier" and asked["holder"] == "Bob"
                await ana.answer(table, asked["request"], True)
                await wait_for(pilot, lambda: (info_of(app) or {}).get("you") == 1, what="the seat back")
                async for told in phone:
                    if told["type"] == "error" and told["code"] == "replaced":
                        break
                assert [s.moved for s in store.seats(f"127.0.0.1:{port}")] == [False]


async def test_g_in_the_lobby_changes_the_language_at_once_and_the_profile_remembers_it(host):
    async with Client("127.0.0.1", host.port, "Cy") as cy:
        await cy.create_table("white-elephant", 3, open=True)
        app = join_app(argparse.Namespace(address=f"127.0.0.1:{host.port}", name="Ida", code=None))
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await lobby_with(pilot, app, 1)
                await pilot.press("enter")  # a seat at Cy's table: the panel of your table shows too
                await wait_for(pilot, lambda: app.screen.mine is not None, what="Ida's seat")
                lobby, client = app.screen, app.client
                assert "White Elephant" in screen_text(app) and language() == "en"
                await pilot.press("g")
                await wait_for_screen(pilot, ChoiceScreen, "English", "Français", "Deutsch", what="the languages")
                await pilot.press("down", "enter")  # Français
                await wait_for(pilot, lambda: "Éléphant blanc" in screen_text(app), what="the lobby in French")
                assert language() == "fr" and app.screen is lobby and app.client is client
                assert (
                    client.state == "connected" and lobby.mine is not None and highlighted(app) == lobby.mine["table"]
                )
                assert "White Elephant" not in screen_text(app)
                shown = " ".join(screen_text(app).split())
                for words in (t("c joins by a join code. e shows the evening's standings."), t("Your table")):
                    assert " ".join(words.split()) in shown
                assert lobby.query_one("#tables").border_title == t("Tables")
                assert f"n {t('New')}" in str(lobby.query_one(KeysFooter).render())
                assert Profile.load().lang == "fr" and app.player.profile.lang == "fr"
                await pilot.press("g")  # and back: English again, remembered too
                await wait_for_screen(pilot, ChoiceScreen, "English", what="the languages")
                await pilot.press("up", "enter")
                await wait_for(pilot, lambda: "White Elephant" in screen_text(app), what="the lobby in English")
                assert language() == "en" and Profile.load().lang == "en"
                assert "Your table" in screen_text(app)
        finally:
            set_language("en")  # whatever happened, the other tests read English


def test_the_form_marks_the_words_it_shows_from_core():
    from yule.core.bots import BOT_LEVELS
    from yule.core.registry import all_games
    from yule.tui.lobby import level_word
    from yule.tui.locales.catalogue import template
    from yule.tui.newtable import option_label

    found = {message.id for message in template()}
    for game in all_games():
        assert game.summary in found
        assert {option_label(key) for key in game.default_options} <= found
        assert {w for choices in game.option_choices.values() for w in choices.values()} <= found
    assert {words for _, words in BOT_LEVELS.values()} <= found
    assert all(level_word(level) == level for level in BOT_LEVELS)  # each worded (in English, as it is)
