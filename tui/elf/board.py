"""The Elf play area as text: 30 × 18 cells, two characters each, drawn from a view alone.

Board cells are ``. ``, the 2-cell margin is blank.  Tokens show their short labels (``NARW``,
``G1``, ``S1%%``, ``~~~~``, ``NYC*``); a token that is taken or spent shows in lower case and
dim (``narw``, ``g1``, ``s1%%``, floes ``x~~x``).  Laid path cards are single box lines: the
first character of a cell is its line, the second is ``─`` when the path goes on east.  Buddy
is ``@`` and an arrow for his heading.  A previewed card is drawn in double lines (``═║╔``)
with its new arrow, and the touch zone of every token it would trigger is marked ``+``::

    >>> view = {"arrow": {"cell": [12, 0], "heading": "S"}, "paths": [], "tokens": {}}
    >>> rows = board_rows(view, None)
    >>> len(rows), {row.cell_len for row in rows}
    (18, {60})
    >>> rows[2].plain[28:30]
    '@v'

A big screen (the TV's, or a player's from 160×45) draws it at scale 2 (:func:`big_board_rows`):
each cell four characters wide and two rows tall, laid paths in heavy lines, a preview in double
lines::

    >>> rows = board_rows(view, None, scale=2)
    >>> len(rows), {row.cell_len for row in rows}
    (36, {120})
    >>> rows[4].plain[56:58]
    '@v'
"""

from __future__ import annotations

from itertools import pairwise
from typing import NamedTuple

from rich.text import Text

from ...core.elf.board import AREA_W, HEADINGS, MARGIN, START_CELL, TOKEN_INDEX, TOKENS, VEC, XY, on_board
from ...core.elf.preview import PlacementPreview
from ...core.elf.views import ElfView
from ..canvas import Canvas
from ..palette import badge, ink

START = XY[START_CELL]
ARROWS = {"N": "^", "E": ">", "S": "v", "W": "<", "NE": "↗", "SE": "↘", "SW": "↙", "NW": "↖"}
DIRECTION = dict(zip(VEC, HEADINGS, strict=True))
"""A step between neighbouring cells, (dx, dy), as its heading."""
STEP = dict(zip(HEADINGS, VEC, strict=True))
"""A heading as the step, (dx, dy), to the neighbouring cell that way."""

_SINGLE = {
    "N": "│", "S": "│", "NS": "│", "E": "─", "W": "─", "EW": "─",
    "EN": "└", "NW": "┘", "ES": "┌", "SW": "┐",
    "ENS": "├", "NSW": "┤", "ESW": "┬", "ENW": "┴", "ENSW": "┼",
}  # fmt: skip
_DOUBLE = {key: "║═╚╝╔╗╠╣╦╩╬"["│─└┘┌┐├┤┬┴┼".index(glyph)] for key, glyph in _SINGLE.items()}
_HEAVY = {key: "┃━┗┛┏┓┣┫┳┻╋"["│─└┘┌┐├┤┬┴┼".index(glyph)] for key, glyph in _SINGLE.items()}

STYLE = {
    "board": "dim",
    "path": "bold",
    "buddy": "bold reverse",
    "preview": badge("yellow"),
    "touch": ink("yellow"),
    "trigger": badge("yellow"),
    "spent": "dim",
    "start": "bold",
}
KIND_STYLE = {
    "location": ink("reddish-purple"),
    "gingerbread": ink("orange"),
    "syrup": ink("vermillion"),
    "floe": ink("sky-blue"),
    "end": ink("bluish-green"),
}
"""Each kind of token in its colour of the palette (its label says it too: ``G1``, ``S1%%``)."""


def spent_label(label: str) -> str:
    """A taken or spent token's label: lower case, or ``x~~x`` for a label without letters.

    >>> spent_label("NARW"), spent_label("S1%%"), spent_label("~~~~")
    ('narw', 's1%%', 'x~~x')
    """
    if any(ch.isalpha() for ch in label):
        return label.lower()
    return "x" + label[1:-1] + "x"


