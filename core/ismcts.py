"""The strong bot: information-set Monte Carlo tree search (ISMCTS), for every game with a score.

It decides from its seat's view alone, like every bot, so it plays networked seats too.  The
search is single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) with an opponent
model:

* Each iteration plays in a **determinization**: a full position drawn by the game's
  :class:`~yule.core.base.Determinizer` from the view, its hidden parts (deck order, other
  seats' hidden cards and secret cards) at random among what the view does not rule out.
  The true hidden state is never read.  The ``n``-th visit of every root move is played in
  the same ``n``-th determinization with the same luck afterwards (common random numbers),
  so the root moves are compared on equal terms and fewer iterations tell them apart.
* The tree holds the **seat's own decisions**.  A node is what the seat knows at a decision:
  its moves so far and the public events since (what others did and what chance showed), so
  the same node is reached from every determinization the seat cannot tell apart.  Its
  edges are the seat's moves in wire form, which name only what the seat can see, so a move
  means the same in every determinization; they are chosen by UCB1.  Where a game lists more
  moves than a search can try often enough (White Elephant's takes), its ``search_moves``
  keeps the ones worth trying.
* **Other seats and chance** are not searched: other seats move as the game's greedy bot
  would from their own view of the determinization, chance draws from the iteration's
  random stream.  Searching only its own decisions makes the bot a best response to that
  model of the others, and spends every iteration on the choice it has to make.
* Each iteration adds at most one edge (of the moves a node has not tried, the model's own
  first), then plays the game out with that same model for every seat (the playout) and
  scores it: the seat's share of the win (1, or 1/t for a win shared by t seats), plus a
  small term for its score against the others', so that a lost game is still better lost
  by less.

Strength is the think time (:data:`DEFAULT_THINK` seconds a decision) or a fixed number of
iterations (reproducible: the same view, RNG and iteration count give the same move, and so
does a game of them from its seed).  The search stops sooner when the iterations left could
not change the move it plays (with a think time, those it would make in the time left at its
pace so far); a move the seat must make (a roll, its one legal move) needs none.  Where the
seat moves again straight after its move (the next card of its turn, its end of turn) and
that move showed it nothing it could not foresee, the next search goes on from the node past
that move (:class:`Memory`): the visits kept there add to its own iterations.  The
move played is the most visited one at the root, unless that is not the model's own move (the
greedy bot's, or the game's ``usual`` one) and did no better than it in the worlds both were
played in: then the model's move stands.  Where the model draws its move at random among moves
it rates the same, none stands that way and the most visited is played.
:meth:`SearchBot.search` gives every root move with its visits and mean result, what hints show.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .base import Bot, Determinizer, Game, GameState, IllegalMove, MoveDict, Outcome, View, seat_of
from .bots import RandomBot, determinizer, forced
from .registry import get_game

DEFAULT_THINK = 0.3
"""Seconds of search a decision at the default strength."""

SEARCHING = 0.95
"""The share of a think time spent searching (the rest: ranking the moves, freeing the tree)."""

EXPLORATION = 0.7
"""UCB1's exploration constant (results lie between 0 and 1)."""

MARGIN = 0.2
"""Weight of the score margin in a playout's result (the rest is the share of the win)."""

CHECK_WORLDS = 8
"""How many of a search's worlds must show the seat the same view after its move for the node
past the move to be kept for its next decision (:class:`Memory`)."""

KEEP_VISITS = 8
"""The visits a node below the kept node needs to be kept with it (:class:`Memory`)."""

Key = tuple[Any, ...]

NOTHING_SEEN = repr([])
"""The key of the node past a seat's move when the seat moves again straight after: no public
event between."""


