"""The octagonal board in text: 8 spaces with their piles, the rabbit, and the die in the middle.

Space 0 is top left and the numbers go clockwise, as ``cw`` does in the rules.  Each space is a
small box: its number in the top border, its pile (``▮`` per face-down card and the count,
``MAX`` when Max lies on top), a marker line, and ``RABBIT`` in the bottom border of the space
the rabbit stands on (with a double border).  Marked spaces (where each direction would land,
or where Max would go) get a heavy border and words on the marker line, so nothing depends on
colour alone::

    ┌─ 0 ──────┐
    │MAX ▮▮▮ 3 │
    │ ◄ LEFT   │
    └──────────┘

Drawn only from the view: pile sizes, ``max_pile``, ``rabbit``, ``die``, ``landing`` and, near the
cap on rolls, how many are left.
"""

from __future__ import annotations

from rich.text import Text

from yule.core.base import plural
from yule.core.white_rabbit.views import Pile, WhiteRabbitView

from .cards import MAX_STYLE

CELL_WIDTH, CELL_HEIGHT = 12, 4
WIDTH, HEIGHT = 4 * CELL_WIDTH, 15
CELLS: tuple[tuple[int, int], ...] = (
    (12, 0), (24, 0), (36, 3), (36, 8), (24, 11), (12, 11), (0, 8), (0, 3),
)  # fmt: skip
"""Top-left corner of each space's box, spaces 0-7 clockwise from the top left."""

BORDERS = {
    "plain": "┌─┐│└┘",
    "rabbit": "╔═╗║╚╝",
    "marked": "┏━┓┃┗┛",
}
PIPS: dict[int, tuple[str, str, str]] = {
    1: ("     ", "  ●  ", "     "),
    2: ("●    ", "     ", "    ●"),
    3: ("●    ", "  ●  ", "    ●"),
    4: ("●   ●", "     ", "●   ●"),
    5: ("●   ●", "  ●  ", "●   ●"),
    6: ("●   ●", "●   ●", "●   ●"),
}
BIG_DIGITS: dict[int, tuple[str, str, str]] = {
    1: (" ┓ ", " ┃ ", " ┻ "),
    2: ("╺━┓", "┏━┛", "┗━╸"),
    3: ("╺━┓", " ━┫", "╺━┛"),
    4: ("╻ ╻", "┗━┫", "  ╹"),
    5: ("┏━╸", "┗━┓", "╺━┛"),
    6: ("┏━╸", "┣━┓", "┗━┛"),
}
MARK_STYLE = "bold reverse"


