"""The White Elephant table in the terminal: widgets driven by one seat's view.

Nothing here holds the game's state: every widget draws from the view dict the host sent
(``WhiteElephantState.view(seat)`` on the host's side) and from the table's names.
"""

from ..games import GameUI
from .rules import RULES
from .scores import breakdown_text, headline
from .table import WhiteElephantTable
from .words import describe, describe_move

UI = GameUI(
    table=WhiteElephantTable,
    rules=RULES,
    sheet=breakdown_text,
    headline=headline,
    describe=describe,
    describe_move=describe_move,
    log_height=lambda width, height, scale: max(4, height - 20),  # 8 seats fit at 80×24; 100×30: a longer log
)

__all__ = ["RULES", "UI", "WhiteElephantTable"]
