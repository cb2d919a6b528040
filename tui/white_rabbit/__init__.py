"""The White Rabbit (Max Mümmelmann) table in the terminal: the board, the die, the families.

Nothing here holds the game's state: every widget draws from the view dict the host sent
(``WhiteRabbitState.view(seat)`` on the host's side), the table's names and the public events
of each view frame.
"""

from ..games import GameUI
from .rules import RULES
from .scores import FINAL_FIELDS, headline, sheet_text
from .table import WhiteRabbitTable
from .words import card_words, describe, describe_move

UI = GameUI(
    table=WhiteRabbitTable,
    rules=RULES,
    sheet=sheet_text,
    headline=headline,
    final_fields=FINAL_FIELDS,
    describe=describe,
    describe_move=describe_move,
    reason_words={"rabbit_card": card_words},
)

__all__ = ["RULES", "UI", "WhiteRabbitTable"]
