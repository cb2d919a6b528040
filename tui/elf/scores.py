"""The end of an Elf game: every Goal card and Gingerbread value revealed, and each score's parts.

Worked out from the final ``result`` (``scores``, ``winners``, ``ended``, ``slots``,
``gingerbread``, ``snow_globe``, ``goals``) and, when the app passes it along, the final
view's ``gingerbread_values`` (the spots nobody took).  The parts are checked against the
host's scores.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text

from ...core.elf.board import GOALS, SNOW_GLOBE_POINTS, slot_value
from ..scores import SheetLines, SheetRow, seat_heading, standings, win_headline
from ..text import seat_name
from ..words import t
from .board import label


@dataclass(frozen=True)
class SeatScore:
    """One seat's score split into its parts."""

    seat: int
    goal: str
    places: list[tuple[str, int | None, int]]  # (location, slot index or None, points)
    gingerbread: list[int]
    snow_globe: bool
    score: int

    @property
    def total(self) -> int:
        return sum(p for _, _, p in self.places) + sum(self.gingerbread) + (SNOW_GLOBE_POINTS if self.snow_globe else 0)


def breakdown(result: dict[str, Any]) -> list[SeatScore]:
    """Each seat's parts, in seat order; raises ``ValueError`` if they do not add up."""
    slots = result["slots"]
    out = []
    for seat, goal in enumerate(result["goals"]):
        places = []
        for loc in GOALS[goal]:
            index = slots.index(loc) if loc in slots else None
            places.append((loc, index, 0 if index is None else slot_value(index)))
        part = SeatScore(
            seat, goal, places, list(result["gingerbread"][seat]), result["snow_globe"] == seat, result["scores"][seat]
        )
        if part.total != part.score:
            raise ValueError(f"seat {seat}: the parts do not add up to {part.score}")
        out.append(part)
    return out


def headline(result: dict[str, Any], names: list[str]) -> str:
    """``'Ana wins with 9 points. Highest score wins.'`` (or ``'Ana and Ben share the win ...'``)."""
    return win_headline(result, names)


def _place(loc: str, index: int | None, points: int) -> str:
    """``SNOW 3 (slot 1)``, ``GIMB 0 (7th)`` or ``PARK 0 (unvisited)``."""
    if index is None:
        return t("{place} 0 (unvisited)", place=label(loc))
    if index >= 6:
        return t("{place} {points} (7th)", place=label(loc), points=points)
    return t("{place} {points} (slot {slot})", place=label(loc), points=points, slot=index + 1)


def breakdown_text(result: dict[str, Any], names: list[str], you: int | None) -> SheetLines:
    """The full score sheet: how the game ended, the slots and the Gingerbread Men, then every
    seat, best score first, with its Goal card's places, Gingerbread and Snow Globe."""
    if result.get("ended") == "nyc":
        ending = t("Buddy reached NYC: {who} took the Snow Globe.", who=seat_name(names, result["snow_globe"]))
    else:
        ending = t("Every path card was played before Buddy reached NYC.")
    rows: list[SheetRow] = [([Text(ending, "bold")], "")]
    slots = [
        Text(f"{i + 1}:{label(loc)} {slot_value(i)} " if i < 6 else t("7th:{place} 0", place=label(loc)) + " ")
        for i, loc in enumerate(result["slots"])
    ]
    rows.append(([Text(t("Scoring Slots:")), *(slots or [Text(t("no location visited"))])], "  "))
    values = result.get("gingerbread_values")
    if values:
        rows.append(
            ([Text(t("Gingerbread Men:")), *(Text(f"{spot.upper()}={v} ") for spot, v in values.items())], "  ")
        )
    # Translators: the score sheet's parts of a seat's score, in a column after its Goal card's id.
    gingerbread_word, globe_word = t("Gingerbread"), t("Snow Globe")
    column = max(GOAL_COLUMN, len(gingerbread_word), len(globe_word))
    indent = " " * (len("   ") + column + 1)
    winners = set(result["winners"])
    parts = breakdown(result)
    for rank, seat in standings(result["scores"]):
        part = parts[seat]
        head = seat_heading(rank, names, seat, you=seat == you, winner=seat in winners, score=part.score)
        rows += [([Text("")], ""), ([head], "   ")]
        places = [Text(_place(*p) + (" +" if i < len(part.places) - 1 else "")) for i, p in enumerate(part.places)]
        total = sum(p for _, _, p in part.places)
        rows.append(([Text(f"   {part.goal:<{column}}"), *places, Text(f" = {total}")], indent))
        gingerbread = Text(" + ".join(map(str, part.gingerbread)) or t("none"))
        rows.append(
            ([Text(f"   {gingerbread_word:<{column}}"), gingerbread, Text(f" = {sum(part.gingerbread)}")], indent)
        )
        if part.snow_globe:
            rows.append(([Text(f"   {globe_word:<{column}} = {SNOW_GLOBE_POINTS}")], indent))
    return SheetLines(rows)


GOAL_COLUMN = len("Gingerbread")
"""The width of the sheet's first column (a Goal card's id, "Gingerbread", "Snow Globe") at
least; a long line of the sheet goes on under its first place, past that column."""
