"""The White Elephant table in the terminal: widgets driven by one seat's view.

Nothing here holds the game's state: every widget draws from the view dict the host sent
(``WhiteElephantState.view(seat)`` on the host's side) and from the table's names.
"""

from .rules import RULES
from .scores import ScoreBreakdown
from .table import WhiteElephantTable

__all__ = ["RULES", "ScoreBreakdown", "WhiteElephantTable"]
