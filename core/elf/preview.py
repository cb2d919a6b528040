"""What the screen shows before a card is laid: its legal placements, from a view alone.

:func:`preview` lists, for one card, every legal placement from Buddy's arrow (and, while the
Ice Floe jump is on offer to the seat viewing, from the other floe), each with the cells the
card would cover, Buddy's new arrow, the tokens it would trigger in path order and the touch
zones of those tokens (what to highlight).  Cycling through the list is the "cycle
placements" key.

    >>> from .state import ElfState
    >>> from .moves import Shuffle, Goals, Gingerbread
    >>> from .cards import CARD_IDS
    >>> state = ElfState(2)
    >>> _ = state.apply(Shuffle(CARD_IDS))            # seat 0 holds s2-1 s2-2 s2-3
    >>> _ = state.apply(Goals(("goal-1", "goal-2")))
    >>> _ = state.apply(Gingerbread((1, 2, 2, 3)))
    >>> [(p["move"], p["cells"], p["arrow"]) for p in preview(state.view(0), "s2-1")]
    [({'type': 'play', 'card': 's2-1', 'heading': 'S'}, [[12, 1], [12, 2]], {'cell': [12, 2], 'heading': 'S'})]
"""

from __future__ import annotations

from typing import Any, TypedDict

from ..base import MoveDict
from .board import FLOE_BITS, HEADING_INDEX, HEADINGS, TOKEN_INDEX, TOKENS, XY, ZONE, cell, touched
from .cards import CARD_TYPE, JUMPS, Placement, placements
from .views import Arrow, ElfView


class Trigger(TypedDict):
    """A token a placement would trigger, and the cell of the card that touches it."""

    token: str
    cell: list[int]


class PlacementPreview(TypedDict):
    """One legal placement of a card, as the screen previews it."""

    move: MoveDict
    """The wire move that lays it."""
    cells: list[list[int]]
    """The cells the card would cover, in path order."""
    arrow: Arrow
    """Buddy's arrow once it is laid."""
    triggers: list[Trigger]
    """The tokens it would trigger, in the order they would resolve."""
    touch: list[list[int]]
    """The touch-zone cells of those tokens (what to highlight)."""


def live_mask(view: ElfView) -> int:
    """The tokens still on the board and working, as a bit per token (see :func:`.board.touched`)."""
    tokens = view["tokens"]
    return sum(1 << i for i, t in enumerate(TOKENS) if tokens[t.id]["live"])


def describe_placement(p: Placement, live: int, card: str, floe: bool) -> PlacementPreview:
    """One placement as a plain dict (see :func:`preview`)."""
    triggers: list[Trigger] = []
    touch: list[list[int]] = []
    for t, c in touched(p.cells, live):
        triggers.append({"token": TOKENS[t].id, "cell": list(XY[c])})
        touch.extend([x, y] for x, y in ZONE[t])
    move: dict[str, Any] = {"type": "play", "card": card, "heading": HEADINGS[p.heading]}
    if floe:
        move["floe"] = list(XY[p.origin])
    return {
        "move": move,
        "cells": [list(XY[c]) for c in p.cells],
        "arrow": {"cell": list(XY[p.arrow_cell]), "heading": HEADINGS[p.arrow_heading]},
        "triggers": triggers,
        "touch": touch,
    }


def preview(view: ElfView, card: str, *, jumps: bool | None = None) -> list[PlacementPreview]:
    """The legal placements of ``card`` given a view, normal ones first, then jumps.

    ``jumps`` defaults to "the viewing seat is the one to move"; the jump is only ever on offer
    to that seat.
    """
    type_ = CARD_TYPE.get(card)
    if type_ is None:
        return []
    live = live_mask(view)
    arrow = view["arrow"]
    a_cell = cell(*arrow["cell"])
    out = [describe_placement(p, live, card, False) for p in placements(a_cell, HEADING_INDEX[arrow["heading"]], type_)]
    if jumps is None:
        jumps = view.get("you") is not None and view.get("turn") == view.get("you")
    offer = view["jump"]["offer"]
    if jumps and offer is not None:
        # The jump spends both floes before the card resolves: it triggers neither.
        out.extend(describe_placement(p, live & ~FLOE_BITS, card, True) for p in JUMPS[(TOKEN_INDEX[offer], type_)])
    return out
