"""The host's index of seat tokens: which seat of which table each token gives back.

A seat's token is its only proof (``docs/protocol.md``); the host keeps only its hash
(:func:`.store.hash_token`).  A token taken back on another device stops working, and the
host remembers for a while where it was (:data:`MOVED_TOKENS`), so the old device is told
that its seat moved, not just that its token is unknown.  A forgotten table's tokens go with it.
"""

from __future__ import annotations

from collections.abc import Container

from ..refusal import RequestError

MOVED_TOKENS = 4096
"""Seat tokens whose seat was taken back on another device that the host remembers (the oldest
go beyond that): the old device is told so, not just that its token is unknown."""


class SeatTokens:
    """Token hash -> (table id, seat), for every seat the host's tables have given."""

    def __init__(self) -> None:
        self.seats: dict[str, tuple[int, int]] = {}
        """Token hash -> (table id, seat)."""
        self.moved: dict[str, tuple[int, int]] = {}
        """Token hash -> (table id, seat): tokens that stopped working when their seat was taken
        back on another device (:data:`MOVED_TOKENS` at most, until the host stops)."""

    def add(self, token_hash: str, table: int, seat: int) -> None:
        self.seats[token_hash] = (table, seat)

    def forget(self, token_hash: str) -> None:
        """A seat freed: its token stops working."""
        self.seats.pop(token_hash, None)

    def retoken(self, table: int, old: str | None, new: str | None, seat: int) -> None:
        """The seat's token changed from ``old`` to ``new`` (hashes; None: none)."""
        if old is not None:
            self.seats.pop(old, None)
            if new is not None:  # the seat goes to another device: the old one is told so if it comes back
                self.moved[old] = (table, seat)
                if len(self.moved) > MOVED_TOKENS:
                    del self.moved[next(iter(self.moved))]
        if new is not None:
            self.seats[new] = (table, seat)

    def drop(self, gone: list[int]) -> None:
        """The tokens of the forgotten tables stop working."""
        if gone:
            self.seats = {h: where for h, where in self.seats.items() if where[0] not in gone}

    def seat_of(self, token_hash: str, tables: Container[int]) -> tuple[int, int]:
        """(table id, seat) of the token with ``token_hash`` among ``tables`` (those the host
        holds); refused if it moved to another device (``seat_moved``) or is unknown (``bad_token``)."""
        where = self.seats.get(token_hash)
        if where is None and (moved := self.moved.get(token_hash)) is not None and moved[0] in tables:
            raise RequestError("seat_moved", table=moved[0])
        if where is None or where[0] not in tables:
            raise RequestError("bad_token", reason="seat")
        return where
