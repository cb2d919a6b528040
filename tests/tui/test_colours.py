"""Colours for everyone: every game's table (its TV, the table drawn for a spectator, from
:mod:`tv_support`, one for each game the registry knows) under each colour system of a terminal
(16 colours, 256 colours, truecolor) and under NO_COLOR.

What a player tells apart by colour (a card's colour, a suit, a kind of token, a gift's state) is
found on the screen by its letters or symbols (:data:`MARKS`); each must show in one colour of
its own, different from every other's, as the terminal is sent it; under NO_COLOR the same
letters are all there.  And the palette itself: readable letters on every badge, in every system.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.color import Color, ColorSystem
from rich.style import Style
from textual.widget import Widget
from tui_support import MODES, colour_mode, screen_text
from tv_support import GAMES, TABLE_GAMES

from yule.core.elf.board import TOKENS
from yule.tui.elf import board as elf_board
from yule.tui.gift_list import cards as gift_list_cards
from yule.tui.palette import ANSI_SENT, ANSI_XTERM, INKS, ansi, contrast, letters_on, shown, theme
from yule.tui.white_elephant import gifts as white_elephant_gifts
from yule.tui.white_rabbit import cards as white_rabbit_cards
from yule.tui.widgets import GameLog, KeysFooter, StatusLine

SYSTEM = {"standard": ColorSystem.STANDARD, "256": ColorSystem.EIGHT_BIT, "truecolor": ColorSystem.TRUECOLOR}

ELF_KINDS = {t.label: t.kind for t in TOKENS}
MARKS: dict[str, re.Pattern[str]] = {
    "gift-list": re.compile(r"(?<!\w)(?P<colour>[ROYBG])\d{1,2}(?!\w)"),
    "white-rabbit": re.compile(r"(?<!\w)(?:(?P<colour>[bgkc])\d|(?P<max>MAX))(?!\w)"),
    "white-elephant": re.compile(r"(?<!\w)(?P<suit>SG|MU|GB|GK|BG|FB|BH|SK|\?)(?= ?\d)"),
    "elf": re.compile(
        "|".join(
            f"(?P<{kind}>{'|'.join(re.escape(label) for label, k in ELF_KINDS.items() if k == kind)})"
            for kind in sorted(set(ELF_KINDS.values()))
        )
    ),
    "gift-exchange": re.compile(r"(?P<wrapped>▣)|(?P<frozen>◆)(?=[^▣◆\n]*❄)|(?P<opened>◆)"),
}
"""Per game, the letters or symbols that carry each colour on its table: the kind is the name
of the group matched, and its text (``colour:R``, ``suit:GB``, ``location``)."""


def kind(match: re.Match[str]) -> str:
    group = match.lastgroup or ""
    return f"{group}:{match.group(group)}" if group in ("colour", "suit") else group


def sent(style: Style, system: ColorSystem) -> tuple[Any, ...]:
    """What the terminal is sent for a cell's style: its letters' and its ground's colour in the
    terminal's colour system, and boldness (reversed or not: the cursor's mark, not a colour)."""
    colours = []
    for color in (style.color, style.bgcolor):
        if color is None or color.is_default:
            colours.append(None)
        else:
            shown_as = color.downgrade(system)
            colours.append(shown_as.number if shown_as.triplet is None else shown_as.triplet)
    return (*colours, bool(style.bold))


async def marks_on_screen(game: str, mode: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, set[tuple[Any, ...]]]:
    """Each kind of mark on ``game``'s table in ``mode``: the looks it is sent in (not in the
    status line, the log, the keys, or a legend of the marks in muted words)."""
    system = colour_mode(mode, monkeypatch)
    app = GAMES[game.replace("-", "_")]()
    assert app.console.color_system == system
    found: dict[str, set[tuple[Any, ...]]] = {}
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        around: list[Widget] = [
            *app.screen.query(GameLog),
            *app.screen.query(StatusLine),
            *app.screen.query(KeysFooter),
            *app.screen.query("#legend"),  # the symbols' key, in muted words
        ]
        elsewhere = {y for widget in around for y in range(widget.region.y, widget.region.bottom)}
        rows = screen_text(app).splitlines()
        for y, row in enumerate(rows):
            for match in MARKS[game].finditer(row) if y not in elsewhere else ():
                style = app.screen.get_style_at(match.start(), y)
                found.setdefault(kind(match), set()).add(sent(style, SYSTEM[system]))
    return found


BACKGROUND = Color.parse("#121212").get_truecolor()
"""The app's dark background under the boards (Textual's dark theme)."""


def test_every_game_says_which_marks_carry_its_colours():
    assert set(TABLE_GAMES) <= set(MARKS)


@pytest.mark.parametrize("mode", [m for m in MODES if m != "no colour"])
@pytest.mark.parametrize("game", TABLE_GAMES)
async def test_what_a_player_tells_apart_has_a_colour_of_its_own(game, mode, monkeypatch):
    found = await marks_on_screen(game, mode, monkeypatch)
    assert len(found) >= 2, f"the position shows too few kinds to compare: {sorted(found)}"
    for name, looks in found.items():
        assert len(looks) == 1, f"{name} shows in {len(looks)} different colours: {looks}"
    looks = {name: next(iter(looks)) for name, looks in found.items()}
    alike = [(a, b) for a in looks for b in looks if a < b and looks[a] == looks[b]]
    assert not alike, f"these look alike in {mode}: {alike}"


@pytest.mark.parametrize("game", TABLE_GAMES)
async def test_without_colour_the_letters_still_tell_them_apart(game, monkeypatch):
    in_colour = await marks_on_screen(game, "truecolor", monkeypatch)
    without = await marks_on_screen(game, "no colour", monkeypatch)
    assert set(without) == set(in_colour)
    greys = {look[1] for looks in without.values() for look in looks if look[1] is not None}
    assert all(r == g == b for r, g, b in greys), "NO_COLOR draws in greys only"


@pytest.mark.parametrize("system", [ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT])
@pytest.mark.parametrize("name", list(INKS))
def test_every_badge_reads(name, system):
    assert contrast(letters_on(name, system), shown(name, system)) >= 4.5


@pytest.mark.parametrize("name", list(INKS))
def test_every_badge_reads_in_16_colours_however_the_terminal_draws_them(name):
    letters = letters_on(name, ColorSystem.STANDARD)
    for colours in (ANSI_SENT, ANSI_XTERM):
        assert contrast(letters, colours[ansi(name)]) >= 3.0
    assert Color.from_triplet(shown(name, ColorSystem.STANDARD)).downgrade(ColorSystem.STANDARD).number == ansi(name)


@pytest.mark.parametrize("system", [ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT, ColorSystem.STANDARD])
@pytest.mark.parametrize("name", [n for n in INKS if n not in ("black", "charcoal", "brown", "blue")])
def test_inks_as_text_read_on_the_dark_background(name, system):
    """In 16 colours (drawn as each terminal likes) 3:1, WCAG's least for bold letters."""
    least = 3.0 if system == ColorSystem.STANDARD else 4.5
    assert contrast(shown(name, system, text=True), BACKGROUND) >= least


TOLD_APART: dict[str, list[str]] = {
    "gift-list": list(gift_list_cards.COLOUR_STYLES.values()),
    "white-rabbit": [*white_rabbit_cards.COLOUR_STYLES.values(), white_rabbit_cards.MAX_STYLE],
    "white-elephant": [*white_elephant_gifts.SUIT_STYLES.values(), white_elephant_gifts.SURPRISE_STYLE],
    "elf": [*elf_board.KIND_STYLE.values(), elf_board.STYLE["touch"]],
}
"""Every style each game tells things apart by, also those a position on screen may not show."""


@pytest.mark.parametrize("system", ["standard", "256", "truecolor"])
@pytest.mark.parametrize("game", list(TOLD_APART))
def test_all_of_a_games_colours_stay_apart_in_every_system(game, system):
    styles = theme(system).styles
    looks = [sent(styles[name], SYSTEM[system]) for name in TOLD_APART[game]]
    assert len(set(looks)) == len(looks)
