"""The requests a client sends, each defined once: the client builds them, the host validates them.

Each request is a frozen dataclass whose ``type`` names it on the wire; its fields are typed with
their limits (``annotated_types``: ``MaxLen``, ``Ge``, ``Le``, ``Gt``), and a field left out takes
its default.  ``rid``, on every request, is an optional request id the host copies into its reply.
The client sends a request as :func:`wire_form` makes it; the host validates what it receives
against these same fields (:mod:`yule.netplay.host.messages`: strictly, with pydantic) and hands
its handlers the request as its dataclass.  Nothing here checks anything at run time, and nothing
here loads pydantic: the client library and the app stay light.

    >>> Join(table=3, code="KXQ7RM")
    Join(rid=None, type='join', table=3, code='KXQ7RM', seat=None)
    >>> wire_form(Move(table=3, move={"type": "end"}, rid=8))
    {'rid': 8, 'type': 'move', 'table': 3, 'move': {'type': 'end'}}
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, TypeAlias

from annotated_types import Ge, Gt, Le, MaxLen
from typing_extensions import TypeAliasType

from . import LONGEST_BOT_DELAY, LONGEST_TURN, MOST_SEATS

Json = TypeAliasType("Json", "dict[str, Json] | list[Json] | str | bool | int | float | None")
"""A value as JSON (and msgpack) carry it: a map of strings to values, a list, text, a number, a
bool or nil (no bytes)."""

MAX_NAME = 64
"""Longest name a client may send; the host then cleans and shortens it (see :func:`.names.clean_name`)."""

CHAT_SENT = 2000
"""Longest chat text a client may send; the host cleans it and keeps at most 200 characters."""

RequestId = Annotated[int, Ge(0), Le(2**31)]
TableId = Annotated[int, Ge(1), Le(2**62)]
SeatNo = Annotated[int, Ge(0), Le(255)]
Short = Annotated[str, MaxLen(40)]
Code = Annotated[str, MaxLen(16)]
Token = Annotated[str, MaxLen(64)]
Name = Annotated[str, MaxLen(MAX_NAME)]
JsonMap = Annotated[dict[str, Json], MaxLen(32)]
BotDelay = Annotated[float, Ge(0), Le(LONGEST_BOT_DELAY)]


@dataclass(frozen=True, kw_only=True, slots=True)
class Ask:
    """What every request carries."""

    rid: RequestId | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Hello(Ask):
    """First message: the protocol version, the player's name and, when the host gave them one
    before, their person token (who they are at this host: :mod:`.evening`)."""

    type: Literal["hello"] = "hello"
    version: int
    name: Name
    person: Token | None = None
    via: Annotated[str, MaxLen(120)] | None = None
    """An SSH guest's own address, vouched for by the SSH server (:mod:`.relay`)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Ping(Ask):
    type: Literal["ping"] = "ping"


@dataclass(frozen=True, kw_only=True, slots=True)
class Pong(Ask):
    type: Literal["pong"] = "pong"


@dataclass(frozen=True, kw_only=True, slots=True)
class ListTables(Ask):
    """The lobby's tables; ``tables``: ids to list whatever else is listed (the seats a player
    keeps); ``after``: the next page, the tables older than that one."""

    type: Literal["list"] = "list"
    tables: Annotated[list[TableId], MaxLen(32)] = field(default_factory=list)
    after: TableId | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Paces(Ask):
    """The seconds people take a turn at each game here, as the host has learnt them."""

    type: Literal["paces"] = "paces"


@dataclass(frozen=True, kw_only=True, slots=True)
class Create(Ask):
    """Create a table; with ``sit`` the creator takes seat 0 and gets its token."""

    type: Literal["create"] = "create"
    game: Short
    seats: Annotated[int, Ge(1), Le(MOST_SEATS)]
    options: JsonMap = field(default_factory=dict)
    open: bool = False
    bot_delay: BotDelay | None = None
    sit: bool = True
    seed: Short | None = None
    """A seed for shuffles, dice and bots, honoured only for games where at most one seat is a
    person's (a player alone with bots): same seed, same deals.  Otherwise the host's own secret."""
    organised: bool = False
    """Organiser mode: one terminal (the creator, the table's organiser) moves for every seat."""
    guests: Annotated[list[Name], MaxLen(64)] | None = None
    """Organiser mode only: the guests' names, one per seat (seated at once, no connection of their own)."""
    turn_seconds: Annotated[float, Gt(0), Le(LONGEST_TURN)] | None = None
    """The turn timer: seconds a person has for each move before a bot makes it (None: no timer)."""
    house_rules: Name | None = None
    """The name of the host's set of house rules these settings were picked from (:mod:`.housesets`):
    the table, and its games' records, carry it when the settings are still that set's."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Join(Ask):
    """Claim a seat (the first empty one when ``seat`` is left out); a join code alone names its table."""

    type: Literal["join"] = "join"
    table: TableId | None = None
    code: Code | None = None
    seat: SeatNo | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Resume(Ask):
    """Take back a seat by its token (after a reconnect or a host restart)."""

    type: Literal["resume"] = "resume"
    token: Token


@dataclass(frozen=True, kw_only=True, slots=True)
class Reclaim(Ask):
    """Take back the seat of a player who is away, named at the table, by the table's join code."""

    type: Literal["reclaim"] = "reclaim"
    code: Code
    name: Name


