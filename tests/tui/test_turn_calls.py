"""Your turn, called out (issue 40, first part): the bell, a desktop notification and the window
title when a decision becomes the player's, and the TV's chime at a game's start and end.

Over a real host with the app in Pilot: what the app writes is caught by a writer the test hands
its calls (:meth:`~yule.tui.turncall.TurnCalls.attach`, as the app's driver does in a terminal),
and its bell by the app's own ``bell`` replaced.  A decision is called out once, as it becomes
yours: never for a bot's move or another seat's turn, not again for a redraw, the same view sent
again (as after a reconnect) or the table left and taken up again, nor for the next step of the
same turn; the title goes back when the turn passes.  Each call switched off in the lobby (``b``)
is remembered for the next run.  The TV rings when a game starts at its table and when it ends.
Units: which sequence each terminal gets, and the text cleaned; the driver that hands its writer
to the app (not a headless or a web one); and an SSH guest's terminal getting the calls.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
from typing import Any

import asyncssh
import pytest
from conftest import until
from test_sshserve import WAIT, Guest, key_of, party  # noqa: F401  (party: the fixture)
from test_tv import play_seat
from textual.app import App
from textual.driver import Driver
from textual.drivers.headless_driver import HeadlessDriver
from textual.drivers.web_driver import WebDriver
from tui_support import info_frame, info_of, my_turn, screen_text, view_frame, view_of, wait_for

from yule.core import get_game
from yule.netplay.asks import Create
from yule.netplay.client import Client
from yule.netplay.client.follower import TableFollower
from yule.tui.app import YuleApp
from yule.tui.hosted import HostedApp
from yule.tui.lobby import LobbyScreen
from yule.tui.playing import GameMenu, PlaySetup
from yule.tui.profile import PROFILE_FILE, Profile
from yule.tui.screens import TableScreen
from yule.tui.ssh.names import NameBook
from yule.tui.turncall import (
    TITLE_POP,
    TITLE_PUSH,
    CallSettings,
    CallsScreen,
    Chime,
    Terminal,
    TurnCalls,
    calling_driver,
    clean,
    notification,
    terminal_of,
    window_title,
)
from yule.tui.tv import TableTV, WatchApp
from yule.tui.words import set_language

TERMINAL_VARIABLES = ("TERM", "TERM_PROGRAM", "LC_TERMINAL", "KITTY_WINDOW_ID", "VTE_VERSION", "WT_SESSION", "TMUX",
                      "STY")  # fmt: skip

SEQUENCE = re.compile(r"\x1b\](2|9|99|777);([^\x07\x1b]*)(?:\x07|\x1b\\)|\x1b\[(22|23);0t|\x07")


class Written(list[tuple[str, ...]]):
    """What an app's calls did, in order: ``("bell",)``, ``("notify", text)``, ``("title", text)``,
    ``("push",)`` and ``("pop",)`` (the title stack), read from what it wrote."""

    def write(self, data: str) -> None:
        for match in SEQUENCE.finditer(data):
            osc, text, stack = match.groups()
            if stack:
                self.append(("push",) if stack == "22" else ("pop",))
            elif osc == "2":
                self.append(("title", text))
            elif osc == "777":
                self.append(("notify", text.split(";", 2)[2]))
            elif osc:
                self.append(("notify", text.removeprefix(";")))
            else:
                self.append(("bell",))

    def of(self, kind: str) -> list[tuple[str, ...]]:
        return [w for w in self if w[0] == kind]

    @property
    def titles(self) -> list[str]:
        return [w[1] for w in self.of("title")]


def a_terminal(monkeypatch: pytest.MonkeyPatch, **env: str) -> None:
    """The apps made from now on run in a terminal with this environment only (of the names
    :func:`terminal_of` reads): by default an xterm outside any multiplexer."""
    for name in TERMINAL_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in {"TERM": "xterm-256color", **env}.items():
        monkeypatch.setenv(name, value)


def caught(app: Any, monkeypatch: pytest.MonkeyPatch) -> Written:
    """What ``app`` writes through its calls and its bell, from now on."""
    written = Written()
    app.turn_calls.attach(written.write)
    monkeypatch.setattr(app, "bell", lambda: written.write("\x07"))
    return written


def play(profile: Profile | None = None) -> YuleApp:
    return YuleApp(name="Ana", play=PlaySetup("white-elephant", 3, bot_delay=0.01), discover=False, profile=profile)


YOUR_TURN = [("bell",), ("notify", "Your turn at White Elephant"), ("push",), ("title", "● Your turn · Yule")]
"""What the first call of a game writes in a terminal with notifications: the bell, the
notification, the terminal's title kept, the title marked."""


