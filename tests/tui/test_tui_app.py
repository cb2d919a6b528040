"""The whole app against a real host: whole turns played by key presses.

``yule play`` here runs the host in the app's own process, to look into it (the command line
runs it in a process of its own, as one test here does); the lobby test starts one and
connects to it like ``yule join`` does.  Bots move fast here (the app's pace for people is
slower).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import textwrap

import pytest
from textual.widgets import OptionList
from tui_support import (
    Notes,
    burst,
    info_of,
    my_turn,
    new_table_form,
    screen_text,
    table_of,
    view_of,
    wait_for,
    wait_for_screen,
)

from yule.core import get_game
from yule.core.estimate import estimate
from yule.netplay.client import Client
from yule.netplay.host.playhost import PlayHostProcess
from yule.tui.app import STALE, YuleApp
from yule.tui.connect import ConnectScreen
from yule.tui.lobby import LobbyScreen
from yule.tui.play import join_app
from yule.tui.playing import PlaySetup
from yule.tui.screens import GameOverScreen, TableScreen
from yule.tui.widgets import StatusLine


async def test_play_whole_turns_then_the_whole_game_and_again(tmp_path):
    app = YuleApp(name="Ana", play=PlaySetup("white-elephant", 3, bot_delay=0.01), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app), what="Ana's first turn")
        exchange = view_of(app)["exchange"]
        await pilot.press("space", "right", "space", "t")
        await wait_for(
            pilot, lambda: any("Ana took 2 gifts" in line for line in app.table_screen.lines), what="the take"
        )
        assert not set(exchange[:2]) & set(view_of(app)["exchange"])
        # Every later turn: clear out (with its confirmation) or end the turn after a main action.
        while "result" not in view_of(app):
            await wait_for(pilot, lambda: my_turn(app) or "result" in view_of(app), what="Ana's turn")
            if "result" in view_of(app):
                break
            seen = len(app.table_screen.lines)
            if view_of(app)["phase"] == "after":
                await pilot.press("e")
            else:
                await pilot.press("c")
                await wait_for(pilot, lambda: app.screen is not app.table_screen, what="the confirmation")
                await pilot.press("y")
            await wait_for(pilot, lambda: len(app.table_screen.lines) > seen, what="the move in the log")
        await wait_for_screen(pilot, GameOverScreen, "Game over.", "Collections", "Junk", "Peanuts", what="the scores")
        assert any("cleared out the Exchange" in line for line in app.table_screen.lines)
        await pilot.press("n")
        await wait_for(pilot, lambda: "result" not in view_of(app), what="the next game")
        assert isinstance(app.screen, TableScreen)


FIRST_VIEW = textwrap.dedent("""
    import asyncio
    import sys

    from yule.netplay.host.playhost import PlayHostProcess
    from yule.tui.app import YuleApp
    from yule.tui.playing import PlaySetup


    async def main():
        process = PlayHostProcess.start("white-elephant")
        app = YuleApp(name="Ana", play=PlaySetup("white-elephant", 3, process=process), discover=False)
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                for _ in range(3000):  # a minute at most
                    if app.table is not None and app.table.view is not None:
                        print(" ".join(sorted(sys.modules)))
                        break
                    await pilot.pause(0.02)
        finally:
            process.close()
        print(process.process.returncode)


    asyncio.run(main())
""")
"""``yule play white-elephant`` to its first view, as the command line starts it (its host in a
process of its own), printing every module loaded by then (its own wait for the deal: the
tests' helpers load the lobby's screens), and how the host's process ended."""


