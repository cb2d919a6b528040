"""White Elephant bots.  Each decides from its seat's view alone and answers in wire form.

* :class:`GreedyBot` prefers low cards, builds collections, peeks when it has Peanuts to
  spare and clears out when the Exchange is cheap.
"""

from __future__ import annotations

from ..base import Bot, MoveDict, View
from .cards import CARD_NUMBER, CARD_SUIT

SURPRISE_GUESS = 4
"""What a Surprise Gift nobody has peeked at is expected to cost (about the mean number)."""


def _peekable(view: View) -> list[str]:
    known = view["known"]
    return [h for h in view["on_gifts"] if h not in known]


def shelf_counts(view: View) -> dict[str, int]:
    """How many cards of each suit the seat's own Shelf holds."""
    counts: dict[str, int] = {}
    for card in view["shelf"]:
        suit = CARD_SUIT[card]
        counts[suit] = counts.get(suit, 0) + 1
    return counts


def gift_cost(view: View, ref: str, counts: dict[str, int]) -> float:
    """Points the gift ``ref`` is likely to add to the seat's score (Peanuts on it subtract),
    given its Shelf's suit ``counts``."""
    peanut = view["on_gifts"].get(ref, 0)
    card = view["known"].get(ref, ref)
    if card not in CARD_SUIT:
        return SURPRISE_GUESS - peanut
    number = CARD_NUMBER[card]
    if counts.get(CARD_SUIT[card], 0) >= 2:
        number = min(number, 1)  # most likely a Collection card
    return number - peanut


class GreedyBot(Bot[View]):
    """Keeps its score low: cheap cards, growing collections, peanuts when they pay."""

    kind = "greedy"

    def choose(self, view: View) -> MoveDict:
        hints = view["actions"]
        seat = view["you"]
        peekable = [h for h in _peekable(view) if h in view["exchange"]]
        if hints["peek"] is None and view["peanuts"][seat] >= 3 and peekable:
            return {"type": "peek", "card": self.rng.choice(peekable)}
        if hints["end"] is None:
            return {"type": "end"}
        counts = shelf_counts(view)
        costs = sorted((gift_cost(view, r, counts), r) for r in view["exchange"])
        options: list[tuple[float, MoveDict]] = []
        if hints["take"] is None:
            chosen = [r for c, r in costs if c <= 1] or []
            for _, r in costs:
                if len(chosen) >= 2:
                    break
                if r not in chosen:
                    chosen.append(r)
            total = sum(c for c, r in costs if r in chosen)
            options.append((total, {"type": "take", "cards": chosen}))
        # Clearing also brings the marker's Peanuts and next round's first turn.
        options.append((sum(c for c, _ in costs) - view["pot"] - 1, {"type": "clear"}))
        if hints["trade"] is None:
            for target, cards in enumerate(view["front"]):
                if target != seat and cards:
                    total = sum(gift_cost(view, r, counts) for r in cards) + 1
                    options.append((total, {"type": "trade", "target": target}))
        return min(options, key=lambda o: o[0])[1]
