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
cap on rolls, how many are left.  The TV of a big screen draws it at scale 2: each space 20 × 8,
its pile as tall blocks counted in words (``3 cards``), and the die and its digit twice as large.
"""

from __future__ import annotations

from rich.text import Text

from ...core.white_rabbit.views import Pile, WhiteRabbitView
from ..canvas import Canvas
from ..palette import paint
from ..words import t, tn, tp
from .cards import MAX_STYLE

CELLS: tuple[tuple[int, int], ...] = ((1, 0), (2, 0), (3, 3), (3, 8), (2, 11), (1, 11), (0, 8), (0, 3))
"""Where each space's box stands, spaces 0-7 clockwise from the top left: its column in the
ring (0-3) and its row at scale 1."""
SIZES = {1: (12, 4), 2: (20, 8)}
"""A space's box at each scale: columns, rows."""
ROWS = 15
"""The board's rows at scale 1 (twice as many at scale 2)."""


def board_size(scale: int = 1) -> tuple[int, int]:
    """The board's columns and rows: 48 × 15 at scale 1, 80 × 30 at scale 2.

    >>> board_size(1), board_size(2)
    ((48, 15), (80, 30))
    """
    return 4 * SIZES[scale][0], ROWS * scale


BORDERS: dict[str, tuple[str, ...]] = {
    "plain": tuple("┌─┐│└┘"),
    "rabbit": tuple("╔═╗║╚╝"),
    "marked": tuple("┏━┓┃┗┛"),
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
ARMS = {"━": "E", "╺": "E", "┗": "E", "┻": "E", "┏": "ES", "┣": "ES", "┃": "S", "┓": "S", "┫": "S", "╻": "S"}
"""The heavy lines of the big digits that go on east or south (to stretch them)."""
MARK_STYLE = "bold reverse"


def stretch(lines: tuple[str, ...]) -> list[str]:
    """Line art twice as wide and twice as tall, its lines kept joined.

    >>> stretch(("┏━╸", "┗━┓"))
    ['┏━━━╸ ', '┃     ', '┗━━━┓ ', '    ┃ ']
    """
    out = []
    for line in lines:
        out.append("".join(ch + ("━" if "E" in ARMS.get(ch, "") else " ") for ch in line))
        out.append("".join(("┃" if "S" in ARMS.get(ch, "") else " ") + " " for ch in line))
    return out


def _box(canvas: Canvas, x: int, y: int, size: tuple[int, int], kind: str, style: str) -> None:
    tl, h, tr, v, bl, br = BORDERS[kind]
    width, height = size
    canvas.put(x, y, tl + h * (width - 2) + tr, style)
    for row in range(1, height - 1):
        canvas.put(x, y + row, v, style)
        canvas.put(x + width - 1, y + row, v, style)
    canvas.put(x, y + height - 1, bl + h * (width - 2) + br, style)


def pile_line(pile: Pile) -> Text:
    """``MAX ▮▮▮ 3``: Max on top (if he is), a block per rabbit card and their count."""
    rabbits = pile["cards"] - (1 if pile["max"] else 0)
    line = Text()
    if pile["max"]:
        line.append_text(paint("MAX", MAX_STYLE))
        line.append(" ")
    line.append(f"{'▮' * rabbits} {rabbits}" if rabbits else tp("pile", "empty"), "" if rabbits else "dim")
    return line


def big_pile(pile: Pile) -> list[Text]:
    """A pile at scale 2 on four lines: ``MAX`` when he is on top, a tall block per rabbit card
    (two lines; side by side once they are many), and their count in words.

    >>> [line.plain for line in big_pile({"cards": 3, "max": True})]
    ['MAX', '█ █', '█ █', '2 cards']
    >>> big_pile({"cards": 12, "max": False})[1].plain
    '████████████'
    """
    rabbits = pile["cards"] - (1 if pile["max"] else 0)
    inside = SIZES[2][0] - 2
    blocks = Text(" ".join("█" * rabbits) if 2 * rabbits - 1 <= inside else "█" * min(rabbits, inside))
    count = Text(tn("{n} card", "{n} cards", rabbits) if rabbits else tp("pile", "empty"), "" if rabbits else "dim")
    return [paint("MAX", MAX_STYLE) if pile["max"] else Text(), blocks, blocks.copy(), count]


def marks(view: WhiteRabbitView, cursor: int | None) -> dict[int, str]:
    """The words on each marked space: where each direction lands, or where Max would go."""
    out: dict[int, str] = {}
    landing = view["landing"]
    if landing:
        cw, ccw = landing["cw"], landing["ccw"]
        if cw == ccw:
            # Translators: on a space of the board, 10 characters at most: both ways land here
            out[cw] = t("◄ BOTH ►")
        else:
            # Translators: on a space of the board, 10 characters at most (as "RIGHT ►")
            out[ccw], out[cw] = t("◄ LEFT"), t("RIGHT ►")
    if cursor is not None:
        # Translators: on a space of the board, 10 characters at most
        out[cursor] = t("MAX HERE?")
    return out


def die_lines(value: int | None, scale: int = 1) -> list[str]:
    """The die as 5 lines of 9 characters (a ``?`` before the first roll); at scale 2, 9 lines
    of 17 with room between the pips."""
    face = PIPS[value] if value else ("     ", "  ?  ", "     ")
    if scale == 1:
        return ["┌───────┐", *(f"│ {row} │" for row in face), "└───────┘"]
    blank = "│" + " " * 15 + "│"
    rows = [f"│  {'    '.join(row[0:5:2])}  │" for row in face]
    return ["┌" + "─" * 15 + "┐", blank, rows[0], blank, rows[1], blank, rows[2], blank, "└" + "─" * 15 + "┘"]


def board_text(
    view: WhiteRabbitView, cursor: int | None = None, fresh: bool = True, caption: str = "", scale: int = 1
) -> Text:
    """The board for ``view``; ``cursor`` marks where Max would go; a stale die is dimmed.

    ``caption`` (at most 22 characters, no names: their width varies) goes above the die.  At
    ``scale`` 2 (the TV of a big screen) every space, its pile and the die are twice as large.
    """
    width, height = board_size(scale)
    size = cell_w, cell_h = SIZES[scale]
    canvas = Canvas(width, height)
    rabbit = view["rabbit"]
    marked = marks(view, cursor)
    for space, pile in enumerate(view["piles"]):
        x, y = CELLS[space][0] * cell_w, CELLS[space][1] * scale
        kind = "marked" if space in marked else "rabbit" if space == rabbit else "plain"
        _box(canvas, x, y, size, kind, "bold" if kind != "plain" else "")
        canvas.put(x + 2, y, f" {space} ", "bold")
        lines = [pile_line(pile)] if scale == 1 else big_pile(pile)
        for row, line in enumerate(lines, start=1):
            canvas.put(x + 1 + (cell_w - 2 - line.cell_len) // 2, y + row, line)
        if space in marked:
            canvas.put(x + 1, y + 1 + len(lines), f"{marked[space][: cell_w - 2]:^{cell_w - 2}}", MARK_STYLE)
        if space == rabbit:
            # Translators: in the border of the space the rabbit stands on, 7 characters at most
            canvas.put(x + 2, y + cell_h - 1, " " + t("RABBIT")[: cell_w - 5] + " ", "bold reverse")
    die = view["die"]
    die_style = "bold" if fresh and die else "dim"
    canvas.put(cell_w + 1, 4 * scale, f"{caption[:22]:^{2 * cell_w - 2}}", "bold")
    face = die_lines(die, scale)
    digit = (list(BIG_DIGITS[die]) if scale == 1 else stretch(BIG_DIGITS[die])) if die else []
    x = cell_w + 5 if scale == 1 else 2 * cell_w - (len(face[0]) + 2 + 6) // 2  # the die and digit centred
    for row, art in enumerate(face):
        canvas.put(x, 5 * scale + row, art, die_style)
    for row, art in enumerate(digit):
        canvas.put(x + len(face[0]) + 1, 5 * scale + scale + row, art, die_style)
    left = rolls_left(view)
    if left is not None:
        canvas.put(cell_w + 1, 10 * scale, f"{left[:22]:^{2 * cell_w - 2}}", "bold")
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
    # Translators: under the die, 22 characters at most
    return tn("only {n} roll left!", "only {n} rolls left!", left)
