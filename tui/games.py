"""The games the terminal app can seat you at, and the widgets each one brings.

A game listed by :func:`core.registry.all_games` but missing here has no table in the
terminal yet: the menus show it, greyed out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.widget import Widget

from .white_elephant import RULES as WE_RULES
from .white_elephant import ScoreBreakdown, WhiteElephantTable
from .white_elephant.scores import headline as we_headline


@dataclass(frozen=True)
class GameUI:
    """What the app needs to show one game: its table, its rules and its score sheet."""

    table: Callable[[], Widget]
    rules: str
    scores: Callable[[dict[str, Any], list[str], int | None], Widget]
    headline: Callable[[dict[str, Any], list[str]], str]


GAME_UIS: dict[str, GameUI] = {
    "white-elephant": GameUI(
        table=lambda: WhiteElephantTable(id="game"),
        rules=WE_RULES,
        scores=lambda result, names, you: ScoreBreakdown(result, names, you),
        headline=we_headline,
    ),
}
