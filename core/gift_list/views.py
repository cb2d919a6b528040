"""What a seat sees of a Gift List game: the view the host sends it, field by field.

:meth:`~yule.core.gift_list.state.GiftListState.view` builds it; the bots and the terminal's
table read it.  A wrapped gift is named by the seat that brought it, never by its card; an
open gift by its card (``"red-7"``); a person of a Gift List by their id (``"mother-in-law"``).
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ..base import Actions, ResultRecord


class GiftListResult(ResultRecord):
    """The end of the game (``scores``: each seat's best card per person on its list, added up;
    the highest wins, ties share)."""

    received: list[list[str]]
    """The gifts each seat kept, party by party."""


class GiftListView(TypedDict):
    """One seat's view (``you`` is its seat), or a spectator's (``you`` is ``None``).

    Everyone sees who has brought a gift to this party and whose gifts are still wrapped, the
    open gifts with who holds them and which are locked, every gift each seat received in
    earlier parties, and which opened gifts each seat brought and which it stole.  Only a seat's own view has its attic, its secret Gift List, the card
    it brought (while still wrapped), its best card per person and its score so far.  No view
    names another seat's attic, list or wrapped gift until the game is over; then every list
    is shown (``lists``, ``breakdown``).
    """

    game: str
    """``"gift-list"``."""
    you: int | None
    """Whose view this is; ``None``: a spectator's."""
    players: int
    phase: str
    """``"deal"`` (before the chance deal), ``"bring"`` (every seat brings a gift at once, in
    secret), ``"play"`` (open or steal, one seat at a time), ``"over"``."""
    party: int
    """The party being played, from 1 (0 before the deal)."""
    parties: int
    """How many parties the game has: as many as the cards in an attic."""
    first: int | None
    """The seat that opens the first gift of this party (``None`` before the deal)."""
    turn: int | None
    """The seat to open or steal now (``None`` outside the play phase)."""
    turn_owner: int | None
    """The seat whose turn it is while steals pass the play on to the seats stolen from; the
    next turn goes clockwise from it (``None`` outside the play phase)."""
    active: list[int]
    """The seats that may move now: every seat still to bring while bringing, else the turn."""
    brought: list[bool]
    """Per seat: it has brought its gift to this party (never which)."""
    wrapped: list[bool]
    """Per seat: the gift it brought is still wrapped."""
    holding: list[str | None]
    """Per seat: the open gift in front of it this party, if any."""
    locked: list[bool]
    """Per seat: the gift it holds was just stolen, and may not be stolen again until the next
    gift is opened."""
    attic_sizes: list[int]
    """How many cards each seat has left in its attic."""
    received: list[list[str]]
    """Per seat: the gifts it kept in the parties before this one."""
    given: list[list[str]]
    """Per seat: the cards it brought that have been opened, this game (the table saw them)."""
    stolen: list[list[str]]
    """Per seat: the cards it stole, this game: a player who remembers can guess lists from them."""
    attic: NotRequired[list[str]]
    """Your attic: the cards you may bring.  A seat's view only (so are the fields below,
    but for ``lists``, ``breakdown`` and ``result``)."""
    list: NotRequired[list[str]]
    """Your secret Gift List: three people."""
    my_gift: NotRequired[str | None]
    """The card you brought to this party, while it is still wrapped."""
    best: NotRequired[dict[str, str | None]]
    """Your best card received so far for each person on your list (``None``: none yet)."""
    score: NotRequired[int]
    """Your score so far: your best cards' numbers added up."""
    actions: NotRequired[Actions]
    """While you may move: ``bring``, ``open`` and ``steal``, each ``None`` (allowed) or the
    reason it is not, as data (``{"kind": kind, **facts}``)."""
    open_from: NotRequired[list[int]]
    """On your turn: the seats whose wrapped gift you may open (else empty)."""
    steal_from: NotRequired[list[int]]
    """On your turn: the seats whose open gift you may steal (else empty)."""
    lists: NotRequired[list[list[str]]]
    """Once over: every seat's Gift List."""
    breakdown: NotRequired[list[dict[str, str | None]]]
    """Once over: every seat's best card per person on its list."""
    result: NotRequired[GiftListResult]
    """Once over."""
