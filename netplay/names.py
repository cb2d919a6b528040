"""The names people go by at the host: cleaned as they arrive, and never two at one table that
could pass for each other.

A name is shown as plain text on every screen (never as markup), so cleaning only takes out
what a terminal would act on or what would make one name read as another: escapes and control
characters, full-width and other compatibility forms (NFKC), a pile of combining marks.  Two
names at a table that look alike (:func:`look_alike`) are told apart by a number.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

from .chat import plain_line

NAME_LENGTH = 24
"""Longest name, in characters, once cleaned."""

MARKS_PER_LETTER = 2
"""Combining marks a name keeps on one letter (``é`` needs one, Vietnamese two); the rest go."""


def clean_name(raw: str, fallback: str = "Player") -> str:
    """A display name without terminal escapes or control characters, in its normal form (NFKC:
    full-width ``Ａｎａ`` is ``Ana``), with at most :data:`MARKS_PER_LETTER` combining marks on a
    letter, shortened; what else was typed stays as it was (every screen shows names as plain
    text, never as markup).

    >>> clean_name("\\x1b[31mEvil\\x1b[0m [bold]Bob[/]\\n")
    'Evil [bold]Bob[/]'
    >>> clean_name("\\u202eabc" + "x" * 40)
    'abcxxxxxxxxxxxxxxxxxxxxx'
    >>> clean_name("\\uff21na"), len(clean_name("Zalgo" + "\\u0301" * 20))
    ('Ana', 7)
    """
    kept: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFKC", plain_line(raw)):
        marks = marks + 1 if unicodedata.combining(ch) else 0
        if marks <= MARKS_PER_LETTER:
            kept.append(ch)
    text = "".join(kept)[:NAME_LENGTH].strip()
    return text or fallback


@functools.lru_cache(maxsize=4096)
def look_alike(one: str, other: str) -> bool:
    """Whether two names look alike, whatever their case: a letter from another script that looks
    like a Latin one (Cyrillic ``Аna`` beside ``Ana``), a digit for a letter (``B0b`` beside
    ``Bob``), ``rn`` for ``m``. Compared pairwise, each name read once from the left: the cost
    grows with the names' lengths, never with how many ways they could be read.

    >>> look_alike("\u0410na", "ana"), look_alike("B0b", "Bob"), look_alike("Ana", "Anna")
    (True, True, False)
    """
    from confusables import is_confusable  # its tables load when first needed: most names never are

    return bool(is_confusable(one.casefold(), other.casefold()))


def numbered(name: str, n: int) -> str:
    """``name`` with the number ``n`` after it, shortened to fit :data:`NAME_LENGTH`.

    >>> numbered("Ana", 2), numbered("x" * 30, 12)[-4:]
    ('Ana 2', 'x 12')
    """
    suffix = f" {n}"
    return name[: NAME_LENGTH - len(suffix)] + suffix


def unlike(name: str, taken: Iterable[str]) -> str:
    """``name``, or ``name 2``, ``name 3`` ... when it looks like one of the names ``taken``.

    >>> unlike("Ana", ["Ben"]), unlike("Ana", ["ana", "Ana 2"])
    ('Ana', 'Ana 3')
    """
    others = list(taken)
    candidate, n = name, 1
    while any(look_alike(candidate, other) for other in others):
        n += 1
        candidate = numbered(name, n)
    return candidate


def guest_names(guests: list[str] | None, seats: int, organised: bool) -> list[str]:
    """An organiser-mode table's guests for its ``seats``, cleaned (none: ``[]``); a guest list
    at a table not in organiser mode, a name that is missing, or one that looks like another's
    is refused (:class:`ValueError`, in words for the organiser), never renamed.

    >>> guest_names(["Ana", " Ben "], 2, organised=True)
    ['Ana', 'Ben']
    >>> guest_names(["Ana", "ANA"], 2, organised=True)
    Traceback (most recent call last):
    ...
    ValueError: Two guests are called Ana: give each a different name.
    """
    if guests is None:
        return []
    if not organised:
        raise ValueError("Guests are seated at creation in organiser mode only.")
    if len(guests) != seats:
        raise ValueError(f"Name each of the {seats} guests ({len(guests)} names given).")
    names: list[str] = []
    for raw in guests:
        name = clean_name(raw, "")
        if not name:
            raise ValueError("Every guest needs a name.")
        same = [n for n in names if look_alike(n, name)]
        if same:
            raise ValueError(f"Two guests are called {same[0]}: give each a different name.")
        names.append(name)
    return names


def name_problem(name: str) -> str | None:
    """What is wrong with a name given on the command line, in words (None: nothing).

    >>> name_problem("Ana"), name_problem("   ")
    (None, 'a name needs at least one letter or digit.')
    >>> name_problem("Annabelle-Marie Christina Fontaine")
    'a name has at most 24 characters; that one has 34.'
    """
    if not clean_name(name, ""):
        return "a name needs at least one letter or digit."
    if len(name.strip()) > NAME_LENGTH:
        return f"a name has at most {NAME_LENGTH} characters; that one has {len(name.strip())}."
    return None
