"""The frames a host sends, typed: one ``TypedDict`` for each of docs/protocol.md's host frames.

The host builds its frames as these types and the client library hands them on as these types
(:data:`Incoming`), so a frame's fields are checked by mypy from the host that writes them to
the screen that shows them.  A frame is told from the others by its ``type`` (``if
frame["type"] == "view": ...`` narrows :data:`HostFrame` to :class:`ViewFrame`).  Nothing here
is checked at run time: the host's own frames are trusted by its clients, and nothing on the hot
path of a move pays for validation (the client's requests, :mod:`yule.netplay.asks`, are
validated by the host: :mod:`yule.netplay.host.messages`).

A view frame is generic over the game's view: ``ViewFrame[GiftExchangeView]`` carries a
:class:`~yule.core.gift_exchange.views.GiftExchangeView`; :data:`HostFrame` carries any game's
(:data:`~yule.core.base.View`).
"""

from __future__ import annotations

from typing import Any, Generic, Literal, NotRequired, TypedDict, TypeVar, final

from ..core.base import Fact, View

V = TypeVar("V", bound=View)
"""A game's view type (its ``TypedDict``, from ``yule.core.<game>.views``)."""

Status = Literal["waiting", "playing", "over"]
"""A table's status: waiting for players (or for the next game), a game going on, or over."""

WAITING: Status = "waiting"
PLAYING: Status = "playing"
OVER: Status = "over"

Outcome = Literal["yes", "held", "no", "expired", "came_back", "withdrawn", "closed"]
"""How a request for the seat of someone away ended (``closed``: the table went; ``held``: a
yes right after a host restart, which hands the seat over once the restart's grace is over,
unless its player comes back first)."""

Asker = Literal["new", "known", "same", "earlier"]
"""Who asks for a seat, as far as the host can tell (:mod:`yule.netplay.host.door`): ``new``, a
person this host has not seen play; ``known``, one who has played or sat here; ``same``, the
very person who took the seat (their person token), on another connection; ``earlier``, the
seat's earlier device, asking for it back after it was handed to another."""

# The events a table logs of its own (beside its game's): each client words them (yule.tui.logwords).

UNDONE = "undone"
"""The ``type`` of the log event of an undo: ``{"type": "undone", "seq": n, "undone": event}``."""

STARTED = "started"
"""The log event ``{"type": "started", "name": who, "game_no": n}``: who started the game."""

TIME_UP = "time_up"
"""The log event ``{"type": "time_up", "seat": s}``, just before the move a seat's bot made for it."""

BOT_REPLACED = "bot_replaced"
"""The log event ``{"type": "bot_replaced", "seat": s}``, just before the random bot's move for a
seat whose bot failed."""

BOT_MOVE = "bot_move"
"""The log event ``{"type": "bot_move", "seat": s, "name": who}``, just before the move the
stand-in bot made for a person the organiser (``who``) let it move for."""

NUDGED = "nudged"
"""The log event ``{"type": "nudged", "seat": s, "name": who}``: who nudged the seat to move."""

STAND_IN = "stand_in"
"""The log event ``{"type": "stand_in", "seat": s, "name": who}``: who let a bot play for a seat away."""

BACK = "back"
"""The log event ``{"type": "back", "seat": s, "by": who, "earlier": bool}``: a seat taken back
with a yes from ``who`` (on the seat's earlier device, or on another)."""

PAUSED = "paused"
"""The log event ``{"type": "paused", "name": who, "vote": bool}``: ``who`` paused the table (its
creator; or, ``vote`` true, the person who asked the people seated, who said yes)."""

RESUMED = "resumed"
"""The log event ``{"type": "resumed", "name": who, "vote": bool}``: ``who`` resumed the table."""

PAUSE_VOTE = "pause_vote"
"""The log event ``{"type": "pause_vote", "pause": bool, "name": who, "outcome": "no" | "expired" |
"creator_back" | "withdrawn"}``: the vote ``who`` asked for (to pause, or to resume) ended without a yes."""


# -- tables -----------------------------------------------------------------------------------


