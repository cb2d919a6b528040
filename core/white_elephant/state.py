"""White Elephant, the Peanut card game: one position, its legal moves, views and scoring.

A game starts with two chance moves (the shuffle, then the first Start Player); every round
is then dealt automatically.  On a turn the seat to move may peek (spend a Peanut to look at a
Surprise Gift), makes one main action (take 2+ gifts, trade for a Peanut, or clear out), may
peek again and ends its turn, unless the main action ended the round.

Surprise Gifts (facedown cards) are never named by id in a view or an event: each gets a
handle ``surprise-N`` when it is dealt, and a seat's view maps a handle to the card only once
that seat has peeked at it.

    >>> import random
    >>> state = WhiteElephantState(3)
    >>> _ = state.apply(state.chance_move(random.Random(1)))   # shuffle
    >>> _ = state.apply(Start(0))
    >>> state.active(), len(state.exchange), state.deck_count
    ((0,), 7, 42)
    >>> state.apply(Trade(by=0, target=1))
    Traceback (most recent call last):
    ...
    yule.core.white_elephant.state.NoTarget: Nobody has gifts in front of them to trade for.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
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
from .cards import CARD_NUMBER, CARD_SUIT, DEAL, PEANUTS, SUIT_RANK, SUITS, deck_for, suits_for
from .moves import CLEARS, ENDS, MOST_SEATS, PEEKS, TRADES, Clear, End, Move, Peek, Shuffle, Start, Take, Trade, parse
from .reasons import REASONS
from .views import WhiteElephantResult, WhiteElephantView

# Phases
SHUFFLE = "shuffle"  # waiting for the chance shuffle
START = "start"  # waiting for the chance draw of the first Start Player
MAIN = "main"  # the seat to move has not made its main action
AFTER = "after"  # main action made, round not over: peek or end

SURPRISE = "surprise-"
HANDLES = tuple(f"{SURPRISE}{n}" for n in range(1, 1 + len(CARD_SUIT)))
"""The handle of each Surprise Gift dealt, by count: ``surprise-1`` first."""


_DECK_SETS = {players: frozenset(deck_for(players)) for players in DEAL}
"""The cards of each player count's deck."""

_ONE = tuple((seat,) for seat in range(MOST_SEATS))
"""``(seat,)`` for each seat: what :meth:`WhiteElephantState.active` returns on a turn, made once."""
_CHANCE = (CHANCE,)


class NoPeanut(IllegalMove):
    """Trading and peeking cost an available Peanut."""


class TooFewGifts(IllegalMove):
    """A take needs 2 or more gifts."""


class NotInExchange(IllegalMove):
    """A taken gift must lie in the Gift Exchange."""


class NoTarget(IllegalMove):
    """A trade needs another seat with gifts in front of them."""


class NotPeekable(IllegalMove):
    """A peek needs a Surprise Gift in play that the seat does not already know."""