# -- the player's app over a real host -------------------------------------------------------


async def test_a_decision_is_called_out_once_as_it_becomes_yours_never_for_the_bots(monkeypatch):
    a_terminal(monkeypatch)
    app = play()
    written = caught(app, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app), what="Ana's first turn")
        assert written == YOUR_TURN

        # The same view again (as the host sends it after a reconnect), and the table redrawn: nothing more.
        assert app.table is not None and app.table.frame is not None
        app.post_message(HostedApp.FromHost({**app.table.frame, "log": []}))
        app.table_screen.redraw()
        await pilot.pause()
        assert written == YOUR_TURN

        # A take leaves the turn Ana's (she may peek, or end it): no second call.
        await pilot.press("space", "right", "space", "t")
        await wait_for(pilot, lambda: view_of(app).get("phase") == "after" and my_turn(app), what="the take")
        assert written == YOUR_TURN

        # The turn passes: the title is plain again; the bots move, nothing rings; the turn comes back: once.
        lines = len(app.table_screen.lines)
        await pilot.press("e")
        await wait_for(pilot, lambda: "Yule · White Elephant" in written.titles, what="the title back")
        await wait_for(pilot, lambda: my_turn(app) and view_of(app).get("phase") != "after", what="Ana's next turn")
        bots = [line for line in app.table_screen.lines[lines:] if "Normal Bot" in line]
        assert len(bots) >= 2  # both bots moved meanwhile
        assert written == [
            *YOUR_TURN,
            ("title", "Yule · White Elephant"),
            *YOUR_TURN[:2],
            ("title", "● Your turn · Yule"),
        ]

        # Leaving for the menu and taking the game up again: the same decision, not called out again.
        before = len(written)
        await pilot.press("q", "y")
        await wait_for(pilot, lambda: isinstance(app.screen, GameMenu), what="the menu")
        assert written[before:] == [("title", "Yule")]
        await pilot.press("enter")  # Continue
        await wait_for(pilot, lambda: my_turn(app), what="the game again")
        assert written[before:] == [("title", "Yule"), ("title", "● Your turn · Yule")]


async def test_each_call_switched_off_in_the_lobby_stays_off_next_time(host, tmp_path, monkeypatch):
    a_terminal(monkeypatch, KITTY_WINDOW_ID="1")
    profile = Profile.load(tmp_path / "player.json")
    app = YuleApp(name="Ana", address=("127.0.0.1", host.port), discover=False, profile=profile)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        assert "b: how your turn is called out" in " ".join(app.screen.query_one("#help").render().plain.split())
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, CallsScreen), what="the switches")
        await pilot.press("b", "t")  # the bell and the title off, the notification kept
        assert Profile.load(profile.path).calls == {"bell": False, "notify": True, "title": False}
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby again")

    again = play(Profile.load(profile.path))  # the next run, yule play this time (the same profile)
    assert again.turn_calls.settings == CallSettings(bell=False, notify=True, title=False)
    written = caught(again, monkeypatch)
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(again), what="Ana's turn")
        assert written == [("notify", "Your turn at White Elephant")]  # kitty's sequence (OSC 99)
        await pilot.press("q", "y")
        await wait_for(pilot, lambda: isinstance(again.screen, GameMenu), what="the menu")
        await pilot.press("b", "n", "t")  # yule play's menu switches them too: the title on now ...
        assert again.turn_calls.settings == CallSettings(bell=False, notify=False, title=True)
        await pilot.press("escape", "enter")
        await wait_for(pilot, lambda: my_turn(again), what="the game again")
        assert written[1:] == [("push",), ("title", "● Your turn · Yule")]  # ... the same decision: no call
        again.turn_calls.switch("title")  # switched off while marked: the plain title at once
        assert written[-1] == ("title", "Yule · White Elephant")
    assert Profile.load(profile.path).calls == {"bell": False, "notify": False, "title": False}


class Turns:
    """Ana's turns begun, counted from the view frames her app gets, in order (a message hook):
    each view of her seat asking for a move after one that did not."""

    def __init__(self) -> None:
        self.begun = 0
        self.asked = False

    def __call__(self, message: Any) -> None:
        if isinstance(message, HostedApp.FromHost) and message.frame["type"] == "view":
            asked = "actions" in message.frame["view"]
            self.begun += asked and not self.asked
            self.asked = asked


