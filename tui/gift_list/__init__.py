"""The Gift List table in the terminal: widgets driven by one seat's view.

Nothing here holds the game's state: every widget draws from the view dict the host sent
(``GiftListState.view(seat)`` on the host's side) and from the table's names.
"""

from ..games import GameUI
from .rules import RULES
from .scores import headline, sheet_text
from .table import GiftListTable

UI = GameUI(
    table=GiftListTable,
    rules={"en": RULES},
    sheet=sheet_text,
    headline=headline,
    final_fields=("lists", "breakdown"),
)

__all__ = ["RULES", "UI", "GiftListTable"]