def _corner_free(dirs: set[str]) -> str:
    """The key of a cell's glyph: diagonal steps folded into the straight direction across
    the cell's other line, so a corner card draws as a step (``┐`` then ``└``)."""
    straight = {d for d in dirs if len(d) == 1}
    diagonal = {d for d in dirs if len(d) == 2}
    if not straight:
        return ""
    vertical = bool(straight & {"N", "S"})
    for d in diagonal:
        straight.add(d[1] if vertical else d[0])
    return "".join(sorted(straight))


def glyph(dirs: set[str], double: bool = False) -> str:
    """One character for a path cell that connects towards ``dirs``.

    >>> glyph({"W", "SE"}), glyph({"NW", "E"}), glyph({"NE", "SW"}), glyph({"N", "S"}, double=True)
    ('┐', '└', '╱', '║')
    """
    key = _corner_free(dirs)
    if key:
        return (_DOUBLE if double else _SINGLE)[key]
    slash = bool(dirs & {"NE", "SW"})
    backslash = bool(dirs & {"NW", "SE"})
    return "╳" if slash and backslash else "╱" if slash else "╲" if backslash else "·"


def label(token_id: str) -> str:
    """A token's short label (``SNOW``), for places on the board, the slots, the goal and the
    score sheet.

    >>> label("wise-snowman"), label("g2")
    ('SNOW', 'G2')
    """
    return TOKENS[TOKEN_INDEX[token_id]].label if token_id in TOKEN_INDEX else token_id


def xy(cell: list[int]) -> tuple[int, int]:
    """A view's ``[x, y]`` as a canvas cell."""
    return cell[0], cell[1]


def _link(links: dict[tuple[int, int], set[str]], a: tuple[int, int], b: tuple[int, int], both: bool = True) -> None:
    step = DIRECTION.get((b[0] - a[0], b[1] - a[1]))
    if step is None:
        return
    links.setdefault(b, set()).add(DIRECTION[(a[0] - b[0], a[1] - b[1])])
    if both:
        links.setdefault(a, set()).add(step)


def path_links(view: ElfView) -> dict[tuple[int, int], set[str]]:
    """Cell -> the directions its laid path lines go, from every path card in the view."""
    links: dict[tuple[int, int], set[str]] = {}
    previous = START
    for path in view["paths"]:
        cells = [xy(c) for c in path["cells"]]
        floe = path["floe"]
        origin = xy(floe) if floe else previous
        # The North Pole keeps its START mark and a floe its label: only the card's side is drawn.
        _link(links, origin, cells[0], both=origin != START and not floe)
        for a, b in pairwise(cells):
            _link(links, a, b)
        previous = xy(path["arrow"]["cell"])
    return links


class Cells:
    """The play area at scale 1: a grid of two-character cells, each with a style."""

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], tuple[str, str]] = {
            (x, y): (". " if on_board(x, y) else "  ", STYLE["board"]) for x, y in XY
        }

    def put(self, x: int, y: int, chars: str, style: str) -> None:
        if (x, y) in self.cells:
            self.cells[(x, y)] = (chars, style)

    def rows(self) -> list[Text]:
        out = []
        for first in range(0, len(XY), AREA_W):  # XY lists the cells row by row
            row = Text()
            for xy in XY[first : first + AREA_W]:
                chars, style = self.cells[xy]
                row.append(chars, style)
            out.append(row)
        return out


class Token(NamedTuple):
    """A token as the board shows it: its cells, its label (lower case once spent) and style."""

    cells: list[tuple[int, int]]
    label: str
    style: str
    live: bool