class WhiteElephantState(GameState[Move]):
    """One position of White Elephant for 3 to 8 seats (no options)."""

    ACTIONS = ("take", "trade", "clear", "peek", "end")

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        if players not in DEAL:
            raise ValueError(f"White Elephant is for 3 to 8 players, not {players}")
        self.players = players
        self.options: dict[str, Any] = {}
        self.faceup_count, self.facedown_count = DEAL[players]
        self.deck: list[str] = []
        self.deck_pos = 0
        self.exchange: list[str] = []  # card ids in the Exchange, in layout order
        self.front: list[list[str]] = [[] for _ in range(players)]  # this round's gifts
        self.shelf: list[list[str]] = [[] for _ in range(players)]
        self.peanuts = [1] * players  # available Peanuts per seat
        self.on_card: dict[str, int] = {}  # Peanuts on each Surprise Gift in play
        self.pot = 0  # Peanuts in the Exchange, beside the marker
        self.supply = PEANUTS - players
        self.start_player = -1
        self.turn = -1
        self.phase = SHUFFLE
        self.round = 0
        self.final_round = False
        self.handle: dict[str, str] = {}  # facedown card in play -> its handle
        self.card_of: dict[str, str] = {}  # handle -> facedown card in play
        self.known: list[set[str]] = [set() for _ in range(players)]  # facedown cards peeked
        self.shelf_known: dict[str, int] = {}  # shelved Surprise Gift -> bit per seat that has seen it
        self.surprises_dealt = 0
        self._outcome: Outcome | None = None

    # -- who moves -------------------------------------------------------------------------

    def active(self) -> tuple[int | str, ...]:
        phase = self.phase
        if phase in (MAIN, AFTER):
            return _ONE[self.turn]
        if phase == OVER:
            return ()
        return _CHANCE

    @property
    def deck_count(self) -> int:
        return len(self.deck) - self.deck_pos

    # -- parsing -----------------------------------------------------------------------------

    def parse_record_move(self, move: dict[str, Any]) -> Move:
        return parse(move)

    def parse_seat_move(self, seat: int, move: dict[str, Any]) -> Move:
        """A seat's wire move: Surprise Gifts are named by handle, faceup gifts by id.

        A seat cannot learn anything from the error: naming a facedown card by its id gets
        the same answer as naming a card that is nowhere.
        """
        parsed = super().parse_seat_move(seat, move)
        if isinstance(parsed, Take):
            cards = tuple(self._resolve(ref, NotInExchange, "not_in_exchange", faceup_ok=True) for ref in parsed.cards)
            return Take(seat, cards)
        if isinstance(parsed, Peek):
            return Peek(seat, self._resolve(parsed.card, NotPeekable, "not_surprise", faceup_ok=False))
        return parsed

    def _resolve(self, ref: str, error: type[IllegalMove], kind: str, *, faceup_ok: bool) -> str:
        """The card a seat names: a Surprise Gift by its handle, else a faceup gift in the Exchange.

        Anything else, a facedown card's real id included, fails here with one reason, before
        any other check, so the answer says nothing about where a hidden card is.
        """
        if ref.startswith(SURPRISE):
            card = self.card_of.get(ref)
            if card is not None:
                return card
        elif faceup_ok and ref not in self.handle and ref in self.exchange:
            return ref
        raise error(REASONS, kind)

    # -- legality ----------------------------------------------------------------------------

    def verify(self, move: Move) -> None:
        check = _CHECK.get(type(move))
        if check is None:
            if self.phase == OVER:
                raise GameIsOver(REASONS)
            raise MalformedMove(REASONS, "malformed_move", move=repr(move))
        check(self, move)

    def _verify_shuffle(self, move: Shuffle) -> None:
        phase = self.phase
        if phase == OVER:
            raise GameIsOver(REASONS)
        if phase != SHUFFLE:
            raise WrongPhase(REASONS, "shuffled_once")
        deck = _DECK_SETS[self.players]
        if len(move.deck) != len(deck) or deck != set(move.deck):  # each card of the deck once
            raise BadChance(REASONS, "deck_cards", players=self.players)

    def _verify_start(self, move: Start) -> None:
        phase = self.phase
        if phase == OVER:
            raise GameIsOver(REASONS)
        if phase != START:
            raise WrongPhase(REASONS, "start_once")
        if not 0 <= move.seat < self.players:
            raise BadChance(REASONS, "no_start_seat", seat=move.seat)

    # The checks of :attr:`ACTIONS`, one ``verify_<kind>`` each (see :meth:`GameState.action_hints`).

    def _verify_turn(self, seat: int) -> None:
        if seat == self.turn and self.phase in (MAIN, AFTER):
            return
        if self.phase == OVER:
            raise GameIsOver(REASONS)
        if self.phase in (SHUFFLE, START):
            raise NotYourTurn(REASONS, "not_started")
        if seat != self.turn:
            raise NotYourTurn(REASONS)

    def _verify_main(self, seat: int) -> None:
        if seat == self.turn and self.phase == MAIN:
            return
        self._verify_turn(seat)
        if self.phase != MAIN:
            raise WrongPhase(REASONS, "main_done")

    def verify_take(self, seat: int, cards: tuple[str, ...] | None = None) -> None:
        if seat != self.turn or self.phase != MAIN:
            self._verify_main(seat)
        exchange = self.exchange
        if len(exchange) < 2:
            raise TooFewGifts(REASONS, "one_gift_left")
        if cards is None:
            return
        if len(cards) < 2:
            raise TooFewGifts(REASONS, "take_two")
        if len(set(cards)) != len(cards):
            raise TooFewGifts(REASONS, "same_gift_twice")
        for card in cards:
            if card not in exchange:
                raise NotInExchange(REASONS)

    def verify_trade(self, seat: int, target: int | None = None) -> None:
        self._verify_main(seat)
        if self.peanuts[seat] < 1:
            raise self._no_peanut(seat, "trade")
        front = self.front
        if not any(front[t] for t in range(self.players) if t != seat):
            raise NoTarget(REASONS, "nobody_to_trade")
        if target is None:
            return
        if not 0 <= target < self.players:
            raise NoTarget(REASONS, "no_seat")
        if target == seat:
            raise NoTarget(REASONS, "trade_self")
        if not front[target]:
            raise NoTarget(REASONS, "no_gifts", seat=target)

    def verify_clear(self, seat: int) -> None:
        self._verify_main(seat)

    def verify_peek(self, seat: int, card: str | None = None) -> None:
        if seat != self.turn or (self.phase != MAIN and self.phase != AFTER):
            self._verify_turn(seat)
        if self.peanuts[seat] < 1:
            raise self._no_peanut(seat, "peek")
        known = self.known[seat]
        if card is not None and card in self.handle and card not in known:
            return  # a Surprise Gift to peek at: every check below passes
        if all(c in known for c in self.handle):
            raise NotPeekable(REASONS, "all_seen")
        if card is None:
            return
        if card not in self.handle:
            raise NotPeekable(REASONS, "not_surprise")
        if card in known:
            raise NotPeekable(REASONS, "already_known")

    def verify_end(self, seat: int) -> None:
        if seat == self.turn and self.phase == AFTER:
            return
        self._verify_turn(seat)
        if self.phase != AFTER:
            raise WrongPhase(REASONS, "main_first")

    def _no_peanut(self, seat: int, what: str) -> NoPeanut:
        """The refusal of a trade or a peek (``what``) by a seat without a Peanut: ``waiting``
        says that Peanuts lie on its Surprise Gifts, which it gets when the round ends."""
        waiting = sum(self.on_card[c] for c in self.front[seat] if c in self.on_card) > 0
        return NoPeanut(REASONS, f"peanuts_waiting_{what}" if waiting else f"no_peanut_{what}")

    # -- playing -----------------------------------------------------------------------------

    def play(self, move: Move, events: list[Event] | None = None) -> None:
        if isinstance(move, Take):  # the commonest first (compiled: a direct call)
            self._take(move, events)
        elif isinstance(move, Peek):
            self._peek(move, events)
        elif isinstance(move, End):
            self._end(move, events)
        elif isinstance(move, Trade):
            self._trade(move, events)
        elif isinstance(move, Clear):
            self._clear(move, events)
        elif isinstance(move, Shuffle):
            self._shuffle(move, events)
        elif isinstance(move, Start):
            self._start(move, events)
        else:
            self.verify(move)  # not a White Elephant move: says so

    def _shuffle(self, move: Shuffle, events: list[Event] | None) -> None:
        self._verify_shuffle(move)
        self.deck = list(move.deck)
        self.phase = START
        if events is not None:
            events.append({"type": "shuffle", "cards": len(self.deck)})

    def _start(self, move: Start, events: list[Event] | None) -> None:
        self._verify_start(move)
        self.start_player = move.seat
        if events is not None:
            events.append({"type": "start", "seat": move.seat})
        self._new_round(events)

    def _end(self, move: End, events: list[Event] | None) -> None:
        seat = move.by
        if seat != self.turn or self.phase != AFTER:
            self.verify_end(seat)  # says why not
        if events is not None:
            events.append({"type": "end", "by": seat})
        # The turn passes to the next seat clockwise with no gift in front of it.
        n, front = self.players, self.front
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if not front[nxt]:
                self.turn = nxt
                break
        self.phase = MAIN
        if events is not None:
            events.append({"type": "turn", "seat": self.turn})

    def chance_move(self, rng: random.Random) -> Move:
        if self.phase == SHUFFLE:
            deck = deck_for(self.players)
            rng.shuffle(deck)
            return Shuffle(tuple(deck))
        if self.phase == START:
            return Start(rng.randrange(self.players))
        raise WrongPhase(REASONS, "no_chance")

    def _ref(self, card: str) -> str:
        return self.handle.get(card, card)

    def _take(self, move: Take, events: list[Event] | None) -> None:
        seat, cards = move
        exchange = self.exchange
        left = [card for card in exchange if card not in cards]
        # Legal is one test: 2 gifts or more, each in the Exchange once (then so many are left).
        if seat != self.turn or self.phase != MAIN or len(cards) < 2 or len(left) != len(exchange) - len(cards):
            self.verify_take(seat, cards)  # says why not
        self.exchange = left
        self.front[seat] += cards
        if events is not None:
            handle = self.handle
            events.append({"type": "take", "by": seat, "cards": [handle.get(c, c) for c in cards]})
        self._after_main(events, cleared_by=None)

    def _trade(self, move: Trade, events: list[Event] | None) -> None:
        seat, target = move.by, move.target
        self.verify_trade(seat, target)
        self.peanuts[seat] -= 1
        self.pot += 1
        cards = self.front[target]
        self.front[target] = []
        self.front[seat].extend(cards)
        if events is not None:
            events.append({"type": "trade", "by": seat, "target": target, "cards": [self._ref(c) for c in cards]})
        self._after_main(events, cleared_by=None)

    def _clear(self, move: Clear, events: list[Event] | None) -> None:
        seat = move.by
        self.verify_clear(seat)
        cards = self.exchange
        self.exchange = []
        self.front[seat].extend(cards)
        if events is not None:
            events.append({"type": "clear", "by": seat, "cards": [self._ref(c) for c in cards], "peanuts": self.pot})
        self._after_main(events, cleared_by=seat)

    def _peek(self, move: Peek, events: list[Event] | None) -> None:
        seat, card = move.by, move.card
        if (
            seat != self.turn or (self.phase != MAIN and self.phase != AFTER) or self.peanuts[seat] < 1
            or card not in self.handle or card in self.known[seat]
        ):  # fmt: skip
            self.verify_peek(seat, card)  # says why not
        self.peanuts[seat] -= 1
        self.pot += 1
        self.known[seat].add(card)
        if events is not None:
            events.append({"type": "peek", "by": seat, "card": self.handle[card]})

    def _after_main(self, events: list[Event] | None, cleared_by: int | None) -> None:
        if cleared_by is not None or not self.exchange or all(self.front):
            self._end_round(events, cleared_by)
        else:
            self.phase = AFTER

    def _end_round(self, events: list[Event] | None, cleared_by: int | None) -> None:
        n = self.players
        opened = [0] * n
        gained = [0] * n
        handle, on_card, known, peanuts = self.handle, self.on_card, self.known, self.peanuts
        for seat, cards in enumerate(self.front):
            for card in cards:
                if card in handle:
                    opened[seat] += 1
                    gained[seat] += on_card.pop(card)
                    del self.card_of[handle.pop(card)]
                    seen = 1 << seat
                    for other, cards_known in enumerate(known):
                        if card in cards_known:
                            cards_known.discard(card)
                            seen |= 1 << other
                    self.shelf_known[card] = seen
            peanuts[seat] += gained[seat]
            self.shelf[seat].extend(cards)
        self.front = [[] for _ in range(n)]
        marker_peanuts = 0
        if cleared_by is not None:
            marker_peanuts = self.pot
            peanuts[cleared_by] += self.pot
            self.pot = 0
            self.start_player = cleared_by
        if events is not None:
            events.append(
                {
                    "type": "round_end",
                    "round": self.round,
                    "cleared_by": cleared_by,
                    "marker_peanuts": marker_peanuts,
                    "opened": opened,
                    "peanuts": gained,
                    "shelves": [len(s) for s in self.shelf],
                }
            )
        if self.final_round:
            self.phase = OVER
            self._outcome = score(self.shelf, self.peanuts, self.players)
            if events is not None:
                events.append({"type": "game_over", **self._outcome.to_record()})
        else:
            self._new_round(events)

    def _new_round(self, events: list[Event] | None) -> None:
        self.round += 1
        if self.supply:
            self.supply -= 1
            self.pot += 1
        pos = self.deck_pos
        deck = self.deck
        up = deck[pos : pos + self.faceup_count]
        pos += len(up)
        down = deck[pos : pos + self.facedown_count]
        self.deck_pos = pos = pos + len(down)
        self.final_round = pos >= len(deck)
        handles, card_of, on_card = self.handle, self.card_of, self.on_card
        for card in down:
            # Handles count the Surprise Gifts dealt so far: they say nothing about the card.
            handle = HANDLES[self.surprises_dealt]
            self.surprises_dealt += 1
            handles[card] = handle
            card_of[handle] = card
            if self.supply:
                self.supply -= 1
                on_card[card] = 1
            else:
                on_card[card] = 0
        self.exchange += up
        self.exchange += down
        self.turn = self.start_player
        self.phase = MAIN
        if events is not None:
            events.append(
                {
                    "type": "round",
                    "round": self.round,
                    "final": self.final_round,
                    "dealt": up + [handles[card] for card in down],
                    "start_player": self.start_player,
                }
            )

    # -- search ------------------------------------------------------------------------------

    def legal_moves(self, seat: int) -> list[Move]:
        """The seat's legal moves: peeks, then the main actions (takes as :meth:`take_moves`
        lists them, trades, clear out) or the end of the turn."""
        phase = self.phase
        if seat != self.turn or phase not in (MAIN, AFTER):
            return []
        can_pay = self.peanuts[seat] >= 1
        if can_pay:
            known, peeks = self.known[seat], PEEKS[seat]
            moves: list[Move] = [peeks[card] for card in self.handle if card not in known]
        else:
            moves = []
        if phase == AFTER:
            moves.append(ENDS[seat])
            return moves
        moves += self.take_moves(seat)
        if can_pay:
            front, trades = self.front, TRADES[seat]
            moves += [trades[t] for t in range(self.players) if front[t] and t != seat]
        moves.append(CLEARS[seat])
        return moves

    def take_moves(self, seat: int) -> list[Take]:
        """The takes listed for ``seat``: every take of 2 or 3 gifts and the take of every gift
        left, each with its gifts in the Exchange's order.

        Taking 2 or more gifts has too many variants to list (2^16 with 16 gifts out), so two
        stand-ins keep the list short.  Surprise Gifts the seat has not peeked at and that carry
        as many Peanuts are alike to it: a listed take uses the first of them in the Exchange
        (:meth:`stand_in` maps any take to its listed form).  And a take of 4 or more gifts that
        leaves some behind is not listed: each gift is more points, so the bots leave the
        rest for others, or take it all.

            >>> state = WhiteElephantState(3)
            >>> state.exchange = ["mug-1", "mug-2", "a", "b"]
            >>> state.handle, state.on_card, state.turn, state.phase = {"a": "surprise-1", "b": "surprise-2"}, {"a": 1, "b": 1}, 0, MAIN
            >>> [m.cards for m in state.take_moves(0)]  # doctest: +NORMALIZE_WHITESPACE
            [('mug-1', 'mug-2'), ('mug-1', 'a'), ('mug-2', 'a'), ('a', 'b'), ('mug-1', 'mug-2', 'a'),
             ('mug-1', 'a', 'b'), ('mug-2', 'a', 'b'), ('mug-1', 'mug-2', 'a', 'b')]
        """
        known, on_card = self.known[seat], self.on_card
        picks = take_picks(self.exchange, {c: n for c, n in on_card.items() if c not in known})
        make = tuple.__new__  # Take(seat, pick), without the call of its __new__: hundreds a listing
        return [make(Take, (seat, pick)) for pick in picks]

    def stand_in(self, move: Take) -> Take:
        """The take :meth:`take_moves` lists for ``move`` (a take of 2 or 3 gifts, or of every
        gift left): alike Surprise Gifts swapped for the first ones of their kind, every gift
        in the Exchange's order."""
        exchange, known, on_card = self.exchange, self.known[move.by], self.on_card

        def kind(i: int) -> int:
            card = exchange[i]
            return on_card[card] if card in on_card and card not in known else -1 - i

        wanted: dict[int, int] = {}
        for card in move.cards:
            k = kind(exchange.index(card))
            wanted[k] = wanted.get(k, 0) + 1
        picked = []
        for i in range(len(exchange)):
            k = kind(i)
            if wanted.get(k, 0) > 0:
                wanted[k] -= 1
                picked.append(exchange[i])
        return Take(move.by, tuple(picked))

    def clone(self) -> WhiteElephantState:
        new = WhiteElephantState(self.players)
        new.deck = self.deck  # never changed once shuffled
        new.deck_pos = self.deck_pos
        new.exchange = list(self.exchange)
        new.front = [list(cards) for cards in self.front]
        new.shelf = [list(cards) for cards in self.shelf]
        new.peanuts = list(self.peanuts)
        new.on_card = dict(self.on_card)
        new.pot, new.supply = self.pot, self.supply
        new.start_player, new.turn, new.phase = self.start_player, self.turn, self.phase
        new.round, new.final_round = self.round, self.final_round
        new.handle = dict(self.handle)
        new.card_of = dict(self.card_of)
        new.known = [set(k) for k in self.known]
        new.shelf_known = dict(self.shelf_known)
        new.surprises_dealt = self.surprises_dealt
        new._outcome = self._outcome
        return new

    def wire_move(self, move: Move) -> dict[str, Any]:
        """Surprise Gifts by their handles, as a seat names them."""
        handle = self.handle
        if isinstance(move, Take):
            return {"type": "take", "cards": [handle.get(c, c) for c in move.cards]}
        if isinstance(move, Peek):
            return {"type": "peek", "card": handle[move.card]}
        return super().wire_move(move)

    # -- what a seat may know ----------------------------------------------------------------

    def view(self, seat: int | None) -> WhiteElephantView:
        """What ``seat`` may know now; ``None`` is a spectator (public information only).

        Surprise Gifts appear as handles; ``known`` maps the handles this seat has peeked at to
        their cards.  Shelves are face down: ``shelf_sizes`` counts them, ``seen_shelves`` holds
        what this seat has seen of each (:class:`~yule.core.white_elephant.views.WhiteElephantView`
        tells every field).
        """
        handle = self.handle
        shelf_known = self.shelf_known
        bit = 0 if seat is None else 1 << seat
        view: WhiteElephantView = {
            "game": "white-elephant",
            "you": seat,
            "players": self.players,
            "phase": self.phase,
            "round": self.round,
            "final_round": self.final_round,
            "deck": len(self.deck) - self.deck_pos,
            "supply": self.supply,
            "pot": self.pot,
            "start_player": self.start_player if self.start_player >= 0 else None,
            "turn": self.turn if self.phase in (MAIN, AFTER) else None,
            "exchange": [handle.get(c, c) for c in self.exchange],
            "front": [[handle.get(c, c) for c in cards] for cards in self.front],
            "on_gifts": {handle[c]: n for c, n in self.on_card.items()},
            "peanuts": list(self.peanuts),
            "shelf_sizes": [len(s) for s in self.shelf],
            "peeked": {h: [s for s, known in enumerate(self.known) if c in known] for c, h in handle.items()},
            "seen_shelves": [
                [c for c in cards if c not in shelf_known or shelf_known[c] & bit] for cards in self.shelf
            ],
        }
        if seat is not None:
            view["shelf"] = list(self.shelf[seat])
            view["known"] = {handle[c]: c for c in sorted(self.known[seat])}
            if seat == self.turn and self.phase in (MAIN, AFTER):
                view["actions"] = self.action_hints(seat)
        if self._outcome is not None:
            view["result"] = cast(WhiteElephantResult, self._outcome.to_record())
        return view