class SeatInfo(TypedDict):
    """A taken seat in table info: its player (or bot), and whether they are away."""

    name: str
    """The player's name; a bot's is in English (``Normal Bot 3``: its ``level`` and ``number``)."""
    bot: str | None
    """The bot kind of a bot's seat; None for a person's (or an organiser-mode guest's)."""
    level: NotRequired[str]
    """A bot's level, the first word of its name (``normal``: a level of
    :data:`~yule.core.bots.BOT_LEVELS`, else its kind); a bot's seat only."""
    number: NotRequired[int]
    """A bot's number, the last word of its name: its seat's, counted from 1; a bot's seat only."""
    away: bool
    """A person with no connection."""
    stand_in: bool
    """A bot plays for the person who is away."""
    stand_in_in: float | None
    """Seconds until a bot stands in for the person away (from when the frame arrived)."""
    helper: NotRequired[str]
    """The name of who helps this seat's player, with their yes (see :class:`HelpAsked`)."""


@final
class HiddenSeat(TypedDict):
    """A taken seat of a private table as the lobby lists it to someone not at it: ``{}``, not by whom."""


class PauseFacts(TypedDict):
    """A paused table (a dinner break): who paused it and since when (docs/protocol.md, *Pausing a table*)."""

    by: str
    """Who paused it: the creator, or (``vote``) whoever asked the people seated."""
    since: float
    """When it was paused: the host's Unix time."""
    vote: bool
    """Paused by a vote of the people seated (the creator was away)."""


class PauseVote(TypedDict):
    """A vote at a table whose creator is away, in table info: to pause (``pause`` true) or to resume it."""

    vote: int
    """The vote's number at its table (an answer names it)."""
    pause: bool
    seat: int
    """The asker's seat (their yes counts)."""
    by: str
    """The asker's name."""
    yes: list[int]
    """The seats that said yes so far (the asker's among them)."""
    no: list[int]
    voters: list[int]
    """The seats whose people are here: more than half of them must say yes."""
    seconds: float
    """Seconds left to answer (from when the frame arrived)."""


class TableFacts(TypedDict):
    """What a lobby line and table info both say of a table (its seats each its own way)."""

    table: int
    game: str
    """The game's record name (``white-elephant``)."""
    title: str
    options: dict[str, Any]
    """The game's options, every default filled in."""
    open: bool
    status: Status
    game_no: int
    """The table's current (or last) game: 0 before the first."""
    bot_delay: float
    seq: int
    """Moves the current game has had (chance moves included)."""
    organised: bool
    client_seed: bool
    turn_seconds: float | None
    house_rules: NotRequired[str]
    """The host's set of house rules the table was created with, unchanged (:mod:`yule.netplay.housesets`)."""
    paused: NotRequired[PauseFacts | None]
    """The table is paused: by whom, since when (None: it is not; left out by a host older
    than pausing, whose tables are never paused)."""


class Summary(TableFacts):
    """A table as the lobby lists it (``tables``): no code, nobody's seat, maybe no names."""

    seats: list[SeatInfo | HiddenSeat | None]


class JoinCode(TypedDict, total=False):
    """The join code in table info: for the table's creator, its seated players, and those
    who came to watch with it, only."""

    code: str


class TableInfo(TableFacts, JoinCode):
    """``table``: what a table is now, told to everyone at it whenever it changes (``code``:
    :class:`JoinCode`)."""

    type: Literal["table"]
    seats: list[SeatInfo | None]
    """Each seat; None when empty."""
    you: int | None
    """The receiver's seat here (None: watching, or organising without a seat)."""
    organiser: bool
    """The receiver is the table's organiser."""
    runs: bool
    """The receiver may run the table now (add bots, start ...)."""
    run_by: str | None
    players: list[str]
    """The players of the table's game going on (or last played), seat by seat."""
    pause_vote: NotRequired[PauseVote | None]
    """The vote going on to pause or resume the table while its creator is away (None: none;
    left out by a host older than pausing)."""


class PacesFrame(TypedDict):
    """``paces``: the seconds people take a turn at each game, as the host learnt them."""

    type: Literal["paces"]
    paces: dict[str, float]
    rid: NotRequired[int | None]


class GameStanding(TypedDict):
    """One game's part of a standings row: how one person (or bot kind) did at that game."""

    game: str
    games: int
    wins: float
    points: int | None
    """Their points at it added up (None for a game without scores)."""


