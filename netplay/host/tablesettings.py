"""A new table's settings, checked: one copy of the checks, for a ``create`` request and for a set
of house rules saved to be picked later (:mod:`.housesets`).

:func:`checked_settings` takes the game, its seats and its options as a request gives them and
gives back the game and its options with every default filled in, or refuses them as a new table
is refused (``bad_game``, ``bad_options``); :func:`check_turn` does the same for a turn timer
shorter than the host allows.

    >>> game, options = checked_settings("gift-exchange", 5, {"steal_limit": 2})
    >>> game.name, options["steal_limit"], options["final_swap"]
    ('gift-exchange', 2, True)
    >>> checked_settings("white-rabbit", 9, {})
    Traceback (most recent call last):
    ...
    yule.netplay.refusal.RequestError: White Rabbit is for 2 to 4 players, not 9.
"""

from __future__ import annotations

from typing import Any

from ...core import get_game
from ...core.base import BadOptions, Game
from ...core.registry import all_games
from ..refusal import RequestError


def checked_settings(game_name: str, seats: int, options: dict[str, Any]) -> tuple[Game[Any], dict[str, Any]]:
    """The game named and ``options`` as it takes them (defaults filled in), for ``seats`` seats;
    :class:`RequestError` when the host has no such game, or the seats or options do not fit it."""
    try:
        game = get_game(game_name)
    except KeyError:
        raise RequestError("bad_game", game=game_name, games=sorted(g.name for g in all_games())) from None
    if not game.min_players <= seats <= game.max_players:
        raise RequestError("bad_options", reason="players", game=game.name, least=game.min_players,
                           most=game.max_players, seats=seats)  # fmt: skip
    try:
        return game, game.check_options(options)
    except BadOptions as e:
        raise RequestError.ruled("bad_options", e, reason="rules") from None


def check_turn(turn_seconds: float | None, shortest: float) -> None:
    """Refuse a turn timer shorter than ``shortest`` seconds (the host's :attr:`~.connection.Limits.shortest_turn`)."""
    if turn_seconds is not None and turn_seconds < shortest:
        raise RequestError("bad_options", reason="turn", shortest=shortest)
