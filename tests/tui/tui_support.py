"""Shared helpers (imported by name: the test folders are not packages) for the terminal app's tests: seeded White Elephant positions and a bare app
that shows one seat's view, recording the moves the table chooses.

The rules engine is used here only to make realistic views; the app never sees it.
"""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest
from rich.cells import cell_len
from textual import events
from textual.app import App
from textual.geometry import Region
from textual.message import Message
from textual.notifications import Notification, Notify
from textual.widget import Widget

from yule.core import Game, get_game
from yule.core.white_elephant import GAME
from yule.tui.lobby import LobbyScreen
from yule.tui.logwords import describe
from yule.tui.newtable import CreateTableScreen
from yule.tui.screens import GameOverScreen, TableScreen, final_result
from yule.tui.widgets import GameTable, PlainApp
from yule.tui.words import t

ANSI = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][A-Za-z0-9]|\x1b[=>]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)")
"""A terminal's control sequences: what is left of its output without them is its text."""


def terminal_text(raw: bytes) -> str:
    """A terminal app's output as plain text (its lines run together, in the order drawn)."""
    return ANSI.sub(b"", raw).decode("utf-8", "replace")


CELL_PIXELS = 20 * 0.61
"""How wide a cell is in a screenshot (Rich's ``export_svg``: 20-pixel rows, cells 0.61 as wide)."""

MODES: dict[str, tuple[dict[str, str], str | None]] = {
    "16 colours": ({"TERM": "xterm-16color"}, "standard"),
    "256 colours": ({"TERM": "xterm-256color"}, "256"),
    "truecolor": ({"TERM": "xterm-256color", "COLORTERM": "truecolor"}, "truecolor"),
    "no colour": ({"TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"}, "truecolor"),
}
"""Each colour mode of a terminal: its environment, and the colour system the app must see in it."""


