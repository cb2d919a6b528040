"""Reading a move's fields from a record-form or wire-form dict, for every game's ``parse``.

Each reader raises :class:`~yule.core.base.MalformedMove` with a message that names the move and
the field, so a bad record or a bad frame says exactly what is wrong::

    >>> whole_number({"type": "trade", "target": "1"}, "target")
    Traceback (most recent call last):
    ...
    yule.core.base.MalformedMove: 'trade' needs a whole number in 'target'
    >>> names({"type": "take", "cards": ["mug-0", "socks-1"]}, "cards", "cards")
    ('mug-0', 'socks-1')
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .base import CHANCE, MalformedMove
from .reasons import GENERIC

_is_str = str.__instancecheck__
"""``_is_str(v)`` is ``isinstance(v, str)``, for ``map`` over a list."""
_SEQUENCES = (list, tuple)
"""What a list in a move may be: a list (JSON, msgpack) or a tuple."""


def mover(move: Any, chance_types: Collection[str], seat_types: Collection[str]) -> tuple[str, int | str]:
    """A move's ``type`` and ``by``, checked: chance moves are by ``"chance"``, others by a seat."""
    kind = move.get("type") if isinstance(move, dict) else None
    if not isinstance(kind, str):
        raise MalformedMove(GENERIC, "not_a_move")
    by = move.get("by")
    if kind in chance_types:
        if by != CHANCE:
            raise MalformedMove(GENERIC, "chance_move", type=kind)
        return kind, CHANCE
    if kind not in seat_types:
        raise MalformedMove(GENERIC, "unknown_type", type=kind)
    if type(by) is not int:
        raise MalformedMove(GENERIC, "by_seat", type=kind)
    return kind, by


def badly(move: dict[str, Any], key: str, need: str) -> MalformedMove:
    """The refusal of a move whose field ``key`` is missing or wrong: it needs ``need`` (a code
    of :data:`~yule.core.reasons.NEEDS`)."""
    return MalformedMove(GENERIC, "field", type=str(move.get("type")), field=key, need=need)


def whole_number(move: dict[str, Any], key: str, need: str = "number") -> int:
    value = move.get(key)
    if type(value) is not int:
        raise badly(move, key, need)
    return value


def text(move: dict[str, Any], key: str, need: str = "text") -> str:
    value = move.get(key)
    if not isinstance(value, str):
        raise badly(move, key, need)
    return value


def names(move: dict[str, Any], key: str, need: str = "names") -> tuple[str, ...]:
    """A list of strings (card ids, people ...) as a tuple."""
    value = move.get(key)
    if not isinstance(value, _SEQUENCES) or not all(map(_is_str, value)):
        raise badly(move, key, need)
    return tuple(value)


def numbers(move: dict[str, Any], key: str, need: str = "numbers") -> tuple[int, ...]:
    """A list of whole numbers (seats, values ...) as a tuple."""
    value = move.get(key)
    if not isinstance(value, _SEQUENCES) or not all(type(v) is int for v in value):
        raise badly(move, key, need)
    return tuple(value)


def name_rows(move: dict[str, Any], key: str, need: str = "rows") -> tuple[tuple[str, ...], ...]:
    """A list of lists of strings (hands, piles ...) as a tuple of tuples."""
    value = move.get(key)
    if isinstance(value, _SEQUENCES):
        rows = []
        for row in value:
            if not isinstance(row, _SEQUENCES) or not all(map(_is_str, row)):
                break
            rows.append(tuple(row))
        else:
            return tuple(rows)
    raise badly(move, key, need)
