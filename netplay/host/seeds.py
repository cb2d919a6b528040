"""The seed each game at a table is dealt from.

Each game gets its own seed when it starts (:func:`game_seed`): the host's own secret
randomness, unless the table's creator asked for a seed and nobody but bots plays against the
one person at the table (:func:`honoured`), so nobody can choose a shuffle that another person
plays.  A creator's seed deals game ``n`` as ``seed/n``, so every game of the table differs and
a game's record can name the seed that dealt it (:func:`dealt_by`); a secret seed is never
written anywhere.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from .seats import Seat


def honoured(client_seed: str | None, seats: Iterable[Seat | None]) -> bool:
    """True when a game started now would deal from the creator's ``client_seed``: it asked for
    one and at most one seat is a person's (a player alone with bots keeps a seeded game
    reproducible)."""
    people = sum(1 for s in seats if s is not None and s.bot is None)
    return client_seed is not None and people <= 1


def game_seed(client_seed: str | None, seats: Iterable[Seat | None], game_no: int) -> str:
    """A seed for game ``game_no``, about to start: from the creator's seed when it is honoured
    (one for each game number, so every game of the table differs), else the host's own secret."""
    if honoured(client_seed, seats):
        return f"{client_seed}/{game_no}"
    return secrets.token_hex(16)


def dealt_by(client_seed: str | None, seed: str, game_no: int) -> bool:
    """True when the creator's ``client_seed`` dealt game ``game_no``, dealt from ``seed`` (a
    secret seed has no ``/``)."""
    return client_seed is not None and seed == f"{client_seed}/{game_no}"
