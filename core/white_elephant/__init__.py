"""White Elephant, the Peanut card game for 3 to 8 players: the flagship game.

Collect gifts over several rounds; the lowest score wins.  See :mod:`.state` for the rules
engine, :mod:`.cards` for the deck, :mod:`.bots` for the computer players.
"""

from __future__ import annotations

from ..base import Game
from ..bots import RandomBot
from ..levels import bot_levels
from ..registry import register
from .bots import GreedyBot, view_moves
from .moves import Clear, End, Peek, Shuffle, Start, Take, Trade
from .reasons import REASONS
from .search import Sampler, playout_move, search_moves
from .state import WhiteElephantState, score

NAME = "white-elephant"


GAME = register(
    Game(
        name=NAME,
        title="White Elephant",
        min_players=3,
        max_players=8,
        new_state=WhiteElephantState,
        bots=bot_levels(GreedyBot),
        view_moves=view_moves,
        determinizer=Sampler,
        search_moves=search_moves,
        playout=playout_move,
        summary="The Peanut card game: collect gifts, avoid junk, lowest score wins (3-8).",
        reasons=REASONS,
    )
)

__all__ = [
    "GAME",
    "Clear",
    "End",
    "GreedyBot",
    "Peek",
    "RandomBot",
    "Shuffle",
    "Start",
    "Take",
    "Trade",
    "WhiteElephantState",
    "score",
]
