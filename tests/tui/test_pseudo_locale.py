"""Every screen drawn in the pseudo-locale shows no word left out of the catalogue.

The pseudo-locale (:data:`yule.tui.words.PSEUDO`) marks every sentence the catalogue words
``⟦…⟧``, accented and a third longer; what a screen shows outside the marks is then only what is
never translated: people's names, numbers, card codes, key names and drawing.  A word of two
letters or more found outside the marks, and not one of those, is a sentence still hard-coded:
the test names it, with the screen.  Each screen is drawn at 80×24 (the longest words must fit
there too), from the same seeded positions the snapshot tests draw.

Every other screen a player or an organiser reads is brought up by keys, as a person brings it
up, in the apps the other tests build (:data:`SCENES`), its notices shown (and each read whole
as well, since on the screen a notice lies over other words): the new-table form with each
game's options (each field in focus in turn), ``yule play``'s game menu and the bots' level, the
first name, the hosts found and a host that does not answer, each question and choice at a
table, ``w`` and ``a``, ``!`` and a reaction shown (at a table and on the TV), the chat input, a refused key's notice (while another seat moves, and at
your own turn), a hint, a seat asked for, a helper beside a child (the question, the
suggestion, the end; whom to help, the wait, the helper's table), the lobby's dialogs, the standings,
a replay, the terminal too small, the new-table form with a host's set of house rules picked
and its questions, ``yule party`` from its first guest to the TV (mending the party on the way:
a latecomer, a skipped guest, a label fixed; and the TV's moment of an opening); the words your
turn is called out with (the notification and the window title) and their switches.  A join code
the host drew is left out of the look: it is never translated.
"""

from __future__ import annotations

import json
import re
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import elf_support
import gift_list_support
import pytest
import tui_support
import tv_support
import white_rabbit_support
from conftest import FAST, running, silent_port
from gift_exchange_support import LABELS, WRAPPINGS, BoardApp
from gift_exchange_support import position as gift_exchange_position
from test_dialogs import MOVED_PAST, QUESTIONS
from test_gift_exchange_party import type_guest
from test_gift_exchange_snapshots import EndApp
from test_hints import Party as GiftExchangeParty
from test_howlong import FormApp
from test_replay import white_elephant_record
from test_standings import ANSWER
from test_tui_snapshots import LobbyApp
from textual.app import App
from textual.notifications import Notify
from textual.widgets import Select
from tui_support import NAMES, GameOverApp, Notes, Played, info_frame, screen_text, shown_lines, view_of, wait_for

from yule.core import get_game
from yule.core.elf.board import TOKENS
from yule.core.gift_exchange.text import SILLY_GIFTS
from yule.netplay.client import OWN_CODES, Client, may_move
from yule.netplay.client.follower import TableFollower
from yule.netplay.frames import ReactionFrame, ReclaimAsked, Standings
from yule.netplay.host.server import Host
from yule.tui import reactions
from yule.tui.app import YuleApp
from yule.tui.connect import ConnectingScreen, ConnectScreen, NoAnswerScreen
from yule.tui.dialogs import ChoiceScreen, ConfirmScreen
from yule.tui.gift_exchange.forms import FormScreen
from yule.tui.gift_exchange.party import PartyApp, PartyScreen, SetupScreen
from yule.tui.gift_exchange.tv import GiftExchangeTV
from yule.tui.helping import HelpScreen
from yule.tui.howlong import COUNTING, HowLong
from yule.tui.lobby import LobbyScreen
from yule.tui.logwords import describe
from yule.tui.newtable import CreateTableScreen
from yule.tui.pausing import PAUSE_BANNER, PauseFollower, banner_text
from yule.tui.playing import GameMenu, PlaySetup
from yule.tui.questions import AskingScreen, CodeScreen, FirstNameScreen, LineScreen
from yule.tui.reactions import ReactionBar, ReactionChooser
from yule.tui.replay import ReplayApp, ReplayScreen
from yule.tui.screens import GameOverScreen, TableScreen, TooSmallScreen
from yule.tui.seating import Seating
from yule.tui.standings import StandingsScreen, StandingsView
from yule.tui.text import literal
from yule.tui.turncall import CallsScreen, Terminal
from yule.tui.tv import TableTV
from yule.tui.widgets import ChatInput, HintPanel, PlainApp
from yule.tui.words import PSEUDO_LETTERS, set_language, t

SIZE = (80, 24)

MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
"""A sentence the catalogue worded, from its mark to its end (the innermost first: a sentence
may hold another)."""
CUT = re.compile(r"⟦[^⟦⟧\n]*$|^[^⟦⟧\n]*⟧", re.MULTILINE)
"""What is left of a sentence the screen cut or wrapped: from its mark to the line's end, or from
the line's start to its end mark."""
ACCENTED = re.compile(f"[{PSEUDO_LETTERS}]")
"""A letter only the pseudo-locale writes: a word with one is a sentence of the catalogue's (a
line in the middle of a wrapped one)."""

WORD = re.compile(r"[^\W\d_]{2,}")
CODE = re.compile(r"[A-Z]{2}|[a-z]{2}")
"""A card's code (``FB``, ``gb``): two letters, never translated."""

