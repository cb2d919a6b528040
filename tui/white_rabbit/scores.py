"""The end of a White Rabbit game: a hopping rabbit for the winner and every seat's family.

Drawn from the final ``result`` (``scores``: distinct values per seat, ``winners``) and the
final view's public ``families``, ``oberhase`` and ``rolls`` (the app adds them: see
``final_fields`` in :mod:`yule.tui.white_rabbit`).  A game stopped at the roll cap has no winner
and says so.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ...core.white_rabbit.cards import CARD_VALUE, MAX_ROLLS
from ..text import plain, seat_name
from ..words import t, tn
from .cards import chip
from .words import all_six

BUNNY = ("  (\\_/)  ", " (='.'=) ", ' (")_(") ')
FINAL_FIELDS = ("families", "oberhase", "rolls")


def headline(result: dict[str, Any], names: list[str]) -> str:
    """``'Ana wins: a complete rabbit family, 1 to 6!'`` or the stop at the roll cap."""
    if not result["winners"]:
        return tn(
            "Stopped after {n} roll: nobody has a whole family, nobody wins.",
            "Stopped after {n} rolls: nobody has a whole family, nobody wins.",
            result.get("rolls", MAX_ROLLS),
        )
    return t("{who} wins: a complete rabbit family, 1 to 6!", who=seat_name(names, result["winners"][0]))


def celebration(result: dict[str, Any], names: list[str], you: int | None) -> Text:
    """A rabbit hopping for the winner (three lines), or a plain word when nobody won."""
    if not result["winners"]:
        stopped = tn(
            "The game was stopped after {n} roll. No winner this time!",
            "The game was stopped after {n} rolls. No winner this time!",
            result.get("rolls", MAX_ROLLS),
        )
        return Text(stopped, "bold")
    winner = result["winners"][0]
    who = Text(t("You win!") if winner == you else t("{who} wins!", who=seat_name(names, winner)), "bold")
    lines = [
        Text("  *  .  " + t("HOORAY!") + "  .  *", "bold"),
        Text("  ") + who,
        Text("  *  .  *  .  *  .  *", "bold"),
    ]
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
            text.append(" " + t("(you)"))
        if seat in winners:
            text.append("  " + t("★ WINNER ★"), "bold reverse")
        score = result["scores"][seat]
        text.append("   " + tn("{n} different value of 6", "{n} different values of 6", score) + "\n   ")
        held = {CARD_VALUE[c]: c for c in families[seat]}
        for value in range(1, 7):
            text.append_text(chip(held[value]) if value in held else Text(f"_{value}", "dim"))
            text.append(" ")
        if oberhase[seat]:
            line = t("★ OBERHASE: all six {colour}! Hop once around the table!", colour=all_six(oberhase[seat]))
            text.append("\n   " + line, "bold")
    return text
