"""Table chat at the host: what people type at a table, cleaned, kept and passed on.

Anyone at a table (seated, watching, organising) may send ``{"type": "chat", "table": T,
"text": str}``; every connection at that table, and nobody else, then receives
``{"type": "chat", "table": T, "seat": s or None, "name": str, "text": str, "game_no": g, "seq": n}``
(``seat`` is ``None`` for someone not seated there; ``game_no`` and ``seq`` say where in the
table's games the line was said: game ``g`` had ``n`` moves then, so a client that gets the
lines again with the log puts each where it was said).  The host cleans the text first (:func:`clean_chat`):
terminal escape sequences and control characters go, whitespace becomes single spaces, and
it is cut to :data:`CHAT_LENGTH` characters; everything else, brackets included, is kept for
clients to show literally.  Each connection may say :data:`~yule.netplay.host.connection.Limits.chat_burst` lines at once and
then one every ``1 / chat_rate`` seconds (``chat_flood`` refuses the rest; the connection stays).

Each table keeps its last :data:`CHAT_KEPT` lines (:class:`TableChat`) in the store, so a host
restart keeps them; they come with the log on join, resume and watch.  Chat is never part of
a game record.

    >>> clean_chat("  \\x1b[31mred\\x1b[0m [bold]text[/]\\n\\tnext ")
    'red [bold]text[/] next'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import CHAT_LENGTH
from ..frames import ChatFrame
from ..names import plain_line

if TYPE_CHECKING:  # its types only
    from .store import ChatRow, Store

CHAT_KEPT = 100
"""Chat lines kept per table and sent to whoever joins, resumes or watches."""


def clean_chat(raw: str) -> str:
    """A chat line as the host passes it on (see the module docstring); empty when nothing is left."""
    return plain_line(raw)[:CHAT_LENGTH].rstrip()


class TableChat:
    """One table's chat lines, the last :data:`CHAT_KEPT` of them, kept in the store."""

    def __init__(self, store: Store, table_id: int) -> None:
        self.store = store
        self.table_id = table_id
        self.lines: list[ChatFrame] = [self._frame(line) for line in store.load_chat(table_id, CHAT_KEPT)]
        """The kept lines as chat frames, oldest first."""

    def _frame(self, line: ChatRow) -> ChatFrame:
        return {"type": "chat", "table": self.table_id, "seat": line.seat, "name": line.name, "text": line.text,
                "game_no": line.game_no, "seq": line.seq}  # fmt: skip

    def say(self, line: ChatRow) -> ChatFrame:
        """Keep a cleaned line (stored before anyone sees it); returns its chat frame."""
        self.store.add_chat(self.table_id, line, keep=CHAT_KEPT)
        frame = self._frame(line)
        self.lines.append(frame)
        del self.lines[:-CHAT_KEPT]
        return frame
