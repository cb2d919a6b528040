"""White Rabbit (Max Mümmelmann): one position, its legal moves, views and scoring.

The game starts with a chance deal (8 piles of 3 face-down rabbit cards, Max on top of one).
Then, turn by turn from seat 0: a chance roll, the seat's choice of direction (``move``), and
an automatic draw from the pile beside the rabbit's new space: a value the seat lacks is kept
face up, a value it has is slid face down under the same pile, an empty pile gives nothing.
Drawing Max gives a ``max_take`` (a value the seat lacks from another seat, or nothing) and a
``max_place`` (Max on top of any pile).  A 6 rolls again unless the rabbit stopped by an empty
pile.  The first complete family (values 1-6) wins, after Max is placed when Max completed
it; after the 500th roll has been played out with no family complete the game stops, no winner.

Hidden information: what lies in the piles.  Views show each pile's size and whether Max is
on top (Max is always put down in sight of everyone, the first time too), never a pile card.

    >>> state = WhiteRabbitState(2)
    >>> cards = list(RABBIT_CARDS)             # brown-1 ... cream-6
    >>> piles = [cards[i:i + 3] for i in range(0, 24, 3)]
    >>> piles[0].insert(0, "max")
    >>> _ = state.apply(Deal(tuple(map(tuple, piles))))
    >>> _ = state.apply(Roll(3))
    >>> state.landing()
    {'cw': 3, 'ccw': 5}
    >>> [e["outcome"] for e in state.apply(Move(0, "cw")) if e["type"] == "move"]
    ['kept']
    >>> state.family(0), state.piles[3], state.turn, state.active()
    (['grey-4'], ['grey-5', 'grey-6'], 1, ('chance',))
    >>> state.apply(Move(1, "cw"))
    Traceback (most recent call last):
    ...
    yule.core.base.WrongPhase: You have not rolled yet.
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
    ResultRecord,
    WrongPhase,
)
from .cards import (
    CARD_COLOUR,
    CARD_VALUE,
    MAX,
    MAX_ROLLS,
    PILE_SIZE,
    RABBIT_CARDS,
    SPACES,
    step,
)
from .moves import MOST_SEATS, MOVES, PLACES, ROLLS, TAKES, AnyMove, Deal, MaxPlace, MaxTake, Move, Roll, parse
from .reasons import REASONS
from .views import Landing, MaxChoice, WhiteRabbitView

# Phases
DEAL = "deal"  # waiting for the chance deal
ROLL = "roll"  # waiting for the chance roll of the seat to move
DIRECTION = "direction"  # the seat to move chooses cw or ccw
MAX_TAKE = "max_take"  # the seat drew Max: take a value it lacks, or nothing
MAX_PLACE = "max_place"  # then put Max on top of a pile


_ONE = tuple((seat,) for seat in range(MOST_SEATS))
"""``(seat,)`` for each seat: what :meth:`WhiteRabbitState.active` returns on a seat's move, made once."""
_CHANCE = (CHANCE,)
_DIRECTIONS = tuple((moves["cw"], moves["ccw"]) for moves in MOVES)
_DEALT = sorted((*RABBIT_CARDS, MAX))
"""The cards a deal holds, sorted."""
LANDING = {d: [[step(space, steps, d) for steps in range(7)] for space in range(SPACES)] for d in ("cw", "ccw")}
"""``LANDING[dir][space][steps]`` is :func:`~yule.core.white_rabbit.cards.step`'s space, looked up."""


class CannotTake(IllegalMove):
    """A Max take naming yourself, a seat that lacks the card, or a value you already hold."""


class NoSuchPile(IllegalMove):
    """Max goes on one of the 8 piles, 0-7."""


