"""The catalogues are whole: every sentence the code asks for is in French and in German, each
translation uses only its sentence's values, none is kept that the code no longer asks for, and
each compiled ``.mo`` is its ``.po``'s (``python -m yule.tui.locales.catalogue update`` keeps
them so)."""

from __future__ import annotations

import pytest

from yule.tui.locales.catalogue import TRANSLATED, problems
from yule.tui.words import set_language, t, tn


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_sentence_is_translated_and_used(language):
    assert problems(language) == []


def test_french_says_the_singular_for_zero_and_german_the_plural():
    set_language("fr")
    assert [tn("{n} point", "{n} points", n) for n in (0, 1, 2)] == ["0 point", "1 point", "2 points"]
    set_language("de")
    assert [tn("{n} point", "{n} points", n) for n in (0, 1, 2)] == ["0 Punkte", "1 Punkt", "2 Punkte"]


def test_a_name_takes_its_form_in_each_language():
    set_language("de")
    assert (
        t("{name} let a bot make {who}'s move.", name="Ana", who="Max") == "Ana hat einen Bot Max' Zug machen lassen."
    )
    assert (
        t("{name} let a bot make {who}'s move.", name="Ana", who="Ben") == "Ana hat einen Bot Bens Zug machen lassen."
    )
    set_language("fr")
    assert t("{name} let a bot make {who}'s move.", name="Ben", who="Ana") == "Ben a laissé un bot jouer le coup d'Ana."
    assert (
        t("{name} let a bot make {who}'s move.", name="Ana", who="Ben") == "Ana a laissé un bot jouer le coup de Ben."
    )


@pytest.mark.parametrize("language", ["en", *TRANSLATED])
def test_a_list_is_worded_by_cldrs_patterns(language):
    from babel import Locale
    from babel.lists import format_list

    from yule.tui.words import and_list, list_patterns

    set_language(language)
    assert list_patterns() == dict(Locale.parse(language).list_patterns["standard"])
    for words in (["Ana", "Ben"], ["Ana", "Ben", "Cy"], ["Ana", "Ben", "Cy", "Dee", "Eli"]):
        assert and_list(words) == format_list(words, locale=language)