def colour_mode(mode: str, monkeypatch: pytest.MonkeyPatch) -> str | None:
    """The environment of a terminal in ``mode`` (:data:`MODES`), for the apps made from now
    on; the colour system they must see in it."""
    environment, system = MODES[mode]
    for name in ("TERM", "COLORTERM", "NO_COLOR", "TEXTUAL_COLOR_SYSTEM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    return system


NAMES = ["Ana", "[bold red]Eve[/]", "\x1b[31mMal", "Dan", "Eli", "Fay", "Gus"]
"""The players' names in the tests: two of them would steer the screen if not shown literally."""


def info_frame(game: str, names: list[str], tags: dict[int, str] | None = None, **fields: Any) -> dict[str, Any]:
    """The table info of table 3, where ``game`` is played by ``names`` (``tags``: which seats are
    bots, ``bot``, or away: ``away``, ``away: bot``), as a host sends it; ``fields`` in place of its own."""
    tags = tags or {}
    seats = [{"name": name, "bot": "greedy" if tags.get(seat) == "bot" else None,
              "away": tags.get(seat, "").startswith("away"), "stand_in": tags.get(seat) == "away: bot",
              "stand_in_in": None} for seat, name in enumerate(names)]  # fmt: skip
    return {"type": "table", "table": 3, "game": game, "title": get_game(game).title, "options": {}, "open": False,
            "status": "playing", "game_no": 1, "bot_delay": 0.0, "seq": 0, "organised": False, "client_seed": False,
            "turn_seconds": None, "seats": seats, "you": None, "organiser": False, "runs": False, "run_by": None,
            "players": list(names), **fields}  # fmt: skip


def view_frame(view: dict[str, Any], seq: int, **fields: Any) -> dict[str, Any]:
    """A view frame of table 3 with ``view`` (of seat ``view["you"]``) at ``seq`` moves, as a host
    sends it (no log); ``fields`` in place of its own."""
    return {"type": "view", "table": 3, "seat": view.get("you"), "seq": seq, "view": view, "log": [], **fields}


def log_frame(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The host's log frame of table 3 with ``events``, as on join or watch."""
    entries = [{"event": event, "seq": 0} for event in events]
    return {"type": "log", "table": 3, "game_no": 1, "entries": entries, "chat": []}


class Played:
    """A seeded test position of ``game`` for ``players`` seats, with its greedy ``bot`` to move
    any seat: its ``state`` and ``names``, and the public events and log lines not yet shown
    (what one view frame carries).  Each game's position plays the chance moves of its start."""

    def __init__(self, game: Game[Any], players: int, seed: int) -> None:
        self.game = game
        self.state: Any = game.start(players)
        self.bot = game.bots["greedy"](random.Random(seed))
        self.names = NAMES[:players] + [f"P{i + 1}" for i in range(len(NAMES), players)]
        self.events: list[dict[str, Any]] = []
        self.log: list[str] = []

    @property
    def turn(self) -> int:
        """The seat to move."""
        return self.state.active()[0]

    def record(self, events: list[dict[str, Any]]) -> None:
        self.events += events
        self.log += [describe(self.game.name, e, self.names) for e in events]

    def play(self, seat: int, move: dict[str, Any]) -> None:
        """A seat's move in wire form, as the host plays it."""
        self.record(self.state.apply(self.state.parse_seat_move(seat, move)))

    def bot_move(self, seat: int) -> None:
        """The greedy bot's move for ``seat``, played."""
        self.play(seat, self.bot.choose(self.state.view(seat)))

    def play_out(self) -> None:
        """Let the bots play the game to its end."""
        while not self.state.is_over:
            self.bot_move(self.turn)

    def final_result(self, seat: int | None) -> dict[str, Any]:
        """What the app gives the game-over screen of the finished game: the result and the
        final view's fields its score sheet wants."""
        return final_result(self.game.name, self.state.view(seat))

    def take(self) -> tuple[list[dict[str, Any]], list[str]]:
        """The events and log lines since the last take."""
        events, log = self.events, self.log
        self.events, self.log = [], []
        return events, log


class Position(Played):
    """A seeded White Elephant game the tests can advance with greedy bots and look at from any seat."""

    def __init__(self, players: int = 4, seed: int = 3) -> None:
        super().__init__(GAME, players, seed)
        rng = random.Random(seed)
        self.state.apply(self.state.chance_move(rng))
        self.state.apply(self.state.chance_move(rng))

    def bots(self, moves: int) -> None:
        """Let the bots make ``moves`` moves."""
        for _ in range(moves):
            self.bot_move(self.turn)


class Notes(list[Notification]):
    """The notifications an app shows, in order, as they are posted: give it to
    ``app.run_test(message_hook=...)`` (it sees every message the app's widgets handle)."""

    def __call__(self, message: Message) -> None:
        if isinstance(message, Notify):
            self.append(message.notification)

    @property
    def messages(self) -> list[str]:
        return [n.message for n in self]


class ViewApp(PlainApp):
    """Shows ``position`` from ``seat`` at the :attr:`GAME`'s table; a chosen move is played on the
    position and redrawn, as the app does with the host's frames.

    A position is :class:`Played` and has ``state``, ``names`` and ``play(seat, move)``.  What the
    table says in notifications is in :attr:`notes`.
    """

    ENABLE_COMMAND_PALETTE = False
    GAME = "white-elephant"
    TAGS: dict[int, str] = {1: "bot"}

    def __init__(self, position: Any, seat: int | None) -> None:
        super().__init__()
        self.position = position
        self.seat = seat
        self.moves: list[dict[str, Any]] = []
        self.notes = Notes()

    def on_notify(self, message: Notify) -> None:
        self.notes(message)

    async def on_mount(self) -> None:
        await self.push_screen(self.table())
        self.redraw()

    def table(self) -> TableScreen:
        """The table's screen (a test's app may make it follow a table)."""
        return TableScreen(self.GAME)

    @property
    def table_screen(self) -> TableScreen:
        return next(s for s in self.screen_stack if isinstance(s, TableScreen))

    def redraw(self) -> None:
        events, log = self.position.take()
        screen = self.table_screen
        tags = {seat: t(tag) for seat, tag in self.TAGS.items()}  # as table info's words them
        screen.show(self.position.state.view(self.seat), self.position.names, tags, events)
        screen.add_log(log)

    def on_game_table_move_chosen(self, message: GameTable.MoveChosen) -> None:
        self.moves.append(message.move)
        assert self.seat is not None
        self.position.play(self.seat, message.move)
        self.redraw()


class GameOverApp(PlainApp):
    """The game-over screen of ``game``: its final ``result`` (:meth:`Played.final_result`) as
    ``seat`` sees it."""

    ENABLE_COMMAND_PALETTE = False

    def __init__(self, game: str, result: dict[str, Any], names: list[str], seat: int | None = 0) -> None:
        super().__init__()
        self.game, self.result, self.names, self.seat = game, result, names, seat

    @classmethod
    def played(cls, position: Played, seat: int) -> GameOverApp:
        """The game-over screen of ``position``, played to its end, as ``seat`` sees it."""
        position.play_out()
        return cls(position.game.name, position.final_result(seat), position.names, seat)

    def on_mount(self) -> None:
        self.push_screen(GameOverScreen(self.game, self.result, self.names, self.seat))


@pytest.fixture
def position() -> Position:
    return Position()


SCREENSHOT_TEXT = re.compile(r'<text [^>]*\bx="([0-9.]+)"[^>]*clip-path="url\(#[^)]*-line-(\d+)\)"[^>]*>([^<]*)</text>')
"""A run of text in Textual's SVG screenshot (Rich's ``export_svg``): its x, its row, its text."""


def screen_text(app: App[Any]) -> str:
    """The app's screen as plain text, one line per terminal row (as wide as the terminal).

    Read from Textual's public screenshot (SVG): each run of text stands at its cell times the
    width of a cell (Rich draws a cell 0.61 of its 20-pixel rows wide), runs of blanks are left
    out, a row's closing newline too, and wide characters take two cells.
    """
    width, height = app.size
    rows: list[list[tuple[int, str]]] = [[] for _ in range(height)]
    for x, row, text in SCREENSHOT_TEXT.findall(app.export_screenshot()):
        text = html.unescape(text).replace("\xa0", " ").rstrip("\n")  # each row ends in a newline
        if text:
            rows[int(row)].append((round(float(x) / CELL_PIXELS), text))
    lines = []
    for runs in rows:
        line, at = "", 0
        for cell, text in sorted(runs):
            line += " " * (cell - at) + text
            at = cell + cell_len(text)
        lines.append(line + " " * (width - at))
    return "\n".join(lines)


def shown_lines(widget: Widget) -> list[str]:
    """The lines ``widget`` draws now, as text without the blanks that end them, all of them
    (those scrolled out of sight too): what it shows, read through Textual's own drawing."""
    return [strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, *widget.size))]


