"""The evening's standings: on screen (the lobby's ``e``; a TV between games), and exported.

The host's ``standings`` answer (docs/protocol.md, *The evening's standings*) is drawn by
:func:`standings_table` for a screen 80 columns wide or more, each person on one line: first
the evening (place, name, games, wins (a shared win counts a share), how often they came first,
second ...), then each game's own table (its games, wins and points).  :class:`StandingsView` is
a widget showing one answer; :class:`StandingsScreen` the lobby's screen, which asks the host
again every few seconds (``b`` shows or hides the bots).  ``yule evening`` prints them from the
host's data folder (:func:`print_standings`: on a terminal as on screen, into a pipe as plain
lines, :func:`standings_lines`), exports them as CSV or Markdown (:func:`standings_csv`,
:func:`standings_markdown`) and starts a new evening (:func:`run_evening`).  Names are shown
literally.

    >>> answer = {"evening": 1, "started": None, "bots": True, "total": 2, "rows": [
    ...     {"name": "Ana", "bot": None, "you": True, "games": 2, "wins": 1.5, "places": [1, 1],
    ...      "by_game": [{"game": "white-rabbit", "games": 2, "wins": 1.5, "points": 10}]},
    ...     {"name": "Normal Bot", "bot": "greedy", "you": False, "games": 2, "wins": 0.5, "places": [1, 1],
    ...      "by_game": [{"game": "white-rabbit", "games": 2, "wins": 0.5, "points": 8}]}]}
    >>> print(standings_csv(answer), end="")
    place,name,bot,games,wins,1st,2nd,White Rabbit games,White Rabbit wins,White Rabbit points
    1,Ana,,2,1.5,1,1,2,1.5,10
    2,Normal Bot,greedy,2,0.5,1,1,2,0.5,8
"""

from __future__ import annotations

import csv
import datetime
import io
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from ..core import get_game
from ..netplay.frames import GameStanding, Standing, Standings
from .refusals import said
from .text import literal, markdown_table, name_and_tag
from .widgets import KeysFooter, StatusLine
from .words import PSEUDO, bots_name, language, t, title, tn
from .words import number as local_decimal

REFRESH_SECONDS = 3.0
"""Seconds between two looks at the standings while they are shown (as the lobby's tables)."""

Ask = Callable[[bool], Awaitable[Standings]]
"""How a screen gets the standings: the client's ``standings(bots)``."""


def english_ordinal(n: int) -> str:
    """A place as English writes it: ``1st``, ``2nd``, ``11th``, ``23rd`` (the CSV's columns).

    >>> [english_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']
    """
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def ordinal(n: int) -> str:
    """A place in words people read, in the app's language: ``1st``, ``2nd``, ``11th``, ``23rd``
    (French ``1er``, ``2e``; German ``1.``, ``2.``).

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']
    """
    if n == 1:
        # Translators: the first place, as a column's head in the standings (French 1er, German 1.).
        return t("1st")
    if n % 100 in (11, 12, 13) or n % 10 not in (1, 2, 3):
        # Translators: a place (4th, 11th, 12th, 25th ...): the same form as for 2nd and 3rd in most languages.
        return t("{n}th", n=n)
    if n % 10 == 1:
        # Translators: a place ending in 1 but the first (21st, 31st ...).
        return t("{n}st", n=n)
    if n % 10 == 2:
        return t("{n}nd", n=n)
    return t("{n}rd", n=n)


def number(value: float) -> str:
    """A count of wins (shares of shared wins added up), as short as it goes (the CSV's).

    >>> number(2.0), number(1.5), number(1 / 3)
    ('2', '1.5', '0.33')
    """
    return f"{value:.2f}".rstrip("0").rstrip(".")


def wins_number(value: float) -> str:
    """A count of wins as :func:`number` has it, written as the app's language writes numbers
    (``1,5`` in French and German)."""
    plain = number(value)
    return local_decimal(float(plain)) if "." in plain else plain


