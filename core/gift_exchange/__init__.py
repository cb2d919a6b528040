"""Gift Exchange: the real party's open-or-steal game, for 2 to 40 guests.

Everyone brings a wrapped gift; in the drawn order each guest opens a wrapped gift or steals
an open one, and whoever loses a gift moves next.  Nobody wins: everyone goes home with a gift.
See :mod:`.state` for the rules engine, :mod:`.options` for the house options, :mod:`.bots`
for the computer guests and :mod:`.text` for what a label or wrapping may be.
"""

from __future__ import annotations

from ..base import Event, Game, seat_namer
from ..bots import RandomBot
from ..registry import register
from .bots import GreedyBot, view_moves
from .moves import Bring, Keep, Open, Order, Steal
from .options import DEFAULT_OPTIONS, STEAL_BACK_SCOPES, check_options
from .reasons import REASONS
from .search import Sampler
from .state import GiftExchangeState, gift_name, ordinal, undo_floor

NAME = "gift-exchange"


def _gift(gift: int, label: str) -> str:
    return f"{label} ({gift_name(gift)})" if label else gift_name(gift)


def describe(event: Event, names: list[str]) -> str:
    """One public event in plain words; labels are quoted literally as typed.

    >>> names = ["Ana", "Ben", "Chloe"]
    >>> describe({"type": "open", "by": 0, "gift": 2, "label": "Waffle maker"}, names)
    'Ana opened gift #3: Waffle maker.'
    >>> describe({"type": "steal", "by": 1, "gift": 2, "label": "Waffle maker", "from": 0,
    ...           "steals": 2, "final": False}, names)
    'Ben stole Waffle maker (gift #3) from Ana (2nd steal). Ana moves next.'
    >>> describe({"type": "frozen", "gift": 2, "label": "Waffle maker"}, names)
    'Waffle maker (gift #3) is frozen.'
    """
    kind = event["type"]

    who = seat_namer(names)

    if kind == "bring":
        later = " It will be named when it is opened." if event["blank"] else ""
        wrapping = f" ({event['wrapping']})" if event["wrapping"] else ""
        return f"{who(event['by'])} brought {gift_name(event['gift'])}{wrapping}.{later}"
    if kind == "order":
        return "The order is drawn: " + ", ".join(who(s) for s in event["seats"]) + "."
    if kind == "turn":
        return f"Turn {event['turn'] + 1} of {event['turns']}: {who(event['seat'])} opens or steals."
    if kind == "open":
        return f"{who(event['by'])} opened {gift_name(event['gift'])}: {event['label']}."
    if kind == "steal":
        count = f"{ordinal(event['steals'])} steal"
        if event["final"]:
            return (
                f"{who(event['by'])} swapped {_gift(event['gave'], event['gave_label'])} for "
                f"{_gift(event['gift'], event['label'])}, which {who(event['from'])} held ({count})."
            )
        victim = who(event["from"])
        return f"{who(event['by'])} stole {_gift(event['gift'], event['label'])} from {victim} ({count}). {victim} moves next."
    if kind == "frozen":
        return f"{_gift(event['gift'], event['label'])} is frozen."
    if kind == "final_swap":
        if event["offered"]:
            return f"Every gift is open: {who(event['seat'])} may swap for a final time, or keep."
        return f"Every gift is open; {who(event['seat'])} has nothing to swap for."
    if kind == "keep":
        return f"{who(event['by'])} keeps {_gift(event['gift'], event['label'])}."
    if kind == "game_over":
        return "The gift exchange is over: everyone goes home with a gift."
    return kind


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
        describe=describe,
        view_moves=view_moves,
        determinizer=Sampler,
        summary="The party game: open a wrapped gift or steal an open one; nobody wins (2-40).",
        report=report,
        undo_floor=undo_floor,
        option_choices={"steal_back_scope": STEAL_BACK_SCOPES},
        scored=False,
        organiser_mode=True,  # the organiser types every guest's gift in: nothing is hidden from them
        reasons=REASONS,
    )
)

__all__ = [
    "GAME",
    "Bring",
    "GiftExchangeState",
    "GreedyBot",
    "Keep",
    "Open",
    "Order",
    "RandomBot",
    "Steal",
    "describe",
    "undo_floor",
]
