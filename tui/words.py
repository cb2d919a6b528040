"""Every sentence a player reads, in their own language: gettext catalogues, one a language.

Why gettext (Python's own :mod:`gettext`, with Babel to extract, merge and compile the
catalogues): the English sentence stays in the code where it is used, so a screen reads as it
always did (``t("Tables")``); a catalogue is compiled to a ``.mo`` file that loads in a
millisecond (``yule play``'s first view must not wait for a language); plural forms are CLDR's,
written into each catalogue's header by Babel (French says ``0 cacahuète``: the singular for 0
and 1); lists follow CLDR's patterns (``Ana, Ben et Cy``), which the catalogue tool copies from
Babel into each catalogue (:func:`list_patterns`); numbers and percentages are Babel's.  What
gettext lacks, a name's grammatical form, the translator asks for in the sentence itself with a
format spec (:data:`FORMS`): German's genitive ``{who:gen}`` (``Anas``, ``Max'``), French's elided
``{who:de}`` (``d'Ana``, ``de Ben``).

A screen asks for words with :func:`t` (a sentence and its named values), :func:`tn` (a
count's sentence, singular and plural), :func:`tp` (a short word whose meaning depends on where
it stands, ``tp("card", "Max")``), and marks words worded later with :func:`N_` (module
constants, key labels: :class:`textual.binding.Binding` descriptions are extracted as they are
and worded by the footer as it draws).  Names people type and record ids are values, never
translated.

The language is one for the whole app (:func:`set_language`), chosen by :func:`choose_language`:
``--lang``, else the one the player chose before (their profile), else the system's
(``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them), else English.

The pseudo-locale :data:`PSEUDO` (as Android and Chromium test theirs) is English with every
letter accented, every sentence a third longer and marked ``⟦…⟧``: a screen drawn in it shows at
once what is still hard-coded (unmarked) and what does not fit.

    >>> set_language("fr"); seat(["Ana"], 3), and_list(["Ana", "Ben", "Cy"])
    ('Place 4', 'Ana, Ben et Cy')
    >>> _format("C'est au tour {who:de}.", {"who": "Ana"}), _format("{who:gen} Zug.", {"who": "Max"})
    ("C'est au tour d'Ana.", "Max' Zug.")
    >>> set_language("qps"); seat([], 0)
    '⟦Šéàţ 1~~~~~⟧'
    >>> set_language("en"); t("Seat {number}", number="{Ana}")
    'Seat {Ana}'
"""

from __future__ import annotations

import gettext
import os
import re
import string
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

LANGUAGES = {"en": "English", "fr": "Français", "de": "Deutsch"}
"""The languages Yule speaks, each by its own name (the lobby's language menu lists them)."""

PSEUDO = "qps"
"""The pseudo-locale (every English sentence marked and lengthened): for tests."""

LOCALES = Path(__file__).parent / "locales"
"""The catalogues: ``locales/<language>/LC_MESSAGES/yule.po`` (and the compiled ``.mo``)."""

DOMAIN = "yule"


def genitive(name: str) -> str:
    """German's genitive of a name: ``Anas``, ``Max'`` (after s, ß, x, z, tz or ce: an apostrophe).

    >>> genitive("Ana"), genitive("Max"), genitive("Fritz"), genitive("Grete")
    ('Anas', "Max'", "Fritz'", 'Gretes')
    """
    return f"{name}'" if re.search(r"(s|ß|x|z|ce)$", name, re.IGNORECASE) else f"{name}s"


_VOWEL = re.compile(r"[aeiouyàâäéèêëîïôöùûüœæ]", re.IGNORECASE)


def _elided(word: str, full: str) -> Callable[[str], str]:
    """French's ``word`` before a value, elided (``word`` less its last letter, an apostrophe)
    before a vowel: ``de`` gives ``d'Ana``, ``de Ben``.  (An ``h`` is left alone: whether it is
    mute is the word's own affair.)"""

    def form(value: str) -> str:
        return f"{word[:-1]}'{value}" if _VOWEL.match(value) else f"{full} {value}"

    return form