def places_text(places: list[int]) -> str:
    """How often someone came first, second ...: ``places[0]`` firsts.

    >>> places_text([2, 0, 1]), places_text([])
    ('1st ×2, 3rd ×1', '')
    """
    return ", ".join(f"{ordinal(i + 1)} ×{n}" for i, n in enumerate(places) if n)


def game_title(name: str) -> str:
    """A game's title from its record name, in the app's language (the name itself for a game
    this Yule does not know)."""
    try:
        return title(get_game(name))
    except KeyError:
        return name


def english_title(name: str) -> str:
    """A game's English title from its record name (the CSV's columns)."""
    try:
        return get_game(name).title
    except KeyError:
        return name


def game_text(each: GameStanding) -> str:
    """One game's part of a row: games, wins and points (a game without scores has none).

    >>> game_text({"game": "white-rabbit", "games": 2, "wins": 1.5, "points": 10})
    'White Rabbit: 2 games, 1.5 wins, 10 points'
    >>> game_text({"game": "gift-exchange", "games": 1, "wins": 0.0, "points": None})
    'Gift Exchange: 1 game'
    """
    games = tn("{n} game", "{n} games", each["games"])
    if each["points"] is None:
        return t("{game}: {games}", game=game_title(each["game"]), games=games)
    wins, shown = each["wins"], wins_number(each["wins"])
    won = tn("{wins} win", "{wins} wins", int(wins) if float(wins).is_integer() else 2, wins=shown)
    points = tn("{n} point", "{n} points", each["points"])
    return t("{game}: {games}, {wins}, {points}", game=game_title(each["game"]), games=games, wins=won, points=points)


def standing_places(rows: list[Standing]) -> list[int]:
    """Each row's place in the standings: rows level on wins and places share one.

    >>> standing_places([{"wins": 2, "places": [2]}, {"wins": 1, "places": [1, 1]}, {"wins": 1, "places": [1, 1]}])
    [1, 2, 2]
    """
    out: list[int] = []
    for i, row in enumerate(rows):
        level = i and rows[i - 1]["wins"] == row["wins"] and rows[i - 1]["places"] == row["places"]
        out.append(out[-1] if level else i + 1)
    return out


def standings_title(started: str) -> str:
    """The standings' title: since when, if known (``started``: :func:`since`'s)."""
    if started:
        return t("The evening's standings, since {when}", when=started)
    return t("The evening's standings")


def since(answer: Standings | None) -> str:
    """When the evening started, in local time (empty before it has, or before it is known)."""
    started = None if answer is None else answer["started"]
    if started is None:
        return ""
    when = time.localtime(started)
    if language() in ("en", PSEUDO):
        return time.strftime("%a %d %b %H:%M", when)
    from babel.dates import format_skeleton

    day = format_skeleton("MMMEd", datetime.date(*when[:3]), locale=language())  # Fr., 6. Dez.
    return f"{day} {time.strftime('%H:%M', when)}"


def empty_text(answer: Standings) -> str:
    """What the standings say while they have no row."""
    if answer.get("evening") is None:
        return t("No game has ended at this host yet: the evening's standings start with the first one.")
    none = t("No game that you may see has ended this evening yet.")
    return none if answer.get("bots", True) else none + " " + t("The bots are hidden.")


NAME_WIDTH = 24
"""The cells a name takes in the standings on screen, with its ``(you)``: a name the host takes
(at most 24 letters) is cut only to make room for that mark, or for letters twice as wide."""


def _placings(rows: list[Standing]) -> int:
    """How many places the standings' columns count: the lowest place anyone came."""
    return max((len(row["places"]) for row in rows), default=0)


def row_name(row: Standing) -> str:
    """A row's name: a person's as the host has it, a bot kind's worded from its level (the host
    names it in English: ``Normal Bot``)."""
    kind = row.get("bot")
    return bots_name(kind) if kind else row["name"]


