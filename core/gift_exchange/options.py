"""Gift Exchange options: names, defaults and checks (``yule-record/1`` writes all of them).

>>> check_options({"steal_limit": 2})["steal_limit"], check_options({})["final_swap"]
(2, True)
>>> check_options({"steal_limit": 0})
Traceback (most recent call last):
...
yule.core.base.BadOptions: steal_limit must be a whole number of at least 1, or null for no limit (got 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import BadOptions
from .reasons import REASONS

DEFAULT_OPTIONS: dict[str, Any] = {
    "steal_limit": 3,
    "no_steal_back": True,
    "max_steals_per_turn": None,
    "final_swap": True,
    "open_own": True,
    "steal_back_scope": "turn",
}
"""``steal_limit``: a gift is frozen once stolen this many times (None: never frozen).
``no_steal_back``: a seat may not take straight back a gift it lost in the same turn ...
``steal_back_scope``: ... any gift it lost this turn (``"turn"``), or only the one it lost
most recently (``"last"``, as other gift-exchange apps rule).
``max_steals_per_turn``: steals allowed in one turn (None: no cap).
``final_swap``: once every gift is open, the first player may swap.
``open_own``: a seat may open the gift it brought (when False, only if it is the last wrapped one)."""

_LIMITS = ("steal_limit", "max_steals_per_turn")
_FLAGS = ("no_steal_back", "final_swap", "open_own")
STEAL_BACK_SCOPES = {"turn": "every gift lost this turn", "last": "only the last gift lost"}
"""``steal_back_scope``'s values, in words: which gifts ``no_steal_back`` bars a seat from taking back."""


def check_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options with defaults filled in; :class:`BadOptions` for unknown keys or bad values."""
    if type(options) is dict and not options:
        return dict(DEFAULT_OPTIONS)
    if type(options) is not dict and not isinstance(options, Mapping):
        raise BadOptions(REASONS, "not_an_object")
    if not options.keys() <= DEFAULT_OPTIONS.keys():
        unknown = sorted(str(k) for k in options if k not in DEFAULT_OPTIONS)
        raise BadOptions(REASONS, "unknown_option", options=unknown, known=list(DEFAULT_OPTIONS))
    out = {**DEFAULT_OPTIONS, **options}
    for key in _LIMITS:
        value = out[key]
        if value is not None and (type(value) is not int or value < 1):
            raise BadOptions(REASONS, "whole_or_null", option=key, got=repr(value))
    for key in _FLAGS:
        if type(out[key]) is not bool:
            raise BadOptions(REASONS, "true_or_false", option=key, got=repr(out[key]))
    scope = out["steal_back_scope"]
    if type(scope) is not str or scope not in STEAL_BACK_SCOPES:
        raise BadOptions(REASONS, "one_of", option="steal_back_scope", choices=list(STEAL_BACK_SCOPES), got=repr(scope))
    return out
