"""Gift Exchange in the terminal: the networked table, the organiser's table, the TV board.

Nothing here holds the game's state: every widget draws from a view the host sent
(``GiftExchangeState.view(seat)``, or the public view for the organiser and the TV) and the
table's names.  Organiser mode (``yule party``) is :mod:`yule.tui.gift_exchange.party`; the TV is
:class:`~yule.tui.gift_exchange.tv.GiftExchangeTV`.
"""

from ..games import GameUI
from .rules import RULES
from .summary import headline, summary_table
from .table import GiftExchangeTable, OrganiserTable
from .tv import GiftExchangeTV
from .words import describe

UI = GameUI(
    table=GiftExchangeTable,
    rules=RULES,
    sheet=summary_table,
    headline=headline,
    describe=describe,
    final_fields=("gifts",),
    tv=lambda follower: GiftExchangeTV(follower, closable=False),
)

__all__ = ["RULES", "UI", "GiftExchangeTV", "GiftExchangeTable", "OrganiserTable"]
