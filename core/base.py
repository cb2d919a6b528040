"""The game-agnostic rules interface every Yule game implements.

A game is a :class:`Game` (its name, seat range, options, how to start, its bots) and a
:class:`GameState` (one position).  The shape follows OpenSpiel: chance is a player
(:data:`CHANCE`), every random outcome is a chance move drawn from a seeded RNG, and what a
seat may know comes from one function, :meth:`GameState.view`.

Moves travel in three forms, all plain dicts with a ``"type"`` key:

* **record form** (``yule-record/1``): omniscient, names every card by its id; what
  :meth:`GameState.apply` takes once parsed with :meth:`GameState.parse_record_move`.
* **wire form**: what a seat sends.  It may only name things the seat can see, so a facedown
  card is named by the handle its view shows.  :meth:`GameState.parse_seat_move` turns it into
  a record-form move, with errors that never reveal a hidden card.
* **events**: what :meth:`GameState.apply` returns, public to every seat (the game log).

Move values are small frozen dataclasses, one per kind of move, in each game's ``moves``
module (those several games make are in :mod:`yule.core.moves`); what the rest of Yule may
rely on is the :class:`Move` protocol.  Views are plain
JSON-safe dicts (each game documents its own as a ``TypedDict``, in its ``views`` module): they
are what the host sends and what bots read.
"""

from __future__ import annotations

import functools
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, Self, TypeAlias, TypedDict, TypeVar

from .reasons import GENERIC, Reasons, english, seat_name

CHANCE = "chance"
"""The ``by`` of a random outcome; :meth:`GameState.active` returns it when chance moves."""

OVER = "over"
"""The last :attr:`GameState.phase` of every game: it has ended."""

ORGANISER = "organiser"
"""The ``by`` of a move the organiser of an organiser-mode table makes for the whole table (not
for one seat): a game lists its kinds in :attr:`Game.organiser_moves` (a latecomer, a skipped
turn, a label put right ...)."""

Seat = int
View = Mapping[str, Any]
"""What a seat may know (see :meth:`GameState.view`); each game's own view is a ``TypedDict``."""
Event = dict[str, Any]
MoveDict = dict[str, Any]
"""A move as a plain dict: record form, or wire form (without ``by``)."""
Reason = dict[str, Any]
"""A refusal as data, as a view's ``actions`` carry it: ``{"kind": kind, **facts}`` (see
:class:`RulesError`; a client words it from its game's template of ``kind``)."""
Actions = dict[str, Reason | None]
"""A view's ``actions``: each kind of move its seat may try now, and the reason it is not
allowed as data (``None``: it is), that of the check that :meth:`GameState.verify` makes."""


class ResultRecord(TypedDict):
    """The end of a game in a record and in a view's ``result``: :meth:`Outcome.to_record`.
    Each game's view names its own, with the fields of its :attr:`Outcome.extra`."""

    scores: list[int]
    """One score a seat, in seat order."""
    winners: list[int]
    """The winning seats, ascending (several share a win; none when a game stops undecided)."""


class Move(Protocol):
    """What every game's move value promises.

    ``type`` is the move's record name (``"take"``), ``by`` the seat that makes it or
    :data:`CHANCE`, and :meth:`to_record` its record form, which the game's
    ``parse_record_move`` reads back into an equal value.
    """

    @property
    def type(self) -> str: ...

    @property
    def by(self) -> Seat | str: ...

    def to_record(self) -> MoveDict: ...


M = TypeVar("M", bound=Move)
"""A game's move type (the union of its move classes)."""
V = TypeVar("V", bound=Mapping[str, Any])
"""A game's view type (its ``TypedDict``)."""
S = TypeVar("S", bound="GameState[Any]")
"""A game's state type."""
T = TypeVar("T")


Fact: TypeAlias = str | int | float | bool | Sequence["Fact"] | None
"""A value a rules error names (a seat, a gift, a count, a card a seat may see ...): what goes on
the wire as it is (msgpack, JSON)."""


