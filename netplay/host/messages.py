"""Client-to-host messages: one pydantic v2 discriminated union on ``type``.

Every frame a client sends is validated here before the host looks at it: unknown types,
extra keys, wrong field types (strict: no coercion) and over-long strings are refused with a
short reason.  ``rid`` is an optional request id the host copies into its reply.

    >>> parse_client_message({"type": "join", "table": 3, "code": "KXQ7RM"}).table
    3
    >>> parse_client_message({"type": "join", "table": "3"})
    Traceback (most recent call last):
    ...
    yule.netplay.host.messages.InvalidMessage: table: Input should be a valid integer
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, JsonValue, TypeAdapter, ValidationError

from .. import LONGEST_BOT_DELAY, LONGEST_TURN, MOST_SEATS
from ..refusal import RequestError

MAX_NAME = 64
"""Longest name a client may send; the host then cleans and shortens it (see :func:`.names.clean_name`)."""

RequestId = Annotated[int, Field(ge=0, le=2**31)]
TableId = Annotated[int, Field(ge=1, le=2**62)]
SeatNo = Annotated[int, Field(ge=0, le=255)]
Short = Annotated[str, Field(max_length=40)]
Code = Annotated[str, Field(max_length=16)]
Token = Annotated[str, Field(max_length=64)]
JsonMap = Annotated[dict[str, JsonValue], Field(max_length=32)]


CHAT_SENT = 2000
"""Longest chat text a client may send; the host cleans it and keeps at most 200 characters."""


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    rid: RequestId | None = None


class Hello(_Message):
    """First message: the protocol version, the player's name and, when the host gave them one
    before, their person token (who they are at this host: :mod:`.evening`)."""

    type: Literal["hello"]
    version: int
    name: Annotated[str, Field(max_length=MAX_NAME)]
    person: Token | None = None
    via: Annotated[str, Field(max_length=120)] | None = None
    """An SSH guest's own address, vouched for by the SSH server (:mod:`.relay`)."""


class Ping(_Message):
    type: Literal["ping"]


class Pong(_Message):
    type: Literal["pong"]


class ListTables(_Message):
    """The lobby's tables; ``tables``: ids to list whatever else is listed (the seats a player
    keeps); ``after``: the next page, the tables older than that one."""

    type: Literal["list"]
    tables: Annotated[list[TableId], Field(max_length=32)] = Field(default_factory=list)
    after: TableId | None = None


class Paces(_Message):
    """The seconds people take a turn at each game here, as the host has learnt them."""

    type: Literal["paces"]


class Create(_Message):
    """Create a table; with ``sit`` the creator takes seat 0 and gets its token."""

    type: Literal["create"]
    game: Short
    seats: Annotated[int, Field(ge=1, le=MOST_SEATS)]
    options: JsonMap = Field(default_factory=dict)
    open: bool = False
    bot_delay: Annotated[float, Field(ge=0, le=LONGEST_BOT_DELAY)] | None = None
    sit: bool = True
    seed: Short | None = None
    """A seed for shuffles, dice and bots, honoured only for games where at most one seat is a
    person's (a player alone with bots): same seed, same deals.  Otherwise the host's own secret."""
    organised: bool = False
    """Organiser mode: one terminal (the creator, the table's organiser) moves for every seat."""
    guests: Annotated[list[Annotated[str, Field(max_length=MAX_NAME)]], Field(max_length=64)] | None = None
    """Organiser mode only: the guests' names, one per seat (seated at once, no connection of their own)."""
    turn_seconds: Annotated[float, Field(gt=0, le=LONGEST_TURN)] | None = None
    """The turn timer: seconds a person has for each move before a bot makes it (None: no timer)."""


class Join(_Message):
    """Claim a seat (the first empty one when ``seat`` is left out); a join code alone names its table."""

    type: Literal["join"]
    table: TableId | None = None
    code: Code | None = None
    seat: SeatNo | None = None


class Resume(_Message):
    """Take back a seat by its token (after a reconnect or a host restart)."""

    type: Literal["resume"]
    token: Token


class Reclaim(_Message):
    """Take back the seat of a player who is away, named at the table, by the table's join code."""

    type: Literal["reclaim"]
    code: Code
    name: Annotated[str, Field(max_length=MAX_NAME)]


class ReclaimBack(_Message):
    """Ask the table for a seat back with the token it had before it was handed to another
    device (the host answered that token with ``seat_moved``)."""

    type: Literal["reclaim_back"]
    token: Token


class Owner(_Message):
    """The host's owner, by the token the host keeps in its data folder (``yule requests``):
    they may answer any table's requests for seats."""

    type: Literal["owner"]
    token: Token
    answers: bool = True
    """Asked the requests for seats (``yule requests``), or not (the owner's TV)."""


class Watch(_Message):
    """Watch a table as a spectator (public view only); a join code alone names its table."""

    type: Literal["watch"]
    table: TableId | None = None
    code: Code | None = None


class Leave(_Message):
    type: Literal["leave"]
    table: TableId


class AddBot(_Message):
    type: Literal["add_bot"]
    table: TableId
    seat: SeatNo | None = None
    kind: Short | None = None


