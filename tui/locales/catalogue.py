"""Keeping the catalogues (a maintainer's tool, with Babel): ``python -m yule.tui.locales.catalogue``.

    update   find every sentence in core/, netplay/ and tui/ (Babel's extractor, with Yule's
             keywords: :data:`KEYWORDS`), merge them into each language's ``yule.po`` (new ones
             untranslated, ones no longer used dropped), take in the translations of
             ``parts/*.<language>.po`` where the catalogue has none, and compile each ``.mo``
    part AREA PATH...
             write ``parts/AREA.fr.po`` and ``parts/AREA.de.po`` with the sentences found in
             PATHs (files or folders of the repository), keeping what they already translate:
             a translator's file for one area
    check    say what is wrong, without writing: a sentence not translated, a translation whose
             ``{values}`` are not its sentence's, a ``.mo`` older than its ``.po``

A part (``parts/<area>.<language>.po``) is a translator's file for one area of the code, so
several people (or helpers) can translate at once without touching the same file; ``update``
takes it in, and it may then be deleted.  The tests run :func:`problems`: a sentence used in
code and missing from French or German fails them, and so does one translated and unused.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
"""The repository: core/, netplay/ and tui/ beside each other."""
SOURCES = ("core", "netplay", "tui")
TRANSLATED = ("fr", "de")
DOMAIN = "yule"

KEYWORDS = {
    "t": None,
    "N_": None,
    "tn": (1, 2),
    "tp": ((1, "c"), 2),
    "Binding": (3,),
}
"""The functions whose arguments are sentences (:mod:`yule.tui.words`), and a key's label (a
:class:`textual.binding.Binding`'s third argument)."""

_VALUE = re.compile(r"\{([^{}:!]*)[^{}]*\}")


def template(sources: tuple[str, ...] = SOURCES) -> Catalog:
    """Every sentence the code in ``sources`` (folders or files of the repository) asks for,
    with where it stands."""
    found = Catalog(domain=DOMAIN, project="Yule", fuzzy=False)
    for source in sources:
        if (ROOT / source).is_file():
            for lineno, message, comments, context in extract_from_file(
                "python", ROOT / source, keywords=KEYWORDS, comment_tags=("Translators:",), strip_comment_tags=True
            ):
                found.add(message, locations=[(source, lineno)], auto_comments=comments, context=context)
            continue
        for filename, lineno, message, comments, context in extract_from_dir(
            ROOT / source,
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("Translators:",),
            strip_comment_tags=True,
            directory_filter=lambda path: "__pycache__" not in path,
        ):
            found.add(message, locations=[(f"{source}/{filename}", lineno)], auto_comments=comments, context=context)
    if sources == SOURCES:
        _refusals(found)
        _reasons(found)
        _core_words(found)
    return found


def _refusals(found: Catalog) -> None:
    """The host's refusals' English templates (:data:`yule.netplay.refusal.WORDING`): a client
    words each refusal from its code and params with them (:mod:`yule.tui.refusals`)."""
    from ...netplay.client import OWN_CODES
    from ...netplay.refusal import ENDS, WORDING

    for words in [*WORDING.values(), *OWN_CODES.values(), *ENDS.values()]:
        for template in words.values() if isinstance(words, dict) else [words]:
            if template:
                found.add(template, locations=[("netplay/refusal.py", 0)])


def _reasons(found: Catalog) -> None:
    """The rules' refusals' English templates, every game's (:attr:`yule.core.base.Game.reasons`)
    and what a move's field needs (:data:`yule.core.reasons.NEEDS`): a client words a refusal of
    the rules from its kind and facts with them (:mod:`yule.tui.refusals`)."""
    from ...core.reasons import GENERIC, NEEDS
    from ...core.registry import all_games

    for game in all_games():
        where = f"core/{game.new_state.__module__.split('.')[2]}/reasons.py"
        for kind, words in game.reasons.items():
            found.add(words, locations=[("core/reasons.py" if kind in GENERIC else where, 0)])
    for words in NEEDS.values():
        found.add(words, locations=[("core/reasons.py", 0)])


LIST_CONTEXTS = {"list: two": "2", "list: start": "start", "list: middle": "middle", "list: end": "end"}
"""The catalogue's list patterns (:func:`yule.tui.words.list_patterns`), by context: each
language's is CLDR's, copied from Babel by :func:`update` and checked by :func:`problems`."""


def _cldr_lists(catalog: Catalog, language: str) -> list[str]:
    """Set the catalogue's list patterns to CLDR's (Babel's); what was not so before."""
    from babel import Locale

    patterns = Locale.parse(language).list_patterns["standard"]
    changed = []
    for message in catalog:
        if message.context in LIST_CONTEXTS:
            cldr = patterns[LIST_CONTEXTS[message.context]]
            if message.string != cldr:
                changed.append(f"{language}: the list pattern {message.context!r} is not CLDR's {cldr!r}")
                message.string = cldr
    return changed