NEVER_TRANSLATED = {
    *(word[:cut] for name in NAMES for word in WORD.findall(literal(name)) for cut in range(2, len(word) + 1)),
    *(f"P{n}" for n in range(10)),
    *(word[:cut] for text in [*LABELS, *WRAPPINGS, *SILLY_GIFTS, "Kite"] for word in WORD.findall(text)
      for cut in range(2, len(word) + 1)),  # gifts people bring (a label cut short: its start)
    *(word for token in TOKENS for word in WORD.findall(token.label) + WORD.findall(token.label.lower())),
    "Yule",  # the app's name
    "Enter", "Esc", "esc", "Tab", "Space", "space", "PgUp", "PgDn", "Home", "End", "Del", "ctrl", "shift",  # keys
    "home", "end",  # keys, as a replay's footer shows them (home/s, end/e)
    "yule", "join", "watch", "code", "ssh",  # commands, typed as they are
    "party",  # yule party's name, as the catalogues keep it ("Yule party · TV: yule watch ...")
    "MAX", "goal",  # codes: White Rabbit's Max card, Elf's goal cards
}  # fmt: skip
"""What may stand outside the marks: the players' names and the gifts' labels people typed, key
names, commands, and the codes of cards and places (which the rules help explains in words)."""


def unmarked(text: str) -> list[str]:
    """The words of a screen's text that no sentence of the catalogue holds.

    >>> unmarked("Ana ⟦Ŕöĺĺ ⟦šéàţ~⟧ ţĥé~~⟧ │ g5 Enter ⟦çûţ öƒ\nšţîĺĺ\nţĥéŕé~⟧ Roll")
    ['Roll']
    """
    rest, before = text, None
    while rest != before:
        before, rest = rest, MARKED.sub(" ", rest)
    rest = CUT.sub(" ", rest)
    return [
        w for w in WORD.findall(rest) if w not in NEVER_TRANSLATED and not ACCENTED.search(w) and not CODE.fullmatch(w)
    ]


@pytest.fixture(autouse=True)
def pseudo():
    set_language("qps")
    yield
    set_language("en")


def white_elephant_table() -> App[Any]:
    position = tui_support.Position(players=5, seed=3)
    position.bots(8)
    return tui_support.ViewApp(position, position.turn)


def white_rabbit_table() -> App[Any]:
    position = white_rabbit_support.Position(players=4, seed=3)
    position.bots(20)
    return white_rabbit_support.ViewApp(position, position.turn)


def gift_list_table() -> App[Any]:
    position = gift_list_support.Position(players=5, seed=11)
    position.bots(2, but=0)
    return gift_list_support.ViewApp(position, 0)


def elf_table() -> App[Any]:
    position = elf_support.Position(players=3, seed=3)
    position.bots(6)
    return elf_support.ElfViewApp(position, position.turn)


class GiftExchangeViewApp(tui_support.ViewApp):
    GAME = "gift-exchange"


def gift_exchange_table() -> App[Any]:
    position = Played(get_game("gift-exchange"), 4, seed=1)
    return GiftExchangeViewApp(position, 0)


def game_over(game: str, position: Callable[[], Any]) -> Callable[[], App[Any]]:
    def app() -> App[Any]:
        return GameOverApp.played(position(), 0)

    app.__name__ = f"{game}_game_over"
    return app


class Lobby(LobbyApp):
    def __init__(self) -> None:
        super().__init__()
        self.status["place"] = "Yule"


SCREENS: dict[str, Callable[[], App[Any]]] = {
    "lobby": Lobby,
    "tv_waiting": tv_support.InviteApp,
    **{f"tv_{name}": make for name, make in tv_support.GAMES.items()},
    "white_elephant_table": white_elephant_table,
    "white_rabbit_table": white_rabbit_table,
    "gift_list_table": gift_list_table,
    "elf_table": elf_table,
    "gift_exchange_table": gift_exchange_table,
    "white_elephant_over": game_over("white_elephant", lambda: tui_support.Position(players=4, seed=5)),
    "white_rabbit_over": game_over("white_rabbit", lambda: white_rabbit_support.Position(players=3, seed=2)),
    "gift_list_over": game_over("gift_list", lambda: gift_list_support.Position(players=4, seed=7)),
    "elf_over": game_over("elf", lambda: elf_support.Position(players=3, seed=2)),
}
"""Each screen checked, made in the pseudo-locale."""

KEYS: dict[str, tuple[str, ...]] = {
    "rules": ("question_mark",),
    "whole log": ("l",),
}
"""Keys that open a screen of their own at a table, each checked too."""


def _problems(seen: list[tuple[str, str]]) -> str:
    """What each look found unmarked, with the screen it found it on ("" when nothing was)."""
    return "\n\n".join(f"{step}: unmarked {unmarked(text)} in\n{text}" for step, text in seen if unmarked(text))


async def _check(app: App[Any], what: str, keys: tuple[str, ...] = ()) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
    assert not unmarked(text), f"{what}: unmarked {unmarked(text)} in\n{text}"


@pytest.mark.parametrize("screen", list(SCREENS))
async def test_every_word_of_the_screen_is_the_catalogues(screen):
    await _check(SCREENS[screen](), screen)


@pytest.mark.parametrize("game", ["white_elephant", "white_rabbit", "gift_list", "elf", "gift_exchange"])
@pytest.mark.parametrize("opened", list(KEYS))
async def test_every_word_of_a_tables_own_screens_is_the_catalogues(game, opened):
    await _check(SCREENS[f"{game}_table"](), f"{game}: {opened}", KEYS[opened])


async def test_a_word_left_out_is_found():
    """The check itself: an English word on a screen drawn in the pseudo-locale is named."""

    class Plain(App[None]):
        def compose(self):
            from textual.widgets import Static

            yield Static("Tables here")

    with pytest.raises(AssertionError, match="Tables"):
        await _check(Plain(), "a plain screen")


# -- the other screens, each reached by keys as a person reaches it ----------------------------

Look = Callable[[str], Awaitable[None]]
"""Keep the screen's text as drawn now, under a name (the step that drew it)."""
Drive = Callable[[Any, Look], Awaitable[None]]
"""Brings an app's screens up by keys (its Pilot), looking at each (:data:`Look`)."""


