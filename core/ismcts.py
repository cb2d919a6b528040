"""The strong bot: information-set Monte Carlo tree search (ISMCTS), for every game with a score.

It decides from its seat's view alone, like every bot, so it plays networked seats too.  The
search is single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) with an opponent
model:

* Each iteration starts from a new **determinization**: a full position drawn by the game's
  :class:`~yule.core.base.Determinizer` from the view, its hidden parts (deck order, other
  seats' hidden cards and secret cards) at random among what the view does not rule out.
  The true hidden state is never read.
* The tree holds the **seat's own decisions**.  A node is what the seat knows at a decision:
  its moves so far and the public events since (what others did and what chance showed), so
  the same node is reached from every determinization the seat cannot tell apart.  Its
  edges are the seat's moves in wire form, which name only what the seat can see, so a move
  means the same in every determinization.  Edges are chosen by UCB1 over the moves legal in
  the current determinization (each edge counts how often it was available).
* **Other seats and chance** are not searched: other seats move as the game's greedy bot
  would from their own view of the determinization (with a little randomness), chance draws
  from the search's RNG.  Searching only its own decisions makes the bot a best response to
  that model of the others, and spends every iteration on the choice it has to make.
* Each iteration adds at most one edge, then plays the game out with that same model for
  every seat (the playout) and scores it: the seat's share of the win (1, or 1/t for a win
  shared by t seats), plus a small term for its score against the others', so that a lost
  game is still better lost by less.

Strength is the think time (:data:`DEFAULT_THINK` seconds a decision) or a fixed number of
iterations (reproducible: the same view, RNG and iteration count give the same move).  The
move played is the most visited one at the root; :meth:`SearchBot.search` gives every
root move with its visits and mean result, what hints show.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from .base import Bot, Game, GameState, MoveDict, Outcome, View
from .bots import RandomBot, determinizer, triggered
from .registry import get_game

DEFAULT_THINK = 1.0
"""Seconds of search a decision at the default strength."""

EXPLORATION = 0.7
"""UCB1's exploration constant (results lie between 0 and 1)."""

NOISE = 0.1
"""How often a modelled seat plays a random legal move instead of its greedy one."""

MARGIN = 0.2
"""Weight of the score margin in a playout's result (the rest is the share of the win)."""

Key = tuple[Any, ...]


def move_key(wire: MoveDict) -> Key:
    """A wire move as a hashable key (lists become tuples)."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in wire.items()))


class Edge:
    """One move of the seat from a node: its statistics and the nodes past it, by what was seen."""

    __slots__ = ("available", "move", "next", "total", "visits", "won")

    def __init__(self, move: MoveDict) -> None:
        self.move = move
        self.visits = 0
        self.total = 0.0
        self.won = 0.0
        self.available = 0
        self.next: dict[str, Node] = {}


class Node:
    """A decision of the seat, as far as it can tell: its edges by move key."""

    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[Key, Edge] = {}


@dataclass(frozen=True, slots=True)
class Choice:
    """A move the search considered at the root: how often it was searched, and how it did."""

    move: MoveDict
    visits: int
    mean: float
    """Mean playout result, 0 to 1: mostly the share of the games won after this move."""
    wins: float
    """Share of the playouts after this move that the seat won (a shared win counts 1/t)."""


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A finished search: the root moves, most visited first, and what it cost."""

    choices: tuple[Choice, ...]
    iterations: int
    seconds: float

    @property
    def best(self) -> Choice:
        return self.choices[0]


def playout_result(outcome: Outcome, seat: int) -> tuple[float, float]:
    """A finished playout for ``seat``: (result for the search, share of the win).

    The result is mostly the share of the win; the rest is the seat's score against the best
    other score, scaled by the spread of the scores (lowest score best where the winners have
    the lowest, as in White Elephant).

    >>> playout_result(Outcome((3, 5, 5), (1, 2)), 1)
    (0.5, 0.5)
    >>> playout_result(Outcome((3, 5, 9), (0,)), 0)
    (0.9333333333333333, 1.0)
    """
    winners = outcome.winners
    share = 1.0 / len(winners) if seat in winners else 0.0
    scores = outcome.scores
    top, bottom = max(scores), min(scores)
    if top == bottom:
        return (1 - MARGIN) * share + MARGIN / 2, share
    others = scores[:seat] + scores[seat + 1 :]
    if winners and scores[winners[0]] < top:  # lowest wins
        margin = min(others) - scores[seat]
    else:
        margin = scores[seat] - max(others)
    return (1 - MARGIN) * share + MARGIN * (0.5 + margin / (2 * (top - bottom))), share


