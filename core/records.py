"""Game records (``yule-record/1``): build them, replay them, verify them.

A record is the omniscient story of one game as a JSON-safe dict::

    {"format": "yule-record/1", "game": ..., "options": {...}, "players": [names],
     "moves": [{"by": ..., "type": ..., ...}], "result": {"scores": [...], "winners": [...]}}

Replaying its moves on the game's starting position (:func:`replay`, a
:class:`~yule.core.session.Session`) must reproduce the game exactly.  A game whose organiser
may seat a latecomer (:attr:`~yule.core.base.Game.arrivals`) lists them in ``players`` too: it
started with as many fewer seats as its moves add.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from .base import BadOptions, Game, IllegalMove
from .registry import get_game
from .session import Session

FORMAT = "yule-record/1"


class RecordError(ValueError):
    """A record that does not replay.  ``move`` is the 1-based move number, or ``None``."""

    def __init__(self, reason: str, move: int | None = None) -> None:
        self.reason = reason
        self.move = move
        super().__init__(f"move {move}: {reason}" if move is not None else reason)


def new_record(game: Game[Any], players: list[str], options: Mapping[str, Any], **extra: Any) -> dict[str, Any]:
    """An empty record (no moves, no result) for a game about to start."""
    return {
        "format": FORMAT,
        "game": game.name,
        "options": dict(options),
        "players": list(players),
        "moves": [],
        **extra,
    }


def start_from_record(record: Mapping[str, Any], *, undo: bool = False) -> Session[Any]:
    """The game a record's header names, at its start (no move made yet): a :class:`Session`."""
    if not isinstance(record, Mapping):
        raise RecordError("a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"format is {record.get('format')!r}, expected {FORMAT!r}")
    try:
        game = get_game(record.get("game"))
    except KeyError as e:
        raise RecordError(str(e.args[0])) from None
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("players must be a list of names")
    options = record.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError("options must be an object")
    moves = record.get("moves")
    seats = game.seats_at_start(len(players), moves) if isinstance(moves, list) else len(players)
    try:
        return Session(game, seats, options, undo=undo)
    except BadOptions as e:
        raise RecordError(str(e)) from None


def replay(record: Mapping[str, Any], *, upto: int | None = None, undo: bool = False) -> Session[Any]:
    """The game a record plays, its moves (the first ``upto`` of them) applied: a :class:`Session`."""
    session = start_from_record(record, undo=undo)
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise RecordError("moves must be a list")
    moves = moves[:upto] if upto is not None else moves
    objects = next((n for n, move in enumerate(moves) if not isinstance(move, Mapping)), len(moves))
    try:
        session.replay(moves[:objects], events=False)
    except IllegalMove as e:
        number = len(session.moves)
        move = moves[number]
        raise RecordError(f"{move.get('type')!r} by {move.get('by')!r}: {e}", number + 1) from None
    if objects < len(moves):
        raise RecordError("a move is a JSON object", objects + 1)
    return session


def record_of(session: Session[Any], players: list[str], **extra: Any) -> dict[str, Any]:
    """The record of a session's game so far (with ``result`` once it is over)."""
    record = new_record(session.game, players, session.state.options, **extra)
    record["moves"] = list(session.moves)
    if (outcome := session.state.outcome()) is not None:
        record["result"] = outcome.to_record()
    return record


def _comparable(result: Mapping[str, Any]) -> dict[str, Any]:
    """A result with the order of listed cards and suits ignored where order carries no meaning."""
    out: dict[str, Any] = {}
    for key, value in result.items():
        if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
            out[key] = [sorted(map(str, v)) for v in value]
        else:
            out[key] = value
    return out


def verify_record(record: Mapping[str, Any]) -> None:
    """Raise :class:`RecordError` unless the record replays and its result is the engine's."""
    outcome = replay(record).state.outcome()
    written = record.get("result")
    if outcome is None:
        if written is not None:
            raise RecordError("the record has a result but its moves do not finish the game")
        return
    if written is None:
        raise RecordError("the moves finish the game but the record has no result")
    if not isinstance(written, Mapping):
        raise RecordError("result must be an object")
    expected = _comparable(outcome.to_record())
    got = _comparable(written)
    for key, value in expected.items():
        if key not in got:
            raise RecordError(f"result lacks {key!r}")
        if got[key] != value:
            raise RecordError(f"result {key} is {written[key]!r}, the rules give {outcome.to_record()[key]!r}")


def play(
    game: Game[Any],
    players: list[str],
    bots: list[Callable[[random.Random], Any]],
    seed: int | str,
    options: Mapping[str, Any] | None = None,
    *,
    max_moves: int = 1_000_000,
) -> dict[str, Any]:
    """Play a whole game with a bot on every seat and return its record.

    The game is a :class:`Session` seeded by ``seed``, which draws its chance moves and each
    decision's randomness (:meth:`Session.decider`), as at a host's table of bots dealt by the
    same seed: the same seed always gives the same record.  Bots see only their seat's view and
    answer in wire form, exactly as over the network.
    """
    session = Session(game, len(players), options, seed)
    seat_bots = [make(random.Random(f"{seed}/seat{i}")) for i, make in enumerate(bots)]
    for _ in session.bots_play(seat_bots, max_moves=max_moves):
        pass
    return record_of(session, players, seed=seed)
