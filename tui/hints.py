"""A hint in the reader's language: what the strong bot would play, and why, worded here.

The rules' search (:func:`yule.core.ismcts.hint`) says what it found as data; this module words
it with the game's own words for a move (``GameUI.describe_move``, in ``tui/<game>/words.py``).

    >>> from yule.core.ismcts import Hint
    >>> say = lambda move, view, names: "open gift 2"
    >>> hint_text(Hint({"type": "open"}, forced=True), say, {}, [])
    'Open gift 2: it is the only move now.'
    >>> hint_text(Hint({}, games=40, won=0.55, next_best={}, next_won=0.3), say, {}, [])
    'Open gift 2. In 40 games the search played out from what you can see, you won 55% after this move, and 30% after the next best (open gift 2).'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.ismcts import Hint
from .words import number, percent, t

Describe = Callable[[dict[str, Any], Any, list[str]], str]
"""A game's words for a move (``GameUI.describe_move``): the move, the view, the names."""


def _sentence(words: str) -> str:
    return words[:1].upper() + words[1:]


def hint_text(found: Hint, describe: Describe, view: Any, names: list[str]) -> str:
    """A hint's words: the move, and how often the seat won after it against the next best."""
    move = describe(found.move, view, names)
    if found.forced:
        return t("{Move}: it is the only move now.", Move=_sentence(move))
    text = t(
        "{Move}. In {games} games the search played out from what you can see, you won {won} after this move",
        Move=_sentence(move),
        games=number(found.games),
        won=percent(found.won),
    )
    if found.next_best is None:
        return text + "."
    other = describe(found.next_best, view, names)
    values = {"other": other, "won": percent(found.next_won)}
    if found.next_won <= found.won:
        return text + t(", and {won} after the next best ({other}).", **values)
    if found.kept_usual:
        return text + t(
            "; {other} did about as well ({won}), no better in the same games, so the usual move stands.", **values
        )
    return text + t("; the next best, {other}, did about as well ({won}) in fewer games.", **values)
