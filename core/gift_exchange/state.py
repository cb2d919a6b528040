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
from collections.abc import Callable, Iterable, Mapping
from itertools import compress
from operator import not_
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
    plural,
    refusal,
)
from .moves import (
    KEEPS,
    MOST_SEATS,
    OPENS,
    STAND_IN_BRINGS,
    STAND_IN_OPENS,
    STEALS,
    Bring,
    Keep,
    Move,
    Open,
    Order,
    Steal,
    parse,
)
from .options import check_options
from .text import LABEL_MAX, WRAPPING_MAX, text_problem
from .views import Gift, GiftExchangeActions, GiftExchangeResult, GiftExchangeView

BRINGING = "bringing"
PLAYING = "playing"
FINAL = "final"

NOBODY = -1
"""``holder`` of a wrapped gift, ``held`` of a seat without a gift."""


_ONE = tuple((seat,) for seat in range(MOST_SEATS))
"""``(seat,)`` for each seat: what :meth:`GiftExchangeState.active` returns in play, made once."""
_CHANCE = (CHANCE,)


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


def gift_name(gift: int) -> str:
    """How people see a gift id: numbered from 1, as every screen numbers them.

    >>> gift_name(0)
    'gift #1'
    """
    return f"gift #{gift + 1}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 22nd ...

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '103rd']
    """
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


class GiftExchangeState(GameState[Move]):
    """One position of a gift exchange for 2 to 40 seats (options: see :mod:`.options`)."""

    __slots__ = (
        "blank",
        "brought",
        "chain",
        "current",
        "final_swap",
        "held",
        "holder",
        "labels",
        "last_loss",
        "max_steals",
        "n_brought",
        "no_steal_back",
        "open_own",
        "opened",
        "order",
        "steal_back_last",
        "steal_limit",
        "steals",
        "taken",
        "turn",
        "wrapped",
        "wrappings",
    )  # fmt: skip

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        if type(players) is not int or not 2 <= players <= 40:
            raise ValueError(f"Gift Exchange is for 2 to 40 players, not {players}")
        opts = check_options(options or {})
        self.players = players
        self.options = opts
        self.steal_limit: int | None = opts["steal_limit"]
        self.no_steal_back: bool = opts["no_steal_back"]
        self.steal_back_last: bool = opts["steal_back_scope"] == "last"
        self.max_steals: int | None = opts["max_steals_per_turn"]
        self.final_swap: bool = opts["final_swap"]
        self.open_own: bool = opts["open_own"]
        self.labels = [""] * players  # gift -> label ("" while unknown: blank and unopened)
        self.wrappings = [""] * players  # gift -> public wrapping
        self.blank = [False] * players  # gift brought without a label (named at the reveal)
        self.brought = [False] * players
        self.n_brought = 0
        self.opened = [False] * players
        self.wrapped = players  # gifts not yet opened
        self.holder = [NOBODY] * players  # gift -> seat holding it (NOBODY while wrapped)
        self.held = [NOBODY] * players  # seat -> gift it holds
        self.steals = [0] * players  # gift -> times stolen (final swap included)
        self.order: list[int] = []
        self.turn = -1  # index into order
        self.current = NOBODY  # the seat to move (playing / final)
        self.taken: set[tuple[int, int]] = set()  # (victim, gift) this turn, for no_steal_back
        self.last_loss: dict[int, int] = {}  # victim -> the gift it lost most recently this turn
        self.chain: list[tuple[int, int, int]] = []  # (thief, gift, victim) this turn
        self.phase = BRINGING
        self._outcome: Outcome | None = None

    # -- who moves -------------------------------------------------------------------------

    def active(self) -> tuple[int | str, ...]:
        phase = self.phase
        if phase in (PLAYING, FINAL):
            return _ONE[self.current]
        if phase == BRINGING:
            if self.n_brought < self.players:
                return tuple(compress(range(self.players), map(not_, self.brought)))
            return _CHANCE
        return ()

    @property
    def first(self) -> int | None:
        """The first seat of the order (the one offered the final swap), once drawn."""
        return self.order[0] if self.order else None

    def frozen(self, gift: int) -> bool:
        """True once the gift has been stolen ``steal_limit`` times."""
        limit = self.steal_limit
        return limit is not None and self.steals[gift] >= limit

    def at_once(self) -> bool:
        """While gifts are brought, every seat that has not brought yet brings at once, in secret."""
        return self.phase == BRINGING

    # -- parsing -----------------------------------------------------------------------------

    parse_record_move = staticmethod(parse)

    # -- legality ----------------------------------------------------------------------------

    def verify(self, move: Move) -> None:
        check = _CHECK.get(type(move))
        if check is None:
            if self.phase == OVER:
                raise GameIsOver("The gift exchange is over.")
            raise MalformedMove(f"{move!r} is not a Gift Exchange move")
        check(self, move)

    # One check a kind of move, in the order of house rule 3; :meth:`apply` makes the same.

    def _verify_order(self, move: Order) -> None:
        phase = self.phase
        if phase == OVER:
            raise GameIsOver("The gift exchange is over.")
        if phase != BRINGING or self.n_brought < self.players:
            raise WrongPhase("The order is drawn once, after every gift is brought.")
        if sorted(move.seats) != list(range(self.players)):
            raise BadChance(f"The order must list each of the {self.players} seats exactly once.")

    def _verify_mover(self, seat: int) -> None:
        """The checks every open, steal and keep passes first: ``seat`` is the one to move."""
        phase = self.phase
        if seat == self.current and (phase in (PLAYING, FINAL)):
            return
        if phase == OVER:
            raise GameIsOver("The gift exchange is over.")
        if not 0 <= seat < self.players:
            raise NotYourTurn(f"There is no seat {seat}.")
        if phase == BRINGING:
            if self.brought[seat] and self.n_brought == self.players:
                raise NotYourTurn("The order has not been drawn yet.")
            raise NotYourTurn("Play starts once every gift is brought and the order is drawn.")
        raise NotYourTurn("It is not your move.")

    def _verify_bring_move(self, move: Bring) -> None:
        seat = move.by
        if self.phase == OVER:
            raise GameIsOver("The gift exchange is over.")
        if not 0 <= seat < self.players:
            raise NotYourTurn(f"There is no seat {seat}.")
        self.verify_bring(seat, move)

    def _verify_keep(self, move: Keep) -> None:
        self._verify_mover(move.by)
        if self.phase != FINAL:
            raise WrongPhase("Keeping is only for the final swap: open or steal a gift.")

    def verify_bring(self, seat: int, move: Bring | None = None) -> None:
        """``seat`` brings its gift (``move``; ``None``: whether it may bring one now)."""
        if self.phase != BRINGING or self.n_brought == self.players:
            raise WrongPhase("Every gift has been brought already.")
        if self.brought[seat]:
            raise AlreadyBrought("You have already brought your gift.")
        if move is None:
            return
        problem = text_problem(move.label, "label", LABEL_MAX) or text_problem(move.wrapping, "wrapping", WRAPPING_MAX)
        if problem:
            raise BadText(problem)

    def _verify_open_move(self, move: Open) -> None:
        seat, gift = move.by, move.gift
        if seat != self.current or self.phase != PLAYING:
            self._verify_mover(seat)
        if self.phase == FINAL:
            raise WrongPhase("Every gift is open: swap or keep.")
        if not 0 <= gift < self.players:
            raise NoSuchGift(f"There is no {gift_name(gift)}.")
        if self.opened[gift]:
            raise AlreadyOpen(f"{gift_name(gift).capitalize()} is already open.")
        if gift == seat:
            reason = self.open_refusal(seat, gift)
            if reason is not None:
                raise reason
        label = move.label
        if self.blank[gift]:
            if not label:
                raise BadText(f"{gift_name(gift).capitalize()} was brought without a label: name it as it is revealed.")
            problem = text_problem(label, "label", LABEL_MAX)
            if problem:
                raise BadText(problem)
        elif label is not None:
            raise BadText(f"{gift_name(gift).capitalize()} already has a label: open it without naming it.")

    def open_refusal(self, seat: int, gift: int) -> IllegalMove | None:
        """Why ``seat`` may not open wrapped gift ``gift`` under the options, or ``None``
        (only ever the gift it brought)."""
        if not self.open_own and gift == seat and self.wrapped > 1:
            return OwnGift("You can't open the gift you brought while other gifts are still wrapped.")
        return None

    def _verify_steal_move(self, move: Steal) -> None:
        seat, gift = move.by, move.gift
        if seat != self.current or (self.phase != PLAYING and self.phase != FINAL):
            self._verify_mover(seat)
        if not 0 <= gift < self.players:
            raise NoSuchGift(f"There is no {gift_name(gift)}.")
        bar = self._steal_bar(seat, gift)
        if bar is not None:
            raise self._steal_reason(bar, gift)

    def steal_refusal(self, seat: int, gift: int) -> IllegalMove | None:
        """Why ``seat`` may not steal ``gift`` now (house rule 3, in its order), or ``None``."""
        bar = self._steal_bar(seat, gift)
        return None if bar is None else self._steal_reason(bar, gift)

    def _steal_reason(self, bar: type[IllegalMove], gift: int) -> IllegalMove:
        """The refusal of a steal of ``gift`` barred by rule ``bar``, in words."""
        name = gift_name(gift)
        if bar is Wrapped:
            return Wrapped(f"{name.capitalize()} is still wrapped: open it instead.")
        if bar is AlreadyYours:
            return AlreadyYours(f"You already hold {name}.")
        if bar is Frozen:
            return Frozen(f"You can't steal a frozen gift: {name} has been stolen {self.steals[gift]} times.")
        if bar is NoStealBack:
            if self.steal_back_last:
                return NoStealBack(
                    f"You can't steal {name} straight back: it is the last gift taken from you this turn."
                )
            return NoStealBack(f"You can't steal {name} straight back in the same turn.")
        return StealCap(f"No more steals this turn ({plural(self.max_steals or 0, 'steal')} already): open a gift.")

    def _steal_bar(self, seat: int, gift: int) -> type[IllegalMove] | None:
        """The rule that bars ``seat`` from stealing ``gift`` now (:meth:`steal_refusal` says
        why in words), or ``None``: listing the legal moves needs no words."""
        if not self.opened[gift]:
            return Wrapped
        if self.holder[gift] == seat:
            return AlreadyYours
        limit = self.steal_limit
        if limit is not None and self.steals[gift] >= limit:  # frozen
            return Frozen
        if self.no_steal_back:
            if self.steal_back_last:
                if self.last_loss.get(seat) == gift:
                    return NoStealBack
            elif (seat, gift) in self.taken:
                return NoStealBack
        if self.max_steals is not None and len(self.chain) >= self.max_steals:
            return StealCap
        return None

    def swap_possible(self) -> bool:
        """House rule 5: some open gift not held by the first seat is not frozen."""
        first = self.order[0]
        return any(self.holder[g] != first and not self.frozen(g) for g in range(self.players))

    # -- search ------------------------------------------------------------------------------

    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move of ``seat``: its bring, or each open and each steal, gift by gift,
        and keep.

        A label or a wrapping is free text, so a bring and the open of a gift brought without
        a label are each listed once, with a stand-in text from :mod:`.text`'s bot examples
        (picked by the gift's number).  Each gift is checked in one pass, by the rules of
        :meth:`open_refusal` and :meth:`_steal_bar` at once (``tests/gift_exchange``'s
        properties hold the list to their answers, gift by gift, under every house option)."""
        phase = self.phase
        if seat != self.current or (phase != PLAYING and phase != FINAL):
            if phase == BRINGING and not self.brought[seat] and self.n_brought < self.players:
                return [STAND_IN_BRINGS[seat]]
            return []
        moves: list[Move] = []
        opens, named, blank = OPENS[seat], STAND_IN_OPENS[seat], self.blank
        opening = phase == PLAYING
        own = seat if self.open_refusal(seat, seat) is not None else NOBODY  # the only gift it refuses
        steals, opened, holder, counts, taken = STEALS[seat], self.opened, self.holder, self.steals, self.taken
        if self.max_steals is not None and len(self.chain) >= self.max_steals:
            limit = 0  # no more steals this turn
        elif self.steal_limit is None:
            limit = sum(counts) + 1  # more steals than any gift has had
        else:
            limit = self.steal_limit
        lost = NOBODY  # the gift the seat may not steal back, with steal_back_scope "last"
        back = False  # the gifts it may not steal back are those of taken
        if self.no_steal_back:
            if self.steal_back_last:
                lost = self.last_loss.get(seat, NOBODY)
            else:
                back = bool(taken)
        for gift in range(self.players):
            if not opened[gift]:
                if opening and gift != own:
                    moves.append(named[gift] if blank[gift] else opens[gift])
            elif (
                holder[gift] != seat and counts[gift] < limit and gift != lost and not (back and (seat, gift) in taken)
            ):
                moves.append(steals[gift])
        if phase == FINAL:
            moves.append(KEEPS[seat])
        return moves

    def clone(self) -> GiftExchangeState:
        new = GiftExchangeState.__new__(GiftExchangeState)
        new.players, new.options, new.phase = self.players, self.options, self.phase
        new.steal_limit, new.no_steal_back, new.max_steals = self.steal_limit, self.no_steal_back, self.max_steals
        new.final_swap, new.open_own, new.steal_back_last = self.final_swap, self.open_own, self.steal_back_last
        new.labels, new.wrappings, new.blank = list(self.labels), list(self.wrappings), list(self.blank)
        new.brought, new.n_brought = list(self.brought), self.n_brought
        new.opened, new.wrapped = list(self.opened), self.wrapped
        new.holder, new.held, new.steals = list(self.holder), list(self.held), list(self.steals)
        new.order = self.order  # fixed once drawn
        new.turn, new.current = self.turn, self.current
        new.taken, new.chain, new.last_loss = set(self.taken), list(self.chain), dict(self.last_loss)
        new._outcome = self._outcome
        return new

    # -- playing -----------------------------------------------------------------------------

    def play(self, move: Move, events: list[Event] | None = None) -> None:
        play = _PLAY.get(type(move))
        if play is None:
            self.verify(move)  # not a Gift Exchange move: says so
        play(self, move, events)  # type: ignore[misc]

    def _bring(self, move: Bring, events: list[Event] | None) -> None:
        self._verify_bring_move(move)
        seat = move.by
        self.labels[seat] = move.label
        self.wrappings[seat] = move.wrapping
        self.blank[seat] = not move.label
        self.brought[seat] = True
        self.n_brought += 1
        if events is not None:
            events.append(
                {"type": "bring", "by": seat, "gift": seat, "wrapping": move.wrapping, "blank": not move.label}
            )

    def _order(self, move: Order, events: list[Event] | None) -> None:
        self._verify_order(move)
        self.order = list(move.seats)
        self.phase = PLAYING
        if events is not None:
            events.append({"type": "order", "seats": list(move.seats)})
        self._start_turn(0, events)

    def _keep(self, move: Keep, events: list[Event] | None) -> None:
        self._verify_keep(move)
        if events is not None:
            held = self.held[move.by]
            events.append({"type": "keep", "by": move.by, "gift": held, "label": self.labels[held]})
        self._finish(events)

    def chance_move(self, rng: random.Random) -> Move:
        if self.phase != BRINGING or self.n_brought < self.players:
            raise WrongPhase("No chance move is pending.")
        seats = list(range(self.players))
        rng.shuffle(seats)
        return Order(tuple(seats))

    def _start_turn(self, turn: int, events: list[Event] | None) -> None:
        self.turn = turn
        self.current = self.order[turn]
        if self.chain:  # the steals of the turn before, and what they took
            self.taken.clear()
            self.last_loss.clear()
            self.chain.clear()
        if events is not None:
            events.append({"type": "turn", "turn": turn, "seat": self.current, "turns": self.players})

    def _open(self, move: Open, events: list[Event] | None) -> None:
        self._verify_open_move(move)
        seat, gift = move.by, move.gift
        if move.label is not None:
            self.labels[gift] = move.label
        self.opened[gift] = True
        self.wrapped -= 1
        self.holder[gift] = seat
        self.held[seat] = gift
        if events is not None:
            events.append({"type": "open", "by": seat, "gift": gift, "label": self.labels[gift]})
        if self.wrapped:
            self._start_turn(self.turn + 1, events)
            return
        # The last gift is open: the final swap, if there is one to offer.
        self.taken.clear()
        self.last_loss.clear()
        self.chain.clear()
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
        self._verify_steal_move(move)
        seat, gift = move.by, move.gift
        victim = self.holder[gift]
        self.steals[gift] += 1
        final = self.phase == FINAL
        if events is not None:
            event: Event = {
                "type": "steal", "by": seat, "gift": gift, "label": self.labels[gift], "from": victim,
                "steals": self.steals[gift], "final": final,
            }  # fmt: skip
            if final:
                given = self.held[seat]
                event["gave"] = given
                event["gave_label"] = self.labels[given]
            events.append(event)
            if self.frozen(gift):
                events.append({"type": "frozen", "gift": gift, "label": self.labels[gift]})
        self.holder[gift] = seat
        if final:
            given = self.held[seat]
            self.held[seat] = gift
            self.holder[given] = victim
            self.held[victim] = given
            self._finish(events)
            return
        self.held[seat] = gift
        self.held[victim] = NOBODY
        self.taken.add((victim, gift))
        self.last_loss[victim] = gift
        self.chain.append((seat, gift, victim))
        self.current = victim

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
                        {"type": "steal", "gift": gift, "code": REFUSAL_CODES[type(why)], "reason": str(why)}
                    )
            else:
                why = self.open_refusal(seat, gift)
                if why is None:
                    hints["open"].append(gift)
                    if self.blank[gift]:
                        hints["name_needed"].append(gift)
                else:
                    refusals.append(
                        {"type": "open", "gift": gift, "code": REFUSAL_CODES[type(why)], "reason": str(why)}
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
            entry: Gift = {
                "id": g,
                "brought": self.brought[g],
                "wrapping": self.wrappings[g] if self.brought[g] else None,
                "blank": self.blank[g],
                "opened": opened[g],
                "holder": self.holder[g] if opened[g] else None,
                "steals": self.steals[g],
                "frozen": self.frozen(g),
            }
            if opened[g] or (g == seat and self.brought[g]):
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
            "wrapped": self.wrapped,
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
            tuple(self.blank), tuple(self.brought), tuple(self.opened), tuple(self.holder), tuple(self.held),
            tuple(self.steals), tuple(self.order), self.turn, self.current, tuple(sorted(self.taken)),
            tuple(sorted(self.last_loss.items())), tuple(self.chain), self.phase,
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
}
"""Each kind of move and its check (:meth:`GiftExchangeState.verify`)."""
_PLAY: dict[type, Callable[[GiftExchangeState, Any, list[Event] | None], None]] = {
    Bring: GiftExchangeState._bring,
    Order: GiftExchangeState._order,
    Open: GiftExchangeState._open,
    Steal: GiftExchangeState._steal,
    Keep: GiftExchangeState._keep,
}
"""Each kind of move and how :meth:`GiftExchangeState.play` checks and plays it."""


def undo_floor(moves: Iterable[Mapping[str, Any]]) -> int:
    """How many leading moves undo must keep: everything up to the drawn order.

    Once the order is drawn it stands (undoing it would let the table redraw until it likes
    the order); before that, any bring may be undone to fix a typo.

    >>> undo_floor([{"by": 0, "type": "bring"}, {"by": 1, "type": "bring"}, {"by": "chance", "type": "order"}])
    3
    """
    for i, move in enumerate(moves):
        if move.get("type") == "order":
            return i + 1
    return 0
