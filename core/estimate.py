"""How long will this take?  A game's length for its seats and rules, from simulated games.

The rules are played out :data:`SIMULATED` times with bots standing for people (greedy and kind
seats by turns: people who play sensibly, and who miss the best move now and then; greedy and
random ones in a game without kind bots, a gift exchange), counting the **turns** people take: every
decision a seat makes, a die a seat rolls, and each round of choices made at once (Gift
List's secret brings) once.  The turns of a typical game lie between the 10th and the 90th
percentile of those counts (:class:`Turns`, cached by game, seats and options); times the
seconds people take a turn, that is the estimate's range (:class:`Estimate`).

The seconds a turn start from :func:`usual_seconds` (a gift exchange's turns are long: a gift
is unwrapped and shown round) and a host learns them from the games people finish there
(:meth:`Pace.learnt`); an organiser may set them by hand.

    >>> from yule.core import get_game
    >>> game = get_game("white-rabbit")
    >>> quick = turns(game, 3, {}, simulated=4)
    >>> 0 < quick.low <= quick.high
    True
    >>> duration(50), duration(61), duration(45 * 60), duration(100 * 60)
    ('1 min', '2 min', '45 min', '1 h 40 min')
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .base import Game
from .session import Session

SIMULATED = 40
"""Games simulated for one estimate."""

SIMULATING_KINDS = (("greedy", "kind"), ("greedy", "random"))
"""The bots that stand for people in the simulated games, seat by seat in turn: the first pair
the game has."""

USUAL_SECONDS = 15.0
"""Seconds people take a turn, before a host has seen them play."""

GAME_SECONDS = {"gift-exchange": 40.0}
"""Games whose turns are longer than :data:`USUAL_SECONDS` (unwrapping a gift and showing it round)."""

LONGEST = 300.0
"""A turn longer than this (a break, a phone call) counts as this long when a host learns its pace."""

MEMORY = 200
"""The newest game's turns weigh against at most this many older ones when a pace is learnt."""


def usual_seconds(game: str) -> float:
    """Seconds people take a turn at ``game`` before a host has learnt it."""
    return GAME_SECONDS.get(game, USUAL_SECONDS)


@dataclass(frozen=True, slots=True)
class Turns:
    """The turns people take in a game of these seats and rules: the 10th and 90th percentile
    over the simulated games."""

    low: int
    high: int


def turns(game: Game[Any], players: int, options: Mapping[str, Any], simulated: int = SIMULATED) -> Turns:
    """The turns of ``game`` for ``players`` seats and ``options`` (checked: :class:`BadOptions`
    when the game refuses them), from ``simulated`` games; the same question is answered once."""
    options = game.check_options(options)
    return _turns(game.name, players, tuple(sorted(options.items())), simulated)


@lru_cache(maxsize=256)
def _turns(name: str, players: int, options: tuple[tuple[str, Any], ...], simulated: int) -> Turns:
    from .registry import get_game

    game = get_game(name)
    counts = sorted(count_turns(game, players, dict(options), f"estimate/{n}") for n in range(simulated))
    return Turns(counts[int(0.1 * (simulated - 1))], counts[math.ceil(0.9 * (simulated - 1))])


def count_turns(game: Game[Any], players: int, options: Mapping[str, Any], seed: str) -> int:
    """The turns of one game played by bots (:data:`SIMULATING_KINDS`): each decision, but the
    choices made at once in one round count once."""
    kinds = next(pair for pair in SIMULATING_KINDS if all(kind in game.bots for kind in pair))
    bots = [game.bots[kinds[seat % len(kinds)]](random.Random(f"{seed}/seat{seat}")) for seat in range(players)]
    count = 0
    together = False  # the last decision was one of a round made at once, and the round goes on
    for at_once, applied in Session(game, players, options, seed).bots_play(bots):
        count += not (together and at_once)
        together = at_once and applied == 1
    return count


@dataclass(frozen=True, slots=True)
class Estimate:
    """How long a game will take: its :class:`Turns`, at ``seconds`` a turn."""

    turns: Turns
    seconds: float

    @property
    def low(self) -> float:
        """Seconds, at the fewest turns of a typical game."""
        return self.turns.low * self.seconds

    @property
    def high(self) -> float:
        """Seconds, at the most turns of a typical game."""
        return self.turns.high * self.seconds

    def words(self) -> str:
        """The estimate as a person reads it.

        >>> Estimate(Turns(60, 95), 20.0).words()
        'about 20 min to 32 min (60 to 95 turns, 20 s a turn)'
        >>> Estimate(Turns(9, 9), 5.0).words()
        'about 1 min (9 turns, 5 s a turn)'
        """
        low, high = duration(self.low), duration(self.high)
        span = low if low == high else f"{low} to {high}"
        count = str(self.turns.low) if self.turns.low == self.turns.high else f"{self.turns.low} to {self.turns.high}"
        return f"about {span} ({count} turns, {self.seconds:g} s a turn)"


def estimate(game: Game[Any], players: int, options: Mapping[str, Any], seconds: float) -> Estimate:
    """How long ``game`` takes ``players`` people with ``options``, at ``seconds`` a turn."""
    return Estimate(turns(game, players, options), seconds)


def duration(seconds: float) -> str:
    """Seconds in whole minutes (rounded up, one at least), in hours and minutes past an hour."""
    minutes = max(1, math.ceil(seconds / 60))
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h" + (f" {minutes % 60} min" if minutes % 60 else "")


@dataclass(frozen=True, slots=True)
class Pace:
    """The seconds people take a turn at a game, as a host has learnt them, from ``turns`` turns."""

    seconds: float
    turns: int = 0

    def learnt(self, observed: Sequence[float]) -> Pace:
        """This pace moved toward the ``observed`` turns of a game just finished (each at most
        :data:`LONGEST`): their mean, weighed against at most :data:`MEMORY` turns learnt before.

        >>> Pace(15.0).learnt([30.0, 40.0])
        Pace(seconds=35.0, turns=2)
        >>> Pace(35.0, 2).learnt([20.0, 20.0, 900.0]).seconds
        82.0
        """
        if not observed:
            return self
        older = min(self.turns, MEMORY)
        total = self.seconds * older + sum(min(s, LONGEST) for s in observed)
        return Pace(total / (older + len(observed)), self.turns + len(observed))
