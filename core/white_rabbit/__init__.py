"""White Rabbit (Max Mümmelmann), the dice-and-board children's game for 2 to 4 players.

Roll, move the shared rabbit either way round the octagon, draw from the pile beside it and
collect a family of values 1-6; Max lets the drawer take a value from another player.  See
:mod:`.state` for the rules engine, :mod:`.cards` for the cards and board, :mod:`.bots` for
the computer players.
"""

from __future__ import annotations

from ..base import Game
from ..bots import RandomBot
from ..levels import bot_levels
from ..registry import register
from .bots import GreedyBot, alternatives, view_moves
from .moves import Deal, MaxPlace, MaxTake, Move, Roll
from .reasons import REASONS
from .search import Sampler, playout_move
from .state import WhiteRabbitState, score

NAME = "white-rabbit"


GAME = register(
    Game(
        name=NAME,
        title="White Rabbit",
        min_players=2,
        max_players=4,
        new_state=WhiteRabbitState,
        bots=bot_levels(GreedyBot, alternatives),
        view_moves=view_moves,
        determinizer=Sampler,
        playout=playout_move,
        usual=playout_move,
        summary="Max Mümmelmann: roll, move the rabbit, collect a family of 1-6 (2-4).",
        reasons=REASONS,
    )
)

__all__ = [
    "GAME",
    "Deal",
    "GreedyBot",
    "MaxPlace",
    "MaxTake",
    "Move",
    "RandomBot",
    "Roll",
    "WhiteRabbitState",
    "score",
]
