"""The end of a Gift List game: every seat's list revealed, its best card per person, total.

Drawn from the final view's ``result`` (scores, winners, received gifts) with its ``lists``
and ``breakdown`` beside it (the app adds them: ``final_fields`` in :data:`yule.tui.gift_list.UI`),
and checked against the host's scores.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from yule.core.gift_list.cards import CARD_NUMBER

from ..text import seat_name
from .cards import card_badge, cards_text, person_badge


def headline(result: dict[str, Any], names: list[str]) -> str:
    """``'Ana wins with 23 points. Highest score wins.'`` (or ``'Ana and Ben share the win ...'``)."""
    winners = [seat_name(names, s) for s in result["winners"]]
    best = max(result["scores"])
    points = f"{best} point{'' if best == 1 else 's'}"
    if len(winners) == 1:
        return f"{winners[0]} wins with {points}. Highest score wins."
    return f"{', '.join(winners[:-1])} and {winners[-1]} share the win with {points}. Highest score wins."


def sheet_text(result: dict[str, Any], names: list[str], you: int | None) -> Text:
    """Every seat, best score first: its list, its best card per person, what it received.

    Raises ``ValueError`` when a seat's best cards do not add up to the host's score.
    """
    text = Text()
    winners = set(result["winners"])
    order = sorted(range(len(result["scores"])), key=lambda s: (-result["scores"][s], s))
    for seat in order:
        rank = 1 + sum(score > result["scores"][seat] for score in result["scores"])
        best = result["breakdown"][seat]
        total = result["scores"][seat]
        if sum(CARD_NUMBER[c] for c in best.values() if c) != total:
            raise ValueError(f"seat {seat}: the best cards do not add up to {total}")
        if seat != order[0]:
            text.append("\n")
        text.append(f"{rank}. ", "bold")
        text.append(seat_name(names, seat), "bold")
        if seat == you:
            text.append(" (you)")
        if seat in winners:
            text.append("  * winner *", "bold reverse")
        points = [CARD_NUMBER[best[p]] if best.get(p) else 0 for p in result["lists"][seat]]
        text.append(f"   score {total} = {' + '.join(map(str, points))}", "bold")
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
        text.append("\n   received ")
        text.append_text(cards_text(received) if received else Text("nothing"))
    return text


class GiftListScores(Static):
    """The score sheet of a finished game, as plain literal text."""

    DEFAULT_CSS = """
    GiftListScores { height: auto; padding: 0 1; }
    """

    def __init__(self, result: dict[str, Any], names: list[str], you: int | None, **kwargs: Any) -> None:
        super().__init__(sheet_text(result, names, you), **kwargs)
