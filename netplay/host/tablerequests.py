"""The requests about one table, each handed to the part of the table that answers it.

The host finds the table a request names (``no_table`` when it holds none by that id); what
only whoever runs the table may ask (its bots, opening it, starting a game) is refused to
anyone else (:meth:`.audience.Audience.check_runs`).  The rest is the table's to say: a move
or an undo to the table itself, seats to its usher (:mod:`.usher`), nudges and bots moving
now to its turns (:mod:`.turns`), chat to its audience (:mod:`.audience`), reactions
to everyone at it (:mod:`.reactions`), a helper's requests to its helpers (:mod:`.helpers`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from ..asks import (
    AddBot,
    Again,
    Answer,
    BotMove,
    Chat,
    FillBots,
    HelpAnswer,
    HelpEnd,
    Move,
    Nudge,
    Pause,
    PauseAnswer,
    React,
    RemoveBot,
    RemoveSeat,
    SetOpen,
    SetPace,
    StandIn,
    Start,
    Suggest,
    Undo,
)
from ..frames import Reply
from .connection import Connection
from .lobby import Lobby
from .reactions import react
from .table import Table


class AboutTable(Protocol):
    """A request that names its table."""

    @property
    def table(self) -> int: ...


M = TypeVar("M", bound=AboutTable)

TableRequest = Callable[[Lobby, Connection, Any], Reply | None]
"""A request about a table, answered with a reply (or None: ``ok``) given the host's lobby."""


def about(ask: type[M], answer: Callable[[Table, Connection, M], Reply | None], *, runs: bool = False) -> TableRequest:
    """The request ``ask`` (its dataclass: :mod:`yule.netplay.asks`), which the table it names
    answers with ``answer``; ``runs``: only whoever runs that table may ask it."""

    def request(lobby: Lobby, conn: Connection, message: Any) -> Reply | None:
        assert isinstance(message, ask)
        table = lobby.managed(conn, message.table) if runs else lobby.table(message.table)
        return answer(table, conn, message)

    return request


TABLE_REQUESTS: dict[str, TableRequest] = {
    "move": about(Move, lambda table, conn, m: {"type": "ok", "seq": table.play(conn, dict(m.move), m.seq, m.seat)}),
    "undo": about(Undo, lambda table, conn, m: {"type": "ok", "seq": table.undo(conn)}),
    "answer": about(Answer, lambda table, conn, m: table.usher.answer(conn, m.request, m.yes)),
    "stand_in": about(StandIn, lambda table, conn, m: table.usher.stand_in_now(conn, m.seat)),
    "remove_seat": about(RemoveSeat, lambda table, conn, m: table.usher.remove_seat(conn, m.seat, m.reason)),
    "nudge": about(Nudge, lambda table, conn, m: table.turns.nudge(conn, m.seat)),
    "bot_move": about(BotMove, lambda table, conn, m: table.turns.bot_move(conn, m.seat)),
    "chat": about(Chat, lambda table, conn, m: table.audience.say(conn, m.text)),
    "react": about(React, lambda table, conn, m: react(table.audience, conn, m.code)),
    # a helper beside a seat (help_ask, which may give the table's code, is the host's):
    "help_answer": about(HelpAnswer, lambda table, conn, m: table.helpers.answer(conn, m.request, m.yes)),
    "suggest": about(Suggest, lambda table, conn, m: table.helpers.suggest(conn, dict(m.move), m.seq)),
    "help_end": about(HelpEnd, lambda table, conn, m: table.helpers.end(conn)),
    # only whoever runs the table:
    "add_bot": about(
        AddBot, lambda table, conn, m: {"type": "ok", "seat": table.usher.add_bot(m.seat, m.kind)}, runs=True
    ),
    "fill_bots": about(FillBots, lambda table, conn, m: table.usher.fill_bots(m.kind), runs=True),
    "remove_bot": about(RemoveBot, lambda table, conn, m: table.usher.remove_bot(m.seat), runs=True),
    "set_open": about(SetOpen, lambda table, conn, m: table.set_open(m.open), runs=True),
    "set_pace": about(SetPace, lambda table, conn, m: table.set_pace(m.bot_delay), runs=True),
    "start": about(Start, lambda table, conn, m: table.start(table.audience.name_of(conn)), runs=True),
    "again": about(Again, lambda table, conn, m: table.again(table.audience.name_of(conn)), runs=True),
}
"""Each request about a table by its type."""


# -- a paused table (:mod:`.pause`) ----------------------------------------------------------------

PAUSE_STOPS = ("move", "undo", "nudge", "bot_move", "stand_in")
"""The requests a paused table refuses (``paused``): nothing moves until it is resumed."""


def unless_paused(request: TableRequest) -> TableRequest:
    """``request``, refused with ``paused`` at a paused table."""

    def checked(lobby: Lobby, conn: Connection, message: Any) -> Reply | None:
        lobby.table(message.table).pause.check()
        return request(lobby, conn, message)

    return checked


for _kind in PAUSE_STOPS:
    TABLE_REQUESTS[_kind] = unless_paused(TABLE_REQUESTS[_kind])
TABLE_REQUESTS["pause"] = about(Pause, lambda table, conn, m: table.pause.ask(conn, m.paused))
TABLE_REQUESTS["pause_answer"] = about(PauseAnswer, lambda table, conn, m: table.pause.answer(conn, m.vote, m.yes))
