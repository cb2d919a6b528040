"""Gift List: one position, its legal moves, what each seat may see, and scoring.

The game starts with one chance move, the deal (every seat's attic and secret Gift List).
Then come as many parties as there are cards in an attic.  A party has two phases:

* **bring**: every seat that has not brought yet may move, all at the same time and in
  secret; a seat brings one attic card face down.  The table learns who has brought, never
  what.
* **play**: the party's first seat (seat 0 in party 1, one seat to the left each party)
  opens a wrapped gift that is not its own (its own only when nothing else is wrapped).  Each
  later turn goes to the first seat clockwise after the last turn's seat that holds no gift.
  The seat to move opens or steals a face-up gift that is not locked; the seat stolen from
  moves next.  A stolen gift is locked in its new owner's hand until the next gift is opened.
  When the last wrapped gift is opened every seat keeps what it holds.

Wrapped gifts are named by the seat that brought them (``"from": t``), never by card, so a
view or an event can talk about them without saying what they are.

    >>> state = GiftListState(3)
    >>> _ = state.apply(Deal(hands=(("red-1", "red-2"), ("blue-5", "blue-6"), ("green-9", "green-1")),
    ...     lists=(("mother-in-law", "crazy-neighbor", "fluffy-the-cat"),) * 3))
    Traceback (most recent call last):
    ...
    yule.core.base.BadChance: Each seat is dealt 8 cards in a 3-player game.
    >>> state.active()
    ('chance',)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import chain
from typing import Any, cast

from ..base import (
    CHANCE,
    OVER,
    BadChance,
    Event,
    GameIsOver,
    GameState,
    IllegalMove,
    MalformedMove,
    NotYourTurn,
    Outcome,
    WrongPhase,
)
from .cards import (
    ATTIC_SIZE,
    CARD_COLOUR,
    CARD_NUMBER,
    COLOUR_OF_PERSON,
    DECK,
    GIFT_LISTS,
    HIGHEST,
    PEOPLE,
    PERSON_RANK,
)
from .moves import BRINGS, MOST_SEATS, OPENS, STEALS, Bring, Deal, Move, Open, Steal, parse
from .reasons import REASONS
from .views import GiftListResult, GiftListView

# Phases
DEAL = "deal"  # waiting for the chance deal
BRING = "bring"  # every seat that has not brought yet brings a card, at the same time
PLAY = "play"  # open or steal, one seat at a time


_LIST_OF = {frozenset(people): people for people in GIFT_LISTS}
"""The Gift List card of each set of people on one (its people in the usual order)."""

_ONE = tuple((seat,) for seat in range(MOST_SEATS))
"""``(seat,)`` for each seat: what :meth:`GiftListState.active` returns in play, made once."""
_CHANCE = (CHANCE,)

# A set of seats is an int, a bit a seat (seat t is ``1 << t``): the state keeps which gifts are
# wrapped, stealable and locked so, and the moves they allow are read off the tables below.
_BIT = tuple(1 << seat for seat in range(MOST_SEATS))
_EVERYONE = tuple((1 << n) - 1 for n in range(MOST_SEATS + 1))
"""``_EVERYONE[n]``: the seats of an ``n``-seat table."""
_SEATS_IN = tuple(tuple([t for t in range(MOST_SEATS) if seats >> t & 1]) for seats in range(1 << MOST_SEATS))
"""``_SEATS_IN[seats]``: the seats of a set, in order."""
_OPENABLE = tuple(
    tuple([wrapped if wrapped == _BIT[seat] else wrapped & ~_BIT[seat] for wrapped in range(1 << MOST_SEATS)])
    for seat in range(MOST_SEATS)
)
"""``_OPENABLE[seat][wrapped]``: the gifts ``seat`` may open when those of ``wrapped`` are wrapped: its
own only when nothing else is."""
_OPEN_CHOICES = tuple(
    tuple([tuple([OPENS[seat][t] for t in _SEATS_IN[openable]]) for openable in _OPENABLE[seat]])
    for seat in range(MOST_SEATS)
)
"""``_OPEN_CHOICES[seat][wrapped]``: the opens of ``seat`` when the gifts of ``wrapped`` are wrapped."""
_STEAL_CHOICES = tuple(
    tuple(
        [tuple([STEALS[seat][t] for t in _SEATS_IN[stealable & ~_BIT[seat]]]) for stealable in range(1 << MOST_SEATS)]
    )
    for seat in range(MOST_SEATS)
)
"""``_STEAL_CHOICES[seat][stealable]``: the steals of ``seat`` when the seats of ``stealable`` hold
a gift that is not locked."""
_NEXT_IN = tuple(
    tuple(
        [(_SEATS_IN[seats >> seat + 1 << seat + 1] or _SEATS_IN[seats] or (-1,))[0] for seats in range(1 << MOST_SEATS)]
    )
    for seat in range(MOST_SEATS)
)
"""``_NEXT_IN[seat][seats]``: the first seat of ``seats`` clockwise after ``seat`` (``seat`` itself last)."""


def flags_of(seats: int, n: int) -> list[bool]:
    """A set of seats as a flag a seat (what a view shows), at a table of ``n``: the reverse of :func:`seats_of`.

    >>> flags_of(0b101, 4), seats_of([True, False, True, False])
    ([True, False, True, False], 5)
    """
    return [seats >> t & 1 == 1 for t in range(n)]


def seats_of(flags: list[bool]) -> int:
    """The seats flagged, as a set of seats."""
    return sum(_BIT[t] for t, flag in enumerate(flags) if flag)


class NotInAttic(IllegalMove):
    """A seat can only bring a card from its own attic."""


class AlreadyBrought(IllegalMove):
    """A seat brings exactly one card to each party."""


class NotWrapped(IllegalMove):
    """Only a gift that is still wrapped can be opened."""


class OwnGift(IllegalMove):
    """A seat opens the gift it brought only when no other gift is wrapped."""


class NothingToSteal(IllegalMove):
    """A steal needs a face-up gift held by another seat."""


class LockedGift(IllegalMove):
    """A gift stolen since the last opening stays in its new owner's hand."""


