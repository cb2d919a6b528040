"""Gift Exchange, the party's open-or-steal game: one position, its legal moves, views, result.

Play goes through four phases:

* ``bringing``: every seat brings one gift (gift ``i`` is seat ``i``'s) with a secret label and
  a public wrapping; all seats that have not brought yet may move, in any order.  Then chance
  draws the turn order (still ``bringing`` until it is drawn).
* ``playing``: turn ``t`` belongs to ``order[t]``.  The seat to move opens a wrapped gift
  (this ends the turn) or steals an open one; the seat that lost it moves next, so one turn
  can be a chain of steals.
* ``final``: once the last gift is open, the first seat of the order may swap its gift for
  another open, unfrozen one (a steal; the other holder gets the first seat's gift) or keep.
  Offered only when the option is on, there are 2+ seats and there is something to swap for.
* ``over``: every seat holds exactly one gift.

The organiser mends the party as it goes (organiser mode; moves by ``"organiser"``, see
:mod:`.moves`), as a party expects:

* **A latecomer** arrives with their wrapped gift (:class:`~.moves.Arrive`): they take the next
  seat (their gift the next gift id) and their gift joins the pile.  While gifts are brought
  they are simply in the draw; after it (``placing``, a moment) chance places them at one of the
  places after the turn being played, each as likely (:class:`~.moves.Place`): a latecomer never
  jumps the turn under way, and is as likely to go next as last.  Not once every gift is open.
* **A guest who stepped out** is skipped (:class:`~.moves.Skip`) when their own turn begins
  (before any steal of that turn): they go to the end of the order and take their turn when they
  are back.  Nobody goes home without a gift, so a guest who is still out once everyone else
  has had their turn is not skipped again: the organiser opens (or steals) for them.  Skipping
  the first guest of the order makes the next one the first (the final swap is theirs).
* **A mistyped label** is put right (:class:`~.moves.Relabel`), wrapped or open, until the end:
  cleaned as a label is when it is typed, never empty.  A wrapped gift's new label stays as
  secret as the old one (its event names only the gift).

A label is known to its bringer from the start and to everyone once the gift is opened; until
then it is in nobody else's view and in no event.  Whether a gift was brought *without* a
label (to be named at the reveal, organiser mode) is public, so the opener knows to name it.

Undo is the host's or the organiser's (:meth:`yule.core.session.Session.undo`);
:func:`undo_floor` says how far back it may go (never before the drawn order).

    >>> state = GiftExchangeState(2)
    >>> state.active()
    (0, 1)
    >>> _ = state.apply(Bring(1, "Socks", "flat parcel"))
    >>> _ = state.apply(Bring(0, "Candle", "tin"))
    >>> [e["type"] for e in state.apply(Order((1, 0)))]
    ['order', 'turn']
    >>> state.apply(Steal(1, 0))
    Traceback (most recent call last):
    ...
    yule.core.gift_exchange.state.Wrapped: Gift #1 is still wrapped: open it instead.
    >>> [e["type"] for e in state.apply(Open(1, 0))]
    ['open', 'turn']
    >>> state.apply(Steal(0, 0))[0]
    {'type': 'steal', 'by': 0, 'gift': 0, 'label': 'Candle', 'from': 1, 'steals': 1, 'final': False}
    >>> _ = state.apply(Open(1, 1))
    >>> state.phase, state.active()
    ('final', (1,))
    >>> _ = state.apply(Keep(1))
    >>> state.outcome().to_record()
    {'scores': [0, 0], 'winners': [], 'holdings': [0, 1], 'steals': [1, 0]}
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, cast

from ..base import (
    CHANCE,
    ORGANISER,
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
    refusal,
)
from .moves import (
    KEEPS,
    MOST_SEATS,
    OPENS,
    STAND_IN_BRINGS,
    STAND_IN_OPENS,
    STEALS,
    Arrive,
    Bring,
    Keep,
    Move,
    Open,
    Order,
    Place,
    Relabel,
    Skip,
    Steal,
    parse,
)
from .options import DEFAULT_OPTIONS
from .reasons import REASONS
from .text import LABEL_MAX, WRAPPING_MAX, plain_gift, text_fault
from .views import Gift, GiftExchangeActions, GiftExchangeResult, GiftExchangeView

BRINGING = "bringing"
PLAYING = "playing"
FINAL = "final"
PLACING = "placing"
"""A latecomer arrived after the draw: chance places them in the order (a moment: the host draws it at once)."""

NOBODY = -1
"""``holder`` of a wrapped gift, ``held`` of a seat without a gift."""


UNLIMITED = 1 << 62
"""A count no gift's steals nor a turn's reach: the ``steal_limit`` and ``max_steals_per_turn`` of no limit."""

_ONE = tuple((seat,) for seat in range(MOST_SEATS))
"""``(seat,)`` for each seat: what :meth:`GiftExchangeState.active` returns in play, made once."""
_CHANCE = (CHANCE,)


@lru_cache(maxsize=4096)
def seats_in(seats: int) -> tuple[int, ...]:
    """The seats of a set of seats (an int, a bit a seat), in order: made once for each set in use.

    >>> seats_in(0b1011)
    (0, 1, 3)
    """
    return tuple([seat for seat in range(seats.bit_length()) if seats >> seat & 1])


@lru_cache(maxsize=1 << 13)
def opens_of(seat: int, gifts: int) -> tuple[Open, ...]:
    """The opens of the gifts of ``gifts`` (a bit a gift) by ``seat``: made once for each in use."""
    return tuple([OPENS[seat][gift] for gift in seats_in(gifts)])


@lru_cache(maxsize=1 << 13)
def steals_of(seat: int, gifts: int) -> tuple[Steal, ...]:
    """The steals of the gifts of ``gifts`` (a bit a gift) by ``seat``: made once for each in use."""
    return tuple([STEALS[seat][gift] for gift in seats_in(gifts)])


class AlreadyBrought(IllegalMove):
    """A seat brings one gift only."""


class BadText(IllegalMove):
    """A label or wrapping that is too long, has control characters or is missing at the reveal."""


class NoSuchGift(IllegalMove):
    """A gift number outside the table."""


class AlreadyOpen(IllegalMove):
    """Only a wrapped gift can be opened."""


class OwnGift(IllegalMove):
    """``open_own`` is off: a seat may not open the gift it brought while others are wrapped."""


class Wrapped(IllegalMove):
    """Only an open gift can be stolen."""


class AlreadyYours(IllegalMove):
    """A seat cannot steal the gift it holds."""


class Frozen(IllegalMove):
    """A gift stolen ``steal_limit`` times can no longer be taken."""


class NoStealBack(IllegalMove):
    """``no_steal_back``: a seat may not take back a gift it lost earlier in this turn (with
    ``steal_back_scope`` ``"last"``: the gift it lost most recently in this turn)."""


class StealCap(IllegalMove):
    """``max_steals_per_turn`` steals already happened this turn."""


REFUSAL_CODES: dict[type[IllegalMove], str] = {
    OwnGift: "own_gift",
    Wrapped: "wrapped",
    AlreadyYours: "yours",
    Frozen: "frozen",
    NoStealBack: "no_steal_back",
    StealCap: "steal_cap",
}
"""Short codes for the UI's refusal marks (``view["actions"]["refusals"][i]["code"]``)."""


