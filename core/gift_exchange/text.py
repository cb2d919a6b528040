"""Gift labels and wrapping descriptions: what a guest may type, and a few silly examples.

A **label** says what the gift is ("Waffle maker").  It stays secret until the gift is opened;
it may be left empty when the gift is brought and then is named at the reveal (organiser mode).
A **wrapping** is the public description of the parcel ("small box, gold paper").

Both are plain one-line text: surrounding spaces are stripped when a move is parsed, a label has
at most :data:`LABEL_MAX` characters and a wrapping at most :data:`WRAPPING_MAX`, and control
characters (line breaks, terminal escape codes, bidirectional overrides) are refused, so a
label shown on a screen is always shown literally.

    >>> text_problem("Waffle maker", "label", LABEL_MAX) is None
    True
    >>> text_problem("Waffle\\x1b[31m maker", "label", LABEL_MAX)
    "A gift's label can't contain control characters (line breaks, escape codes ...)."
    >>> text_problem("x" * 61, "label", LABEL_MAX)
    "A gift's label can be at most 60 characters long (this one has 61)."
"""

from __future__ import annotations

import unicodedata

from ..base import Fact
from ..reasons import english
from .reasons import REASONS

LABEL_MAX = 60
"""Longest gift label, in characters."""

WRAPPING_MAX = 40
"""Longest wrapping description, in characters."""

_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
"""Control characters, lone surrogates, line and paragraph separators."""

_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Characters that reorder the text around them on screen."""


def text_problem(text: str, what: str, limit: int) -> str | None:
    """Why ``text`` cannot be a gift's ``what`` ("label", "wrapping"), in English, or ``None``
    when it can.

    ``text`` is expected already stripped; surrounding spaces are a problem here too, so a
    move built by hand is held to the same standard as one parsed from the wire.

    >>> text_problem(" Socks", "label", LABEL_MAX)
    "A gift's label can't start or end with spaces."
    """
    fault = text_fault(text, what, limit)
    return None if fault is None else english(REASONS[fault[0]], fault[1])


def text_fault(text: str, what: str, limit: int) -> tuple[str, dict[str, Fact]] | None:
    """Why ``text`` cannot be a gift's ``what``, as data (the kind and facts of a
    :class:`~yule.core.base.RulesError`: ``label_too_long`` ...), or ``None`` when it can (see
    :func:`text_problem`).

    >>> text_fault("x" * 61, "label", LABEL_MAX)
    ('label_too_long', {'field': 'label', 'most': 60, 'length': 61})
    """
    if not isinstance(text, str):
        return f"{what}_not_text", {"field": what}
    if text != text.strip():
        return f"{what}_spaces", {"field": what}
    if len(text) > limit:
        return f"{what}_too_long", {"field": what, "most": limit, "length": len(text)}
    if text.isascii() and text.isprintable():
        return None  # no ASCII character that prints is refused
    for ch in text:
        if ch in _BIDI_CONTROLS or unicodedata.category(ch) in _REFUSED_CATEGORIES:
            return f"{what}_control", {"field": what}
    return None


def plain_gift(label: str, wrapping: str) -> bool:
    """True when a gift's label and wrapping are short enough, plain printable ASCII, without
    surrounding spaces: texts that :func:`text_problem` passes at once.

    >>> plain_gift("Waffle maker", "big box"), plain_gift("Waffle maker ", "big box"), plain_gift("Café", "big box")
    (True, False, False)
    """
    if type(label) is not str or type(wrapping) is not str or len(label) > LABEL_MAX or len(wrapping) > WRAPPING_MAX:
        return False
    both = label + wrapping
    return both.isascii() and both.isprintable() and label == label.strip() and wrapping == wrapping.strip()


SILLY_GIFTS = (
    "Waffle maker",
    "Heated blanket",
    "Board game",
    "Scented candle",
    "Novelty socks",
    "Singing fish",
    "Snow globe",
    "Fondue set",
    "Inflatable flamingo",
    "Cactus in a mug",
    "Bacon-scented soap",
    "Desk trampoline",
    "Glow-in-the-dark yo-yo",
    "Pizza cutter wheel",
    "Reindeer onesie",
    "Tiny karaoke machine",
)
"""Labels the bots bring (:func:`bot_label`), and name gifts brought without a label with."""

EDITIONS = ("", " (deluxe)", " (travel size)")
"""What tells apart two bots' gifts of one kind at a big table (:func:`bot_label`)."""


def bot_label(seat: int) -> str:
    """The label a bot brings from ``seat``: its seat decides it, so no two bots at a table bring
    the same (up to 48 seats; a bot cannot see what the others bring, labels are secret).

    >>> bot_label(0), bot_label(16), bot_label(33)
    ('Waffle maker', 'Waffle maker (deluxe)', 'Heated blanket (travel size)')
    """
    kinds = len(SILLY_GIFTS)
    return SILLY_GIFTS[seat % kinds] + EDITIONS[seat // kinds % len(EDITIONS)]


WRAPPINGS = (
    "small box, gold paper",
    "big red box",
    "lumpy bag with a bow",
    "flat parcel, snowmen",
    "tube in newspaper",
    "tin with a ribbon",
    "huge box, green stripes",
    "sock-shaped, tinfoil",
)
"""Wrapping descriptions the bots use."""
