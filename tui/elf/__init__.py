"""The Elf table in the terminal: widgets driven by one seat's view.

Nothing here holds the game's state: every widget draws from the view dict the host sent
(``ElfState.view(seat)`` on the host's side) and from the table's names.  The play area needs
19 of the 24 rows of an 80×24 terminal, so the log under the table shows one line there; a
taller terminal gives the hand bar a second row, then every further row to the log; from 160×45
the play area is drawn at double size (:meth:`~yule.tui.elf.table.ElfTable.seat_scale`).
"""

from ..games import GameUI
from .rules import RULES
from .scores import breakdown_text, headline
from .table import ElfTable
from .words import compass, describe, describe_move


def log_height(width: int, height: int, scale: int) -> int:
    """Rows of the log (its border included): every row the play area (19, at scale 2 37), a hand
    bar of two rows, the status line and the keys leave, at least 2 (one line of log at 80×24).

    >>> log_height(80, 24, 1), log_height(80, 26, 1), log_height(100, 30, 1), log_height(200, 50, 2)
    (2, 3, 7, 9)
    """
    return max(2, height - (23 if scale == 1 else 41))


UI = GameUI(
    table=ElfTable,
    rules=RULES,
    sheet=breakdown_text,
    headline=headline,
    final_fields=("gingerbread_values",),
    log_height=log_height,
    describe=describe,
    describe_move=describe_move,
    reason_words={"heading": compass},
)

__all__ = ["RULES", "UI", "ElfTable"]