def _core_words(found: Catalog) -> None:
    """The words the rules packages keep in English and the app shows, worded with ``t`` where
    shown: each game's summary, its options' names (as the new-table form makes them of the
    keys) and their choices' words, and how a menu says each bots' level."""
    from ...core.bots import BOT_LEVELS
    from ...core.registry import all_games
    from ..newtable import option_label

    for game in all_games():
        words = [game.summary, *(option_label(key) for key in game.default_options)]
        words += [word for choices in game.option_choices.values() for word in choices.values()]
        for word in words:
            found.add(word, locations=[(f"core/{game.name.replace('-', '_')}/__init__.py", 0)])
    for _, level_words in BOT_LEVELS.values():
        found.add(level_words, locations=[("core/bots.py", 0)])


def po_path(language: str) -> Path:
    return HERE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


HEADER = "# Yule's sentences in {language}: kept by `python -m yule.tui.locales.catalogue update`.\n#"


def load(path: Path, language: str) -> Catalog:
    if not path.exists():
        return Catalog(
            locale=language,
            domain=DOMAIN,
            project="Yule",
            version="1",
            fuzzy=False,
            header_comment=HEADER.format(language=language),
            language_team="Yule",
            last_translator="Yule",
        )
    with path.open("rb") as po:
        return read_po(po, locale=language, domain=DOMAIN)


def _parts(language: str) -> Iterator[Catalog]:
    for path in sorted((HERE / "parts").glob(f"*.{language}.po")):
        yield load(path, language)


def _translated(message: Message) -> bool:
    if isinstance(message.string, tuple | list):
        return all(message.string)
    return bool(message.string)


def _key(message: Message) -> tuple[str, str | None]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return msgid, message.context


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def update() -> None:
    """Merge the code's sentences and the parts into each catalogue; compile them."""
    for language in TRANSLATED:
        catalog = load(po_path(language), language)
        catalog.update(
            template(), no_fuzzy_matching=True, update_creation_date=False
        )  # a template each: update shares its messages
        catalog.obsolete.clear()
        for part in _parts(language):
            for message in part:
                if not message.id or not _translated(message):
                    continue
                mine = catalog.get(*_key(message))
                if mine is not None and not _translated(mine):
                    mine.string = message.string
        _cldr_lists(catalog, language)
        catalog.fuzzy = False
        path = po_path(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as po:
            write_po(po, catalog, width=100, sort_output=True, include_lineno=False)
        path.with_suffix(".mo").write_bytes(mo_bytes(catalog))


def part(area: str, sources: tuple[str, ...]) -> None:
    """Write the translator's files of ``area`` for the sentences in ``sources``."""
    for language in TRANSLATED:
        path = HERE / "parts" / f"{area}.{language}.po"
        catalog = load(path, language)
        catalog.update(template(sources), no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()
        catalog.fuzzy = False
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as po:
            write_po(po, catalog, width=100, sort_output=True, include_lineno=False)


def _values(text: str) -> set[str]:
    return {m.group(1) for m in _VALUE.finditer(text)}


def problems(language: str) -> list[str]:
    """What is wrong with ``language``'s catalogue, one sentence each (none: all is well)."""
    found = template()
    catalog = load(po_path(language), language)
    out = []
    wanted = {_key(m) for m in found if m.id}
    have = {_key(m) for m in catalog if m.id}
    out += [f"{language}: not in the catalogue: {k[0]!r}" for k in sorted(wanted - have, key=str)]
    out += [f"{language}: in the catalogue, not used: {k[0]!r}" for k in sorted(have - wanted, key=str)]
    for message in catalog:
        if not message.id:
            continue
        if not _translated(message):
            out.append(f"{language}: not translated: {_key(message)[0]!r}")
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        allowed = set().union(*(_values(i) for i in ids)) | ({"n"} if len(ids) > 1 else set())
        for string in strings:
            extra = _values(string or "") - allowed
            if extra:
                out.append(f"{language}: {_key(message)[0]!r} is translated with values it lacks: {sorted(extra)}")
    out += _cldr_lists(catalog, language)
    mo = po_path(language).with_suffix(".mo")
    if not mo.exists() or mo.read_bytes() != mo_bytes(catalog):
        out.append(f"{language}: {mo.name} is not compiled from {po_path(language).name}: run update")
    return out


def main(argv: list[str]) -> int:
    if argv == ["update"]:
        update()
        return 0
    if len(argv) >= 3 and argv[0] == "part":
        part(argv[1], tuple(argv[2:]))
        return 0
    if argv == ["check"]:
        found = [p for language in TRANSLATED for p in problems(language)]
        print("\n".join(found) or "all well")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
