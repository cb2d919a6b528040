"""The bots' levels of a game, and the two that fit the people at the table: kind and adapting.

* :class:`KindBot`, the kind level: now and then the greedy bot's move, else one of the moves a
  player might make instead, at random: by default a move of the same kind (another take, the
  other way, another card; each game may say otherwise: :data:`Alternatives`).  It plays like
  someone who knows the game but often misses the best move, and never a move a player
  would find absurd, so a child who plays sensibly wins more than their share.
* :class:`AdaptingBot`, the adapting level: a :class:`Strength` from 0 to 1 that a table keeps
  and moves after each game toward the people winning their fair share.  Each decision mixes
  the two ways of play it lies between: 0 gives the game away (any move but the greedy bot's),
  1/3 plays the kind bot's move, 2/3 the greedy bot's, 1 the search bot's at
  :data:`ADAPTING_ITERATIONS` iterations on a share of the moves (:data:`SEARCH_SHARE`; Elf's
  bots search every move there).

Like every bot they decide from their seat's view alone (the moves the game reads off the view,
:attr:`~yule.core.base.Game.view_moves`, and the greedy bot's move from the same view), and
the same view, random stream and strength give the same move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from .base import Bot, MoveDict, View
from .bots import RandomBot
from .ismcts import SearchBot
from .registry import get_game

Alternatives = Callable[[Any, MoveDict, list[MoveDict]], list[MoveDict]]
"""The moves a player who knows the game might make instead of ``best`` (the greedy bot's move),
among the ``moves`` a view offers (:attr:`~yule.core.base.Game.view_moves`): never an absurd
one, and never none.  ``(view, best, moves) -> moves``."""

KEEP = 0.2
"""How often the kind bot plays the greedy bot's move outright (the rest of the time one of its
:data:`Alternatives` at random, which may be the same move)."""

ADAPTING_ITERATIONS = 30
"""The search bot's iterations at the adapting level's top: strong enough to beat a sensible
player more often than not in most games, quick enough (some 70 ms a move) for a table of them."""


def offered(view: View) -> list[MoveDict]:
    """The moves the view offers its seat (the game's ``view_moves``)."""
    listed = get_game(view["game"]).view_moves
    assert listed is not None, f"{view['game']} does not read its moves off a view"
    return listed(view)


def same_kind(view: View, best: MoveDict, moves: list[MoveDict]) -> list[MoveDict]:
    """The usual :data:`Alternatives`: the moves of the same kind as ``best``.

    >>> same_kind({}, {"type": "move", "dir": "cw"}, [{"type": "roll"}, {"type": "move", "dir": "ccw"}])
    [{'type': 'move', 'dir': 'ccw'}]
    """
    return [move for move in moves if move["type"] == best["type"]] or [best]


def greedy_move(view: View, rng: random.Random) -> MoveDict:
    """The game's greedy bot's move from this view, its draws from ``rng``."""
    return get_game(view["game"]).bots["greedy"](rng).choose(view)


def kind_move(view: View, rng: random.Random, alternatives: Alternatives) -> MoveDict:
    """The greedy bot's move with probability :data:`KEEP`, else one of its ``alternatives`` at random."""
    best = greedy_move(view, rng)
    if rng.random() < KEEP:
        return best
    return rng.choice(alternatives(view, best, offered(view)))


def slip_move(view: View, rng: random.Random) -> MoveDict:
    """Any move but the greedy bot's, at random (the greedy bot's when it is the only one)."""
    best = greedy_move(view, rng)
    others = [move for move in offered(view) if move != best]
    return rng.choice(others) if others else best


class KindBot(Bot[View]):
    """The kind level: the greedy bot's move now and then (:data:`KEEP`), else one of the moves a
    player might make instead (its game's ``alternatives``)."""

    kind = "kind"

    def __init__(self, rng: random.Random, alternatives: Alternatives = same_kind) -> None:
        super().__init__(rng)
        self.alternatives = alternatives

    def choose(self, view: View) -> MoveDict:
        return kind_move(view, self.rng, self.alternatives)


SLIP, KIND, GREEDY, SEARCH = "slip", "kind", "greedy", "search"
"""The ways an adapting bot plays a move: :func:`slip_move`, :func:`kind_move`, the greedy
bot's, the search bot's."""

STEPS = ((0.0, SLIP), (1 / 3, KIND), (2 / 3, GREEDY), (1.0, SEARCH))
"""The adapting bot's strengths where it plays one way only; between two, it mixes them."""

SEARCH_SHARE = 0.25
"""The share of its moves an adapting bot at the top of its range searches (the others: the
greedy bot's).  Three bots that all search at a few iterations play worse together than the
greedy bot in some games (each expects the others to play greedily): White Elephant's give a
sensible player 1.2 times their share, a quarter of the moves searched 0.8 times
(``bench/kind_bots.py``)."""


class AdaptingBot(Bot[View]):
    """The adapting level: plays at its ``strength`` (0 to 1; a table's :class:`Strength` sets it
    for each game), each move one of the two ways of :data:`STEPS` that strength lies between,
    the nearer the likelier; a search, on ``search_share`` of the moves at most."""

    kind = "adapting"
    searches = True  # at the top of its range it searches; a host lets it think in a worker

    def __init__(
        self,
        rng: random.Random,
        alternatives: Alternatives = same_kind,
        search_share: float = SEARCH_SHARE,
        strength: float | None = None,
    ) -> None:
        super().__init__(rng)
        self.alternatives = alternatives
        self.search_share = search_share
        self.strength = Strength().level if strength is None else strength

    def way(self, rng: random.Random) -> str:
        """How to play the next move at this strength (the choice drawn from ``rng``).

        >>> bot = AdaptingBot(random.Random(), strength=0.5)
        >>> sorted({bot.way(random.Random(seed)) for seed in range(50)})
        ['greedy', 'kind']
        """
        strength = min(1.0, max(0.0, self.strength))
        upper = next(i for i in range(1, len(STEPS)) if strength <= STEPS[i][0])
        (low, lower_way), (high, upper_way) = STEPS[upper - 1], STEPS[upper]
        way = upper_way if rng.random() < (strength - low) / (high - low) else lower_way
        return GREEDY if way == SEARCH and rng.random() >= self.search_share else way

    def choose(self, view: View) -> MoveDict:
        rng = self.rng
        way = self.way(rng)
        if way == SLIP:
            return slip_move(view, rng)
        if way == KIND:
            return kind_move(view, rng, self.alternatives)
        if way == GREEDY:
            return greedy_move(view, rng)
        return SearchBot(rng, iterations=ADAPTING_ITERATIONS, reuse=False).choose(view)


GAIN = 0.3
"""How far one game moves a table's strength: the people's win share over their fair share
(a win at a table of four: 1 - 1/4) times this."""

SLACK = 0.6
"""How far the strength's drive may run past 0 and 1: a run of games the people lost (or won)
is made up for by as many games played at the end of the range."""


@dataclass(frozen=True, slots=True)
class Strength:
    """How strong a table's adapting bots play, learnt from the games the table has played.

    ``drive`` starts at the kind level (1/3) and, after each game, moves by :data:`GAIN` times
    the people's mean win share over their fair share (a shared win counts 1/t), up when they
    won more than their share and down when less; the bots play at ``drive`` held to [0, 1]
    (:attr:`level`).  Running a little past the ends (:data:`SLACK`) keeps what the people are
    owed: after a run of losses the bots stay at their weakest until it is made up.

    >>> s = Strength().after(1, winners=[0], people=[0], players=4)  # the person won
    >>> round(s.level, 3), s.game_no
    (0.558, 1)
    >>> s.after(1, winners=[0], people=[0], players=4) is s  # a game counts once
    True
    >>> round(s.after(2, winners=[2], people=[0], players=4).level, 3)
    0.483
    """

    drive: float = 1 / 3
    game_no: int = 0
    """The last of the table's games counted (a game reopened by an undo and over again counts once)."""

    @property
    def level(self) -> float:
        """The strength the bots play at, 0 to 1."""
        return min(1.0, max(0.0, self.drive))

    def after(self, game_no: int, winners: Sequence[int], people: Sequence[int], players: int) -> Strength:
        """The strength after game ``game_no`` of the table, won by ``winners``, with people at
        the seats ``people`` (the others are bots).  Unchanged for a game counted already, a
        game without people, or one nobody won."""
        if game_no <= self.game_no or not people or not winners:
            return self
        fair = 1 / players
        excess = sum((1 / len(winners) if seat in winners else 0.0) - fair for seat in people) / len(people)
        drive = min(1 + SLACK, max(-SLACK, self.drive + GAIN * excess))
        return Strength(drive, game_no)

    def fit(self, bot: Bot[Any]) -> Bot[Any]:
        """``bot``, set to play at this strength when it is an adapting bot."""
        if isinstance(bot, AdaptingBot):
            bot.strength = self.level
        return bot

    def to_record(self) -> dict[str, Any]:
        return {"drive": self.drive, "game_no": self.game_no}

    @classmethod
    def from_record(cls, record: Any) -> Strength:
        """A stored strength (:meth:`to_record`); the first strength for anything else."""
        if isinstance(record, dict):
            drive, game_no = record.get("drive"), record.get("game_no")
            if isinstance(drive, int | float) and isinstance(game_no, int) and -SLACK <= drive <= 1 + SLACK:
                return cls(float(drive), game_no)
        return cls()


def bot_levels(
    greedy: Callable[[random.Random], Bot[Any]],
    alternatives: Alternatives = same_kind,
    *,
    search_share: float = SEARCH_SHARE,
) -> dict[str, Callable[[random.Random], Bot[Any]]]:
    """A game's bots at every level, by kind: easy (:class:`~yule.core.bots.RandomBot`), kind
    (:class:`KindBot`, which plays the ``alternatives`` to the greedy bot's move), normal (the
    game's own ``greedy`` bot), hard (:class:`~yule.core.ismcts.SearchBot`) and adapting
    (:class:`AdaptingBot`, which searches ``search_share`` of its moves at the top)."""
    return {
        RandomBot.kind: RandomBot,
        KindBot.kind: partial(KindBot, alternatives=alternatives),
        "greedy": greedy,
        SearchBot.kind: SearchBot,
        AdaptingBot.kind: partial(AdaptingBot, alternatives=alternatives, search_share=search_share),
    }
