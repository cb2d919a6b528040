"""What a seat sees of an Elf game: the view the host sends it, field by field.

:meth:`~yule.core.elf.state.ElfState.view` builds it; the bots, the preview of a card
(:mod:`yule.core.elf.preview`) and the terminal's table read it.  A card is named by its id
(``"cl-7"``: its type and number), a thing on the board by its token id (``"wise-snowman"``,
``"g2"``, ``"floe-a"``, ``"syrup-1"``, ``"end"`` for the NYC Snow Globe), a cell by its
``[x, y]`` (x 0-25 left to right, y 0-13 top to bottom; the 2-cell margin around the board
goes from -2) and a heading by its compass letters (``"N"``, ``"SE"`` ...).
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ..base import Actions, ResultRecord


class Arrow(TypedDict):
    """Buddy's arrow: where the next card starts from, and the way it must go on."""

    cell: list[int]
    heading: str


class Path(TypedDict):
    """A card laid on the board, in the order they were laid."""

    card: str
    by: int
    """The seat that laid it."""
    heading: str
    """The heading it was laid in."""
    floe: list[int] | None
    """The Ice Floe cell it started from, when it was the jump; else ``None``."""
    cells: list[list[int]]
    """The cells it covers, in path order."""
    arrow: Arrow
    """Buddy's arrow once it was laid."""
    touched: list[str]
    """The tokens it triggered, in the order they resolved."""


class TokenView(TypedDict):
    """A thing on the board a card can touch."""

    kind: str
    """``"location"``, ``"gingerbread"``, ``"syrup"``, ``"floe"`` or ``"end"``."""
    label: str
    """Its four-letter label on the board (``"SNOW"``)."""
    cells: list[list[int]]
    live: bool
    """Still on the board and working: a location once visited, a Gingerbread Man once taken,
    a Maple Syrup jar once touched and both floes once the jump is used are spent."""
    slot: NotRequired[int | None]
    """A location's Scoring Slot once visited (0-5, 6 for the seventh), else ``None``."""
    taken_by: NotRequired[int | None]
    """A Gingerbread Man's or the Snow Globe's taker, else ``None``."""


class Jump(TypedDict):
    """The Ice Floe jump, once a game."""

    used: bool
    offer: str | None
    """The floe the next card may start from (a card just touched the other one), else ``None``."""


class Goal(TypedDict):
    """A secret Goal card."""

    id: str
    """``"goal-1"`` to ``"goal-7"``."""
    locations: list[str]
    """The three locations it scores, by token id."""


class GingerbreadMan(TypedDict):
    """A Gingerbread Man you took and the value under it."""

    spot: str
    """``"g1"`` to ``"g4"``."""
    value: int


class PlacementHint(TypedDict):
    """A way to lay a card now, as the fields its wire move adds to ``type`` and ``card``."""

    heading: str
    floe: NotRequired[list[int]]
    """Only for the jump: the Ice Floe cell it starts from."""


class ElfResult(ResultRecord):
    """The end of the game (``scores``: the highest wins, ties share)."""

    ended: str
    """``"nyc"`` (a card reached the Snow Globe) or ``"cards"`` (every card was played)."""
    slots: list[str]
    """The locations visited, in the order they took the Scoring Slots (a seventh is worth 0)."""
    gingerbread: list[list[int]]
    """Per seat: the values of the Gingerbread Men it took."""
    snow_globe: int | None
    """The seat that reached the Snow Globe (2 points), else ``None``."""
    goals: list[str]
    """Every seat's Goal card."""


class ElfView(TypedDict):
    """One seat's view (``you`` is its seat), or a spectator's (``you`` is ``None``).

    Everyone sees the hands (they are played face up), the board and every laid path, Buddy's
    arrow, the Scoring Slots, who took which Gingerbread Man, the jump and the deck's size.
    Only a seat's own view has its Goal card and the values under its Gingerbread Men; only
    the view of the seat to move has ``actions`` and ``placements``.  Once the game is over
    every Goal card and Gingerbread value is shown.
    """

    game: str
    """``"elf"``."""
    you: int | None
    """Whose view this is; ``None``: a spectator's."""
    players: int
    phase: str
    """``"shuffle"``, ``"goals"`` and ``"gingerbread"`` (the chance moves of the start),
    ``"play"``, ``"over"``."""
    turn: int | None
    """The seat to move (``None`` outside play)."""
    deck: int
    """Cards left in the deck."""
    hands: list[list[str]]
    """Per seat: its cards."""
    discards: list[list[str]]
    """Per seat: the cards it had to discard (no card fit and the deck was out)."""
    arrow: Arrow
    plays_this_turn: int
    """Cards the seat to move has laid this turn (it may end its turn after the first)."""
    paths: list[Path]
    tokens: dict[str, TokenView]
    """Every thing on the board, by token id."""
    slots: list[str | None]
    """The six Scoring Slots: the location that took each, else ``None``."""
    seventh: str | None
    """The seventh location visited, worth 0."""
    slot_values: list[int]
    """The points of the six Scoring Slots."""
    jump: Jump
    snow_globe: int | None
    """The seat that reached the Snow Globe, else ``None``."""
    gingerbread_counts: list[int]
    """Per seat: how many Gingerbread Men it took (their values stay secret)."""
    goal: NotRequired[Goal | None]
    """Your Goal card (``None`` before they are dealt).  A seat's view only."""
    my_gingerbread: NotRequired[list[GingerbreadMan]]
    """The Gingerbread Men you took and their values.  A seat's view only."""
    actions: NotRequired[Actions]
    """On your turn: ``play`` and ``end``, each ``None`` (allowed) or the reason it is not, as data
    (``{"kind": kind, **facts}``)."""
    placements: NotRequired[dict[str, list[PlacementHint]]]
    """On your turn: each card of your hand and every legal way to lay it (the jump last);
    :func:`yule.core.elf.preview.preview` adds the cells and what each would trigger."""
    goals: NotRequired[list[str]]
    """Once over: every seat's Goal card."""
    gingerbread_values: NotRequired[dict[str, int]]
    """Once over: the value under every Gingerbread Man, by spot."""
    result: NotRequired[ElfResult | None]
    """Once over."""
