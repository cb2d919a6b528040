"""Elf: Journey from the North Pole: one position, its legal moves, views and scoring.

Three chance moves start a game (the shuffle, which also deals 3 face-up cards to each seat;
the secret Goal cards; the hidden Gingerbread values).  Then seats take turns: each plays one
or more cards from Buddy's arrow (or, once per game, from the other Ice Floe right after a
card touched a floe), resolving every token its cells touch in path order, and ends the turn
drawing 2.  A seat that cannot place any card at the start of its turn draws until it can, or
discards its hand once the deck is out; a seat with no cards is skipped.  The game ends when
a card touches END, or when a turn ends with the deck and every hand empty.

    >>> state = ElfState(2)
    >>> deck = ["s3-1", "s3-2", "s3-3", "s2-1", "s2-2", "s2-3"] + [c for c in CARD_IDS if c not in
    ...         ("s3-1", "s3-2", "s3-3", "s2-1", "s2-2", "s2-3")]
    >>> for move in (Shuffle(tuple(deck)), Goals(("goal-1", "goal-2")), Gingerbread((1, 2, 2, 3))):
    ...     _ = state.apply(move)
    >>> state.active(), state.hands[0]
    ((0,), ['s3-1', 's3-2', 's3-3'])
    >>> [e["type"] for e in state.apply(Play(0, "s3-1", "S"))]
    ['play']
    >>> state.view(0)["arrow"]
    {'cell': [12, 3], 'heading': 'S'}
    >>> state.apply(Play(0, "s3-2", "E"))
    Traceback (most recent call last):
    ...
    yule.core.elf.state.WrongHeading: Buddy is heading S: the card must continue S.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
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
from .board import (
    ALL_LIVE,
    END,
    FLOE,
    FLOE_BITS,
    FLOE_CELLS,
    GINGERBREAD,
    GINGERBREAD_VALUES,
    GOAL_IDS,
    GOALS,
    HEADING_INDEX,
    HEADINGS,
    LOCATION,
    OTHER_FLOE,
    SLOT_VALUES,
    SNOW_GLOBE_POINTS,
    SPOT_IDS,
    SPOTS,
    START_CELL,
    START_HEADING,
    SYRUP,
    TOKENS,
    XY,
    cell,
    entry_headings,
    in_area,
    slot_value,
)
from .cards import CARD_IDS, CARD_TYPE, JUMPS, OFF_AREA, Placement, jump_placement_raw, placement, placements_by_type
from .moves import ENDS, MOST_SEATS, PLAYS, End, Gingerbread, Goals, Move, Play, Shuffle, parse
from .reasons import REASONS
from .views import Arrow, ElfResult, ElfView, PlacementHint, TokenView

# Phases
SHUFFLE = "shuffle"
GOALS_PHASE = "goals"
GINGERBREAD_PHASE = "gingerbread"
PLAY = "play"

HAND_SIZE = 3
DRAW_AT_END = 2

_KIND = tuple(t.kind for t in TOKENS)
_SPOT_OF = {t: i for i, t in enumerate(SPOTS)}
_SORTED_DECK = sorted(CARD_IDS)
_ONE = tuple((seat,) for seat in range(MOST_SEATS))
"""``(seat,)`` for each seat: what :meth:`ElfState.active` returns on a turn, made once."""
_CHANCE = (CHANCE,)


class NotInHand(IllegalMove):
    """A card is played from the player's own hand."""


class WrongHeading(IllegalMove):
    """The entry heading must continue Buddy's arrow (§2.3)."""


class BadPlacement(IllegalMove):
    """Off the play area, or no room to continue (§2.4)."""


class NoJump(IllegalMove):
    """An Ice Floe jump needs the offer from the card just played, and only once per game."""


class MustPlay(IllegalMove):
    """A turn ends only after at least one card was played."""


def xy_list(c: int) -> list[int]:
    x, y = XY[c]
    return [x, y]


def arrow_dict(c: int, heading: int) -> Arrow:
    return {"cell": xy_list(c), "heading": HEADINGS[heading]}