class Standing(TypedDict):
    """One row of the evening's standings: a person (named as at their latest table) or a bot kind."""

    name: str
    bot: str | None
    you: bool
    games: int
    wins: float
    """Wins, a shared win counting its share."""
    places: list[int]
    """How many times they came first, second ...: ``places[0]`` first."""
    by_game: list[GameStanding]


class Standings(TypedDict):
    """The evening going on, as far as someone may see it: its number (None before a game has
    ended), when it started, whether bots have rows, how many rows there are, the best of them."""

    evening: int | None
    started: float | None
    bots: bool
    total: int
    rows: list[Standing]


class StandingsFrame(Standings):
    """``standings``: the answer to ``standings``."""

    type: Literal["standings"]
    rid: NotRequired[int | None]


class TablesFrame(TypedDict):
    """``tables``: the answer to ``list``."""

    type: Literal["tables"]
    tables: list[Summary]
    total: int
    rid: NotRequired[int | None]


# -- the game ---------------------------------------------------------------------------------


class LogEntry(TypedDict):
    """A line of a game's log: a public event (each client words it in its reader's language),
    and the game's moves (``seq``) then."""

    event: dict[str, Any]
    seq: int


class ChatFrame(TypedDict):
    """``chat``: a line said at a table; ``game_no`` and ``seq`` say where in its games (None:
    a line kept from before hosts noted it)."""

    type: Literal["chat"]
    table: int
    seat: int | None
    """The speaker's seat here (None: someone not seated)."""
    name: str
    text: str
    game_no: int | None
    seq: int | None


class LogFrame(TypedDict):
    """``log``: the current game's log so far and the table's chat, on join, resume, watch and organise."""

    type: Literal["log"]
    table: int
    game_no: int
    entries: list[LogEntry]
    chat: list[ChatFrame]


class Timer(TypedDict):
    """A seat's turn timer in a view frame: the seconds it has left (from when the frame arrived)."""

    seat: int
    left: float


class Acting(TypedDict):
    """A seat that may move now, in the organiser's view frame (organiser mode), with what it may do."""

    seat: int
    actions: Any
    """That seat's view's ``actions`` (the game's own type)."""


class ViewFrame(TypedDict, Generic[V]):
    """``view``: one seat's view of the game (the public view for a spectator, ``seat`` None),
    with the log entries since the previous view."""

    type: Literal["view"]
    table: int
    seat: int | None
    seq: int
    view: V
    log: list[LogEntry]
    timers: NotRequired[list[Timer]]
    """At a table with a turn timer: each seat waited on."""
    acting: NotRequired[list[Acting]]
    """The organiser's frame in organiser mode: each seat that may move now."""


class Nudged(TypedDict):
    """``nudged``: ``name`` reminds the receiver (in ``seat``) that the table waits for their move."""

    type: Literal["nudged"]
    table: int
    seat: int
    name: str


class Removed(TypedDict):
    """``removed``: the organiser (``name``) freed the receiver's seat before the game."""

    type: Literal["removed"]
    table: int
    seat: int
    name: str
    reason: str


class ReactionFrame(TypedDict):
    """``reaction``: ``name`` (in ``seat``, or None: not seated there) reacted at the table with
    ``code`` (one of :data:`yule.netplay.asks.REACTIONS`), for everyone there to see briefly."""

    type: Literal["reaction"]
    table: int
    seat: int | None
    name: str
    code: str


# -- requests and replies ---------------------------------------------------------------------


class Reach(TypedDict):
    """How people reach the host, in ``welcome``: what a TV shows to invite people in."""

    addresses: list[str]
    """The addresses to type: the host's own on the LAN when it listens on every interface
    (loopback only when it has no other), else the one it listens on."""
    port: int
    ssh_port: int | None
    """Where the host serves the app over SSH (``yule host --ssh``); None when it does not, or
    when a ``yule ssh-serve`` of its own serves it (the host does not know of that one)."""
    party_word: bool
    """SSH guests must type a party word (never the word itself)."""