def table_of(app: Any) -> int | None:
    """The table a :class:`~yule.tui.hosted.HostedApp` follows (None: none)."""
    return None if app.table is None else app.table.id


def info_of(app: Any) -> dict[str, Any] | None:
    """The table info of the table an app follows (None: none, or none yet)."""
    return None if app.table is None else app.table.info


def view_of(app: Any) -> dict[str, Any]:
    """The current view of the table an app follows (``{}``: none yet)."""
    return (None if app.table is None else app.table.view) or {}


def my_turn(app: Any) -> bool:
    """The :class:`yule.tui.app.YuleApp` shows its table, and its seat may move now."""
    view = view_of(app)
    screen = app.table_screen
    return (
        view.get("turn") is not None
        and view.get("turn") == view.get("you")
        and screen is not None
        and not screen.table.pending
        and app.screen is screen
    )


def burst(app: App[Any], *keys: str) -> None:
    """Keys typed in one burst, as a fast typist or a paste does: all queued before the app
    handles the first (``pilot.press`` waits for the app after each key)."""
    for key in keys:
        char = {"enter": "\r", "space": " "}.get(key, key if len(key) == 1 else None)
        app.post_message(events.Key(key, char))


async def wait_for(pilot: Any, condition: Any, timeout: float = 30.0, what: str = "condition") -> None:
    """Let the app run until ``condition()`` is true; fail after ``timeout`` seconds.

    The timeout only guards against a hang (it is no speed test), so it is generous: a loaded
    two-core CI machine running whole games against a real host must not fail here.
    """
    import asyncio

    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}; the screen showed:\n{screen_text(pilot.app)}")
        await pilot.pause(0.02)


async def wait_for_screen(pilot: Any, screen_type: type, *texts: str, what: str = "the screen") -> str:
    """Wait until ``screen_type`` is on top and drawn with every one of ``texts``; its text.

    A screen is pushed before its widgets are laid out and painted: asserting on its text
    the moment it is on top races its first paint.
    """
    app = pilot.app

    def drawn() -> bool:
        if not isinstance(app.screen, screen_type):
            return False
        text = " ".join(screen_text(app).split())  # a line may wrap anywhere
        return all(" ".join(t.split()) in text for t in texts)

    await wait_for(pilot, drawn, what=what)
    return screen_text(app)


async def new_table_form(pilot: Any, app: Any) -> CreateTableScreen:
    """From the lobby of the :class:`yule.tui.app.YuleApp`: ``n``, and the new-table form is open."""
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
    await pilot.press("n")
    await wait_for(pilot, lambda: isinstance(app.screen, CreateTableScreen), what="the new-table form")
    return app.screen


async def sit_at_a_started_table(pilot, app: Any) -> None:
    """From the lobby: a 3-seat White Elephant table, two bots, started; wait for our turn."""
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
    await pilot.press("n")
    await pilot.pause()
    await pilot.press("enter", "end", "backspace", "3", "enter")
    await wait_for(pilot, lambda: info_of(app) is not None, what="the new table")
    await pilot.press("a", "enter", "a", "enter")  # two normal bots (the level menu's first choice)
    await wait_for(pilot, lambda: None not in info_of(app)["seats"], what="two bots")
    await pilot.press("s")
    await wait_for(pilot, lambda: my_turn(app), what="our turn")


async def take_two(pilot, app: Any, name: str) -> None:
    """Mark the first two gifts of the Exchange and take them, by keys."""
    took = sum(f"{name} took 2 gifts" in line for line in app.table_screen.lines)
    await pilot.press("home", "space", "right", "space", "t")
    await wait_for(
        pilot, lambda: sum(f"{name} took 2 gifts" in line for line in app.table_screen.lines) > took, what="the take"
    )
