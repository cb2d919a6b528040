"""Gift List's log in words (:mod:`yule.tui.gift_list.words`), read in English: every event of
a game is a sentence, and a card is named with the one person its colour is for."""

from __future__ import annotations

import re

from yule.core.gift_list import Bring, Open
from yule.core.gift_list.cards import PEOPLE
from yule.tui.gift_list.words import describe, person_name

from .conftest import dealt


def test_describe_every_event_in_plain_words():
    state = dealt(3)
    names = ["Ana", "Ben", "Cy"]
    lines = []
    for _ in range(8):
        for seat in range(3):
            lines += [describe(e, names) for e in state.apply(Bring(seat, state.attic[seat][0]))]
        while state.phase == "play":
            lines += [describe(e, names) for e in state.apply(Open(state.turn, state.open_sources()[0]))]
    assert "Ana brought a wrapped gift to party 1." in lines
    assert "Ana opened the gift Ben brought: Red 9 (Mother-in-Law)." in lines
    assert lines[-1].startswith("Game over:") and "Mother-in-Law" in lines[-1]
    for person in map(person_name, PEOPLE):  # each person named once a card: "Red 9 (Mother-in-Law)"
        assert not re.search(rf"{re.escape(person)} \w+ \d+ \(", lines[-1])
    assert not any(line.isidentifier() for line in lines)  # no bare event type
