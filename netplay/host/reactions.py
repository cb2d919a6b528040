"""Reactions at the host: a quick "Nice!" or "Merry Christmas!" passed on to a table, never kept.

Anyone at a table (seated, watching, organising) may send ``{"type": "react", "table": T,
"code": c}``, ``c`` one of :data:`~yule.netplay.asks.REACTIONS` (a code, never words: each
client words it in its reader's language, so there is nothing to clean; any other code is
refused as an invalid frame, before it gets here).  Every connection at that table, and nobody
else, then receives ``{"type": "reaction", "table": T, "seat": s or None, "name": str, "code": c}``
(``seat`` is ``None`` for someone not seated there; ``name`` is how the table names the sender:
their seat's name, else their own).  Each connection may send
:attr:`~yule.netplay.host.connection.Limits.react_burst` reactions at once and then one every
``1 / react_rate`` seconds (``react_flood`` refuses the rest; the connection stays); someone
not at the table is refused with ``react_not_at_table``, a table the host does not hold with
``no_table``.

A reaction is not stored, not in the table's log, not in a game record, and not sent again to
whoever joins later: a connection that is behind on reading misses it (it gets the table as it
is now, which has no reactions).
"""

from __future__ import annotations

from ..frames import ReactionFrame
from ..refusal import RequestError
from ..wire import encode
from .audience import Audience
from .connection import Connection


def react(audience: Audience, conn: Connection, code: str) -> None:
    """``conn`` reacts with ``code`` at the table of ``audience``: everyone there, and nobody
    else, is told (see the module docstring)."""
    if conn not in audience.connections():
        raise RequestError("react_not_at_table")
    if not conn.react_tokens.take():
        raise RequestError("react_flood")
    table = audience.table
    frame: ReactionFrame = {"type": "reaction", "table": table.id, "seat": conn.seats.get(table.id),
                            "name": audience.name_of(conn), "code": code}  # fmt: skip
    sent = encode(frame)
    for other in audience.connections():
        other.send_table(table.id, sent)