def _name(row: Standing) -> Text:
    """A row's name on screen: literal, in bold for your row with ``(you)``, in italics for a bot kind."""
    style = "bold" if row.get("you") else "italic" if row.get("bot") else ""
    return name_and_tag(row_name(row), t("you") if row.get("you") else "", NAME_WIDTH, style=style, tag_style="")


def standings_table(answer: Standings) -> RenderableType:
    """The standings as Rich tables of literal text, each person on one line, or a sentence while
    there is no row: first the evening (place, player, games, wins, and how often each came
    first, second ...), then each game's own (its games, wins and points), for a screen 80
    columns wide or more."""
    rows = answer.get("rows", [])
    if not rows:
        return Text(empty_text(answer), style="italic")
    most = _placings(rows)
    table = _table(1, "#", t("Player"), t("Games"), t("Wins"), *map(ordinal, range(1, most + 1)))
    for rank, row in zip(standing_places(rows), rows, strict=True):
        style = "bold" if row.get("you") else ""
        places = [
            Text(str(n), style="dim" if not n else style) for n in row["places"] + [0] * (most - len(row["places"]))
        ]
        table.add_row(Text(str(rank), style=style), _name(row), Text(str(row["games"]), style=style),
                      Text(wins_number(row["wins"]), style=style), *places)  # fmt: skip
    if answer.get("total", len(rows)) > len(rows):
        table.caption = t("The best {shown} of {total}.", shown=len(rows), total=answer["total"])
    parts: list[RenderableType] = [table]
    for game in _games(rows):
        parts += [Text(), game_table(game, rows)]
    return Group(*parts)


def game_table(game: str, rows: list[Standing]) -> Table:
    """One game's part of the standings: who played it, in the evening's order, with their games,
    wins and points there (no points for a game without scores; no wins for one nobody wins)."""
    played = [(row, each) for row in rows for each in row["by_game"] if each["game"] == game]
    scored = any(each["points"] is not None for _, each in played)
    won = scored or any(each["wins"] for _, each in played)
    table = _table(0, t("Player"), t("Games"), *([t("Wins")] if won else []), *([t("Points")] if scored else []))
    table.title = game_title(game)
    for row, each in played:
        cells = [str(each["games"])] + [wins_number(each["wins"])] * won
        cells += ["" if each["points"] is None else str(each["points"])] * scored
        table.add_row(_name(row), *cells)
    return table


def _table(names: int, *headers: str) -> Table:
    """A table of these columns, the one at ``names`` the names, the others a row's place or
    numbers: one space between them, each cell on one line (a name is cut to :data:`NAME_WIDTH`
    before)."""
    table = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, show_edge=False, expand=False,
                  title_justify="left", title_style="bold", caption_justify="left")  # fmt: skip
    for i, header in enumerate(headers):
        name = i == names
        table.add_column(header, justify="left" if name else "right", no_wrap=True,
                         min_width=NAME_WIDTH if name else None)  # fmt: skip
    return table


def standings_lines(answer: Standings) -> list[str]:
    """The standings as plain lines, for a pipe or a file (``yule evening`` not on a terminal): a
    header, then one line a row, nothing cut, wrapped or styled; the columns line up (``By game``,
    the last, says each game's games, wins and points)."""
    rows = answer.get("rows", [])
    if not rows:
        return [empty_text(answer)]
    most = _placings(rows)
    header = ["#", t("Player"), t("Games"), t("Wins"), *map(ordinal, range(1, most + 1)), t("By game")]
    lines = [header]
    for rank, row in zip(standing_places(rows), rows, strict=True):
        lines.append([str(rank), literal(row_name(row)), str(row["games"]), wins_number(row["wins"]),
                      *map(str, row["places"] + [0] * (most - len(row["places"]))),
                      "; ".join(game_text(each) for each in row["by_game"])])  # fmt: skip
    widths = [max(cell_len(line[i]) for line in lines) for i in range(len(header))]

    def aligned(line: list[str]) -> str:
        cells = [cell + " " * (width - cell_len(cell)) if i in (1, len(line) - 1) else
                 " " * (width - cell_len(cell)) + cell for i, (cell, width) in enumerate(zip(line, widths, strict=True))]  # fmt: skip
        return "  ".join(cells).rstrip()

    out = [aligned(line) for line in lines]
    if answer.get("total", len(rows)) > len(rows):
        out.append(t("The best {shown} of {total}.", shown=len(rows), total=answer["total"]))
    return out