async def test_another_persons_turn_is_not_yours(host, monkeypatch):
    """At a host's White Rabbit table with another person (Ben, moving from his own client) and a
    bot: Ana's app calls out each of her turns once (a 6 rolled gives her another roll in the
    same turn), and none of Ben's or the bot's moves.  Her app sends what a random bot chooses."""
    a_terminal(monkeypatch)
    bot = get_game("white-rabbit").bots["random"](random.Random(2))
    turns = Turns()
    async with Client("127.0.0.1", host.port, "Ben") as ben:
        created = await ben.create_table("white-rabbit", 3, bot_delay=0, seed=3)
        table = created["table"]
        app = YuleApp(name="Ana", address=("127.0.0.1", host.port), code=created["code"], discover=False)
        written = caught(app, monkeypatch)
        async with app.run_test(size=(80, 24), message_hook=turns) as pilot:
            await wait_for(pilot, lambda: None not in (info_of(app) or {"seats": [None]})["seats"][:2], what="Ana")
            await ben.fill_bots(table, "random")
            await ben.start(table)
            player = asyncio.create_task(play_seat(ben, table, "white-rabbit"))
            try:
                while turns.begun < 4 and "result" not in view_of(app):
                    await wait_for(pilot, lambda: "actions" in view_of(app) or "result" in view_of(app), what="Ana")
                    if "actions" in view_of(app):
                        seq = app.table.seq if app.table is not None else None
                        app.send_move(bot.choose(view_of(app)), seq)
                        await wait_for(pilot, lambda: app.table is not None and app.table.seq != seq, what="her move")
            finally:
                player.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await player
            await pilot.pause()
            lines = app.table_screen.lines
            assert sum(line.startswith("Ben ") for line in lines) >= 2 and sum("Bot" in line for line in lines) >= 2
            assert turns.begun >= 3
            assert len(written.of("bell")) == len(written.of("notify")) == written.titles.count("● Your turn · Yule")
            assert len(written.of("bell")) == turns.begun


async def test_a_spectator_hears_nothing(host, monkeypatch):
    a_terminal(monkeypatch)
    async with Client("127.0.0.1", host.port, "Ben") as ben:
        created = await ben.create_table("white-rabbit", 2, bot_delay=0, seed=5, open=True)
        await ben.fill_bots(created["table"], "random")
        await ben.start(created["table"])
        app = YuleApp(name="Ana", address=("127.0.0.1", host.port), discover=False)
        written = caught(app, monkeypatch)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
            app.screen.highlight(created["table"])
            await pilot.pause()
            await pilot.press("w")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and bool(view_of(app)), what="the game")
            assert app.watching
            player = asyncio.create_task(play_seat(ben, created["table"], "white-rabbit"))
            try:
                seq = app.table.seq if app.table is not None else 0
                await wait_for(pilot, lambda: app.table is not None and (app.table.seq or 0) > (seq or 0) + 3,
                               what="moves watched")  # fmt: skip
            finally:
                player.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await player
    assert written == []


# -- the decision, from recorded frames --------------------------------------------------------


def follower_at(view: dict[str, Any], seat: int | None, **seats: str) -> TableFollower[Any]:
    table: TableFollower[Any] = TableFollower(3)
    table.take(info_frame("white-rabbit", ["Ana", "Ben"], {int(s): tag for s, tag in seats.items()}, you=seat))
    table.take(view_frame({**view, "you": seat, "game": "white-rabbit"}, 5, seat=seat))
    return table


def test_a_helpers_app_does_not_call_the_seat_it_helps_its_own():
    """A helper beside a seat gets that seat's very views (``help_view``); its table info says it
    sits nowhere: the seat's decisions are not the helper's turn."""
    written = Written()
    calls = TurnCalls(lambda: written.write("\x07"), env={"TERM": "xterm"})
    calls.attach(written.write)
    table: TableFollower[Any] = TableFollower(3)
    table.take(info_frame("white-rabbit", ["Max", "Ben"]))  # the helper's: "you" is None
    table.take(view_frame({"game": "white-rabbit", "you": 0, "actions": {"roll": None}}, 5))
    calls.follow(table)
    assert not written.of("bell") and "● Your turn · Yule" not in written.titles


