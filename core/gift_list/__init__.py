"""Gift List, the other White Elephant card game, for 3 to 7 players.

Each seat has a secret Gift List of three people and an attic of gift cards.  At each party
every seat brings an attic card face down at the same time, then the gifts are opened or
stolen; over all the parties each seat tries to receive high cards in its people's colours.
See :mod:`.state` for the rules engine, :mod:`.cards` for the cards, :mod:`.bots` for the
computer players.
"""

from __future__ import annotations

from ..base import Game
from ..bots import RandomBot
from ..levels import bot_levels
from ..registry import register
from .bots import GreedyBot, alternatives, view_moves
from .moves import Bring, Deal, Open, Steal
from .reasons import REASONS
from .search import Sampler, playout_move
from .state import GiftListState, best_cards, score

NAME = "gift-list"


GAME = register(
    Game(
        name=NAME,
        title="Gift List",
        min_players=3,
        max_players=7,
        new_state=GiftListState,
        bots=bot_levels(GreedyBot, alternatives),
        view_moves=view_moves,
        determinizer=Sampler,
        playout=playout_move,
        summary="Bring junk from your attic, open or steal, fill your secret Gift List (3-7).",
        reasons=REASONS,
    )
)

__all__ = [
    "GAME",
    "Bring",
    "Deal",
    "GiftListState",
    "GreedyBot",
    "Open",
    "RandomBot",
    "Steal",
    "best_cards",
    "score",
]
