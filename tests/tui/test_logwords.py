"""Every event of every game is worded by the app (:func:`yule.tui.logwords.describe`, the game's
``GameUI.describe``), in each of its languages: tried on games its bots play, each line says
something (not the bare event type), without an error and without a ``{field}`` left unfilled,
and so does the same event taken back (``Undone: ...``)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yule.core import all_games, get_game
from yule.core.records import play, replay
from yule.tui.games import GAME_UIS
from yule.tui.logwords import describe
from yule.tui.words import LANGUAGES, set_language

GAMES = [game.name for game in all_games()]

MOST_SEATS = 7
"""The largest table tried (Gift Exchange takes 40: as many only make the games longer)."""

PLAYING = ("random", "kind", "greedy", "adapting")
"""The bots whose games are tried, those of them a game has (the search bot is too slow here)."""


def test_every_game_has_its_words_in_the_app():
    assert set(GAMES) <= set(GAME_UIS)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_event_of_a_game_is_worded_in_every_language(name: str, data: st.DataObject) -> None:
    game = get_game(name)
    players = data.draw(st.integers(game.min_players, min(game.max_players, MOST_SEATS)), label="players")
    kinds = data.draw(st.lists(st.sampled_from([k for k in PLAYING if k in game.bots]), min_size=players,
                               max_size=players), label="bots")  # fmt: skip
    seed = data.draw(st.integers(0, 10**6), label="seed")
    names = [f"P{i + 1}" for i in range(players)]
    record = play(game, names, [game.bots[kind] for kind in kinds], seed)
    session = replay(record, upto=0)
    events: list[dict[str, Any]] = [event for move in record["moves"] for event in session.apply(move)]
    assert events
    try:
        for language in LANGUAGES:
            set_language(language)
            for event in events:
                for said in (describe(name, event, names), describe(name, {"type": "undone", "undone": event}, names)):
                    assert said and said != event["type"] and "{" not in said, (language, event, said)
    finally:
        set_language("en")
