"""The end of a gift exchange: who goes home with what, on screen and exported.

Everything comes from the final public view (every gift is open then, so every label is
public) and the guests' names: each guest, the gift they go home with, who brought it, times
stolen, frozen or not, in the order the guests took their turns (a latecomer where chance
placed them, a guest who stepped out where they came back).  :func:`export` writes the party's
record (``yule-record/1``), a CSV, a Markdown table and a plain text to print or send to the
family (:func:`summary_lines`: who took home what, in order) into a folder.  The Markdown and
the text are for people, in the app's language; the CSV is for spreadsheets and programs: its
header and its ``yes``/``no`` are the same in every language.

    >>> view = {"holdings": [1, 0], "gifts": [
    ...     {"id": 0, "label": "Socks", "steals": 2, "frozen": False},
    ...     {"id": 1, "label": "Mug | big", "steals": 0, "frozen": False}]}
    >>> print(markdown(summary_rows(view, ["Ana", "Ben"])))
    | Guest | Goes home with | Brought by | Times stolen | Frozen |
    |---|---|---|---|---|
    | Ana | #2 Mug \\| big | Ben | 0 | no |
    | Ben | #1 Socks | Ana | 2 | no |
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rich.table import Table
from rich.text import Text

from ..text import literal, markdown_table
from ..words import N_, t, tn
from .board import FROZEN
from .words import gift_no

COLUMNS = (N_("Guest"), N_("Goes home with"), N_("Brought by"), N_("Times stolen"), N_("Frozen"))
"""The summary's columns (worded with :func:`~yule.tui.words.t` where shown)."""


def _name(names: list[str], seat: int) -> str:
    return names[seat] if seat < len(names) and names[seat] else t("Seat {number}", number=seat + 1)


def turn_order(view: Mapping[str, Any]) -> list[int]:
    """The seats in the order they took their turns (the drawn order, as mended), else in seat order.

    >>> turn_order({"holdings": [0, 1, 2], "order": [2, 0, 1]}), turn_order({"holdings": [0, 1]})
    ([2, 0, 1], [0, 1])
    """
    seats = range(len(view.get("holdings", [])))
    order = view.get("order")
    if isinstance(order, list) and sorted(order) == list(seats):
        return list(order)
    return list(seats)


def summary_rows(view: Mapping[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """One row a guest, in the order of their turns (:func:`turn_order`; ``gift`` is None for a
    guest without a gift yet)."""
    gifts = view.get("gifts", [])
    holdings = view.get("holdings", [])
    rows = []
    for seat in turn_order(view):
        held = holdings[seat]
        name = _name(names, seat)
        if held is None:
            rows.append({"guest": name, "seat": seat, "gift": None, "label": None, "brought_by": None, "steals": 0,
                         "frozen": False})  # fmt: skip
            continue
        gift = gifts[held]
        rows.append({
            "guest": name, "seat": seat, "gift": held, "label": gift.get("label") or "",
            "brought_by": _name(names, held),
            "steals": gift.get("steals", 0), "frozen": bool(gift.get("frozen")),
        })  # fmt: skip
    return rows


def _cells(row: dict[str, Any]) -> list[str]:
    if row["gift"] is None:
        return [row["guest"], t("(no gift yet)"), "", "", ""]
    return [row["guest"], f"{gift_no(row['gift'])} {row['label']}", row["brought_by"], str(row["steals"]),
            t("yes") if row["frozen"] else t("no")]  # fmt: skip


def csv_text(rows: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["guest", "gift", "label", "brought_by", "times_stolen", "frozen"])
    for row in rows:
        gift = "" if row["gift"] is None else row["gift"] + 1
        writer.writerow([row["guest"], gift, row["label"] or "", row["brought_by"] or "", row["steals"],
                         "yes" if row["frozen"] else "no"])  # fmt: skip
    return out.getvalue()


def markdown(rows: list[dict[str, Any]]) -> str:
    """A Markdown table; ``|`` and line breaks in names and labels are escaped."""
    return markdown_table([t(c) for c in COLUMNS], [_cells(row) for row in rows])


def summary_lines(rows: list[dict[str, Any]]) -> list[str]:
    """Who took home what, in order: one sentence a guest, for people (names and labels as typed).

    >>> summary_lines([{"guest": "Ana", "gift": 1, "label": "Mug", "brought_by": "Ben", "steals": 2, "frozen": True}])
    ['1. Ana took home Mug (gift #2, brought by Ben, stolen 2 times).']
    """
    lines = []
    for number, row in enumerate(rows, 1):
        if row["gift"] is None:
            said = t("{guest} has no gift yet.", guest=row["guest"])
        elif row["steals"]:
            said = tn(
                "{guest} took home {label} (gift {gift}, brought by {bringer}, stolen {n} time).",
                "{guest} took home {label} (gift {gift}, brought by {bringer}, stolen {n} times).",
                row["steals"], guest=row["guest"], label=row["label"], gift=gift_no(row["gift"]),
                bringer=row["brought_by"],
            )  # fmt: skip
        else:
            said = t(
                "{guest} took home {label} (gift {gift}, brought by {bringer}).",
                guest=row["guest"], label=row["label"], gift=gift_no(row["gift"]), bringer=row["brought_by"],
            )  # fmt: skip
        lines.append(f"{number}. {said}")
    return lines


def summary_text(rows: list[dict[str, Any]]) -> str:
    """The summary to print or send: a title, then who took home what, in order."""
    title = t("Gift Exchange: who goes home with what")
    return "\n".join([title, "=" * len(title), "", *summary_lines(rows), ""])


def export(folder: Path, record: dict[str, Any], view: Mapping[str, Any], names: list[str]) -> list[Path]:
    """Write ``party-table-<t>.json`` (the record), ``.csv``, ``.md`` and ``.txt`` (:func:`summary_text`)
    into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = folder / f"party-table-{record.get('table', 0)}"
    rows = summary_rows(view, names)
    paths = [stem.with_suffix(".json"), stem.with_suffix(".csv"), stem.with_suffix(".md"), stem.with_suffix(".txt")]
    paths[0].write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    paths[1].write_text(csv_text(rows), encoding="utf-8")
    title = t("Gift Exchange: who goes home with what")
    lines = "\n".join(summary_lines(rows))
    paths[2].write_text(f"# {title}\n\n{markdown(rows)}\n\n{lines}\n", encoding="utf-8")
    paths[3].write_text(summary_text(rows), encoding="utf-8")
    return paths


def summary_table(view: Mapping[str, Any], names: list[str], you: int | None = None) -> Table:
    """The summary as a Rich table of literal text (no markup is parsed)."""
    table = Table(*(t(c) for c in COLUMNS), expand=False, show_edge=False, pad_edge=False)
    for row in summary_rows(view, names):
        cells = [Text(literal(c)) for c in _cells(row)]
        if row["seat"] == you:
            cells[0] = Text(t("{name} (you)", name=literal(row["guest"])))
        if row["frozen"]:
            cells[4] = Text(t("{frozen} yes", frozen=FROZEN), style="bold")
        table.add_row(*cells)
    return table


def headline(result: dict[str, Any], names: list[str]) -> str:
    """Nobody wins a gift exchange: say how many went home with a gift."""
    guests = len(result.get("holdings", []))
    return tn(
        "All {n} guest goes home with a gift; nobody wins or loses.",
        "All {n} guests go home with a gift; nobody wins or loses.",
        guests,
    )
