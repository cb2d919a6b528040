"""The Elf board: cells, headings, tokens, touch zones and Goal cards, computed once at import.

The board is 26 x 14 cells (x 0-25 left to right, y 0-13 top to bottom) inside a play area
with a 2-cell margin (x -2..27, y -2..15, 30 x 18 cells).  A cell is stored as one int,
``(y + 2) * 30 + (x + 2)``; headings are ints 0-7 (N E S W, then the corner headings NE SE SW
NW).  Everything a placement check needs is a table lookup.

    >>> XY[cell(12, 0)], HEADINGS[START_HEADING]
    ((12, 0), 'S')
    >>> HEADINGS[LEFT[HEADING_INDEX["S"]]], HEADINGS[RIGHT[HEADING_INDEX["S"]]]
    ('E', 'W')
    >>> [TOKENS[t].id for t in TOUCH[cell(19, 1)]]     # beside the Wise Snowman
    ['wise-snowman']
    >>> GOALS["goal-1"]
    ('gumdrop-village', 'central-park', 'wise-snowman')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

WIDTH, HEIGHT = 26, 14
MARGIN = 2
AREA_W, AREA_H = WIDTH + 2 * MARGIN, HEIGHT + 2 * MARGIN  # 30 x 18
CELLS = AREA_W * AREA_H


def in_area(x: int, y: int) -> bool:
    """True when (x, y) lies in the play area (the board and its 2-cell margin).

    >>> in_area(-2, 15), in_area(28, 0), in_area(0, -3)
    (True, False, False)
    """
    return -MARGIN <= x < WIDTH + MARGIN and -MARGIN <= y < HEIGHT + MARGIN


def on_board(x: int, y: int) -> bool:
    """True when (x, y) is a board cell (not margin)."""
    return 0 <= x < WIDTH and 0 <= y < HEIGHT


def cell(x: int, y: int) -> int:
    """The int of a play-area cell (no range check: use :func:`in_area` first)."""
    return (y + MARGIN) * AREA_W + (x + MARGIN)


XY: tuple[tuple[int, int], ...] = tuple((i % AREA_W - MARGIN, i // AREA_W - MARGIN) for i in range(CELLS))
"""Cell int -> (x, y)."""


# -- headings --------------------------------------------------------------------------------

HEADINGS = ("N", "E", "S", "W", "NE", "SE", "SW", "NW")
HEADING_INDEX = {h: i for i, h in enumerate(HEADINGS)}
VEC: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1))
LEFT = (3, 0, 1, 2)
"""Left of a straight heading (y grows downward): left of N is W, of E is N, of S is E, of W is S."""
RIGHT = (1, 2, 3, 0)
BACK = (2, 3, 0, 1)
PARTS: dict[int, tuple[int, int]] = {4: (0, 1), 5: (2, 1), 6: (2, 3), 7: (0, 3)}
"""A corner heading's two straight parts, the entry headings allowed after it (SE: S or E)."""


def corner(a: int, b: int) -> int:
    """The corner heading made of two perpendicular straight headings.

    >>> HEADINGS[corner(HEADING_INDEX["S"], HEADING_INDEX["E"])]
    'SE'
    """
    v = (VEC[a][0] + VEC[b][0], VEC[a][1] + VEC[b][1])
    return VEC.index(v)


def entry_headings(heading: int) -> tuple[int, ...]:
    """The entry headings a card may use from an arrow with this heading (§2.3)."""
    return (heading,) if heading < 4 else PARTS[heading]


def arrow_room(c: int, heading: int) -> bool:
    """Room to continue: the arrow at cell ``c`` does not point off the play area."""
    x, y = XY[c]
    for h in entry_headings(heading):
        dx, dy = VEC[h]
        if in_area(x + dx, y + dy):
            return True
    return False


START_CELL = cell(12, 0)
START_HEADING = 2  # S


# -- tokens ----------------------------------------------------------------------------------

END, LOCATION, GINGERBREAD, FLOE, SYRUP = "end", "location", "gingerbread", "floe", "syrup"


@dataclass(frozen=True, slots=True)
class Token:
    """A thing on the board a card can touch."""

    id: str
    kind: str
    name: str
    label: str
    cells: tuple[tuple[int, int], ...]


TOKENS: tuple[Token, ...] = (
    Token("end", END, "the NYC Snow Globe", "NYC*", ((12, 13), (13, 13))),
    Token("mr-narwhal", LOCATION, "Mr. Narwhal", "NARW", ((3, 3), (4, 3))),
    Token("wise-snowman", LOCATION, "the Wise Snowman", "SNOW", ((20, 2), (21, 2))),
    Token("candy-cane-forest", LOCATION, "the Candy Cane Forest", "CANE", ((8, 6), (9, 6))),
    Token("gumdrop-village", LOCATION, "Gumdrop Village", "GUMD", ((18, 7), (19, 7))),
    Token("central-park", LOCATION, "Central Park", "PARK", ((4, 10), (5, 10))),
    Token("worlds-best-coffee", LOCATION, "the World's Best Cup of Coffee", "CAFE", ((15, 11), (16, 11))),
    Token("gimbels", LOCATION, "Gimbels", "GIMB", ((22, 11), (23, 11))),
    Token("g1", GINGERBREAD, "Gingerbread Man 1", "G1", ((6, 1),)),
    Token("g2", GINGERBREAD, "Gingerbread Man 2", "G2", ((14, 5),)),
    Token("g3", GINGERBREAD, "Gingerbread Man 3", "G3", ((2, 7),)),
    Token("g4", GINGERBREAD, "Gingerbread Man 4", "G4", ((23, 7),)),
    Token("floe-a", FLOE, "the northern Ice Floe", "~~~~", ((23, 3), (24, 3))),
    Token("floe-b", FLOE, "the southern Ice Floe", "~~~~", ((1, 10), (2, 10))),
    Token("syrup-1", SYRUP, "Maple Syrup jar 1", "S1%%", ((16, 1), (17, 1))),
    Token("syrup-2", SYRUP, "Maple Syrup jar 2", "S2%%", ((7, 10), (8, 10))),
)
"""Every token, in a fixed order (the order tokens touched at one cell resolve in)."""