@dataclass(frozen=True)
class Scene:
    """An app (made in the test's folder) and the screens a person brings up in it, each looked
    at; ``patched``: what the scene changes meanwhile (dotted name -> value: a timeout cut short)."""

    make: Callable[[Path], App[Any]]
    drive: Drive
    size: tuple[int, int] = SIZE
    patched: dict[str, Any] = field(default_factory=dict)


async def _look_through(app: App[Any], scene: Scene) -> list[tuple[str, str]]:
    """Each screen the scene looks at, by name, with its text."""
    seen: list[tuple[str, str]] = []
    notes = Notes()
    async with app.run_test(size=scene.size, notifications=True, message_hook=notes) as pilot:

        async def look(step: str) -> None:
            await pilot.pause()
            code = getattr(app, "status", {}).get("code")  # a join code the host drew: never translated
            text = screen_text(app)
            seen.append((step, text.replace(code, " " * len(code)) if code else text))
            # Each notice said since, whole (on the screen it lies over other words, which may hide it).
            seen.extend((f"{step}: a notice", f"{note.title}\n{note.message}") for note in notes)
            notes.clear()

        await pilot.pause()
        await scene.drive(pilot, look)
    assert seen, "the scene looked at nothing"
    return seen


def on_top(pilot: Any, kind: type, what: str) -> Awaitable[None]:
    """Wait until a screen of ``kind`` is on top."""
    return wait_for(pilot, lambda: isinstance(pilot.app.screen, kind), what=what)


async def press_and_look(pilot: Any, look: Look, key: str, kind: type, what: str, back: str = "escape") -> None:
    """``key`` brings up a screen of ``kind``: look at it, then ``back`` closes it."""
    top = pilot.app.screen
    await pilot.press(key)
    await on_top(pilot, kind, what)
    await look(what)
    await pilot.press(back)
    await wait_for(pilot, lambda: pilot.app.screen is top, what=f"back from {what}")


# The new-table form, a game's options in it: each field in focus in turn (the form scrolls to it).


def form_of(game: str) -> Scene:
    async def drive(pilot: Any, look: Look) -> None:
        await on_top(pilot, CreateTableScreen, "the form")
        form = pilot.app.screen
        await wait_for(pilot, lambda: form.shown is not None and form.shown.name == game, what="the game's options")
        await wait_for(pilot, lambda: t(COUNTING) not in shown_lines(form.query_one(HowLong))[0], what="how long")
        await look("the form")
        for n in range(len(form.focus_chain)):
            await pilot.press("tab")
            await look(f"the form, field {n + 2} in focus")

    return Scene(lambda _: FormApp(game), drive)


# yule play: its game menu, the bots' level, the question before leaving a game, the menu with
# the game to continue and the question before dropping it.


async def play(pilot: Any, look: Look) -> None:
    app = pilot.app
    await on_top(pilot, GameMenu, "the game menu")
    await look("the game menu")
    await pilot.press("enter")  # White Elephant
    await wait_for(pilot, lambda: type(app.screen) is ChoiceScreen, what="the level menu")
    await look("the bots' level")
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and bool(view_of(app)), what="the game")
    await pilot.press("q")
    await on_top(pilot, ConfirmScreen, "the question before leaving")
    await look("yule play's question before leaving")
    await pilot.press("y")
    await wait_for(pilot, lambda: isinstance(app.screen, GameMenu) and len(app.screen.choices) > 5, what="kept")
    await look("the game menu with a game to continue")
    await pilot.press("d")
    await on_top(pilot, ConfirmScreen, "the question before dropping")
    await look("the question before dropping a game")
    await pilot.press("n")
    await on_top(pilot, GameMenu, "the menu again")
    await pilot.press("end", "d")  # on a new game's line: what d is for
    await pilot.pause()
    await look("d on a new game's line")


def play_app(_: Path) -> App[Any]:
    return YuleApp(name="Ana", play=PlaySetup(None, 3, bot_delay=30, level=None), discover=False)


# Before a host: the first name, the hosts found, a host that does not answer (and q's question).


async def first_name(pilot: Any, look: Look) -> None:
    await on_top(pilot, FirstNameScreen, "the first name")
    await look("the first name asked")
    await pilot.press("ctrl+a", "backspace", "[", "enter")
    await pilot.pause()
    await look("a name refused")


async def connect(pilot: Any, look: Look) -> None:
    await on_top(pilot, ConnectScreen, "the hosts found")
    await look("the hosts found")
    await pilot.press(*"1:x", "enter")
    await pilot.pause()
    await look("an address refused")


async def no_answer(pilot: Any, look: Look) -> None:
    """A port where nothing answers: the connection is refused at once."""
    await on_top(pilot, ConnectScreen, "the hosts found")
    with silent_port() as port:
        pilot.app.connect("127.0.0.1", port)
        await on_top(pilot, NoAnswerScreen, "no answer")
        await look("no answer")
    await pilot.press("q")
    await on_top(pilot, ConfirmScreen, "the quit question")
    await look("the quit question")


async def quiet_host(pilot: Any, look: Look) -> None:
    """A host that takes the connection and says nothing: where the app connects meanwhile, then
    what it is told."""
    await on_top(pilot, ConnectScreen, "the hosts found")
    with socket.socket() as quiet:
        quiet.bind(("127.0.0.1", 0))
        quiet.listen()
        pilot.app.connect("127.0.0.1", quiet.getsockname()[1])
        await on_top(pilot, ConnectingScreen, "connecting")
        await look("connecting")
        await on_top(pilot, NoAnswerScreen, "no answer")
        await look("a host that says nothing")
    # What the client says of the host is a value in a marked sentence: its own words, not the host's English.
    assert t(OWN_CODES["no_answer"], seconds=1.0) in pilot.app.screen.why


