"""The games Yule knows, by their record name (``white-elephant``, ``gift-exchange`` ...)."""

from __future__ import annotations

from .base import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game to the registry (each game module calls this once)."""
    _GAMES[game.name] = game
    return game


def get_game(name: object) -> Game:
    """The game called ``name``; ``KeyError`` with a readable message when there is none."""
    _load()
    if not isinstance(name, str) or name not in _GAMES:
        known = ", ".join(sorted(_GAMES))
        raise KeyError(f"unknown game {name!r} (known: {known})")
    return _GAMES[name]


def all_games() -> list[Game]:
    """Every registered game, in the order they were added."""
    _load()
    return list(_GAMES.values())


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