class RulesError(ValueError):
    """A refusal of the rules, as data: ``kind`` names the reason (one kind a meaning, stable: a
    client words it in its own language), ``facts`` holds the values the reason names (seats
    0-based, as on the wire), and ``reasons`` is the game's table of reasons
    (:mod:`yule.core.reasons`), whose template of ``kind`` ``str(error)`` words in English.

    ``kind`` is the class's name in snake case unless the raise gives one; a class whose errors
    mean several things gives each its own.  The facts, like the words, never name anything
    the refused seat may not know (the host sends them: docs/protocol.md).  Nothing is worded
    until ``str(error)`` asks: raising one costs no formatting.

    >>> from .reasons import table
    >>> REASONS = table({"not_your_turn": "It is not your turn.", "no_gifts": "{seat:seat} has no gifts."})
    >>> e = NotYourTurn(REASONS)
    >>> e.kind, e.facts, str(e)
    ('not_your_turn', {}, 'It is not your turn.')
    >>> e = IllegalMove(REASONS, "no_gifts", seat=1)
    >>> e.kind, e.facts, str(e)
    ('no_gifts', {'seat': 1}, 'Seat 2 has no gifts.')
    """

    def __init__(self, reasons: Mapping[str, str], kind: str | None = None, /, **facts: Fact) -> None:
        self.reasons = reasons
        self.kind = kind or _snake(type(self).__name__)
        self.facts = facts

    @property
    def template(self) -> str:
        """The English template of this refusal's kind."""
        return self.reasons[self.kind]

    def __str__(self) -> str:
        return english(self.reasons[self.kind], self.facts)

    def __repr__(self) -> str:
        facts = "".join(f", {name}={value!r}" for name, value in self.facts.items())
        return f"{type(self).__name__}({self.kind!r}{facts})"

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt, (type(self), self.reasons, self.kind, self.facts)

    def reason(self) -> Reason:
        """The refusal as a view's ``actions`` carry it: ``{"kind": kind, **facts}``."""
        return {"kind": self.kind, **self.facts}


def _rebuilt(cls: type[RulesError], reasons: Mapping[str, str], kind: str, facts: dict[str, Fact]) -> RulesError:
    """A :class:`RulesError` unpickled (sent from a worker process)."""
    return cls(reasons, kind, **facts)


@functools.cache
def _snake(name: str) -> str:
    """A class's name in snake case: ``NotYourTurn`` is ``not_your_turn``."""
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))


class IllegalMove(RulesError):
    """A move the rules forbid.  ``str(error)`` is a reason a player understands; ``kind`` and
    ``facts`` say it as data (see :class:`RulesError`)."""


class NotYourTurn(IllegalMove):
    """The seat may not move now."""


class GameIsOver(IllegalMove):
    """No move is legal once the game has ended."""


class MalformedMove(IllegalMove):
    """The move is not understood: unknown type, missing or badly typed fields."""


class WrongPhase(IllegalMove):
    """A move that does not belong to this moment of the game (a chance move out of place ...)."""


class BadChance(IllegalMove):
    """A chance outcome that cannot happen (a deck missing a card, a die showing 7 ...)."""


def seat_of(view: Mapping[str, Any]) -> Seat:
    """The seat whose view this is (its ``you``): what a bot or a search plays from.

    >>> seat_of({"you": 2})
    2
    >>> seat_of({"you": None})
    Traceback (most recent call last):
    ...
    ValueError: a spectator's view has no seat to play
    """
    seat = view["you"]
    if seat is None:
        raise ValueError("a spectator's view has no seat to play")
    return seat


def refusal(check: Callable[..., object], *args: Any) -> Reason | None:
    """Why ``check(*args)`` refuses, as data: the :meth:`~RulesError.reason` of the
    :class:`IllegalMove` it raises, else ``None``.

    The ``actions`` of a view are written with it from the same checks that
    :meth:`GameState.verify` makes, so a rule and the reason a player is shown cannot drift
    apart (as pokerkit's ``can_x`` is "``verify_x`` does not raise").

    >>> from .reasons import table
    >>> REASONS = table({"play_first": "Play a card first."})
    >>> def verify_end(plays):
    ...     if not plays:
    ...         raise IllegalMove(REASONS, "play_first")
    >>> refusal(verify_end, 0), refusal(verify_end, 1)
    ({'kind': 'play_first'}, None)
    """
    try:
        check(*args)
    except IllegalMove as e:
        return {"kind": e.kind, **e.facts}
    return None


