"""Helpers for the tests of every game (imported by name: ``tests/`` is on the import path of
every test folder): what a JSON-like view or event names, and the check that a view's action
hints are the rules' own refusals."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from yule.core.base import GameState, refusal


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


def assert_hints_are_refusals(
    state: GameState[Any], seat: int, candidates: Mapping[str, Sequence[Any]], also_legal: Iterable[str] = ()
) -> None:
    """``seat``'s view offers exactly the kinds of move with a legal move among ``candidates``
    (plus ``also_legal``, kinds no candidate stands for), and every candidate of a refused kind
    is refused with the hint's own reason.

    ``candidates`` holds, for each kind, moves among which one is legal whenever any move of that
    kind is."""
    hints = state.view(seat)["actions"]
    legal = {kind for kind, moves in candidates.items() if any(state.can(m) for m in moves)} | set(also_legal)
    assert {kind for kind, reason in hints.items() if reason is None} == legal, hints
    for kind, reason in hints.items():
        if reason is not None and kind in candidates:
            assert {refusal(state.verify, m) for m in candidates[kind]} <= {reason}, (kind, hints)
