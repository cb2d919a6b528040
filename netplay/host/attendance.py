"""Who played each seat of a table's game, and whether they were there: a game's credit, and its
seats after the end.

- **Credit**: a finished game counts for a person (the evening's standings: :mod:`.evening`)
  when they were at the table for at least half of their seat's moves (connected in the seat
  when it moved, whoever made the move: they, or a bot once their time was up), or are in their
  seat at the game's end.  Otherwise the game is the stand-in bot's that played it for them: a
  person who left on their first turn does not top the evening with a win they never played.
- **Seats after the end**: a finished game's view of a seat is for the person who played it
  (:attr:`Attendance.by`); someone else sitting in that seat before the next game sees the game
  as a watcher does, never that seat's hidden cards, and a person coming back to the table gets
  their own seat again when it is free (:meth:`Attendance.seat_of`).

The table keeps one :class:`Attendance` for its current game, stored with its row (JSON), so a
restart changes nothing; one that cannot be read is started afresh.

    >>> game = Attendance.start(["p-ana", "p-cy", None])
    >>> for seat, present in ((1, True), (1, False), (1, False), (0, True)):
    ...     game = game.after(seat, present=present)
    >>> game.credited(0, here=False), game.credited(1, here=False), game.credited(1, here=True)
    (True, False, True)
    >>> Attendance.from_json(game.to_json(), 3) == game, Attendance.from_json("[1, 2]", 3)
    (True, None)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(slots=True)
class Attendance:
    """One game's players by seat, and each seat's moves made with its person there and away."""

    by: list[str | None]
    """The hash of the person token of who played each seat (None: a bot, a guest, or unknown)."""
    moves: list[list[int]]
    """Each seat's moves: ``[made while its person was there, made while they were away]``."""

    @classmethod
    def start(cls, persons: list[str | None]) -> Attendance:
        """A game starting with ``persons`` in its seats."""
        return cls(list(persons), [[0, 0] for _ in persons])

    def after(self, seat: int, *, present: bool) -> Attendance:
        """This attendance once ``seat`` moved, its person there (``present``) or away (a copy:
        the table keeps this one until the move is stored)."""
        moves = [list(m) for m in self.moves]
        moves[seat][0 if present else 1] += 1
        return Attendance(self.by, moves)

    def credited(self, seat: int, *, here: bool) -> bool:
        """Whether the game counts for the person of ``seat`` (``here``: in their seat now, at its end)."""
        present, away = self.moves[seat]
        return here or present >= away

    def seat_of(self, person: str | None, free: list[int]) -> int | None:
        """The seat among ``free`` that ``person`` played in this game, if any."""
        if person is None:
            return None
        return next((seat for seat in free if self.by[seat] == person), None)

    def to_json(self) -> str:
        return json.dumps({"by": self.by, "moves": self.moves})

    @classmethod
    def from_json(cls, text: Any, size: int) -> Attendance | None:
        """The attendance stored as ``text`` for a table of ``size`` seats; None when it is not one."""
        try:
            data = json.loads(text) if isinstance(text, str) else None
        except ValueError:
            return None
        if not isinstance(data, dict):
            return None
        by, moves = data.get("by"), data.get("moves")
        if not (isinstance(by, list) and isinstance(moves, list) and len(by) == len(moves) == size):
            return None
        if not all(p is None or type(p) is str for p in by):
            return None
        if not all(type(m) is list and len(m) == 2 and all(type(n) is int and n >= 0 for n in m) for m in moves):
            return None
        return cls(by, [list(m) for m in moves])