class FillBots(_Message):
    type: Literal["fill_bots"]
    table: TableId
    kind: Short | None = None


class RemoveBot(_Message):
    type: Literal["remove_bot"]
    table: TableId
    seat: SeatNo


class SetOpen(_Message):
    type: Literal["set_open"]
    table: TableId
    open: bool


class SetPace(_Message):
    """How long each bot's move stays on show at the table (``bot_delay``, seconds): whoever runs it."""

    type: Literal["set_pace"]
    table: TableId
    bot_delay: Annotated[float, Field(ge=0, le=LONGEST_BOT_DELAY)]


class Start(_Message):
    type: Literal["start"]
    table: TableId


class Again(_Message):
    type: Literal["again"]
    table: TableId


class Move(_Message):
    """A seat's move in wire form (no ``by``); ``seq`` when given must be the current one."""

    type: Literal["move"]
    table: TableId
    move: JsonMap
    seq: Annotated[int, Field(ge=0)] | None = None
    seat: SeatNo | None = None
    """The seat to move for: honoured only from the organiser of an organiser-mode table."""


class Organise(_Message):
    """Take back the organiser's place at a table by the organiser token ``create`` gave."""

    type: Literal["organise"]
    token: Token


class Undo(_Message):
    """The organiser takes back the table's last move (as far as the game allows)."""

    type: Literal["undo"]
    table: TableId


class Answer(_Message):
    """A yes or a no to a request for a seat of someone away (``reclaim_asked``), from someone at the table."""

    type: Literal["answer"]
    table: TableId
    request: Annotated[int, Field(ge=1, le=2**62)]
    yes: bool


class Nudge(_Message):
    """Remind a player who has not moved for a while that the table waits for them."""

    type: Literal["nudge"]
    table: TableId
    seat: SeatNo


class StandIn(_Message):
    """The organiser lets the stand-in bot play now for a person who is away."""

    type: Literal["stand_in"]
    table: TableId
    seat: SeatNo


class BotMove(_Message):
    """The organiser lets the stand-in bot make this one move for a person who has not moved for a while."""

    type: Literal["bot_move"]
    table: TableId
    seat: SeatNo


class RemoveSeat(_Message):
    """The organiser frees a person's seat before the game starts (a wrong join), saying why."""

    type: Literal["remove_seat"]
    table: TableId
    seat: SeatNo
    reason: Annotated[str, Field(max_length=CHAT_SENT)] = ""


class Rename(_Message):
    """Play under another name from now on (the host cleans it); refused while holding a seat.
    ``person``: the person token the host gave that name before, if any (as in a hello)."""

    type: Literal["rename"]
    name: Annotated[str, Field(max_length=MAX_NAME)]
    person: Token | None = None


class Standings(_Message):
    """The evening's standings, as far as the asker may see them; ``bots``: with the bots' rows."""

    type: Literal["standings"]
    bots: bool = True


class Chat(_Message):
    """A chat line for everyone at the table (the host cleans and shortens it)."""

    type: Literal["chat"]
    table: TableId
    text: Annotated[str, Field(max_length=CHAT_SENT)]


_MODELS = (
    Hello, Ping, Pong, ListTables, Paces, Create, Join, Resume, Reclaim, ReclaimBack, Owner, Watch, Leave, AddBot, FillBots,
    RemoveBot, SetOpen, SetPace, Start, Again, Move, Organise, Undo, Answer, Nudge, StandIn, BotMove, RemoveSeat, Chat,
    Rename, Standings,
)  # fmt: skip

ClientMessage = Annotated[
    Hello
    | Ping
    | Pong
    | ListTables
    | Paces
    | Create
    | Join
    | Resume
    | Reclaim
    | ReclaimBack
    | Owner
    | Watch
    | Leave
    | AddBot
    | FillBots
    | RemoveBot
    | SetOpen
    | SetPace
    | Start
    | Again
    | Move
    | Organise
    | Undo
    | Answer
    | Nudge
    | StandIn
    | BotMove
    | RemoveSeat
    | Chat
    | Rename
    | Standings,
    Field(discriminator="type"),
]
"""Any client message, validated (:func:`parse_client_message`); one class per ``type``."""

MESSAGE_TYPES = frozenset(get_args(m.model_fields["type"].annotation)[0] for m in _MODELS)

_ADAPTER: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


class InvalidMessage(RequestError):
    """A client message the union refuses (``invalid``); ``str()`` is a short reason safe to send back."""


def parse_client_message(data: dict[str, Any]) -> ClientMessage:
    """Validate one decoded frame; :class:`InvalidMessage` with the first problem found."""
    kind = data.get("type")
    if not isinstance(kind, str):
        raise InvalidMessage("invalid", reason="no_type")
    if kind not in MESSAGE_TYPES:
        raise InvalidMessage("invalid", reason="unknown_type", type=kind[:40])
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as e:
        first = e.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(p) for p in first["loc"][1:])  # loc[0] is the message type
        if where:
            raise InvalidMessage("invalid", reason="field", field=where, detail=first["msg"]) from None
        raise InvalidMessage("invalid", reason="message", detail=first["msg"]) from None
