"""The organiser mends a party as it goes, at the host: a latecomer, a skipped guest, a label put right.

At an organiser-mode table, the organiser (and nobody else: ``forbidden``) sends a ``move`` without
a ``seat`` whose type is one of the game's :attr:`~yule.core.base.Game.organiser_moves` (Gift
Exchange: ``arrive``, ``skip``, ``relabel``; docs/protocol.md).  It is refused between games
(``not_playing``), on a stale ``seq`` (``stale``), and where the rules refuse it (``illegal``,
with the rules' kind and facts: a label empty, too long ...).  A latecomer's ``arrive`` carries
their ``name`` too, which the host takes off the move (the record names players in its
``players``) and checks as a guest's name at creation (``bad_guest``).

A latecomer takes a new seat at the end of the table, a guest's as at creation: the table grows
by one seat, stored (its row, the seat, the game's players) before the move, and everyone at the
table hears the table's info (the new name) before the views of the move, so no screen names the
latecomer ``Seat 5``.  A move whose store fails takes the seat away again.
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, Any

from ...core import IllegalMove, MalformedMove
from ...core.reasons import GENERIC
from ..frames import PLAYING, WAITING
from ..names import bot_like, clean_name, look_alike
from ..refusal import RequestError
from .attendance import Attendance
from .botloop import stand_in
from .connection import Connection
from .store import StoreError

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("yule.host")


def is_mending(table: Table, wire: dict[str, Any]) -> bool:
    """True when ``wire`` (a move sent without a seat) is one of the organiser's for the table."""
    kind = wire.get("type")
    return type(kind) is str and kind in table.game.organiser_moves


def latecomer_name(table: Table, raw: object) -> str:
    """The latecomer's name, cleaned as a guest's at creation; refused (``bad_guest``) when it
    is missing, reads as a bot's or looks like another guest's here."""
    name = clean_name(raw, "") if isinstance(raw, str) else ""
    if not name:
        raise RequestError("bad_guest", reason="unnamed")
    if bot_like(name):
        raise RequestError("bad_guest", reason="bot", name=name)
    same = [s.name for s in table.seats if s is not None and look_alike(s.name, name)]
    if same:
        raise RequestError("bad_guest", reason="alike", name=same[0])
    return name


def mend(table: Table, conn: Connection, wire: dict[str, Any], seq: int | None) -> int:
    """The organiser's move for the table (see the module docstring); the new ``seq`` once it
    is committed and sent."""
    if not (table.organised and table.game.organiser_mode and conn is table.audience.organiser):
        raise RequestError("forbidden", reason="organiser_mends")
    session = table.session
    if table.status != PLAYING or session is None:
        raise RequestError("not_playing", reason="idle" if table.status == WAITING else "over")
    if seq is not None and seq != len(session.moves):
        raise RequestError("stale", seq=table.seq)
    move = dict(wire)
    name = latecomer_name(table, move.pop("name", None)) if move["type"] == "arrive" else None
    stored = len(session.moves)
    try:
        events = session.organise(move)
    except IllegalMove as e:
        raise RequestError.ruled("illegal", e) from None
    except Exception:
        log.exception("table %s: the engine failed on an organiser's move; the game is back at move %d", table.id,
                      stored)  # fmt: skip
        raise RequestError.ruled("illegal", MalformedMove(GENERIC, "not_understood")) from None
    if name is None:
        table._commit(stored, events)
        return table.seq
    try:
        _seat(table, name)
    except StoreError:
        session.back_to(stored)
        raise
    table.changed()  # the new name, before the views of the move
    try:
        table._commit(stored, events)
    except StoreError:
        _unseat(table)
        raise
    return table.seq


def _seat(table: Table, name: str) -> None:
    """A new guest's seat at the end of the table, stored first."""
    seat = table.size
    attendance = Attendance([*table.attendance.by, None], [*table.attendance.moves, [0, 0]])
    with table._changing(size=seat + 1, players=[*table.players, name], attendance=attendance):
        table.save()
        table.seats.latecomer(name)
    table.bots.by_seat[seat] = stand_in(table.game, random.Random(f"{table.seed}/seat{seat}"))


def _unseat(table: Table) -> None:
    """The latecomer's seat taken away again (their arrival could not be stored)."""
    seat = table.size - 1
    try:
        with table._changing(size=seat, players=table.players[:seat],
                             attendance=Attendance(table.attendance.by[:seat], table.attendance.moves[:seat])):  # fmt: skip
            table.save()
            table.seats.drop_last()
    except StoreError:
        log.exception("table %s: the latecomer's seat could not be taken away again", table.id)
    table.bots.by_seat.pop(seat, None)
    table.changed()