_CHECK: dict[type, Callable[[WhiteElephantState, Any], None]] = {
    Take: lambda state, move: state.verify_take(move.by, move.cards),
    Peek: lambda state, move: state.verify_peek(move.by, move.card),
    End: lambda state, move: state.verify_end(move.by),
    Trade: lambda state, move: state.verify_trade(move.by, move.target),
    Clear: lambda state, move: state.verify_clear(move.by),
    Shuffle: WhiteElephantState._verify_shuffle,
    Start: WhiteElephantState._verify_start,
}
"""Each kind of move and its check (:meth:`WhiteElephantState.verify`)."""


def take_picks(exchange: Sequence[str], unseen: Mapping[str, int]) -> list[tuple[str, ...]]:
    """The gifts of each take :meth:`WhiteElephantState.take_moves` lists, from the gifts in
    the Exchange (cards, or the references a view shows) and the Surprise Gifts among them the
    seat has not seen, with the Peanuts on each: those with as many are alike to the seat.

    >>> take_picks(["mug-1", "surprise-1", "surprise-2"], {"surprise-1": 1, "surprise-2": 1})
    [('mug-1', 'surprise-1'), ('surprise-1', 'surprise-2'), ('mug-1', 'surprise-1', 'surprise-2')]
    """
    alone: list[int] = []  # places of the gifts a take may name on their own
    alike: dict[int, list[int]] = {}  # first unseen Surprise Gift -> the places of those alike to it
    first: dict[int, int] = {}  # Peanuts on it -> the first unseen Surprise Gift
    for i, card in enumerate(exchange):
        if card in unseen:
            peanuts = unseen[card]
            if peanuts in first:
                alike[first[peanuts]].append(i)
                continue
            first[peanuts] = i
            alike[i] = []
        alone.append(i)
    single = [exchange[i] for i in alone]
    picks: list[tuple[str, ...]] = list(combinations(single, 2))
    picks.extend((exchange[i], exchange[more[0]]) for i, more in alike.items() if more)
    picks.extend(combinations(single, 3))
    for i, more in alike.items():
        if more:
            picks.extend(tuple(exchange[k] for k in sorted((i, more[0], j))) for j in alone if j != i)
            if len(more) > 1:
                picks.append((exchange[i], exchange[more[0]], exchange[more[1]]))
    if len(exchange) > 3:
        picks.append(tuple(exchange))
    return picks


