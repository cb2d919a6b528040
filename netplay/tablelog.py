"""The log of the game at a table: what each move did, in words, and the lines the table adds.

Every public event of a move becomes a log entry ``{"event": ..., "text": ..., "seq": n}`` in
the game's own words (:attr:`yule.core.base.Game.describe`), or the table's for the events it
makes itself: who started the game, a turn timer run out, a stand-in's move the organiser
allowed, a failing bot replaced.  The table adds lines of its own as well (an undo, a nudge,
someone back).  ``seq`` says where in the game each line was written: the game had ``n``
record moves then (chat lines say the same, so a client puts them among the log's lines); an
undo takes off the lines of the moves it takes back.
The last :data:`LOG_RESENT` entries are kept, for whoever joins, resumes or watches mid-game;
each view frame carries the entries new since the one before.
"""

from __future__ import annotations

from typing import Any

from yule.core import Game
from yule.core.base import Event, seat_namer

from .botloop import BOT_REPLACED
from .clock import TIME_UP
from .frames import LogEntry

LOG_RESENT = 200
"""Log entries kept per table and sent to whoever joins, resumes or watches mid-game."""

STARTED = "started"
"""The log event ``{"type": "started", "name": who, "game_no": n}``: who started the game."""

BOT_MOVE = "bot_move"
"""The log event ``{"type": "bot_move", "seat": s, "name": who}``, just before the move the
stand-in bot made for a person the organiser (``who``) let it move for."""


class TableLog:
    """The log of one game of ``game`` at a table: :attr:`entries`, the last :data:`LOG_RESENT`."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.entries: list[LogEntry] = []

    def describe(self, event: Event, names: list[str]) -> str:
        """A log line for an event: the game's words, or the table's for its own."""
        kind = event["type"]
        if kind == TIME_UP:
            return f"Time is up for {seat_namer(names)(event['seat'])}: a bot made the move."
        if kind == BOT_REPLACED:
            return f"The bot playing for {seat_namer(names)(event['seat'])} was stuck; a random move was made."
        if kind == BOT_MOVE:
            return f"{event['name']} let a bot make {seat_namer(names)(event['seat'])}'s move."
        if kind == STARTED:
            game_no = event["game_no"]
            return f"{event['name']} started {'the game' if game_no == 1 else f'game {game_no}'}."
        return self.game.describe(event, names)

    def events(self, events: list[Event], names: list[str], seq: int) -> list[LogEntry]:
        """Public events, ``names`` the players', as entries of a game at ``seq`` moves, kept;
        the new entries."""
        entries: list[LogEntry] = [{"event": e, "text": self.describe(e, names), "seq": seq} for e in events]
        self.entries.extend(entries)
        del self.entries[:-LOG_RESENT]
        return entries

    def back_to(self, seq: int) -> None:
        """The game is taken back to its first ``seq`` moves (an undo): the lines logged after
        them go, so the entries stay in the order of their ``seq`` (where a client puts the
        chat lines said meanwhile)."""
        self.entries = [entry for entry in self.entries if entry["seq"] <= seq]

    def add(self, event: Event, text: str, seq: int) -> LogEntry:
        """A line of the table's own (not a move's) in a game at ``seq`` moves, kept; the entry."""
        entry: LogEntry = {"event": event, "text": text, "seq": seq}
        self.entries.append(entry)
        del self.entries[:-LOG_RESENT]
        return entry
