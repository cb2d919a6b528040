"""The end of a Gift List game: every seat's list revealed, its best card per person, total.

Drawn from the final view's ``result`` (scores, winners, received gifts) with its ``lists``
and ``breakdown`` beside it (the app adds them: ``final_fields`` in :data:`yule.tui.gift_list.UI`),
and checked against the host's scores.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ...core.gift_list.cards import CARD_NUMBER
from ..scores import seat_heading, standings, win_headline
from ..words import t, tp
from .cards import card_badge, cards_text, person_badge
from .words import fill


def headline(result: dict[str, Any], names: list[str]) -> str:
    """``'Ana wins with 23 points. Highest score wins.'`` (or ``'Ana and Ben share the win ...'``)."""
    return win_headline(result, names)


def sheet_text(result: dict[str, Any], names: list[str], you: int | None) -> Text:
    """Every seat, best score first: its list, its best card per person, what it received.

    Raises ``ValueError`` when a seat's best cards do not add up to the host's score.
    """
    text = Text()
    winners = set(result["winners"])
    for rank, seat in standings(result["scores"]):
        best = result["breakdown"][seat]
        total = result["scores"][seat]
        if sum(CARD_NUMBER[c] for c in best.values() if c) != total:
            raise ValueError(f"seat {seat}: the best cards do not add up to {total}")
        if text:
            text.append("\n")
        text.append_text(seat_heading(rank, names, seat, you=seat == you, winner=seat in winners, score=total))
        points = [CARD_NUMBER[best[p]] if best.get(p) else 0 for p in result["lists"][seat]]
        text.append(f" = {' + '.join(map(str, points))}", "bold")
        parts = []
        for person in result["lists"][seat]:
            part = person_badge(person)
            card = best.get(person)
            part.append(" ")
            part.append_text(card_badge(card) if card else Text("-"))
            parts.append(part)
        text.append("\n   ")
        text.append_text(Text(" · ").join(parts))
        received = result["received"][seat]
        text.append("\n   ")
        gifts = cards_text(received) if received else Text(tp("gifts", "nothing"))
        text.append_text(fill(t("received {gifts}"), gifts=gifts))
    return text
