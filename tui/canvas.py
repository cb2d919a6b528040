"""A grid of styled characters that boards are drawn on, turned into Rich ``Text``.

Writing past an edge is cut off, so a drawing may run off its canvas::

    >>> canvas = Canvas(6, 2)
    >>> canvas.put(4, 0, "abc")
    >>> canvas.put(-1, 1, "xyz", "bold")
    >>> canvas.text().plain
    '    ab\\nyz    '
"""

from __future__ import annotations

from rich.text import Text


class Canvas:
    """A fixed grid of ``width`` × ``height`` styled characters, blank to begin with."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells = [[(" ", "")] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str | Text, style: str = "") -> None:
        """Write ``text`` from ``(x, y)`` on one row; a ``Text`` keeps its own styles (its base
        style, or else ``style``, under its spans)."""
        if not 0 <= y < self.height:
            return
        if isinstance(text, Text):
            styles = [str(text.style) or style] * len(text.plain)
            for span in text.spans:
                styles[span.start : span.end] = [str(span.style)] * (min(span.end, len(styles)) - span.start)
            for i, (ch, char_style) in enumerate(zip(text.plain, styles, strict=True)):
                self.put(x + i, y, ch, char_style)
            return
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                self.cells[y][x + i] = (ch, style)

    def rows(self) -> list[Text]:
        """Each row as a ``Text``."""
        out = []
        for row in self.cells:
            line = Text()
            for ch, style in row:
                line.append(ch, style)
            out.append(line)
        return out

    def text(self) -> Text:
        """The whole canvas, its rows joined by newlines."""
        return Text("\n").join(self.rows())
