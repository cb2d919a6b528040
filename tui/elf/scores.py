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
        return f"{label(loc)} 0 (unvisited)"
    return f"{label(loc)} {points} ({'7th' if index >= 6 else f'slot {index + 1}'})"


def breakdown_text(result: dict[str, Any], names: list[str], you: int | None) -> SheetLines:
    """The full score sheet: how the game ended, the slots and the Gingerbread Men, then every
    seat, best score first, with its Goal card's places, Gingerbread and Snow Globe."""
    if result.get("ended") == "nyc":
        ending = f"Buddy reached NYC: {seat_name(names, result['snow_globe'])} took the Snow Globe."
    else:
        ending = "Every path card was played before Buddy reached NYC."
    rows: list[SheetRow] = [([Text(ending, "bold")], "")]
    slots = [
        Text(f"{i + 1}:{label(loc)} {slot_value(i)} " if i < 6 else f"7th:{label(loc)} 0 ")
        for i, loc in enumerate(result["slots"])
    ]
    rows.append(([Text("Scoring Slots:"), *(slots or [Text("no location visited")])], "  "))
    values = result.get("gingerbread_values")
    if values:
        rows.append(([Text("Gingerbread Men:"), *(Text(f"{spot.upper()}={v} ") for spot, v in values.items())], "  "))
    winners = set(result["winners"])
    parts = breakdown(result)
    for rank, seat in standings(result["scores"]):
        part = parts[seat]
        head = seat_heading(rank, names, seat, you=seat == you, winner=seat in winners, score=part.score)
        rows += [([Text("")], ""), ([head], "   ")]
        places = [Text(_place(*p) + (" +" if i < len(part.places) - 1 else "")) for i, p in enumerate(part.places)]
        total = sum(p for _, _, p in part.places)
        rows.append(([Text(f"   {part.goal:<11}"), *places, Text(f" = {total}")], INDENT))
        gingerbread = Text(" + ".join(map(str, part.gingerbread)) or "none")
        rows.append(([Text("   Gingerbread"), gingerbread, Text(f" = {sum(part.gingerbread)}")], INDENT))
        if part.snow_globe:
            rows.append(([Text(f"   Snow Globe  = {SNOW_GLOBE_POINTS}")], INDENT))
    return SheetLines(rows)


INDENT = " " * len("   Gingerbread ")
"""Where a long line of the sheet goes on: under its first place."""
