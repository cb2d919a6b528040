"""One table followed from the host's frames: what a client knows of it, in one place.

A :class:`TableFollower` takes the frames of its table as they come (:meth:`~TableFollower.take`)
and holds what they tell: the table's info (its seats, its players' names, the organiser), the
current view and its ``seq``, the log with the chat said among its lines, the turn timers and
the countdowns to a stand-in bot, and the game's result once it is over.  Each frame taken says
what it changed (:class:`Change`), so a screen draws what is new; one made later draws the whole
table from the follower.  The player's app, the party's and the TV all follow their table with
one.  No Textual here: the follower is plain data, tested with recorded frames.

The log is kept as lines (:data:`LogLine`): a log entry (its event, which a screen words in its
reader's language), or a chat frame (a screen shows its speaker's name beside the words,
literally).  The host's log frame (on join, resume, watch)
replaces the lines, with each chat line where it was said (:func:`log_lines`); a view's entries
and each chat line are added at the end.

    >>> follower = TableFollower(3, clock=lambda: 100.0)
    >>> follower.take({"type": "chat", "table": 3, "seat": None, "name": "TV", "text": "hi", "game_no": 0, "seq": 0})
    Change(kind='chat', began=False, ended=False)
    >>> follower.take({"type": "view", "table": 3, "seat": 0, "seq": 1, "view": {"you": 0},
    ...                "log": [{"event": {"type": "dealt"}, "seq": 1}], "timers": [{"seat": 0, "left": 30.0}]})
    Change(kind='view', began=False, ended=False)
    >>> [line.get("text") or line["event"]["type"] for line in follower.lines], follower.deadlines
    (['hi', 'dealt'], {0: 130.0})
    >>> follower.take({"type": "view", "table": 4, "seat": None, "seq": 9, "view": {}, "log": []}) is None
    True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Literal, cast

from ..frames import UNDONE, ChatFrame, Incoming, LogEntry, LogFrame, SeatInfo, TableInfo, V, ViewFrame

LogLine = LogEntry | ChatFrame
"""A line of a table's log: a log entry (the host's, or the client's own :data:`NEW_GAME`), or a chat frame."""

NEW_GAME = "new_game"
"""The event of the line the log gets when a view of a new game follows a finished one
(``{"type": "new_game"}``: the client's own, the host never sends it)."""


def is_chat(line: LogLine) -> bool:
    """Whether a log line is a chat frame (else it is a log entry)."""
    return "event" not in line


def log_lines(frame: LogFrame) -> list[LogLine]:
    """The host's log frame (on join, resume, watch) as log lines: the game's log so far with the
    table's chat so far, each line where it was said (docs/protocol.md, *Log so far*): a line of
    an earlier game, or one without a place, first; one of this game after the entries logged by
    then.

    >>> frame = {"game_no": 1, "entries": [{"event": {"type": "dealt"}, "seq": 1}, {"event": {"type": "open"}, "seq": 2}],
    ...          "chat": [{"name": "Bo", "seat": 0, "text": t, "game_no": g, "seq": n}
    ...                   for t, g, n in (("old", None, None), ("hi", 0, 0), ("nice", 1, 1))]}
    >>> ["chat: " + line["text"] if is_chat(line) else line["event"]["type"] for line in log_lines(frame)]
    ['chat: old', 'chat: hi', 'dealt', 'chat: nice', 'open']
    """
    entries = frame["entries"]
    lines: list[LogLine] = []
    done = 0
    for chat in frame["chat"]:
        said = chat["seq"]
        if chat["game_no"] == frame["game_no"] and said is not None:
            at = next((i for i, entry in enumerate(entries) if entry["seq"] > said), len(entries))
            lines += entries[done:at]
            done = max(done, at)
        lines.append(chat)
    return lines + entries[done:]


SeatNamer = Callable[[SeatInfo], str]
"""How a client names a taken seat (a bot's in its reader's language, from its level and number)."""


def seat_names(info: TableInfo | None, name: SeatNamer | None = None) -> list[str]:
    """Each seat's name from table info: its player's (as ``name`` says it, else as the host
    sent it), or for an empty seat the name of who played there in the table's game (``""``
    when nobody did: ``Seat N`` on screen).

    >>> seat_names({"seats": [{"name": "Ana"}, None, None], "players": ["Ana", "Ben"]})
    ['Ana', 'Ben', '']
    """
    if info is None:
        return []
    players = info["players"]
    return [
        (name(s) if name else s["name"]) if s else players[seat] if seat < len(players) else ""
        for seat, s in enumerate(info["seats"])
    ]