# Dialogs at a table: each question, each choice, the chat input, w and a, a refused key.


def question_at_a_table(question: str) -> Scene:
    make, key, _, _ = QUESTIONS[question]

    async def drive(pilot: Any, look: Look) -> None:
        await wait_for(pilot, lambda: pilot.app.table_screen.table.view is not None, what="the table")
        await pilot.press(key)
        await on_top(pilot, ConfirmScreen, question)
        await look(question)

    return Scene(lambda _: make(), drive)


def choice_at_a_table(dialog: str) -> Scene:
    make, key = MOVED_PAST[dialog]

    async def drive(pilot: Any, look: Look) -> None:
        await wait_for(pilot, lambda: pilot.app.table_screen.table.view is not None, what="the table")
        if key is not None:
            await pilot.press(key)
        await on_top(pilot, ChoiceScreen, dialog)
        await look(dialog)
        await pilot.press("end")
        await look(f"{dialog}, its last choice")

    return Scene(lambda _: make(), drive)


class AtATable:
    """A game's test app (:class:`tui_support.ViewApp`) at a table with other people, run by its
    seat, with a bot at the first seat that is neither its own nor the one to move: ``w`` (the
    table waits for a person) and ``a`` (the bots' pace) work."""

    GAME: str
    position: Any
    seat: int

    def table(self) -> TableScreen:
        names = self.position.names
        bot = next(s for s in range(len(names)) if s not in (self.seat, *self.waited()))
        self.TAGS = {bot: "bot"}
        follower: TableFollower[Any] = TableFollower(3)
        follower.take(info_frame(self.GAME, names, self.TAGS, you=self.seat, runs=True, bot_delay=1.0))
        return TableScreen(self.GAME, follower, others=True)

    def waited(self) -> list[int]:
        return waited(self.position)


def waited(position: Any) -> list[int]:
    """The seats a position waits for: every seat active (bringing gifts), else the one whose turn it is."""
    return [s for s in position.state.active() if isinstance(s, int)] or [position.turn]


TABLES: dict[str, tuple[type, Callable[[], Any], str]] = {
    "white_elephant": (tui_support.ViewApp, lambda: tui_support.Position(players=5, seed=3), "t"),
    "white_rabbit": (white_rabbit_support.ViewApp, lambda: white_rabbit_support.Position(players=4, seed=3), "enter"),
    "gift_list": (gift_list_support.ViewApp, lambda: gift_list_support.Position.at_play(seed=11), "o"),
    "elf": (elf_support.ElfViewApp, lambda: elf_support.Position(players=3, seed=3), "e"),
    "gift_exchange": (GiftExchangeViewApp, GiftExchangeParty, "o"),
}
"""Each game's test app, a position of it, and a move key (refused while another seat moves)."""


def at_a_table(game: str) -> Callable[[Path], App[Any]]:
    """The game's table as seen from a seat that is not to move, with other people at it."""
    kind, position, _ = TABLES[game]

    def make(_: Path) -> App[Any]:
        app_class = type(f"AtA{kind.__name__}", (AtATable, kind), {})
        played = position()
        return app_class(played, next(s for s in range(len(played.names)) if s not in waited(played)))

    return make


def dialogs_at(game: str) -> Scene:
    key = TABLES[game][2]

    async def drive(pilot: Any, look: Look) -> None:
        app = pilot.app
        await wait_for(pilot, lambda: app.table_screen.table.view is not None, what="the table")
        await pilot.press(key)
        await wait_for(pilot, lambda: bool(app.notes), what="the key refused")
        await look("a refused key")
        await pilot.press("h")
        await wait_for(pilot, lambda: len(app.notes) > 1 or not app.table_screen.hints, what="no hint now")
        await look("h while another seat moves")
        await press_and_look(pilot, look, "w", ChoiceScreen, "w: waiting for someone?")
        await press_and_look(pilot, look, "a", ChoiceScreen, "a: the bots' pace")
        await press_and_look(pilot, look, "q", ConfirmScreen, "q: the question before leaving")
        await press_and_look(pilot, look, "exclamation_mark", ReactionChooser, "!: a reaction to send")
        await shown_reaction(pilot, look, "a reaction shown at the table")
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.focused, ChatInput), what="the chat input")
        await look("m: the chat input open")

    return Scene(at_a_table(game), drive)


async def shown_reaction(pilot: Any, look: Look, what: str, *, large: bool = False) -> None:
    """A reaction received, shown on the screen on top (``large``: the TV's), its sender a name
    of the tests."""
    app = pilot.app
    frame: ReactionFrame = {"type": "reaction", "table": 3, "seat": 1, "name": NAMES[1], "code": "merry_christmas"}
    reactions.show(app, frame, large=large)
    await wait_for(pilot, lambda: any(bar.has_class("-shown") for bar in app.screen.query(ReactionBar)), what=what)
    await look(what)


async def tv_reaction(pilot: Any, look: Look) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, TableTV), what="the TV")
    await shown_reaction(pilot, look, "a reaction on the TV", large=True)


def hint_at(game: str) -> Scene:
    """The strong bot's hint shown at the table of the seat to move."""

    async def drive(pilot: Any, look: Look) -> None:
        app = pilot.app
        await wait_for(pilot, lambda: app.table_screen.table.view is not None, what="the table")
        panel = app.table_screen.query_one(HintPanel)
        await pilot.press("h")
        await wait_for(pilot, lambda: panel.text not in (None, t("Thinking about your move…")), what="the hint")
        await look("the hint")

    return Scene(your_turn(game), drive)


