"""What the commands' apps say where a player could be left guessing: ``yule replay`` and ``yule party``
in a terminal smaller than 80×24 say so in a sentence (and draw once it is big enough); Ctrl+C,
which ends many programs, says in plain words how to quit; ``yule join`` says where it connects
while it does, and a host that accepts the connection and never answers is told within
:data:`~yule.netplay.client.HELLO_TIMEOUT` seconds, with keys to try again or quit.
"""

from __future__ import annotations

import json
import socket

from tui_support import Notes, wait_for, wait_for_screen

from yule.core import get_game
from yule.core.records import play
from yule.tui.app import YuleApp
from yule.tui.connect import ConnectingScreen, NoAnswerScreen
from yule.tui.gift_exchange.party import PartyApp
from yule.tui.replay import ReplayApp, ReplayScreen
from yule.tui.screens import TooSmallScreen

SMALL = "Yule needs a terminal of at least 80×24; this one is 40×12."


def a_record() -> dict:
    game = get_game("white-rabbit")
    return json.loads(json.dumps(play(game, ["Ana", "Bo"], [game.bots["random"]] * 2, 7)))


async def test_a_replay_in_a_small_terminal_says_so_then_draws_once_it_is_big_enough():
    app = ReplayApp(a_record(), name="game.json")
    async with app.run_test(size=(40, 12)) as pilot:
        await wait_for_screen(pilot, TooSmallScreen, SMALL, what="the sentence")
        await pilot.resize_terminal(100, 30)
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), what="the replay")
        await pilot.press("ctrl+q")


async def test_a_party_in_a_small_terminal_says_so(tmp_path):
    app = PartyApp(tmp_path / "data", bind="127.0.0.1", port=0)
    async with app.run_test(size=(40, 12)) as pilot:
        await wait_for_screen(pilot, TooSmallScreen, SMALL, what="the sentence")
        await wait_for(pilot, lambda: app.client is not None, what="the party's host")
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen), what="the sentence over the form")
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)  # over the set-up form, which came meanwhile
        await pilot.press("ctrl+q")


async def test_ctrl_c_says_how_to_quit_in_plain_words():
    notes = Notes()
    app = ReplayApp(a_record(), name="game.json")
    async with app.run_test(size=(100, 30), message_hook=notes) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), what="the replay")
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: bool(notes), what="the notice")
        assert [(n.title, n.message) for n in notes] == [("Do you want to quit?", "Ctrl+Q quits.")]
        assert app.is_running
        await pilot.press("ctrl+q")


async def test_join_says_where_it_connects_and_that_a_host_says_nothing(monkeypatch):
    monkeypatch.setattr("yule.netplay.client.HELLO_TIMEOUT", 1.0)
    with socket.socket() as quiet:  # takes connections (the system accepts them), never says a word
        quiet.bind(("127.0.0.1", 0))
        quiet.listen()
        port = quiet.getsockname()[1]
        app = YuleApp(name="Ana", address=("127.0.0.1", port), discover=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_screen(pilot, ConnectingScreen, f"Connecting to 127.0.0.1:{port} ...", what="where")
            text = await wait_for_screen(pilot, NoAnswerScreen, "nothing is heard from it", what="told")
            assert f"127.0.0.1:{port} answers, but: nothing is heard from it in 1 s" in " ".join(text.split())
            await pilot.press("q", "y")