class Canvas:
    """A fixed grid of styled characters, turned into one Rich ``Text``."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.rows = [[(" ", "")] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str | Text, style: str = "") -> None:
        """Write ``text`` from ``(x, y)`` (cut at the right edge); a ``Text`` keeps its own styles."""
        if isinstance(text, Text):
            styles = [style] * len(text.plain)
            for span in text.spans:
                styles[span.start : span.end] = [str(span.style)] * (min(span.end, len(styles)) - span.start)
            for i, (ch, char_style) in enumerate(zip(text.plain, styles, strict=True)):
                self.put(x + i, y, ch, char_style)
            return
        for i, ch in enumerate(text[: self.width - x]):
            self.rows[y][x + i] = (ch, style)

    def text(self) -> Text:
        out = Text()
        for y, row in enumerate(self.rows):
            if y:
                out.append("\n")
            for ch, style in row:
                out.append(ch, style)
        return out


def _box(canvas: Canvas, x: int, y: int, kind: str, style: str) -> None:
    tl, h, tr, v, bl, br = BORDERS[kind]
    inside = CELL_WIDTH - 2
    canvas.put(x, y, tl + h * inside + tr, style)
    for row in range(1, CELL_HEIGHT - 1):
        canvas.put(x, y + row, v, style)
        canvas.put(x + CELL_WIDTH - 1, y + row, v, style)
    canvas.put(x, y + CELL_HEIGHT - 1, bl + h * inside + br, style)


def pile_line(pile: Pile) -> Text:
    """``MAX ▮▮▮ 3``: Max on top (if he is), a block per rabbit card and their count."""
    rabbits = pile["cards"] - (1 if pile["max"] else 0)
    line = Text()
    if pile["max"]:
        line.append("MAX", MAX_STYLE)
        line.append(" ")
    line.append(f"{'▮' * rabbits} {rabbits}" if rabbits else "empty", "" if rabbits else "dim")
    return line


def marks(view: WhiteRabbitView, cursor: int | None) -> dict[int, str]:
    """The words on each marked space: where each direction lands, or where Max would go."""
    out: dict[int, str] = {}
    landing = view["landing"]
    if landing:
        cw, ccw = landing["cw"], landing["ccw"]
        if cw == ccw:
            out[cw] = "◄ BOTH ►"
        else:
            out[ccw], out[cw] = "◄ LEFT", "RIGHT ►"
    if cursor is not None:
        out[cursor] = "MAX HERE?"
    return out


def die_lines(value: int | None) -> list[str]:
    """The die as 5 lines of 9 characters (a ``?`` before the first roll)."""
    face = PIPS[value] if value else ("     ", "  ?  ", "     ")
    return ["┌───────┐", *(f"│ {row} │" for row in face), "└───────┘"]


def board_text(view: WhiteRabbitView, cursor: int | None = None, fresh: bool = True, caption: str = "") -> Text:
    """The board for ``view``; ``cursor`` marks where Max would go; a stale die is dimmed.

    ``caption`` (at most 22 characters, no names: their width varies) goes above the die.
    """
    canvas = Canvas(WIDTH, HEIGHT)
    rabbit = view["rabbit"]
    marked = marks(view, cursor)
    for space, pile in enumerate(view["piles"]):
        x, y = CELLS[space]
        kind = "marked" if space in marked else "rabbit" if space == rabbit else "plain"
        style = "bold" if kind != "plain" else ""
        _box(canvas, x, y, kind, style)
        canvas.put(x + 2, y, f" {space} ", "bold")
        line = pile_line(pile)
        canvas.put(x + 1 + (CELL_WIDTH - 2 - len(line)) // 2, y + 1, line)
        if space in marked:
            canvas.put(x + 1, y + 2, f"{marked[space]:^{CELL_WIDTH - 2}}", MARK_STYLE)
        if space == rabbit:
            canvas.put(x + 2, y + CELL_HEIGHT - 1, " RABBIT ", "bold reverse")
    die = view["die"]
    die_style = "bold" if fresh and die else "dim"
    centre = CELL_WIDTH + 5
    canvas.put(CELL_WIDTH + 1, 4, f"{caption[:22]:^22}", "bold")
    for row, line in enumerate(die_lines(die)):
        canvas.put(centre, 5 + row, line, die_style)
    if die:
        for row, line in enumerate(BIG_DIGITS[die]):
            canvas.put(centre + 10, 6 + row, line, die_style)
    left = rolls_left(view)
    if left is not None:
        canvas.put(CELL_WIDTH + 1, 10, f"{left:^22}", "bold")
    return canvas.text()


NEAR_THE_CAP = 50
"""Rolls left to the cap from which the board counts them down."""


def rolls_left(view: WhiteRabbitView) -> str | None:
    """``'only 12 rolls left!'`` once the game is near its cap on rolls, else ``None``: children
    need no counter of hundreds of rolls, only the warning that the game will stop.

    >>> rolls_left({"rolls": 13, "max_rolls": 500}), rolls_left({"rolls": 488, "max_rolls": 500})
    (None, 'only 12 rolls left!')
    >>> rolls_left({"rolls": 499, "max_rolls": 500})
    'only 1 roll left!'
    """
    left = view["max_rolls"] - view["rolls"]
    if not 0 < left <= NEAR_THE_CAP:
        return None
    return f"only {plural(left, 'roll')} left!"