FORMS: dict[str, Callable[[str], str]] = {
    "gen": genitive,
    "de": _elided("de", "de"),
    "que": _elided("que", "que"),
    "le": _elided("le", "le"),
    "la": _elided("la", "la"),
}
"""The grammatical forms of a value a translation may ask for, by format spec: ``{who:gen}``
(German genitive), ``{who:de}``, ``{who:que}``, ``{gift:le}``, ``{gift:la}`` (French, elided
before a vowel)."""


UNITS: dict[str, Callable[[int], str]] = {}
"""A count with its word, asked for by format spec ``{minutes:~minute}`` (the host's and the
rules' refusals' templates count so): each unit's words below."""


class _Grammar(string.Formatter):
    """``str.format`` with :data:`FORMS` and :data:`UNITS` as format specs, and the conversions
    of the host's refusal templates: ``{game!t}`` a game's title from its record name,
    ``{bots!j}`` a list joined with commas, ``{seats!l}`` the last of that many seats (counted
    from 0).  A value is never parsed itself, so a name with braces in it is shown as it is."""

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "t":
            from ..core.registry import get_game

            return title(get_game(value))
        if conversion == "j":
            return ", ".join(map(str, value))
        if conversion == "l":
            return value - 1
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> Any:
        form = FORMS.get(format_spec)
        if form:
            return form(str(value))
        if format_spec.startswith("~"):
            return UNITS[format_spec[1:]](value)
        return super().format_field(value, format_spec)


_GRAMMAR = _Grammar()

PSEUDO_LETTERS = "àƀçđéƒĝĥîĵķĺɱñöþŕšţûŵýžÀƁÇĐÉĜĤÎĴĶĹÑÖŔŠŢÛŴÝŽ"
"""The letters the pseudo-locale writes in place of English ones (a test tells its words so)."""
_ACCENTED = str.maketrans("abcdefghijklmnoprstuwyzABCDEGHIJKLNORSTUWYZ", PSEUDO_LETTERS)


_KEEP = re.compile(r"(\{[^{}]*\}|\[[^\[\]]*\]|`[^`]*`|\\\S)")
"""What the pseudo-locale leaves as it is: a value (``{who}``), markup or a key (``[b]``,
``[Enter]``), code (`` `g5` ``), an escape."""
_LINE_START = re.compile(r"^(\s*(?:#+|\*|-|\d+\.|>)?\s*)")


def pseudo(text: str) -> str:
    """``text`` in the pseudo-locale: its words accented, each line lengthened by a third and
    marked ``⟦…⟧`` (a line's Markdown start, a value, markup and code left as they are).

    >>> pseudo("Roll the die")
    '⟦Ŕöĺĺ ţĥé đîé~~~~~⟧'
    >>> pseudo("# Your turn\\n* {who} rolls [b]{n}[/]")
    '# ⟦Ýöûŕ ţûŕñ~~~~⟧\\n* ⟦{who} ŕöĺĺš [b]{n}[/]~~~~~~~~⟧'
    """
    lines = []
    for line in text.split("\n"):
        start = _LINE_START.match(line)
        head = start.group(1) if start else ""
        body = line[len(head) :]
        if not body.strip():
            lines.append(line)
            continue
        parts = _KEEP.split(body)
        body = "".join(part if i % 2 else part.translate(_ACCENTED) for i, part in enumerate(parts))
        lines.append(f"{head}⟦{body}{'~' * (len(line) // 3 + 1)}⟧")
    return "\n".join(lines)


