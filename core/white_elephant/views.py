"""What a seat sees of a White Elephant game: the view the host sends it, field by field.

:meth:`~yule.core.white_elephant.state.WhiteElephantState.view` builds it; the bots and the
terminal's table read it.  A gift is named by its card id (``"mug-3"``) while it lies face
up; a Surprise Gift (face down) only ever by its handle (``"surprise-2"``), and its card is
told (``known``) only to the seats that peeked at it.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ..base import Actions, ResultRecord


class WhiteElephantResult(ResultRecord):
    """The end of the game, once it is over (``scores``: lowest wins; ``winners``: ties share)."""

    shelves: list[list[str]]
    """Every seat's Shelf, every card named: nothing is hidden any more."""
    peanuts: list[int]
    """Each seat's Peanuts left, 1 point off each."""
    collections: list[list[str]]
    """The suits each seat collects (it holds the most of them, ties included): 1 point a card."""


class WhiteElephantView(TypedDict):
    """One seat's view (``you`` is its seat), or a spectator's (``you`` is ``None``).

    Everyone sees the same table: the Gift Exchange, the gifts in front of each seat this
    round, the Peanuts, the size of each Shelf.  Only a seat's own view has ``shelf`` and
    ``known``; only the view of the seat to move has ``actions``.  No view names a Surprise
    Gift nobody has peeked at, nor the order of the deck.
    """

    game: str
    """``"white-elephant"``."""
    you: int | None
    """Whose view this is; ``None``: a spectator's."""
    players: int
    phase: str
    """``"shuffle"`` and ``"start"`` (the chance moves before the first round), ``"main"`` (the
    seat to move makes its main action), ``"after"`` (it may still peek, then ends its turn),
    ``"over"``."""
    round: int
    """The round being played, from 1 (0 before the first)."""
    final_round: bool
    """The deck is used up: this round is the last."""
    deck: int
    """Cards left in the deck."""
    supply: int
    """Peanuts left in the supply."""
    pot: int
    """Peanuts on the marker, paid there for trades and peeks: whoever clears out takes them."""
    start_player: int | None
    """Who holds the marker and starts the round (``None`` before it is drawn)."""
    turn: int | None
    """The seat to move (``None`` before the first round and once it is over)."""
    exchange: list[str]
    """The gifts in the Gift Exchange, in the order they were laid out."""
    front: list[list[str]]
    """The gifts each seat took this round, in front of it (another seat may trade for them)."""
    on_gifts: dict[str, int]
    """Peanuts lying on each Surprise Gift in play, by handle (one from the supply as it is
    dealt, while the supply lasts); they go to whoever shelves the gift."""
    peanuts: list[int]
    """Each seat's Peanuts."""
    shelf_sizes: list[int]
    """How many gifts each seat has put on its Shelf (Shelves lie face down)."""
    peeked: dict[str, list[int]]
    """For each Surprise Gift in play (by handle), the seats that peeked at it: public, since
    a peek is made in sight of everyone, only the card is not."""
    seen_shelves: list[list[str]]
    """For each seat, the cards on its Shelf this view has seen (every gift shelved face up,
    the Surprise Gifts this seat had peeked at, and those it opened onto its own Shelf): what
    a player who remembers the table knows."""
    shelf: NotRequired[list[str]]
    """Your own Shelf, every card named.  A seat's view only."""
    known: NotRequired[dict[str, str]]
    """The Surprise Gifts in play you have peeked at: handle -> card.  A seat's view only."""
    actions: NotRequired[Actions]
    """While it is your turn: ``take``, ``trade``, ``clear``, ``peek`` and ``end``, each
    ``None`` (allowed) or the reason it is not, as data (``{"kind": kind, **facts}``)."""
    result: NotRequired[WhiteElephantResult]
    """Once the game is over."""