def shown_tokens(view: ElfView, triggered: set[str]) -> list[Token]:
    """Every token of the view as drawn; ``triggered``: those a previewed card would trigger."""
    out = []
    for token_id, token in view["tokens"].items():
        live = token["live"]
        style = KIND_STYLE.get(token["kind"], "bold") if live else STYLE["spent"]
        if token_id in triggered:
            style = STYLE["trigger"]
        out.append(
            Token([xy(c) for c in token["cells"]], token["label"] if live else spent_label(token["label"]), style, live)
        )
    return out


def board_rows(view: ElfView, preview: PlacementPreview | None, scale: int = 1) -> list[Text]:
    """The rows of the play area, with ``preview`` (an entry of
    :func:`yule.core.elf.preview.preview`) laid over it when given: 18 rows of 60 characters
    at scale 1; at scale 2, 36 rows of 120 (:func:`big_board_rows`)."""
    if scale == 2:
        return big_board_rows(view, preview)
    canvas = Cells()
    triggered = {trigger["token"] for trigger in preview["triggers"]} if preview else set()
    for x, y in preview["touch"] if preview else []:
        canvas.put(x, y, "+ ", STYLE["touch"])  # only tokens drawn after it are on the cell
    canvas.put(*START, "vv", STYLE["start"])
    tokens = shown_tokens(view, triggered)
    for token in tokens:
        for i, (x, y) in enumerate(token.cells):
            canvas.put(x, y, token.label[2 * i : 2 * i + 2].ljust(2), token.style)
    live = {cell for token in tokens if token.live for cell in token.cells}
    for (x, y), dirs in path_links(view).items():
        if (x, y) not in live:  # a live token under a path (only a floe can be) stays readable
            canvas.put(x, y, glyph(dirs) + ("─" if "E" in dirs else " "), STYLE["path"])
    if preview is not None:
        links, origin, end = preview_links(view, preview)
        if preview["move"].get("floe"):
            chars, _ = canvas.cells[origin]
            canvas.put(*origin, chars, STYLE["preview"])
        for (x, y), dirs in links.items():
            second = ARROWS[preview["arrow"]["heading"]] if (x, y) == end else "═" if "E" in dirs else " "
            canvas.put(x, y, glyph(dirs, double=True) + second, STYLE["preview"])
    arrow = view["arrow"]
    x, y = xy(arrow["cell"])
    canvas.put(x, y, "@" + ARROWS[arrow["heading"]], STYLE["buddy"])
    return canvas.rows()


def preview_links(
    view: ElfView, preview: PlacementPreview
) -> tuple[dict[tuple[int, int], set[str]], tuple[int, int], tuple[int, int]]:
    """A previewed card's lines (cell -> the directions its lines go), where it starts (Buddy's
    cell, or the floe jumped from) and its end (the new arrow's cell)."""
    links: dict[tuple[int, int], set[str]] = {}
    cells = [xy(c) for c in preview["cells"]]
    origin = xy(preview["move"]["floe"]) if preview["move"].get("floe") else xy(view["arrow"]["cell"])
    _link(links, origin, cells[0], both=False)
    for a, b in pairwise(cells):
        _link(links, a, b)
    return links, origin, xy(preview["arrow"]["cell"])


BIG_W, BIG_H = 4, 2
"""A cell at scale 2: four characters wide, two rows tall."""


def corner(cell: tuple[int, int]) -> tuple[int, int]:
    """Where a cell's top-left character stands in the rows of the play area at scale 2.

    >>> corner((-2, -2)), corner((12, 0))
    ((0, 0), (56, 4))
    """
    return BIG_W * (cell[0] + MARGIN), BIG_H * (cell[1] + MARGIN)


SEGMENTS: dict[str, tuple[int, int, str]] = {
    "E": (1, 0, "━━━"),
    "S": (0, 1, "┃"),
    "SE": (2, 1, "╲"),
    "SW": (-2, 1, "╱"),
}
"""At scale 2, the line from a cell to its neighbour that way: where it starts, from the cell's
corner, and its characters; a line going N, W, NE or NW is its neighbour's."""
DOUBLE_SEGMENTS = {way: (dx, dy, line.replace("━", "═").replace("┃", "║")) for way, (dx, dy, line) in SEGMENTS.items()}
"""The same in double lines, for a previewed card."""
OPPOSITE = {"N": "S", "W": "E", "NE": "SW", "NW": "SE"}