@dataclass(frozen=True, kw_only=True, slots=True)
class ReclaimBack(Ask):
    """Ask the table for a seat back with the token it had before it was handed to another
    device (the host answered that token with ``seat_moved``)."""

    type: Literal["reclaim_back"] = "reclaim_back"
    token: Token


@dataclass(frozen=True, kw_only=True, slots=True)
class Owner(Ask):
    """The host's owner, by the token the host keeps in its data folder (``yule requests``):
    they may answer any table's requests for seats."""

    type: Literal["owner"] = "owner"
    token: Token
    answers: bool = True
    """Asked the requests for seats (``yule requests``), or not (the owner's TV)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Watch(Ask):
    """Watch a table as a spectator (public view only); a join code alone names its table."""

    type: Literal["watch"] = "watch"
    table: TableId | None = None
    code: Code | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Leave(Ask):
    type: Literal["leave"] = "leave"
    table: TableId


@dataclass(frozen=True, kw_only=True, slots=True)
class AddBot(Ask):
    type: Literal["add_bot"] = "add_bot"
    table: TableId
    seat: SeatNo | None = None
    kind: Short | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class FillBots(Ask):
    type: Literal["fill_bots"] = "fill_bots"
    table: TableId
    kind: Short | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class RemoveBot(Ask):
    type: Literal["remove_bot"] = "remove_bot"
    table: TableId
    seat: SeatNo


@dataclass(frozen=True, kw_only=True, slots=True)
class SetOpen(Ask):
    type: Literal["set_open"] = "set_open"
    table: TableId
    open: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class SetPace(Ask):
    """How long each bot's move stays on show at the table (``bot_delay``, seconds): whoever runs it."""

    type: Literal["set_pace"] = "set_pace"
    table: TableId
    bot_delay: BotDelay


@dataclass(frozen=True, kw_only=True, slots=True)
class Start(Ask):
    type: Literal["start"] = "start"
    table: TableId


@dataclass(frozen=True, kw_only=True, slots=True)
class Again(Ask):
    type: Literal["again"] = "again"
    table: TableId


@dataclass(frozen=True, kw_only=True, slots=True)
class Move(Ask):
    """A seat's move in wire form (no ``by``); ``seq`` when given must be the current one."""

    type: Literal["move"] = "move"
    table: TableId
    move: JsonMap
    seq: Annotated[int, Ge(0)] | None = None
    seat: SeatNo | None = None
    """The seat to move for: honoured only from the organiser of an organiser-mode table."""


@dataclass(frozen=True, kw_only=True, slots=True)
class Organise(Ask):
    """Take back the organiser's place at a table by the organiser token ``create`` gave."""

    type: Literal["organise"] = "organise"
    token: Token


@dataclass(frozen=True, kw_only=True, slots=True)
class Undo(Ask):
    """The organiser takes back the table's last move (as far as the game allows)."""

    type: Literal["undo"] = "undo"
    table: TableId


@dataclass(frozen=True, kw_only=True, slots=True)
class Answer(Ask):
    """A yes or a no to a request for a seat of someone away (``reclaim_asked``), from someone at the table."""

    type: Literal["answer"] = "answer"
    table: TableId
    request: Annotated[int, Ge(1), Le(2**62)]
    yes: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class Nudge(Ask):
    """Remind a player who has not moved for a while that the table waits for them."""

    type: Literal["nudge"] = "nudge"
    table: TableId
    seat: SeatNo


@dataclass(frozen=True, kw_only=True, slots=True)
class StandIn(Ask):
    """The organiser lets the stand-in bot play now for a person who is away."""

    type: Literal["stand_in"] = "stand_in"
    table: TableId
    seat: SeatNo


@dataclass(frozen=True, kw_only=True, slots=True)
class BotMove(Ask):
    """The organiser lets the stand-in bot make this one move for a person who has not moved for a while."""

    type: Literal["bot_move"] = "bot_move"
    table: TableId
    seat: SeatNo


@dataclass(frozen=True, kw_only=True, slots=True)
class RemoveSeat(Ask):
    """The organiser frees a person's seat before the game starts (a wrong join), saying why."""

    type: Literal["remove_seat"] = "remove_seat"
    table: TableId
    seat: SeatNo
    reason: Annotated[str, MaxLen(CHAT_SENT)] = ""


@dataclass(frozen=True, kw_only=True, slots=True)
class Rename(Ask):
    """Play under another name from now on (the host cleans it); refused while holding a seat.
    ``person``: the person token the host gave that name before, if any (as in a hello)."""

    type: Literal["rename"] = "rename"
    name: Name
    person: Token | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Standings(Ask):
    """The evening's standings, as far as the asker may see them; ``bots``: with the bots' rows."""

    type: Literal["standings"] = "standings"
    bots: bool = True


