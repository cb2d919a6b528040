"""Every screen drawn in the pseudo-locale shows no word left out of the catalogue.

The pseudo-locale (:data:`yule.tui.words.PSEUDO`) marks every sentence the catalogue words
``⟦…⟧``, accented and a third longer; what a screen shows outside the marks is then only what is
never translated: people's names, numbers, card codes, key names and drawing.  A word of two
letters or more found outside the marks, and not one of those, is a sentence still hard-coded:
the test names it, with the screen.  Each screen is drawn at 80×24 (the longest words must fit
there too), from the same seeded positions the snapshot tests draw.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import elf_support
import gift_list_support
import pytest
import tui_support
import tv_support
import white_rabbit_support
from gift_exchange_support import LABELS, WRAPPINGS
from test_tui_snapshots import LobbyApp
from textual.app import App
from tui_support import NAMES, GameOverApp, Played, screen_text

from yule.core import get_game
from yule.core.elf.board import TOKENS
from yule.core.gift_exchange.text import SILLY_GIFTS
from yule.tui.text import literal
from yule.tui.words import PSEUDO_LETTERS, set_language

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
    *(word for text in [*LABELS, *WRAPPINGS, *SILLY_GIFTS, "Kite"] for word in WORD.findall(text)),  # gifts people bring
    *(word for token in TOKENS for word in WORD.findall(token.label) + WORD.findall(token.label.lower())),
    "Yule",  # the app's name
    "Enter", "Esc", "esc", "Tab", "Space", "space", "PgUp", "PgDn", "Home", "End", "Del", "ctrl", "shift",  # keys
    "yule", "join", "watch", "code", "ssh",  # commands, typed as they are
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