class Welcome(TypedDict):
    """``welcome``: the host's answer to ``hello``."""

    type: Literal["welcome"]
    version: int
    name: str
    """The receiver's name, cleaned."""
    host: str
    heartbeat: float
    person: str
    """The receiver's person token at this host (the evening's scoreboard knows them by it)."""
    reach: Reach
    rid: NotRequired[int | None]


class ErrorFrame(TypedDict):
    """``error``: a refusal (of the request ``rid``), or news about ``table``."""

    type: Literal["error"]
    code: str
    params: dict[str, Fact]
    """The refusal's facts, named as its code's template in :data:`~yule.netplay.refusal.WORDING`
    names them (``reason`` where a code means several things; an illegal move's ``kind`` and
    facts): what a client words the refusal from in its own language."""
    message: str
    """The refusal in English, for clients that show the host's words."""
    rid: NotRequired[int]
    table: NotRequired[int]


class Ok(TypedDict):
    """``ok``: a request done; some say more (``table``, ``seq``, ``seat``, ``name``)."""

    type: Literal["ok"]
    rid: NotRequired[int | None]
    table: NotRequired[int]
    seq: NotRequired[int]
    seat: NotRequired[int]
    name: NotRequired[str]
    person: NotRequired[str]


class Created(TypedDict):
    """``created``: a new table; ``seat`` and ``token`` when its creator sat down."""

    type: Literal["created"]
    table: int
    code: str
    organiser_token: str
    seat: NotRequired[int]
    token: NotRequired[str]
    rid: NotRequired[int | None]


class Seated(TypedDict):
    """``seated``: a seat taken (or taken back), with its token; ``request``: the seat asked of the table."""

    type: Literal["seated"]
    table: int
    seat: int
    token: str
    request: NotRequired[int]
    rid: NotRequired[int | None]


class Asking(TypedDict):
    """What every frame about a request for the seat of someone away says of it."""

    table: int
    request: int
    """The request's number at its table."""
    seat: int
    name: str
    """The name of the player who is away."""


class ReclaimWaiting(Asking):
    """``reclaim_waiting``: the table is asked whether the asker may take ``name``'s seat."""

    type: Literal["reclaim_waiting"]
    seconds: float
    rid: NotRequired[int | None]


class ReclaimAsked(Asking):
    """``reclaim_asked``: ``by`` asks for the seat of ``name``, who is away (or, ``asker``
    ``earlier``, for it back from ``holder``, who has it now): a yes or a no, please."""

    type: Literal["reclaim_asked"]
    by: str
    asker: Asker
    holder: NotRequired[str]
    """The name of whoever has the seat now (an ``earlier`` device asking for it back)."""
    seconds: float
    """Seconds left to answer."""


class RequestEnded(Asking):
    """How a request for a seat ended, as data: a client words it from these (the host's
    English is ``message``: :data:`yule.netplay.host.door.ENDS`)."""

    outcome: Outcome
    detail: NotRequired[Literal["device", "granted", "table", "seat"]]
    """``came_back``: on the player's own ``device``, or ``granted`` to another asker; ``closed``:
    the ``table`` closed, or the ``seat`` cannot be taken now."""
    asker: str
    """The asker's name."""
    by: NotRequired[str | None]
    """Who answered (``no``, ``yes``, ``held``): a name, or nil for the host's owner."""
    seconds: NotRequired[int]
    """``held``: the seconds until the seat goes over."""
    message: str


class ReclaimRefused(RequestEnded):
    """``reclaim_refused``: the asker's request ended without the seat."""

    type: Literal["reclaim_refused"]


class ReclaimOver(RequestEnded):
    """``reclaim_over``: a request the receiver was asked about is decided."""

    type: Literal["reclaim_over"]


# -- a helper beside a seat (yule.netplay.host.helpers) ---------------------------------------------

HELPER_JOINED = "helper_joined"
"""The log event ``{"type": "helper_joined", "seat": s, "name": helper}``: the seat said yes to a helper."""

HELPER_LEFT = "helper_left"
"""The log event ``{"type": "helper_left", "seat": s, "name": helper, "why": why}`` (:data:`HelpWhy`)."""

HelpOutcome = Literal["yes", "no", "expired", "withdrawn", "closed"]
"""How a request to help a seat ended (``closed``: the seat or the table went, or the game ended)."""

