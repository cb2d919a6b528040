"""Gift List for search: full positions consistent with one seat's view.

What a seat cannot see: the other seats' attics and secret Gift Lists, and the wrapped gifts
others brought to this party.  :class:`Sampler` reads the view once; each sample deals the
Gift List cards the seat does not hold to the other seats, each seat's list drawn with the
odds what it did gives it: people steal what their list wants (a steal of a colour makes a
list with that person :data:`WANTED` times likelier) and bring what it does not (a brought
colour makes a list without that person :data:`UNWANTED` times likelier).  Then it deals the
gift cards the seat has not seen (received and open gifts are public; the rest of the deck is
out of play, unseen) to the other attics at random, and takes each wrapped gift from its
bringer's attic as it was when they brought it: the card that seat needed least by the list
it was dealt (:func:`.greedy.least_needed`, the rule the greedy bot brings by).  A wrapped gift
drawn as any unseen card would be worth far more than what people bring, and opening would
look better than it is.

:func:`playout_move` moves a seat in the search's playouts as the greedy bot would, reading the
position instead of the seat's view (the same facts, far faster).
"""

from __future__ import annotations

import random

from ..base import Determinizer, draw_distinct, seat_of, shuffled
from .cards import CARD_COLOUR, DECK, GIFT_LISTS, PERSON_OF_COLOUR, canonical_list
from .greedy import greedy_choice, least_needed
from .moves import BRINGS, OPENS, STEALS, Move
from .state import BRING, GiftListState, seats_of, tops
from .views import GiftListView

OPENED = "opened"
"""What a sample keeps as the card of a gift already opened this party (the card itself is
in somebody's hands; the rules only need to know the gift was brought)."""


WANTED = 6.0
"""How much likelier a list with a person is than one without, per card of their colour stolen."""
UNWANTED = 2.0
"""How much likelier a list without a person is than one with, per card of their colour brought."""


def list_weights(people_lists: list[tuple[str, ...]], stolen: list[str], given: list[str]) -> list[float]:
    """The odds of each Gift List for a seat that stole ``stolen`` and brought ``given``.

    >>> lists = [("mother-in-law", "crazy-neighbor", "fluffy-the-cat"), ("crazy-neighbor", "fluffy-the-cat", "random-stranger")]
    >>> list_weights(lists, ["red-9"], ["blue-2"])
    [12.0, 1.0]
    """
    weights = []
    for people in people_lists:
        weight = 1.0
        for card in stolen:
            if PERSON_OF_COLOUR[CARD_COLOUR[card]] in people:
                weight *= WANTED
        for card in given:
            if PERSON_OF_COLOUR[CARD_COLOUR[card]] not in people:
                weight *= UNWANTED
        weights.append(weight)
    return weights


class Sampler(Determinizer):
    """The positions a seat cannot tell from the one it sees (the view of a seat in play)."""

    def __init__(self, view: GiftListView) -> None:
        seat = seat_of(view)
        n = view["players"]
        self.seat = seat
        base = GiftListState(n)
        base.phase = view["phase"]
        base.party = view["party"]
        base.first = view["first"] if view["first"] is not None else 0
        base.turn = view["turn"] if view["turn"] is not None else -1
        base.turn_owner = view["turn_owner"] if view["turn_owner"] is not None else -1
        base.wrapped = seats_of(view["wrapped"])
        base.holding = list(view["holding"])
        base.locked = seats_of(view["locked"])
        base.stealable = seats_of([card is not None for card in view["holding"]]) & ~base.locked
        base.received = [list(cards) for cards in view["received"]]
        base.attic[seat] = list(view["attic"])
        mine = view["my_gift"]
        base.brought = [
            None if not brought else (mine if t == seat and mine is not None else OPENED)
            for t, brought in enumerate(view["brought"])
        ]
        seen = set(view["attic"])
        seen.update(c for cards in view["received"] for c in cards)
        seen.update(c for c in view["holding"] if c is not None)
        if mine is not None:
            seen.add(mine)
        self.pool = [c for c in DECK if c not in seen]
        self.secret_gifts = [t for t in range(n) if t != seat and view["brought"][t] and view["wrapped"][t]]
        self.attic_sizes = view["attic_sizes"]
        own = canonical_list(view["list"])
        self.own_list = own
        self.other_lists: list[tuple[str, ...]] = [people for people in GIFT_LISTS if people != own]
        self.list_odds = {
            t: list_weights(self.other_lists, view["stolen"][t], view["given"][t]) for t in range(n) if t != seat
        }
        base.given = [list(cards) for cards in view["given"]]
        base.stolen = [list(cards) for cards in view["stolen"]]
        self.base = base

    def sample(self, rng: random.Random | None) -> GiftListState:
        state = self.base.clone()
        seat = self.seat
        pool = shuffled(self.pool, rng)
        dealt = draw_distinct(self.other_lists, self.list_odds, rng)
        lists = state.lists = [dealt[t] if t != seat else self.own_list for t in range(state.players)]
        brought, attic, received = state.brought, state.attic, state.received
        secret = self.secret_gifts
        for t, size in enumerate(self.attic_sizes):
            if t == seat:
                continue
            cards = [pool.pop() for _ in range(size + (t in secret))]
            if t in secret:
                # Its attic as it was at this party's bring: it brought what it needed least.
                gift = least_needed(cards, tops(received[t], lists[t]))
                cards.remove(gift)
                brought[t] = gift
            attic[t] = cards
        return state


def playout_move(state: GiftListState, seat: int, rng: random.Random) -> Move:
    """The greedy bot's move for ``seat`` (:func:`.greedy.greedy_choice`) from what the seat knows,
    read off the position: its attic and list, the open gifts, whom it may steal from or whose
    gift it may open.  The same move as the greedy bot's from the seat's view, with the same
    random draws."""
    bringing = state.phase == BRING
    steal_from = () if bringing else state.steal_sources()
    kind, what = greedy_choice(
        bringing=bringing,
        attic=state.attic[seat],
        # read only to bring or steal: an open with nothing to steal is drawn at random
        tops=tops(state.received[seat], state.lists[seat]) if bringing or steal_from else {},
        holding=state.holding,
        steal_from=steal_from,
        open_from=() if bringing else state.open_sources(),
        rng=rng,
    )
    if kind == "bring":
        return BRINGS[seat][what]
    return (STEALS if kind == "steal" else OPENS)[seat][what]
