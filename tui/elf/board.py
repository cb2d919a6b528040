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
"""

from __future__ import annotations

from itertools import pairwise

from rich.text import Text

from yule.core.elf.board import AREA_W, HEADINGS, START_CELL, TOKEN_INDEX, TOKENS, VEC, XY, on_board
from yule.core.elf.preview import PlacementPreview
from yule.core.elf.views import ElfView

START = XY[START_CELL]
ARROWS = {"N": "^", "E": ">", "S": "v", "W": "<", "NE": "↗", "SE": "↘", "SW": "↙", "NW": "↖"}
DIRECTION = dict(zip(VEC, HEADINGS, strict=True))
"""A step between neighbouring cells, (dx, dy), as its heading."""

_SINGLE = {
    "N": "│", "S": "│", "NS": "│", "E": "─", "W": "─", "EW": "─",
    "EN": "└", "NW": "┘", "ES": "┌", "SW": "┐",
    "ENS": "├", "NSW": "┤", "ESW": "┬", "ENW": "┴", "ENSW": "┼",
}  # fmt: skip
_DOUBLE = {key: "║═╚╝╔╗╠╣╦╩╬"["│─└┘┌┐├┤┬┴┼".index(glyph)] for key, glyph in _SINGLE.items()}

STYLE = {
    "board": "dim",
    "path": "bold",
    "buddy": "bold reverse",
    "preview": "bold black on yellow",
    "touch": "bold yellow",
    "trigger": "bold reverse yellow",
    "spent": "dim",
    "start": "bold",
}
KIND_STYLE = {
    "location": "bold magenta",
    "gingerbread": "bold #d78700",
    "syrup": "bold #af5f00",
    "floe": "bold cyan",
    "end": "bold green",
}


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


class Canvas:
    """The play area as a grid of two-character cells, each with a style."""

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


def board_rows(view: ElfView, preview: PlacementPreview | None) -> list[Text]:
    """The 18 rows of 60 characters of the play area, with ``preview`` (an entry of
    :func:`yule.core.elf.preview.preview`) laid over it when given."""
    canvas = Canvas()
    triggered = {t["token"] for t in preview["triggers"]} if preview else set()
    for x, y in preview["touch"] if preview else []:
        chars, _ = canvas.cells.get((x, y), ("  ", ""))
        canvas.put(x, y, "+ " if chars in (". ", "  ") else chars, STYLE["touch"])
    canvas.put(*START, "vv", STYLE["start"])
    tokens = view["tokens"]
    for token_id, token in tokens.items():
        label = token["label"] if token["live"] else spent_label(token["label"])
        style = KIND_STYLE.get(token["kind"], "bold") if token["live"] else STYLE["spent"]
        if token_id in triggered:
            style = STYLE["trigger"]
        for i, (x, y) in enumerate(token["cells"]):
            canvas.put(x, y, label[2 * i : 2 * i + 2].ljust(2), style)
    for (x, y), dirs in path_links(view).items():
        token_here = next((t for t in tokens.values() if [x, y] in t["cells"] and t["live"]), None)
        if token_here is not None:
            continue  # a live token under a path (only a floe can be) stays readable
        canvas.put(x, y, glyph(dirs) + ("─" if "E" in dirs else " "), STYLE["path"])
    if preview is not None:
        links: dict[tuple[int, int], set[str]] = {}
        cells = [xy(c) for c in preview["cells"]]
        origin = xy(preview["move"]["floe"]) if preview["move"].get("floe") else xy(view["arrow"]["cell"])
        _link(links, origin, cells[0], both=False)
        for a, b in pairwise(cells):
            _link(links, a, b)
        end = xy(preview["arrow"]["cell"])
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