def your_turn(game: str) -> Callable[[Path], App[Any]]:
    """The game's table as the seat to move sees it."""
    kind, position, _ = TABLES[game]

    def make(_: Path) -> App[Any]:
        played = position()
        return kind(played, played.turn)

    return make


GREYED = {"white_elephant": "r", "white_rabbit": "left", "gift_list": "s", "elf": "e", "gift_exchange": "k"}
"""A key of each game greyed at the seat's own turn (the rules say why not)."""


def refused_at(game: str) -> Scene:
    """A greyed key pressed at the seat's own turn: its notice, the rules' reason worded."""

    async def drive(pilot: Any, look: Look) -> None:
        app = pilot.app
        await wait_for(pilot, lambda: app.table_screen.table.view is not None, what="the table")
        await pilot.press(GREYED[game])
        await wait_for(pilot, lambda: bool(app.notes), what="the key refused")
        await look("a greyed key at your turn")

    return Scene(your_turn(game), drive)


HIDDEN_KEYS = {"white_elephant": "p", "gift_list": "b", "gift_exchange": "b"}
"""A move of each game that needs the hand (not offered while it is hidden), where there is one."""


def hidden_at(game: str) -> Scene:
    """The seat's table at its own turn with the hand hidden (``i``): the status line, the footer,
    a move that needs the hand and the hint refused; then the game-over sheet's ``i``."""

    async def drive(pilot: Any, look: Look) -> None:
        app = pilot.app
        await wait_for(pilot, lambda: app.table_screen.table.view is not None, what="the table")
        await pilot.press("i")
        await wait_for(pilot, lambda: app.table_screen.hand_hidden, what="the hand hidden")
        await look("the hand hidden")
        if game in HIDDEN_KEYS:
            await pilot.press(HIDDEN_KEYS[game])
            await look("a move that needs the hand")
        await pilot.press("h")
        await look("no hint while hidden")

    return Scene(your_turn(game), drive)


async def hidden_sheet(pilot: Any, look: Look) -> None:
    await pilot.pause()
    await pilot.press("i")
    await look("the game-over sheet, the hand hidden")


# A seat asked for: the question to the people at the table, the newcomer's wait.


ASKED: ReclaimAsked = {"type": "reclaim_asked", "table": 3, "request": 1, "seat": 1, "name": "Eli", "by": "Eli",
                       "asker": "new", "seconds": 60.0}  # fmt: skip


class SeatAskedApp(PlainApp):
    """Someone asks for an away player's seat (:meth:`Seating.asked`); then, the other way round,
    this app asks for one (:class:`AskingScreen`)."""

    client = None
    """No host to tell the answer."""

    def on_mount(self) -> None:
        self.push_screen(AskingScreen("Eli"))
        Seating(self).asked(ASKED)  # type: ignore[arg-type]  # only its screens are wanted


async def seat_asked(pilot: Any, look: Look) -> None:
    await on_top(pilot, ConfirmScreen, "the question")
    await look("a seat asked for")
    await pilot.press("n")
    await on_top(pilot, AskingScreen, "the wait")
    await look("asking for a seat")


# The lobby's own dialogs: a bot, whom to remove, why a seat is freed, the join code.


async def lobby_dialogs(pilot: Any, look: Look) -> None:
    await on_top(pilot, LobbyScreen, "the lobby")
    await press_and_look(pilot, look, "a", ChoiceScreen, "a: which bot?")
    await pilot.press("x")
    await on_top(pilot, ChoiceScreen, "x: remove whom?")
    await look("x: remove whom?")
    await pilot.press("end", "enter")  # Eve, a person
    await on_top(pilot, LineScreen, "why must they leave?")
    await look("why must they leave?")
    await pilot.press("enter")
    await pilot.pause()
    await look("no reason typed")


class CodeApp(PlainApp):
    def on_mount(self) -> None:
        self.push_screen(CodeScreen())


async def code(pilot: Any, look: Look) -> None:
    await on_top(pilot, CodeScreen, "the join code")
    await look("the join code asked")


# The evening's standings.


async def standings_answer(bots: bool) -> Standings:
    return {**ANSWER, "started": 1_700_000_000.0, "bots": bots}


class StandingsApp(PlainApp):
    def on_mount(self) -> None:
        self.push_screen(StandingsScreen(standings_answer))


async def standings(pilot: Any, look: Look) -> None:
    await on_top(pilot, StandingsScreen, "the standings")
    view = pilot.app.screen.query_one(StandingsView)
    await wait_for(pilot, lambda: view.answer is not None, what="the answer")
    await look("the standings")
    await pilot.press("b")
    await wait_for(pilot, lambda: view.answer is not None and not view.answer["bots"], what="the bots hidden")
    await look("the standings without the bots")


# yule replay: the start, a step, the end's result, back at the start; and a terminal too small.


async def replay(pilot: Any, look: Look) -> None:
    app = pilot.app
    await on_top(pilot, ReplayScreen, "the replay")
    await look("the replay's start")
    await pilot.press("left")
    await wait_for(pilot, lambda: bool(app.notes), what="the start told")
    await look("nothing before the start")
    await pilot.press("right", "right", "v")
    await look("two moves in, a seat's view")
    await pilot.press("end")
    await on_top(pilot, GameOverScreen, "the result")
    await look("the replay's result")


class ReplayTold(ReplayApp):
    """``yule replay`` whose notifications are kept (:attr:`notes`)."""

    def __init__(self) -> None:
        super().__init__({**white_elephant_record(), "players": NAMES[:4]}, name="game.json")
        self.notes = Notes()

    def on_notify(self, message: Notify) -> None:
        self.notes(message)


async def too_small(pilot: Any, look: Look) -> None:
    await on_top(pilot, TooSmallScreen, "the notice")
    await look("the terminal too small")


