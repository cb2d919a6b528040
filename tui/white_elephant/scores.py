"""The end of a White Elephant game: every seat's Collections, junk and Peanuts, and the total.

Worked out from the ``result`` of the final view only (shelves, peanuts, collections and
scores as the host scored them), and checked against the host's scores.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from ...core.white_elephant.cards import number_of, suit_of
from ..palette import paint
from ..scores import SheetLines, SheetRow, seat_heading, standings, win_headline
from ..words import t, tp
from .gifts import SUIT_STYLES, card_code, suit_badge
from .words import suit_name


@dataclass(frozen=True)
class SeatScore:
    """One seat's score split into its parts."""

    seat: int
    collections: dict[str, int]  # suit -> gifts in that Collection (1 point each)
    junk: list[str]  # card ids scored at their number
    peanuts: int
    score: int

    @property
    def junk_points(self) -> int:
        return sum(number_of(c) for c in self.junk)

    @property
    def collection_points(self) -> int:
        return sum(self.collections.values())


def breakdown(result: dict[str, Any]) -> list[SeatScore]:
    """Each seat's parts, in seat order; raises ``ValueError`` if they do not add up."""
    out = []
    for seat, shelf in enumerate(result["shelves"]):
        collected = set(result["collections"][seat])
        counts = Counter(suit_of(c) for c in shelf if suit_of(c) in collected)
        junk = sorted((c for c in shelf if suit_of(c) not in collected), key=lambda c: (suit_of(c), number_of(c)))
        part = SeatScore(seat, dict(sorted(counts.items())), junk, result["peanuts"][seat], result["scores"][seat])
        if part.collection_points + part.junk_points - part.peanuts != part.score:
            raise ValueError(f"seat {seat}: the parts do not add up to {part.score}")
        out.append(part)
    return out


def headline(result: dict[str, Any], names: list[str]) -> str:
    """``'Ana wins with 12 points. Lowest score wins.'`` (or ``'Ana and Ben share the win ...'``)."""
    return win_headline(result, names, lowest=True)


def breakdown_text(result: dict[str, Any], names: list[str], you: int | None) -> SheetLines:
    """The full score sheet, best score first: per seat its Collections, its junk gifts one by
    one and its Peanuts, each with its points: the parts' words in a column as wide as the
    longest, their gifts lined up after it.

    >>> from rich.console import Console
    >>> result = {"shelves": [["mug-1", "mug-2", "socks-5"]], "collections": [["mug"]], "peanuts": [2],
    ...           "scores": [5], "winners": [0]}
    >>> Console(width=60).print(breakdown_text(result, ["Ana"], 0))
    1. Ana (you)  * winner *   score 5
       Collections MU Mug x2  = 2
       Junk        SK 5  = 5
       Peanuts     2  = -2
    """
    collections_word, junk_word, peanuts_word = t("Collections"), t("Junk"), t("Peanuts")
    room = max(len(collections_word), len(junk_word), len(peanuts_word))
    indent = " " * (3 + room + 1)
    rows: list[SheetRow] = []
    winners = set(result["winners"])
    parts = breakdown(result)
    for rank, seat in standings(result["scores"], lowest=True):
        part = parts[seat]
        head = seat_heading(rank, names, seat, you=seat == you, winner=seat in winners, score=part.score)
        rows.append(([head], "   "))
        collections = [suit_badge(s) + Text(f" {suit_name(s)} x{n}") for s, n in part.collections.items()]
        collections = [c + Text(",") for c in collections[:-1]] + collections[-1:] or [Text(tp("collections", "none"))]
        rows.append(
            ([Text(f"   {collections_word:<{room}}"), *collections, Text(f" = {part.collection_points}")], indent)
        )
        junk = [paint(card_code(c), SUIT_STYLES[suit_of(c)]) for c in part.junk] or [Text(tp("junk", "none"))]
        rows.append(([Text(f"   {junk_word:<{room}}"), *junk, Text(f" = {part.junk_points}")], indent))
        rows.append(([Text(f"   {peanuts_word:<{room}} {part.peanuts}  = {-part.peanuts}")], indent))
    return SheetLines(rows)
