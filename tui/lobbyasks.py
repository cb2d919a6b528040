"""What the lobby asks the app to do: one small frozen dataclass per request.

The lobby screen posts :class:`~yule.tui.lobby.LobbyScreen.Request` with one of these; the app's
desk (:meth:`yule.tui.lobbydesk.LobbyDesk.answer`) does it, over the client library where it
is the host's to do.  A request is its type and its fields, checked where it is made (no kind
as a string, no arguments by name).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class CreateTable:
    """A new table of ``game`` with ``seats`` seats, its ``options`` and turn timer (the form's)."""

    game: str
    seats: int
    open: bool
    options: dict[str, Any] = field(default_factory=dict)
    turn_seconds: int | None = None
    house_rules: str | None = None
    """The host's set of house rules the settings are, unchanged (its name), if any."""


@dataclass(frozen=True, slots=True)
class JoinTable:
    """A seat at ``table`` (``open``: no join code needed)."""

    table: int
    open: bool


@dataclass(frozen=True, slots=True)
class JoinByCode:
    """A seat at the table whose join code the player types."""


@dataclass(frozen=True, slots=True)
class WatchTable:
    """Watch ``table`` (``open``: no join code needed)."""

    table: int
    open: bool


@dataclass(frozen=True, slots=True)
class Rename:
    """Play under another name."""


@dataclass(frozen=True, slots=True)
class ShowEvening:
    """The evening's standings at this host."""


@dataclass(frozen=True, slots=True)
class ChooseLanguage:
    """The language menu."""


@dataclass(frozen=True, slots=True)
class AddBot:
    """A bot of ``bot``'s kind in the first empty seat of ``table``."""

    table: int
    bot: str | None


@dataclass(frozen=True, slots=True)
class RemoveBot:
    table: int
    seat: int


@dataclass(frozen=True, slots=True)
class FreeSeat:
    """Free a player's seat before the game (a wrong join), telling them ``reason``."""

    table: int
    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class SetOpen:
    table: int
    open: bool


@dataclass(frozen=True, slots=True)
class StartGame:
    table: int


@dataclass(frozen=True, slots=True)
class LeaveTable:
    table: int


@dataclass(frozen=True, slots=True)
class HelpSeat:
    """Ask to help a player at ``table`` (``open``: no join code needed): :mod:`.helping`."""

    table: int
    open: bool


LobbyAsk = (
    CreateTable | JoinTable | JoinByCode | WatchTable | Rename | ShowEvening | ChooseLanguage
    | AddBot | RemoveBot | FreeSeat | SetOpen | StartGame | LeaveTable
    | HelpSeat
)  # fmt: skip
"""Every request the lobby makes."""
