"""What the host finds in its store, checked before it builds anything from it.

A stored row may hold anything: written by hand, by an older version, or by a disk that lost
part of a page.  SQLite does not keep a column's type either: a text stays text in an INTEGER
or REAL column when it does not read as a number, and a number in a TEXT column becomes text.
So each value is checked against what the table could have been made with: the bounds a
``create`` request meets (one copy of each, in :mod:`yule.netplay`) and its game's own (its
players, its options, its bots).  :func:`table_fault` says what is wrong with a stored table
(its row, its seats, its organiser) in a sentence naming the column and its value; the store
sets such a table aside with it (:attr:`yule.netplay.host.store.Store.unreadable`) before a seat
is allocated, and the host starts with the rest.  :func:`result_fault` does the same for a
game's result as the evening's scoreboard keeps it (:mod:`.evening`), which the store then
leaves out, as it leaves out a chat line (:data:`CHAT_CHECKS`), a pace (:data:`PACE_CHECKS`) or a
set of house rules (:data:`SET_CHECKS`, :mod:`.housesets`) that fails, with a sentence in the
host's log (:func:`fault`).

    >>> row = {"game": "white-elephant", "options": {}, "seats": 1000000000, "open": 0, "code": "ABCDEF",
    ...        "bot_delay": 0.2, "status": "waiting", "game_no": 0, "seed": "", "players": [],
    ...        "client_seed": None, "turn_seconds": None, "started_by": None, "made_by": None}
    >>> table_fault(row, {}, None)
    'seats is 1000000000; White Elephant is for 3 to 8 players'
    >>> table_fault(row | {"seats": 3, "bot_delay": "slow"}, {}, None)
    "bot_delay is 'slow'; it is the seconds a move stays on show before a bot's, from 0 to 30"
    >>> table_fault(row | {"seats": 3}, {5: {"name": "Ana", "bot": None, "token_hash": None, "person": None}}, None)
    'a seat row has seat 5; the table has seats 0 to 2'
    >>> table_fault(row | {"seats": 3}, {}, None) is None
    True
"""

from __future__ import annotations

import math
import reprlib
from collections.abc import Callable, Mapping
from string import hexdigits
from typing import Any

from ...core import get_game
from ...core.registry import all_games
from .. import CODE_ALPHABET, CODE_LENGTH, LONGEST_BOT_DELAY, LONGEST_TURN, MOST_SEATS
from ..frames import OVER, PLAYING, WAITING
from ..housesets import SET_NAME_LENGTH as MOST_SET_NAME

Check = tuple[str, Callable[[Any, Any], bool], str]
"""One column's check: its name, whether a value is fit (given the value and what it is read
with: the table's game, or nothing), and what the column holds, in words (a format string that
may name that game, ``{game.title}``, and the words :func:`fault` is given)."""


def _whole(value: Any) -> bool:
    return type(value) is int