class GiftListState(GameState[Move]):
    """One position of Gift List for 3 to 7 seats (no options)."""

    ACTIONS = ("bring", "open", "steal")

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        if players not in ATTIC_SIZE:
            raise ValueError(f"Gift List is for 3 to 7 players, not {players}")
        n = players
        self.players = n
        self.options: dict[str, Any] = {}
        self.phase = DEAL
        self.attic: list[list[str]] = [[] for _ in range(n)]
        self.lists: list[tuple[str, ...]] = [() for _ in range(n)]
        self.party = 0  # 1-based once dealt
        self.parties = ATTIC_SIZE[n]
        self.first = 0  # this party's first seat
        self.turn = -1  # the seat to move in PLAY
        self.turn_owner = -1  # the seat whose turn it is (the turn passes on through steals)
        self.brought: list[str | None] = [None] * n  # the card each seat brought to this party
        self.wrapped = 0  # the seats whose gift is still wrapped (while bringing: the seats that brought)
        self.holding: list[str | None] = [None] * n  # each seat's face-up gift this party
        self.stealable = 0  # the seats holding a gift that may be stolen
        self.locked = 0  # the seats holding a gift stolen since the last opening
        self.received: list[list[str]] = [[] for _ in range(n)]
        self.given: list[list[str]] = [[] for _ in range(n)]  # the cards each seat brought, once opened
        self.stolen: list[list[str]] = [[] for _ in range(n)]  # the cards each seat stole
        self._outcome: Outcome | None = None

    # -- who moves -------------------------------------------------------------------------

    def active(self) -> tuple[int | str, ...]:
        phase = self.phase
        if phase == PLAY:
            return _ONE[self.turn]
        if phase == BRING:
            return _SEATS_IN[_EVERYONE[self.players] ^ self.wrapped]  # those that have not brought
        if phase == DEAL:
            return _CHANCE
        return ()

    def mover(self) -> int | None:
        """The seat to move, or the first that has not brought yet (see :meth:`active`); ``None``
        while chance deals or once it is over."""
        phase = self.phase
        if phase == PLAY:
            return self.turn
        if phase == BRING:
            return _SEATS_IN[_EVERYONE[self.players] ^ self.wrapped][0]
        return None

    def at_once(self) -> bool:
        """While gifts are brought, every seat that has not brought yet brings at once, in secret."""
        return self.phase == BRING

    # -- parsing -----------------------------------------------------------------------------

    def parse_record_move(self, move: dict[str, Any]) -> Move:
        return parse(move)

    # -- legality ----------------------------------------------------------------------------

    def verify(self, move: Move) -> None:
        if isinstance(move, Open):
            self.verify_open(move.by, move.source)
        elif isinstance(move, Steal):
            self.verify_steal(move.by, move.source)
        elif isinstance(move, Bring):
            self.verify_bring(move.by, move.card)
        elif isinstance(move, Deal):
            if self.phase == OVER:
                raise GameIsOver(REASONS)
            if self.phase != DEAL:
                raise WrongPhase(REASONS, "dealt_once")
            self.verify_deal(move)
        else:
            raise MalformedMove(REASONS, "malformed_move", move=repr(move))

    # The checks of :attr:`ACTIONS`, one ``verify_<kind>`` each (see :meth:`GameState.action_hints`).

    def _verify_seat(self, seat: int) -> None:
        if self.phase == OVER:
            raise GameIsOver(REASONS)
        if self.phase == DEAL:
            raise NotYourTurn(REASONS, "not_started")
        if not 0 <= seat < self.players:
            raise NotYourTurn(REASONS, "no_seat", seat=seat)

    def _verify_turn(self, seat: int) -> None:
        if self.phase == PLAY and seat == self.turn:
            return
        self._verify_seat(seat)
        if self.phase == BRING:
            raise WrongPhase(REASONS, "bringing")
        if seat != self.turn:
            raise NotYourTurn(REASONS)

    def verify_deal(self, move: Deal) -> None:
        n, size = self.players, self.parties
        if len(move.hands) != n or {*map(len, move.hands)} != {size}:
            raise BadChance(REASONS, "hand_sizes", size=size, players=n)
        cards = list(chain.from_iterable(move.hands))
        distinct = set(cards)
        if not CARD_COLOUR.keys() >= distinct:
            raise BadChance(REASONS, "not_a_gift")
        if len(distinct) != len(cards):
            raise BadChance(REASONS, "card_twice")
        if len(move.lists) != n:
            raise BadChance(REASONS, "list_each")
        named = set(map(frozenset, move.lists))
        if {*map(len, move.lists)} != {3} or not _LIST_OF.keys() >= named:
            raise BadChance(REASONS, "list_names")
        if len(named) != n:
            raise BadChance(REASONS, "list_twice")

    def verify_bring(self, seat: int, card: str | None = None) -> None:
        if self.phase != BRING or not 0 <= seat < self.players:
            self._verify_seat(seat)
        if self.phase != BRING:
            raise WrongPhase(REASONS, "all_brought")
        if self.brought[seat] is not None:
            raise AlreadyBrought(REASONS)
        if card is not None and card not in self.attic[seat]:
            raise NotInAttic(REASONS)

    def verify_open(self, seat: int, source: int | None = None) -> None:
        if self.phase != PLAY or seat != self.turn:
            self._verify_turn(seat)
        # Something is always wrapped while a party goes on: opening is always open.
        if source is None:
            return
        if not 0 <= source < self.players:
            raise NotWrapped(REASONS, "no_seat", seat=source)
        wrapped = self.wrapped
        if not wrapped >> source & 1:
            raise NotWrapped(REASONS, "already_open", seat=source)
        if source == seat and wrapped != _BIT[seat]:
            raise OwnGift(REASONS)

    def verify_steal(self, seat: int, source: int | None = None) -> None:
        if self.phase != PLAY or seat != self.turn:
            self._verify_turn(seat)
        stealable = self.stealable
        if source is not None and source >= 0 and stealable >> source & 1 and source != seat:
            return  # every check below passes
        others = stealable & ~_BIT[seat]
        if not others | self.locked & ~_BIT[seat]:
            raise NothingToSteal(REASONS, "nothing_open")
        if not others:
            raise LockedGift(REASONS, "all_locked")
        if source is None:
            return
        if not 0 <= source < self.players:
            raise NothingToSteal(REASONS, "no_seat", seat=source)
        if source == seat:
            raise NothingToSteal(REASONS, "steal_self")
        if self.holding[source] is None:
            raise NothingToSteal(REASONS, "holds_none", seat=source)
        if self.locked >> source & 1:
            raise LockedGift(REASONS, "locked", seat=source)

    def open_sources(self) -> tuple[int, ...]:
        """The seats whose wrapped gift the seat to move may open now."""
        if self.phase != PLAY:
            return ()
        return _SEATS_IN[_OPENABLE[self.turn][self.wrapped]]

    def steal_sources(self) -> tuple[int, ...]:
        """The seats the seat to move may steal from now."""
        if self.phase != PLAY:
            return ()
        return _SEATS_IN[self.stealable & ~_BIT[self.turn]]

    # -- search ------------------------------------------------------------------------------

    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move of ``seat``: each attic card to bring, or each open and steal."""
        phase = self.phase
        if phase == PLAY:
            if seat != self.turn:
                return []
            return [*_OPEN_CHOICES[seat][self.wrapped], *_STEAL_CHOICES[seat][self.stealable]]
        if phase == BRING and 0 <= seat < self.players and self.brought[seat] is None:
            return list(map(BRINGS[seat].__getitem__, self.attic[seat]))
        return []

    def clone(self) -> GiftListState:
        new = GiftListState(self.players)
        new.options, new.phase = self.options, self.phase
        new.attic = [list(cards) for cards in self.attic]
        new.lists = self.lists  # fixed once dealt
        new.party, new.parties, new.first = self.party, self.parties, self.first
        new.turn, new.turn_owner = self.turn, self.turn_owner
        new.brought = list(self.brought)
        new.holding = list(self.holding)
        new.wrapped, new.stealable, new.locked = self.wrapped, self.stealable, self.locked
        new.received = [list(cards) for cards in self.received]
        new.given = [list(cards) for cards in self.given]
        new.stolen = [list(cards) for cards in self.stolen]
        new._outcome = self._outcome
        return new

    # -- playing -----------------------------------------------------------------------------

    def play(self, move: Move, events: list[Event] | None = None) -> None:
        if isinstance(move, Open):  # the commonest first (compiled: a direct call)
            self._open(move, events)
        elif isinstance(move, Bring):
            self._bring(move, events)
        elif isinstance(move, Steal):
            self._steal(move, events)
        elif isinstance(move, Deal):
            self._deal(move, events)
        else:
            self.verify(move)  # not a Gift List move: says so

    def chance_move(self, rng: random.Random) -> Move:
        if self.phase != DEAL:
            raise WrongPhase(REASONS, "no_chance")
        deck = list(DECK)
        rng.shuffle(deck)
        size = self.parties
        hands = tuple(tuple(deck[i * size : (i + 1) * size]) for i in range(self.players))
        lists = tuple(rng.sample(GIFT_LISTS, self.players))
        return Deal(hands, lists)

    def _deal(self, move: Deal, events: list[Event] | None) -> None:
        self.verify(move)
        self.attic = [list(h) for h in move.hands]
        self.lists = [_LIST_OF[frozenset(people)] for people in move.lists]
        if events is not None:
            events.append({"type": "deal", "attic": self.parties, "players": self.players})
        self._new_party(events)

    def _new_party(self, events: list[Event] | None) -> None:
        self.party += 1
        n = self.players
        self.first = (self.party - 1) % n
        self.brought = [None] * n
        self.holding = [None] * n
        self.wrapped = self.stealable = self.locked = 0
        self.turn = self.turn_owner = -1
        self.phase = BRING
        if events is not None:
            events.append({"type": "party", "party": self.party, "parties": self.parties, "first": self.first})

    def _bring(self, move: Bring, events: list[Event] | None) -> None:
        seat, card = move.by, move.card
        legal = self.phase == BRING and 0 <= seat < self.players and self.brought[seat] is None
        if not legal or card not in self.attic[seat]:
            self.verify_bring(seat, card)  # says why not
        self.attic[seat].remove(card)
        self.brought[seat] = card
        self.wrapped |= _BIT[seat]
        if events is not None:
            events.append({"type": "bring", "by": seat, "party": self.party})
        if self.wrapped == _EVERYONE[self.players]:
            self.phase = PLAY
            self.turn = self.turn_owner = self.first
            if events is not None:
                events.append({"type": "turn", "seat": self.first})

    def _open(self, move: Open, events: list[Event] | None) -> None:
        seat, source = move.by, move.source
        if self.phase != PLAY or seat != self.turn or source < 0 or not _OPENABLE[seat][self.wrapped] >> source & 1:
            self.verify_open(seat, source)  # says why not
        card = self.brought[source]
        assert card is not None
        self.wrapped ^= _BIT[source]
        self.holding[seat] = card
        self.given[source].append(card)
        self.stealable |= self.locked | _BIT[seat]  # the locks end
        self.locked = 0
        if events is not None:
            events.append({"type": "open", "by": seat, "from": source, "card": card})
        if not self.wrapped:
            self._end_party(events)
            return
        # Nothing is locked now: the seats holding a gift are the stealable ones.
        nxt = self.turn = self.turn_owner = _NEXT_IN[self.turn_owner][_EVERYONE[self.players] ^ self.stealable]
        if events is not None:
            events.append({"type": "turn", "seat": nxt})

    def _steal(self, move: Steal, events: list[Event] | None) -> None:
        seat, source = move.by, move.source
        if self.phase != PLAY or seat != self.turn or source < 0 or source == seat or not self.stealable >> source & 1:
            self.verify_steal(seat, source)  # says why not
        card = self.holding[source]
        assert card is not None
        self.holding[seat] = card
        self.holding[source] = None
        self.stolen[seat].append(card)
        self.stealable &= ~(_BIT[seat] | _BIT[source])
        self.locked |= _BIT[seat]
        self.turn = source
        if events is not None:
            events.append({"type": "steal", "by": seat, "from": source, "card": card})

    def _end_party(self, events: list[Event] | None) -> None:
        kept = list(self.holding)
        for seat, card in enumerate(kept):
            self.received[seat].append(card)  # type: ignore[arg-type]
        if events is not None:
            events.append({"type": "party_end", "party": self.party, "kept": kept})
        self.turn = self.turn_owner = -1
        if self.party >= self.parties:
            self.phase = OVER
            self.holding = [None] * self.players
            self.stealable = 0
            self._outcome = score(self.received, self.lists)
            if events is not None:
                events.append(
                    {
                        "type": "game_over",
                        **self._outcome.to_record(),
                        "lists": [list(p) for p in self.lists],
                        "best": [best_cards(r, p) for r, p in zip(self.received, self.lists, strict=True)],
                    }
                )
        else:
            self._new_party(events)

    # -- what a seat may know ----------------------------------------------------------------

    def view(self, seat: int | None) -> GiftListView:
        """What ``seat`` may know now; ``None`` is a spectator (public information only).

        Public: who has brought, which seats' gifts are still wrapped (by bringer), the open
        gifts with their holders and locks, everyone's received gifts.  Private to ``seat``:
        its attic, its Gift List, the card it brought while that card is wrapped, its best
        card per person and its score so far.  At the end every list is revealed.

        Keys: ``given`` and ``stolen`` are, per seat, the cards it brought that have been
        opened and the cards it stole, this game (what the table saw; a player who remembers
        can read people's lists from them); ``turn_owner`` is the seat whose turn it is while steals pass the play to the
        seats stolen from (the next turn goes clockwise from it);
        ``brought``/``wrapped``/``holding``/``locked`` are per seat (``wrapped[t]``: the
        gift seat t brought is still wrapped; ``holding[t]``: the face-up gift in front of t;
        ``locked[t]``: it was stolen since the last opening).  A seated view adds ``attic``,
        ``list``, ``my_gift``, ``best``, ``score``, ``actions`` while the seat may move (each
        kind of move: ``None`` or the reason it is not allowed) and ``open_from``/``steal_from`` (the seats a move may
        name now).  Once over: ``lists``, ``breakdown`` and ``result``.

            >>> state = GiftListState(3)
            >>> sorted(set(state.view(0)) - set(state.view(None)))
            ['attic', 'best', 'list', 'my_gift', 'open_from', 'score', 'steal_from']
        """
        n = self.players
        view: GiftListView = {
            "game": "gift-list",
            "you": seat,
            "players": n,
            "phase": self.phase,
            "party": self.party,
            "parties": self.parties,
            "first": self.first if self.party else None,
            "turn": self.turn if self.phase == PLAY else None,
            "turn_owner": self.turn_owner if self.phase == PLAY else None,
            "active": [s for s in self.active() if isinstance(s, int)],
            "brought": [card is not None for card in self.brought],
            "wrapped": flags_of(self.wrapped, n),
            "holding": list(self.holding),
            "locked": flags_of(self.locked, n),
            "attic_sizes": [len(a) for a in self.attic],
            "received": [list(r) for r in self.received],
            "given": [list(g) for g in self.given],
            "stolen": [list(g) for g in self.stolen],
        }
        if seat is not None:
            people = self.lists[seat]
            best = best_cards(self.received[seat], people)
            mine = self.brought[seat]
            view["attic"] = list(self.attic[seat])
            view["list"] = list(people)
            view["my_gift"] = mine if self.wrapped >> seat & 1 else None
            view["best"] = dict(zip(people, best, strict=True))
            view["score"] = sum(CARD_NUMBER[c] for c in best if c is not None)
            if seat in self.active():
                view["actions"] = self.action_hints(seat)
            is_turn = self.phase == PLAY and seat == self.turn
            view["open_from"] = list(self.open_sources()) if is_turn else []
            view["steal_from"] = list(self.steal_sources()) if is_turn else []
        if self._outcome is not None:
            view["lists"] = [list(p) for p in self.lists]
            view["breakdown"] = [
                dict(zip(p, best_cards(r, p), strict=True)) for r, p in zip(self.received, self.lists, strict=True)
            ]
            view["result"] = cast(GiftListResult, self._outcome.to_record())
        return view


_CARD_BIT = {card: 1 << i for i, card in enumerate(DECK)}
"""A bit a gift card, in the order of the deck: a colour's cards are a row of bits, low numbers first."""
_ROW = {person: PERSON_RANK[person] * HIGHEST for person in PEOPLE}
"""Where the row of the colour each person wants begins."""
_A_ROW = (1 << HIGHEST) - 1


def best_numbers(received: list[str], people: tuple[str, ...] | list[str]) -> list[int]:
    """For each person on a list, the number of the highest received card of their colour (0: none).

    >>> best_numbers(["red-3", "red-9", "blue-2"], ("mother-in-law", "crazy-neighbor", "random-stranger"))
    [9, 0, 2]
    """
    return list(tops(received, people).values())


def tops(received: list[str], people: tuple[str, ...] | list[str]) -> dict[str, int]:
    """The :data:`~.cards.Tops` of a seat that received ``received``, with ``people`` on its list.

    >>> tops(["red-3", "red-9", "blue-2"], ("mother-in-law", "crazy-neighbor", "random-stranger"))
    {'red': 9, 'orange': 0, 'blue': 2}
    """
    held = sum(map(_CARD_BIT.__getitem__, received))
    return {COLOUR_OF_PERSON[person]: (held >> _ROW[person] & _A_ROW).bit_length() for person in people}


def best_cards(received: list[str], people: tuple[str, ...] | list[str]) -> list[str | None]:
    """For each person on a list, the highest received card of their colour (``None``: none).

    >>> best_cards(["red-3", "red-9", "blue-2"], ("mother-in-law", "crazy-neighbor", "random-stranger"))
    ['red-9', None, 'blue-2']
    """
    numbers = best_numbers(received, people)
    return [DECK[_ROW[person] + number - 1] if number else None for person, number in zip(people, numbers, strict=True)]


def score(received: list[list[str]], lists: list[tuple[str, ...]]) -> Outcome:
    """Final scoring: per person on your list, your highest card of their colour (0 if none),
    added up.  Highest total wins; a tie shares the win.

    >>> out = score([["red-3", "red-9", "blue-2"], ["green-10"], []],
    ...             [("mother-in-law", "crazy-neighbor", "random-stranger"),
    ...              ("crazy-neighbor", "fluffy-the-cat", "great-uncle-irwin"),
    ...              ("mother-in-law", "fluffy-the-cat", "random-stranger")])
    >>> out.scores, out.winners
    ((11, 10, 0), (0,))
    """
    scores = [sum(best_numbers(cards, people)) for cards, people in zip(received, lists, strict=True)]
    return Outcome.by_score(scores, extra={"received": [list(r) for r in received]})