# yule party: the first guest's form, the setup, the house options, the draw, the party, a gift
# named at its reveal, the quit question; the end and the TV are the snapshots' apps.


async def party(pilot: Any, look: Look) -> None:
    app = pilot.app
    await on_top(pilot, FormScreen, "the first guest's form")
    await look("the first guest's form")
    await type_guest(pilot, "Ana", LABELS[0], WRAPPINGS[0])
    await type_guest(pilot, "Dan", "", WRAPPINGS[1])
    await type_guest(pilot, "dan", "", "x")
    await look("a guest's name refused")
    await pilot.press("escape")
    await on_top(pilot, SetupScreen, "the setup")
    await wait_for(pilot, lambda: t(COUNTING) not in screen_text(app), what="how long")
    await look("the setup")
    await pilot.press("o")
    await on_top(pilot, FormScreen, "the house options")
    await look("the house options")
    await pilot.press("backspace", "x", "enter")
    await pilot.pause()
    await look("an option refused")
    await pilot.press("escape")
    await on_top(pilot, SetupScreen, "the setup again")
    await press_and_look(pilot, look, "x", ConfirmScreen, "the question before removing a guest", back="n")
    await pilot.press("d")
    await on_top(pilot, ConfirmScreen, "the draw")
    await look("the draw")
    await pilot.press("y")
    await wait_for(pilot, lambda: view_of(app).get("phase") == "playing", what="the drawn order")
    await on_top(pilot, PartyScreen, "the party")
    await wait_for(pilot, lambda: app.table.frame is not None and app.table.frame.get("acting"), what="the acting")
    await look("the organiser's table")
    await pilot.press("2", "enter")  # Dan's gift, without a label
    await on_top(pilot, FormScreen, "the label at the reveal")
    await look("a gift named at its reveal")
    await pilot.press("escape")
    await on_top(pilot, PartyScreen, "the party again")
    await press_and_look(pilot, look, "q", ConfirmScreen, "the party's quit question", back="n")
    await mending(pilot, look)
    await press_and_look(pilot, look, "t", GiftExchangeTV, "the TV view")


# House rules: the new-table form with a host's set picked (one saved for options the game no
# longer has: the form says so), the question that names a set, and the one before deleting it.


class HouseRulesApp(App[None]):
    """The new-table form over a real host that keeps a set of house rules for Gift Exchange (named
    as people name them: a player's name, never translated)."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self.client: Client | None = None

    async def on_mount(self) -> None:
        self.host = Host(self.folder / "data", limits=FAST)
        port = await self.host.start("127.0.0.1", 0)
        self.client = Client("127.0.0.1", port, "Ana", reconnect=False)
        await self.client.connect()
        await self.client.save_set("gift-exchange", NAMES[0], {"seats": 6, "open": False,
                                   "options": {"steal_limit": 2}, "turn_seconds": None})  # fmt: skip
        settings = {"seats": 6, "open": False, "options": {"steal_limit": 2, "gone_rule": 1}, "turn_seconds": None}
        self.host.store.db.execute("UPDATE house_sets SET settings=?", (json.dumps(settings),))
        self.push_screen(CreateTableScreen("gift-exchange"))

    async def on_unmount(self) -> None:
        if self.client is not None:
            await self.client.close()
        await self.host.stop()


async def house_rules(pilot: Any, look: Look) -> None:
    await on_top(pilot, CreateTableScreen, "the form")
    form = pilot.app.screen
    rules = form.query_one("#rules", Select)
    await wait_for(pilot, lambda: len(rules._options) == 2, what="the host's set listed")
    rules.focus()
    await pilot.press("enter")
    await pilot.pause()
    await look("the rules to choose from")
    await pilot.press("up", "enter")
    await wait_for(pilot, lambda: form.picked is not None, what="the set picked")
    await look("the form with a set picked")
    await press_and_look(pilot, look, "ctrl+n", LineScreen, "the name of the rules to save")
    await press_and_look(pilot, look, "ctrl+t", ConfirmScreen, "the question before deleting", back="n")


async def mending(pilot: Any, look: Look) -> None:
    """The organiser mends the party: a latecomer's form (a name refused, then Eli arrives), the
    question before skipping a guest (then the skip), a label's edit (then fixed); the log says each."""
    app = pilot.app
    await pilot.press("a")
    await on_top(pilot, FormScreen, "a latecomer's form")
    await look("a latecomer's form")
    await type_guest(pilot, "dan", "", "x")
    await look("a latecomer's name refused")
    app.screen.query_one("#f-name").value = "Eli"
    app.screen.query_one("#f-wrapping").focus()
    await pilot.press("enter")
    await on_top(pilot, PartyScreen, "the party with a latecomer")
    await wait_for(pilot, lambda: view_of(app).get("players") == 3, what="the latecomer seated")
    await press_and_look(pilot, look, "p", ConfirmScreen, "skip the guest whose turn begins?", back="y")
    await wait_for(pilot, lambda: "skip" in [line.get("event", {}).get("type") for line in app.table.lines],
                   what="the skip")  # fmt: skip
    await pilot.press("1", "f")
    await on_top(pilot, FormScreen, "a label to fix")
    await look("a label to fix")
    app.screen.query_one("#f-label").value = "Kite"
    await pilot.press("enter")
    await wait_for(pilot, lambda: "relabel" in [line.get("event", {}).get("type") for line in app.table.lines],
                   what="the label fixed")  # fmt: skip
    await on_top(pilot, PartyScreen, "the party, mended")
    await look("the party, mended")


async def board(pilot: Any, look: Look) -> None:
    await pilot.pause()
    await look(type(pilot.app.screen).__name__)


