"""The log of the game at a table: what each move did, and what the table adds, as events.

Every public event of a move becomes a log entry ``{"event": ..., "seq": n}``, and so does each
event the table makes itself: who started the game, a turn timer run out, a stand-in's move the
organiser allowed, a failing bot replaced, an undo, a nudge, someone back.  The host words
none of them: each client words each event in its reader's language (``yule.tui.logwords``).  ``seq`` says where in the game each line was written: the game had ``n``
record moves then (chat lines say the same, so a client puts them among the log's lines); an
undo takes off the lines of the moves it takes back.
The last :data:`LOG_RESENT` entries are kept, for whoever joins, resumes or watches mid-game;
each view frame carries the entries new since the one before.
"""

from __future__ import annotations

from typing import Any

from ...core import Game
from ...core.base import Event
from ..frames import LogEntry

LOG_RESENT = 200
"""Log entries kept per table and sent to whoever joins, resumes or watches mid-game."""


class TableLog:
    """The log of one game of ``game`` at a table: :attr:`entries`, the last :data:`LOG_RESENT`."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.entries: list[LogEntry] = []

    def events(self, events: list[Event], seq: int) -> list[LogEntry]:
        """Public events as entries of a game at ``seq`` moves, kept; the new entries."""
        entries: list[LogEntry] = [{"event": e, "seq": seq} for e in events]
        self.entries.extend(entries)
        del self.entries[:-LOG_RESENT]
        return entries

    def back_to(self, seq: int) -> None:
        """The game is taken back to its first ``seq`` moves (an undo): the lines logged after
        them go, so the entries stay in the order of their ``seq`` (where a client puts the
        chat lines said meanwhile)."""
        self.entries = [entry for entry in self.entries if entry["seq"] <= seq]

    def add(self, event: Event, seq: int) -> LogEntry:
        """An event of the table's own (not a move's) in a game at ``seq`` moves, kept; the entry."""
        entry: LogEntry = {"event": event, "seq": seq}
        self.entries.append(entry)
        del self.entries[:-LOG_RESENT]
        return entry