class StandingsView(Static):
    """One ``standings`` answer drawn (:func:`standings_table`); ``problem``: why there is none.
    Either changes the view's height (the rows come in place of a line): a layout follows."""

    answer: reactive[Standings | None] = reactive(None, layout=True)
    problem: reactive[str] = reactive("", layout=True)

    def render(self) -> RenderableType:
        if self.problem:
            return Text(self.problem, style="italic")
        if self.answer is None:
            return Text(t("Asking the host…"), style="italic")
        return standings_table(self.answer)


class StandingsScreen(Screen[None]):
    """The evening's standings at this host, asked again every :data:`REFRESH_SECONDS`; ``b``
    shows or hides the bots, Esc (or ``q``, ``e``) goes back."""

    DEFAULT_CSS = """
    StandingsScreen VerticalScroll { border: round $primary; padding: 0 1; }
    """
    BINDINGS = [
        Binding("b", "bots", "Bots"),
        Binding("escape,q,e", "close", "Back", key_display="esc"),
    ]

    bots: reactive[bool] = reactive(True, init=False)
    """True while the bots' rows are shown."""

    def __init__(self, ask: Ask) -> None:
        super().__init__()
        self.ask = ask

    def compose(self) -> ComposeResult:
        yield StatusLine()
        with VerticalScroll() as box:
            box.border_title = t("The evening's standings")
            yield StandingsView()
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()
        self._titles()
        self.look()
        self.set_interval(REFRESH_SECONDS, self.look)

    def _titles(self, answer: Standings | None = None) -> None:
        box = self.query_one(VerticalScroll)
        started = since(answer)
        box.border_title = standings_title(started)
        box.border_subtitle = self.hint()

    def hint(self) -> str:
        """The box's subtitle: what ``b`` does."""
        return t("b hides the bots") if self.bots else t("bots hidden: b shows them")

    @work(exclusive=True, group="standings")
    async def look(self) -> None:
        """Ask the host for the standings (a worker: the network is no screen's business)."""
        from ..netplay.client import ConnectionLost, HostError

        view = self.query_one(StandingsView)
        try:
            answer = await self.ask(self.bots)
        except HostError as e:
            view.problem = said(e)
            return
        except ConnectionLost:
            view.problem = t("Not connected to the host right now: the standings come back with it.")
            return
        view.problem = ""
        view.answer = answer
        self._titles(answer)

    def watch_bots(self) -> None:
        self._titles()
        self.look()

    def action_bots(self) -> None:
        self.bots = not self.bots

    def action_close(self) -> None:
        self.dismiss(None)


# -- exported ----------------------------------------------------------------------------------


def _games(rows: list[Standing]) -> list[str]:
    """Every game of the rows, in the order first met."""
    return list(dict.fromkeys(each["game"] for row in rows for each in row["by_game"]))


