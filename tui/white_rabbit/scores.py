"""The end of a White Rabbit game: a hopping rabbit for the winner and every seat's family.

Drawn from the final ``result`` (``scores``: distinct values per seat, ``winners``) and the
final view's public ``families``, ``oberhase`` and ``rolls`` (the app adds them: see
``final_fields`` in :mod:`yule.tui.white_rabbit`).  A game stopped at the roll cap has no winner
and says so.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ...core.base import plural
from ...core.white_rabbit.cards import CARD_VALUE, MAX_ROLLS
from ..text import plain, seat_name
from .cards import chip

BUNNY = ("  (\\_/)  ", " (='.'=) ", ' (")_(") ')
FINAL_FIELDS = ("families", "oberhase", "rolls")


def headline(result: dict[str, Any], names: list[str]) -> str:
    """``'Ana wins: a complete rabbit family, 1 to 6!'`` or the stop at the roll cap."""
    if not result["winners"]:
        return f"Stopped after {result.get('rolls', MAX_ROLLS)} rolls: nobody has a whole family, nobody wins."
    return f"{seat_name(names, result['winners'][0])} wins: a complete rabbit family, 1 to 6!"


def celebration(result: dict[str, Any], names: list[str], you: int | None) -> Text:
    """A rabbit hopping for the winner (three lines), or a plain word when nobody won."""
    if not result["winners"]:
        return Text(f"The game was stopped after {result.get('rolls', MAX_ROLLS)} rolls. No winner this time!", "bold")
    winner = result["winners"][0]
    who = (
        Text("You win!", "bold") if winner == you else plain(seat_name(names, winner), "bold") + Text(" wins!", "bold")
    )
    lines = [Text("  *  .  HOORAY!  .  *", "bold"), Text("  ") + who, Text("  *  .  *  .  *  .  *", "bold")]
    return Text("\n").join(Text(bunny, "bold") + line for bunny, line in zip(BUNNY, lines, strict=True))


def sheet_text(result: dict[str, Any], names: list[str], you: int | None) -> Text:
    """Every seat, most values first: its cards, the winner, any Oberhase."""
    text = celebration(result, names, you)
    families = result.get("families") or [[] for _ in result["scores"]]
    oberhase = result.get("oberhase") or [None for _ in result["scores"]]
    winners = set(result["winners"])
    order = sorted(range(len(result["scores"])), key=lambda s: (s not in winners, -result["scores"][s], s))
    for seat in order:
        text.append("\n\n")
        text.append(plain(seat_name(names, seat), "bold", 20))
        if seat == you:
            text.append(" (you)")
        if seat in winners:
            text.append("  ★ WINNER ★", "bold reverse")
        score = result["scores"][seat]
        text.append(f"   {plural(score, 'different value')} of 6\n   ")
        held = {CARD_VALUE[c]: c for c in families[seat]}
        for value in range(1, 7):
            text.append_text(chip(held[value]) if value in held else Text(f"_{value}", "dim"))
            text.append(" ")
        if oberhase[seat]:
            text.append(f"\n   ★ OBERHASE: all six {oberhase[seat]}! Hop once around the table!", "bold")
    return text