_TALLY = {
    card: (1 | number << 8) << 16 * SUIT_RANK[CARD_SUIT[card]] | number << 16 * len(SUITS)
    for card, number in CARD_NUMBER.items()
}
"""A card as a tally: in the 2 bytes of its suit (suits in the rulebook's order), one card in the
low byte and its number in the high one, and its number again in the 2 bytes above every suit's;
a shelf's tallies added up count the cards of each suit, add up their numbers and all the
numbers, at once (a suit has at most 11 cards, their numbers add up to 55 at most: each fits its
byte), read off the sum's bytes."""
_ALL_NUMBERS = 2 * len(SUITS)
"""The byte of a tally where the sum of every number begins (it takes two)."""
_TALLY_BYTES = _ALL_NUMBERS + 2
_SUITS_IN_PLAY = {players: tuple((suit, 2 * SUIT_RANK[suit]) for suit in suits_for(players)) for players in DEAL}
"""The suits of each player count's deck, with the byte of a tally where each one's count is."""


def score(shelves: list[list[str]], peanuts: list[int], players: int) -> Outcome:
    """Final scoring (house rule 12): lowest wins, ties share.

    For each suit the seats holding the most of it (at least one card, every tied seat) make a
    Collection worth 1 per card; every other card scores its number; each Peanut is -1.

    >>> score([["mug-9", "mug-8"], ["mug-0", "socks-7"], []], [0, 2, 0], 4).scores
    (2, -1, 0)
    """
    tallies = [sum(map(_TALLY.__getitem__, cards)).to_bytes(_TALLY_BYTES, "little") for cards in shelves]
    scores = [tally[_ALL_NUMBERS] + 256 * tally[_ALL_NUMBERS + 1] - peanuts[seat] for seat, tally in enumerate(tallies)]
    collections: list[list[str]] = [[] for _ in range(players)]
    for suit, at in _SUITS_IN_PLAY[players]:
        counts = [tally[at] for tally in tallies]
        most = max(counts)
        if most:
            for seat, count in enumerate(counts):
                if count == most:  # a Collection: its cards score 1 each, not their numbers
                    collections[seat].append(suit)
                    scores[seat] += count - tallies[seat][at + 1]
    return Outcome.by_score(
        scores,
        lowest_wins=True,
        extra={"shelves": [list(s) for s in shelves], "peanuts": list(peanuts), "collections": collections},
    )
