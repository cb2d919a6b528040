"""What a seat sees of a White Rabbit (Max Mümmelmann) game: the view the host sends it.

:meth:`~yule.core.white_rabbit.state.WhiteRabbitState.view` builds it; the bots and the
terminal's table read it.  Everything on the table is public but the face-down pile cards,
so every seat's view is the spectator's plus the seat's own ``actions`` on its turn.  A
rabbit card is named by its id (``"grey-4"``: colour and value), Max by ``"max"``; the eight
spaces and their piles are numbered 0 to 7 clockwise.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ..base import Actions, ResultRecord


class Pile(TypedDict):
    """A pile beside a space of the board, seen from the table."""

    cards: int
    """How many cards lie there, Max included when he is on top."""
    max: bool
    """Max lies on top (he is always put down in sight of everyone)."""


class Landing(TypedDict):
    """The spaces the rabbit reaches with the die just rolled."""

    cw: int
    """Going clockwise."""
    ccw: int
    """Going counter-clockwise."""


MaxChoice = TypedDict("MaxChoice", {"from": int, "card": str})
"""A card Max could take: ``card``, a value the seat to move lacks, held by seat ``from``."""


class WhiteRabbitView(TypedDict):
    """One seat's view (``you`` is its seat), or a spectator's (``you`` is ``None``): the same
    table, and only the view of the seat to move has ``actions``.  No view names a face-down
    pile card nobody has seen."""

    game: str
    """``"white-rabbit"``."""
    you: int | None
    """Whose view this is; ``None``: a spectator's."""
    players: int
    phase: str
    """``"deal"`` (before the chance deal), ``"roll"`` (the seat to move rolls the die: it
    presses for the roll, chance draws it), ``"direction"`` (it moves the rabbit one way or
    the other), ``"max_take"`` and ``"max_place"`` (it drew Max: it takes a card with him,
    then puts him on a pile), ``"over"``."""
    turn: int | None
    """The seat to move (``None`` before the deal and once it is over)."""
    rabbit: int
    """The space the rabbit stands on."""
    die: int | None
    """The last roll (while a roll is due, the one before); ``None`` before the first."""
    rolls: int
    """Rolls so far."""
    max_rolls: int
    """After this many rolls, played out, the game stops without a winner."""
    landing: Landing | None
    """While a direction is due: where each way takes the rabbit."""
    piles: list[Pile]
    """The eight piles, by space."""
    max_pile: int | None
    """The pile Max lies on (``None`` before the deal and while a seat holds him)."""
    seen_under: list[list[str]]
    """Per pile: the cards at its bottom that everyone saw drawn and slid under it, top-most
    first (what a player who remembers knows)."""
    max_with: int | None
    """The seat that drew Max and still holds him (``None``: nobody)."""
    families: list[list[str]]
    """Per seat: its rabbit family so far, face up, by value."""
    missing: list[list[int]]
    """Per seat: the values 1 to 6 it still lacks."""
    oberhase: list[str | None]
    """Per seat: the colour it holds all six of (an Oberhase), else ``None``."""
    max_choices: NotRequired[list[MaxChoice]]
    """While Max takes: every card he could take for the seat to move."""
    max_note: NotRequired[str | None]
    """While Max takes: why he finds nothing to take, when he does not."""
    actions: NotRequired[Actions]
    """On your turn: ``roll``, ``move``, ``max_take`` and ``max_place``, each ``None``
    (allowed) or the reason it is not, as data (``{"kind": kind, **facts}``)."""
    result: NotRequired[ResultRecord]
    """Once over: ``scores`` are the values of 1 to 6 each seat holds; ``winners`` the seat
    that completed its family (none when the game stopped at the roll cap)."""
    stopped: NotRequired[bool]
    """Once over: the game stopped at the roll cap, nobody won."""