# Your turn called out: the notification and the window title written, the switches (b).


class CalledApp(YuleApp):
    """``yule play`` at White Elephant, what its calls write kept (:attr:`written`)."""

    def __init__(self) -> None:
        super().__init__(name="Ana", play=PlaySetup("white-elephant", 3, bot_delay=0.01), discover=False)
        self.written: list[str] = []
        self.turn_calls.terminal = Terminal("osc9", True)
        self.turn_calls.attach(self.written.append)


async def turn_called(pilot: Any, look: Look) -> None:
    app = pilot.app
    await wait_for(pilot, lambda: any("\x1b]2;" in w for w in app.written), what="the turn called out")
    await look("your turn, called out")
    words = [text for w in app.written for text in re.findall(r"\x1b\](?:2|9);([^\x07]*)\x07", w)]
    assert len(words) == 2 and not [w for w in words if unmarked(w)], words  # the notification, the title
    await pilot.press("q")
    await on_top(pilot, ConfirmScreen, "the question before leaving")
    await pilot.press("y")
    await on_top(pilot, GameMenu, "the menu")
    await press_and_look(pilot, look, "b", CallsScreen, "b in the menu: how your turn is called out")


async def turn_calls_in_the_lobby(pilot: Any, look: Look) -> None:
    await on_top(pilot, LobbyScreen, "the lobby")
    await pilot.press("b")
    await on_top(pilot, CallsScreen, "b: how your turn is called out")
    await pilot.press("b", "n")
    await look("b: the bell and the notification switched off")


# A helper beside a child, at a real host's White Rabbit table: the child's question, the
# suggestion, the end; the helper's choice, wait and table.


class AtAHost(YuleApp):
    """A player's app, with the folder its scene's host keeps its data in."""

    def __init__(self, name: str, folder: Path) -> None:
        super().__init__(name=name, discover=False)
        self.folder = folder


async def _helper_frame(client: Client, kind: str) -> dict[str, Any]:
    async for frame in client:
        if frame["type"] == kind and (kind != "help_view" or may_move({**frame, "type": "view"})):
            return frame
    raise AssertionError(f"no {kind}")


async def helped(pilot: Any, look: Look) -> None:
    app = pilot.app
    async with running(Host(app.folder / "data", away_timeout=60, limits=FAST)) as port:
        org = Client("127.0.0.1", port, "Gus", reconnect=False)
        fay = Client("127.0.0.1", port, "Fay", reconnect=False, local_address="127.0.0.2")
        await org.connect()
        await fay.connect()
        try:
            created = await org.create_table("white-rabbit", 2, sit=False, bot_delay=0)
            table, app.code = created["table"], created["code"]
            app.connect("127.0.0.1", port)
            await wait_for(pilot, lambda: ((app.table and app.table.info) or {}).get("you") == 0, what="a seat")
            await org.fill_bots(table, "random")
            await org.start(table)
            await on_top(pilot, TableScreen, "the table")
            await fay.watch(table, created["code"])
            await fay.help_ask(table, 0)
            await on_top(pilot, ConfirmScreen, "the question")
            await look("asked to be helped")
            await pilot.press("y")
            await _helper_frame(fay, "helping")
            await wait_for(pilot, lambda: app.table.info["seats"][0].get("helper") == "Fay", what="the helper")
            await look("helped")
            frame = await _helper_frame(fay, "help_view")
            await fay.suggest(table, {"type": "roll"}, seq=frame["seq"])
            panel = app.table_screen.query_one(HintPanel)
            await wait_for(pilot, lambda: panel.text is not None, what="the suggestion")
            await look("a suggestion")
            await pilot.press("u")
            await on_top(pilot, ConfirmScreen, "the question before ending the help")
            await look("ending the help")
            await pilot.press("y")
            await _helper_frame(fay, "help_ended")
            await wait_for(pilot, lambda: "helper" not in app.table.info["seats"][0], what="no helper")
            await look("the help ended")
        finally:
            await org.close()
            await fay.close()


async def helping(pilot: Any, look: Look) -> None:
    app = pilot.app
    async with running(Host(app.folder / "data", away_timeout=60, limits=FAST)) as port:
        eli = Client("127.0.0.1", port, "Eli", reconnect=False, local_address="127.0.0.2")
        await eli.connect()
        try:
            created = await eli.create_table("white-rabbit", 2, bot_delay=0)
            table = created["table"]
            await eli.fill_bots(table, "random")
            await eli.start(table)
            app.connect("127.0.0.1", port)
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables, what="lobby")
            await pilot.press("h")
            await on_top(pilot, CodeScreen, "the join code")
            await pilot.press(*created["code"], "enter")
            await on_top(pilot, ChoiceScreen, "whom to help")
            await look("whom to help")
            await pilot.press("enter")
            asked = await _helper_frame(eli, "help_asked")
            await on_top(pilot, AskingScreen, "the wait")
            await look("waiting for a yes to help")
            await eli.help_answer(table, asked["request"], True)
            await on_top(pilot, HelpScreen, "the helper's table")
            await wait_for(pilot, lambda: app.table_screen.table.view is not None, what="the seat's view")
            await look("helping")
            await eli.help_end(table)
            await on_top(pilot, LobbyScreen, "back in the lobby")
            await look("the help ended")
        finally:
            await eli.close()


# A paused table: the banner, the log's lines of a pause, the vote's question; the TV's banner.

PAUSED = {"by": "Ana", "since": 1765050120.0, "vote": False}
VOTE = {"vote": 1, "pause": True, "seat": 2, "by": "Dan", "yes": [2], "no": [], "voters": [0, 2], "seconds": 60.0}