TOKEN_INDEX = {t.id: i for i, t in enumerate(TOKENS)}
T_END = 0
LOCATIONS = tuple(i for i, t in enumerate(TOKENS) if t.kind == LOCATION)
SPOTS = tuple(i for i, t in enumerate(TOKENS) if t.kind == GINGERBREAD)
"""Gingerbread spots g1-g4 (token indexes); gingerbread value i sits on SPOTS[i]."""
FLOES = (TOKEN_INDEX["floe-a"], TOKEN_INDEX["floe-b"])
FLOE_BITS = sum(1 << f for f in FLOES)
"""The floes in a live mask: an Ice Floe jump spends both before its card resolves."""
SPOT_IDS = tuple(TOKENS[i].id for i in SPOTS)
OTHER_FLOE = {FLOES[0]: FLOES[1], FLOES[1]: FLOES[0]}
FLOE_CELLS: dict[int, tuple[int, ...]] = {f: tuple(cell(x, y) for x, y in TOKENS[f].cells) for f in FLOES}
ALL_LIVE = (1 << len(TOKENS)) - 1
"""Bit mask with every token on the board and working."""


def _touch_table() -> tuple[tuple[int, ...], ...]:
    table = []
    for c in range(CELLS):
        x, y = XY[c]
        table.append(
            tuple(i for i, t in enumerate(TOKENS) if any(abs(x - tx) <= 1 and abs(y - ty) <= 1 for tx, ty in t.cells))
        )
    return tuple(table)


TOUCH: tuple[tuple[int, ...], ...] = _touch_table()
"""Cell -> the tokens a card on that cell touches (Chebyshev distance <= 1), in token order."""

TOUCHES_END: tuple[bool, ...] = tuple(T_END in t for t in TOUCH)


def touched(cells: Iterable[int], live: int) -> list[tuple[int, int]]:
    """The tokens a card laid over ``cells`` (in path order) triggers, in the order they resolve.

    ``(token, cell)`` pairs: each token of the ``live`` mask (a bit per token still working)
    that the cells touch, once, at the first cell that touches it.  The rules, the bots and
    the preview all resolve a card through this (the rules and the bots through the
    ``touches`` each legal placement lists once, with every token live).

        >>> cells = [cell(18, 1), cell(19, 1), cell(20, 1)]
        >>> [(TOKENS[t].id, XY[c]) for t, c in touched(cells, ALL_LIVE)]
        [('syrup-1', (18, 1)), ('wise-snowman', (19, 1))]
        >>> [TOKENS[t].id for t, c in touched(cells, ALL_LIVE & ~(1 << TOKEN_INDEX["syrup-1"]))]
        ['wise-snowman']
    """
    seen = 0
    out = []
    for c in cells:
        for t in TOUCH[c]:
            bit = 1 << t
            if not seen & bit and live & bit:
                seen |= bit
                out.append((t, c))
    return out


ZONE: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(XY[c] for c in range(CELLS) if i in TOUCH[c]) for i in range(len(TOKENS))
)
"""Token index -> the cells (x, y) that touch it, its touch zone (what a preview highlights)."""

# -- scoring slots and Goal cards ------------------------------------------------------------

SLOT_VALUES = (3, 3, 2, 2, 1, 1)
"""The six Scoring Slots, left to right; the 7th location taken is worth 0."""

SNOW_GLOBE_POINTS = 2
GINGERBREAD_VALUES = (1, 2, 2, 3)


def slot_value(index: int) -> int:
    """Points of the location taken ``index``-th (0-based): 3 3 2 2 1 1, then 0."""
    return SLOT_VALUES[index] if index < len(SLOT_VALUES) else 0


GOALS: dict[str, tuple[str, str, str]] = {
    "goal-1": ("gumdrop-village", "central-park", "wise-snowman"),
    "goal-2": ("central-park", "worlds-best-coffee", "mr-narwhal"),
    "goal-3": ("worlds-best-coffee", "wise-snowman", "gimbels"),
    "goal-4": ("wise-snowman", "mr-narwhal", "candy-cane-forest"),
    "goal-5": ("mr-narwhal", "gimbels", "gumdrop-village"),
    "goal-6": ("gimbels", "candy-cane-forest", "central-park"),
    "goal-7": ("candy-cane-forest", "gumdrop-village", "worlds-best-coffee"),
}
"""The seven Goal cards: a Fano plane over the seven locations (goal-1 is the rulebook's card)."""
GOAL_IDS = tuple(GOALS)
GOAL_MASKS: dict[str, int] = {goal: sum(1 << TOKEN_INDEX[loc] for loc in locs) for goal, locs in GOALS.items()}
"""Goal card -> its three locations as a bit mask of token indexes (as a live mask holds them)."""
