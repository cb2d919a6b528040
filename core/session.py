"""One game as it is played: its position, its record moves so far, and the way back.

The host's table, bots playing a whole game (:func:`yule.core.records.play`) and a record
replayed (:func:`yule.core.records.replay`, ``yule replay``) all play through a
:class:`Session` (a search's playouts apply moves to copies of a position directly, for
speed).  A seat's move comes in wire form (:meth:`Session.play`) and is applied; the
chance moves it sets off are drawn at once, each from a ``random.Random`` seeded by the game's
seed and the number of the move, so the same seed deals the same game however it is played,
restarted or taken back.  A chance move that a seat sets off itself (White Rabbit's die) waits
for that seat's ``{"type": "roll"}``.  A record's moves are applied as they stand
(:meth:`Session.apply`), chance moves included.

Taking moves back (:meth:`Session.back_to`, :meth:`Session.undo`) starts from a copy of a
position the session kept on the way (:meth:`~yule.core.base.GameState.clone`): the start, and,
in a session made with ``undo=True``, the position before each seat's move; only the moves
after that copy are applied again.

    >>> from yule.core import get_game
    >>> session = Session(get_game("gift-exchange"), 2, seed="snow", undo=True)
    >>> session.movers()
    [0, 1]
    >>> _ = session.play(0, {"type": "bring", "label": "Socks", "wrapping": "box"})
    >>> [e["type"] for e in session.play(1, {"type": "bring", "label": "Mug", "wrapping": "bag"})]
    ['bring', 'order', 'turn']
    >>> [m["by"] for m in session.moves]
    [0, 1, 'chance']
    >>> session.undo()[0]["type"], len(session.moves)
    ('bring', 1)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Generic

from .base import CHANCE, ORGANISER, Bot, Event, Game, IllegalMove, MalformedMove, Move, MoveDict, NotYourTurn, S, Seat
from .reasons import GENERIC


class Session(Generic[S]):
    """A game of ``players`` seats from its start: :attr:`state` (the position, the game's own
    object), :attr:`moves` (record form, chance moves included) and :attr:`seed`, which draws its
    chance moves.  ``undo``: keep a copy of the position before each seat's move, so that taking
    it back applies no move again."""

    __slots__ = ("_at_once_since", "_keep_all", "_kept", "game", "moves", "seed", "state")

    def __init__(
        self, game: Game[S], players: int, options: Mapping[str, Any] | None = None, seed: int | str = "",
        *, undo: bool = False,
    ) -> None:  # fmt: skip
        self.game = game
        self.seed = seed
        self.state: S = game.start(players, options)
        self.moves: list[MoveDict] = []
        self._keep_all = undo
        self._kept: list[tuple[int, S]] = [(0, self.state.clone())]
        """Copies of positions on the way, each after its number of moves, in order: the start,
        and with ``undo`` the one before each seat's move."""
        self._at_once_since: int | None = None
        self._follow()

    # -- playing -------------------------------------------------------------------------------

    def movers(self) -> list[Seat]:
        """The seats that may act now: those in ``active()``, or the seat that sets off the
        pending chance move."""
        state = self.state
        if state.is_over:
            return []
        trigger = state.chance_trigger()
        if trigger is not None:
            return [trigger[0]]
        return [s for s in state.active() if isinstance(s, int)]

    def play(self, seat: Seat, wire: MoveDict) -> list[Event]:
        """``seat``'s move as it sends it (wire form), then the chance moves it sets off; their
        public events, in order.  A move the rules refuse raises :class:`IllegalMove` and
        changes nothing."""
        trigger = self.state.chance_trigger()
        if trigger is not None:
            if seat != trigger[0]:
                raise NotYourTurn(self.game.reasons)
            if wire.get("type") != trigger[1] or len(wire) != 1:
                raise IllegalMove(self.game.reasons, "chance_first", move=trigger[1])
            return self.draw_chance(triggered=True)
        return self.apply(self.state.parse_seat_move(seat, wire)) + self.draw_chance()

    def organise(self, wire: MoveDict) -> list[Event]:
        """A move of the organiser's for the whole table (wire form, no ``by``: one of the game's
        :attr:`~yule.core.base.Game.organiser_moves`, made by :data:`~yule.core.base.ORGANISER`),
        then the chance moves it sets off (a latecomer's place in the order); their public events.
        A move the rules refuse raises :class:`IllegalMove` and changes nothing."""
        kind = wire.get("type") if isinstance(wire, dict) else None
        if type(kind) is not str or kind not in self.game.organiser_moves:
            raise MalformedMove(GENERIC, "not_understood")
        return self.apply(self.state.parse_record_move({**wire, "by": ORGANISER})) + self.draw_chance()

    def draw_chance(self, *, triggered: bool = False) -> list[Event]:
        """Draw and apply the chance moves due now (the deal that opens a game, say); their
        events.  One that a seat sets off waits, unless ``triggered`` says the seat has just
        asked for the first of them."""
        state = self.state
        events: list[Event] = []
        while not state.is_over and state.active() == (CHANCE,):
            if state.chance_trigger() is not None and not triggered:
                break
            triggered = False
            events += self.apply(state.chance_move(random.Random(f"{self.seed}/{len(self.moves)}")))
        return events

    def apply(self, move: Mapping[str, Any] | Move) -> list[Event]:
        """Apply one move (a record-form dict, or the game's move value) as it stands, chance
        or not; its public events.  Moves that a seat sends go through :meth:`play` instead.

        A move the rules refuse raises :class:`IllegalMove` and changes nothing; should the
        game fail otherwise, the position is set back to the moves so far before the error
        goes on."""
        events: list[Event] = []
        self._apply(move, events)
        return events

    def _apply(self, move: Mapping[str, Any] | Move, events: list[Event] | None) -> None:
        """:meth:`apply`, its events added to ``events`` (``None``: none are made)."""
        state = self.state
        played = state.parse_record_move(dict(move)) if isinstance(move, Mapping) else move
        if self._keep_all and played.by != CHANCE and self._kept[-1][0] != len(self.moves):
            self._kept.append((len(self.moves), state.clone()))
        try:
            state.play(played, events)
        except IllegalMove:
            raise
        except Exception:
            self.state = self.position(len(self.moves))
            raise
        self.moves.append(played.to_record())
        self._follow()

    def replay(self, moves: Sequence[Mapping[str, Any]], *, events: bool = True) -> list[Event]:
        """Apply record moves in order (:meth:`apply`); their events (none made unless
        ``events``: a replay that reads none is quicker).  At a move the rules refuse,
        :attr:`moves` holds those before it."""
        told: list[Event] | None = [] if events else None
        for move in moves:
            self._apply(move, told)
        return told or []

    def decider(self, bot: Bot[Any], seat: Seat) -> Bot[Any]:
        """A copy of ``bot`` for ``seat``'s next decision, its randomness drawn from the seed, the
        seat and the move number: a game of bots plays the same wherever each decision is made.

        >>> from yule.core import get_game
        >>> session = Session(get_game("white-rabbit"), 2, seed=1)
        >>> bot = session.game.bots["random"](random.Random(0))
        >>> session.decider(bot, 0).rng.random() == session.decider(bot, 0).rng.random() != bot.rng.random()
        True
        """
        decision = copy.copy(bot)
        decision.rng = random.Random(f"{self.seed}/seat{seat}/{len(self.moves)}")
        return decision

    def bots_play(self, bots: Sequence[Bot[Any]], *, max_moves: int = 1_000_000) -> Iterator[tuple[bool, int]]:
        """Play the game to its end with ``bots[seat]`` on every seat, each deciding from its
        seat's view in wire form (a :meth:`decider` copy), as at a host's table of bots; after
        each decision, whether the seats were choosing at once (:meth:`~yule.core.base.GameState.at_once`)
        and how many moves it applied (the chance it set off included)."""
        self.draw_chance()
        state = self.state
        while not state.is_over:
            if len(self.moves) >= max_moves:
                raise RuntimeError(f"{self.game.name}: no end after {max_moves} moves")
            seat = self.movers()[0]
            at_once, before = state.at_once(), len(self.moves)
            self.play(seat, self.decider(bots[seat], seat).choose(state.view(seat)))
            state = self.state
            yield at_once, len(self.moves) - before

    # -- at once -------------------------------------------------------------------------------

    def _follow(self) -> None:
        """Note from which move on the seats to move have chosen at once without a break."""
        if not self.state.at_once() or self.state.is_over:
            self._at_once_since = None
        elif self._at_once_since is None:
            self._at_once_since = len(self.moves)

    def fresh_for(self, seat: Seat, seq: int) -> bool:
        """True when a move ``seat`` chose on the view after ``seq`` moves may still be judged
        now: the view is the current one, or since it the seats have been choosing at once
        (:meth:`~yule.core.base.GameState.at_once`) and only other seats have moved, so what
        ``seat`` chose among is unchanged (the rules judge the move on the position as it stands)."""
        moves = self.moves
        if seq == len(moves):
            return True
        since = self._at_once_since
        return (
            since is not None
            and since <= seq < len(moves)
            and all(m.get("by") not in (seat, CHANCE) for m in moves[seq:])
        )

    # -- the way back --------------------------------------------------------------------------

    def position(self, count: int) -> S:
        """A new position: the game after its first ``count`` moves, from the nearest position
        kept on the way (the moves after it applied again)."""
        if not 0 <= count <= len(self.moves):
            raise ValueError(f"the game has {len(self.moves)} moves, not {count}")
        at, kept = next((at, kept) for at, kept in reversed(self._kept) if at <= count)
        state = kept.clone()
        for move in self.moves[at:count]:
            state.play(state.parse_record_move(move))
        return state

    def back_to(self, count: int) -> list[MoveDict]:
        """Take off every move after the first ``count``; the moves taken off."""
        self.state = self.position(count)
        while self._kept[-1][0] > count:
            self._kept.pop()
        taken = self.moves[count:]
        del self.moves[count:]
        since = self._at_once_since
        self._at_once_since = None if since is None or since > count else since
        self._follow()
        return taken

    def last_seat_move(self) -> int | None:
        """The number of moves before the last seat's move (``None``: no seat has moved)."""
        return next((n for n in range(len(self.moves) - 1, -1, -1) if self.moves[n].get("by") != CHANCE), None)

    def undo(self) -> list[Event]:
        """Take back the last seat's move and the chance moves it set off; the events that move
        made (its first says what it was).  :class:`ValueError` when no seat has moved."""
        count = self.last_seat_move()
        if count is None:
            raise ValueError("no seat has moved: there is nothing to take back")
        undone = self.back_to(count)[0]
        return self.state.clone().apply(self.state.parse_record_move(undone))
