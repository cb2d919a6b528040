"""Yule's pure rules layer: games, moves, views, scoring, records and bots.

No I/O, no asyncio, no Textual.  Everything random is a chance move drawn from a seeded RNG.
"""

from .base import (
    CHANCE,
    BadOptions,
    Bot,
    Game,
    GameIsOver,
    GameState,
    IllegalMove,
    MalformedMove,
    NotYourTurn,
    Outcome,
)
from .registry import all_games, get_game

__all__ = [
    "CHANCE",
    "BadOptions",
    "Bot",
    "Game",
    "GameIsOver",
    "GameState",
    "IllegalMove",
    "MalformedMove",
    "NotYourTurn",
    "Outcome",
    "all_games",
    "get_game",
]