def node(dirs: set[str], double: bool = False) -> str:
    """A path cell's character at scale 2, in heavy lines (``double``: double lines), where
    diagonal lines have room of their own: the straight lines only, when there are some.

    >>> node({"W", "SE"}), node({"N", "E"}), node({"NE", "SW"}), node({"N", "S"}), node({"N", "E"}, double=True)
    ('━', '┗', '╱', '┃', '╚')
    """
    straight = "".join(sorted(d for d in dirs if len(d) == 1))
    return (_DOUBLE if double else _HEAVY)[straight] if straight else glyph(dirs)


def big_label(label: str, cells: int) -> str:
    """A token's label across its cells at scale 2: words centred, ice (``~~~~``) filled.

    >>> big_label("NARW", 2), big_label("x~~x", 2), big_label("~~~~", 2), big_label("G1", 1)
    ('  NARW  ', 'x~~~~~~x', '~~~~~~~~', ' G1 ')
    """
    width = BIG_W * cells
    if "~" in label:
        return label[0] + "~" * (width - 2) + label[-1]
    return label.center(width)


def big_board_rows(view: ElfView, preview: PlacementPreview | None = None) -> list[Text]:
    """The play area at scale 2 (a big screen's): 36 rows of 120 characters, each cell four
    characters and two rows, so paths and labels read from across the room.  The same marks as
    at scale 1, with room for the lines: laid paths in heavy lines, their diagonal steps drawn
    as ``╲`` and ``╱`` between cells, each label whole, centred on its cells, and ``preview``
    (a player's) in double lines with its new arrow, the touch zones it reaches marked ``+``."""
    canvas = Canvas(BIG_W * AREA_W, BIG_H * len(XY) // AREA_W)

    def put(cell: tuple[int, int], chars: str, style: str) -> None:
        canvas.put(*corner(cell), chars, style)

    def mark(token: Token) -> None:
        put(token.cells[0], big_label(token.label, len(token.cells)), token.style)

    def lines(links: dict[tuple[int, int], set[str]], style: str, double: bool = False) -> None:
        segments = DOUBLE_SEGMENTS if double else SEGMENTS
        drawn = set()
        for (x, y), dirs in links.items():
            put((x, y), node(dirs, double), style)
            for d in dirs:  # each line between two cells once, also when only one of them has it
                if d in segments:
                    cell, way = (x, y), d
                else:  # the neighbour's line back to this cell
                    (dx, dy), way = STEP[d], OPPOSITE[d]
                    cell = (x + dx, y + dy)
                if (cell, way) not in drawn:
                    drawn.add((cell, way))
                    dx, dy, line = segments[way]
                    left, top = corner(cell)
                    canvas.put(left + dx, top + dy, line, style)

    for x, y in XY:
        if on_board(x, y):
            put((x, y), ".", STYLE["board"])
    for cell in preview["touch"] if preview else []:
        put(xy(cell), "+", STYLE["touch"])
    put(START, "vv", STYLE["start"])
    tokens = shown_tokens(view, {trigger["token"] for trigger in preview["triggers"]} if preview else set())
    for token in tokens:
        if not token.live:
            mark(token)
    lines(path_links(view), STYLE["path"])
    for token in tokens:
        if token.live:  # a live token over a path (only a floe can be) stays readable
            mark(token)
    if preview is not None:
        links, _, end = preview_links(view, preview)
        lines(links, STYLE["preview"], double=True)
        put(end, node(links[end], double=True) + ARROWS[preview["arrow"]["heading"]], STYLE["preview"])
    arrow = view["arrow"]
    put(xy(arrow["cell"]), "@" + ARROWS[arrow["heading"]], STYLE["buddy"])
    return canvas.rows()
