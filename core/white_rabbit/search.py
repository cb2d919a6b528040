"""White Rabbit for search: full positions consistent with one seat's view.

Everything is public but the face-down pile cards.  Some of those everyone saw: a drawn card
a seat already had is shown, then slid under its pile (the view's ``seen_under``).  The rest,
the cards dealt at the start and not drawn yet, are any rabbit cards nobody holds and nobody
saw slid: :class:`Sampler` deals those to the top of the piles at random.

:func:`playout_move` moves a seat in the search's playouts as the greedy bot would, reading the
position instead of the seat's view (the same facts, far faster).
"""

from __future__ import annotations

import random

from ..base import Determinizer, seat_of, shuffled
from .bots import greedy_move
from .cards import CARD_VALUE, MAX, RABBIT_CARDS
from .moves import AnyMove
from .state import MAX_TAKE, WhiteRabbitState
from .views import WhiteRabbitView


class Sampler(Determinizer):
    """The positions a seat cannot tell from the one it sees (any seat's view in play)."""

    def __init__(self, view: WhiteRabbitView) -> None:
        self.seat = seat_of(view)
        n = view["players"]
        base = WhiteRabbitState(n)
        base.phase = view["phase"]
        base.turn = view["turn"] if view["turn"] is not None else 0
        base.rabbit = view["rabbit"]
        base.die = view["die"]
        base.rolls = view["rolls"]
        base.max_pile = view["max_pile"]
        for seat, family in enumerate(view["families"]):
            for card in family:
                base.hands[seat][CARD_VALUE[card]] = card
        seen = {c for family in view["families"] for c in family}
        self.tops: list[tuple[bool, int]] = []  # per pile: Max on top, face-down cards nobody saw
        self.bottoms: list[list[str]] = []
        for pile, under in zip(view["piles"], view["seen_under"], strict=True):
            self.tops.append((pile["max"], pile["cards"] - pile["max"] - len(under)))
            self.bottoms.append(list(under))
            seen.update(under)
        base.seen_under = [len(under) for under in self.bottoms]
        self.pool = [c for c in RABBIT_CARDS if c not in seen]
        assert len(self.pool) == sum(hidden for _, hidden in self.tops), "view out of step"
        self.base = base

    def sample(self, rng: random.Random | None) -> WhiteRabbitState:
        state = self.base.clone()
        pool = shuffled(self.pool, rng)
        piles = []
        for (has_max, hidden), bottom in zip(self.tops, self.bottoms, strict=True):
            pile = [MAX] if has_max else []
            pile.extend(pool.pop() for _ in range(hidden))
            pile.extend(bottom)
            piles.append(pile)
        state.piles = piles
        return state


def playout_move(state: WhiteRabbitState, seat: int, rng: random.Random) -> AnyMove:
    """The greedy bot's move for ``seat`` (:func:`.bots.greedy_move`), read off the position
    (everything it weighs is public).  The same move as the greedy bot's from the seat's view,
    with the same random draws."""
    max_pile = state.max_pile
    wire = greedy_move(
        seat=seat,
        phase=state.phase,
        landing=state.landing(),
        piles=[(len(p), i == max_pile) for i, p in enumerate(state.piles)],
        families=[state.family(s) for s in range(state.players)],
        missing=state.missing(seat),
        max_choices=state.max_choices(seat) if state.phase == MAX_TAKE else [],
        rabbit=state.rabbit,
        die=state.die,
        rng=rng,
    )
    return state.parse_seat_move(seat, wire)