def seat_namer(names: Sequence[str]) -> Callable[[int], str]:
    """How the host names a seat in what it keeps (a game's results): the player's name, else
    :func:`~yule.core.reasons.seat_name`.

    >>> who = seat_namer(["Ana", "Ben"])
    >>> who(1), who(3)
    ('Ben', 'Seat 4')
    """

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else seat_name(seat)

    return who


class BadOptions(RulesError):
    """Game options that are unknown or out of range: the reason, its ``kind`` and ``facts``
    (see :class:`RulesError`)."""


def ranks(scores: Sequence[int], *, lowest_wins: bool = False) -> list[int]:
    """Each score's place, the best first (the highest, or the lowest): equal scores share a
    place, and the next place counts them.

    >>> ranks([5, 9, 5, 2]), ranks([5, 9, 5, 2], lowest_wins=True)
    ([2, 1, 2, 4], [2, 4, 2, 1])
    """
    sign = 1 if lowest_wins else -1
    return [1 + sum(sign * other < sign * score for other in scores) for score in scores]


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: one score per seat and the winning seats (ascending); ``lowest_wins``
    when the best score is the lowest (what :meth:`places` ranks the others by)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)
    lowest_wins: bool = False

    @classmethod
    def by_score(
        cls, scores: Sequence[int], *, lowest_wins: bool = False, extra: Mapping[str, Any] | None = None
    ) -> Outcome:
        """The seats with the best score win: the highest, or the lowest; a tie shares the win.

        >>> Outcome.by_score([3, 5, 5]).winners, Outcome.by_score([3, 5, 5], lowest_wins=True).winners
        ((1, 2), (0,))
        """
        best = min(scores) if lowest_wins else max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best)
        return cls(tuple(scores), winners, extra or {}, lowest_wins)

    def share(self, seat: Seat) -> float:
        """The seat's share of the win: 1 for a winner alone, ``1/k`` for each of ``k`` winners, else 0.

        >>> Outcome((3, 5, 5), (1, 2)).share(1), Outcome((3, 5, 5), (1, 2)).share(0)
        (0.5, 0.0)
        """
        winners = self.winners
        return 1.0 / len(winners) if seat in winners else 0.0

    def places(self) -> tuple[int, ...]:
        """Each seat's place: 1 for the winners, then the others by their scores, the best first
        (:func:`ranks`); empty when nobody won (a Gift Exchange, a game stopped undecided): the
        game ranks nobody.

        >>> Outcome.by_score([5, 9, 5, 2]).places(), Outcome.by_score([5, 9, 5, 2], lowest_wins=True).places()
        ((2, 1, 2, 4), (2, 4, 2, 1))
        >>> Outcome((1, 6, 3), (1,)).places(), Outcome((0, 0), ()).places()
        ((3, 1, 2), ())
        """
        winners = self.winners
        if not winners:
            return ()
        others = [seat for seat in range(len(self.scores)) if seat not in winners]
        behind = ranks([self.scores[seat] for seat in others], lowest_wins=self.lowest_wins)
        places = [1] * len(self.scores)
        for seat, rank in zip(others, behind, strict=True):
            places[seat] = len(winners) + rank
        return tuple(places)

    def to_record(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners), **self.extra}


