"""Elf's 60 path cards: ten shapes, their ids, and where each can be laid (computed at import).

A card enters from an arrow cell ``P`` with a straight entry heading ``h``; its cells are
offsets made of ``h`` and the side heading (left or right of ``h``), in path order, and it
leaves a new arrow on its last cell.  :data:`RAW` holds, for every play-area cell, entry
heading and card type, the card's cells, its new arrow and why it may not lie there (or
``None``), so a placement check is one list lookup.

    >>> from .board import cell, XY, HEADING_INDEX, HEADINGS
    >>> CARD_TYPE["kr-1"], len(CARD_IDS)
    ('kr', 60)
    >>> p = placement(cell(19, 1), HEADING_INDEX["E"], "kr")
    >>> [XY[c] for c in p.cells], XY[p.arrow_cell], HEADINGS[p.arrow_heading]
    ([(20, 1), (21, 2)], (21, 2), 'SE')
    >>> [HEADINGS[p.heading] for p in placements(cell(21, 2), HEADING_INDEX["SE"], "s2")]
    ['S', 'E']
"""

from __future__ import annotations

from .board import (
    ALL_LIVE,
    BACK,
    CELLS,
    FLOE_CELLS,
    LEFT,
    RIGHT,
    TOUCHES_END,
    VEC,
    XY,
    arrow_room,
    cell,
    corner,
    entry_headings,
    in_area,
    touched,
)

TYPES: dict[str, int] = {"s2": 12, "s3": 8, "cl": 8, "cr": 8, "zl": 5, "zr": 5, "kl": 5, "kr": 5, "ul": 2, "ur": 2}
"""Card type -> how many in the deck: straights of 2 and 3 cells, then curves, jogs, corners
and hairpins, each turning left and right."""

TYPE_ORDER = tuple(TYPES)
TYPE_INDEX = {t: i for i, t in enumerate(TYPE_ORDER)}

CARD_IDS: tuple[str, ...] = tuple(f"{t}-{n}" for t, count in TYPES.items() for n in range(1, count + 1))
"""All 60 card ids, type by type: s2-1 ... s2-12, s3-1 ... ur-2."""
CARD_TYPE: dict[str, str] = {c: c.rpartition("-")[0] for c in CARD_IDS}

# Each shape: its side ("l", "r" or None), cells as (along h, along side) multiples, and the
# new arrow: "h" (same heading), "side", "corner" (h + side) or "back" (-h).
SHAPES: dict[str, tuple[str | None, tuple[tuple[int, int], ...], str]] = {
    "s2": (None, ((1, 0), (2, 0)), "h"),
    "s3": (None, ((1, 0), (2, 0), (3, 0)), "h"),
    "cl": ("l", ((1, 0), (1, 1)), "side"),
    "cr": ("r", ((1, 0), (1, 1)), "side"),
    "zl": ("l", ((1, 0), (1, 1), (2, 1)), "h"),
    "zr": ("r", ((1, 0), (1, 1), (2, 1)), "h"),
    "kl": ("l", ((1, 0), (2, 1)), "corner"),
    "kr": ("r", ((1, 0), (2, 1)), "corner"),
    "ul": ("l", ((1, 0), (1, 1), (0, 1)), "back"),
    "ur": ("r", ((1, 0), (1, 1), (0, 1)), "back"),
}

OFF_AREA = "That card would run off the play area."
NO_ROOM = "Buddy's new arrow would point off the play area: leave room to continue."


class Placement:
    """One way to lay a card: entry heading, cells in path order, the new arrow, and whether
    it touches END.  ``error`` is ``None`` when it may lie there, else the reason it may not.

    A placement that may lie there also knows what it touches with every token live
    (``touches``, as :func:`.board.touched` lists them, and ``touch_mask``, a bit per token):
    with fewer live, it triggers those of them still live, in the same order.  Once asked
    (:meth:`fits_after`), it keeps the placements from the arrow it leaves in ``after``."""

    __slots__ = (
        "after",
        "arrow",
        "arrow_cell",
        "arrow_heading",
        "cells",
        "error",
        "heading",
        "origin",
        "touch_mask",
        "touches",
        "touches_end",
        "type",
    )

    def __init__(
        self,
        origin: int,
        heading: int,
        type_: str,
        cells: tuple[int, ...],
        arrow_cell: int,
        arrow_heading: int,
        touches_end: bool,
        error: str | None,
    ) -> None:
        self.origin = origin
        self.heading = heading
        self.type = type_
        self.cells = cells
        self.arrow_cell = arrow_cell
        self.arrow_heading = arrow_heading
        self.touches_end = touches_end
        self.error = error
        self.arrow = arrow_cell * 8 + arrow_heading
        """The new arrow as one int: ``cell * 8 + heading``."""
        self.touches = tuple(touched(cells, ALL_LIVE)) if error is None else ()
        self.after: dict[str, tuple[Placement, ...]] | None = None
        self.touch_mask = 0
        for t, _ in self.touches:
            self.touch_mask |= 1 << t

    def fits_after(self) -> dict[str, tuple[Placement, ...]]:
        """Card type -> its legal placements from the arrow this one leaves (kept in ``after``)."""
        self.after = placements_by_type(self.arrow_cell, self.arrow_heading)
        return self.after

    def __repr__(self) -> str:
        return f"Placement({self.type} from {XY[self.origin]} heading {self.heading}: {[XY[c] for c in self.cells]})"


