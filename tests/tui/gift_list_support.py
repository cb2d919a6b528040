"""Helpers (imported by name) for the Gift List screen tests: seeded positions played by
greedy bots, a bare app showing one seat's view, and the secrets a seat's screen must not show.

The rules engine is used here only to make realistic views; the app never sees it.
"""

from __future__ import annotations

import random
import re
from typing import Any

import tui_support
from textual.app import App
from tui_support import Played

from yule.core.gift_list import GAME
from yule.core.gift_list.cards import PEOPLE
from yule.tui.gift_list.cards import card_code, card_words
from yule.tui.gift_list.table import GiftListTable
from yule.tui.gift_list.words import person_name


class Position(Played):
    """A seeded Gift List game the tests advance with greedy bots and look at from any seat."""

    def __init__(self, players: int = 4, seed: int = 3) -> None:
        super().__init__(GAME, players, seed)
        self.state.apply(self.state.chance_move(random.Random(seed)))

    @classmethod
    def at_play(cls, seed: int) -> Position:
        """A 4-seat game whose first party has every gift brought: its first seat opens."""
        position = cls(seed=seed)
        position.bots_until(lambda: position.state.phase == "play")
        return position

    def bots(self, moves: int, but: int | None = None) -> None:
        """Play ``moves`` bot moves, by the first active seat other than ``but``."""
        for _ in range(moves):
            self.bot_move(next(s for s in self.state.active() if s != but))

    def bots_until(self, condition: Any, but: int | None = None) -> None:
        while not condition():
            self.bots(1, but)


class ViewApp(tui_support.ViewApp):
    """A Gift List table showing ``position`` from ``seat``."""

    GAME = "gift-list"
    TAGS = {2: "bot"}


def screen_lines(app: App[Any]) -> list[str]:
    return tui_support.screen_text(app).splitlines()


def table_text(app: App[Any]) -> str:
    """The rows of the game table only (no status line, log or footer)."""
    region = app.screen.query_one(GiftListTable).region
    return "\n".join(screen_lines(app)[region.y : region.bottom])


def shows_card(text: str, card: str) -> bool:
    """Whether ``text`` names ``card`` as a code (``R7``, not inside ``R10``) or in words."""
    code = re.escape(card_code(card))
    words = re.escape(card_words(card))
    return bool(re.search(rf"(?<![A-Za-z0-9]){code}(?![0-9])|\b{words}\b", text, re.IGNORECASE))


def secrets_of_others(position: Position, seat: int) -> tuple[list[str], set[str]]:
    """The cards only other seats know (their attics, their still-wrapped gifts) and the people
    on other seats' lists who are not on ``seat``'s own."""
    state = position.state
    cards: list[str] = []
    people: set[str] = set()
    for other in range(state.players):
        if other == seat:
            continue
        view = state.view(other)
        cards += view["attic"] + ([view["my_gift"]] if view["my_gift"] else [])
        people |= set(view["list"])
    mine = set(state.view(seat)["list"])
    return cards, {person_name(p) for p in people - mine if p in PEOPLE}
