"""The games the terminal app can seat you at, and the widgets each one brings.

Each game with a table in the terminal has a package ``tui/<game_module>/`` (the same module
name as its rules in ``core/``) whose ``__init__`` defines ``UI = GameUI(...)``; they are found
by themselves.  A game listed by :func:`yule.core.registry.all_games` but without such a package
has no table in the terminal yet: the menus show it, greyed out.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from textual.widget import Widget

if TYPE_CHECKING:
    from ..netplay.client.follower import TableFollower
    from .following import FollowScreen


@dataclass(frozen=True)
class GameUI:
    """What the app needs to show one game: its table, its rules and its score sheet."""

    table: Callable[[], Widget]
    """The game's table widget (its class)."""
    rules: Mapping[str, str]
    """The rules help as written for each language (``{"en": ..., "fr": ..., "de": ...}``)."""
    sheet: Callable[[dict[str, Any], list[str], int | None], RenderableType]
    """The score sheet of a finished game, given its final result, the names and your seat (or
    ``None``); shown in a :class:`~yule.tui.scores.ScoreSheet`."""
    headline: Callable[[dict[str, Any], list[str]], str]
    """How the game ended in one sentence (who won), above the sheet."""
    describe: Callable[[dict[str, Any], list[str]], str]
    """A log line for one of the game's events, given the names, in the app's language
    (:mod:`yule.tui.words`): every line of a table's log but the table's own
    (:mod:`yule.tui.logwords`)."""
    describe_move: Callable[[dict[str, Any], Any, list[str]], str] | None = None
    """A move in words (``open gift 2``), given the move, the seat's view and the names, for
    hints (:mod:`yule.tui.hints`); ``None``: the game has no hints."""
    final_fields: tuple[str, ...] = ()
    """Fields of the final view that ``sheet`` and ``headline`` get beside the result's (a title won)."""
    log_height: Callable[[int, int, int], int] | None = None
    """Rows of the log under a seat's table (its border included) for a terminal of (width,
    height) and the table's scale; ``None`` keeps the usual height.  A table that needs most of
    the screen makes the log small."""
    tv: Callable[[TableFollower[Any]], FollowScreen] | None = None
    """The game's own TV screen for ``yule watch``, given the table followed; ``None``: its
    table drawn for a spectator (:class:`yule.tui.tv.TableTV`)."""
    reason_words: Mapping[str, Callable[[Any], str]] = field(default_factory=dict)
    """The game's own specs in its refusals' templates (``{card:rabbit_card}``), each wording a
    value in the app's language (:mod:`yule.tui.refusals`)."""


class _GameUIs(Mapping[str, GameUI]):
    """Record game name → :class:`GameUI`: a game's package is imported when first asked for.

    Which games have a package is known without importing any (the app starts faster, and
    opening one game never loads the others').
    """

    def __init__(self) -> None:
        self._names: list[str] | None = None
        self._uis: dict[str, GameUI] = {}

    def _packages(self) -> list[str]:
        if self._names is None:
            package = importlib.import_module(__package__)
            core = importlib.import_module("..core", __package__)  # a game's package has its rules' name
            rules = {info.name for info in pkgutil.iter_modules(core.__path__) if info.ispkg}
            self._names = [
                info.name.replace("_", "-")
                for info in pkgutil.iter_modules(package.__path__)
                if info.ispkg and info.name in rules
            ]
        return self._names

    def __getitem__(self, name: str) -> GameUI:
        if name not in self._uis:
            if name not in self._packages():
                raise KeyError(name)
            ui = getattr(importlib.import_module(f"{__package__}.{name.replace('-', '_')}"), "UI", None)
            if not isinstance(ui, GameUI):
                raise KeyError(name)
            self._uis[name] = ui
        return self._uis[name]

    def __contains__(self, name: object) -> bool:
        return name in self._packages()

    def __iter__(self) -> Iterator[str]:
        return iter(self._packages())

    def __len__(self) -> int:
        return len(self._packages())


GAME_UIS: Mapping[str, GameUI] = _GameUIs()


def players_sentence(game: Any, players: int | None = None) -> str:
    """The game's own sentence on its number of players (``players``: the number asked for)."""
    if players is None:
        return f"{game.title} is for {game.min_players} to {game.max_players} players."
    return f"{game.title} is for {game.min_players} to {game.max_players} players, not {players}."