def _number(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def _text(value: Any) -> bool:
    return type(value) is str


def _text_or_none(value: Any) -> bool:
    return value is None or type(value) is str


def _flag(value: Any) -> bool:
    return type(value) is int and value in (0, 1)


def hex32(value: Any) -> bool:
    """True for 32 bytes in hex: a token's SHA-256 hash as the store keeps it
    (:func:`yule.netplay.host.store.hash_token`), or a secret (:meth:`yule.netplay.host.store.Store.secret`)."""
    return type(value) is str and len(value) == 64 and all(c in hexdigits for c in value)


def _hash_or_none(value: Any) -> bool:
    return value is None or hex32(value)


def _names(value: Any) -> bool:
    return type(value) is list and all(type(name) is str for name in value)


HASHED = "it is a token's SHA-256 hash in hex, or nothing"

TABLE_CHECKS: tuple[Check, ...] = (
    ("seats", lambda v, g: _whole(v) and g.min_players <= v <= g.max_players,
     "{game.title} is for {game.min_players} to {game.max_players} players"),
    ("options", lambda v, g: type(v) is dict, "they are a JSON object"),
    ("open", lambda v, g: _flag(v), "it is 1 for an open table, 0 for a private one"),
    ("code", lambda v, g: _text(v) and len(v) == CODE_LENGTH and all(c in CODE_ALPHABET for c in v),
     f"a join code is {CODE_LENGTH} of {CODE_ALPHABET}"),
    ("bot_delay", lambda v, g: _number(v) and 0 <= v <= LONGEST_BOT_DELAY,
     f"it is the seconds a move stays on show before a bot's, from 0 to {LONGEST_BOT_DELAY:g}"),
    ("status", lambda v, g: v in (WAITING, PLAYING, OVER), f"it is {WAITING}, {PLAYING} or {OVER}"),
    ("game_no", lambda v, g: _whole(v) and v >= 0, "it counts the table's games, from 0"),
    ("seed", lambda v, g: _text(v), "it is text"),
    ("players", lambda v, g: _names(v), "they are the names of its players, a JSON list of text"),
    ("client_seed", lambda v, g: _text_or_none(v), "it is text, or nothing"),
    ("turn_seconds", lambda v, g: v is None or (_number(v) and 0 < v <= LONGEST_TURN),
     f"it is a turn timer's seconds, up to {LONGEST_TURN:g}, or nothing"),
    ("started_by", lambda v, g: _text_or_none(v), "it is text, or nothing"),
    ("made_by", lambda v, g: _text_or_none(v), "it is text, or nothing"),
)  # fmt: skip
"""A stored table's columns (read from JSON where they are JSON), each checked with its game."""

SEAT_CHECKS: tuple[Check, ...] = (
    ("name", lambda v, g: _text(v), "it is text"),
    ("bot", lambda v, g: v is None or v in g.bots, "it is one of {game.title}'s bots ({bots}), or nothing"),
    ("token_hash", lambda v, g: _hash_or_none(v), HASHED),
    ("person", lambda v, g: _hash_or_none(v), HASHED),
)
"""A stored seat's columns, checked with its table's game."""

ORGANISER_CHECKS: tuple[Check, ...] = (
    ("token_hash", lambda v, g: hex32(v), "it is the organiser token's SHA-256 hash in hex"),
    ("organised", lambda v, g: _flag(v), "it is 1 in organiser mode, else 0"),
    ("creator", lambda v, g: _hash_or_none(v), "it is the creator's person token's SHA-256 hash in hex, or nothing"),
)
"""A table's stored organiser, checked with its table's game."""

RESULT_CHECKS: tuple[Check, ...] = (
    ("table", lambda v, r: _whole(v), "it is a table's number"),
    ("game_no", lambda v, r: _whole(v) and v >= 0, "it is the table's game, from 0"),
    ("game", lambda v, r: _text(v), "it is a game's name"),
    ("seat", lambda v, r: _whole(v) and 0 <= v < MOST_SEATS, f"it is a seat, from 0 to {MOST_SEATS - 1}"),
    ("person", lambda v, r: _hash_or_none(v), HASHED),
    ("name", lambda v, r: _text(v), "it is text"),
    ("bot", lambda v, r: _text_or_none(v), "it is a bot's kind, or nothing"),
    ("score", lambda v, r: v is None or _whole(v), "it is a whole number, or nothing"),
    ("place", lambda v, r: v is None or (_whole(v) and 1 <= v <= MOST_SEATS),
     f"it is a place, from 1 to {MOST_SEATS}, or nothing"),
    ("share", lambda v, r: _number(v) and 0 <= v <= 1, "it is a share of the win, from 0 to 1"),
    ("open", lambda v, r: _flag(v), "it is 1 for an open table, 0 for a private one"),
    ("ended", lambda v, r: _number(v), "it is when the game ended (Unix time)"),
)  # fmt: skip
"""A stored result's columns (:class:`yule.netplay.host.store.Result`), each checked alone."""

CHAT_CHECKS: tuple[Check, ...] = (
    ("seat", lambda v, r: v is None or (_whole(v) and 0 <= v < MOST_SEATS),
     f"it is the speaker's seat, from 0 to {MOST_SEATS - 1}, or nothing"),
    ("name", lambda v, r: _text(v), "it is text"),
    ("text", lambda v, r: _text(v), "it is text"),
    ("game_no", lambda v, r: v is None or (_whole(v) and v >= 0), "it is the table's game, from 0, or nothing"),
    ("seq", lambda v, r: v is None or (_whole(v) and v >= 0), "it is a number of moves, from 0, or nothing"),
)  # fmt: skip
"""A stored chat line's columns (:class:`yule.netplay.host.store.ChatRow`), each checked alone."""

PACE_CHECKS: tuple[Check, ...] = (
    ("game", lambda v, r: _text(v), "it is a game's name"),
    ("seconds", lambda v, r: _number(v) and v > 0, "it is the seconds a turn takes, more than 0"),
    ("turns", lambda v, r: _whole(v) and v >= 0, "it is the turns seen, from 0"),
)
"""A stored pace's columns (:class:`yule.core.estimate.Pace`), each checked alone."""

_shown = reprlib.Repr()
_shown.maxstring = _shown.maxother = 40


def shown(value: Any) -> str:
    """A stored value as a sentence shows it: as Python writes it, cut short when long.

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
    """
    return _shown.repr(value)


def fault(checks: tuple[Check, ...], row: Mapping[str, Any], context: Any, **words: Any) -> str | None:
    """What is wrong with the first column of ``row`` that fails its check (read with
    ``context``), in a sentence: the column, its value, what it holds (``words`` fill the
    sentence in); None when every column passes."""
    for column, fit, holds in checks:
        value = row[column]
        if not fit(value, context):
            return f"{column} is {shown(value)}; {holds.format(game=context, **words)}"
    return None


def table_fault(
    row: Mapping[str, Any], seats: Mapping[Any, Mapping[str, Any]], organiser: Mapping[str, Any] | None
) -> str | None:
    """What is wrong with a stored table, in a sentence; None when it may be played on.

    ``row``: its columns by name, as SQLite gives them back, ``options`` and ``players`` read
    from JSON; ``seats``: each stored seat's columns by its seat number as stored; ``organiser``:
    its organiser's columns, if it has one.  Its options are checked by its game
    (:meth:`yule.core.base.Game.check_options`); once a game has started, its players are one
    for each seat."""
    try:
        game = get_game(row["game"])
    except KeyError:
        known = ", ".join(g.name for g in all_games())
        return f"game is {shown(row['game'])}; it is one of the games this host has ({known})"
    why = fault(TABLE_CHECKS, row, game)
    if why is not None:
        return why
    try:
        game.check_options(row["options"])
    except (ValueError, TypeError) as e:  # BadOptions, or a game's check that did not expect the value
        return f"options is {shown(row['options'])}; {e}"
    size = row["seats"]
    if row["status"] != WAITING and len(row["players"]) != size:
        return f"players is {shown(row['players'])}; once a game started, they are one for each of its {size} seats"
    for seat, columns in seats.items():
        if not (_whole(seat) and 0 <= seat < size):
            return f"a seat row has seat {shown(seat)}; the table has seats 0 to {size - 1}"
        why = fault(SEAT_CHECKS, columns, game, bots=", ".join(game.bots))
        if why is not None:
            return f"seat {seat}'s {why}"
    if organiser is not None:
        why = fault(ORGANISER_CHECKS, organiser, game)
        if why is not None:
            return f"its organiser's {why}"
    return None


def result_fault(row: Mapping[str, Any]) -> str | None:
    """What is wrong with a stored result (its columns by name, as SQLite gives them back), in a
    sentence; None when the scoreboard may count it (the same for a chat line with
    :data:`CHAT_CHECKS`, a pace with :data:`PACE_CHECKS`: :func:`fault`).

    >>> result_fault({"table": 3, "game_no": 1, "game": "elf", "seat": 0, "person": None, "name": "Ana",
    ...               "bot": None, "score": 4, "place": 1000000000, "share": 1.0, "open": 1, "ended": 1.5})
    'place is 1000000000; it is a place, from 1 to 64, or nothing'
    """
    return fault(RESULT_CHECKS, row, None)


def _set_settings(value: Any) -> bool:
    """A set of house rules' settings as stored (:mod:`.housesets`): a JSON object with seats (a
    whole number), open (true or false), options (an object) and a turn timer (seconds, or nothing)."""
    if type(value) is not dict or set(value) != {"seats", "open", "options", "turn_seconds"}:
        return False
    timer = value["turn_seconds"]
    return (
        _whole(value["seats"])
        and type(value["open"]) is bool
        and type(value["options"]) is dict
        and (timer is None or (_number(timer) and 0 < timer <= LONGEST_TURN))
    )


SET_CHECKS: tuple[Check, ...] = (
    ("game", lambda v, r: _text(v) and v in {g.name for g in all_games()}, "it is the name of a game this host has"),
    ("folded", lambda v, r: _text(v) and v != "", "it is the set's name as names are compared"),
    ("name", lambda v, r: _text(v) and v != "" and len(v) <= MOST_SET_NAME, "it is a set's name, cleaned"),
    ("settings", lambda v, r: _set_settings(v),
     "they are a JSON object of seats, open, options and turn_seconds"),
    ("saved_by", lambda v, r: _text(v), "it is the name of who saved the set"),
    ("saved", lambda v, r: _number(v), "it is when the set was saved (Unix time)"),
)  # fmt: skip
"""A stored set of house rules' columns (:mod:`.housesets`; ``settings`` read from JSON), each
checked alone (its name cleaned again, and its settings fitted to its game, when it is read)."""
