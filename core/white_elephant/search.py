"""White Elephant for search: full positions consistent with one seat's view.

What a seat cannot see: the order of the deck, the Surprise Gifts it has not peeked at, and
the cards of other seats' Shelves it has not seen (their Surprise Gifts, opened in secret).
:class:`Sampler` reads the view once; each sample deals the cards the seat has not seen, at
random, to those places.  Everything else (Peanuts, who peeked at what, the turn) is public
or the seat's own and is copied as it is.

:func:`search_moves` keeps the search to the takes worth trying (the cheapest few), and
:func:`playout_move` moves a seat in the search's playouts as the greedy bot would, reading the
position instead of the seat's view (the same facts, far faster).
"""

from __future__ import annotations

import random

from ..base import Determinizer, MoveDict, seat_of, shuffled
from .bots import gift_cost, greedy_move, shelf_counts, view_costs
from .cards import DEAL, deck_for
from .moves import Move
from .state import AFTER, MAIN, WhiteElephantState
from .views import WhiteElephantView


def surprises_dealt(players: int, dealt: int) -> int:
    """How many Surprise Gifts ``dealt`` cards from the top of the deck held (faceup first each round).

    >>> surprises_dealt(3, 7), surprises_dealt(3, 12), surprises_dealt(3, 16)
    (2, 2, 4)
    """
    faceup, facedown = DEAL[players]
    rounds, rest = divmod(dealt, faceup + facedown)
    return rounds * facedown + max(0, rest - faceup)


class Sampler(Determinizer):
    """The positions a seat cannot tell from the one it sees (the view of a seat in play)."""

    def __init__(self, view: WhiteElephantView) -> None:
        seat = seat_of(view)
        players = view["players"]
        self.seat = seat
        base = WhiteElephantState(players)
        base.phase = view["phase"]
        base.round = view["round"]
        base.final_round = view["final_round"]
        base.supply = view["supply"]
        base.pot = view["pot"]
        base.start_player = view["start_player"] if view["start_player"] is not None else -1
        base.turn = view["turn"] if view["turn"] is not None else -1
        base.peanuts = list(view["peanuts"])
        deck = deck_for(players)
        base.surprises_dealt = surprises_dealt(players, len(deck) - view["deck"])
        known = view["known"]
        on_gifts = view["on_gifts"]
        # Cards the seat has seen, wherever they are now.
        seen = set(known.values())
        seen.update(c for c in view["exchange"] if c not in on_gifts)
        for cards in view["front"]:
            seen.update(c for c in cards if c not in on_gifts)
        shelves = [list(cards) for cards in view["seen_shelves"]]
        shelves[seat] = list(view["shelf"])
        for cards in shelves:
            seen.update(cards)
        self.pool = [c for c in deck if c not in seen]
        self.unknown = [h for h in on_gifts if h not in known]
        self.hidden_shelf = [size - len(cards) for size, cards in zip(view["shelf_sizes"], shelves, strict=True)]
        self.deck_left = view["deck"]
        assert len(self.pool) == len(self.unknown) + sum(self.hidden_shelf) + self.deck_left, "view out of step"
        self.exchange = [known.get(c, c) for c in view["exchange"]]
        self.front = [[known.get(c, c) for c in cards] for cards in view["front"]]
        self.shelves = shelves
        self.known = known
        self.on_gifts = on_gifts
        self.peeked = view["peeked"]
        self.base = base

    def sample(self, rng: random.Random | None) -> WhiteElephantState:
        pool = shuffled(self.pool, rng)
        players = self.base.players
        state = self.base.clone()
        card_of = dict(self.known)
        for handle in self.unknown:
            card_of[handle] = pool.pop()
        state.card_of = card_of
        state.handle = {card: handle for handle, card in card_of.items()}
        state.on_card = {card_of[h]: n for h, n in self.on_gifts.items()}
        state.known = [set() for _ in range(players)]
        for handle, seats in self.peeked.items():
            for s in seats:
                state.known[s].add(card_of[handle])
        state.exchange = [card_of.get(c, c) for c in self.exchange]
        state.front = [[card_of.get(c, c) for c in cards] for cards in self.front]
        shelf_known = state.shelf_known
        shelves = []
        for s, (cards, hidden) in enumerate(zip(self.shelves, self.hidden_shelf, strict=True)):
            secret = [pool.pop() for _ in range(hidden)]
            for card in secret:
                shelf_known[card] = 1 << s
            shelves.append(cards + secret)
        state.shelf = shelves
        state.deck = pool
        state.deck_pos = 0
        return state


