"""A refusal in the reader's language, worded here from its data: the host's and the rules'.

The host refuses a request with a stable ``code`` and the facts it names (``params``:
:mod:`yule.netplay.refusal`, whose :data:`~yule.netplay.refusal.WORDING` says each in English,
once: those English templates are the catalogue's sentences, and a translation words the same
params).  A move the rules refuse (``illegal``), and options they refuse (``bad_options`` with
reason ``rules``), carry the rules' ``kind`` and facts instead: they are worded from the game's
own table of reasons (:attr:`yule.core.base.Game.reasons`, whose English templates are the
catalogue's sentences too), as is a reason a view's ``actions`` give (:func:`action_reason`).
A kind the game does not know (a newer host's), or a refusal of the rules without its game, is
said in the host's English (its ``message``), as is a code this client does not know.

A rules template's specs (:mod:`yule.core.reasons`) are worded here: ``{seat:seat}`` a seat by
its player's name (``Seat 4`` for an empty one), ``{gift:no}`` ``#3``, ``{need:need}`` what a move's field needs, ``{n:~steal}`` a
count and its word, ``{cells!o}`` alternatives, and a game's own spec with the game's words
(:attr:`yule.tui.games.GameUI.reason_words`).  A value is worded before the translation is
filled in, so a translation may give a name its grammatical form (``{seat:de}``, ``{seat:gen}``).

    >>> from .words import set_language
    >>> set_language("fr"); refusal("bad_seat", {"reason": "range", "seats": 4}, "")
    'Cette table a les places 0 à 3.'
    >>> set_language("en"); refusal("removed", {"name": "Ana", "minutes": 1}, "")
    'Ana freed your seat at this table: you may sit here again in 1 minute, or ask them.'
    >>> refusal("brand_new", {}, "The host's own words.")
    "The host's own words."
    >>> refusal("illegal", {"kind": "no_gifts", "seat": 1}, "Seat 2 has no gifts ...", "white-elephant", ["Ana", "Ben"])
    'Ben has no gifts in front of them to trade for.'
    >>> rules_reason("gift-exchange", {"kind": "steal_cap", "most": 2})
    'No more steals this turn (2 steals already): open a gift.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core.reasons import GENERIC, NEEDS, fields
from ..netplay.client import OWN_CODES, ConnectionLost, HostError
from ..netplay.refusal import ENDS, RULES, template
from .text import literal
from .words import _Grammar, language, seat, t


def _need(need: object) -> str:
    """What a move's field needs (:data:`yule.core.reasons.NEEDS`), in the app's language."""
    words = NEEDS.get(str(need))
    return t(words) if words is not None else str(need)


class _Reasons(_Grammar):
    """The app's grammar (:mod:`yule.tui.words`) with the specs and conversions of the rules'
    templates: a value of one of ``words``' specs is worded before (:func:`rules_words`)."""

    def __init__(self, words: Mapping[str, Callable[[Any], str]]) -> None:
        self.words = words

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "o":
            from babel.lists import format_list

            items = [str(item) for item in value]
            if len(items) < 2:
                return "".join(items)
            return format_list(items, style="or", locale="en" if language() not in ("fr", "de") else language())
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec in self.words:
            return str(value)  # worded before the template was filled in
        return super().format_field(value, format_spec)


def _reasons(game: str | None) -> Mapping[str, str]:
    """The table of reasons of ``game`` (the shared ones without a game or for one unknown)."""
    if game is None:
        return GENERIC
    from ..core.registry import get_game

    try:
        return get_game(game).reasons
    except KeyError:
        return GENERIC


def _game_words(game: str | None) -> Mapping[str, Callable[[Any], str]]:
    if game is None:
        return {}
    from .games import GAME_UIS

    try:
        return GAME_UIS[game].reason_words
    except KeyError:
        return {}


