"""Gift Exchange: the real party's open-or-steal game, for 2 to 40 guests.

Everyone brings a wrapped gift; in the drawn order each guest opens a wrapped gift or steals
an open one, and whoever loses a gift moves next.  Nobody wins: everyone goes home with a gift.
See :mod:`.state` for the rules engine (and how the organiser mends the party: a latecomer, a
skipped guest, a label put right), :mod:`.options` for the house options, :mod:`.bots`
for the computer guests and :mod:`.text` for what a label or wrapping may be.
"""

from __future__ import annotations

from ..base import Game
from ..bots import RandomBot
from ..registry import register
from .bots import GreedyBot, view_moves
from .moves import ORGANISER_MOVES, Arrive, Bring, Keep, Open, Order, Place, Relabel, Skip, Steal
from .options import DEFAULT_OPTIONS, STEAL_BACK_SCOPES, check_options
from .reasons import REASONS
from .search import Sampler
from .state import GiftExchangeState, arrivals, undo_floor

NAME = "gift-exchange"


def report(state: GiftExchangeState, names: list[str]) -> list[str]:
    """Who goes home with what: the party's summary table as lines."""
    width = max(map(len, names), default=0)
    lines = []
    for row in state.table():
        if row["gift"] is None:
            lines.append(f"{names[row['seat']]:<{width}}  (no gift)")
            continue
        stolen = f", stolen {row['steals']}x" if row["steals"] else ""
        frozen = ", frozen" if row["frozen"] else ""
        label = row["label"] or "(unnamed)"
        lines.append(f"{names[row['seat']]:<{width}}  {label} (from {names[row['brought_by']]}{stolen}{frozen})")
    return lines


GAME = register(
    Game(
        name=NAME,
        title="Gift Exchange",
        min_players=2,
        max_players=40,
        new_state=GiftExchangeState,
        default_options=DEFAULT_OPTIONS,
        read_options=check_options,
        bots={"random": RandomBot, "greedy": GreedyBot},
        view_moves=view_moves,
        determinizer=Sampler,
        summary="The party game: open a wrapped gift or steal an open one; nobody wins (2-40).",
        report=report,
        undo_floor=undo_floor,
        option_choices={"steal_back_scope": STEAL_BACK_SCOPES},
        scored=False,
        organiser_mode=True,  # the organiser types every guest's gift in: nothing is hidden from them
        reasons=REASONS,
        organiser_moves=ORGANISER_MOVES,  # a latecomer, a skipped turn, a label put right (see .state)
        arrivals=arrivals,
    )
)

__all__ = [
    "GAME",
    "Arrive",
    "Bring",
    "GiftExchangeState",
    "GreedyBot",
    "Keep",
    "Open",
    "Order",
    "Place",
    "RandomBot",
    "Relabel",
    "Skip",
    "Steal",
    "undo_floor",
]