@pytest.mark.parametrize(
    ("view", "seat", "seats", "yours"),
    [
        ({"actions": {"roll": None}}, 0, {}, True),  # the die to roll: the player's own move
        ({}, 0, {}, False),  # another seat's turn, or a chance move the host draws: no actions here
        ({}, None, {}, False),  # a spectator
        ({"actions": {"roll": None}}, 0, {"0": "away: bot"}, False),  # a bot plays the seat meanwhile
        ({"actions": {"roll": None}, "result": {"scores": [0, 0]}}, 0, {}, False),  # over
        ({"actions": {"bring": False, "open": [1], "steal": [], "keep": False}}, 1, {}, True),  # a guest's choice
    ],
)
def test_a_decision_is_yours_only_when_your_seats_view_asks_for_it(view, seat, seats, yours):
    written = Written()
    calls = TurnCalls(lambda: written.write("\x07"), env={"TERM": "xterm"})
    calls.attach(written.write)
    calls.follow(follower_at(view, seat, **seats))
    assert bool(written.of("bell")) == yours


def test_the_next_games_first_decision_is_called_out_whatever_its_seq():
    written = Written()
    calls = TurnCalls(lambda: written.write("\x07"), env={"TERM": "xterm"})
    calls.attach(written.write)
    table: TableFollower[Any] = TableFollower(3)
    table.take(info_frame("white-rabbit", ["Ana", "Ben"], you=0))
    mine = {"game": "white-rabbit", "you": 0, "actions": {"roll": None}}
    for view, seq in ((mine, 5), (mine, 5), ({"game": "white-rabbit", "you": 0, "result": {}}, 9), (mine, 5)):
        table.take(view_frame(view, seq))  # the game's view twice, its end, the next game's (no new info yet)
        calls.follow(table)
    assert len(written.of("bell")) == 2
    calls.away()  # the table left, then taken up again at the same decision: the title only
    calls.follow(table)
    assert len(written.of("bell")) == 2 and written.titles[-2:] == ["Yule", "● Your turn · Yule"]


# -- the terminal --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"TERM": "xterm-kitty"}, Terminal("osc99", True)),
        ({"TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"}, Terminal("osc99", True)),
        ({"TERM": "xterm-256color", "VTE_VERSION": "7600"}, Terminal("osc777", True)),
        ({"TERM": "foot"}, Terminal("osc777", True)),
        ({"TERM": "rxvt-unicode-256color"}, Terminal("osc777", True)),
        ({"TERM": "xterm-ghostty"}, Terminal("osc777", True)),
        ({"TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"}, Terminal("osc9", True)),
        ({"TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"}, Terminal("osc9", True)),  # over SSH
        ({"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}, Terminal("osc9", True)),
        ({"TERM": "xterm-256color", "WT_SESSION": "x"}, Terminal("osc9", True)),
        ({"TERM": "xterm-256color"}, Terminal("osc9", True)),  # any other: the widest understood
        ({"TERM": "tmux-256color", "TMUX": "/tmp/t,1,0", "KITTY_WINDOW_ID": "3"}, Terminal(None, True)),
        ({"TERM": "screen.xterm-256color"}, Terminal(None, True)),
        ({"TERM": "linux"}, Terminal(None, False)),
        ({"TERM": "dumb"}, Terminal(None, False)),
        ({}, Terminal(None, False)),
    ],
)
def test_each_terminal_gets_one_notification_sequence(env, expected):
    assert terminal_of(env) == expected


def test_text_from_the_host_cannot_steer_the_terminal():
    hostile = "Elf\x1b]2;pwned\x07\x1b[2J\x9b31m\u202e;x\r\nend" + "y" * 500
    cleaned = clean(hostile)
    assert not any(ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0 or ch == "\u202e" for ch in cleaned)
    assert cleaned.startswith("Elf]2;pwned[2J31m;x end") and len(cleaned) == 120
    for kind in ("osc9", "osc777", "osc99"):
        sequence = notification(kind, "Yule", hostile)  # type: ignore[arg-type]
        assert sequence.count("\x1b") == 1 + (kind == "osc99")  # its own opening (and kitty's closing) only
        assert len(SEQUENCE.findall(sequence)) == 1
    assert notification("osc777", "a;b", "c;d") == "\x1b]777;notify;a,b;c;d\x07"  # the heading holds no field
    assert window_title("a\x07b") == "\x1b]2;ab\x07"