def _compute(origin: int, h: int, type_: str) -> Placement:
    side_name, offsets, new = SHAPES[type_]
    side = LEFT[h] if side_name == "l" else RIGHT[h]
    ox, oy = XY[origin]
    hx, hy = VEC[h]
    sx, sy = VEC[side]
    cells: list[int] = []
    error = None
    for a, b in offsets:
        x, y = ox + a * hx + b * sx, oy + a * hy + b * sy
        if not in_area(x, y):
            error = OFF_AREA
            cells.append(-1)
        else:
            cells.append(cell(x, y))
    if new == "h":
        heading = h
    elif new == "side":
        heading = side
    elif new == "corner":
        heading = corner(h, side)
    else:
        heading = BACK[h]
    last = cells[-1]
    touches_end = error is None and any(TOUCHES_END[c] for c in cells)
    if error is None and not touches_end and not arrow_room(last, heading):
        error = NO_ROOM
    return Placement(origin, h, type_, tuple(cells), last, heading, touches_end, error)


RAW: list[Placement] = [_compute(c, h, t) for c in range(CELLS) for h in range(4) for t in TYPE_ORDER]
"""Index ``(cell * 4 + heading) * 10 + type index`` -> the :class:`Placement` (legal or not)."""


def placement(origin: int, heading: int, type_: str) -> Placement:
    """The card of ``type_`` laid from cell ``origin`` with straight entry ``heading``."""
    return RAW[(origin * 4 + heading) * 10 + TYPE_INDEX[type_]]


_BY_ARROW: dict[int, dict[str, tuple[Placement, ...]]] = {}


def placements_by_type(arrow_cell: int, arrow_heading: int) -> dict[str, tuple[Placement, ...]]:
    """Card type -> its legal placements from an arrow (1 after a straight arrow, up to 2
    after a corner arrow), for every type at once, cached by arrow."""
    key = arrow_cell * 8 + arrow_heading
    found = _BY_ARROW.get(key)
    if found is None:
        found = _BY_ARROW[key] = {
            t: tuple(
                p for h in entry_headings(arrow_heading) if (p := RAW[(arrow_cell * 4 + h) * 10 + i]).error is None
            )
            for i, t in enumerate(TYPE_ORDER)
        }
    return found


def placements(arrow_cell: int, arrow_heading: int, type_: str) -> tuple[Placement, ...]:
    """The legal placements of a card type from an arrow (:func:`placements_by_type`)."""
    return placements_by_type(arrow_cell, arrow_heading)[type_]


def jump_placement_raw(floe: int, origin: int, heading: int, type_: str) -> Placement | None:
    """A jump from cell ``origin`` of ``floe`` with ``heading``; ``None`` if that cell is not
    on the floe or the heading points back onto the floe."""
    cells = FLOE_CELLS[floe]
    if origin not in cells:
        return None
    x, y = XY[origin]
    dx, dy = VEC[heading]
    if in_area(x + dx, y + dy) and cell(x + dx, y + dy) in cells:
        return None
    return placement(origin, heading, type_)


JUMPS: dict[tuple[int, str], tuple[Placement, ...]] = {
    (f, t): tuple(
        p
        for origin in FLOE_CELLS[f]
        for h in range(4)
        if (p := jump_placement_raw(f, origin, h, t)) is not None and p.error is None
    )
    for f in FLOE_CELLS
    for t in TYPE_ORDER
}
"""(floe token index, card type) -> the legal jump placements from that floe (at most 6)."""