HelpWhy = Literal["seat", "helper", "over", "left", "gone", "replaced", "closed"]
"""Why a help ended: the seat said so, the helper stopped (or left, or is gone), the game ended,
the seat's player left the seat, was gone, or the seat went to another connection; the table closed."""


class HelpWaiting(TypedDict):
    """``help_waiting``: the reply to ``help_ask``: the seat's player (``name``) is asked."""

    type: Literal["help_waiting"]
    table: int
    request: int
    seat: int
    name: str
    seconds: float
    rid: NotRequired[int | None]


class HelpAsked(TypedDict):
    """``help_asked``, to the seat's own connection only: ``by`` asks to help you, and would see your view."""

    type: Literal["help_asked"]
    table: int
    request: int
    seat: int
    name: str
    """The seat's player (the receiver)."""
    by: str
    seconds: float


class HelpOver(TypedDict):
    """``help_over``: a request to help ``seat`` is decided, to the asker and the seat."""

    type: Literal["help_over"]
    table: int
    request: int
    seat: int
    name: str
    by: str
    """The asker's name."""
    outcome: HelpOutcome


class Helping(TypedDict):
    """``helping``: the seat said yes; its view follows, as ``help_view`` frames, until ``help_ended``."""

    type: Literal["helping"]
    table: int
    seat: int
    name: str


class HelpEnded(TypedDict):
    """``help_ended``: the help of ``helper`` to ``seat`` (its player ``name``) is over (``why``)."""

    type: Literal["help_ended"]
    table: int
    seat: int
    name: str
    helper: str
    why: HelpWhy


class Suggestion(TypedDict):
    """``suggestion``, to the seat's own connection only: its helper ``name`` suggests ``move``
    (wire form, checked legal at ``seq``)."""

    type: Literal["suggestion"]
    table: int
    seat: int
    name: str
    move: dict[str, Any]
    seq: int


class HelpView(TypedDict, Generic[V]):
    """``help_view``: to a helper, the very view frame the seat it helps got, marked as a helper's."""

    type: Literal["help_view"]
    table: int
    seat: int | None
    seq: int
    view: V
    log: list[LogEntry]
    timers: NotRequired[list[Timer]]


class Ping(TypedDict):
    type: Literal["ping"]


class Pong(TypedDict):
    type: Literal["pong"]


class HouseSet(TypedDict):
    """One set of house rules the host keeps (:mod:`yule.netplay.housesets`): a game's new-table
    settings under a name, who saved it last and when (Unix time)."""

    name: str
    seats: int
    open: bool
    options: dict[str, Any]
    turn_seconds: float | None
    by: str
    saved: float


class SetsFrame(TypedDict):
    """``sets``: the sets of house rules the host keeps for ``game``, by name; ``most``: how many it keeps for one game."""

    type: Literal["sets"]
    game: str
    sets: list[HouseSet]
    most: int
    rid: NotRequired[int | None]


class SetSaved(TypedDict):
    """``set_saved``: a set of house rules kept, under its ``name`` as cleaned; ``replaced``: one of that name gave way."""

    type: Literal["set_saved"]
    game: str
    name: str
    replaced: bool
    rid: NotRequired[int | None]


Reply = Ok | Created | Seated | ReclaimWaiting | PacesFrame | StandingsFrame | SetsFrame | SetSaved | HelpWaiting
"""A host's answer to a request that it did (a refusal is an :class:`ErrorFrame`)."""

HostFrame = (
    TableInfo | LogFrame | ViewFrame[View] | ChatFrame | Nudged | Removed | ErrorFrame | ReclaimAsked | ReclaimOver
    | ReclaimRefused | TablesFrame | Welcome | Ping | Pong | Reply
    | ReactionFrame
    | HelpAsked | HelpOver | Helping | HelpEnded | Suggestion | HelpView[View]
)  # fmt: skip
"""Every frame a host sends."""


# -- what the client library adds ---------------------------------------------------------------


class ConnectionFrame(TypedDict):
    """``connection``: the client library's own news of its connection to the host."""

    type: Literal["connection"]
    state: Literal["connected", "reconnecting", "gone"]
    reason: str


Incoming = HostFrame | ConnectionFrame
"""What the client library delivers: a host's frame, or news of the connection."""
