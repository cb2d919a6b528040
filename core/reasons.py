"""The rules' refusals as data: a kind, its facts, and one English template a kind.

A :class:`~yule.core.base.RulesError` carries no sentence: it names its game's table of reasons
(each game's ``reasons`` module, :attr:`yule.core.base.Game.reasons`), its ``kind`` and its
``facts``, and ``str(error)`` is the kind's template worded in English with the facts
(:func:`english`).  A client words the same kind and facts from the same template in its
player's language (the catalogue holds every game's templates: ``yule.tui.refusals``), so a
reason is written once, as data, and a view's ``actions`` and the host's error frames carry
only the kind and the facts.

A template is a :meth:`str.format` string over the facts, with these specs and conversions,
which every client words too:

* ``{seat:seat}`` a seat (0-based), ``Seat 3`` here, the player's name on a client;
* ``{gift:no}`` a number people count from 1, written ``#3``;
* ``{heading:heading}`` a compass heading (``N``, ``NE`` ...);
* ``{need:need}`` what a move's field needs (:data:`NEEDS`);
* ``{steals:~steal}`` a count and its word, in the plural but for one;
* ``{options!j}`` a list joined with commas, ``{cells!o}`` a list of alternatives (``or``);
* ``{game!t}`` a game's title from its record name;
* a game's own spec (:data:`WORDS`, ``{card:rabbit_card}``), which a client words with the
  game's own words.

    >>> english("There is no {seat:seat}.", {"seat": 3})
    'There is no Seat 4.'
    >>> english("You can't steal a frozen gift: gift {gift:no} has been stolen {steals:~time}.", {"gift": 2, "steals": 1})
    "You can't steal a frozen gift: gift #3 has been stolen 1 time."
    >>> english("'{type}' needs {need:need} in {field!r}", {"type": "trade", "need": "seat", "field": "target"})
    "'trade' needs a seat number in 'target'"
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from typing import Any

Reasons = Mapping[str, str]
"""A game's refusals: kind -> English template (see the module's docstring)."""

NEEDS: dict[str, str] = {
    "number": "a whole number",
    "numbers": "a list of whole numbers",
    "seat": "a seat number",
    "seats": "a list of seat numbers",
    "pile": "a pile number",
    "gift": "a gift number",
    "text": "text",
    "card": "a card name",
    "cards": "a list of card names",
    "names": "a list of names",
    "goals": "a list of Goal card names",
    "rows": "a list of lists of names",
    "card_rows": "a list of lists of card names",
    "heading": 'a heading ("N", "E", "S" or "W")',
    "cell": "a cell [x, y]",
    "direction": "a direction ('cw' or 'ccw')",
}
"""What a move's field needs, by the code a ``field`` refusal names in its ``need`` fact."""


def seat_name(seat: int) -> str:
    """How a reason names a seat: the rules know seat numbers, not the players' names.

    >>> seat_name(0)
    'Seat 1'
    """
    return f"Seat {seat + 1}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if abs(n) == 1 else 's'}"


WORDS: dict[str, Callable[[Any], str]] = {
    "seat": seat_name,
    "no": lambda number: f"#{number + 1}",
    "heading": str,
    "need": lambda need: NEEDS.get(need, str(need)),
}
"""The format specs of the templates, each worded in English.  A game adds its own here under a
name of its own (``rabbit_card``), and gives a client the same words in its language."""

GENERIC: dict[str, str] = {
    "not_a_move": "a move is an object with a 'type'",
    "chance_move": "'{type}' is a chance move (by 'chance'): the host draws it, not a seat",
    "unknown_type": "unknown move type {type!r}",
    "by_seat": "'{type}' is made by a seat number",
    "field": "'{type}' needs {need:need} in {field!r}",
    "not_understood": "That move is not understood.",
    "no_options": "{game!t} has no options (got {options!j})",
    "players": "{game!t} is for {least} to {most} players, not {players}",
}
"""The refusals every game shares, made by the code all games share (reading a move's fields,
a game's options and players, the host's reading of a move): each game's table holds them."""


def table(own: Mapping[str, str]) -> dict[str, str]:
    """A game's table of reasons: its ``own`` and the :data:`GENERIC` ones (which it may not
    word otherwise: the code that raises them does not know the game)."""
    clash = GENERIC.keys() & own.keys()
    if clash:
        raise ValueError(f"a game may not word the shared kinds otherwise: {sorted(clash)}")
    return {**own, **GENERIC}


class English(string.Formatter):
    """:meth:`str.format` with the specs and conversions of the templates, in English (the host's
    own refusals' templates are worded by it too: :mod:`yule.netplay.refusal`)."""

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "j":
            return ", ".join(map(str, value))
        if conversion == "o":
            return " or ".join(map(str, value))
        if conversion == "t":
            from .registry import get_game

            return get_game(value).title
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec.startswith("~"):
            return _plural(value, format_spec[1:])
        words = WORDS.get(format_spec)
        if words is not None:
            return words(value)
        return super().format_field(value, format_spec)


_ENGLISH = English()


def english(template: str, facts: Mapping[str, Any]) -> str:
    """``template`` worded in English with ``facts``."""
    return _ENGLISH.vformat(template, (), facts)


def fields(template: str) -> dict[str, str]:
    """The facts a template names, each with its spec (``""``: none); a fact named by an item
    (``{headings[0]:heading}``) with the spec of its items.

    >>> fields("{seat:seat} has no {card:rabbit_card} ({n}), {headings[1]:heading}")
    {'seat': 'seat', 'card': 'rabbit_card', 'n': '', 'headings': 'heading'}
    """
    return {name.split("[")[0].split(".")[0]: spec or "" for _, name, spec, _ in _ENGLISH.parse(template) if name}
