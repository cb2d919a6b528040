"""Text typed by people (names, table labels, log lines) made safe to show literally.

Names reach the screen as plain strings, never as Rich or Textual markup, and with their
control characters spelled out, so a name such as ``"\\x1b[31mEve"`` cannot steer the
terminal and ``"[bold red]Eve[/]"`` shows its brackets::

    >>> literal("\\x1b[31mEve\\u202e")
    '\\\\x1b[31mEve\\\\u202e'
    >>> literal("Annabelle-Marie", 8)
    'Annabel…'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from rich.text import Text

from .words import seat as seat_of
from .words import t


def literal(text: object, limit: int | None = None) -> str:
    """``text`` as a string whose control and format characters are written as escapes."""
    out = []
    for ch in str(text):
        if unicodedata.category(ch).startswith("C"):
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    shown = "".join(out)
    if limit is not None and len(shown) > limit:
        shown = shown[: limit - 1] + "…"
    return shown


def plain(text: object, style: str = "", limit: int | None = None) -> Text:
    """A Rich ``Text`` showing ``text`` literally (no markup is ever parsed)."""
    return Text(literal(text, limit), style=style)


def name_and_tag(name: str, tag: str, width: int, style: str = "", tag_style: str = "italic") -> Text:
    """A seat's name and its tag (``you``, ``bot``, ``away: bot``) in ``width`` cells at most:
    the name is cut, never the tag, unless the name would keep fewer than 3 cells (then the tag
    goes and the name has the room).

    >>> name_and_tag("Cynthia", "away: bot", 15).plain, name_and_tag("Cy", "bot", 15).plain
    ('Cy… (away: bot)', 'Cy (bot)')
    >>> name_and_tag("Cynthia", "away: bot", 12).plain
    'Cynthia'
    """
    text = plain(name, style)
    marks = Text(f" ({tag})", tag_style) if tag else Text()
    room = width - marks.cell_len
    if room < min(3, text.cell_len):
        marks, room = Text(), width
    text.truncate(room, overflow="ellipsis")
    return text + marks


def seat_name(names: list[str], seat: int | None) -> str:
    """The literal name of ``seat``, or ``Seat N`` when the table has no name for it."""
    return t("nobody") if seat is None else literal(seat_of(names, seat))


def wrap_words(words: list[Text], width: int, indent: str, first: str | None = None) -> Text:
    """Words on lines no wider than ``width`` (a word is never cut, and only a word wider than a
    line is wider), each line indented (the first by ``first`` when given).

    >>> wrap_words([Text("GB 7"), Text("SK 1"), Text("?3")], 12, "  ").plain
    '  GB 7 SK 1\\n  ?3'
    >>> wrap_words([Text("Junk"), Text("BH 2"), Text("= 9")], 12, "     ", first="").plain
    'Junk BH 2\\n     = 9'
    """
    out = Text(indent if first is None else first)
    start = column = out.cell_len
    for word in words:
        if column > start and column + 1 + word.cell_len > width:
            out.append("\n" + indent)
            start = column = len(indent)
        elif column > start:
            out.append(" ")
            column += 1
        out.append_text(word)
        column += word.cell_len
    return out


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """A Markdown table of literal text: ``|``, backslashes and line breaks in a cell are escaped.

    >>> print(markdown_table(["Guest", "Gift"], [["Ana", "Mug | big"]]))
    | Guest | Gift |
    |---|---|
    | Ana | Mug \\| big |
    """

    def cell(text: str) -> str:
        return " ".join(literal(text).replace("\\", "\\\\").replace("|", "\\|").split())

    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)