@dataclass(frozen=True, slots=True)
class Change:
    """What one frame changed at the table followed: ``kind``, the frame's type; for a view,
    whether it is the first of a new game after a finished one (``began``: the log says so,
    :data:`NEW_GAME`), or the first to carry the game's result (``ended``)."""

    kind: Literal["table", "log", "chat", "view"]
    began: bool = False
    ended: bool = False


class TableFollower(Generic[V]):
    """The table ``table`` (its id) as its frames tell it; ``V`` is its game's view type.

    ``clock`` tells the time the timers count down on (seconds, :func:`time.monotonic`).
    """

    def __init__(
        self, table: int, *, clock: Callable[[], float] = time.monotonic, name: SeatNamer | None = None
    ) -> None:
        self.id = table
        """The table's id."""
        self.seat_namer = name
        """How the client names a taken seat (:data:`SeatNamer`; None: as the host sent it)."""
        self.info: TableInfo | None = None
        """The latest table info (None until it comes)."""
        self.frame: ViewFrame[V] | None = None
        """The latest view frame: the current view, its ``seq``, its seat (None until one comes)."""
        self.lines: list[LogLine] = []
        """The table's log as shown: the game's lines and the chat said among them, in order."""
        self.log_taken = 0
        """How many times the host's log frame has replaced :attr:`lines` (a screen that showed
        the lines before must show them all anew)."""
        self.deadlines: dict[int, float] = {}
        """Waiting seat -> when its turn timer runs out (on ``clock``), from the latest view."""
        self.away: dict[int, float] = {}
        """Away seat -> when a bot stands in for its player (on ``clock``), from the latest info."""
        self.events: list[dict[str, Any]] = []
        """The public events that led to the current view: its frame's log, after the game's
        events so far when the host's log frame came since the view before (on join, resume,
        watch), so a table that shows its latest happening (a card just drawn) shows it again."""
        self._caught_up: list[dict[str, Any]] = []
        """The events of the host's latest log frame, until the next view takes them."""
        self._clock = clock

    # -- what the frames tell -------------------------------------------------------------------

    @property
    def view(self) -> V | None:
        """The current view (None before the first)."""
        return None if self.frame is None else self.frame["view"]

    @property
    def seq(self) -> int | None:
        """The ``seq`` of the current view: a move chosen on it goes with it."""
        return None if self.frame is None else self.frame["seq"]

    @property
    def names(self) -> list[str]:
        """Each seat's name (:func:`seat_names`)."""
        return seat_names(self.info, self.seat_namer)

    @property
    def result(self) -> dict[str, Any] | None:
        """The game's result, once the current view carries it."""
        view = self.view
        return None if view is None else view.get("result")

    @property
    def status(self) -> str | None:
        """The table's status (``waiting``, ``playing``, ``over``), once its info came."""
        return None if self.info is None else self.info["status"]

    # -- taking frames ------------------------------------------------------------------------

    def take(self, frame: Incoming) -> Change | None:
        """Follow one frame from the host: what it changed, or None when it is not about this
        table's info, log, chat or view."""
        if frame["type"] == "table" and frame["table"] == self.id:
            self.info = frame
            now = self._clock()
            seats = frame["seats"]
            self.away = {
                seat: now + left for seat, s in enumerate(seats) if s and (left := s["stand_in_in"]) is not None
            }
            return Change("table")
        if frame["type"] == "log" and frame["table"] == self.id:
            self.lines = log_lines(frame)
            self.log_taken += 1
            self._caught_up = [entry["event"] for entry in frame["entries"]]
            return Change("log")
        if frame["type"] == "chat" and frame["table"] == self.id:
            self.lines.append(frame)
            return Change("chat")
        if frame["type"] == "view" and frame["table"] == self.id:
            return self._view(cast(ViewFrame[V], frame))  # the host sends this table's game's views
        return None

    def _view(self, frame: ViewFrame[V]) -> Change:
        had = self.result is not None
        over = "result" in frame["view"]
        undone = any(entry["event"].get("type") == UNDONE for entry in frame["log"])
        began = had and not over and not undone
        if began:
            self.lines.append({"event": {"type": NEW_GAME}, "seq": 0})
        self.frame = frame
        self.events, self._caught_up = self._caught_up + [entry["event"] for entry in frame["log"]], []
        self.lines += frame["log"]
        now = self._clock()
        self.deadlines = {timer["seat"]: now + timer["left"] for timer in frame.get("timers", [])}
        return Change("view", began=began, ended=over and not had)

    def forget_game(self) -> None:
        """Forget the game shown, its view and log: the table waits for players again, and
        its next game is followed as if from its start."""
        self.frame = None
        self.events, self._caught_up = [], []
        self.lines = []
        self.log_taken += 1
        self.deadlines = {}
