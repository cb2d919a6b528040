"""The games Yule knows, by their record name (``white-elephant``, ``gift-exchange`` ...)."""

from __future__ import annotations

from typing import Any

from .base import Game, S

_GAMES: dict[str, Game[Any]] = {}


def register(game: Game[S]) -> Game[S]:
    """Add a game to the registry (each game module calls this once)."""
    _GAMES[game.name] = game
    return game


def get_game(name: object) -> Game[Any]:
    """The game called ``name``; ``KeyError`` with a readable message when there is none.

    Only that game's package is imported when its name is its package's (``white-elephant``
    is ``yule.core.white_elephant``): asking for one game does not load them all.
    """
    if isinstance(name, str) and name not in _GAMES and name.replace("-", "_").isidentifier():
        import contextlib
        import importlib

        with contextlib.suppress(ModuleNotFoundError):
            importlib.import_module(f"{__package__}.{name.replace('-', '_')}")
    if not isinstance(name, str) or name not in _GAMES:
        _load()
    if not isinstance(name, str) or name not in _GAMES:
        known = ", ".join(sorted(_GAMES))
        raise KeyError(f"unknown game {name!r} (known: {known})")
    return _GAMES[name]


MENU_ORDER = ("white-elephant", "gift-exchange", "white-rabbit", "gift-list", "elf")
"""How menus list the games: the flagship first; a game not named here comes after, by name."""


def all_games() -> list[Game[Any]]:
    """Every registered game, in :data:`MENU_ORDER` (whatever order they were imported in)."""
    _load()
    rank = {name: i for i, name in enumerate(MENU_ORDER)}
    return sorted(_GAMES.values(), key=lambda g: (rank.get(g.name, len(rank)), g.name))


_loaded = False


def _load() -> None:
    """Import every game package under ``core`` once; each registers itself on import."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    import importlib
    import pkgutil

    package = importlib.import_module(__package__)
    for info in pkgutil.iter_modules(package.__path__):
        if info.ispkg:
            importlib.import_module(f"{__package__}.{info.name}")
