"""A refusal of the host in the reader's language, worded here from its code and params.

The host refuses a request with a stable ``code`` and the facts it names (``params``:
:mod:`yule.netplay.refusal`, whose :data:`~yule.netplay.refusal.WORDING` says each in English,
once: those English templates are the catalogue's sentences, and a translation words the same
params).  A move the rules refuse (``illegal``) carries the rules' ``kind`` and facts; until a
game words its kinds here, it is said in the host's English (its ``message``), as is a code
this client does not know (a newer host's).

    >>> from .words import set_language
    >>> set_language("fr"); refusal("bad_seat", {"reason": "range", "seats": 4}, "")
    'Cette table a les places 0 à 3.'
    >>> set_language("en"); refusal("removed", {"name": "Ana", "minutes": 1}, "")
    'Ana freed your seat at this table: you may sit here again in 1 minute, or ask them.'
    >>> refusal("brand_new", {}, "The host's own words.")
    "The host's own words."
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..netplay.client import OWN_CODES, ConnectionLost, HostError
from ..netplay.refusal import ENDS, RULES, template
from .text import literal
from .words import t


def refusal(code: str, params: Mapping[str, Any], message: str) -> str:
    """The refusal ``code`` with ``params`` in the app's language (``message``: the host's
    English, said when this client cannot word it)."""
    if code in OWN_CODES:
        return t(OWN_CODES[code], **params)
    if code == "reclaim_refused":
        return request_ended(params)
    try:
        words = template(code, params.get("reason"))
    except KeyError:
        return message
    if words is RULES or words is None:
        return message
    return t(words, **params)


def request_ended(ended: Mapping[str, Any]) -> str:
    """How a request for a seat ended (``reclaim_refused``, ``reclaim_over``), in the app's language."""
    key = f"{ended['outcome']} {ended['detail']}" if ended.get("detail") else ended["outcome"]
    if key not in ENDS:
        return str(ended.get("message", ""))
    return t(ENDS[key], **{**ended, "by": ended.get("by") or t("the host's owner")})


def said(error: HostError) -> str:
    """A :class:`~yule.netplay.client.HostError` in the app's language, made literal (the names
    in it are people's)."""
    return literal(refusal(error.code, error.params, error.message))


def frame_said(frame: Mapping[str, Any]) -> str:
    """An error frame in the app's language, made literal."""
    return literal(refusal(frame["code"], frame.get("params") or {}, frame["message"]))


def failed(error: HostError | ConnectionLost) -> str:
    """Why a request came to nothing, in the app's language and literal: the host's refusal, or
    the connection lost."""
    if isinstance(error, ConnectionLost):
        return t("The connection to the host was lost: try again once it is back.")
    return said(error)
