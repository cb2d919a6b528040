"""White Elephant bots.  Each decides from its seat's view alone and answers in wire form.

* :class:`GreedyBot` prefers low cards, builds collections, peeks when it has Peanuts to
  spare and clears out when the Exchange is cheap.
"""

from __future__ import annotations

import random

from ..base import Bot, MoveDict, seat_of
from .cards import CARD_NUMBER, CARD_SUIT
from .state import take_picks
from .views import WhiteElephantView

SURPRISE_GUESS = 4
"""What a Surprise Gift nobody has peeked at is expected to cost (about the mean number)."""


def shelf_counts(shelf: list[str]) -> dict[str, int]:
    """How many cards of each suit a Shelf holds."""
    counts: dict[str, int] = {}
    for card in shelf:
        suit = CARD_SUIT[card]
        counts[suit] = counts.get(suit, 0) + 1
    return counts


def gift_cost(card: str | None, peanuts: int, counts: dict[str, int]) -> float:
    """Points a gift is likely to add to the seat's score: ``card`` is ``None`` for a Surprise
    Gift the seat has not seen; the ``peanuts`` on it subtract; ``counts`` are the suits of the
    seat's Shelf (a suit it holds two of is most likely a Collection)."""
    if card is None:
        return SURPRISE_GUESS - peanuts
    number = CARD_NUMBER[card]
    if counts.get(CARD_SUIT[card], 0) >= 2:
        number = min(number, 1)  # most likely a Collection card
    return number - peanuts


def view_costs(view: WhiteElephantView) -> dict[str, float]:
    """Each gift the view shows in play (by its reference: a card, or a Surprise Gift's handle)
    with its :func:`gift_cost` to the seat."""
    counts = shelf_counts(view["shelf"])
    known, on_gifts = view["known"], view["on_gifts"]
    refs = [*view["exchange"], *(r for cards in view["front"] for r in cards)]
    return {ref: gift_cost(known.get(ref) if ref in on_gifts else ref, on_gifts.get(ref, 0), counts) for ref in refs}


def greedy_move(
    *,
    seat: int,
    allowed: set[str],
    peanuts: int,
    peekable: list[str],
    exchange: list[str],
    front: list[list[str]],
    cost: dict[str, float],
    pot: int,
    rng: random.Random,
) -> MoveDict:
    """The greedy bot's move, from the facts it weighs: the kinds of move allowed, the seat's
    Peanuts, the unseen Surprise Gifts in the Exchange it could peek at, the gifts in the
    Exchange and in front of each seat (by reference) with their costs, and the marker's Peanuts."""
    if "peek" in allowed and peanuts >= 3 and peekable:
        return {"type": "peek", "card": rng.choice(peekable)}
    if "end" in allowed:
        return {"type": "end"}
    costs = sorted((cost[r], r) for r in exchange)
    options: list[tuple[float, MoveDict]] = []
    if "take" in allowed:
        chosen = [r for c, r in costs if c <= 1] or []
        for _, r in costs:
            if len(chosen) >= 2:
                break
            if r not in chosen:
                chosen.append(r)
        total = sum(c for c, r in costs if r in chosen)
        options.append((total, {"type": "take", "cards": chosen}))
    # Clearing also brings the marker's Peanuts and next round's first turn.
    options.append((sum(c for c, _ in costs) - pot - 1, {"type": "clear"}))
    if "trade" in allowed:
        for target, cards in enumerate(front):
            if target != seat and cards:
                options.append((sum(cost[r] for r in cards) + 1, {"type": "trade", "target": target}))
    return min(options, key=lambda o: o[0])[1]


def view_moves(view: WhiteElephantView) -> list[MoveDict]:
    """The seat's moves read off its view (wire form): the peeks at every Surprise Gift in play it
    has not seen, the takes its legal moves list (:func:`.state.take_picks`), the trades, clear
    out, or the end of the turn."""
    actions = view.get("actions")
    if not actions:
        return []
    known, on_gifts, seat = view["known"], view["on_gifts"], view["you"]
    moves: list[MoveDict] = []
    if actions["peek"] is None:
        moves += [{"type": "peek", "card": ref} for ref in on_gifts if ref not in known]
    if actions["end"] is None:
        moves.append({"type": "end"})
    if actions["take"] is None:
        unseen = {ref: n for ref, n in on_gifts.items() if ref not in known}
        moves += [{"type": "take", "cards": list(pick)} for pick in take_picks(view["exchange"], unseen)]
    if actions["trade"] is None:
        moves += [{"type": "trade", "target": t} for t, cards in enumerate(view["front"]) if cards and t != seat]
    if actions["clear"] is None:
        moves.append({"type": "clear"})
    return moves


class GreedyBot(Bot[WhiteElephantView]):
    """Keeps its score low: cheap cards, growing collections, peanuts when they pay."""

    kind = "greedy"

    def choose(self, view: WhiteElephantView) -> MoveDict:
        known, exchange = view["known"], view["exchange"]
        return greedy_move(
            seat=seat_of(view),
            allowed={kind for kind, reason in view["actions"].items() if reason is None},
            peanuts=view["peanuts"][seat_of(view)],
            peekable=[h for h in view["on_gifts"] if h not in known and h in exchange],
            exchange=exchange,
            front=view["front"],
            cost=view_costs(view),
            pot=view["pot"],
            rng=self.rng,
        )
