"""The Elf table in the terminal: widgets driven by one seat's view.

Nothing here holds the game's state: every widget draws from the view dict the host sent
(``ElfState.view(seat)`` on the host's side) and from the table's names.  The play area needs
19 of the 24 rows of an 80×24 terminal, so the log under the table shows one line there and
grows with a taller terminal.
"""

from ..games import GameUI
from .rules import RULES
from .scores import breakdown_text, headline
from .table import ElfTable


def log_height(width: int, height: int) -> int:
    """Rows of the log (its border included): 2 at 80×24, then half of every extra row.

    >>> log_height(80, 24), log_height(100, 30), log_height(200, 60)
    (2, 5, 20)
    """
    return 2 + max(0, height - 24) // 2


UI = GameUI(
    table=lambda: ElfTable(id="game"),
    rules=RULES,
    sheet=breakdown_text,
    headline=headline,
    final_fields=("gingerbread_values",),
    log_height=log_height,
)

__all__ = ["RULES", "UI", "ElfTable"]