def test_play_shows_its_first_view_without_loading_the_host_the_lobby_or_the_whole_log():
    """``yule play``'s host runs in a process of its own: none of its modules load in the app's
    (pydantic's message models, the look-alike names table, the store).  The app never shows a
    lobby, and the whole log only on ``l``: neither's screens are loaded to start (the whole
    log's RichLog would load rich.pretty and attrs with it).  Run in a fresh interpreter: this
    one has loaded them all.  The host stops when the app lets it (not killed)."""
    done = subprocess.run([sys.executable, "-c", FIRST_VIEW], capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stderr
    modules, ended = done.stdout.splitlines()
    loaded = set(modules.split())
    assert "yule.tui.white_elephant.table" in loaded  # the deal was shown
    lazy = {"yule.tui.lobby", "yule.tui.newtable", "yule.tui.questions", "yule.tui.connect", "yule.tui.wholelog"}
    host = {
        "yule.netplay.host.server",
        "yule.netplay.host.messages",
        "yule.netplay.host.store",
        "pydantic",
        "confusables",
        "sqlite3",
    }
    assert not loaded & (lazy | host | {"rich.pretty", "attr"})
    assert ended == "0"


async def test_a_host_that_cannot_start_is_told_and_the_app_stays_offline():
    said = json.dumps({"error": "The game's host cannot start: no room on the disk"})
    child = subprocess.Popen([sys.executable, "-c", f"print({said!r})"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    process = PlayHostProcess(child)
    app = YuleApp(name="Ana", play=PlaySetup("white-elephant", 3, process=process), discover=False)
    notes = Notes()
    try:
        async with app.run_test(size=(80, 24), message_hook=notes) as pilot:
            await wait_for(pilot, lambda: any("no room on the disk" in n.message for n in notes), what="why")
            assert "host: not connected" in screen_text(app) and app.client is None
    finally:
        process.close()


async def test_a_host_process_that_stops_under_the_app_is_told():
    process = PlayHostProcess.start("white-elephant")
    app = YuleApp(name="Ana", play=PlaySetup("white-elephant", 3, bot_delay=0.01, process=process), discover=False)
    notes = Notes()
    try:
        async with app.run_test(size=(80, 24), message_hook=notes) as pilot:
            await wait_for(pilot, lambda: my_turn(app), what="Ana's first turn")
            assert not any("host stopped" in n.message for n in notes)
            process.process.kill()  # as if the system ended it
            await wait_for(pilot, lambda: any("The game's host stopped" in n.message for n in notes), what="told")
            (told,) = [n.message for n in notes if "The game's host stopped" in n.message]  # once
            assert told.endswith("Your games are kept: start yule play again to go on.")
            await pilot.press("ctrl+q", "y")
    finally:
        process.close()


async def test_a_move_goes_with_its_views_seq_and_a_stale_screen_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    sent: list[int | None] = []
    original = Client.move

    async def recording(self, table, move, seq=None, seat=None):
        sent.append(seq)
        return await original(self, table, move, seq, seat)

    monkeypatch.setattr(Client, "move", recording)
    app = YuleApp(name="Ana", play=PlaySetup("white-elephant", 3, bot_delay=0.01), discover=False)
    notes = Notes()
    async with app.run_test(size=(80, 24), message_hook=notes) as pilot:
        await wait_for(pilot, lambda: my_turn(app), what="Ana's first turn")
        at_host = app.host.tables[table_of(app)]
        seq = at_host.seq
        table = app.table_screen.table
        assert table.seq == seq
        table.seq = seq - 1  # as if the screen were a move behind the game
        await pilot.press("space", "right", "space", "t")
        await wait_for(pilot, lambda: any(STALE in n.message for n in notes), what="the refusal")
        assert sent == [seq - 1] and at_host.seq == seq and not table.pending
        table.seq = seq
        await pilot.press("space", "right", "space", "t")
        await wait_for(
            pilot, lambda: any("Ana took 2 gifts" in line for line in app.table_screen.lines), what="the take"
        )
        assert sent[:2] == [seq - 1, seq]


async def test_lobby_create_add_bots_start_and_take(host):
    port = host.port
    app = YuleApp(name="Ben", address=("127.0.0.1", port), discover=False)
    notes = Notes()
    async with app.run_test(size=(80, 24), message_hook=notes) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("enter", "end", "backspace", "3", "enter")
        await wait_for(pilot, lambda: info_of(app) is not None, what="the new table")
        code = info_of(app)["code"]
        assert code and app.screen.query_one(StatusLine).code == code
        assert code in screen_text(app)
        await pilot.press("a")
        await wait_for(pilot, lambda: "children win often" in screen_text(app), what="the level menu, kind bots in it")
        assert "Adapting: weaker or stronger each game so all win" in screen_text(app)
        await pilot.press("up", "up", "enter")  # the level menu starts at normal: up is kind, then easy
        await wait_for(pilot, lambda: info_of(app)["seats"][1] is not None, what="an easy bot")
        await pilot.press("a", "enter")
        await wait_for(pilot, lambda: None not in info_of(app)["seats"], what="two bots")
        assert [s["bot"] for s in info_of(app)["seats"][1:]] == ["random", "greedy"]
        assert "Easy Bot 2 (bot)" in screen_text(app) and "Normal Bot 3 (bot)" in screen_text(app)
        await pilot.press("x", "enter")  # the first seat offered: the easy bot's
        await wait_for(pilot, lambda: info_of(app)["seats"][1] is None, what="a bot removed")
        await pilot.press("s")
        await pilot.pause(0.2)
        assert any("Every seat needs" in n.message for n in notes)
        await pilot.press("a", "enter")
        await wait_for(pilot, lambda: None not in info_of(app)["seats"], what="two bots again")
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), what="the table")
        await wait_for(pilot, lambda: my_turn(app), what="Ben's turn")
        await pilot.press("space", "down", "space", "t")
        await wait_for(
            pilot, lambda: any("Ben took 2 gifts" in line for line in app.table_screen.lines), what="the take"
        )


@pytest.mark.parametrize("size", [(79, 24), (80, 23)])
async def test_too_small_says_so(tmp_path, size):
    app = YuleApp(name="Cy", address=("127.0.0.1", 9), discover=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert "Yule needs a terminal of at least 80×24" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "needs a terminal" not in screen_text(app)


async def first_turn_view(home, monkeypatch, seed: int) -> dict:
    """The first view of a new ``yule play`` game (in a data folder of its own: nothing to continue)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("YULE_STATE_DIR", str(home / "state"))
    app = YuleApp(name="Ana", play=PlaySetup("white-elephant", 3, bot_delay=0.01, seed=seed), discover=False)
    notes = Notes()
    async with app.run_test(size=(80, 24), message_hook=notes) as pilot:
        await wait_for(pilot, lambda: my_turn(app), what="Ana's first turn")
        assert "not supported" not in str([n.message for n in notes])
        return view_of(app)


async def test_play_with_a_seed_deals_the_same_game(tmp_path, monkeypatch):
    first, again, other = [
        await first_turn_view(tmp_path / str(run), monkeypatch, seed) for run, seed in enumerate((7, 7, 8))
    ]
    assert first == again
    assert first["exchange"] != other["exchange"] or first["front"] != other["front"]


async def test_join_by_code_alone(host):
    port = host.port
    async with Client("127.0.0.1", port, name="Cy") as cy:
        created = await cy.create_table("white-elephant", 3)
        await cy.add_bot(created["table"])
        app = YuleApp(name="Dee", address=("127.0.0.1", port), code=created["code"], discover=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: info_of(app) is not None and info_of(app)["you"] is not None, what="the seat")
            assert table_of(app) == created["table"]
            assert created["code"] in screen_text(app)
        wrong = YuleApp(name="Eve", address=("127.0.0.1", port), code="ZZZZZZ", discover=False)
        wrong_notes = Notes()
        async with wrong.run_test(size=(80, 24), message_hook=wrong_notes) as pilot:
            await wait_for(pilot, lambda: any("ZZZZZZ" in (n.title or "") for n in wrong_notes), what="the refusal")
            assert table_of(wrong) is None and isinstance(wrong.screen, LobbyScreen)


async def test_a_game_and_seat_count_typed_in_one_burst_make_that_table(host):
    app = YuleApp(name="Gus", address=("127.0.0.1", host.port), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen.focused, OptionList), what="the form's game list")
        games = app.screen.games
        assert games[app.screen.query_one("#game", OptionList).highlighted or 0].name == "white-elephant"
        burst(app, "down", "down", "enter", "3", "enter")  # a fast typist: the third game, 3 seats, create
        await wait_for(pilot, lambda: info_of(app) is not None, what="the new table")
        assert info_of(app)["game"] == games[2].name and len(info_of(app)["seats"]) == 3


async def test_create_a_table_with_the_games_options(host):
    port = host.port
    app = YuleApp(name="Fay", address=("127.0.0.1", port), discover=False)
    notes = Notes()
    async with app.run_test(size=(80, 24), message_hook=notes) as pilot:
        form = await new_table_form(pilot, app)
        await pilot.press("home")
        while form._game().name != "gift-exchange":
            await pilot.press("down")
        await wait_for(pilot, lambda: "Steal limit" in screen_text(app), what="Gift Exchange's options")
        text = screen_text(app)
        assert "[x] No steal back" in text and "Max steals per turn:" in text and "[ ] Open to anyone" in text
        await pilot.press("enter", "end", "backspace", "3")  # seats
        await pilot.press("tab", "tab", "backspace", "0", "ctrl+s")  # steal limit 0: refused here
        await wait_for(pilot, lambda: any("'Steal limit' must be" in n.message for n in notes), what="the refusal")
        assert app.screen is form
        await pilot.press("backspace", "2", "tab", "space", "tab", "1", "tab", "tab", "tab")
        assert "Steal back scope:" in screen_text(app) and "every gift lost this turn" in screen_text(app)
        await pilot.press("enter", "down", "enter", "ctrl+s")  # the drop-down: only the last gift lost
        await wait_for(pilot, lambda: info_of(app) is not None, what="the new table")
        assert info_of(app)["game"] == "gift-exchange" and len(info_of(app)["seats"]) == 3 and not info_of(app)["open"]
        assert info_of(app)["options"] == {
            "steal_limit": 2, "no_steal_back": False, "max_steals_per_turn": 1, "final_swap": True, "open_own": True,
            "steal_back_scope": "last",
        }  # fmt: skip


async def test_the_new_table_form_opens_on_the_settings_last_used_for_each_game_also_next_time(host):
    options = {"steal_limit": 2, "no_steal_back": False, "max_steals_per_turn": 1, "final_swap": True,
               "open_own": True, "steal_back_scope": "turn"}  # fmt: skip
    for run in range(2):  # a second yule join: the profile remembers
        app = join_app(argparse.Namespace(address=f"127.0.0.1:{host.port}", name="Fay", code=None))
        async with app.run_test(size=(80, 24)) as pilot:
            form = await new_table_form(pilot, app)
            await pilot.press("home")
            while form._game().name != "gift-exchange":
                await pilot.press("down")
            await wait_for(pilot, lambda: "Steal limit" in screen_text(app), what="Gift Exchange's options")
            if run == 0:
                assert form.query_one("#seats").value == "4" and form._options(form._game())["steal_limit"] == 3
                await pilot.press("enter", "end", "backspace", "5")  # 5 seats
                form.query_one("#opt-steal_limit").focus()
                await pilot.press("backspace", "2", "tab", "space", "tab", "1")  # no steal back off, one a turn
                form.query_one("#turn-seconds").focus()
                await pilot.press("9", "0", "ctrl+s")
                await wait_for(pilot, lambda: info_of(app) is not None, what="the new table")
                assert info_of(app)["options"] == options and info_of(app)["turn_seconds"] == 90
                await pilot.press("l")  # leave the waiting table: the form is the lobby's again
                form = await new_table_form(pilot, app)
                await wait_for(pilot, lambda: form._game().name == "gift-exchange", what="the last game")
            assert form.query_one("#seats").value == "5" and form.query_one("#turn-seconds").value == "90"
            assert form._options(form._game()) == options
            await pilot.press("up")  # another game: its own settings (its defaults: never created)
            await wait_for(pilot, lambda: "Steal limit" not in screen_text(app), what="the other game")
            assert form.query_one("#turn-seconds").value == "90"  # a field the game has not remembered keeps
            assert form._options(form._game()) == form._game().default_options


async def test_connect_screen_says_when_none_found_then_connects_by_address(host):
    port = host.port
    app = YuleApp(name="Gus", discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ConnectScreen), what="the connect screen")
        app.screen.found = []  # a LAN look-up that found nothing
        await wait_for(pilot, lambda: "none found yet: Ctrl+R looks again" in screen_text(app), what="none found")
        await pilot.press(*f"127.0.0.1:{port}", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        assert "host: connected" in screen_text(app)


async def test_the_new_table_form_says_how_long_a_game_takes_and_follows_the_form(host):
    host.store.learn_pace("gift-exchange", [25.0])  # the host has seen a party: 25 s a turn
    app = YuleApp(name="Fay", address=("127.0.0.1", host.port), discover=False)
    game = get_game("gift-exchange")

    def says(seats: int, options: dict, seconds: float) -> bool:
        return f"How long: {estimate(game, seats, options, seconds).words()}" in screen_text(app)

    async with app.run_test(size=(100, 40)) as pilot:
        form = await new_table_form(pilot, app)
        await pilot.press("home")
        while form._game().name != "gift-exchange":
            await pilot.press("down")
        await wait_for(pilot, lambda: says(4, {}, 25.0), what="the estimate at the host's pace")
        await pilot.press("enter", "end", "backspace", "1", "2")  # 12 seats
        await wait_for(pilot, lambda: says(12, {}, 25.0), what="the estimate for 12")
        form.query_one("#opt-steal_limit").focus()
        await pilot.press("backspace")  # no steal limit
        await wait_for(pilot, lambda: says(12, {"steal_limit": None}, 25.0), what="the estimate without a limit")
        form.query_one("#seconds-a-turn").focus()
        await pilot.press("backspace", "backspace", "6", "0")
        await wait_for(pilot, lambda: says(12, {"steal_limit": None}, 60.0), what="the estimate at 60 s a turn")
        await pilot.press("backspace", "backspace")
        await wait_for(pilot, lambda: "How long: give the seconds a turn" in screen_text(app), what="no seconds")


async def test_the_app_starts_and_a_place_opens_without_styling_every_screen_again_but_new_colours_do(monkeypatch):
    from textual.app import ComposeResult
    from textual.color import Color
    from textual.css.stylesheet import Stylesheet
    from textual.screen import Screen
    from textual.widgets import Static

    class Place(Screen[None]):
        CSS = "#ink { color: $accent; }"

        def compose(self) -> ComposeResult:
            yield Static("ink", id="ink")

    app = YuleApp(name="Ana", discover=False)  # the start, then the connect screen: a place
    restyle, restyled = Stylesheet.set_variables, []  # where styling every screen again begins
    monkeypatch.setattr(
        Stylesheet, "set_variables", lambda sheet, values: (restyled.append(app.theme), restyle(sheet, values))[1]
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_screen(pilot, ConnectScreen, what="the connect screen")
        await app._open("table", place := Place())
        ink = place.query_one("#ink").styles.color
        assert restyled == [] and app.screen is place and ink == Color.parse(app.get_css_variables()["accent"])
        app.theme = "nord"  # another accent
        await wait_for(pilot, lambda: place.query_one("#ink").styles.color != ink, what="the new colours")
        assert restyled == [app.theme]
