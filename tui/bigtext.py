"""Big letters for the TV: a join code, a table's number or an address read across a room.

A 5×7 pixel font of the letters A–Z, the digits and ``. : -`` (:data:`FONT`), drawn with half
blocks (``▀ ▄ █``): a text row holds two rows of pixels, so a letter is 5 columns by 4 rows at
scale 1, 10 by 7 at scale 2, 15 by 11 at scale 3.  Block characters are drawn by every terminal
and by the web TV's terminal alike, and read the same in any colour or none (NO_COLOR).

    >>> print("\\n".join(line.replace(" ", "·") for line in big_lines("K7", 1)))
    █··▄▀·▀▀▀▀█
    █▄▀·····▄▀·
    █·▀▄···█···
    ▀···▀··▀···

:class:`BigText` draws its text at the largest scale that fits its width, up to :attr:`BigText.most`
(the screen says how tall it may be), and as plain bold letters where even scale 1 does not fit
or a character has no glyph.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from .palette import ink, paint

_GLYPHS = """
A .###. #...# #...# ##### #...# #...# #...#
B ####. #...# #...# ####. #...# #...# ####.
C .###. #...# #.... #.... #.... #...# .###.
D ####. #...# #...# #...# #...# #...# ####.
E ##### #.... #.... ####. #.... #.... #####
F ##### #.... #.... ####. #.... #.... #....
G .###. #...# #.... #.### #...# #...# .###.
H #...# #...# #...# ##### #...# #...# #...#
I .###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.
J ..### ...#. ...#. ...#. ...#. #..#. .##..
K #...# #..#. #.#.. ##... #.#.. #..#. #...#
L #.... #.... #.... #.... #.... #.... #####
M #...# ##.## #.#.# #.#.# #...# #...# #...#
N #...# #...# ##..# #.#.# #..## #...# #...#
O .###. #...# #...# #...# #...# #...# .###.
P ####. #...# #...# ####. #.... #.... #....
Q .###. #...# #...# #...# #.#.# #..#. .##.#
R ####. #...# #...# ####. #.#.. #..#. #...#
S .#### #.... #.... .###. ....# ....# ####.
T ##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..
U #...# #...# #...# #...# #...# #...# .###.
V #...# #...# #...# #...# #...# .#.#. ..#..
W #...# #...# #...# #.#.# #.#.# #.#.# .#.#.
X #...# #...# .#.#. ..#.. .#.#. #...# #...#
Y #...# #...# .#.#. ..#.. ..#.. ..#.. ..#..
Z ##### ....# ...#. ..#.. .#... #.... #####
0 .###. #...# #..## #.#.# ##..# #...# .###.
1 ..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.
2 .###. #...# ....# ...#. ..#.. .#... #####
3 ##### ...#. ..#.. ...#. ....# #...# .###.
4 ...#. ..##. .#.#. #..#. ##### ...#. ...#.
5 ##### #.... ####. ....# ....# #...# .###.
6 ..##. .#... #.... ####. #...# #...# .###.
7 ##### ....# ...#. ..#.. .#... .#... .#...
8 .###. #...# #...# .###. #...# #...# .###.
9 .###. #...# #...# .#### ....# ...#. .##..
. .. .. .. .. .. ## ##
: .. ## ## .. ## ## ..
- .... .... .... #### .... .... ....
_ ... ... ... ... ... ... ...
"""

FONT: dict[str, tuple[str, ...]] = {
    (" " if line[0] == "_" else line[0]): tuple(line[2:].split()) for line in _GLYPHS.strip().splitlines()
}
"""Each character's seven rows of pixels (``#`` on, ``.`` off), by the character (``_`` above: the space)."""

HALVES = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
"""The character of a text cell from its two pixels, the upper and the lower."""


def drawable(text: str) -> bool:
    """True when every character of ``text`` has a glyph (letters in either case).

    >>> drawable("k7qf2m"), drawable("192.168.1.20:7737"), drawable("Ana!")
    (True, True, False)
    """
    return bool(text) and all(c in FONT for c in text.upper())


def big_width(text: str, scale: int) -> int:
    """The columns ``text`` takes at ``scale``: its glyphs, a column of pixels between each two.

    >>> big_width("K7QF2M", 1), big_width("K7QF2M", 3)
    (35, 105)
    """
    glyphs = [FONT[c] for c in text.upper()]
    return scale * (sum(len(g[0]) for g in glyphs) + len(glyphs) - 1)


def big_rows(scale: int) -> int:
    """The text rows a line of big letters takes at ``scale`` (two pixel rows a text row).

    >>> [big_rows(s) for s in (1, 2, 3, 4)]
    [4, 7, 11, 14]
    """
    return (7 * scale + 1) // 2


def big_lines(text: str, scale: int) -> list[str]:
    """``text`` in big letters at ``scale``: :func:`big_rows` lines of :func:`big_width` columns."""
    pixels = ["" for _ in range(7)]
    for i, c in enumerate(text.upper()):
        for row, bits in enumerate(FONT[c]):
            pixels[row] += ("." if i else "") + bits
    grid = [[bit == "#" for bit in row for _ in range(scale)] for row in pixels for _ in range(scale)]
    if len(grid) % 2:
        grid.append([False] * len(grid[0]))
    return [
        "".join(HALVES[upper, lower] for upper, lower in zip(grid[y], grid[y + 1], strict=True))
        for y in range(0, len(grid), 2)
    ]


class BigText(Widget):
    """``text`` in big letters (:func:`big_lines`) in the palette's ``colour``, under its
    ``label`` in words, as large as fits its width up to :attr:`most`.  Where even scale 1 does
    not fit, or a character has no glyph: the label and the text on one line in bold letters,
    or nothing at all without ``words`` (the text is said elsewhere too).  Big letters have
    ``gap`` blank lines above them.  Centred in its width; as tall as its lines."""

    DEFAULT_CSS = """
    BigText { width: 1fr; height: auto; text-align: center; }
    """

    text: reactive[str] = reactive("", layout=True)
    label: reactive[str] = reactive("", layout=True)
    most: reactive[int] = reactive(1, layout=True)
    """The largest scale the screen has room for (0: words only)."""

    def __init__(self, text: str = "", *, label: str = "", colour: str = "yellow", words: bool = True, gap: int = 0,
                 id: str | None = None) -> None:  # fmt: skip
        super().__init__(id=id)
        self.colour = colour
        self.words = words
        self.gap = gap
        self.set_reactive(BigText.text, text)
        self.set_reactive(BigText.label, label)

    def scale(self, width: int) -> int:
        """The largest scale at which the text fits ``width`` columns (0: none)."""
        if not drawable(self.text):
            return 0
        return next((s for s in range(self.most, 0, -1) if big_width(self.text, s) <= width), 0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        scale = self.scale(width)
        if not scale:
            return 1 if self.words else 0
        return self.gap + bool(self.label) + big_rows(scale)

    def render(self) -> RenderableType:
        scale = self.scale(self.content_size.width)
        if not scale:
            if not self.words:
                return Text()
            return Text.assemble(f"{self.label}: " if self.label else "", paint(self.text, ink(self.colour)))
        lines = [paint(line, ink(self.colour)) for line in big_lines(self.text, scale)]
        return Text("\n").join([Text()] * self.gap + ([Text(self.label)] if self.label else []) + lines)