def test_the_profile_keeps_only_yes_or_no_for_known_calls(tmp_path):
    (tmp_path / "player.json").write_text('{"version": 1, "calls": {"bell": false, "title": 0, "boom": false}}')
    assert Profile.load(tmp_path / "player.json").calls == {"bell": False}
    assert CallSettings.from_json({"bell": False}) == CallSettings(bell=False, notify=True, title=True)


# -- the driver -----------------------------------------------------------------------------------


class FakeDriver(Driver):
    """A driver writing into a list, as a terminal's does to it."""

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.out: list[str] = []

    def write(self, data: str) -> None:
        self.out.append(data)

    def start_application_mode(self) -> None:
        self.out.append("<start>")

    def stop_application_mode(self) -> None:
        self.out.append("<stop>")

    def disable_input(self) -> None:
        pass


async def test_the_driver_hands_its_writer_and_gives_the_title_back_as_the_app_ends(monkeypatch):
    a_terminal(monkeypatch)
    app = play()
    assert issubclass(app.get_driver_class(), App.get_driver_class(app))  # the driver Textual would pick, extended
    driver = calling_driver(FakeDriver)(app)
    assert calling_driver(FakeDriver) is type(driver)  # one class a base
    driver.start_application_mode()
    assert app.turn_calls.writer is not None
    app.turn_calls.writer("x")
    assert driver.out == ["<start>", "x"]
    driver.stop_application_mode()  # nothing titled yet: nothing to give back
    assert driver.out == ["<start>", "x", "<stop>"] and app.turn_calls.writer is None

    driver.start_application_mode()
    app.turn_calls.deciding = True
    app.turn_calls.attach(driver.write)  # as after a suspension: the title marked again
    driver.stop_application_mode()
    assert driver.out[-4:] == [
        TITLE_PUSH,
        window_title("● Your turn · Yule"),
        window_title("Yule") + TITLE_POP,
        "<stop>",
    ]


class FakeWebDriver(FakeDriver):
    """A driver for a browser's page, as textual-serve's (made by the app's process as its own
    ``stdin`` is the page: not here)."""

    @property
    def is_web(self) -> bool:
        return True


async def test_headless_and_web_drivers_get_no_sequence_but_the_bell():
    app = play()
    for driver in (calling_driver(HeadlessDriver)(app), calling_driver(FakeWebDriver)(app)):
        assert driver.calls is None  # type: ignore[attr-defined]
        driver.start_application_mode()
        assert app.turn_calls.writer is None
    assert issubclass(calling_driver(WebDriver), WebDriver)  # the web TV's: WebDriver still


# -- the TV's chime ---------------------------------------------------------------------------


async def test_the_tv_chimes_when_a_game_starts_and_when_it_ends(host, monkeypatch):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        created = await ana.create_table("white-rabbit", 2, bot_delay=0, seed=5)
        table = created["table"]
        await ana.fill_bots(table, "random")
        app = WatchApp("127.0.0.1", host.port, table, created["code"])
        rings: list[int] = []
        monkeypatch.setattr(app, "bell", lambda: rings.append(app.table.seq if app.table else -1))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: "Come and play" in screen_text(app), what="the invitation")
            assert rings == []
            await ana.start(table)
            await wait_for(pilot, lambda: isinstance(app.screen, TableTV), what="the game")
            await wait_for(pilot, lambda: len(rings) == 1, what="the start's chime")
            await asyncio.wait_for(play_seat(ana, table, "white-rabbit"), 30)
            await wait_for(pilot, lambda: app.table is not None and app.table.result is not None, what="the end")
            await wait_for(pilot, lambda: len(rings) == 2, what="the end's chime")
            assert app.table is not None and rings[1] == app.table.seq  # at the last view, none between
            await ana.play_again(table)
            await wait_for(pilot, lambda: len(rings) == 3, what="the next game's chime")


async def test_a_tv_coming_to_a_game_under_way_chimes_only_at_its_end(host, monkeypatch):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        created = await ana.create_table("white-rabbit", 2, bot_delay=0, seed=5)
        table = created["table"]
        await ana.fill_bots(table, "random")
        await ana.start(table)
        app = WatchApp("127.0.0.1", host.port, table, created["code"])
        rings: list[str] = []
        monkeypatch.setattr(app, "bell", lambda: rings.append("bell"))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, TableTV), what="the game")
            await pilot.pause()
            assert rings == []
            await asyncio.wait_for(play_seat(ana, table, "white-rabbit"), 30)
            await wait_for(pilot, lambda: rings == ["bell"], what="the end's chime")
        over = WatchApp("127.0.0.1", host.port, table, created["code"])  # a TV coming after the end
        monkeypatch.setattr(over, "bell", lambda: rings.append("late"))
        async with over.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: over.table is not None and over.table.result is not None, what="the result")
            await pilot.pause()
    assert rings == ["bell"]


