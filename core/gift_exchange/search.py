"""Gift Exchange for search: a full position consistent with one seat's view.

The only hidden facts are the labels of the wrapped gifts others brought.  They change
nothing in the rules (nobody scores), so :class:`Sampler` gives them a stand-in label; its
samples differ in nothing.
"""

from __future__ import annotations

import random

from ..base import Determinizer, seat_of
from .state import FINAL, NOBODY, PLAYING, GiftExchangeState
from .views import GiftExchangeView

UNSEEN = "(wrapped)"
"""The label a sample gives a wrapped gift whose label the seat has not seen."""


class Sampler(Determinizer):
    """The position a seat sees, with stand-in labels (any seat's view)."""

    def __init__(self, view: GiftExchangeView) -> None:
        self.seat = seat_of(view)
        n = view["players"]
        base = GiftExchangeState(n, view["options"])
        base.phase = view["phase"]
        gifts = view["gifts"]
        for g, gift in enumerate(gifts):
            base.wrappings[g] = gift["wrapping"] or ""
            base.opened[g] = gift["opened"]
            base.holder[g] = gift["holder"] if gift["holder"] is not None else NOBODY
            base.steals[g] = gift["steals"]
            base.labels[g] = gift.get("label", "" if gift["blank"] else UNSEEN)
        base.to_bring = sum(1 << g for g, gift in enumerate(gifts) if not gift["brought"])
        base.blank = sum(1 << g for g, gift in enumerate(gifts) if gift["blank"])
        base.wrapped = sum(1 << g for g, gift in enumerate(gifts) if not gift["opened"])
        base.takeable = sum(1 << g for g, gift in enumerate(gifts) if gift["opened"] and not gift["frozen"])
        base.held = [g if g is not None else NOBODY for g in view["holdings"]]
        base.order = list(view["order"] or [])
        if base.phase in (PLAYING, FINAL):
            base.current = view["active"][0]
            turn = view["turn"]  # None in the final swap
            base.turn = turn if turn is not None else n
        base.chain = [(link["by"], link["gift"], link["from"]) for link in view["chain"]]
        if base.no_steal_back:
            for _, lost, victim in base.chain:  # what the turn's steals barred, in their order
                base.bar_steal_back(victim, lost)
        self.base = base

    def sample(self, rng: random.Random | None) -> GiftExchangeState:
        return self.base.clone()