class PausedTableApp(tui_support.ViewApp):
    """A seat's table, paused by Ana, where Dan asks the table to pause it again (a vote): the
    question to this seat, the banner, and every log line of a pause."""

    client = None
    """No host to tell the answer."""

    def on_mount(self) -> None:  # after the table's own (Textual calls each class's handler)
        self.call_after_refresh(self.paused)

    def paused(self) -> None:
        follower: TableFollower[Any] = TableFollower(3)
        names = self.position.names
        follower.take(info_frame("white-elephant", names, paused=PAUSED, pause_vote=VOTE, you=0))  # type: ignore[arg-type]
        PauseFollower(self).follow(follower)
        lines = [describe("white-elephant", {"type": "paused", "name": "Ana", "vote": vote}, names) for vote in (0, 1)]
        lines += [
            describe("white-elephant", {"type": "resumed", "name": "Ana", "vote": vote}, names) for vote in (0, 1)
        ]
        lines += [describe("white-elephant", {"type": "pause_vote", "pause": pause, "name": "Dan", "outcome": end}, names)
                  for pause in (True, False) for end in ("no", "expired", "creator_back", "withdrawn")]  # fmt: skip
        self.table_screen.add_log(lines)


async def paused_table(pilot: Any, look: Look) -> None:
    await on_top(pilot, ConfirmScreen, "the vote's question")
    await look("a vote to pause")
    await pilot.press("n")
    await on_top(pilot, TableScreen, "the paused table")
    await look("the paused table")
    await pilot.press("l")
    await look("the whole log with the pause's lines")


async def paused_tv(pilot: Any, look: Look) -> None:
    pilot.app.set_status(**{PAUSE_BANNER: banner_text(PAUSED)})  # type: ignore[typeddict-item]
    await look("the TV's banner")


SCENES: dict[str, Scene] = {
    **{f"new_table_form_{game}": form_of(game.replace("_", "-")) for game in TABLES},
    "yule_play": Scene(play_app, play),
    "first_name": Scene(lambda _: YuleApp(name="Ana", ask_name=True, discover=False), first_name),
    "connect": Scene(lambda _: YuleApp(name="Ana", discover=False), connect),
    "no_answer": Scene(lambda _: YuleApp(name="Ana", discover=False), no_answer),
    "quiet_host": Scene(lambda _: YuleApp(name="Ana", discover=False), quiet_host,
                        patched={"yule.netplay.client.HELLO_TIMEOUT": 1.0}),
    **{f"question_{name}": question_at_a_table(name) for name in QUESTIONS},
    **{f"choice_{name}": choice_at_a_table(name) for name in MOVED_PAST},
    **{f"dialogs_{game}": dialogs_at(game) for game in TABLES},
    **{f"hint_{game}": hint_at(game) for game in TABLES if game != "gift_exchange"},
    **{f"refused_{game}": refused_at(game) for game in TABLES},
    **{f"hidden_{game}": hidden_at(game) for game in TABLES},
    "hidden_sheet": Scene(lambda _: SCREENS["white_elephant_over"](), hidden_sheet),
    "seat_asked": Scene(lambda _: SeatAskedApp(), seat_asked),
    "turn_called": Scene(lambda _: CalledApp(), turn_called),
    "turn_calls_lobby": Scene(lambda _: Lobby(), turn_calls_in_the_lobby),
    "lobby_dialogs": Scene(lambda _: Lobby(), lobby_dialogs),
    "join_code": Scene(lambda _: CodeApp(), code),
    "standings": Scene(lambda _: StandingsApp(), standings),
    "replay": Scene(lambda _: ReplayTold(), replay),
    "too_small": Scene(lambda _: ReplayApp(white_elephant_record()), too_small, size=(60, 20)),
    "house_rules": Scene(HouseRulesApp, house_rules),
    "tv_reaction": Scene(lambda _: tv_support.GAMES["white_elephant"](), tv_reaction),
    "party": Scene(lambda folder: PartyApp(folder / "data", bind="127.0.0.1", port=0), party),
    "party_organiser": Scene(lambda _: BoardApp(gift_exchange_position(6, 5)[0]), board),
    "party_end": Scene(lambda _: EndApp(), board),
    "paused_table": Scene(lambda _: PausedTableApp(tui_support.Position(players=4, seed=3), 0), paused_table),
    "paused_tv": Scene(lambda _: tv_support.GAMES["white_elephant"](), paused_tv),
    "paused_tv_gift_exchange": Scene(lambda _: tv_support.GAMES["gift_exchange"](), paused_tv),
    "party_tv": Scene(lambda _: BoardApp(gift_exchange_position(6, 4)[0], tv=True,
                                         before=gift_exchange_position(6, 3)[0].view(None)), board),
    "party_tv_moment": Scene(lambda _: BoardApp(gift_exchange_position(6, 4)[0], tv=True,
                                                before=gift_exchange_position(6, 3)[0].view(None)), board,
                             patched={"yule.tui.gift_exchange.tv.GiftExchangeTV.MOMENT": 60.0}),
    "helped": Scene(lambda folder: AtAHost("Eli", folder), helped),
    "helping": Scene(lambda folder: AtAHost("Fay", folder), helping),
}  # fmt: skip
"""Each scene checked: an app, and the screens brought up in it.  (The terminal too small is
shown at 60×20: at 80×24 there is no such notice.)"""


@pytest.mark.parametrize("scene", list(SCENES))
async def test_every_word_of_every_screen_brought_up_is_the_catalogues(scene, tmp_path, monkeypatch):
    for name, value in SCENES[scene].patched.items():
        monkeypatch.setattr(name, value)
    seen = await _look_through(SCENES[scene].make(tmp_path), SCENES[scene])
    assert not _problems(seen), f"{scene}:\n{_problems(seen)}"
