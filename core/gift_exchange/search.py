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
        for g, gift in enumerate(view["gifts"]):
            base.brought[g] = gift["brought"]
            base.wrappings[g] = gift["wrapping"] or ""
            base.blank[g] = gift["blank"]
            base.opened[g] = gift["opened"]
            base.holder[g] = gift["holder"] if gift["holder"] is not None else NOBODY
            base.steals[g] = gift["steals"]
            base.labels[g] = gift.get("label", "" if gift["blank"] else UNSEEN)
        base.n_brought = sum(base.brought)
        base.wrapped = view["wrapped"]
        base.held = [g if g is not None else NOBODY for g in view["holdings"]]
        base.order = list(view["order"] or [])
        if base.phase in (PLAYING, FINAL):
            base.current = view["active"][0]
            turn = view["turn"]  # None in the final swap
            base.turn = turn if turn is not None else n
        base.chain = [(link["by"], link["gift"], link["from"]) for link in view["chain"]]
        base.taken = {(victim, gift) for _, gift, victim in base.chain}
        base.last_loss = {victim: gift for _, gift, victim in base.chain}
        self.base = base

    def sample(self, rng: random.Random | None) -> GiftExchangeState:
        return self.base.clone()