def move_key(wire: MoveDict) -> Key:
    """A wire move as a hashable key (lists become tuples)."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in wire.items()))


class Edge:
    """One move of the seat from a node: its statistics and the nodes past it, by what was seen."""

    __slots__ = ("move", "next", "results", "total", "visits", "won")

    def __init__(self, move: MoveDict) -> None:
        self.move = move
        self.visits = 0
        self.total = 0.0
        self.won = 0.0
        self.results: list[float] = []  # at the root: the result of each visit, world by world
        self.next: dict[str, Node] = {}


class Node:
    """A decision of the seat, as far as it can tell: its edges by move key."""

    __slots__ = ("edges", "moves", "visits")

    def __init__(self) -> None:
        self.edges: dict[Key, Edge] = {}
        self.moves: list[tuple[Key, MoveDict]] | None = None
        self.visits = 0


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
    """A finished search: the move it plays first, then the other root moves, most searched
    first; the iterations it made and the seconds it took."""

    choices: tuple[Choice, ...]
    iterations: int
    seconds: float
    kept_usual: bool = False
    """The first move is the model's usual move, played though another was searched more:
    that one did no better in the worlds both were played in."""

    @property
    def best(self) -> Choice:
        return self.choices[0]


def playout_result(outcome: Outcome, seat: int) -> tuple[float, float]:
    """A finished playout for ``seat``: (result for the search, share of the win).

    The result is mostly the share of the win; the rest is the seat's score against the best
    other score, scaled by the spread of the scores (lowest score best where the lowest wins,
    as in White Elephant).

    >>> playout_result(Outcome((3, 5, 5), (1, 2)), 1)
    (0.5, 0.5)
    >>> playout_result(Outcome((3, 5, 9), (0,), lowest_wins=True), 0)
    (0.9333333333333333, 1.0)
    """
    share = outcome.share(seat)
    scores = outcome.scores
    top, bottom = max(scores), min(scores)
    if top == bottom:
        return (1 - MARGIN) * share + MARGIN / 2, share
    others = scores[:seat] + scores[seat + 1 :]
    if outcome.lowest_wins:
        margin = min(others) - scores[seat]
    else:
        margin = scores[seat] - max(others)
    return (1 - MARGIN) * share + MARGIN * (0.5 + margin / (2 * (top - bottom))), share


class _Model:
    """How the search moves the other seats (and the seat itself in playouts): the game's
    greedy bot from that seat's view of the determinization (a random bot in a game without
    a greedy one), or the game's faster ``playout`` that reads the same facts off the position
    (White Rabbit's remembers the cards slid under, which its greedy bot does not count)."""

    def __init__(self, game: Game[Any], rng: random.Random) -> None:
        self.make = game.bots.get("greedy") or RandomBot
        self.rng = rng
        self.playout = game.playout

    def move(self, state: GameState[Any], seat: int, rng: random.Random | None = None) -> Any:
        """The model's move for ``seat``, its random draws from ``rng`` (by default the
        iteration's stream, which the same world replays alike for every root move)."""
        rng = rng or self.rng
        if self.playout is not None:
            return self.playout(state, seat, rng)
        return state.parse_seat_move(seat, self.make(rng).choose(state.view(seat)))


def usual_move(view: View, position: GameState[Any] | None = None) -> MoveDict | None:
    """The greedy bot's move from this view (a random bot's in a game without a greedy one), or
    the game's own ``usual`` move, read off ``position`` (a determinization of the view, drawn
    when not given): the move a search departs from only for a better one.  ``None`` when the bot draws it at random among moves it rates the same (a direction where
    both piles look alike, a gift to open): then no move is the usual one.

    >>> from yule.core import get_game
    >>> def rolled(seed):  # White Rabbit, 2 seats: the deal and the first roll
    ...     state = get_game("white-rabbit").start(2)
    ...     for _ in range(2):
    ...         _ = state.apply(state.chance_move(random.Random(seed)))
    ...     return state
    >>> state = rolled(2)
    >>> state.landing(), state.max_pile, usual_move(state.view(0))
    ({'cw': 1, 'ccw': 7}, 5, None)
    >>> state = rolled(3)  # Max, no use while nobody holds a card, is on one way
    >>> state.landing(), state.max_pile, usual_move(state.view(0))
    ({'cw': 2, 'ccw': 6}, 6, {'type': 'move', 'dir': 'cw'})
    """
    game = get_game(view["game"])
    stream = _Watched(0)
    if game.usual is not None:
        if position is None:
            position = determinizer(view).sample(None)
        move = position.wire_move(game.usual(position, seat_of(view), stream))
    else:
        move = (game.bots.get("greedy") or RandomBot)(stream).choose(view)
    return None if stream.drew else move


class _Watched(random.Random):
    """A random stream that notes whether anything was drawn from it (a choice among one
    thing draws nothing)."""

    drew = False

    def random(self) -> float:
        self.drew = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.drew = True
        return super().getrandbits(k)

    def choice(self, seq: Any) -> Any:
        return seq[0] if len(seq) == 1 else super().choice(seq)


def _better(edge: Edge, usual: Edge, paired: bool = True) -> bool:
    """True when ``edge`` did better than ``usual`` in the worlds both were played in (a
    paired comparison: the ``n``-th visit of each was played in the same world).  The most
    searched move is not always the one that did best: exploring sends visits to moves that
    only looked good for a while, and the model's own move is a sound default against them.
    Not ``paired`` (most visits were kept from the seat's last decision, each in a world of its
    own), their mean results are compared."""
    if paired:
        return sum(a - b for a, b in zip(edge.results, usual.results, strict=False)) > 0
    return usual.visits > 0 and edge.total / edge.visits > usual.total / usual.visits


class Memory:
    """What a search keeps for the seat's next decision: the node past the move it played, where
    the seat moves again straight after (its next card, its end of turn) and the move shows it
    nothing it could not foresee, with the view the seat then has.  That is so when the move
    leaves the same view in each of the search's first :data:`CHECK_WORLDS` worlds (a card it
    draws or turns up would differ among them).  The next search goes on from that node, its
    statistics and the tree below, only when the seat's view is that view: nobody else moved
    meanwhile.  Otherwise it starts afresh; a bot that lost its memory (a host restarted) just
    searches afresh.

    Only what the next search is likely to use is kept: below the node's own moves, the nodes
    reached at least :data:`KEEP_VISITS` times (the memory goes to and from the worker
    processes with every decision).  The copies of a bot made for each decision share
    their bot's memory (:meth:`~yule.core.session.Session.decider`); a copy that decided in
    another process hands it back (:meth:`SearchBot.learned`)."""

    __slots__ = ("node", "view")

    def __init__(self) -> None:
        self.node: Node | None = None
        self.view: View | None = None

    def keep(self, seat: int, played: Edge, worlds: list[GameState[Any]]) -> None:
        """Keep the node past ``played`` (the root move the search plays) when the seat moves
        next with the same view in each of the first ``worlds``, as ``played`` leaves them."""
        self.node = self.view = None
        node = played.next.get(NOTHING_SEEN)
        if node is None or not worlds:
            return
        view: View | None = None
        for world in worlds[:CHECK_WORLDS]:
            state = world.clone()
            state.play(state.parse_seat_move(seat, played.move))
            if state.mover() != seat:
                return
            seen = state.view(seat)
            if view is not None and seen != view:
                return
            view = seen
        _prune(node)
        self.node, self.view = node, view

    def take(self, view: View) -> Node | None:
        """The node kept, if the seat's ``view`` is the one it was kept for (it is taken: kept
        for one decision only)."""
        node, kept = self.node, self.view
        self.node = self.view = None
        return node if node is not None and kept == view else None


def _prune(node: Node) -> None:
    """Drop the nodes below ``node`` reached fewer than :data:`KEEP_VISITS` times (most nodes
    past other seats' turns are reached once: the events that lead there differ world by
    world); ``node``'s own moves keep their statistics."""
    for edge in node.edges.values():
        edge.next = {key: below for key, below in edge.next.items() if below.visits >= KEEP_VISITS}
        for below in edge.next.values():
            _prune(below)


class _Worlds:
    """The determinizations of one search, in a fixed order, each with its own random stream.

    The ``n``-th visit of every root move is played in world ``n`` with stream ``n``
    (common random numbers): root moves are compared on the same hidden cards and the same
    luck, so far fewer iterations tell them apart."""

    def __init__(self, sampler: Determinizer, seed: int) -> None:
        self.sampler = sampler
        self.seed = seed
        self.samples: list[GameState[Any]] = []
        self.stream = random.Random()

    def get(self, n: int) -> GameState[Any]:
        """A fresh copy of world ``n``, with the stream set to its start."""
        samples = self.samples
        while len(samples) <= n:
            samples.append(self.sampler.sample(random.Random(self.seed + 7919 * len(samples))))
        self.stream.seed(self.seed ^ (n + 1) * 104729)
        return samples[n].clone()


def _settled(edges: list[Edge], usual: Edge | None, left: int, paired: bool = True) -> bool:
    """True when ``left`` more iterations cannot change the move the search plays: the most
    visited root move leads every other by more visits than are left, and, where it is not the
    model's ``usual`` move, it did so much better or worse than that one in the worlds both were
    played in that the worlds left cannot turn the comparison (each moves it by 1 at most; not
    ``paired``, see :func:`_better`, the comparison may always turn)."""
    first = second = 0
    best = edges[0]
    for edge in edges:
        if edge.visits > first:
            first, second, best = edge.visits, first, edge
        elif edge.visits > second:
            second = edge.visits
    if first - second <= left:
        return False
    if usual is None or usual is best:
        return True
    if not paired:
        return False
    margin = sum(a - b for a, b in zip(best.results, usual.results, strict=False))
    return margin > left or margin <= -left


def _ucb(edges: list[Edge], total: int) -> Edge:
    """The root edge to search next: an unvisited one first, else the best by UCB1."""
    best = edges[0]
    best_value = -math.inf
    log_total = math.log(total)
    for edge in edges:
        if not edge.visits:
            return edge
        value = edge.total / edge.visits + EXPLORATION * math.sqrt(log_total / edge.visits)
        if value > best_value:
            best, best_value = edge, value
    return best


class SearchBot(Bot[View]):
    """ISMCTS from the seat's view: ``think`` seconds a decision, or ``iterations`` at most; what
    it learned at one decision kept for the next where the rules allow (:class:`Memory`; not
    with ``reuse=False``)."""

    kind = "ismcts"
    searches = True

    def __init__(
        self, rng: random.Random, think: float = DEFAULT_THINK, iterations: int | None = None, *, reuse: bool = True
    ) -> None:
        super().__init__(rng)
        self.think = think
        self.iterations = iterations
        self.prune: Callable[[View, list[MoveDict]], list[MoveDict]] | None = None
        self.memory = Memory() if reuse else None

    def learned(self) -> Memory | None:
        return self.memory

    def learn(self, learned: Any) -> None:
        if self.memory is not None and isinstance(learned, Memory):
            self.memory.node, self.memory.view = learned.node, learned.view

    def choose(self, view: View) -> MoveDict:
        return self.search(view, time.perf_counter()).best.move

    def search(self, view: View, started: float | None = None) -> SearchResult:
        """Search the seat's moves from its view; every move searched is in the result.

        With a think time, the search stops when one more iteration, as long as the longest so
        far (or half again the mean, if longer), would end after ``started`` (now, by default)
        plus :data:`SEARCHING` of the think time; the rest is for what follows (ranking the
        moves, freeing the tree), so the whole decision keeps to the think time.  It stops
        sooner once the iterations left (with a think time: as many as the time left gives at
        the pace so far) cannot change the move it plays (:func:`_settled`); the visits kept
        from the seat's last decision (:class:`Memory`) count there, not toward the iterations.  A roll to set off, or a single move, is
        answered at once.
        """
        if started is None:
            started = time.perf_counter()
        game = get_game(view["game"])
        seat = seat_of(view)
        sampler = determinizer(view)
        probe = sampler.sample(None)
        only = forced(probe, seat)
        if only is not None:
            return SearchResult((Choice(only, 0, 0.0, 0.0),), 0, time.perf_counter() - started)
        self.prune = game.search_moves
        memory = self.memory
        known = memory.take(view) if memory is not None else None
        searched = known.edges if known is not None else {}
        root = Node()
        for key, wire in self._moves(probe, seat):
            root.edges[key] = searched.get(key) or Edge(wire)
        edges = list(root.edges.values())
        prior = sum(edge.visits for edge in edges)  # kept from the seat's last decision
        self.rng.shuffle(edges)  # untried root moves in a random order
        worlds = _Worlds(sampler, self.rng.getrandbits(32))
        model = _Model(game, worlds.stream)
        worlds.stream.seed(worlds.seed)
        usual = usual_move(view, probe)
        usual_key = move_key(usual) if usual is not None else None
        stands = root.edges.get(usual_key) if usual_key is not None else None
        limit = self.iterations
        deadline = started + SEARCHING * self.think
        done = 0
        searching = now = time.perf_counter()
        longest = 0.0
        while len(edges) > 1:
            if limit is not None:
                left = limit - done
            elif not done:
                left = sys.maxsize  # the pace is not known yet
            elif now + max(longest, 1.5 * (now - searching) / done) > deadline:
                break
            else:  # as many as the time left gives at the pace so far
                left = int((deadline - now) * done / max(now - searching, 1e-9))
            if left <= 0 or _settled(edges, stands, left, paired=not prior):
                break
            edge = _ucb(edges, prior + done + 1)
            self._iterate(worlds.get(len(edge.results)), seat, edge, model)
            done += 1
            if limit is None:
                before, now = now, time.perf_counter()
                longest = max(longest, now - before)
        ranked = sorted(root.edges.values(), key=lambda e: (-e.visits, -(e.total / e.visits if e.visits else 0.0)))
        kept = False
        if stands is not None and stands is not ranked[0] and not _better(ranked[0], stands, paired=not prior):
            ranked.remove(stands)
            ranked.insert(0, stands)
            kept = True
        if memory is not None:
            memory.keep(seat, ranked[0], worlds.samples)
        choices = tuple(
            Choice(e.move, e.visits, e.total / e.visits if e.visits else 0.0, e.won / e.visits if e.visits else 0.0)
            for e in ranked
        )
        return SearchResult(choices, done, time.perf_counter() - started, kept)

    def _iterate(self, state: GameState[Any], seat: int, first: Edge, model: _Model) -> None:
        """One iteration on one determinization: the root move ``first``, down the tree, one
        new edge, the playout."""
        stream = model.rng
        path = [first]
        fresh = first.visits == 0
        state.play(state.parse_seat_move(seat, first.move))
        seen: list[Any] = []  # the public events since the seat's last move in the tree
        while not fresh and not state.is_over:
            mover = state.mover()
            if mover != seat:
                move = model.move(state, mover) if mover is not None else state.chance_move(stream)
                seen.append(state.apply(move))
                continue
            after = path[-1].next
            key = repr(seen)
            node = after.get(key)
            if node is None:
                node = after[key] = Node()
            seen = []
            edge, move, fresh = self._select(state, seat, node, model)
            path.append(edge)
            state.play(move)
        if fresh:  # the playout: every seat as the model moves it, no events to read
            play = model.playout or model.move
            while not state.is_over:
                mover = state.mover()
                state.play(play(state, mover, stream) if mover is not None else state.chance_move(stream))
        outcome = state.outcome()
        assert outcome is not None
        result, share = playout_result(outcome, seat)
        for edge in path:
            edge.visits += 1
            edge.total += result
            edge.won += share
        first.results.append(result)

    def _select(self, state: GameState[Any], seat: int, node: Node, model: _Model) -> tuple[Edge, Any, bool]:
        """The edge to follow (an untried move first, else UCB1), its move in this determinization,
        and whether it is new.  Of the untried moves, the model's own move goes first: most
        nodes below the root are reached a few times only, and a move drawn at random there
        would judge the root move by a blunder after it rather than by good play.

        A node lists its moves once, from the first determinization that reaches it: every
        determinization reaching it gives the seat the same view, so the same moves.  Should one
        not fit all the same, the node lists them again from the determinization at hand.
        """
        if node.moves is None:
            node.moves = self._moves(state, seat)
        for _ in range(2):
            edges = node.edges
            node.visits += 1
            untried = [(key, wire) for key, wire in node.moves if key not in edges]
            if untried:
                key, wire = untried[0]
                if len(untried) > 1:
                    usual = move_key(state.wire_move(model.move(state, seat, self.rng)))
                    key, wire = next((m for m in untried if m[0] == usual), None) or self.rng.choice(untried)
                edge = edges[key] = Edge(wire)
                fresh = True
            else:
                edge = _ucb(list(edges.values()), node.visits)
                fresh = False
            try:
                move = state.parse_seat_move(seat, edge.move)
                state.verify(move)
            except IllegalMove:
                node.moves = self._moves(state, seat)
                node.edges = {key: e for key, e in edges.items() if any(key == k for k, _ in node.moves)}
                continue
            return edge, move, fresh
        raise AssertionError("a move listed for this position is not legal in it")

    def _moves(self, state: GameState[Any], seat: int) -> list[tuple[Key, MoveDict]]:
        """The seat's moves worth searching in this position, as (key, wire move)."""
        wires = [state.wire_move(m) for m in state.legal_moves(seat)]
        if self.prune is not None and len(wires) > 1:
            wires = self.prune(state.view(seat), wires)
        return [(move_key(w), w) for w in wires]


HINT_THINK = 1.0
"""Seconds the search thinks for a hint."""


@dataclass(frozen=True, slots=True)
class Hint:
    """What the strong bot would play for a seat, and why, as data a screen words: the ``move``;
    ``forced`` when it is the only one; else how often the seat ``won`` the ``games`` the search
    played out after it, and the ``next_best`` move with how often it won (``next_won``), where
    ``kept_usual`` says the next best did as well but no better in the same games."""

    move: MoveDict
    forced: bool = False
    games: int = 0
    won: float = 0.0
    next_best: MoveDict | None = None
    next_won: float = 0.0
    kept_usual: bool = False


def hint(view: View, think: float = HINT_THINK, rng: random.Random | None = None) -> Hint:
    """What the strong bot would play from this seat's view (the view alone: nothing else is
    read), with the reason: how often the seat won the games the search played out after that
    move, against the next best move.

    >>> from yule.core import get_game
    >>> state = get_game("white-rabbit").start(2)
    >>> _ = state.apply(state.chance_move(random.Random(2)))
    >>> hint(state.view(0))
    Hint(move={'type': 'roll'}, forced=True, games=0, won=0.0, next_best=None, next_won=0.0, kept_usual=False)
    """
    seat = seat_of(view)
    only = forced(determinizer(view).sample(None), seat)
    if only is not None:
        return Hint(only, forced=True)
    result = SearchBot(rng or random.Random(), think=think, reuse=False).search(view)
    best, *others = result.choices
    second = others[0] if others else None
    return Hint(
        best.move,
        games=result.iterations,
        won=best.wins,
        next_best=second.move if second else None,
        next_won=second.wins if second else 0.0,
        kept_usual=result.kept_usual,
    )
