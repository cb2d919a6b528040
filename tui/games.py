"""The games the terminal app can seat you at, and the widgets each one brings.

Each game with a table in the terminal has a package ``tui/<game_module>/`` (the same module
name as its rules in ``core/``) whose ``__init__`` defines ``UI = GameUI(...)``; they are found
by themselves.  A game listed by :func:`core.registry.all_games` but without such a package
has no table in the terminal yet: the menus show it, greyed out.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from textual.widget import Widget


@dataclass(frozen=True)
class GameUI:
    """What the app needs to show one game: its table, its rules and its score sheet."""

    table: Callable[[], Widget]
    rules: str
    scores: Callable[[dict[str, Any], list[str], int | None], Widget]
    headline: Callable[[dict[str, Any], list[str]], str]
    final_fields: tuple[str, ...] = ()
    """Fields of the final view that ``scores`` and ``headline`` get beside the result's (a title won)."""
    log_height: Callable[[int, int], int] | None = None
    """Rows of the log under the table (its border included) for a terminal of (width, height);
    ``None`` keeps the usual height.  A table that needs most of the screen makes the log small."""


class _GameUIs(Mapping[str, GameUI]):
    """Record game name → :class:`GameUI`, loaded from the ``tui`` game packages on first use."""

    def __init__(self) -> None:
        self._uis: dict[str, GameUI] | None = None

    def _load(self) -> dict[str, GameUI]:
        if self._uis is None:
            package = importlib.import_module(__package__)
            uis = {}
            for info in pkgutil.iter_modules(package.__path__):
                if info.ispkg:
                    ui = getattr(importlib.import_module(f"{__package__}.{info.name}"), "UI", None)
                    if isinstance(ui, GameUI):
                        uis[info.name.replace("_", "-")] = ui
            self._uis = uis
        return self._uis

    def __getitem__(self, name: str) -> GameUI:
        return self._load()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())


GAME_UIS: Mapping[str, GameUI] = _GameUIs()
