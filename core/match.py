"""Matches between bot kinds: many games, seats rotating, win shares and decision times.

:func:`play_match` is what ``yule simulate --seats`` and ``bench/strength.py`` run.  Game ``i``
seats the kinds turned ``i`` places, so over ``N`` games every kind plays every position; a
kind's win share is its seats' wins (a win shared by ``t`` seats counts ``1/t``) over the games
times its number of seats, so the fair share is ``1/N``.  Adapting bots (:class:`~.levels.AdaptingBot`)
play as a table's would: one :class:`~.levels.Strength` for the match, moved after each game by
how the seats of the other kinds (the people, as it were) did.

    >>> from yule.core import get_game
    >>> result = play_match(get_game("white-rabbit"), ["greedy", "random"], games=4, seed=1)
    >>> result.seat_counts, sorted(result.win_share)
    ({'greedy': 1, 'random': 1}, ['greedy', 'random'])
    >>> [r["players"] for r in result.records][:2]
    [['Normal 1', 'Easy 2'], ['Easy 1', 'Normal 2']]
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .base import Bot, Game, MoveDict, View
from .bots import bot_title
from .ismcts import DEFAULT_THINK, SearchBot
from .levels import AdaptingBot, Strength
from .records import play

BotMaker = Callable[[random.Random], Bot[Any]]


class Timed(Bot[View]):
    """A bot whose decisions are timed into ``seconds`` (one list shared by a kind's seats)."""

    def __init__(self, bot: Bot[Any], seconds: list[float]) -> None:
        super().__init__(bot.rng)
        self.bot = bot
        self.seconds = seconds

    def choose(self, view: View) -> MoveDict:
        started = time.perf_counter()
        move = self.bot.choose(view)
        self.seconds.append(time.perf_counter() - started)
        return move


def bot_maker(game: Game[Any], kind: str, think: float | None = None, iterations: int | None = None) -> BotMaker:
    """How to make a bot of ``kind`` for ``game``; ``think``/``iterations`` set the search bot's strength."""
    if kind not in game.bots:
        raise ValueError(f"{game.title} has bots {', '.join(game.bots)}, not {kind!r}")
    if kind == SearchBot.kind and (think is not None or iterations is not None):
        return lambda rng: SearchBot(rng, DEFAULT_THINK if think is None else think, iterations)
    return game.bots[kind]


def seat_kinds(kinds: Sequence[str], game_number: int) -> list[str]:
    """The kinds at each seat in game ``game_number``: turned one place each game.

    >>> [seat_kinds(["a", "b", "c"], i) for i in range(3)]
    [['a', 'b', 'c'], ['c', 'a', 'b'], ['b', 'c', 'a']]
    """
    n = len(kinds)
    turn = game_number % n
    return [kinds[(seat - turn) % n] for seat in range(n)]


@dataclass
class MatchResult:
    """What a match found."""

    game: str
    seats: list[str]
    games: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    seat_counts: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, list[float]] = field(default_factory=dict)
    """Every decision's time, per kind."""
    records: list[dict[str, Any]] = field(default_factory=list)
    strengths: list[float] = field(default_factory=list)
    """With adapting bots: the strength they played each game at."""

    def add(self, other: MatchResult) -> None:
        """Count ``other``'s games (another part of the same match) in this result too."""
        self.games += other.games
        for kind in self.seat_counts:
            self.wins[kind] += other.wins[kind]
            self.seconds[kind] += other.seconds[kind]
        self.records += other.records
        self.strengths += other.strengths

    @property
    def win_share(self) -> dict[str, float]:
        return {k: self.wins[k] / (self.games * self.seat_counts[k]) if self.games else 0.0 for k in self.seat_counts}

    def interval(self, kind: str) -> tuple[float, float]:
        """A 95% Wilson interval for ``kind``'s win share (each seat-game one trial)."""
        n = self.games * self.seat_counts[kind]
        return wilson(self.wins[kind] / n, n) if n else (0.0, 1.0)

    def percentile(self, kind: str, q: float) -> float | None:
        """The ``q`` quantile (0 to 1) of ``kind``'s decision times, or ``None`` without any."""
        times = sorted(self.seconds.get(kind, ()))
        if not times:
            return None
        return times[min(len(times) - 1, int(q * len(times)))]


def wilson(share: float, trials: int) -> tuple[float, float]:
    """A 95% Wilson interval for a share of wins observed over ``trials`` trials.

    >>> [round(x, 3) for x in wilson(0.5, 100)]
    [0.404, 0.596]
    """
    z = 1.96
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_match(
    game: Game[Any],
    kinds: Sequence[str],
    games: int,
    seed: int | str,
    *,
    think: float | None = None,
    iterations: int | None = None,
    keep_records: bool = True,
    on_record: Callable[[int, dict[str, Any]], None] | None = None,
    first: int = 0,
    makers: dict[str, BotMaker] | None = None,
) -> MatchResult:
    """Play ``games`` games with one seat per entry of ``kinds``, turning the seats each game.

    Games are numbered from ``first`` (a match cut in parts: each part plays its own numbers);
    game ``i`` is played with seed ``f"{seed}/{i}"``; ``on_record(i, record)`` is called after
    each game (to write it, to show progress).  ``makers`` makes the bots of kinds of its own
    (two strengths of the search bot, say), the game's bots the others.
    """
    players = len(kinds)
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game.title} is for {game.min_players} to {game.max_players} players, not {players}")
    own = makers or {}
    makers = {kind: own[kind] if kind in own else bot_maker(game, kind, think, iterations) for kind in kinds}
    result = MatchResult(game.name, list(kinds))
    strength = Strength() if AdaptingBot.kind in kinds else None
    for kind in kinds:
        result.seat_counts[kind] = result.seat_counts.get(kind, 0) + 1
        result.wins[kind] = 0.0
        result.seconds[kind] = []
    for number in range(first, first + games):
        seated = seat_kinds(kinds, number)
        counts: dict[str, int] = {}
        names: list[str] = []
        for kind in seated:
            counts[kind] = counts.get(kind, 0) + 1
            names.append(f"{bot_title(kind)} {len(names) + 1}")
        bots = [_timed(makers[kind], result.seconds[kind], strength) for kind in seated]
        record = play(game, names, bots, f"{seed}/{number}")
        winners = record["result"]["winners"]
        if strength is not None:
            result.strengths.append(strength.level)
            people = [seat for seat, kind in enumerate(seated) if kind != AdaptingBot.kind]
            strength = strength.after(number + 1, winners, people, players)
        for seat in winners:
            result.wins[seated[seat]] += 1 / len(winners)
        result.games += 1
        if keep_records:
            result.records.append(record)
        if on_record is not None:
            on_record(number, record)
    return result


def _timed(make: BotMaker, seconds: list[float], strength: Strength | None) -> BotMaker:
    if strength is None:
        return lambda rng: Timed(make(rng), seconds)
    return lambda rng: Timed(strength.fit(make(rng)), seconds)