class _Model:
    """How the search moves the other seats (and the seat itself in playouts): the game's
    greedy bot from that seat's view of the determinization, now and then a random move."""

    def __init__(self, game: Game[Any], players: int, rng: random.Random) -> None:
        make = game.bots.get("greedy")
        self.bots = [make(rng) if make is not None else RandomBot(rng) for _ in range(players)]
        self.rng = rng

    def move(self, state: GameState[Any], seat: int) -> Any:
        rng = self.rng
        if rng.random() < NOISE:
            moves = state.legal_moves(seat)
            if moves:
                return rng.choice(moves)
        return state.parse_seat_move(seat, self.bots[seat].choose(state.view(seat)))


class SearchBot(Bot[View]):
    """ISMCTS from the seat's view: ``think`` seconds a decision, or exactly ``iterations``."""

    kind = "ismcts"

    def __init__(self, rng: random.Random, think: float = DEFAULT_THINK, iterations: int | None = None) -> None:
        super().__init__(rng)
        self.think = think
        self.iterations = iterations

    def choose(self, view: View) -> MoveDict:
        sampler = determinizer(view)
        seat = view["you"]
        probe = sampler.sample(None)
        roll = triggered(probe, seat)
        if roll is not None:
            return roll
        moves = probe.legal_moves(seat)
        if len(moves) == 1:
            return probe.wire_move(moves[0])
        return self.search(view).best.move

    def search(self, view: View) -> SearchResult:
        """Search the seat's moves from its view; every legal root move is in the result."""
        game = get_game(view["game"])
        seat: int = view["you"]
        sampler = determinizer(view)
        rng = self.rng
        model = _Model(game, view["players"], rng)
        root = Node()
        started = time.perf_counter()
        deadline = started + self.think
        limit = self.iterations
        done = 0
        while (done < limit) if limit is not None else (done < 1 or time.perf_counter() < deadline):
            self._iterate(sampler.sample(rng), seat, root, model)
            done += 1
        probe = sampler.sample(None)
        for move in probe.legal_moves(seat):  # a move never searched still shows, with no visits
            wire = probe.wire_move(move)
            root.edges.setdefault(move_key(wire), Edge(wire))
        choices = sorted(
            (
                Choice(e.move, e.visits, e.total / e.visits if e.visits else 0.0, e.won / e.visits if e.visits else 0.0)
                for e in root.edges.values()
            ),
            key=lambda c: (-c.visits, -c.mean),
        )
        return SearchResult(tuple(choices), done, time.perf_counter() - started)

    def _iterate(self, state: GameState[Any], seat: int, root: Node, model: _Model) -> None:
        """One iteration on one determinization: down the tree, one new edge, the playout."""
        rng = self.rng
        path: list[Edge] = []
        node: Node | None = root
        seen: list[Any] = []  # the public events since the seat's last move in the tree
        while not state.is_over:
            mover = state.mover()
            if node is None or mover != seat:
                events = state.apply(model.move(state, mover) if mover is not None else state.chance_move(rng))
                if node is not None:
                    seen.append(events)
                continue
            if path:
                after = path[-1].next
                key = repr(seen)
                node = after.get(key)
                if node is None:
                    node = after[key] = Node()
                seen = []
            edge, move, fresh = self._select(state, seat, node)
            path.append(edge)
            state.apply(move)
            if fresh:
                node = None
        outcome = state.outcome()
        assert outcome is not None
        result, share = playout_result(outcome, seat)
        for edge in path:
            edge.visits += 1
            edge.total += result
            edge.won += share

    def _select(self, state: GameState[Any], seat: int, node: Node) -> tuple[Edge, Any, bool]:
        """The edge to follow (an untried move first, else UCB1), its move in this determinization,
        and whether it is new."""
        edges = node.edges
        untried = []
        options = []
        for move in state.legal_moves(seat):
            wire = state.wire_move(move)
            key = move_key(wire)
            edge = edges.get(key)
            if edge is None:
                untried.append((key, wire, move))
            else:
                edge.available += 1
                options.append((edge, move))
        if untried:
            key, wire, move = untried[0] if len(untried) == 1 else self.rng.choice(untried)
            edge = edges[key] = Edge(wire)
            return edge, move, True
        best = None
        best_value = -math.inf
        for edge, move in options:
            value = edge.total / edge.visits + EXPLORATION * math.sqrt(math.log(edge.available) / edge.visits)
            if value > best_value:
                best, best_value = (edge, move), value
        assert best is not None
        return best[0], best[1], False