class GameState(ABC, Generic[M]):
    """One position of a game.  Mutable: :meth:`apply` changes it in place (fast for bots).

    ``M`` is the game's move type.  Every game goes through phases of its own, named in
    :attr:`phase`; the last is :data:`OVER`, and :attr:`_outcome` holds the result from then on.
    A game's state class may list its other attributes in ``__slots__``, unless mypyc compiles it
    (setup.py's ``COMPILED``): a compiled class has none, and clones itself through ``__init__``.
    """

    players: int
    options: dict[str, Any]
    phase: str
    _outcome: Outcome | None

    @abstractmethod
    def active(self) -> tuple[Seat | str, ...]:
        """Who may move now: ``(CHANCE,)``, one seat, several seats at once, or ``()`` at the end."""

    @property
    def is_over(self) -> bool:
        """True once the game has ended (its phase is :data:`OVER`)."""
        return self.phase == OVER

    @abstractmethod
    def parse_record_move(self, move: MoveDict) -> M:
        """A record-form dict as this game's move value; raises :class:`MalformedMove`.

        Each game's ``parse`` (in its ``moves`` module) is this, as a static method."""

    def parse_seat_move(self, seat: Seat, move: MoveDict) -> M:
        """A move sent by ``seat`` (wire form, without ``by``) as a record-form move value.

        A chance move sent by a seat is refused by the move readers (:func:`yule.core.fields.mover`).
        Games with facedown cards override this to resolve view handles; the error messages
        must then be the same whether or not a hidden card exists.
        """
        if not isinstance(move, dict):
            raise MalformedMove(GENERIC, "not_a_move")
        return self.parse_record_move({**move, "by": seat})

    @abstractmethod
    def verify(self, move: M) -> None:
        """Raise an :class:`IllegalMove` subclass with the reason when ``move`` is illegal now."""

    def can(self, move: M) -> bool:
        """True when ``move`` is legal now."""
        try:
            self.verify(move)
        except IllegalMove:
            return False
        return True

    def apply(self, move: M) -> list[Event]:
        """Verify and play ``move``; return the public events it caused."""
        events: list[Event] = []
        self.play(move, events)
        return events

    @abstractmethod
    def play(self, move: M, events: list[Event] | None = None) -> None:
        """Verify and play ``move``, adding the public events it causes to ``events``.

        ``None``: no events are made.  Replays and playouts, which read none, play this way;
        it is :meth:`apply` without the cost of telling what happened."""

    @abstractmethod
    def chance_move(self, rng: random.Random) -> M:
        """Draw the pending chance move from ``rng`` (only when :meth:`active` is ``(CHANCE,)``)."""

    def chance_trigger(self) -> tuple[Seat, str] | None:
        """A pending chance move that a seat sets off, as ``(seat, wire type)``; else ``None``.

        Rolling a die is chance, but a child wants to press Enter to roll: when this returns
        ``(2, "roll")``, the host draws the chance move only once seat 2 sends
        ``{"type": "roll"}`` (a bot in that seat sends it too).  ``None``, the default: chance
        moves are drawn at once.
        """
        return None

    ACTIONS: ClassVar[tuple[str, ...]] = ()
    """The kinds of move a seat makes, each checked by the state's ``verify_<kind>(seat, ...)``:
    what :meth:`action_hints` reports on."""

    def action_hints(self, seat: Seat) -> Actions:
        """Each kind of move of :attr:`ACTIONS` and why ``seat`` may not make it now (``None``: it may).

        Each kind has its check, ``verify_<kind>(seat, ...)``: with the move's details left out
        (``None``) it checks only whether that kind is open to ``seat`` now, and :meth:`verify`
        makes the same check with them, so a hint and the rule cannot drift apart.
        """
        return {kind: refusal(getattr(self, f"verify_{kind}"), seat) for kind in self.ACTIONS}

    @abstractmethod
    def view(self, seat: Seat | None) -> View:
        """Everything ``seat`` may know now (``None``: a spectator, public information only).

        The view of a seat that may act now (in :meth:`active`, or the seat of
        :meth:`chance_trigger`), and only such a view, holds ``"actions"``: each kind of move
        and why it is not allowed (``None``: allowed).  Clients and bots read it as "your move".
        """

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""
        return self._outcome

    def at_once(self) -> bool:
        """True when the seats in :meth:`active` choose at the same time, each among options of
        its own that another seat's move never changes (a secret bring): then moves made at once
        commute, and a seat's move chosen on a view from before another seat's move is still
        judged on the position as it stands (:meth:`verify` says why, should the other move have
        made it illegal).  ``False``, the default: any move may change what the next seat may do.
        """
        return False

    # -- what search needs -------------------------------------------------------------------

    def mover(self) -> Seat | None:
        """The seat whose move comes next: the seat to move, or the first of several moving at
        once; ``None`` when chance moves or the game is over."""
        active = self.active()
        if not active or active[0] == CHANCE:
            return None
        return active[0]  # type: ignore[return-value]

    @abstractmethod
    def legal_moves(self, seat: Seat) -> list[M]:
        """Every legal move of ``seat`` now, as record-form move values (``[]`` if it may not move).

        Each listed move passes :meth:`verify`.  Where a kind of move has too many variants to
        list (White Elephant's "take 2 or more gifts", a gift's free-text label), the game's
        docstring says which stand-ins it lists instead.
        """

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy of this position, fast (no ``deepcopy``): search plays on copies."""

    def wire_move(self, move: M) -> MoveDict:
        """``move`` as its seat would send it (wire form, no ``by``): :meth:`parse_seat_move`
        turns it back into ``move``.  Games that name hidden cards by handles override this."""
        out = move.to_record()
        out.pop("by", None)
        return out


class Determinizer(ABC):
    """Full positions consistent with one seat's view, for search (OpenSpiel's "resample from
    the information state").

    Built from the view alone (never from the true position), once per decision; each
    :meth:`sample` fills what the seat cannot see (the deck order, other seats' hidden cards
    and secret cards) at random among what the view does not rule out, so that the sample's
    ``view(seat)`` is the view it was built from.
    """

    seat: Seat

    @abstractmethod
    def sample(self, rng: random.Random | None) -> GameState[Any]:
        """A new full position: the view's facts, the hidden parts drawn from ``rng``.

        ``None``: the hidden parts in a fixed order, fast; enough for the seat's own legal
        moves, which never depend on what it cannot see."""


def shuffled(items: Sequence[T], rng: random.Random | None) -> list[T]:
    """A new list of ``items`` shuffled by ``rng``; ``None``: in their order (a
    :meth:`Determinizer.sample` without randomness).

    >>> shuffled("abc", None), sorted(shuffled("abc", random.Random(1)))
    (['a', 'b', 'c'], ['a', 'b', 'c'])
    """
    out = list(items)
    if rng is not None:
        rng.shuffle(out)
    return out


def draw_distinct(
    choices: Sequence[T], weights: Mapping[Seat, Sequence[float]], rng: random.Random | None
) -> dict[Seat, T]:
    """A different one of ``choices`` for each seat of ``weights``, drawn in turn (seats in a
    random order) with the seat's weights for each choice: how a determinizer deals secret
    cards it has reasons to believe some seats hold more likely than others.  ``rng`` ``None``:
    the first choices, in seat order.

    >>> draw_distinct(["a", "b", "c"], {2: [1, 1, 1], 0: [1, 1, 1]}, None)
    {0: 'a', 2: 'b'}
    >>> draw_distinct(["a", "b"], {0: [0.0, 1.0]}, random.Random(3))
    {0: 'b'}
    """
    left = list(range(len(choices)))
    seats = sorted(weights)
    if rng is None:
        return {seat: choices[i] for seat, i in zip(seats, left, strict=False)}
    rng.shuffle(seats)
    out: dict[Seat, T] = {}
    for seat in seats:
        own = weights[seat]
        pick = rng.choices(left, [own[i] for i in left])[0] if any(own[i] for i in left) else rng.choice(left)
        left.remove(pick)
        out[seat] = choices[pick]
    return out


@dataclass(frozen=True)
class Game(Generic[S]):
    """A registered game: what the lobby, the host, the records and the bots need to know.

    ``S`` is the game's state type.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    new_state: Callable[[int, Mapping[str, Any]], S]
    """Start a game for ``players`` seats with normalised options (the fixed starting position)."""
    bots: Mapping[str, Callable[[random.Random], Bot[Any]]]
    """The game's bots by kind (most games: :func:`yule.core.levels.bot_levels`)."""
    default_options: Mapping[str, Any] = field(default_factory=dict)
    """The game's options and their defaults; empty: the game has none."""
    read_options: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    """Options as :meth:`check_options` returns them (``None``: the game has none)."""
    summary: str = ""
    report: Callable[[S, list[str]], list[str]] | None = None
    """The end of a finished game as lines of plain text; ``None``: the scores table will do."""
    undo_floor: Callable[[Sequence[Mapping[str, Any]]], int] | None = None
    """How many leading record moves an undo must keep (given the moves so far); ``None``: the
    game has no undo.  The host takes back the last seat move (:meth:`yule.core.session.Session.undo`)."""
    option_choices: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """The options that are a choice of words: option -> {value: the value in plain words},
    so a form can offer the choice (every other option is a flag or a number)."""
    scored: bool = True
    """False for a game that ends with neither scores nor a winner (Gift Exchange: everyone goes
    home with a gift): the evening's scoreboard counts its games, not its points."""
    organiser_mode: bool = False
    """True when one terminal may move for every seat (a host's organiser mode): the game hides
    nothing that terminal may not see.  A game with hidden cards leaves it False, or one
    terminal trying moves for every seat would find them out from what is refused."""
    determinizer: Callable[[Any], Determinizer] | None = None
    """The :class:`Determinizer` for a seat's view (one of the game's own views, its ``you`` set)."""
    playout: Callable[[Any, Seat, random.Random], Any] | None = None
    """How the search bot moves a seat in its playouts, fast, from the position (reading only
    what that seat knows); ``None``: the game's greedy bot, from the seat's view."""
    usual: Callable[[Any, Seat, random.Random], Any] | None = None
    """The search bot's default move for a seat, played unless another did better in the same
    worlds: like ``playout``, read off a position drawn from the seat's view (reading only what
    the seat knows); ``None``: the greedy bot's move from the view."""
    search_moves: Callable[[Any, list[MoveDict]], list[MoveDict]] | None = None
    """The moves worth a search's time among a seat's legal moves (wire form), given its view;
    ``None``: all of them.  For a game whose listed moves are too many to try each often."""
    view_moves: Callable[[Any], list[MoveDict]] | None = None
    """Every move the seat of a view may make now, read off the view alone (wire form, with
    the stand-ins its ``legal_moves`` lists): what the random bot picks from.  ``None``: the
    legal moves of a position drawn from the view."""
    reasons: Reasons = field(default_factory=lambda: dict(GENERIC))
    """Every refusal of the game's rules: kind -> English template (:mod:`yule.core.reasons`),
    the kinds all games share among them.  A client words a refusal (a view's ``actions``, an
    ``illegal`` move) from it in its player's language."""
    organiser_moves: frozenset[str] = frozenset()
    """The kinds of move (wire ``type``) the organiser of an organiser-mode table makes for the
    table itself, by :data:`ORGANISER` (:meth:`yule.core.session.Session.organise`); empty: none."""
    arrivals: Callable[[Sequence[Mapping[str, Any]]], int] | None = None
    """How many seats a game's record moves added after its start (latecomers: each one's name is
    appended to the record's ``players``, so the game started with that many fewer); ``None``:
    the game's seats are fixed."""

    def seats_at_start(self, players: int, moves: Sequence[Mapping[str, Any]]) -> int:
        """The seats a game had at its start, given its seats now (``players``) and its moves.

        >>> Game("g", "G", 2, 4, lambda n, o: None, {}).seats_at_start(3, [{"type": "arrive"}])
        3
        """
        return players if self.arrivals is None else players - self.arrivals(moves)

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` with the defaults filled in; unknown keys and bad values are refused with
        :class:`BadOptions`.  A game without options takes only ``{}``."""
        if self.read_options is not None:
            return self.read_options(options)
        if options:
            raise BadOptions(self.reasons, "no_options", game=self.name, options=[str(key) for key in options])
        return {}

    def report_lines(self, state: S, names: list[str]) -> list[str]:
        """How a finished game ended, one line a seat: the game's own report, else its scores."""
        if self.report is not None:
            return self.report(state, names)
        outcome = state.outcome()
        if outcome is None:
            return []
        width = max(map(len, names), default=0)
        return [
            f"{name:<{width}} {score:>5}{'  winner' if seat in outcome.winners else ''}"
            for seat, (name, score) in enumerate(zip(names, outcome.scores, strict=True))
        ]

    def start(self, players: int, options: Mapping[str, Any] | None = None) -> S:
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(
                self.reasons,
                "players",
                game=self.name,
                least=self.min_players,
                most=self.max_players,
                players=players,
            )
        return self.new_state(players, self.check_options(options or {}))


class Bot(ABC, Generic[V]):
    """A player that decides from its seat's view alone (``V``, its game's view type) and
    answers in wire form."""

    __slots__ = ("rng",)

    kind: ClassVar[str]
    searches: ClassVar[bool] = False
    """True for a bot that thinks a while over each move (a search): a host gives it a worker of
    its own to think in; the others decide at once."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    @abstractmethod
    def choose(self, view: V) -> MoveDict:
        """The move to send (wire form, no ``by``) given the seat's current view."""

    def learned(self) -> object:
        """What the bot learned deciding that its next decisions may use (``None``: nothing).  A
        copy of it that decided in another process hands this back (:meth:`learn`)."""
        return None

    def learn(self, learned: object) -> None:
        """Take up what a copy of this bot learned deciding elsewhere (:meth:`learned`)."""
