"""The evening's standings: on screen (the lobby's ``e``; a TV between games), and exported.

The host's ``standings`` answer (docs/protocol.md, *The evening's standings*) is drawn by
:func:`standings_table`, one row a person, the best first: their place, name, games, wins (a
shared win counts a share), how often they came first, second ..., and each game's games, wins
and points.  :class:`StandingsView` is a widget showing one answer; :class:`StandingsScreen` the
lobby's screen, which asks the host again every few seconds (``b`` shows or hides the bots).
``yule evening`` prints them from the host's data folder, exports them as CSV or Markdown
(:func:`standings_csv`, :func:`standings_markdown`) and starts a new evening (:func:`run_evening`).
Names are shown literally.

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
import io
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from yule.core import get_game
from yule.netplay.frames import GameStanding, Standing, Standings

from .text import literal, markdown_table
from .widgets import KeysFooter, StatusLine

REFRESH_SECONDS = 3.0
"""Seconds between two looks at the standings while they are shown (as the lobby's tables)."""

Ask = Callable[[bool], Awaitable[Standings]]
"""How a screen gets the standings: the client's ``standings(bots)``."""


def ordinal(n: int) -> str:
    """A place in words people read: ``1st``, ``2nd``, ``11th``, ``23rd``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']
    """
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def number(value: float) -> str:
    """A count of wins (shares of shared wins added up), as short as it goes.

    >>> number(2.0), number(1.5), number(1 / 3)
    ('2', '1.5', '0.33')
    """
    return f"{value:.2f}".rstrip("0").rstrip(".")


def places_text(places: list[int]) -> str:
    """How often someone came first, second ...: ``places[0]`` firsts.

    >>> places_text([2, 0, 1]), places_text([])
    ('1st ×2, 3rd ×1', '')
    """
    return ", ".join(f"{ordinal(i + 1)} ×{n}" for i, n in enumerate(places) if n)


def game_title(name: str) -> str:
    """A game's title from its record name (the name itself for a game this Yule does not know)."""
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
    games = each["games"]
    text = f"{game_title(each['game'])}: {games} game{'' if games == 1 else 's'}"
    if each["points"] is None:
        return text
    wins = number(each["wins"])
    return f"{text}, {wins} win{'' if wins == '1' else 's'}, {each['points']} point{'' if each['points'] == 1 else 's'}"


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


def since(answer: Standings | None) -> str:
    """When the evening started, in local time (empty before it has, or before it is known)."""
    started = None if answer is None else answer["started"]
    return "" if started is None else time.strftime("%a %d %b %H:%M", time.localtime(started))


def empty_text(answer: Standings) -> str:
    """What the standings say while they have no row."""
    if answer.get("evening") is None:
        return "No game has ended at this host yet: the evening's standings start with the first one."
    hidden = "" if answer.get("bots", True) else " The bots are hidden."
    return f"No game that you may see has ended this evening yet.{hidden}"


def standings_table(answer: Standings) -> RenderableType:
    """The standings as a Rich table of literal text (your row in bold), or a sentence while
    there is no row."""
    rows = answer.get("rows", [])
    if not rows:
        return Text(empty_text(answer), style="italic")
    table = Table("", "Player", "Games", "Wins", "Places", "By game", expand=True, show_edge=False, pad_edge=False)
    table.columns[0].justify = "right"
    table.columns[2].justify = table.columns[3].justify = "right"
    table.columns[5].ratio = 1
    for rank, row in zip(standing_places(rows), rows, strict=True):
        style = "bold" if row.get("you") else ""
        name = Text(literal(row["name"], 24), style=style)
        if row.get("bot"):
            name.append(" (bot)", style="italic")
        if row.get("you"):
            name.append(" (you)")
        table.add_row(
            Text(str(rank), style=style), name, str(row["games"]), Text(number(row["wins"]), style=style),
            places_text(row["places"]), "\n".join(game_text(each) for each in row["by_game"]),
        )  # fmt: skip
    if answer.get("total", len(rows)) > len(rows):
        table.caption = f"The best {len(rows)} of {answer['total']}."
    return table


class StandingsView(Static):
    """One ``standings`` answer drawn (:func:`standings_table`); ``problem``: why there is none."""

    answer: reactive[Standings | None] = reactive(None)
    problem: reactive[str] = reactive("")

    def render(self) -> RenderableType:
        if self.problem:
            return Text(self.problem, style="italic")
        if self.answer is None:
            return Text("Asking the host…", style="italic")
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
            box.border_title = "The evening's standings"
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
        box.border_title = "The evening's standings" + (f", since {started}" if started else "")
        box.border_subtitle = self.hint()

    def hint(self) -> str:
        """The box's subtitle: what ``b`` does."""
        return "b hides the bots" if self.bots else "bots hidden: b shows them"

    @work(exclusive=True, group="standings")
    async def look(self) -> None:
        """Ask the host for the standings (a worker: the network is no screen's business)."""
        from yule.netplay.client import ConnectionLost, HostError

        view = self.query_one(StandingsView)
        try:
            answer = await self.ask(self.bots)
        except HostError as e:
            view.problem = literal(e.message)
            return
        except ConnectionLost:
            view.problem = "Not connected to the host right now: the standings come back with it."
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
    writer.writerow(["place", "name", "bot", "games", "wins", *map(ordinal, range(1, most + 1)),
                     *(f"{game_title(g)} {what}" for g in games for what in ("games", "wins", "points"))])  # fmt: skip
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
    lines = ["# The evening's standings", ""]
    if started:
        lines += [f"Evening {answer['evening']}, since {started}.", ""]
    if not rows:
        return "\n".join([*lines, empty_text(answer), ""])
    table = markdown_table(
        ["Place", "Player", "Games", "Wins", "Places", "By game"],
        [[str(rank), row["name"] + (" (bot)" if row.get("bot") else ""), str(row["games"]), number(row["wins"]),
          places_text(row["places"]), "; ".join(game_text(each) for each in row["by_game"])]
         for rank, row in zip(standing_places(rows), rows, strict=True)],
    )  # fmt: skip
    return "\n".join([*lines, table, ""])


EXPORTS = {".csv": standings_csv, ".md": standings_markdown, ".markdown": standings_markdown}
"""What ``yule evening --export FILE`` writes, by the file's suffix."""


def run_evening(data: Path, *, export: Path | None = None, new: bool = False, bots: bool = True) -> int:
    """``yule evening``: the evening's standings at the host of the data folder ``data``,
    printed, or written to ``export`` (CSV or Markdown, by its suffix); with ``new``, then a new
    evening starts (the last one stays in the database).  The host may be running meanwhile."""
    from yule.netplay.evening import evening_standings
    from yule.netplay.store import Store

    def fail(message: str, code: int = 1) -> int:
        print(f"yule evening: {message}", file=sys.stderr)
        return code

    if export is not None and export.suffix.lower() not in EXPORTS:
        return fail(f"--export writes a .csv or a .md file, not {export.name}", 2)
    if not (data / "yule.db").is_file():
        return fail(f"no Yule host has kept games in {data} (give the host's --data folder)")
    store = Store(data)
    try:
        answer = evening_standings(store, bots=bots, most=None)
        if export is not None:
            try:
                export.write_text(EXPORTS[export.suffix.lower()](answer), encoding="utf-8")
            except OSError as e:
                return fail(f"cannot write {export}: {e.strerror or e}")
            print(f"The evening's standings ({len(answer['rows'])} rows) written to {export}")
        elif not new:
            from rich.console import Console

            started = since(answer)
            console = Console()
            console.print(Text("The evening's standings" + (f", since {started}" if started else ""), "bold"))
            console.print(standings_table(answer))
        if new:
            evening = store.new_evening(time.time())
            print(f"Evening {evening.id} starts now: its standings start afresh (the last evening's stay in {data}).")
    finally:
        store.close()
    return 0
