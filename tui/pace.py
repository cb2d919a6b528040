"""The bots' pace: how long each bot's move stays on show at a table, as a player chooses it.

A table of grown-ups may want the bots quick; a child at White Rabbit needs each move to stay
long enough to read.  Whoever runs a table picks one of :data:`PACES` with ``a`` at the table
(the host keeps it: ``set_pace``), and the player's choice for that game is remembered
(:class:`yule.tui.profile.Profile`), so ``yule play`` starts their next game of it at that pace
(:func:`pace_for`: otherwise :data:`CHILDREN`'s games slow, the others steady).

    >>> [name for _, name in PACES]
    ['quick', 'steady', 'slow', 'very slow']
    >>> pace_name(1.4), pace_for("white-rabbit", {}), pace_for("elf", {"elf": 0.3})
    ('slow', 1.5, 0.3)
"""

from __future__ import annotations

from collections.abc import Mapping

from .words import N_, t

PACES: tuple[tuple[float, str], ...] = (
    (0.3, N_("quick")),
    (0.8, N_("steady")),
    (1.5, N_("slow")),
    (2.5, N_("very slow")),
)
"""Each pace a player may choose: the seconds a bot's move stays on show, and its name (in
English: ``t(name)`` words it)."""

STEADY = 0.8
"""The pace a game starts at when the player has not chosen one for it."""

CHILDREN = frozenset({"white-rabbit"})
"""Games for children, which start slow."""


def nearest(delay: float) -> int:
    """The index in :data:`PACES` of the pace nearest ``delay`` seconds."""
    return min(range(len(PACES)), key=lambda i: abs(PACES[i][0] - delay))


def pace_name(delay: float) -> str:
    """The name of the pace nearest ``delay``, in the app's language."""
    return t(PACES[nearest(delay)][1])


def pace_for(game: str, chosen: Mapping[str, float]) -> float:
    """The pace to start a game of ``game`` at: the player's last choice for it (``chosen``),
    else slow for a children's game and steady for the others."""
    remembered = chosen.get(game)
    if remembered is not None:
        return remembered
    return PACES[2][0] if game in CHILDREN else STEADY