class ElfState(GameState[Move]):
    """One position of Elf for 2 to 4 seats (no options)."""

    ACTIONS = ("play", "end")

    __slots__ = (
        "arrow_cell",
        "arrow_heading",
        "deck",
        "deck_pos",
        "discards",
        "ended",
        "goals",
        "hands",
        "jump_used",
        "live",
        "offer",
        "paths",
        "plays",
        "slots",
        "snow_globe",
        "spot_owner",
        "spot_values",
        "taken",
        "turn",
    )  # fmt: skip

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        if not 2 <= players <= 4:
            raise ValueError(f"Elf is for 2 to 4 players, not {players}")
        self.players = players
        self.options: dict[str, Any] = {}
        self.phase = SHUFFLE
        self.deck: list[str] = []
        self.deck_pos = 0
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.discards: list[list[str]] = [[] for _ in range(players)]
        self.goals: list[str] = []
        self.spot_values: list[int] = []
        self.spot_owner = [-1] * len(SPOTS)
        self.taken: list[list[int]] = [[] for _ in range(players)]  # spot indexes, in order taken
        self.live = ALL_LIVE  # bit per token: still on the board and working
        self.slots: list[str] = []  # location ids in the order taken
        self.arrow_cell = START_CELL
        self.arrow_heading = START_HEADING
        self.turn = -1
        self.plays = 0  # cards played this turn
        self.offer = -1  # floe token a jump may start from now, or -1
        self.jump_used = False
        self.snow_globe = -1
        self.paths: list[tuple[str, int, Any, bool, tuple[str, ...]]] = []  # (card, by, placement, jump, triggered)
        self.ended: str | None = None
        self._outcome: Outcome | None = None

    # -- who moves ---------------------------------------------------------------------------

    def active(self) -> tuple[int | str, ...]:
        if self.phase == PLAY:
            return _ONE[self.turn]
        if self.phase == OVER:
            return ()
        return _CHANCE

    @property
    def deck_count(self) -> int:
        return len(self.deck) - self.deck_pos

    def placeable(self, card: str) -> bool:
        """True when the card fits from Buddy's arrow now (a jump is not counted)."""
        return bool(placements_by_type(self.arrow_cell, self.arrow_heading)[CARD_TYPE[card]])

    # -- parsing -----------------------------------------------------------------------------

    parse_record_move = staticmethod(parse)

    # -- legality ----------------------------------------------------------------------------

    def verify(self, move: Move) -> None:
        phase = self.phase
        if phase == OVER:
            raise GameIsOver(REASONS)
        if isinstance(move, Play):
            self.verify_play(move.by, move)
            return
        if isinstance(move, End):
            self.verify_end(move.by)
            return
        if isinstance(move, Shuffle):
            if phase != SHUFFLE:
                raise WrongPhase(REASONS, "shuffled_once")
            if sorted(move.deck) != _SORTED_DECK:
                raise BadChance(REASONS, "deck_cards")
            return
        if isinstance(move, Goals):
            if phase != GOALS_PHASE:
                raise WrongPhase(REASONS, "goals_once")
            goals = move.goals
            if len(goals) != self.players or len(set(goals)) != len(goals) or any(g not in GOALS for g in goals):
                raise BadChance(REASONS, "goal_each", players=self.players)
            return
        if isinstance(move, Gingerbread):
            if phase != GINGERBREAD_PHASE:
                raise WrongPhase(REASONS, "gingerbread_once")
            if sorted(move.values) != list(GINGERBREAD_VALUES):
                raise BadChance(REASONS, "gingerbread_values")
            return
        raise MalformedMove(REASONS, "malformed_move", move=repr(move))

    # The checks of :attr:`ACTIONS`, one ``verify_<kind>`` each (see :meth:`GameState.action_hints`).

    def _check_seat(self, seat: int) -> None:
        if seat == self.turn and self.phase == PLAY:
            return
        if self.phase == OVER:
            raise GameIsOver(REASONS)
        if self.phase != PLAY:
            raise NotYourTurn(REASONS, "not_started")
        if seat != self.turn:
            raise NotYourTurn(REASONS)

    def verify_play(self, seat: int, move: Play | None = None) -> Placement | None:
        """Check a play by ``seat``; return the placement ``move`` makes.

        When no card of the hand can be played, every play is refused with that reason.
        """
        self._check_seat(seat)
        if move is not None:
            try:
                return self._placement(move)
            except IllegalMove:
                self._verify_some_play(seat)
                raise
        self._verify_some_play(seat)
        return None

    def _verify_some_play(self, seat: int) -> None:
        hand = self.hands[seat]
        if not hand:
            raise NotInHand(REASONS, "hand_empty")
        offer = self.offer
        if not any(self.placeable(c) for c in hand) and not (
            offer >= 0 and any(JUMPS[(offer, CARD_TYPE[c])] for c in hand)
        ):
            raise BadPlacement(REASONS, "nothing_fits")

    def verify_end(self, seat: int) -> None:
        self._check_seat(seat)
        if self.plays == 0:
            raise MustPlay(REASONS)

    def _placement(self, move: Play) -> Placement:
        """The placement ``move`` makes, or the reason it is illegal (the seat may move now)."""
        if move.card not in self.hands[move.by]:
            raise NotInHand(REASONS)
        type_ = CARD_TYPE[move.card]
        h = HEADING_INDEX[move.heading]
        if move.floe is not None:
            if self.jump_used:
                raise NoJump(REASONS, "jump_used")
            if self.offer < 0:
                raise NoJump(REASONS)
            x, y = move.floe
            floe = self.offer
            if not in_area(x, y) or cell(x, y) not in FLOE_CELLS[floe]:
                raise NoJump(REASONS, "floe_cell", cells=[[fx, fy] for fx, fy in TOKENS[floe].cells])
            p = jump_placement_raw(floe, cell(x, y), h, type_)
            if p is None:
                raise WrongHeading(REASONS, "back_onto_floe")
        else:
            arrow_h = self.arrow_heading
            allowed = entry_headings(arrow_h)
            if h not in allowed:
                if arrow_h < 4:
                    raise WrongHeading(REASONS, "continue", heading=HEADINGS[arrow_h])
                a, b = (HEADINGS[i] for i in allowed)
                raise WrongHeading(REASONS, "corner", heading=HEADINGS[arrow_h], headings=[a, b])
            p = placement(self.arrow_cell, h, type_)
        if p.error is not None:
            raise BadPlacement(REASONS, "off_area" if p.error == OFF_AREA else "no_room")
        return p

    # -- search ------------------------------------------------------------------------------

    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move of ``seat``: each card of its hand in each way it fits (from Buddy's
        arrow, and from the other Ice Floe while the jump is on offer), and the end of the turn
        once it has played."""
        if self.phase != PLAY or seat != self.turn:
            return []
        moves: list[Move] = [
            PLAYS[seat, card, HEADINGS[p.heading], XY[p.origin] if jump else None] for card, p, jump in self._fits()
        ]
        if self.plays:
            moves.append(ENDS[seat])
        return moves

    def _fits(self) -> Iterator[tuple[str, Placement, bool]]:
        """Each card of the hand of the seat to move, with each placement that fits now and
        whether it is the Ice Floe jump: normal placements first, then jumps, card by card."""
        offer = self.offer
        fits = placements_by_type(self.arrow_cell, self.arrow_heading)
        for card in self.hands[self.turn]:
            t = CARD_TYPE[card]
            for p in fits[t]:
                yield card, p, False
            if offer >= 0:
                for p in JUMPS[(offer, t)]:
                    yield card, p, True

    def clone(self) -> ElfState:
        new = ElfState.__new__(ElfState)
        new.players, new.options, new.phase = self.players, self.options, self.phase
        new.deck = self.deck  # never changed once shuffled
        new.deck_pos = self.deck_pos
        new.hands = [list(hand) for hand in self.hands]
        new.discards = [list(pile) for pile in self.discards]
        new.goals = self.goals  # fixed once dealt
        new.spot_values = self.spot_values  # fixed once placed
        new.spot_owner = list(self.spot_owner)
        new.taken = [list(spots) for spots in self.taken]
        new.live = self.live
        new.slots = list(self.slots)
        new.arrow_cell, new.arrow_heading = self.arrow_cell, self.arrow_heading
        new.turn, new.plays, new.offer = self.turn, self.plays, self.offer
        new.jump_used, new.snow_globe = self.jump_used, self.snow_globe
        new.paths = list(self.paths)
        new.ended = self.ended
        new._outcome = self._outcome
        return new

    # -- playing -----------------------------------------------------------------------------

    def play(self, move: Move, events: list[Event] | None = None) -> None:
        if isinstance(move, Play):
            placement = self.verify_play(move.by, move)
            assert placement is not None
            self._play(move, placement, events)
            return
        if isinstance(move, End):
            self.verify_end(move.by)
            self._end(move.by, events)
            return
        self.verify(move)
        if isinstance(move, Shuffle):
            self.deck = list(move.deck)
            n = self.players
            self.hands = [self.deck[s * HAND_SIZE : (s + 1) * HAND_SIZE] for s in range(n)]
            self.deck_pos = n * HAND_SIZE
            self.phase = GOALS_PHASE
            if events is not None:
                events.append({"type": "shuffle", "cards": len(self.deck)})
                events.append({"type": "deal", "hands": [list(h) for h in self.hands]})
            return
        if isinstance(move, Goals):
            self.goals = list(move.goals)
            self.phase = GINGERBREAD_PHASE
            if events is not None:
                events.append({"type": "goals"})
            return
        # Gingerbread
        self.spot_values = list(move.values)
        if events is not None:
            events.append({"type": "gingerbread"})
        self._begin(0, events)

    def chance_move(self, rng: random.Random) -> Move:
        if self.phase == SHUFFLE:
            deck = list(CARD_IDS)
            rng.shuffle(deck)
            return Shuffle(tuple(deck))
        if self.phase == GOALS_PHASE:
            return Goals(tuple(rng.sample(GOAL_IDS, self.players)))
        if self.phase == GINGERBREAD_PHASE:
            values = list(GINGERBREAD_VALUES)
            rng.shuffle(values)
            return Gingerbread(tuple(values))
        raise WrongPhase(REASONS, "no_chance")

    def _draw(self, seat: int, count: int) -> list[str]:
        pos = self.deck_pos
        cards = self.deck[pos : pos + count]
        self.deck_pos = pos + len(cards)
        self.hands[seat].extend(cards)
        return cards

    def _play(self, move: Play, p: Placement, events: list[Event] | None) -> None:
        seat = move.by
        self.hands[seat].remove(move.card)
        jump = move.floe is not None
        live = self.live
        if jump:
            self.jump_used = True
            live &= ~FLOE_BITS
        self.offer = -1
        if events is not None:
            events.append(
                {
                    "type": "play",
                    "by": seat,
                    "card": move.card,
                    "heading": move.heading,
                    "floe": list(move.floe) if move.floe is not None else None,
                    "cells": [list(XY[c]) for c in p.cells],
                    "arrow": arrow_dict(p.arrow_cell, p.arrow_heading),
                }
            )
        self.arrow_cell = p.arrow_cell
        self.arrow_heading = p.arrow_heading
        reached_end = False
        floe_touched = -1
        triggered: list[str] = []
        for t, c in p.touches:  # those still live trigger, as :func:`.board.touched` lists them
            if not live >> t & 1:
                continue
            kind = _KIND[t]
            token = TOKENS[t].id
            triggered.append(token)
            if kind == LOCATION:
                live &= ~(1 << t)
                index = len(self.slots)
                self.slots.append(token)
                if events is not None:
                    events.append({"type": "location", "by": seat, "location": token, "cell": xy_list(c),
                                   "slot": index if index < len(SLOT_VALUES) else None, "points": slot_value(index)})  # fmt: skip
            elif kind == GINGERBREAD:
                live &= ~(1 << t)
                spot = _SPOT_OF[t]
                self.spot_owner[spot] = seat
                self.taken[seat].append(spot)
                if events is not None:
                    events.append({"type": "take_gingerbread", "by": seat, "spot": token, "cell": xy_list(c)})
            elif kind == SYRUP:
                live &= ~(1 << t)
                drawn = self._draw(seat, 1)
                if events is not None:
                    events.append({"type": "syrup", "by": seat, "jar": token, "cell": xy_list(c),
                                   "card": drawn[0] if drawn else None})  # fmt: skip
            elif kind == FLOE:
                floe_touched = t
                if events is not None:
                    events.append({"type": "floe", "by": seat, "floe": token, "cell": xy_list(c),
                                   "jump_to": TOKENS[OTHER_FLOE[t]].id})  # fmt: skip
            else:  # END
                reached_end = True
                if events is not None:
                    events.append({"type": "reach_end", "by": seat, "cell": xy_list(c)})
        self.live = live
        self.paths.append((move.card, seat, p, jump, tuple(triggered)))
        self.plays += 1
        if reached_end:
            self.snow_globe = seat
            if events is not None:
                events.append({"type": "snow_globe", "by": seat})
            self._finish("nyc", events)
        elif floe_touched >= 0:
            self.offer = OTHER_FLOE[floe_touched]

    def _end(self, seat: int, events: list[Event] | None) -> None:
        drawn = self._draw(seat, DRAW_AT_END)
        self.offer = -1
        if events is not None:
            events.append({"type": "end", "by": seat})
            events.append({"type": "draw", "seat": seat, "cards": drawn, "why": "end"})
        if self._all_out():
            self._finish("cards", events)
        else:
            self._begin((seat + 1) % self.players, events)

    def _all_out(self) -> bool:
        return self.deck_pos >= len(self.deck) and not any(self.hands)

    def _begin(self, seat: int, events: list[Event] | None) -> None:
        """Start ``seat``'s turn: skip a seat with no cards; rule 9 for a hand that cannot be placed."""
        n = self.players
        fits = placements_by_type(self.arrow_cell, self.arrow_heading)  # the arrow stays put meanwhile
        for _ in range(4 * n + len(CARD_IDS)):
            hand = self.hands[seat]
            if not hand and self.deck_pos >= len(self.deck):
                if events is not None:
                    events.append({"type": "skip", "seat": seat})
                seat = (seat + 1) % n
                continue
            if not any(fits[CARD_TYPE[c]] for c in hand):
                drawn = []
                fits_now = False
                while self.deck_pos < len(self.deck):
                    card = self._draw(seat, 1)[0]
                    drawn.append(card)
                    if fits[CARD_TYPE[card]]:
                        fits_now = True
                        break
                if drawn and events is not None:
                    events.append({"type": "draw", "seat": seat, "cards": drawn, "why": "stuck"})
                if not fits_now:
                    self.discards[seat].extend(hand)
                    if events is not None:
                        events.append({"type": "discard", "seat": seat, "cards": list(hand)})
                    hand.clear()
                    if self._all_out():
                        self._finish("cards", events)
                        return
                    seat = (seat + 1) % n
                    continue
            self.turn = seat
            self.plays = 0
            self.offer = -1
            self.phase = PLAY
            if events is not None:
                events.append({"type": "turn", "seat": seat})
            return
        raise RuntimeError("no seat can take a turn")  # unreachable: the game ends first

    def _finish(self, ended: str, events: list[Event] | None) -> None:
        self.phase = OVER
        self.ended = ended
        self.offer = -1
        self._outcome = score(
            self.goals, self.slots, self.gingerbread_taken(), self.snow_globe if self.snow_globe >= 0 else None, ended
        )
        if events is not None:
            events.append({"type": "game_over", **self._outcome.to_record()})

    def gingerbread_taken(self) -> list[list[int]]:
        """For each seat, the values of the Gingerbread Men it took, in order (omniscient)."""
        return [[self.spot_values[s] for s in spots] for spots in self.taken]

    # -- what a seat may know ----------------------------------------------------------------

    def view(self, seat: int | None) -> ElfView:
        """What ``seat`` may know now; ``None`` is a spectator (public information only).

        Public: hands, the board, paths, the arrow, slots, spent tokens, who took which
        Gingerbread spot, the jump, discards and the deck count.  Own seat only: its Goal card
        and the values of the Gingerbread Men it took.  Everything is revealed once it is over.

        :class:`~yule.core.elf.views.ElfView` tells every field.
        """
        over = self.phase == OVER
        live = self.live
        owner = self.spot_owner
        tokens: dict[str, TokenView] = {}
        for i, t in enumerate(TOKENS):
            entry: TokenView = {"kind": t.kind, "label": t.label, "cells": [list(c) for c in t.cells],
                                     "live": bool(live >> i & 1)}  # fmt: skip
            if t.kind == LOCATION:
                entry["slot"] = self.slots.index(t.id) if t.id in self.slots else None
            elif t.kind == GINGERBREAD:
                taker = owner[_SPOT_OF[i]]
                entry["taken_by"] = taker if taker >= 0 else None
            elif t.kind == END:
                entry["taken_by"] = self.snow_globe if self.snow_globe >= 0 else None
            tokens[t.id] = entry
        view: ElfView = {
            "game": "elf",
            "you": seat,
            "players": self.players,
            "phase": self.phase,
            "turn": self.turn if self.phase == PLAY else None,
            "deck": self.deck_count,
            "hands": [list(h) for h in self.hands],
            "discards": [list(d) for d in self.discards],
            "arrow": arrow_dict(self.arrow_cell, self.arrow_heading),
            "plays_this_turn": self.plays if self.phase == PLAY else 0,
            "paths": [
                {
                    "card": card,
                    "by": by,
                    "heading": HEADINGS[p.heading],
                    "floe": list(XY[p.origin]) if jump else None,
                    "cells": [list(XY[c]) for c in p.cells],
                    "arrow": arrow_dict(p.arrow_cell, p.arrow_heading),
                    "touched": list(trig),
                }
                for card, by, p, jump, trig in self.paths
            ],
            "tokens": tokens,
            "slots": [self.slots[i] if i < len(self.slots) else None for i in range(len(SLOT_VALUES))],
            "seventh": self.slots[len(SLOT_VALUES)] if len(self.slots) > len(SLOT_VALUES) else None,
            "slot_values": list(SLOT_VALUES),
            "jump": {"used": self.jump_used, "offer": TOKENS[self.offer].id if self.offer >= 0 else None},
            "snow_globe": self.snow_globe if self.snow_globe >= 0 else None,
            "gingerbread_counts": [len(t) for t in self.taken],
        }
        if seat is not None and 0 <= seat < self.players:
            if self.goals:
                goal = self.goals[seat]
                view["goal"] = {"id": goal, "locations": list(GOALS[goal])}
            else:
                view["goal"] = None
            view["my_gingerbread"] = [{"spot": SPOT_IDS[s], "value": self.spot_values[s]} for s in self.taken[seat]]
            if self.phase == PLAY and seat == self.turn:
                view["actions"] = self.action_hints(seat)
                view["placements"] = self._placement_hints()
        if over:
            view["goals"] = list(self.goals)
            view["gingerbread_values"] = dict(zip(SPOT_IDS, self.spot_values, strict=True))
            view["result"] = cast(ElfResult, self._outcome.to_record()) if self._outcome else None
        return view

    def _placement_hints(self) -> dict[str, list[PlacementHint]]:
        """Card -> its legal placements as wire fields (``heading`` and, for a jump, ``floe``)."""
        out: dict[str, list[PlacementHint]] = {card: [] for card in self.hands[self.turn]}
        for card, p, jump in self._fits():
            out[card].append(
                {"heading": HEADINGS[p.heading], "floe": list(XY[p.origin])}
                if jump
                else {"heading": HEADINGS[p.heading]}
            )
        return out


def score(
    goals: list[str],
    slots: list[str],
    gingerbread: list[list[int]],
    snow_globe: int | None,
    ended: str,
) -> Outcome:
    """Final scoring (house rule 11): slot values of the locations on your Goal card, your
    Gingerbread values, 2 for the Snow Globe.  Highest wins; a tie shares the win.

    >>> o = score(["goal-3", "goal-1", "goal-2"], ["wise-snowman", "central-park"], [[], [], [3]], None, "cards")
    >>> o.scores, o.winners
    ((3, 6, 6), (1, 2))
    """
    scores = []
    for seat, goal in enumerate(goals):
        wanted = GOALS[goal]
        total = sum(slot_value(i) for i, loc in enumerate(slots) if loc in wanted)
        total += sum(gingerbread[seat])
        if snow_globe == seat:
            total += SNOW_GLOBE_POINTS
        scores.append(total)
    return Outcome.by_score(
        scores,
        extra={
            "ended": ended,
            "slots": list(slots),
            "gingerbread": [list(g) for g in gingerbread],
            "snow_globe": snow_globe,
            "goals": list(goals),
        },
    )