@dataclass(frozen=True, kw_only=True, slots=True)
class Chat(Ask):
    """A chat line for everyone at the table (the host cleans and shortens it)."""

    type: Literal["chat"] = "chat"
    table: TableId
    text: Annotated[str, MaxLen(CHAT_SENT)]


# -- house rules kept on the host (:mod:`.housesets`) ------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class HouseSets(Ask):
    """The sets of house rules the host keeps for ``game``."""

    type: Literal["sets"] = "sets"
    game: Short


@dataclass(frozen=True, kw_only=True, slots=True)
class SaveSet(Ask):
    """Keep a game's new-table settings on the host under ``name``; ``replace``: the set of that
    name, if there is one, gives way (the saver said yes in their form)."""

    type: Literal["save_set"] = "save_set"
    game: Short
    name: Name
    seats: Annotated[int, Ge(1), Le(MOST_SEATS)]
    open: bool = False
    options: JsonMap = field(default_factory=dict)
    turn_seconds: Annotated[float, Gt(0), Le(LONGEST_TURN)] | None = None
    replace: bool = False


@dataclass(frozen=True, kw_only=True, slots=True)
class DeleteSet(Ask):
    """Delete the host's set of house rules ``name`` for ``game``."""

    type: Literal["delete_set"] = "delete_set"
    game: Short
    name: Name


# -- reactions (docs/protocol.md, *Reactions*) -------------------------------------------------

REACTIONS = ("nice", "oh_no", "well_played", "merry_christmas", "thinking")
"""The reactions a client may send, by code (each client words them in its reader's language);
nothing else: no free text."""

ReactionCode = Literal["nice", "oh_no", "well_played", "merry_christmas", "thinking"]
"""One of :data:`REACTIONS` (any other code is refused as an invalid frame)."""


@dataclass(frozen=True, kw_only=True, slots=True)
class React(Ask):
    """A reaction for everyone at the table to see briefly (not kept: :mod:`.host.reactions`)."""

    type: Literal["react"] = "react"
    table: TableId
    code: ReactionCode


# -- a helper beside a seat (yule.netplay.host.helpers) ---------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class HelpAsk(Ask):
    """Ask to help a seat: its own player is asked, and with their yes you see what they see
    and may suggest moves.  ``code``: as for ``watch`` (a private table you are not at)."""

    type: Literal["help_ask"] = "help_ask"
    table: TableId
    seat: SeatNo
    code: Code | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class HelpAnswer(Ask):
    """The seat's own player answers a request to help them (``help_asked``)."""

    type: Literal["help_answer"] = "help_answer"
    table: TableId
    request: Annotated[int, Ge(1), Le(2**62)]
    yes: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class Suggest(Ask):
    """A helper suggests a move (wire form, as in ``move``) to the seat they help."""

    type: Literal["suggest"] = "suggest"
    table: TableId
    move: JsonMap
    seq: Annotated[int, Ge(0)] | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class HelpEnd(Ask):
    """End a help at the table: the seat's player ends theirs, a helper stops, an asker withdraws."""

    type: Literal["help_end"] = "help_end"
    table: TableId


# -- a pause for dinner (yule.netplay.host.pause) ---------------------------------------------------


@dataclass(frozen=True, kw_only=True, slots=True)
class Pause(Ask):
    """Pause the table (``paused`` true: a dinner break) or resume it: its creator does at once;
    while the creator is away, a person seated there asks the others (a vote)."""

    type: Literal["pause"] = "pause"
    table: TableId
    paused: bool


@dataclass(frozen=True, kw_only=True, slots=True)
class PauseAnswer(Ask):
    """A yes or a no to the vote (its number, in table info's ``pause_vote``) to pause or resume the table."""

    type: Literal["pause_answer"] = "pause_answer"
    table: TableId
    vote: Annotated[int, Ge(1), Le(2**62)]
    yes: bool


AnyAsk: TypeAlias = (
    Hello | Ping | Pong | ListTables | Paces | Create | Join | Resume | Reclaim | ReclaimBack | Owner | Watch | Leave
    | AddBot | FillBots | RemoveBot | SetOpen | SetPace | Start | Again | Move | Organise | Undo | Answer | Nudge
    | StandIn | BotMove | RemoveSeat | Chat | Rename | Standings | HouseSets | SaveSet | DeleteSet
    | React | HelpAsk | HelpAnswer | Suggest | HelpEnd | Pause | PauseAnswer
)  # fmt: skip
"""Any request, one class per ``type`` (told apart by ``type``, or by ``isinstance``)."""


def _left_out(items: list[tuple[str, Any]]) -> dict[str, Any]:
    """A request's fields but those at None: every field that may be None is None by default."""
    return {name: value for name, value in items if value is not None}


def wire_form(ask: AnyAsk) -> dict[str, Any]:
    """The map the client sends for ``ask`` (a copy: its values are the request's own no longer);
    a field at None is left out, as the host takes one left out for None."""
    return dataclasses.asdict(ask, dict_factory=_left_out)