class GiftExchangeState(GameState[Move]):
    """One position of a gift exchange for 2 to 40 seats (options: see :mod:`.options`)."""

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        """A game about to start: every gift still to bring.  ``options`` as :func:`.options.check_options`
        returns them (what ``Game.start`` gives, having checked them); ``None``: the defaults."""
        if type(players) is not int or not 2 <= players <= 40:
            raise ValueError(f"Gift Exchange is for 2 to 40 players, not {players}")
        opts = dict(DEFAULT_OPTIONS if options is None else options)
        self.players = players
        self.options = opts
        self.frozen_at: int = opts["steal_limit"] or UNLIMITED  # a gift stolen this many times is frozen
        self.no_steal_back: bool = opts["no_steal_back"]
        self.steal_back_last: bool = opts["steal_back_scope"] == "last"
        self.most_steals: int = opts["max_steals_per_turn"] or UNLIMITED  # steals allowed in one turn
        self.final_swap: bool = opts["final_swap"]
        self.open_own: bool = opts["open_own"]
        self.labels = [""] * players  # gift -> label ("" while unknown: blank and unopened)
        self.wrappings = [""] * players  # gift -> public wrapping
        self.blank = 0  # the gifts brought without a label (named at the reveal), a bit a gift
        self.to_bring = (1 << players) - 1  # the seats that have not brought yet (gift i is seat i's), a bit a seat
        self.opened = [False] * players
        self.wrapped = (1 << players) - 1  # the gifts not yet opened, a bit a gift
        self.takeable = 0  # the open gifts that are not frozen, a bit a gift
        self.holder = [NOBODY] * players  # gift -> seat holding it (NOBODY while wrapped)
        self.held = [NOBODY] * players  # seat -> gift it holds
        self.steals = [0] * players  # gift -> times stolen (final swap included)
        self.order: list[int] = []
        self.turn = -1  # index into order
        self.current = NOBODY  # the seat to move (playing / final)
        self.barred = [0] * players  # seat -> the gifts it may not steal back now, a bit a gift
        self.chain: list[tuple[int, int, int]] = []  # (thief, gift, victim) this turn
        self.arriving = NOBODY  # the latecomer chance places now (PLACING)
        self.phase = BRINGING
        self._outcome: Outcome | None = None

    # -- who moves -------------------------------------------------------------------------

    def active(self) -> tuple[int | str, ...]:
        phase = self.phase
        if phase in (PLAYING, FINAL):
            return _ONE[self.current]
        if phase == BRINGING:
            return seats_in(self.to_bring) if self.to_bring else _CHANCE
        if phase == PLACING:
            return _CHANCE
        return ()

    @property
    def first(self) -> int | None:
        """The first seat of the order (the one offered the final swap), once drawn."""
        return self.order[0] if self.order else None

    def frozen(self, gift: int) -> bool:
        """True once the gift has been stolen ``steal_limit`` times."""
        return self.steals[gift] >= self.frozen_at

    def at_once(self) -> bool:
        """While gifts are brought, every seat that has not brought yet brings at once, in secret."""
        return self.phase == BRINGING

    # -- parsing -----------------------------------------------------------------------------

    def parse_record_move(self, move: dict[str, Any]) -> Move:
        return parse(move)

    # -- legality ----------------------------------------------------------------------------

    def verify(self, move: Move) -> None:
        check = _CHECK.get(type(move))
        if check is None:
            if self.phase == OVER:
                raise GameIsOver(REASONS)
            raise MalformedMove(REASONS, "malformed_move", move=repr(move))
        check(self, move)

    # One check a kind of move, in the order of house rule 3; :meth:`apply` makes the same.

    def _verify_order(self, move: Order) -> None:
        phase = self.phase
        if phase == OVER:
            raise GameIsOver(REASONS)
        if phase != BRINGING or self.to_bring:
            raise WrongPhase(REASONS, "order_once")
        if sorted(move.seats) != list(range(self.players)):
            raise BadChance(REASONS, "order_seats", players=self.players)

    def _verify_mover(self, seat: int) -> None:
        """The checks every open, steal and keep passes first: ``seat`` is the one to move."""
        phase = self.phase
        if seat == self.current and (phase in (PLAYING, FINAL)):
            return
        if phase == OVER:
            raise GameIsOver(REASONS)
        if not 0 <= seat < self.players:
            raise NotYourTurn(REASONS, "no_seat", seat=seat)
        if phase == BRINGING:
            if not self.to_bring:
                raise NotYourTurn(REASONS, "no_order")
            raise NotYourTurn(REASONS, "bringing")
        raise NotYourTurn(REASONS)

    def _verify_bring_move(self, move: Bring) -> None:
        seat = move.by
        if self.phase == OVER:
            raise GameIsOver(REASONS)
        if not 0 <= seat < self.players:
            raise NotYourTurn(REASONS, "no_seat", seat=seat)
        self.verify_bring(seat, move)

    def _verify_keep(self, move: Keep) -> None:
        self._verify_mover(move.by)
        if self.phase != FINAL:
            raise WrongPhase(REASONS, "keep_final")

    def verify_bring(self, seat: int, move: Bring | None = None) -> None:
        """``seat`` brings its gift (``move``; ``None``: whether it may bring one now)."""
        if self.phase != BRINGING or not self.to_bring:
            raise WrongPhase(REASONS, "all_brought")
        if not self.to_bring >> seat & 1:
            raise AlreadyBrought(REASONS)
        if move is None:
            return
        fault = text_fault(move.label, "label", LABEL_MAX) or text_fault(move.wrapping, "wrapping", WRAPPING_MAX)
        if fault is not None:
            raise BadText(REASONS, fault[0], **fault[1])

    def _verify_open_move(self, move: Open) -> None:
        seat, gift = move.by, move.gift
        if seat != self.current or self.phase != PLAYING:
            self._verify_mover(seat)
        if self.phase == FINAL:
            raise WrongPhase(REASONS, "all_open")
        if not 0 <= gift < self.players:
            raise NoSuchGift(REASONS, "no_gift", gift=gift)
        if self.opened[gift]:
            raise AlreadyOpen(REASONS, "already_open", gift=gift)
        if gift == seat:
            reason = self.open_refusal(seat, gift)
            if reason is not None:
                raise reason
        label = move.label
        if self.blank >> gift & 1:
            if not label:
                raise BadText(REASONS, "label_needed", gift=gift)
            fault = text_fault(label, "label", LABEL_MAX)
            if fault is not None:
                raise BadText(REASONS, fault[0], **fault[1])
        elif label is not None:
            raise BadText(REASONS, "label_given", gift=gift)

    def open_refusal(self, seat: int, gift: int) -> IllegalMove | None:
        """Why ``seat`` may not open wrapped gift ``gift`` under the options, or ``None``
        (only ever the gift it brought)."""
        if not self.open_own and gift == seat and self.wrapped & (self.wrapped - 1):  # another is wrapped
            return OwnGift(REASONS)
        return None

    def _verify_steal_move(self, move: Steal) -> None:
        seat, gift = move.by, move.gift
        if seat != self.current or (self.phase != PLAYING and self.phase != FINAL):
            self._verify_mover(seat)
        if not 0 <= gift < self.players:
            raise NoSuchGift(REASONS, "no_gift", gift=gift)
        bar = self._steal_bar(seat, gift)
        if bar is not None:
            raise self._steal_reason(bar, gift)

    def steal_refusal(self, seat: int, gift: int) -> IllegalMove | None:
        """Why ``seat`` may not steal ``gift`` now (house rule 3, in its order), or ``None``."""
        bar = self._steal_bar(seat, gift)
        return None if bar is None else self._steal_reason(bar, gift)

    def _steal_reason(self, bar: type[IllegalMove], gift: int) -> IllegalMove:
        """The refusal of a steal of ``gift`` barred by rule ``bar``, in words."""
        if bar is Wrapped:
            return Wrapped(REASONS, "wrapped", gift=gift)
        if bar is AlreadyYours:
            return AlreadyYours(REASONS, "yours", gift=gift)
        if bar is Frozen:
            return Frozen(REASONS, "frozen", gift=gift, steals=self.steals[gift])
        if bar is NoStealBack:
            if self.steal_back_last:
                return NoStealBack(REASONS, "no_steal_back_last", gift=gift)
            return NoStealBack(REASONS, "no_steal_back", gift=gift)
        return StealCap(REASONS, "steal_cap", most=self.most_steals)

    def _steal_bar(self, seat: int, gift: int) -> type[IllegalMove] | None:
        """The rule that bars ``seat`` from stealing ``gift`` now (:meth:`steal_refusal` says
        why in words), or ``None``: listing the legal moves needs no words."""
        if not self.opened[gift]:
            return Wrapped
        if self.holder[gift] == seat:
            return AlreadyYours
        if self.steals[gift] >= self.frozen_at:
            return Frozen
        if self.barred[seat] >> gift & 1:
            return NoStealBack
        if len(self.chain) >= self.most_steals:
            return StealCap
        return None

    def bar_steal_back(self, victim: int, gift: int) -> None:
        """``no_steal_back``: ``victim``, who just lost ``gift``, may not take it back this turn (nor,
        with ``steal_back_scope`` ``"turn"``, what it lost before it)."""
        barred = self.barred
        barred[victim] = 1 << gift if self.steal_back_last else barred[victim] | 1 << gift

    def swap_possible(self) -> bool:
        """House rule 5, once every gift is open: some gift the first seat does not hold is not frozen."""
        mine = self.held[self.order[0]]
        return bool(self.takeable & ~(1 << mine if mine != NOBODY else 0))

    # -- search ------------------------------------------------------------------------------

    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move of ``seat``: its bring, or each open, then each steal (gifts in order), and keep.

        A label or a wrapping is free text, so a bring and the open of a gift brought without
        a label are each listed once, with a stand-in text from :mod:`.text`'s bot examples
        (picked by the gift's number).  The gifts are checked all at once, as sets of gifts, by
        the rules of :meth:`open_refusal` and :meth:`_steal_bar` (``tests/gift_exchange``'s
        properties hold the list to their answers, gift by gift, under every house option)."""
        phase = self.phase
        if seat != self.current or (phase != PLAYING and phase != FINAL):
            if phase == BRINGING and seat >= 0 and self.to_bring >> seat & 1:
                return [STAND_IN_BRINGS[seat]]
            return []
        opens: tuple[Move, ...] = ()
        if phase == PLAYING:
            wrapped = self.wrapped
            if not self.open_own and wrapped & (wrapped - 1):  # open_refusal: its own, while another is wrapped
                wrapped &= ~(1 << seat)
            blank = self.blank & wrapped  # gifts to name as they are opened
            if blank:
                named = STAND_IN_OPENS[seat]
                opens = tuple([named[gift] if blank >> gift & 1 else OPENS[seat][gift] for gift in seats_in(wrapped)])
            else:
                opens = opens_of(seat, wrapped)
        steals: tuple[Move, ...] = ()
        if len(self.chain) < self.most_steals:  # _steal_bar's rules, for every gift at once
            takeable = self.takeable & ~self.barred[seat]
            mine = self.held[seat]
            if mine != NOBODY:
                takeable &= ~(1 << mine)
            steals = steals_of(seat, takeable)
        if phase == FINAL:
            return [*steals, KEEPS[seat]]
        return [*opens, *steals]

    def clone(self) -> GiftExchangeState:
        new = GiftExchangeState(self.players, self.options)  # the same options, and the rules they set
        new.phase = self.phase
        new.labels, new.wrappings, new.blank, new.to_bring = (
            list(self.labels),
            list(self.wrappings),
            self.blank,
            self.to_bring,
        )
        new.opened, new.wrapped, new.takeable = list(self.opened), self.wrapped, self.takeable
        new.holder, new.held, new.steals = list(self.holder), list(self.held), list(self.steals)
        new.order = self.order  # never changed in place: a latecomer or a skip makes a new list
        new.turn, new.current = self.turn, self.current
        new.barred, new.chain = list(self.barred), list(self.chain)
        new.arriving = self.arriving
        new._outcome = self._outcome
        return new

    # -- playing -----------------------------------------------------------------------------

    def play(self, move: Move, events: list[Event] | None = None) -> None:
        if isinstance(move, Open):  # the commonest first (compiled: a direct call)
            self._open(move, events)
        elif isinstance(move, Steal):
            self._steal(move, events)
        elif isinstance(move, Bring):
            self._bring(move, events)
        elif isinstance(move, Keep):
            self._keep(move, events)
        elif isinstance(move, Order):
            self._order(move, events)
        elif isinstance(move, Arrive):
            self._arrive(move, events)
        elif isinstance(move, Place):
            self._place(move, events)
        elif isinstance(move, Skip):
            self._skip(move, events)
        elif isinstance(move, Relabel):
            self._relabel(move, events)
        else:
            self.verify(move)  # not a Gift Exchange move: says so

    def _bring(self, move: Bring, events: list[Event] | None) -> None:
        seat, label, wrapping = move
        if (
            self.phase != BRINGING or seat < 0 or not self.to_bring >> seat & 1
            or not plain_gift(label, wrapping)
        ):  # fmt: skip
            self._verify_bring_move(move)  # says why not
        self.labels[seat] = label
        self.wrappings[seat] = wrapping
        if not label:
            self.blank |= 1 << seat
        self.to_bring ^= 1 << seat
        if events is not None:
            events.append({"type": "bring", "by": seat, "gift": seat, "wrapping": wrapping, "blank": not label})

    def _order(self, move: Order, events: list[Event] | None) -> None:
        self._verify_order(move)
        self.order = list(move.seats)
        self.phase = PLAYING
        self.turn, self.current = 0, self.order[0]
        if events is not None:
            events.append({"type": "order", "seats": list(move.seats)})
            events.append(self._turn_event())

    def _keep(self, move: Keep, events: list[Event] | None) -> None:
        self._verify_keep(move)
        if events is not None:
            held = self.held[move.by]
            events.append({"type": "keep", "by": move.by, "gift": held, "label": self.labels[held]})
        self._finish(events)

    def chance_move(self, rng: random.Random) -> Move:
        if self.phase == PLACING:  # one of the places after the turn under way, each as likely
            return Place(self.arriving, rng.randrange(self.turn + 1, len(self.order) + 1))
        if self.phase != BRINGING or self.to_bring:
            raise WrongPhase(REASONS, "no_chance")
        seats = list(range(self.players))
        rng.shuffle(seats)
        return Order(tuple(seats))

    def _turn_event(self) -> Event:
        """The event of a turn just begun."""
        return {"type": "turn", "turn": self.turn, "seat": self.current, "turns": self.players}

    def _open(self, move: Open, events: list[Event] | None) -> None:
        seat, gift, label = move.by, move.gift, move.label
        bit = 1 << gift if gift >= 0 else 0
        if (
            seat != self.current or self.phase != PLAYING or not self.wrapped & bit or label is not None
            or self.blank & bit or (gift == seat and not self.open_own)
        ):  # fmt: skip
            self._verify_open_move(move)  # says why not, or passes what the test above leaves to it
        if label is not None:
            self.labels[gift] = label
        self.opened[gift] = True
        self.wrapped ^= bit
        self.takeable |= bit
        self.holder[gift] = seat
        self.held[seat] = gift
        if events is not None:
            events.append({"type": "open", "by": seat, "gift": gift, "label": self.labels[gift]})
        if self.chain:  # the turn ends, with its steals and what they barred
            self.barred = [0] * self.players
            self.chain.clear()
        if self.wrapped:  # the next turn
            turn = self.turn = self.turn + 1
            self.current = self.order[turn]
            if events is not None:
                events.append(self._turn_event())
            return
        # The last gift is open: the final swap, if there is one to offer.
        self.turn = self.players
        first = self.order[0]
        if self.final_swap and self.players >= 2:
            offered = self.swap_possible()
            if events is not None:
                events.append({"type": "final_swap", "seat": first, "offered": offered})
            if offered:
                self.phase = FINAL
                self.current = first
                return
        self._finish(events)

    def _steal(self, move: Steal, events: list[Event] | None) -> None:
        seat, gift = move.by, move.gift
        bit = 1 << gift if gift >= 0 else 0
        holder, counts, barred = self.holder, self.steals, self.barred
        if (  # the checks of _verify_steal_move in play, at once
            seat != self.current or self.phase != PLAYING or not self.takeable & bit or holder[gift] == seat
            or barred[seat] & bit or len(self.chain) >= self.most_steals
        ):  # fmt: skip
            self._verify_steal_move(move)  # says why not, or passes the final swap
            if self.phase == FINAL:
                self._swap(seat, gift, events)
                return
        victim = holder[gift]
        counts[gift] += 1
        if counts[gift] >= self.frozen_at:
            self.takeable ^= bit
        holder[gift] = seat
        self.held[seat] = gift
        self.held[victim] = NOBODY
        if self.no_steal_back:  # bar_steal_back, here at once
            barred[victim] = bit if self.steal_back_last else barred[victim] | bit
        self.chain.append((seat, gift, victim))
        self.current = victim
        if events is not None:
            self._tell_steal(seat, gift, victim, events)

    def _swap(self, seat: int, gift: int, events: list[Event] | None) -> None:
        """The first seat's final swap: it takes ``gift`` and its holder gets the first seat's."""
        holder, held = self.holder, self.held
        victim, given = holder[gift], held[seat]
        self.steals[gift] += 1
        if self.steals[gift] >= self.frozen_at:
            self.takeable ^= 1 << gift
        if events is not None:
            self._tell_steal(seat, gift, victim, events)
        holder[gift], held[seat] = seat, gift
        holder[given], held[victim] = victim, given
        self._finish(events)

    def _tell_steal(self, seat: int, gift: int, victim: int, events: list[Event]) -> None:
        """The events of a steal (or the final swap: the first seat's gift is still its own) just counted."""
        final = self.phase == FINAL
        labels = self.labels
        event: Event = {
            "type": "steal", "by": seat, "gift": gift, "label": labels[gift], "from": victim,
            "steals": self.steals[gift], "final": final,
        }  # fmt: skip
        if final:
            given = self.held[seat]
            event["gave"] = given
            event["gave_label"] = labels[given]
        events.append(event)
        if self.frozen(gift):
            events.append({"type": "frozen", "gift": gift, "label": labels[gift]})

    def _finish(self, events: list[Event] | None) -> None:
        self.phase = OVER
        self.current = NOBODY
        self._outcome = Outcome(
            scores=(0,) * self.players,
            winners=(),
            extra={"holdings": list(self.held), "steals": list(self.steals)},
        )
        if events is not None:
            events.append({"type": "game_over", "holdings": list(self.held), "steals": list(self.steals)})

    # -- the organiser mends the party --------------------------------------------------------

    def _verify_arrive(self, move: Arrive) -> None:
        phase = self.phase
        if phase == OVER:
            raise GameIsOver(REASONS)
        if phase == PLACING:
            raise WrongPhase(REASONS, "placing")
        if phase == FINAL:
            raise WrongPhase(REASONS, "too_late")
        if self.players >= MOST_SEATS:
            raise IllegalMove(REASONS, "too_many_guests", most=MOST_SEATS)
        fault = text_fault(move.label, "label", LABEL_MAX) or text_fault(move.wrapping, "wrapping", WRAPPING_MAX)
        if fault is not None:
            raise BadText(REASONS, fault[0], **fault[1])

    def _arrive(self, move: Arrive, events: list[Event] | None) -> None:
        self._verify_arrive(move)
        seat = self.players
        bit = 1 << seat
        self.players = seat + 1
        self.labels.append(move.label)
        self.wrappings.append(move.wrapping)
        if not move.label:
            self.blank |= bit
        self.opened.append(False)
        self.wrapped |= bit
        self.holder.append(NOBODY)
        self.held.append(NOBODY)
        self.steals.append(0)
        self.barred.append(0)
        if events is not None:
            events.append({"type": "arrive", "seat": seat, "gift": seat, "wrapping": move.wrapping,
                           "blank": not move.label})  # fmt: skip
        if self.phase == PLAYING:  # after the draw: chance places them (see the module docstring)
            self.phase, self.arriving = PLACING, seat

    def _verify_place(self, move: Place) -> None:
        if self.phase == OVER:
            raise GameIsOver(REASONS)
        if self.phase != PLACING:
            raise WrongPhase(REASONS, "no_chance")
        if move.seat != self.arriving:
            raise BadChance(REASONS, "place_seat", seat=self.arriving)
        if not self.turn < move.at <= len(self.order):
            raise BadChance(REASONS, "place_range", least=self.turn + 1, most=len(self.order))

    def _place(self, move: Place, events: list[Event] | None) -> None:
        self._verify_place(move)
        order, at = self.order, move.at
        self.order = [*order[:at], move.seat, *order[at:]]
        self.phase, self.arriving = PLAYING, NOBODY
        if events is not None:
            events.append({"type": "placed", "seat": move.seat, "turn": at, "turns": len(self.order)})

    def _verify_skip(self, move: Skip) -> None:
        phase, seat = self.phase, move.seat
        if phase == OVER:
            raise GameIsOver(REASONS)
        if phase == BRINGING:
            raise WrongPhase(REASONS, "skip_bringing")
        if phase == PLACING:
            raise WrongPhase(REASONS, "placing")
        if phase == FINAL:
            raise WrongPhase(REASONS, "too_late")
        if seat != self.order[self.turn]:
            raise IllegalMove(REASONS, "skip_not_turn", seat=seat)
        if self.chain:
            raise IllegalMove(REASONS, "skip_chain", seat=self.current)
        if self.turn >= len(self.order) - 1:
            raise IllegalMove(REASONS, "skip_last", seat=seat)

    def _skip(self, move: Skip, events: list[Event] | None) -> None:
        self._verify_skip(move)
        order, turn = self.order, self.turn
        self.order = [*order[:turn], *order[turn + 1 :], move.seat]
        self.current = self.order[turn]
        if events is not None:
            events.append({"type": "skip", "seat": move.seat, "turn": len(self.order) - 1, "turns": len(self.order)})
            events.append(self._turn_event())

    def _verify_relabel(self, move: Relabel) -> None:
        gift, label = move.gift, move.label
        if self.phase == OVER:
            raise GameIsOver(REASONS)
        if not 0 <= gift < self.players:
            raise NoSuchGift(REASONS, "no_gift", gift=gift)
        if self.to_bring >> gift & 1:
            raise IllegalMove(REASONS, "not_brought", gift=gift)
        if not label:
            raise BadText(REASONS, "label_empty")
        fault = text_fault(label, "label", LABEL_MAX)
        if fault is not None:
            raise BadText(REASONS, fault[0], **fault[1])
        if label == self.labels[gift]:
            raise IllegalMove(REASONS, "label_same", gift=gift)

    def _relabel(self, move: Relabel, events: list[Event] | None) -> None:
        self._verify_relabel(move)
        gift = move.gift
        was = self.labels[gift]
        self.labels[gift] = move.label
        self.blank &= ~(1 << gift)  # named now: nobody names it at the reveal
        if events is not None:
            event: Event = {"type": "relabel", "gift": gift}
            if self.opened[gift]:  # an open gift's labels are public; a wrapped one's stay secret
                event["label"], event["was"] = move.label, was
            events.append(event)

    # -- what a seat may know ----------------------------------------------------------------

    def gift_actions(self, seat: int) -> GiftExchangeActions:
        """What ``seat`` may do now, gift by gift, and why not for each gift it may not open or
        steal: this game's ``actions`` in a view (it has no :attr:`ACTIONS` of one reason each)."""
        hints: GiftExchangeActions = {
            "bring": False,
            "open": [],
            "steal": [],
            "keep": False,
            "refusals": [],
            "name_needed": [],
        }
        phase = self.phase
        if phase == BRINGING:
            hints["bring"] = refusal(self.verify_bring, seat) is None
            return hints
        if phase == OVER or seat != self.current:
            return hints
        refusals = hints["refusals"]
        for gift in range(self.players):
            if self.opened[gift]:
                why = self.steal_refusal(seat, gift)
                if why is None:
                    hints["steal"].append(gift)
                else:
                    refusals.append(
                        {"type": "steal", "gift": gift, "code": REFUSAL_CODES[type(why)], "reason": why.reason()}
                    )
            else:
                why = self.open_refusal(seat, gift)
                if why is None:
                    hints["open"].append(gift)
                    if self.blank >> gift & 1:
                        hints["name_needed"].append(gift)
                else:
                    refusals.append(
                        {"type": "open", "gift": gift, "code": REFUSAL_CODES[type(why)], "reason": why.reason()}
                    )
        hints["keep"] = phase == FINAL
        return hints

    def view(self, seat: int | None) -> GiftExchangeView:
        """What ``seat`` may know now; ``None`` is a spectator (the TV: public information only).

        :class:`~yule.core.gift_exchange.views.GiftExchangeView` tells every field.
        """
        opened, labels = self.opened, self.labels
        gifts = []
        for g in range(self.players):
            brought = not self.to_bring >> g & 1
            entry: Gift = {
                "id": g,
                "brought": brought,
                "wrapping": self.wrappings[g] if brought else None,
                "blank": self.blank >> g & 1 == 1,
                "opened": opened[g],
                "holder": self.holder[g] if opened[g] else None,
                "steals": self.steals[g],
                "frozen": self.frozen(g),
            }
            if opened[g] or (g == seat and brought):
                entry["label"] = labels[g]
            gifts.append(entry)
        active = self.active()
        view: GiftExchangeView = {
            "game": "gift-exchange",
            "you": seat,
            "players": self.players,
            "options": dict(self.options),
            "phase": self.phase,
            "active": [s for s in active if isinstance(s, int)],
            "order": list(self.order) if self.order else None,
            "turn": self.turn if self.phase == PLAYING else None,
            "turns": self.players,
            "first": self.first,
            "gifts": gifts,
            "holdings": [g if g != NOBODY else None for g in self.held],
            "wrapped": self.wrapped.bit_count(),
            "chain": [{"by": t, "gift": g, "from": v} for t, g, v in self.chain],
            "steals_this_turn": len(self.chain),
            "steals_total": sum(self.steals),
        }
        if seat is not None and seat in active:
            view["actions"] = self.gift_actions(seat)
        if self._outcome is not None:
            view["result"] = cast(GiftExchangeResult, self._outcome.to_record())
        return view

    # -- undo, summary -----------------------------------------------------------------------

    def snapshot(self) -> tuple[object, ...]:
        """Every fact of the position, comparable with ``==`` (tests, undo checks)."""
        return (
            self.players, tuple(sorted(self.options.items())), tuple(self.labels), tuple(self.wrappings),
            self.blank, self.to_bring, tuple(self.opened), tuple(self.holder), tuple(self.held),
            tuple(self.steals), tuple(self.order), self.turn, self.current, tuple(self.barred),
            tuple(self.chain), self.phase, self.arriving,
        )  # fmt: skip

    def table(self) -> list[dict[str, Any]]:
        """The summary table (omniscient: for the end of the game or the organiser).

        One row per seat: the gift it holds (``None`` if none yet), who brought it, its label
        (``None`` while wrapped), times stolen and whether it is frozen.
        """
        rows: list[dict[str, Any]] = []
        for seat in range(self.players):
            gift = self.held[seat]
            if gift == NOBODY:
                rows.append(
                    {"seat": seat, "gift": None, "brought_by": None, "label": None, "steals": 0, "frozen": False}
                )
            else:
                rows.append(
                    {
                        "seat": seat,
                        "gift": gift,
                        "brought_by": gift,
                        "label": self.labels[gift],
                        "steals": self.steals[gift],
                        "frozen": self.frozen(gift),
                    }
                )
        return rows


_CHECK: dict[type, Callable[[GiftExchangeState, Any], None]] = {
    Bring: GiftExchangeState._verify_bring_move,
    Order: GiftExchangeState._verify_order,
    Open: GiftExchangeState._verify_open_move,
    Steal: GiftExchangeState._verify_steal_move,
    Keep: GiftExchangeState._verify_keep,
    Arrive: GiftExchangeState._verify_arrive,
    Place: GiftExchangeState._verify_place,
    Skip: GiftExchangeState._verify_skip,
    Relabel: GiftExchangeState._verify_relabel,
}
"""Each kind of move and its check (:meth:`GiftExchangeState.verify`)."""


def undo_floor(moves: Iterable[Mapping[str, Any]]) -> int:
    """How many leading moves undo must keep: everything up to the drawn order, and up to the
    last latecomer's arrival.

    Once the order is drawn it stands (undoing it would let the table redraw until it likes
    the order); before that, any bring may be undone to fix a typo.  A latecomer, once seated,
    stays (as their place drawn in the order); a skip or a label put right may be taken back.

    >>> undo_floor([{"by": 0, "type": "bring"}, {"by": 1, "type": "bring"}, {"by": "chance", "type": "order"}])
    3
    """
    floor = 0
    for i, move in enumerate(moves):
        kind = move.get("type")
        if kind == "order" or (kind == "arrive" and move.get("by") == ORGANISER):
            floor = i + 1
    return floor


def arrivals(moves: Sequence[Mapping[str, Any]]) -> int:
    """How many latecomers a game's record moves seat (its ``arrive`` moves): the record's
    ``players`` names them too, after the guests it started with.

    >>> arrivals([{"by": "chance", "type": "order", "seats": [0, 1]}, {"by": "organiser", "type": "arrive"}])
    1
    """
    return sum(1 for move in moves if isinstance(move, Mapping) and move.get("type") == "arrive"
               and move.get("by") == ORGANISER)  # fmt: skip