def test_the_chime_follows_the_table_it_hears():
    chime = Chime()
    table: TableFollower[Any] = TableFollower(3)
    table.take(info_frame("white-rabbit", ["Ana", "Ben"], status="waiting"))
    heard = [chime.heard(table, table.take(view_frame({"game": "white-rabbit"}, 1)))]
    table.take(info_frame("white-rabbit", ["Ana", "Ben"]))
    heard += [chime.heard(table, table.take(view_frame({"game": "white-rabbit"}, seq))) for seq in (2, 3)]
    heard.append(chime.heard(table, table.take(view_frame({"game": "white-rabbit", "result": {}}, 4))))
    assert heard == [True, False, False, True]
    other: TableFollower[Any] = TableFollower(4)  # another table, its game under way
    other.take(info_frame("white-rabbit", ["Cy", "Di"], table=4))
    assert not chime.heard(other, other.take(view_frame({"game": "white-rabbit"}, 7, table=4)))


def test_words_of_the_calls_are_the_readers(monkeypatch):
    """The notification and the title in the player's language (the catalogue's words)."""
    set_language("fr")
    try:
        written = Written()
        calls = TurnCalls(lambda: written.write("\x07"), env={"TERM": "xterm"})
        calls.attach(written.write)
        calls.follow(follower_at({"actions": {"roll": None}}, 0))
        assert written.of("notify") == [("notify", "À toi de jouer : Lapin blanc")]
        assert written.titles == ["● À toi de jouer · Yule"]
    finally:
        set_language("en")


# -- an SSH guest's terminal ----------------------------------------------------------------------


async def test_an_ssh_guests_terminal_gets_the_calls_for_its_own_terminal(party):
    """Over SSH the app writes to the guest's own terminal: kitty's notification for a guest whose
    pty asks for ``xterm-kitty``; the title given back as they quit.  What their ``ssh`` says
    of the terminal's name reaches the app, a name only.  Her switches are kept in the profile
    of her key's folder."""
    host, ssh = party
    async with Client("127.0.0.1", host.port, name="Organiser") as organiser:
        created = await organiser.request(Create(game="white-rabbit", seats=2, sit=False, bot_delay=0.0))
        conn = await asyncssh.connect("127.0.0.1", ssh.port, username="ana", known_hosts=None,
                                      client_keys=[key_of("ana")], env={"LC_TERMINAL": "iTerm2", "TERM_PROGRAM": "$(x)"})  # fmt: skip
        ana = Guest(conn, await conn.create_process(term_type="xterm-kitty", term_size=(100, 30), encoding=None))
        try:
            await ana.shows("n creates a table")
            (session,) = ssh.sessions
            assert session.environment["LC_TERMINAL"] == "iTerm2" and "TERM_PROGRAM" not in session.environment
            ana.keys("b")  # her switches, kept with her key (her name's folder), as her language is
            await ana.shows("When it is your turn, Yule calls you with:")
            ana.keys("b", "\r")  # the bell off, and done
            profile = NameBook(ssh.data_dir).folder("ana") / PROFILE_FILE
            await until(lambda: Profile.load(profile).calls.get("bell") is False, "the bell off, kept")
            ana.keys("j")
            await ana.shows("type its join code")
            ana.keys(created["code"], "\r")
            table = host.tables[created["table"]]
            await until(lambda: table.seats[0] is not None, "ana seated")
            await organiser.fill_bots(table.id, "random")
            await organiser.start(table.id)
            mark = window_title("● Your turn · Yule").encode()
            await until(lambda: mark in ana.raw, "ana's turn called out")
            assert ana.raw.count(b"\x1b]99;;Your turn at White Rabbit\x1b\\") == 1  # kitty's, and only it
            assert b"\x1b]9;" not in ana.raw and b"\x1b]777;" not in ana.raw
            ana.keys("\x11")  # ctrl+q, asked first: a game goes on
            await ana.shows("Quit Yule?")
            ana.keys("y")
            await asyncio.wait_for(ana.process.wait_closed(), WAIT)
            assert (window_title("Yule") + TITLE_POP).encode() in ana.raw[ana.raw.rindex(mark) :]
        finally:
            await ana.close()
