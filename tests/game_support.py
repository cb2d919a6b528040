"""Helpers for the tests of every game (imported by name: ``tests/`` is on the import path of
every test folder): what a JSON-like view or event names, what a seat was shown along a record,
a record's moves with two hidden things swapped, and the source of a module compiled or not."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from yule.core.records import replay


def source_of(module: ModuleType) -> Path:
    """The ``.py`` file of an installed module: a module mypyc compiled (setup.py) is an extension
    whose source ships beside it (``state.cpython-311-x86_64-linux-gnu.so``: ``state.py``), and
    keeps neither its docstrings nor its annotations."""
    file = Path(module.__file__ or "")
    return file.with_name(file.name.split(".")[0] + ".py")


def strings_in(value: Any) -> set[str]:
    """Every string anywhere in a JSON-like value (keys included): what a view, an event or a
    frame names."""
    out: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.add(item)
        elif isinstance(item, Mapping):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return out


def seen_by(record: Mapping[str, Any], upto: int, seat: int | None) -> set[str]:
    """Every string the seat's views (``None``: the spectator's) and the public events showed it
    in the first ``upto`` moves of a record."""
    session = replay(record, upto=0)
    seen = strings_in(session.state.view(seat))
    for move in record["moves"][:upto]:
        seen |= strings_in(session.apply(move))
        seen |= strings_in(session.state.view(seat))
    return seen


def values_swapped(value: Any, a: str, b: str) -> Any:
    """``value`` with the strings ``a`` and ``b`` exchanged wherever one is a value (not a key,
    not a move's ``type``)."""
    if isinstance(value, dict):
        return {k: v if k == "type" else values_swapped(v, a, b) for k, v in value.items()}
    if isinstance(value, list):
        return [values_swapped(v, a, b) for v in value]
    return b if value == a else a if value == b else value


def logged(table: Any, entries: list[Mapping[str, Any]]) -> list[str]:
    """Log entries of a host's ``table`` as an English client words them (``yule.tui.logwords``):
    the host sends events, never their words."""
    from yule.tui.logwords import describe

    return [describe(table.game.name, entry["event"], list(table.players)) for entry in entries]
