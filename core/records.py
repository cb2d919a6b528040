"""Game records (``yule-record/1``): build them, replay them, verify them.

A record is the omniscient story of one game as a JSON-safe dict::

    {"format": "yule-record/1", "game": ..., "options": {...}, "players": [names],
     "moves": [{"by": ..., "type": ..., ...}], "result": {"scores": [...], "winners": [...]}}

Replaying its moves on the game's starting position must reproduce the game exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from .base import CHANCE, BadOptions, Game, GameState, IllegalMove
from .registry import get_game

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


def start_from_record(record: Mapping[str, Any]) -> tuple[Game[Any], GameState[Any]]:
    """The game and its starting position named by a record's header."""
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
    try:
        state = game.start(len(players), options)
    except BadOptions as e:
        raise RecordError(str(e)) from None
    return game, state


def replay(record: Mapping[str, Any], *, upto: int | None = None) -> tuple[Game[Any], GameState[Any]]:
    """Replay a record's moves (the first ``upto`` of them) and return the position reached."""
    game, state = start_from_record(record)
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise RecordError("moves must be a list")
    for number, move in enumerate(moves[:upto] if upto is not None else moves, start=1):
        if not isinstance(move, Mapping):
            raise RecordError("a move is a JSON object", number)
        try:
            state.play(state.parse_record_move(dict(move)))
        except IllegalMove as e:
            raise RecordError(f"{move.get('type')!r} by {move.get('by')!r}: {e}", number) from None
    return game, state


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
    _, state = replay(record)
    outcome = state.outcome()
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

    Chance draws from ``random.Random(seed)``; seat ``i``'s bot from its own RNG derived from
    the seed, so the same seed always gives the same record.  Bots see only their seat's view
    and answer in wire form, exactly as over the network.
    """
    state = game.start(len(players), options)
    record = new_record(game, players, state.options, seed=seed)
    chance_rng = random.Random(f"{seed}/chance")
    seat_bots = [make(random.Random(f"{seed}/seat{i}")) for i, make in enumerate(bots)]
    moves = record["moves"]
    while not state.is_over:
        if len(moves) >= max_moves:
            raise RuntimeError(f"{game.name}: no end after {max_moves} moves")
        active = state.active()
        if active[0] == CHANCE:
            move = state.chance_move(chance_rng)
        else:
            seat = active[0]
            move = state.parse_seat_move(seat, seat_bots[seat].choose(state.view(seat)))
        state.apply(move)
        moves.append(move.to_record())
    record["result"] = state.outcome().to_record()
    return record