def standings_csv(answer: Standings) -> str:
    """The standings as CSV: a row a person (or bot kind) with their place, name, bot kind,
    games and wins, a column for each place (how many times), and three for each game."""
    rows = answer.get("rows", [])
    most = max((len(row["places"]) for row in rows), default=0)
    games = _games(rows)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["place", "name", "bot", "games", "wins", *map(english_ordinal, range(1, most + 1)),
                     *(f"{english_title(g)} {what}" for g in games for what in ("games", "wins", "points"))])  # fmt: skip
    for rank, row in zip(standing_places(rows), rows, strict=True):
        by_game = {each["game"]: each for each in row["by_game"]}
        cells: list[Any] = [rank, row["name"], row.get("bot") or "", row["games"], number(row["wins"])]
        cells += row["places"] + [0] * (most - len(row["places"]))
        for game in games:
            each = by_game.get(game)
            points = "" if each is None or each["points"] is None else each["points"]
            cells += ["", "", ""] if each is None else [each["games"], number(each["wins"]), points]
        writer.writerow(cells)
    return out.getvalue()


def standings_markdown(answer: Standings) -> str:
    """The standings as a Markdown document: a heading, when the evening started, and a table."""
    rows = answer.get("rows", [])
    started = since(answer)
    lines = ["# " + t("The evening's standings"), ""]
    if started:
        lines += [t("Evening {evening}, since {when}.", evening=answer["evening"], when=started), ""]
    if not rows:
        return "\n".join([*lines, empty_text(answer), ""])
    table = markdown_table(
        [t("Place"), t("Player"), t("Games"), t("Wins"), t("Places"), t("By game")],
        [[str(rank), t("{name} (bot)", name=row_name(row)) if row.get("bot") else row["name"], str(row["games"]),
          wins_number(row["wins"]),
          places_text(row["places"]), "; ".join(game_text(each) for each in row["by_game"])]
         for rank, row in zip(standing_places(rows), rows, strict=True)],
    )  # fmt: skip
    return "\n".join([*lines, table, ""])


EXPORTS = {".csv": standings_csv, ".md": standings_markdown, ".markdown": standings_markdown}
"""What ``yule evening --export FILE`` writes, by the file's suffix."""


def print_standings(answer: Standings) -> None:
    """``yule evening``'s standings on standard output: on a terminal, under a title, as on
    screen (:func:`standings_table`, as wide as the terminal); into a pipe or a file, the plain
    lines of :func:`standings_lines`, a header and one line a row."""
    if not sys.stdout.isatty():
        print("\n".join(standings_lines(answer)))
        return
    from rich.console import Console

    started = since(answer)
    console = Console()
    console.print(Text(standings_title(started), "bold"))
    console.print(standings_table(answer))


def run_evening(data: Path, *, export: Path | None = None, new: bool = False, bots: bool = True) -> int:
    """``yule evening``: the evening's standings at the host of the data folder ``data``,
    printed, or written to ``export`` (CSV or Markdown, by its suffix); with ``new``, then a new
    evening starts (the last one stays in the database).  The host may be running meanwhile."""
    from ..netplay.host.evening import evening_standings
    from ..netplay.host.store import Store

    def fail(message: str, code: int = 1) -> int:
        print(f"yule evening: {message}", file=sys.stderr)
        return code

    if export is not None and export.suffix.lower() not in EXPORTS:
        return fail(t("--export writes a .csv or a .md file, not {file}", file=export.name), 2)
    if not (data / "yule.db").is_file():
        return fail(t("no Yule host has kept games in {folder} (give the host's --data folder)", folder=data))
    store = Store(data)
    try:
        answer = evening_standings(store, bots=bots, most=None)
        if export is not None:
            try:
                export.write_text(EXPORTS[export.suffix.lower()](answer), encoding="utf-8")
            except OSError as e:
                return fail(t("cannot write {file}: {reason}", file=export, reason=e.strerror or e))
            rows = len(answer["rows"])
            print(tn("The evening's standings ({n} row) written to {file}",
                     "The evening's standings ({n} rows) written to {file}", rows, file=export))  # fmt: skip
        elif not new:
            print_standings(answer)
        if new:
            evening = store.new_evening(time.time())
            print(t("Evening {evening} starts now: its standings start afresh (the last evening's stay in {folder}).",
                    evening=evening.id, folder=data))  # fmt: skip
    finally:
        store.close()
    return 0
