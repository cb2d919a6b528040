"""The Gift List table in the terminal: widgets driven by one seat's view.

Nothing here holds the game's state: every widget draws from the view dict the host sent
(``GiftListState.view(seat)`` on the host's side) and from the table's names.  Its words, the
log's included, are the app's language's (:mod:`.words`).
"""

from ..games import GameUI
from .rules import RULES
from .scores import headline, sheet_text
from .table import GiftListTable
from .words import describe, describe_move

UI = GameUI(
    table=GiftListTable,
    rules=RULES,
    sheet=sheet_text,
    headline=headline,
    describe=describe,
    describe_move=describe_move,
    final_fields=("lists", "breakdown"),
)

__all__ = ["RULES", "UI", "GiftListTable"]
