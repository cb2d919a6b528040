"""The names people go by at the host: cleaned as they arrive, and never two at one table that
could pass for each other, nor a person's that passes for a bot's.

A name is a nickname in the sense of RFC 8266 (PRECIS, RFC 8264), enforced with its
``NicknameCasePreserved`` profile (``precis-i18n``): full-width and other compatibility forms
mapped (NFKC: ``Ａｎａ`` is ``Ana``), every kind of space one ASCII space, runs of them one,
none at either end.  What the profile disallows is dropped, as terminal escapes and control
characters are (never the whole name refused for it): default-ignorable code points (zero-width
spaces and joiners, the combining grapheme joiner U+034F, variation selectors, tags, bidi
marks), the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) and every lone Hangul jamo (NFKC
makes ``ㅋ`` one; syllables such as ``홍`` are letters), unassigned and private-use ones.
On top of the profile, :func:`clean_name` drops what it lets through but a terminal draws as
nothing (:data:`BLANK`: the braille blank U+2800 ...), a combining mark that starts the name or a
word (it has no letter to sit on), and marks past :data:`MARKS_PER_LETTER` on one letter; and a
name left without a letter or a digit (Unicode categories L and N) is no name: the caller's
fallback, or refused.  So ``dee`` followed by U+2800, U+115F, U+3164 or U+034F is ``dee``.

Names are compared as the profile's ``NicknameCaseMapped`` form (case-folded) read through the
Unicode confusables (:func:`look_alike`): two names at a table that look alike are told apart
by a number (``dee 2`` beside ``Dee``), and a name that reads as one the host gives its bots
(:func:`bot_like`: ``Hard Bot 3``, anything with ``(bot)``) is not a person's.  A name is shown
as plain text on every screen (never as markup): ``[bold]`` is shown as typed.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from .refusal import RequestError

NAME_LENGTH = 24
"""Longest name, in characters, once cleaned."""

READ_LENGTH = 64
"""Characters of a name as typed that are read (the wire carries no more): a longer one, an SSH
user name say, costs no more to clean."""

MARKS_PER_LETTER = 2
"""Combining marks a name keeps on one letter (``é`` needs one, Vietnamese two); the rest go."""

BLANK = frozenset("\u2800\U0001d159\U00016fe4")
"""Code points the profile allows that draw nothing: the braille pattern blank (U+2800), the
musical null notehead (U+1D159) and the Khitan small script filler (U+16FE4).  The others that
draw nothing (spaces but the one between words, fillers, default-ignorable code points) the
profile maps or disallows already."""

_ROUNDS = 4
"""Times the cleaning is applied at most until it changes nothing more (twice, as a rule: a
code point dropped may let the next ones compose); a name that has not settled by then is no
name."""


_ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|[@-Z\\-_])")


def plain_line(raw: str) -> str:
    """Typed text as one line that cannot steer a terminal: escape sequences and control
    characters removed, each run of whitespace one space, none at either end (a name before it is
    cleaned further, a chat line: :mod:`.host.chat`).

    >>> plain_line("\\u202eabc\\x07 \\x1b]0;title\\x07 x")
    'abc x'
    """
    text = _ESCAPES.sub("", raw)
    text = "".join(" " if ch.isspace() else ch for ch in text if ch.isspace() or unicodedata.category(ch)[0] != "C")
    return " ".join(text.split())


@functools.cache
def _shown() -> Any:
    """RFC 8266's nickname profile for names as shown, case preserved (loaded when first needed:
    never for a name in printable ASCII)."""
    from precis_i18n import get_profile

    return get_profile("NicknameCasePreserved")


@functools.cache
def _compared() -> Any:
    """RFC 8266's nickname profile for names as compared, case-folded."""
    from precis_i18n import get_profile

    return get_profile("NicknameCaseMapped:CaseFold")


def _profiled(text: str) -> str:
    """``text`` through the profile for names as shown, each code point it disallows dropped (""
    when nothing is left): the profile's refusal names the code point (its ``start``, in the
    text as mapped and normalised, its ``object``), which goes, and the rest is tried again."""
    if text.isascii() and text.isprintable():  # the profile allows it all and maps none of it but spaces
        return " ".join(text.split())
    profile = _shown()
    for _ in range(READ_LENGTH + 1):  # a code point fewer each time
        try:
            return str(profile.enforce(text))
        except UnicodeEncodeError as refused:
            if refused.reason.endswith("/empty"):
                return ""
            mapped = str(refused.object)
            text = mapped[: refused.start] + mapped[refused.end :]
    return ""


