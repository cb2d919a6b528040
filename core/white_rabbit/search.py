"""White Rabbit for search: full positions consistent with one seat's view.

Everything is public but the face-down pile cards.  Some of those everyone saw: a drawn card
a seat already had is shown, then slid under its pile (the view's ``seen_under``).  The rest,
the cards dealt at the start and not drawn yet, are any rabbit cards nobody holds and nobody
saw slid: :class:`Sampler` deals those to the top of the piles at random.

:func:`playout_move` is the search's model of a seat, in its playouts and for the move it keeps
unless another does better (the game's ``usual`` move): the greedy bot with a memory.  The greedy bot
takes a face-down pile card for any card not held face up, so it cannot tell two piles apart
unless Max or an empty pile is one of them.  A player who remembers knows more: the cards slid
under a pile are at its bottom, so they are none of the cards on top, and once a pile holds
only such cards its top card is known.  Against two greedy bots, this memory alone takes a
seat from a third of the wins to about 0.35 (``bench/white_rabbit_ceiling.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..base import Determinizer, WrongPhase, seat_of, shuffled
from .bots import direction, fresh_chance, max_place, max_take, pile_worth
from .cards import CARD_VALUE, MAX, RABBIT_CARDS
from .moves import MOVES, PLACES, TAKES, AnyMove
from .reasons import REASONS
from .state import DIRECTION, LANDING, MAX_PLACE, MAX_TAKE, WhiteRabbitState
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
        end = len(pool)
        for (has_max, hidden), bottom in zip(self.tops, self.bottoms, strict=True):
            pile = [MAX] if has_max else []
            pile += reversed(pool[end - hidden : end])  # dealt from the end of the pool
            end -= hidden
            pile += bottom
            piles.append(pile)
        state.piles = piles
        return state


def remembered_chances(state: WhiteRabbitState, seat: int, spaces: tuple[int, ...]) -> dict[int, float]:
    """For each of ``spaces`` whose pile is neither empty nor Max's: the chance that its top
    card is a value ``seat`` lacks, for a player who remembers every card seen slid under a
    pile (all public: it reads no face-down card nobody saw).

    >>> state = WhiteRabbitState(2)
    >>> state.piles = [["grey-1", "grey-2"], ["brown-3"], [], [], [], [], [], []]
    >>> state.seen_under = [1, 1, 0, 0, 0, 0, 0, 0]   # grey-2 and brown-3 were seen slid under
    >>> state.hands[0][3] = "grey-3"                  # seat 0 holds a 3
    >>> chances = remembered_chances(state, 0, (0, 1, 2))  # pile 2 is empty
    >>> chances[0] == 19 / 21, chances[1]  # 19 of the 21 cards nobody saw; brown-3, a 3
    (True, 0.0)
    """
    piles, seen_under, max_pile = state.piles, state.seen_under, state.max_pile
    mine = state.hands[seat]
    chances: dict[int, float] = {}
    fresh: float | None = None
    for space in spaces:
        pile = piles[space]
        if not pile or space == max_pile:
            continue
        if seen_under[space] < len(pile):
            if fresh is None:
                fresh = _fresh_chance(state, seat, remembers=True)
            chances[space] = fresh
        else:
            chances[space] = 1.0 if mine[CARD_VALUE[pile[0]]] is None else 0.0
    return chances


def _fresh_chance(state: WhiteRabbitState, seat: int, remembers: bool) -> float:
    """The chance that a rabbit card nobody has seen is a value ``seat`` lacks
    (:func:`.bots.fresh_chance`): every card held face up has been seen, and for a player who
    ``remembers``, every card seen slid under a pile."""
    hands = state.hands
    players = len(hands)
    lacking = seen = seen_lacking = 0
    for held in zip(*hands, strict=True):  # each value's card in each hand, or None
        here = players - held.count(None)
        seen += here
        if held[seat] is None:
            lacking += 1
            seen_lacking += here
    lacking -= 1  # hand[0] is no value: nobody holds it, everyone "lacks" it
    if remembers:
        piles, mine = state.piles, hands[seat]
        for space, under in enumerate(state.seen_under):
            if under:
                seen += under
                pile = piles[space]
                for card in pile[len(pile) - under :]:
                    if mine[CARD_VALUE[card]] is None:
                        seen_lacking += 1
    return fresh_chance(lacking, seen, seen_lacking)


Chances = Callable[[WhiteRabbitState, int, tuple[int, ...]], dict[int, float]]
"""How a seat weighs piles: (position, seat, spaces) -> the chance, for each space whose pile
is neither empty nor Max's, that its top card is a value the seat lacks."""


def playout_move(
    state: WhiteRabbitState, seat: int, rng: random.Random, chances: Chances | None = remembered_chances
) -> AnyMove:
    """The greedy bot's move for ``seat`` (:func:`.bots.greedy_move`) by a player who remembers
    (:func:`remembered_chances` weighs the piles it may land beside), read off the position:
    everything it weighs is public.  Where the memory tells nothing apart, the greedy bot's
    move from the seat's view, with the same random draws.  With ``chances=None``, the greedy
    bot's move itself; ``bench/white_rabbit_ceiling.py`` passes other ways to weigh piles.

    It makes the greedy bot's choices (:func:`.bots.direction`, :func:`.bots.max_take`,
    :func:`.bots.max_place`) on facts read straight off the position, and answers with the
    move value itself."""
    phase = state.phase
    if phase == DIRECTION:
        piles, max_pile, rabbit, die = state.piles, state.max_pile, state.rabbit, state.die
        cw, ccw = LANDING["cw"][rabbit][die], LANDING["ccw"][rabbit][die]  # type: ignore[index]
        if chances is not None:
            known = chances(state, seat, (cw, ccw))
            worth_cw, worth_ccw = known.get(cw, 0.0), known.get(ccw, 0.0)
        else:
            worth_cw = worth_ccw = _fresh_chance(state, seat, remembers=False)
        takeable = (cw == max_pile or ccw == max_pile) and bool(state.max_choices(seat))
        worth_cw = pile_worth(len(piles[cw]), cw == max_pile, takeable, worth_cw)
        worth_ccw = pile_worth(len(piles[ccw]), ccw == max_pile, takeable, worth_ccw)
        return MOVES[seat][direction(worth_cw, worth_ccw, rng)]
    if phase == MAX_TAKE:
        hands = state.hands
        best = max_take(state.max_choices(seat), [len(hand) - hand.count(None) for hand in hands])  # family sizes
        return TAKES[seat, None, None] if best is None else TAKES[seat, best["from"], best["card"]]
    if phase == MAX_PLACE:
        return PLACES[seat][max_place(state.rabbit, state.die, rng)]
    raise WrongPhase(REASONS, "no_move_due", seat=seat, phase=phase)