def rules_words(game: str | None, reason: Mapping[str, Any], names: Sequence[str] = ()) -> str | None:
    """A refusal of ``game``'s rules (its ``kind`` and facts: a view's reason, an ``illegal``
    refusal's params) in the app's language, seats by ``names``; ``None`` when ``game``'s table
    does not know the kind."""
    kind = reason.get("kind")
    english = _reasons(game).get(kind) if isinstance(kind, str) else None
    if english is None:
        return None
    words: dict[str, Callable[[Any], str]] = {
        "seat": lambda s: seat(names, s),
        "no": lambda n: f"#{n + 1}",
        "need": _need,
        **_game_words(game),
    }
    facts = {key: value for key, value in reason.items() if key != "kind"}
    for name, spec in fields(english).items():  # worded first: a translation may add a form
        word = words.get(spec)
        if word is not None and name in facts:
            value = facts[name]
            facts[name] = [word(v) for v in value] if isinstance(value, list) else word(value)
    grammar = _Reasons(words)
    try:
        return grammar.vformat(t(english), (), facts)
    except (KeyError, IndexError, ValueError, TypeError):
        try:
            return grammar.vformat(english, (), facts)
        except (KeyError, IndexError, ValueError, TypeError):
            return None


def rules_reason(game: str | None, reason: Mapping[str, Any] | str, names: Sequence[str] = ()) -> str:
    """A reason a view's ``actions`` give (see :func:`rules_words`), in the app's language; an
    older host's English is said as it is, a kind unknown here in general words."""
    if isinstance(reason, str):
        return reason
    return rules_words(game, reason, names) or t("That is not possible now.")


def action_reason(view: Mapping[str, Any], action: str, names: Sequence[str] = ()) -> str | None:
    """Why the view's ``actions`` do not allow the move ``action``, in the app's language
    (``None``: they do).

    >>> action_reason({"game": "elf", "actions": {"play": None, "end": {"kind": "must_play"}}}, "end")
    'Play at least one card before ending your turn.'
    """
    actions = view.get("actions") or {}
    if action not in actions:
        return t("That is not possible now.")
    why = actions[action]
    return None if why is None else rules_reason(view.get("game"), why, names)


def refusal(
    code: str, params: Mapping[str, Any], message: str, game: str | None = None, names: Sequence[str] = ()
) -> str:
    """The refusal ``code`` with ``params`` in the app's language (``message``: the host's
    English, said when this client cannot word it).  A refusal of the rules is worded from
    ``game``'s reasons, its seats by ``names``."""
    if code in OWN_CODES:
        return t(OWN_CODES[code], **params)
    if code == "reclaim_refused":
        return request_ended(params)
    try:
        words = template(code, params.get("reason"))
    except KeyError:
        return message
    if words is RULES:
        return rules_words(game, params, names) or message
    if words is None:
        return message
    return t(words, **params)


def request_ended(ended: Mapping[str, Any]) -> str:
    """How a request for a seat ended (``reclaim_refused``, ``reclaim_over``), in the app's language."""
    key = f"{ended['outcome']} {ended['detail']}" if ended.get("detail") else ended["outcome"]
    if key not in ENDS:
        return str(ended.get("message", ""))
    return t(ENDS[key], **{**ended, "by": ended.get("by") or t("the host's owner")})


def said(error: HostError, game: str | None = None, names: Sequence[str] = ()) -> str:
    """A :class:`~yule.netplay.client.HostError` in the app's language, made literal (the names
    in it are people's); ``game`` and ``names``: the table's, for a move the rules refuse."""
    return literal(refusal(error.code, error.params, error.message, game, names))


def frame_said(frame: Mapping[str, Any], game: str | None = None, names: Sequence[str] = ()) -> str:
    """An error frame in the app's language, made literal (see :func:`said`)."""
    return literal(refusal(frame["code"], frame.get("params") or {}, frame["message"], game, names))


def failed(error: HostError | ConnectionLost) -> str:
    """Why a request came to nothing, in the app's language and literal: the host's refusal, or
    the connection lost."""
    if isinstance(error, ConnectionLost):
        return t("The connection to the host was lost: try again once it is back.")
    return said(error)