SEARCHED_TAKES = 12
"""How many takes the search tries: the cheapest, by the greedy bot's reckoning of each gift."""


def search_moves(view: WhiteElephantView, moves: list[MoveDict]) -> list[MoveDict]:
    """The moves worth searching among ``moves`` (the seat's legal moves, wire form): every
    move but the takes, and the :data:`SEARCHED_TAKES` takes that cost least (each gift's
    likely points, Peanuts on it subtracted, Collections counted) and the take of every gift.

    A take of 2 or 3 gifts among 16 has hundreds of variants; most take a junk card for
    nothing, and a search that tried them all would try each too few times to judge any.
    """
    cost = view_costs(view)
    takes = [m for m in moves if m["type"] == "take"]
    everything = len(view["exchange"])
    ranked = sorted(
        (m for m in takes if len(m["cards"]) < everything),
        key=lambda m: sum(cost[ref] for ref in m["cards"]),
    )
    kept = ranked[:SEARCHED_TAKES] + [m for m in takes if len(m["cards"]) == everything]
    return [m for m in moves if m["type"] != "take"] + kept


def allowed_kinds(state: WhiteElephantState, seat: int) -> set[str]:
    """The kinds of move ``seat`` may make now: those :meth:`~.WhiteElephantState.action_hints`
    gives no reason against, read off the position without building the reasons (a playout
    asks at every move)."""
    phase = state.phase
    if seat != state.turn or phase not in (MAIN, AFTER):
        return set()
    pays = state.peanuts[seat] >= 1
    known = state.known[seat]
    allowed = {"peek"} if pays and any(c not in known for c in state.handle) else set()
    if phase == AFTER:
        allowed.add("end")
        return allowed
    allowed.add("clear")
    if len(state.exchange) >= 2:
        allowed.add("take")
    if pays and any(cards for t, cards in enumerate(state.front) if t != seat):
        allowed.add("trade")
    return allowed


def playout_move(state: WhiteElephantState, seat: int, rng: random.Random) -> Move:
    """The greedy bot's move for ``seat`` (:func:`.bots.greedy_move`) from what the seat knows,
    read off the position: its Shelf, the gifts in play (the Surprise Gifts it has not peeked
    at unseen), the Peanuts and the kinds of move allowed.  The same move as the greedy bot's
    from the seat's view, with the same random draws."""
    handle, known, on_card = state.handle, state.known[seat], state.on_card
    counts = shelf_counts(state.shelf[seat])
    cost: dict[str, float] = {}
    for cards in (state.exchange, *state.front):
        for card in cards:
            ref = handle.get(card)
            seen = card if ref is None or card in known else None
            cost[ref or card] = gift_cost(seen, on_card.get(card, 0), counts)
    in_exchange = set(state.exchange)
    wire = greedy_move(
        seat=seat,
        allowed=allowed_kinds(state, seat),
        peanuts=state.peanuts[seat],
        peekable=[handle[c] for c in on_card if c not in known and c in in_exchange],
        exchange=[handle.get(c, c) for c in state.exchange],
        front=[[handle.get(c, c) for c in cards] for cards in state.front],
        cost=cost,
        pot=state.pot,
        rng=rng,
    )
    return state.parse_seat_move(seat, wire)