class WhiteRabbitState(GameState[AnyMove]):
    """One position of White Rabbit for 2 to 4 seats (no options)."""

    ACTIONS = ("roll", "move", "max_take", "max_place")

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        if not 2 <= players <= 4:
            raise ValueError(f"White Rabbit is for 2 to 4 players, not {players}")
        self.players = players
        self.options: dict[str, Any] = {}
        self.piles: list[list[str]] = [[] for _ in range(SPACES)]  # top card first
        self.seen_under = [0] * SPACES  # cards at the bottom of each pile everyone saw slid there
        self.max_pile: int | None = None  # None before the deal and while Max is in play
        # hands[seat][value] is the card of that value the seat holds face up, or None
        self.hands: list[list[str | None]] = [[None] * 7 for _ in range(players)]
        self.rabbit = 0
        self.die: int | None = None  # the last roll
        self.rolls = 0
        self.turn = 0
        self.phase = DEAL
        self.winner: int | None = None
        self._outcome: Outcome | None = None

    # -- who moves -------------------------------------------------------------------------

    def active(self) -> tuple[int | str, ...]:
        phase = self.phase
        if phase in (ROLL, DEAL):
            return _CHANCE
        if phase == OVER:
            return ()
        return _ONE[self.turn]

    def mover(self) -> int | None:
        """The seat to move (see :meth:`active`); ``None`` while chance moves or once it is over."""
        phase = self.phase
        return None if phase in (ROLL, DEAL, OVER) else self.turn

    def chance_trigger(self) -> tuple[int, str] | None:
        """The seat to move rolls the die itself: the host waits for its ``{"type": "roll"}``."""
        return (self.turn, "roll") if self.phase == ROLL else None

    def family(self, seat: int) -> list[str]:
        """The cards ``seat`` holds face up, by value."""
        return [c for c in self.hands[seat][1:] if c is not None]

    def missing(self, seat: int) -> list[int]:
        """The values ``seat`` still lacks."""
        hand = self.hands[seat]
        return [v for v in range(1, 7) if hand[v] is None]

    def oberhase(self, seat: int) -> str | None:
        """The colour ``seat`` holds all six of ("Oberhase"), or None."""
        hand = self.hands[seat]
        if None in hand[1:]:
            return None
        colours = {CARD_COLOUR[c] for c in hand[1:]}  # type: ignore[index]
        return colours.pop() if len(colours) == 1 else None

    def landing(self) -> Landing | None:
        """Where each direction takes the rabbit with the pending roll (None when no move is due)."""
        if self.phase != DIRECTION or self.die is None:
            return None
        return {"cw": step(self.rabbit, self.die, "cw"), "ccw": step(self.rabbit, self.die, "ccw")}

    def max_choices(self, seat: int) -> list[MaxChoice]:
        """Every card ``seat`` could take with Max: another seat's card of a value ``seat`` lacks."""
        mine = self.hands[seat]
        return [
            {"from": t, "card": card}
            for t in range(self.players)
            if t != seat
            for card in self.hands[t][1:]
            if card is not None and mine[CARD_VALUE[card]] is None
        ]

    # -- parsing -----------------------------------------------------------------------------

    def parse_record_move(self, move: dict[str, Any]) -> AnyMove:
        return parse(move)

    # -- legality ----------------------------------------------------------------------------

    def verify(self, move: AnyMove) -> None:
        phase = self.phase
        if phase == OVER:
            raise GameIsOver(REASONS)
        if isinstance(move, Move):
            self.verify_move(move.by)
        elif isinstance(move, MaxTake):
            self.verify_max_take(move.by, move)
        elif isinstance(move, MaxPlace):
            self.verify_max_place(move.by, move.pile)
        elif isinstance(move, Roll):
            self._verify_roll_value(move)
        elif isinstance(move, Deal):
            if phase != DEAL:
                raise WrongPhase(REASONS, "dealt_once")
            self.verify_deal(move)
        else:
            raise MalformedMove(REASONS, "malformed_move", move=repr(move))

    def _verify_roll_value(self, move: Roll) -> None:
        """A die's roll, drawn by chance: only at the start of a move, and 1 to 6."""
        phase = self.phase
        if phase == ROLL and 1 <= move.value <= 6:
            return
        if phase == OVER:
            raise GameIsOver(REASONS)
        if phase != ROLL:
            raise WrongPhase(REASONS, "roll_at_start")
        raise BadChance(REASONS, "die_value", value=move.value)

    # The checks of :attr:`ACTIONS`, one ``verify_<kind>`` each (see :meth:`GameState.action_hints`).

    def _verify_turn(self, seat: int) -> None:
        if seat == self.turn and self.phase != OVER and self.phase != DEAL:
            return
        if self.phase == OVER:
            raise GameIsOver(REASONS)
        if self.phase == DEAL:
            raise NotYourTurn(REASONS, "not_started")
        if seat != self.turn:
            raise NotYourTurn(REASONS)

    def verify_roll(self, seat: int) -> None:
        """The seat to move sets off the roll of the die (see :meth:`chance_trigger`)."""
        self._verify_turn(seat)
        if self.phase != ROLL:
            raise WrongPhase(REASONS, "rolled")

    def verify_move(self, seat: int) -> None:
        if seat == self.turn and self.phase == DIRECTION:
            return  # every check below passes
        self._verify_turn(seat)
        phase = self.phase
        if phase != DIRECTION:
            if phase == ROLL:
                raise WrongPhase(REASONS, "roll_first")
            raise WrongPhase(REASONS, "max_first")

    def verify_deal(self, move: Deal) -> None:
        piles = move.piles
        if len(piles) != SPACES:
            raise BadChance(REASONS, "pile_count", most=SPACES, piles=len(piles))
        if sorted(chain.from_iterable(piles)) != _DEALT:
            raise BadChance(REASONS, "deal_cards")
        for number, pile in enumerate(piles):
            rabbits = len(pile) - (MAX in pile)
            if rabbits != PILE_SIZE:
                raise BadChance(REASONS, "pile_size", pile=number, most=PILE_SIZE, rabbits=rabbits)
            if MAX in pile[1:]:
                raise BadChance(REASONS, "max_on_top")

    def verify_max_take(self, seat: int, move: MaxTake | None = None) -> None:
        self._verify_turn(seat)
        phase = self.phase
        if phase != MAX_TAKE:
            if phase == MAX_PLACE:
                raise WrongPhase(REASONS, "max_used")
            raise WrongPhase(REASONS, "no_max_take")
        if move is None or move.source is None:
            return
        source, card = move.source, move.card
        if not 0 <= source < self.players:
            raise CannotTake(REASONS, "no_seat", seat=source)
        if source == seat:
            raise CannotTake(REASONS, "max_self")
        value = CARD_VALUE.get(card)  # type: ignore[arg-type]
        if value is None or self.hands[source][value] != card:
            raise CannotTake(REASONS, "not_face_up", seat=source, card=card)
        if self.hands[seat][value] is not None:
            raise CannotTake(REASONS, "have_value", value=value)

    def verify_max_place(self, seat: int, pile: int | None = None) -> None:
        if seat == self.turn and self.phase == MAX_PLACE and (pile is None or 0 <= pile < SPACES):
            return  # every check below passes
        self._verify_turn(seat)
        phase = self.phase
        if phase != MAX_PLACE:
            if phase == MAX_TAKE:
                raise WrongPhase(REASONS, "max_take_first")
            raise WrongPhase(REASONS, "no_max_place")
        if pile is not None and not 0 <= pile < SPACES:
            raise NoSuchPile(REASONS, "no_pile", pile=pile)

    # -- search ------------------------------------------------------------------------------

    def legal_moves(self, seat: int) -> list[AnyMove]:
        """Every legal move of ``seat``: a direction, each Max take (and taking nothing), or
        each pile for Max.  The roll is chance: see :meth:`chance_trigger`."""
        phase = self.phase
        if seat != self.turn:
            return []
        if phase == DIRECTION:
            return list(_DIRECTIONS[seat])
        if phase == MAX_TAKE:
            mine, hands = self.hands[seat], self.hands
            moves: list[AnyMove] = [
                TAKES[seat, t, card]
                for t in range(self.players)
                if t != seat
                for card in hands[t][1:]
                if card is not None and mine[CARD_VALUE[card]] is None
            ]
            moves.append(TAKES[seat, None, None])
            return moves
        if phase == MAX_PLACE:
            return list(PLACES[seat])
        return []

    def clone(self) -> WhiteRabbitState:
        new = WhiteRabbitState(self.players)
        new.phase = self.phase
        new.piles = [list(pile) for pile in self.piles]
        new.seen_under = list(self.seen_under)
        new.max_pile = self.max_pile
        new.hands = [list(hand) for hand in self.hands]
        new.rabbit, new.die, new.rolls, new.turn = self.rabbit, self.die, self.rolls, self.turn
        new.winner = self.winner
        new._outcome = self._outcome
        return new

    # -- playing -----------------------------------------------------------------------------

    def play(self, move: AnyMove, events: list[Event] | None = None) -> None:
        if isinstance(move, Move):  # the commonest first (compiled: a direct call)
            self._move(move, events)
        elif isinstance(move, Roll):
            self._roll(move, events)
        elif isinstance(move, MaxTake):
            self._max_take(move, events)
        elif isinstance(move, MaxPlace):
            self._max_place(move, events)
        elif isinstance(move, Deal):
            self._deal(move, events)
        else:
            self.verify(move)  # not a White Rabbit move: says so

    def chance_move(self, rng: random.Random) -> AnyMove:
        if self.phase == ROLL:
            # A die: three random bits, drawn again above 5, as rng.randrange(6) draws them.
            face = rng.getrandbits(3)
            while face > 5:
                face = rng.getrandbits(3)
            return ROLLS[face]
        if self.phase == DEAL:
            cards = list(RABBIT_CARDS)
            rng.shuffle(cards)
            piles = [cards[i : i + PILE_SIZE] for i in range(0, len(cards), PILE_SIZE)]
            piles[rng.randrange(SPACES)].insert(0, MAX)
            return Deal(tuple(map(tuple, piles)))
        raise WrongPhase(REASONS, "no_chance")

    def _roll(self, move: Roll, events: list[Event] | None) -> None:
        value = move.value
        if self.phase != ROLL or not 1 <= value <= 6:
            self._verify_roll_value(move)  # says why not
        self.rolls += 1
        self.die = value
        self.phase = DIRECTION
        if events is not None:
            rabbit = self.rabbit
            events.append({"type": "roll", "by": self.turn, "value": value, "cw": step(rabbit, value, "cw"),
                           "ccw": step(rabbit, value, "ccw")})  # fmt: skip

    def _deal(self, move: Deal, events: list[Event] | None) -> None:
        if self.phase != DEAL:
            self.verify(move)  # says why not
        self.verify_deal(move)
        self.piles = [list(p) for p in move.piles]
        self.max_pile = next(i for i, p in enumerate(self.piles) if p and p[0] == MAX)
        self.phase = ROLL
        self.turn = 0
        if events is not None:
            events.append({"type": "deal", "cards": [len(p) for p in self.piles], "max_pile": self.max_pile})
            events.append({"type": "turn", "seat": 0, "again": False})

    def _move(self, move: Move, events: list[Event] | None) -> None:
        seat = move.by
        if seat != self.turn or self.phase != DIRECTION:
            self.verify_move(seat)  # says why not
        steps = self.die
        start = self.rabbit
        space = LANDING[move.dir][start][steps]  # type: ignore[index]
        self.rabbit = space
        pile = self.piles[space]
        card = pile.pop(0) if pile else None
        hand = self.hands[seat]
        if card is None:
            outcome = "empty"
        else:
            if self.seen_under[space] > len(pile):
                self.seen_under[space] = len(pile)
            if card == MAX:
                self.max_pile = None
                self.phase = MAX_TAKE
                outcome = "max"
            elif hand[value := CARD_VALUE[card]] is None:
                hand[value] = card
                outcome = "kept"
            else:
                pile.append(card)
                self.seen_under[space] += 1
                outcome = "slid"
        if events is not None:
            events.append({"type": "move", "by": seat, "dir": move.dir, "steps": steps, "from": start, "to": space,
                           "card": card, "outcome": outcome})  # fmt: skip
        if outcome == "kept" and hand.count(None) == 1:  # a family: no value missing (hand[0] is no value)
            self._finish(events, seat)
        elif outcome != "max":
            self._end_turn(events, steps == 6 and card is not None)

    def _max_take(self, move: MaxTake, events: list[Event] | None) -> None:
        self.verify_max_take(move.by, move)
        if move.source is not None:
            card = move.card
            value = CARD_VALUE[card]  # type: ignore[index]
            self.hands[move.source][value] = None
            self.hands[move.by][value] = card
        self.phase = MAX_PLACE
        if events is not None:
            events.append({"type": "max_take", "by": move.by, "from": move.source, "card": move.card})

    def _max_place(self, move: MaxPlace, events: list[Event] | None) -> None:
        self.verify_max_place(move.by, move.pile)
        self.piles[move.pile].insert(0, MAX)
        self.max_pile = move.pile
        if events is not None:
            events.append({"type": "max_place", "by": move.by, "pile": move.pile})
        if None not in self.hands[move.by][1:]:
            self._finish(events, move.by)
        else:
            self._end_turn(events, self.die == 6)

    def _end_turn(self, events: list[Event] | None, again: bool) -> None:
        if self.rolls >= MAX_ROLLS:
            self._finish(events, None)
            return
        if not again:
            self.turn = (self.turn + 1) % self.players
        self.phase = ROLL
        if events is not None:
            events.append({"type": "turn", "seat": self.turn, "again": again})

    def _finish(self, events: list[Event] | None, winner: int | None) -> None:
        self.phase = OVER
        self.winner = winner
        self._outcome = score(self.hands, winner)
        if events is not None:
            events.append(
                {
                    "type": "game_over",
                    **self._outcome.to_record(),
                    "stopped": winner is None,
                    "rolls": self.rolls,
                    "oberhase": [self.oberhase(s) for s in range(self.players)],
                }
            )

    # -- what a seat may know ----------------------------------------------------------------

    def view(self, seat: int | None) -> WhiteRabbitView:
        """What ``seat`` may know now; ``None`` is a spectator.

        Everything here is public except ``actions`` (only for the seat to move).  Piles are
        ``{"cards": n, "max": bool}``: ``cards`` counts every card in the pile, Max included
        when ``max`` says he is on top.  ``seen_under`` holds, for each pile, the cards at its
        bottom that everyone saw drawn and slid under it (top-most first): what a player who
        remembers knows; the other pile cards are never named.  ``die`` is the
        last roll (the previous one while a roll is due); ``landing`` the two spaces the rabbit
        can reach while a direction is due; ``max_choices`` every card Max could take now.
        """
        phase = self.phase
        playing = phase not in (DEAL, OVER)
        max_pile = self.max_pile
        view: WhiteRabbitView = {
            "game": "white-rabbit",
            "you": seat,
            "players": self.players,
            "phase": phase,
            "turn": self.turn if playing else None,
            "rabbit": self.rabbit,
            "die": self.die,
            "rolls": self.rolls,
            "max_rolls": MAX_ROLLS,
            "landing": self.landing(),
            "piles": [{"cards": len(p), "max": i == max_pile} for i, p in enumerate(self.piles)],
            "max_pile": max_pile,
            "seen_under": [p[len(p) - n :] if n else [] for p, n in zip(self.piles, self.seen_under, strict=True)],
            "max_with": self.turn if phase in (MAX_TAKE, MAX_PLACE) else None,
            "families": [self.family(s) for s in range(self.players)],
            "missing": [self.missing(s) for s in range(self.players)],
            "oberhase": [self.oberhase(s) for s in range(self.players)],
        }
        if phase == MAX_TAKE:
            choices = self.max_choices(self.turn)
            view["max_choices"] = choices
            view["max_note"] = None if choices else "Nobody has a value you lack: Max finds nothing to take."
        if seat is not None and seat == self.turn and playing:
            view["actions"] = self.action_hints(seat)
        if self._outcome is not None:
            view["result"] = cast(ResultRecord, self._outcome.to_record())
            view["stopped"] = self.winner is None
        return view


def score(hands: list[list[str | None]], winner: int | None) -> Outcome:
    """Scores are the distinct values each seat holds; the winner is the seat that completed.

    >>> score([[None, "grey-1", None, None, None, None, None], [None] * 7], None)
    Outcome(scores=(1, 0), winners=(), extra={}, lowest_wins=False)
    """
    return Outcome(
        scores=tuple(sum(c is not None for c in hand[1:]) for hand in hands),
        winners=() if winner is None else (winner,),
    )


__all__ = ["WhiteRabbitState", "score"]