class _Pseudo(gettext.NullTranslations):
    """The pseudo-locale's catalogue: every English sentence through :func:`pseudo`."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


_catalogues: dict[str, gettext.NullTranslations] = {}
_language = "en"
_current: gettext.NullTranslations = gettext.NullTranslations()


def catalogue(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` (English's is empty: its sentences are the code's)."""
    found = _catalogues.get(language)
    if found is None:
        if language == PSEUDO:
            found = _Pseudo()
        elif language == "en":
            found = gettext.NullTranslations()
        else:
            with (LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as mo:
                found = gettext.GNUTranslations(mo)
        _catalogues[language] = found
    return found


def set_language(language: str) -> None:
    """Word every screen from now on in ``language`` (one of :data:`LANGUAGES`, or :data:`PSEUDO`)."""
    global _language, _current
    if language not in LANGUAGES and language != PSEUDO:
        raise ValueError(f"not a language Yule speaks: {language!r}")
    _current = catalogue(language)
    _language = language


def language() -> str:
    """The language the app speaks now."""
    return _language


def system_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the system asks for, as gettext reads it (``LANGUAGE``, a list, first; then
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``): the first Yule speaks; None when none is.

    >>> system_language({"LANG": "de_AT.UTF-8"}), system_language({"LANGUAGE": "pt:fr", "LANG": "de_DE"})
    ('de', 'fr')
    >>> system_language({"LANG": "C.UTF-8"}), system_language({})
    ('en', None)
    """
    environ = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in environ.get(variable, "").split(":"):
            code = re.split(r"[_.@-]", part, maxsplit=1)[0].lower()
            if code in ("c", "posix"):
                return "en"
            if code in LANGUAGES:
                return code
    return None


def choose_language(asked: str | None = None, remembered: str | None = None) -> str:
    """The language to speak: ``asked`` (``--lang``), else ``remembered`` (the profile's), else
    the system's, else English."""
    for choice in (asked, remembered, system_language()):
        if choice in LANGUAGES or choice == PSEUDO:
            return choice
    return "en"


def _format(text: str, params: Mapping[str, Any]) -> str:
    return _GRAMMAR.vformat(text, (), params) if params else text


def t(message: str, /, **params: Any) -> str:
    """``message`` in the app's language, its ``{values}`` filled in.  A translation whose
    values do not fit (a catalogue's mistake) is said in English rather than not at all."""
    translated = _current.gettext(message)
    try:
        return _format(translated, params)
    except (KeyError, IndexError, ValueError):
        return _format(message, params)


def tn(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """A count's sentence in the app's language, in the form the count takes there (``{n}`` is
    the count)."""
    translated = _current.ngettext(singular, plural, n)
    try:
        return _format(translated, {"n": n, **params})
    except (KeyError, IndexError, ValueError):
        return _format(singular if n == 1 else plural, {"n": n, **params})


def tp(context: str, message: str, /, **params: Any) -> str:
    """``message`` where its meaning depends on ``context`` (a card's name, a menu's word)."""
    translated = _current.pgettext(context, message)
    try:
        return _format(translated, params)
    except (KeyError, IndexError, ValueError):
        return _format(message, params)


def N_(message: str) -> str:
    """``message`` marked for the catalogue, worded later with :func:`t` (a module's constant)."""
    return message


def list_patterns() -> dict[str, str]:
    """The app's language's patterns for a list (CLDR's ``standard`` ones: ``2`` for two words,
    ``start``, ``middle`` and ``end`` for more), as its catalogue holds them: the catalogue tool
    copies them from Babel's CLDR data and checks they are still Babel's, so the app need not
    load Babel's locale data (tens of milliseconds) to word its first list."""
    return {
        "2": tp("list: two", "{0} and {1}"),
        "start": tp("list: start", "{0}, {1}"),
        "middle": tp("list: middle", "{0}, {1}"),
        "end": tp("list: end", "{0}, and {1}"),
    }


def and_list(words: Sequence[str]) -> str:
    """Words as a list in the app's language (CLDR's patterns: :func:`list_patterns`).

    >>> set_language("fr"); and_list(["Ana", "Ben", "Cy"]); set_language("qps"); and_list(["{a}", "Ben"])
    'Ana, Ben et Cy'
    '⟦{a} àñđ Ben~~~~⟧'
    >>> set_language("en"); and_list(["Ana", "Ben", "Cy"]), and_list(["Ana", "Ben"])
    ('Ana, Ben, and Cy', 'Ana and Ben')
    """
    if len(words) < 2:
        return "".join(words)
    patterns = list_patterns()
    if len(words) == 2:
        return patterns["2"].format(*words)
    text = patterns["end"].format(words[-2], words[-1])
    for word in reversed(words[1:-2]):
        text = patterns["middle"].format(word, text)
    return patterns["start"].format(words[0], text)


def number(n: float) -> str:
    """A number as the app's language writes it (``1,234.5``, ``1 234,5``, ``1.234,5``)."""
    if isinstance(n, int) and -1000 < n < 1000:
        return str(n)
    from babel.numbers import format_decimal

    return format_decimal(n, locale="en" if _language == PSEUDO else _language)


_TITLES = (
    N_("White Elephant"),
    N_("Gift Exchange"),
    N_("White Rabbit"),
    N_("Gift List"),
    N_("Elf: Journey from the North Pole"),
)
"""The games' titles (``Game.title`` in :mod:`yule.core.registry`), for the catalogue."""


def title(game: Any) -> str:
    """A game's title in the app's language, given the game (its ``title``) or the English title.

    >>> set_language("fr"); title("White Rabbit"); set_language("en")
    'Lapin blanc'
    """
    return t(game if isinstance(game, str) else game.title)


UNITS.update(
    minute=lambda n: tn("{n} minute", "{n} minutes", n),
    steal=lambda n: tn("{n} steal", "{n} steals", n),
    time=lambda n: tn("{n} time", "{n} times", n),
)


def bot_name(level: str, number: int) -> str:
    """A bot's name from its level and number (``Normal Bot 3``), as the app's language says it."""
    names = {
        "easy": lambda: t("Easy Bot {number}", number=number),
        "kind": lambda: t("Kind Bot {number}", number=number),
        "normal": lambda: t("Normal Bot {number}", number=number),
        "hard": lambda: t("Hard Bot {number}", number=number),
        "adapting": lambda: t("Adapting Bot {number}", number=number),
    }
    named = names.get(level)
    return named() if named else t("{kind} Bot {number}", kind=level.capitalize(), number=number)


def bots_name(kind: str) -> str:
    """The name of every bot of one kind together (a row of the evening's standings), worded from
    the level that seats that kind: ``Normal Bot`` for the greedy bot.

    >>> set_language("de"); bots_name("greedy"); set_language("en"); bots_name("fancy")
    'Normaler Bot'
    'Fancy Bot'
    """
    from ..core.bots import bot_level

    level = bot_level(kind)
    names = {
        "easy": lambda: t("Easy Bot"),
        "kind": lambda: t("Kind Bot"),
        "normal": lambda: t("Normal Bot"),
        "hard": lambda: t("Hard Bot"),
        "adapting": lambda: t("Adapting Bot"),
    }
    named = names.get(level)
    return named() if named else t("{kind} Bot", kind=level.capitalize())


def seat_label(seat: Mapping[str, Any]) -> str:
    """A taken seat's name in table info: a bot's worded from its level and number, a person's as it is."""
    if seat.get("bot") and "level" in seat and "number" in seat:
        return bot_name(seat["level"], seat["number"])
    return str(seat["name"])


def seat(names: Sequence[str], seat: int) -> str:
    """How a screen names a seat: its player's name, else (no name for it) its number (``Seat 4``)."""
    return names[seat] if 0 <= seat < len(names) and names[seat] else t("Seat {number}", number=seat + 1)


def localized(texts: Mapping[str, str]) -> str:
    """Of a text written for each language (``{"en": ..., "fr": ..., "de": ...}``, a game's
    rules), the app's language's; the pseudo-locale's is the English marked."""
    if _language == PSEUDO:
        return pseudo(texts["en"])
    return texts.get(_language) or texts["en"]


def percent(share: float) -> str:
    """A share as the app's language writes a percentage (``55%``, ``55 %``)."""
    from babel.numbers import format_percent

    return format_percent(share, locale="en" if _language == PSEUDO else _language)
