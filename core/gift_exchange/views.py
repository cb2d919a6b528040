"""What a guest sees of a Gift Exchange: the view the host sends it, field by field.

:meth:`~yule.core.gift_exchange.state.GiftExchangeState.view` builds it; the bots, the
guests' and the organiser's tables and the TV read it.  Gift ``i`` is the one guest ``i``
brought (screens number them from 1: ``#1``); a gift's label (what it is) stays secret until
it is opened, but to the guest who brought it.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from ..base import Reason, ResultRecord


class Gift(TypedDict):
    """One gift as the table sees it."""

    id: int
    """The gift's number, from 0: also the seat that brought it."""
    brought: bool
    """It is on the table (while bringing, a guest's gift may not be yet)."""
    wrapping: str | None
    """What its wrapping looks like, in its bringer's words (``None`` until brought)."""
    blank: bool
    """It was brought without a label (organiser mode): whoever opens it names it."""
    opened: bool
    holder: int | None
    """The seat holding it once opened (``None`` while wrapped)."""
    steals: int
    """Times it has been stolen (a final swap counts)."""
    frozen: bool
    """Stolen as often as the steal limit allows: it stays where it is."""
    label: NotRequired[str]
    """What it is: once opened, and to its bringer from the start."""


ChainSteal = TypedDict("ChainSteal", {"by": int, "gift": int, "from": int})
"""One steal of this turn's chain: seat ``by`` took ``gift`` from seat ``from``."""


class Refusal(TypedDict):
    """Why the guest to move may not take one gift now."""

    type: str
    """``"open"`` (a wrapped gift) or ``"steal"`` (an open one)."""
    gift: int
    code: str
    """The kind of refusal, for the board's marks: ``"own_gift"``, ``"wrapped"``, ``"yours"``,
    ``"frozen"``, ``"no_steal_back"`` or ``"steal_cap"``."""
    reason: Reason
    """The rules' reason as data, as a refused move would give it: ``{"kind": kind, **facts}``
    (a client words it from :data:`yule.core.gift_exchange.reasons.REASONS`)."""


class GiftExchangeActions(TypedDict):
    """What the guest may do now (every list empty, every flag false when nothing)."""

    bring: bool
    """It may bring its gift (while bringing, until it has)."""
    open: list[int]
    """The wrapped gifts it may open."""
    steal: list[int]
    """The open gifts it may steal (in the final swap: swap for)."""
    keep: bool
    """The final swap is offered: it may keep its gift instead."""
    refusals: list[Refusal]
    """Every gift it may not open or steal now, and why."""
    name_needed: list[int]
    """Of the gifts it may open, those brought blank: opening one names it."""


class GiftExchangeResult(ResultRecord):
    """The end of the party: nobody wins or loses (every score is 0, no winners)."""

    holdings: list[int]
    """The gift each guest goes home with, by seat."""
    steals: list[int]
    """Times each gift was stolen, by gift."""


class GiftExchangeView(TypedDict):
    """A guest's view (``you`` is its seat), or the public one (``you`` is ``None``: the TV,
    and the organiser, who moves for every guest from it).

    Everyone sees every gift's wrapping, who holds the open ones, how often each was stolen
    and which are frozen, the turn order and this turn's steals.  Only a label is ever
    hidden: a wrapped gift's, from everyone but its bringer.  Only the view of a guest who
    may move now has ``actions``.
    """

    game: str
    """``"gift-exchange"``."""
    you: int | None
    """Whose view this is; ``None``: the public one."""
    players: int
    options: dict[str, Any]
    """The house options (see :data:`yule.core.gift_exchange.options.DEFAULT_OPTIONS`)."""
    phase: str
    """``"bringing"`` (every guest brings a gift, then chance draws the order), ``"playing"``
    (open or steal, turn by turn), ``"final"`` (the first guest of the order may swap), ``"over"``."""
    active: list[int]
    """The seats that may move now: every guest still to bring while bringing, else the one
    to move."""
    order: list[int] | None
    """The turn order, once drawn: seats."""
    turn: int | None
    """Which turn of the order is being played, from 0 (``None`` outside ``"playing"``)."""
    turns: int
    """How many turns the order has: one a guest."""
    first: int | None
    """The first guest of the order, offered the final swap (``None`` until drawn)."""
    gifts: list[Gift]
    """Every gift, by id."""
    holdings: list[int | None]
    """The gift each guest holds, by seat (``None``: none yet)."""
    wrapped: int
    """Gifts still wrapped."""
    chain: list[ChainSteal]
    """This turn's steals, in order."""
    steals_this_turn: int
    steals_total: int
    actions: NotRequired[GiftExchangeActions]
    """While you may move."""
    result: NotRequired[GiftExchangeResult]
    """Once over."""
