"""A hidden hand (``i`` at a player's table): for the living room, where the screen faces the sofa.

``i`` at a seat's table (and on its game-over sheet) blanks every private part of the screen
until it is pressed again: what the seat's view has that a spectator's has not (White
Elephant's Shelf and the Surprise Gifts you peeked at, the label of the gift you brought to a
Gift Exchange, Gift List's attic, the gift you brought, your secret Gift List and your score so
far, Elf's Goal card and the values under your Gingerbread Men; White Rabbit has nothing of the
kind, every card of it lies face up).  What stands in its place is as large as what it hides
(card backs, ``▒``), so the layout does not move and nothing can be read from widths.

While the hand is hidden, the moves that need to see it are not offered (a game's
:attr:`~yule.tui.widgets.GameTable.HIDDEN_MOVES`: greyed in the footer, and their key says how
to show the hand), neither is a hint (``h``: it would speak from the hidden cards), and the
notices shown are cleared (one may name a card); the rules, the chat, the log and leaving work
as ever.  The footer says how to show the hand again, the status line that it is hidden (and
whose turn it is, when it is yours).

The choice holds for the rest of the table: every view and redraw, a new screen after a
reconnect, the next game at the same table; it lives in the app (:func:`remembered`), never on
disk.  The log is the same for every seat (the host logs public events only): it has nothing to
hide.

A game marks a widget that shows only private things :class:`Private` (it draws card backs in
place of its whole content while hidden); a widget that mixes private and public things draws
placeholders for the private ones itself, reading :func:`hidden_here`.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.app import App
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from .words import N_, t

if TYPE_CHECKING:
    _Mixin = Widget  # what the mixin is mixed into
else:
    _Mixin = object

CARD_BACK = "▒"
"""What a hidden thing is drawn with, cell by cell: the back of a card."""

HIDDEN_KEY = N_("Your hand is hidden: press i to show it.")
"""What a key of a move that needs the hand says while it is hidden."""


def backs(width: int) -> str:
    """``width`` card backs: a placeholder as wide as what it hides.

    >>> backs(4)
    '▒▒▒▒'
    """
    return CARD_BACK * max(0, width)


def _kept(char: str) -> bool:
    """A box-drawing character (a border) is kept as it is; every other cell becomes a card back."""
    return "\u2500" <= char <= "\u257f"


def masked(strip: Strip, style: Style) -> Strip:
    """``strip`` with every cell but the borders' drawn as a card back in ``style``: as wide as
    it was, with nothing of what it showed left (not its words, their widths or their colours).

    >>> masked(Strip([Segment("│Ana "), Segment("GB 7", Style(bold=True))]), Style()).text
    '│▒▒▒▒▒▒▒▒'
    """
    segments = []
    for segment in strip:
        if segment.control:
            continue
        for char in segment.text:
            if _kept(char):
                segments.append(Segment(char, segment.style))
            else:
                segments.append(Segment(backs(cell_len(char)), style))
    return Strip(segments, strip.cell_length).simplify()


def hidden_here(widget: Widget) -> bool:
    """True when ``widget`` lies on a game table whose seat's hand is hidden."""
    from .widgets import GameTable

    for node in widget.ancestors_with_self:
        if isinstance(node, GameTable):
            return bool(node.hand_hidden)
    return False


class Private(_Mixin):
    """A widget that shows only what is its seat's own: card backs over all of it while the hand
    is hidden (:func:`hidden_here`), at the size it has (its border kept)."""

    def render_lines(self, crop: Region) -> list[Strip]:
        strips = super().render_lines(crop)
        if not hidden_here(self):
            return strips
        style = self.visual_style.rich_style + Style(dim=True)
        return [masked(strip, style) for strip in strips]


class PrivateStatic(Private, Static):
    """A :class:`~textual.widgets.Static` that shows only private things (:class:`Private`)."""


_MEMORY = "_yule_hidden_hands"
"""The app's attribute that remembers the tables whose hand is hidden."""


def remembered(app: App[Any], table: Hashable) -> bool | None:
    """Whether the hand is hidden at ``table`` (``None``: never chosen there)."""
    memory: dict[Hashable, bool] = getattr(app, _MEMORY, {})
    return memory.get(table)


def remember(app: App[Any], table: Hashable, hidden: bool) -> None:
    """The hand is hidden at ``table`` (or shown), until chosen again: for the app's life."""
    memory: dict[Hashable, bool] = getattr(app, _MEMORY, None) or {}
    memory[table] = hidden
    setattr(app, _MEMORY, memory)


def status_words(hidden: bool, yours: bool) -> str:
    """The status line's words about the hand: nothing while it shows; that it is hidden (and
    that it is your turn, when it is) while it is."""
    if not hidden:
        return ""
    if yours:
        # Translators: the status line while the hand is hidden (i: the key), on your turn; short.
        return t("your turn, hand hidden: i shows it")
    # Translators: the status line while the hand is hidden (i: the key); short.
    return t("hand hidden: i shows it")
