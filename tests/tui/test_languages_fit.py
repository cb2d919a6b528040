"""Every game's table and its game-over sheet, at 80×24 in French and in German: no key of the
footer lost but as the footer's rule of giving way says, and no line cut without ``…``.

**The footer.**  :class:`~yule.tui.widgets.KeysFooter` shows each key whole or not at all.  When
the keys a screen offers are wider than the screen, its rule is: the greyed keys (not usable now)
give way first, the last first; then the others, the last first; the way out (``q``, Esc) never.
So a key the footer shows in English is shown in French and German, its label in that language,
unless that rule leaves it out there: the test says which key gave way and why (the keys' width
in that language), and asserts that what the footer shows is what the rule keeps: greyed keys
before usable ones, the last first, each only while the keys are wider than the screen.  At the
seat's own turn, and on the game-over sheet, the usable keys all fit in every language (the
translations keep the labels short): none gives way there but the hidden hand's ``i``
(:data:`MAY_GIVE_WAY`), by the rule.

**A line cut.**  A text widget's line whose last cell, at the widget's right edge, is neither
blank nor ``…`` while the widget's own text goes on there (the character after that line in its
text is neither blank nor the start of the next row: a word cut in the middle); or a widget whose
text needs more rows than it has, with no ``…`` on its last row (the rows past it lost).  Read
from the screen's text and each widget's own region and text (a Rich renderable's text is drawn
for a line a thousand cells wide).

Each game is drawn at its seat's turn at the start and in the middle of a game (the pseudo-locale
test's position: White Rabbit's Max asking which card to take), in ``yule play`` (its bots' pace
``a`` in the footer), at a host's table while another seat moves (``w`` and ``a``), and on its
game-over sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from rich.cells import cell_len
from rich.text import Text
from test_footers import finished
from test_pseudo_locale import SCREENS, TABLES, AtATable, at_a_table
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Static
from tui_support import GameOverApp, info_frame, screen_text

from yule.netplay.client.follower import TableFollower
from yule.tui.screens import TableScreen
from yule.tui.widgets import KeysFooter, PlainApp
from yule.tui.words import set_language, t

SIZE = (80, 24)
LANGUAGES = ("fr", "de")


@pytest.fixture(autouse=True)
def in_english_after():
    yield
    set_language("en")


# -- the screens ---------------------------------------------------------------------------------


class PlayTable(AtATable):
    """``yule play``: the seat to move runs the table, every other seat a bot (``a`` works, ``w`` is not offered)."""

    def table(self) -> TableScreen:
        names = self.position.names
        self.TAGS = {seat: "bot" for seat in range(len(names)) if seat != self.seat}
        follower: TableFollower[Any] = TableFollower(3)
        follower.take(info_frame(self.GAME, names, self.TAGS, you=self.seat, runs=True, bot_delay=1.0))
        return TableScreen(self.GAME, follower, others=False)


def your_turn(game: str) -> App[Any]:
    kind, position, _ = TABLES[game]
    played = position()
    return kind(played, played.turn)


def yule_play(game: str) -> App[Any]:
    kind, position, _ = TABLES[game]
    played = position()
    return type(f"Play{kind.__name__}", (PlayTable, kind), {})(played, played.turn)


def their_turn(game: str) -> App[Any]:
    return at_a_table(game)(None)  # type: ignore[arg-type]  # (it makes no folder)


def game_over(game: str) -> App[Any]:
    played = finished(game.replace("_", "-"))
    return GameOverApp(played.game.name, played.final_result(0), played.names, 0)


def mid_game(game: str) -> App[Any]:
    return SCREENS[f"{game}_table"]()


STATES: dict[str, Callable[[str], App[Any]]] = {
    "your turn": your_turn,
    "mid-game": mid_game,
    "yule play": yule_play,
    "their turn": their_turn,
    "game over": game_over,
}
"""Each screen of a game checked, made for the game (by its module name)."""

STRICT = ("your turn", "game over")
"""The screens where no usable key may give way, in any language."""

MAY_GIVE_WAY = ("i",)
"""Usable keys that may give way even there, by the rule: the hidden hand's (``i Hide hand``,
last before ``q``), shown at every other moment, has no room at White Elephant's own turn in
French and German (its moves' keys take 79 of the 80 cells there)."""


async def drawn(make: Callable[[], App[Any]], language: str, look: Callable[[App[Any]], Any]) -> Any:
    """What ``look`` finds on the screen ``make`` draws at 80×24 in ``language``."""
    set_language(language)
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        return look(app)


# -- the footer ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Key:
    """A key the screen offers in its footer: its key, the item the footer shows for it (its key
    as shown and its label, in the app's language), and whether it is usable now."""

    key: str
    item: str
    usable: bool

    @property
    def way_out(self) -> bool:
        return self.key in KeysFooter.WAY_OUT


@dataclass(frozen=True)
class Footer:
    """What a screen's footer offers and what it shows (the keys, in order), and its width."""

    offered: list[Key]
    shown: list[str]
    text: str
    width: int


def footer_of(app: App[Any]) -> Footer:
    footer = app.screen.query_one(KeysFooter)
    offered: dict[str, Key] = {}
    for _, binding, usable, _ in app.screen.active_bindings.values():
        if binding.show and binding.action not in offered:
            label = f" {t(binding.description)}" if binding.description else ""
            offered[binding.action] = Key(binding.key.split(",")[0], app.get_key_display(binding) + label, usable)
    shown = [key for _, _, key in footer._spans]
    return Footer(list(offered.values()), shown, str(footer.render()), footer.size.width)


def cells(keys: list[Key]) -> int:
    """How wide these keys are in the footer, one space between two."""
    return sum(cell_len(key.item) + 1 for key in keys) - 1


def kept_by_the_rule(offered: list[Key], width: int) -> list[str]:
    """The keys the footer's rule keeps of ``offered`` in ``width`` cells (the module docstring)."""
    kept = list(offered)
    for greyed_only in (True, False):
        while cells(kept) > width:
            giving = [key for key in kept if not key.way_out and (not key.usable or not greyed_only)]
            if not giving:
                break
            kept.remove(giving[-1])
    return [key.key for key in kept]


def footer_problems(english: Footer, footer: Footer, strict: bool) -> list[str]:
    """Why ``footer`` (the same screen's in another language) loses a key ``english`` shows, where
    the rule does not say so."""
    problems = []
    if cell_len(footer.text) > footer.width:
        problems.append(f"the keys are cut: {footer.text!r}")
    by_key = {key.key: key for key in footer.offered}
    problems += [f"{key} is shown without its label {by_key[key].item!r}: {footer.text!r}"
                 for key in footer.shown if by_key[key].item not in footer.text]  # fmt: skip
    if not any(by_key[key].way_out for key in footer.shown) and any(key.way_out for key in footer.offered):
        problems.append(f"no way out is shown: {footer.text!r}")
    lost = [by_key[key] for key in english.shown if key not in footer.shown]
    if not lost:
        return problems
    rule = kept_by_the_rule(footer.offered, footer.width)
    why = (f"the keys offered take {cells(footer.offered)} cells here, more than {footer.width}: by the rule "
           f"it keeps {rule}")  # fmt: skip
    if footer.shown != rule:
        problems.append(f"{[key.key for key in lost]} lost, but {why}, and it shows {footer.shown}")
    if strict and any(key.usable and key.key not in MAY_GIVE_WAY for key in lost):
        usable = [key for key in footer.offered if key.usable]
        problems.append(f"usable keys {[k.item for k in lost if k.usable]} gave way ({why}): the usable keys "
                        f"alone take {cells(usable)} cells, more than {footer.width}: {footer.text!r}")  # fmt: skip
    return problems


# -- cut lines -------------------------------------------------------------------------------------


def own_text(widget: Widget) -> str | None:
    """The whole text a widget shows (None: no text of its own, a board or a container)."""
    shown: Any = widget.render()
    plain = getattr(shown, "plain", None)
    if isinstance(plain, str):
        return plain
    content = widget.content if isinstance(widget, Static) else None
    if content is None or isinstance(content, str) or not hasattr(content, "__rich_console__"):
        return None
    console = widget.app.console
    lines = console.render_lines(content, console.options.update_width(1000), pad=False)
    return "\n".join("".join(segment.text for segment in line).rstrip() for line in lines)


def seen_region(widget: Widget) -> Region:
    """The part of a widget's content on the screen (its containers clip it)."""
    region = widget.content_region
    for ancestor in widget.ancestors:
        if isinstance(ancestor, Widget):
            region = region.intersection(ancestor.content_region)
    return region.intersection(Region(0, 0, *widget.app.size))


def cut_lines(app: App[Any]) -> list[str]:
    """Each text widget's line on the screen cut without ``…`` (the module docstring)."""
    rows = screen_text(app).split("\n")
    cuts = []
    for widget in app.screen.walk_children(with_self=False):
        if not (widget.display and widget.visible) or widget.is_container:
            continue
        text = own_text(widget)
        region = seen_region(widget)
        if not text or not text.strip() or not region.area:
            continue
        name = f"{type(widget).__name__}{'#' + widget.id if widget.id else ''}"
        content = widget.content_region
        needed = widget.get_content_height(content.size, app.size, content.width)
        foot = rows[region.bottom - 1][region.x : region.right].rstrip()
        if needed > content.height and region.bottom == content.bottom and not foot.endswith("…"):
            cuts.append(f"{name} needs {needed} rows, has {content.height}: its last shows {foot!r}")
        if region.right != content.right:
            continue  # its right edge is out of sight (a container clips it): nothing is cut there
        for y in range(region.y, region.bottom):
            line = rows[y][region.x : region.right]
            if not line or line[-1] in " …":
                continue
            words = line.strip()
            after = [text[i + len(words) : i + len(words) + 1] for i in range(len(text)) if text.startswith(words, i)]
            then = rows[y + 1][region.x : region.right].strip() if y + 1 < region.bottom else ""
            if after and all(c and not c.isspace() and not (then and then.startswith(c)) for c in after):
                cuts.append(f"{name}: {line!r} is cut at its right edge (then {after[0]!r})")
    return cuts


# -- the tests -----------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("state", list(STATES))
@pytest.mark.parametrize("game", list(TABLES))
async def test_the_keys_and_lines_fit(game, state, language):
    def make() -> App[Any]:
        return STATES[state](game)

    english, english_cuts = await drawn(make, "en", lambda app: (footer_of(app), cut_lines(app)))
    footer, cuts = await drawn(make, language, lambda app: (footer_of(app), cut_lines(app)))
    problems = [f"in English too: {cut}" for cut in english_cuts]  # the lines the translations are measured by
    problems += footer_problems(english, footer, state in STRICT) + cuts
    assert not problems, f"{game}, {state}, in {language}:\n" + "\n".join(problems)


class Cut(PlainApp):
    CSS = """
    #cut { width: 10; height: 1; text-wrap: nowrap; text-overflow: clip; }
    #lost { width: 12; height: 1; }
    #whole { width: 12; height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def compose(self) -> ComposeResult:
        yield Static(Text("Bonjour tout le monde"), id="cut")
        yield Static(Text("Bonjour tout le monde"), id="lost")
        yield Static(Text("Bonjour tout le monde"), id="whole")


async def test_a_cut_line_is_found():
    """The check itself: a word cut at a widget's edge, and rows lost under it, are named; a
    line that ends in ``…`` is not."""
    cuts = await drawn(Cut, "en", cut_lines)
    assert cuts == [
        "Static#cut: 'Bonjour to' is cut at its right edge (then 'u')",
        "Static#lost needs 2 rows, has 1: its last shows 'Bonjour tout'",
    ]


def test_the_rule_keeps_the_way_out_and_the_usable_keys_first():
    """The footer's rule as the test states it, on the keys of ``test_edges``."""
    keys = [Key("a", "a Greyed one", False), Key("b", "b Greyed two", False), Key("v", "v Results", True),
            Key("n", "n Play again", True), Key("q", "q Leave", True)]  # fmt: skip
    assert kept_by_the_rule(keys, 80) == ["a", "b", "v", "n", "q"]
    assert kept_by_the_rule(keys, 50) == ["a", "v", "n", "q"]
    assert kept_by_the_rule(keys, 30) == ["v", "n", "q"]
    assert kept_by_the_rule(keys, 12) == ["q"]