def _drawn(text: str) -> str:
    """``text`` without what draws nothing (:data:`BLANK`), without a combining mark that starts
    it or a word, and with at most :data:`MARKS_PER_LETTER` combining marks on a letter."""
    kept: list[str] = []
    marks = 0
    for ch in text:
        if ch in BLANK:
            continue
        if unicodedata.category(ch)[0] == "M" and (not kept or kept[-1] == " "):
            continue
        marks = marks + 1 if unicodedata.combining(ch) else 0
        if marks <= MARKS_PER_LETTER:
            kept.append(ch)
    return " ".join("".join(kept).split())


def _has_letter_or_digit(text: str) -> bool:
    return any(unicodedata.category(ch)[0] in "LN" for ch in text)


def clean_name(raw: str, fallback: str = "Player") -> str:
    """A display name (see the module docstring): without terminal escapes, control characters
    or what the nickname profile disallows, mapped and normalised by it (NFKC: full-width
    ``Ａｎａ`` is ``Ana``), without what draws nothing, a combining mark with no letter to sit on
    or more than :data:`MARKS_PER_LETTER` on one, shortened; what else was typed stays as it was
    (every screen shows names as plain text, never as markup).  Without a letter or a digit left,
    ``fallback``.  Cleaning a clean name changes nothing.

    >>> clean_name("\\x1b[31mEvil\\x1b[0m [bold]Bob[/]\\n")
    'Evil [bold]Bob[/]'
    >>> clean_name("\\u202eabc" + "x" * 40)
    'abcxxxxxxxxxxxxxxxxxxxxx'
    >>> clean_name("\\uff21na"), len(clean_name("Zalgo" + "\\u0301" * 20))
    ('Ana', 7)
    >>> [clean_name("dee" + ch) for ch in "\\u2800\\u115f\\u3164\\u034f"]
    ['dee', 'dee', 'dee', 'dee']
    >>> clean_name("\\u2800"), clean_name("\\u0301a \\u0301b", ""), clean_name("---", "")
    ('Player', 'a b', '')
    """
    text = plain_line(raw)[:READ_LENGTH]
    for _ in range(_ROUNDS):
        settled = " ".join(_drawn(_profiled(text))[:NAME_LENGTH].split())
        if settled == text:
            break
        text = settled
    else:
        text = ""
    return text if _has_letter_or_digit(text) else fallback


@functools.lru_cache(maxsize=4096)
def folded(name: str) -> str:
    """A name as names are compared: cleaned, then case-folded by the profile
    (``NicknameCaseMapped``); "" when it is no name.

    >>> folded("Straße\\u2800"), folded("ＤＥＥ"), folded("\\u3164")
    ('strasse', 'dee', '')
    """
    cleaned = clean_name(name, "")
    if not cleaned:
        return ""
    try:
        return cleaned.casefold() if cleaned.isascii() else str(_compared().enforce(cleaned))
    except UnicodeEncodeError:  # the clean name, case-folded, is no longer a nickname: compared as it is
        return cleaned.casefold()


@functools.lru_cache(maxsize=4096)
def look_alike(one: str, other: str) -> bool:
    """Whether two names look alike, compared as :func:`folded` (whatever their case, whatever
    cleaning drops): a letter from another script that looks like a Latin one (Cyrillic ``Аna``
    beside ``Ana``), a digit for a letter (``B0b`` beside ``Bob``), ``rn`` for ``m``.  Compared
    pairwise, each name read once from the left: the cost grows with the names' lengths, never
    with how many ways they could be read.

    >>> look_alike("\u0410na", "ana"), look_alike("B0b", "Bob"), look_alike("Ana", "Anna")
    (True, True, False)
    >>> look_alike("dee\u2800", "Dee")
    True
    """
    from confusables import is_confusable  # its tables load when first needed: most names never are

    return bool(is_confusable(folded(one), folded(other)))


BOT_NAMES = "the name of one of the host's bots (like Hard Bot 2, or any name with (bot) in it)"
"""What a name :func:`bot_like` reads as, in words: no person may take it."""


def bot_refusal(name: str) -> str:
    """Why a person may not go by ``name``, a name :func:`bot_like`, as the host (``bad_name``)
    and the SSH door say it.

    >>> bot_refusal("Hard Bot")
    "Hard Bot reads as the name of one of the host's bots (like Hard Bot 2, or any name with (bot) in it): choose another name."
    """
    return RequestError("bad_name", reason="bot", name=name).message


@functools.cache
def _bot_names() -> tuple[str, ...]:
    """The host's bots' names without their seat's number, as compared: ``easybot``,
    ``kindbot`` ... (one for each level of :data:`~yule.core.bots.BOT_LEVELS`)."""
    from ..core.bots import BOT_LEVELS, bot_title

    return tuple(folded(f"{bot_title(kind)}Bot") for kind, _ in BOT_LEVELS.values())


