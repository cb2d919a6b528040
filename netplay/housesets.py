"""House rules kept on the host: a game's new-table settings saved under a name ("Grandma's rules"),
as both sides read them.

A **set** is what the new-table form holds for a game (its ``seats``, ``open``, ``options`` and
``turn_seconds``) under a name anyone at the host may pick later, from any terminal or SSH
guest: the host keeps them (:mod:`yule.netplay.host.housesets`), the client asks for a game's
list (``sets``), saves one (``save_set``) or deletes one (``delete_set``).  A family host: anyone
may replace a set by saving under its name again (``replace``, after a yes in their own form),
and anyone may delete one (after a yes in their own form).

A set's name is cleaned as a person's name is (:func:`yule.netplay.names.clean_name`: PRECIS,
at most :data:`SET_NAME_LENGTH` characters) and compared as names are (case-folded); it is
shown literally everywhere.  A name with control characters in it, one longer than
:data:`SET_NAME_LENGTH`, or one without a letter or a digit is refused (:func:`name_refusal`).

A game's options may change between versions: a set saved before opens with what still fits
the game now, the rest its defaults (:func:`fitted` says whether all of it fit; the form says
so when not).

    >>> from yule.core import get_game
    >>> game = get_game("gift-exchange")
    >>> settings, whole = fitted(game, {"seats": 6, "open": True, "options": {"steal_limit": 2, "gone": 1},
    ...                                 "turn_seconds": None})
    >>> settings["seats"], settings["options"]["steal_limit"], settings["options"]["final_swap"], whole
    (6, 2, True, False)
    >>> name_refusal("Grandma's rules"), name_refusal("a\\x07b"), name_refusal("  ")
    (None, ('control', {}), ('no_letter', {}))
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from . import LONGEST_TURN
from .names import NAME_LENGTH, clean_name

SET_NAME_LENGTH = NAME_LENGTH
"""The longest name a set may have (characters, as typed and once cleaned)."""

SETS_PER_GAME = 20
"""The most sets a host keeps for one game ..."""

SETS_PER_HOST = 200
"""... and for all its games together."""

SET_BYTES = 4096
"""The most bytes a set's settings take, as JSON (a game's options are far fewer)."""

SETTINGS = ("seats", "open", "options", "turn_seconds")
"""What a set holds: the new-table form's settings for its game."""


def name_refusal(raw: str) -> tuple[str, dict[str, Any]] | None:
    """Why ``raw`` cannot name a set (a ``bad_set_name`` reason and its params), or None."""
    if any(unicodedata.category(ch) == "Cc" for ch in raw):
        return "control", {}
    if len(raw.strip()) > SET_NAME_LENGTH:
        return "long", {"most": SET_NAME_LENGTH}
    if not clean_name(raw, ""):
        return "no_letter", {}
    return None


def set_name(raw: str) -> str:
    """A set's name as the host keeps and shows it (``raw`` passed :func:`name_refusal`)."""
    return clean_name(raw, "")


def fitted(game: Any, settings: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    """A set's ``settings`` as ``game`` takes them now, and whether all of them fit: a value the
    game does not take any more (an option it no longer has, a value out of its range) gives
    way to its default (seats: the nearest the game takes; no turn timer)."""
    whole = True
    seats = settings.get("seats")
    if not (type(seats) is int and game.min_players <= seats <= game.max_players):
        whole = False
        seats = max(game.min_players, min(game.max_players, seats)) if type(seats) is int else game.min_players
    open_ = settings.get("open")
    if type(open_) is not bool:
        whole, open_ = False, False
    timer = settings.get("turn_seconds")
    if timer is not None and not (type(timer) in (int, float) and 0 < timer <= LONGEST_TURN):
        whole, timer = False, None
    stored = settings.get("options")
    stored = stored if isinstance(stored, Mapping) else {}
    options = dict(game.default_options)
    if set(stored) - set(options) or not isinstance(settings.get("options"), Mapping):
        whole = False
    for key in options:
        if key not in stored:
            whole = False
            continue
        try:
            options = game.check_options({**options, key: stored[key]})
        except (ValueError, TypeError):
            whole = False
    return {"seats": seats, "open": open_, "options": options, "turn_seconds": timer}, whole


def same_settings(one: Mapping[str, Any], other: Mapping[str, Any]) -> bool:
    """Whether two games' settings are the same (a turn timer of 60 is one of 60.0)."""
    return all(one.get(key) == other.get(key) for key in SETTINGS)
