"""What every game's end shares: the headline, the order of the seats, a seat's heading on the
score sheet, and the widgets that show them.

Each game's own ``scores`` module writes its sheet's text from the final ``result`` with these;
the game-over screen, the TV and the party's end screen show it in a :class:`ScoreSheet` under a
:class:`Headline`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text
from textual.widgets import Static

from ..core.base import ranks
from .text import seat_name, wrap_words
from .words import and_list, t, tn


class Headline(Static):
    """The line above a finished game's score sheet: how it ended, in words."""

    DEFAULT_CSS = """
    Headline { height: auto; padding: 0 1; text-style: bold; background: $accent 30%; }
    """


class ScoreSheet(Static):
    """A finished game's score sheet: the game's own text (or table, or :class:`SheetLines`),
    names shown literally."""

    DEFAULT_CSS = """
    ScoreSheet { height: auto; padding: 0 1; }
    """


SheetRow = tuple[list[Text], str]
"""A line of a score sheet as its parts, and the indent of its lines after the first."""


class SheetLines:
    """A score sheet's rows, drawn for the width they get: a row too long goes on under itself,
    indented, between two parts; a part (a gift, a place and its points, ``= 9``) is never cut.

    >>> from rich.console import Console
    >>> rows = [([Text("Junk"), Text("BH 2"), Text("SK 7"), Text(" = 9")], "     ")]
    >>> Console(width=14).print(SheetLines(rows))
    Junk BH 2 SK 7
          = 9
    """

    def __init__(self, rows: list[SheetRow]) -> None:
        self.rows = rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("\n").join(wrap_words(parts, options.max_width, indent, first="") for parts, indent in self.rows)


def win_headline(result: dict[str, Any], names: list[str], *, lowest: bool = False) -> str:
    """Who won with how many points, and the rule that made them winners.

    >>> result = {"scores": [9, 4, 9], "winners": [0, 2]}
    >>> win_headline(result, ["Ana", "Ben", "Cy"])
    'Ana and Cy share the win with 9 points. Highest score wins.'
    >>> win_headline({"scores": [1, 4], "winners": [0]}, ["Ana", "Ben"], lowest=True)
    'Ana wins with 1 point. Lowest score wins.'
    """
    winners = [seat_name(names, s) for s in result["winners"]]
    best = (min if lowest else max)(result["scores"])
    rule = t("Lowest score wins.") if lowest else t("Highest score wins.")
    if len(winners) == 1:
        won = tn("{who} wins with {n} point.", "{who} wins with {n} points.", best, who=winners[0])
    else:
        won = tn("{who} share the win with {n} point.", "{who} share the win with {n} points.", best,
                 who=and_list(winners))  # fmt: skip
    return f"{won} {rule}"


def standings(scores: Sequence[int], *, lowest: bool = False) -> list[tuple[int, int]]:
    """``(rank, seat)`` from the best score to the worst, seats in order within a tie, which
    shares its rank.

    >>> standings([5, 9, 5, 2])
    [(1, 1), (2, 0), (2, 2), (4, 3)]
    >>> standings([5, 9, 5, 2], lowest=True)
    [(1, 3), (2, 0), (2, 2), (4, 1)]
    """
    places = ranks(scores, lowest_wins=lowest)
    return sorted((place, seat) for seat, place in enumerate(places))


def seat_heading(rank: int, names: list[str], seat: int, *, you: bool, winner: bool, score: int) -> Text:
    """A seat's first line on the sheet: ``2. Ana (you)  * winner *   score 7``."""
    head = Text(f"{rank}. ", style="bold")
    head.append(seat_name(names, seat), style="bold")
    if you:
        head.append(" " + t("(you)"))
    if winner:
        head.append("  * " + t("winner") + " *", style="bold reverse")
    head.append("   " + t("score {score}", score=score), style="bold")
    return head