@functools.lru_cache(maxsize=1024)
def bot_like(name: str) -> bool:
    """Whether ``name`` reads as a name the host gives its bots, so no person may take it:
    ``<Title> Bot`` or ``<Title> Bot <n>`` (``Hard Bot 3``: :func:`~yule.core.bots.bot_title`,
    one for each level of bots), in any case, with or without its spaces, its number or
    ``(bot)`` after it, or a look-alike of one (:func:`look_alike`); and any name with
    ``(bot)`` in it, as clients show a bot's name.

    >>> [bot_like(n) for n in ("Hard Bot 9 (bot)", "hard bot", "Normal Bot 3", "N0rmal B\u043et12", "Eve (bot)")]
    [True, True, True, True, True]
    >>> [bot_like(n) for n in ("Hard 1", "Bot", "Robot", "Hardy Bott", "Abbot 2")]
    [False, False, False, False, False]
    """
    from confusables import confusable_characters, is_confusable

    squeezed = folded(name).replace(" ", "")
    opening = confusable_characters("(")
    if any(
        is_confusable(squeezed[i:j], "(bot)")
        for i in range(len(squeezed))
        if squeezed[i] in opening
        for j in range(i + 3, min(i + 10, len(squeezed)) + 1)
    ):
        return True
    bots = _bot_names()
    for end in range(len(squeezed), -1, -1):  # a number after it (or what reads as one: l0 for 10)
        if any(is_confusable(squeezed[:end], bot) for bot in bots):
            return True
        if end and not _digit_like(squeezed[end - 1]):
            return False
    return False


@functools.lru_cache(maxsize=256)
def _digit_like(ch: str) -> bool:
    """Whether ``ch`` is a digit or reads as one (``l``, ``o``)."""
    from confusables import is_confusable

    return ch.isdigit() or any(is_confusable(ch, d) for d in "0123456789")


def numbered(name: str, n: int) -> str:
    """``name`` with the number ``n`` after it, shortened to fit :data:`NAME_LENGTH`.

    >>> numbered("Ana", 2), numbered("x" * 30, 12)[-4:]
    ('Ana 2', 'x 12')
    """
    suffix = f" {n}"
    return name[: NAME_LENGTH - len(suffix)].rstrip() + suffix


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
    is refused (``bad_options``), never renamed.

    >>> guest_names(["Ana", " Ben "], 2, organised=True)
    ['Ana', 'Ben']
    >>> guest_names(["Ana", "ANA"], 2, organised=True)
    Traceback (most recent call last):
    ...
    yule.netplay.refusal.RequestError: Two guests are called Ana: give each a different name.
    """
    if guests is None:
        return []
    if not organised:
        raise RequestError("bad_options", reason="guests_unorganised")
    if len(guests) != seats:
        raise RequestError("bad_options", reason="guest_count", seats=seats, given=len(guests))
    names: list[str] = []
    for raw in guests:
        name = clean_name(raw, "")
        if not name:
            raise RequestError("bad_options", reason="guest_unnamed")
        if bot_like(name):
            raise RequestError("bad_options", reason="guest_bot", name=name)
        same = [n for n in names if look_alike(n, name)]
        if same:
            raise RequestError("bad_options", reason="guests_alike", name=same[0])
        names.append(name)
    return names


def name_problem(name: str, *, bots: bool = True) -> str | None:
    """What is wrong with a name given on the command line or typed in the lobby, in words (None:
    nothing); a name it lets through is the name the host gives (:func:`clean_name`).
    ``bots=False`` leaves out whether it reads as a bot's (:func:`bot_like`, which loads the
    look-alikes' tables): for a name checked when it was typed, as the one a profile keeps (the
    host refuses a bot's name anyway, in words).

    >>> name_problem("Ana"), name_problem("   ")
    (None, 'a name needs at least one letter or digit.')
    >>> name_problem("Annabelle-Marie Christina Fontaine")
    'a name has at most 24 characters; that one has 34.'
    >>> name_problem("\u2800")
    'a name needs at least one letter or digit.'
    >>> name_problem("Hard Bot 9 (bot)")
    "that name reads as the name of one of the host's bots (like Hard Bot 2, or any name with (bot) in it): choose another."
    """
    if not clean_name(name, ""):
        return "a name needs at least one letter or digit."
    if len(name.strip()) > NAME_LENGTH:
        return f"a name has at most {NAME_LENGTH} characters; that one has {len(name.strip())}."
    if bots and bot_like(name):
        return f"that name reads as {BOT_NAMES}: choose another."
    return None
