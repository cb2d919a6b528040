"""A table's log in the reader's language: each event the host logs, worded here.

The host sends what happened (a log entry's ``event``), never how to say it; this module words
the events the table makes itself (who started the game, a timer run out, an undo, a nudge,
someone back ...) and hands a game's own events to its words (``GameUI.describe``, in
``tui/<game>/words.py``).  Names are the table's (its players' names, ``Seat N`` for an empty
seat) and are shown literally by the logs, like every word here.

    >>> from .words import set_language
    >>> describe("white-rabbit", {"type": "nudged", "seat": 1, "name": "Ana"}, ["Ana", "Ben"])
    'Ana nudged Ben: the table waits for their move.'
    >>> set_language("de"); describe("white-rabbit", {"type": "bot_move", "seat": 0, "name": "Ben"}, ["Max", "Ben"])
    "Ben hat einen Bot Max' Zug machen lassen."
    >>> set_language("en")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..netplay.client.follower import NEW_GAME, LogLine, is_chat
from ..netplay.frames import (
    BACK,
    BOT_MOVE,
    BOT_REPLACED,
    HELPER_JOINED,
    HELPER_LEFT,
    NUDGED,
    PAUSE_VOTE,
    PAUSED,
    RESUMED,
    STAND_IN,
    STARTED,
    TIME_UP,
    UNDONE,
)
from .words import N_, seat, t

Event = Mapping[str, Any]


def _started(event: Event, names: list[str]) -> str:
    if event["game_no"] == 1:
        return t("{name} started the game.", name=event["name"])
    return t("{name} started game {number}.", name=event["name"], number=event["game_no"])


def _back(event: Event, names: list[str]) -> str:
    who, by = seat(names, event["seat"]), event["by"] or t("the host's owner")
    if event["earlier"]:
        return t("{who} is back on their earlier device ({by} said yes).", who=who, by=by)
    return t("{who} is back, on another device ({by} said yes).", who=who, by=by)


def _paused(event: Event, names: list[str]) -> str:
    if event["vote"]:
        return t("The table is paused: {name} asked, and the players here said yes.", name=event["name"])
    return t("{name} paused the table: nothing moves until it is resumed.", name=event["name"])


def _resumed(event: Event, names: list[str]) -> str:
    if event["vote"]:
        return t("The table plays on: {name} asked, and the players here said yes.", name=event["name"])
    return t("{name} resumed the table: play on!", name=event["name"])


PAUSE_VOTE_ENDS = {
    "no": (N_("{name} asked for a break: the players said no."), N_("{name} asked to play on: the players said no.")),
    "expired": (
        N_("{name} asked for a break: not enough yes in time."),
        N_("{name} asked to play on: not enough yes in time."),
    ),
    "creator_back": (
        N_("{name} asked for a break: the table's creator is back, and decides."),
        N_("{name} asked to play on: the table's creator is back, and decides."),
    ),
    "withdrawn": (
        N_("{name} asked for a break, and no longer asks."),
        N_("{name} asked to play on, and no longer asks."),
    ),
}
"""How a vote to pause (first) or to resume (second) ended without a yes, by its ``outcome``."""


def _pause_vote(event: Event, names: list[str]) -> str:
    ends = PAUSE_VOTE_ENDS.get(event["outcome"], PAUSE_VOTE_ENDS["withdrawn"])
    return t(ends[0] if event["pause"] else ends[1], name=event["name"])


TABLE_EVENTS: dict[str, Callable[[Event, list[str]], str]] = {
    STARTED: _started,
    TIME_UP: lambda e, names: t("Time is up for {who}: a bot made the move.", who=seat(names, e["seat"])),
    BOT_REPLACED: lambda e, names: t(
        "The bot playing for {who} was stuck; a random move was made.", who=seat(names, e["seat"])
    ),
    BOT_MOVE: lambda e, names: t("{name} let a bot make {who}'s move.", name=e["name"], who=seat(names, e["seat"])),
    NUDGED: lambda e, names: t(
        "{name} nudged {who}: the table waits for their move.", name=e["name"], who=seat(names, e["seat"])
    ),
    STAND_IN: lambda e, names: t(
        "{name} let a bot play for {who} until they are back.", name=e["name"], who=seat(names, e["seat"])
    ),
    BACK: _back,
    PAUSED: _paused,
    RESUMED: _resumed,
    PAUSE_VOTE: _pause_vote,
    NEW_GAME: lambda e, names: t("A new game begins at this table."),
    # a helper beside a seat (yule.tui.helping):
    HELPER_JOINED: lambda e, names: t("{name} is helping {who} now.", name=e["name"], who=seat(names, e["seat"])),
    HELPER_LEFT: lambda e, names: t("{name} no longer helps {who}.", name=e["name"], who=seat(names, e["seat"])),
}
"""The events a table logs of its own (not a game's move), each worded."""


def describe(game: str | None, event: Event, names: list[str]) -> str:
    """One log event in the app's language: the table's own, or a move's in ``game``'s words
    (its :attr:`~yule.tui.games.GameUI.describe`; an event of a game this app does not know is
    said by its type)."""
    kind = event.get("type")
    own = TABLE_EVENTS.get(kind) if isinstance(kind, str) else None
    if own is not None:
        return own(event, names)
    if kind == UNDONE:
        undone = event.get("undone")
        if undone is None:
            return t("Undone: a move.")
        return t("Undone: {what}", what=describe(game, undone, names))
    from .games import GAME_UIS

    ui = GAME_UIS.get(game) if game is not None else None
    if ui is None:
        return str(kind)
    return ui.describe(dict(event), names)


def line_of(line: LogLine, game: str | None, names: list[str]) -> str | None:
    """A log line's words (None for a chat line, which the logs show with its speaker)."""
    if is_chat(line):
        return None
    return describe(game, line["event"], names)  # type: ignore[typeddict-item]
