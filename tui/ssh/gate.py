"""Who may start an SSH login: load shed the way OpenSSH's ``MaxStartups`` sheds it, and
penalties per source the way its ``PerSourcePenalties`` gives them.

:mod:`yule.tui.ssh.serve` asks :class:`Gate` about each new connection before any work is done
for it (no key exchange).  An address counts by its group (an IPv6 address by its /64:
:func:`~yule.netplay.host.connection.address_group`).

- **Penalties** (:class:`Penalties`): an address earns seconds of penalty for a login that holds
  a place until its time runs out (or is closed to make room), for a wrong party word, and for a
  connection that ends without logging in.  Penalties add up to a most (:attr:`PenaltyScale.most`)
  and run out as time passes; while an address has more than :attr:`PenaltyScale.least`, its new
  connections are refused at once, told for how long.  So a guest's typo or two costs nothing,
  and an address that guesses, or holds places with silent connections, is shut out for a while.
  The table of addresses is bounded: past :data:`SOURCES`, the address penalised longest ago is
  forgotten.
- **Load shed** (:class:`Startups`, ``start:rate:full``): below ``start`` logins under way a new
  one is let in; from ``start`` it is refused with a chance of ``rate`` percent, growing to 100 at
  ``full``.  This holds for the logins in all (:data:`LOGINS`) and for each address's own
  (:data:`LOGINS_PER_ADDRESS`).
- **Fair share**: when the logins in all would refuse a connection from an address that holds
  fewer logins than the busiest address, the busiest address's oldest login is closed in its
  place (a penalty for that address).  Silent connections from a few addresses can then never
  keep a guest of another address out.
- **Room kept** (:data:`RESERVE`, :data:`RESERVE_PER_ADDRESS`): a connection that would be
  refused for the load (not for a penalty) goes to a few places kept for guests coming back: it
  has :data:`RESERVE_SECONDS` to offer, as its first key, one that holds a name here, and is
  otherwise closed with the reason it was refused.  (A guest's client offers the same key first
  each time, the one that got them their name.)
"""

from __future__ import annotations

import math
import random
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

from ..words import t, tn

T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Startups:
    """OpenSSH's ``MaxStartups start:rate:full`` over logins under way.

    >>> shed = Startups(10, 30, 64)
    >>> shed.drops(9, 0.0), shed.drops(10, 0.29), shed.drops(10, 0.31), shed.drops(64, 0.99)
    (False, True, False, True)
    >>> round(shed.chance(37), 2)
    0.65
    """

    start: int
    rate: int
    """Percent refused at ``start``."""
    full: int

    def chance(self, under_way: int) -> float:
        """The chance that one more login is refused when ``under_way`` are."""
        if under_way >= self.full:
            return 1.0
        if under_way < self.start:
            return 0.0
        return (self.rate + (100 - self.rate) * (under_way - self.start) / (self.full - self.start)) / 100

    def drops(self, under_way: int, draw: float) -> bool:
        """Whether one more login is refused, given a ``draw`` in [0, 1)."""
        return draw < self.chance(under_way)


LOGINS = Startups(48, 30, 128)
"""Logins under way in all: a party of forty arriving at the very same moment passes (a login
takes a moment of a processor: more at once are shed)."""
LOGINS_PER_ADDRESS = Startups(8, 30, 16)
"""... and from one address: guests of one router, each taking a moment to log in, pass."""
RESERVE = 8
"""Logins kept for guests coming back (a key that holds a name) past the load shed ..."""
RESERVE_PER_ADDRESS = 2
"""... from one address."""
RESERVE_SECONDS = 5.0
"""Seconds a connection in the room kept has to offer a key that holds a name."""
SOURCES = 4096
"""Addresses the penalties remember at most."""


@dataclass(frozen=True, slots=True)
class PenaltyScale:
    """Seconds of penalty for each event, and when they shut an address out (like OpenSSH's
    ``PerSourcePenalties grace-exceeded:10 noauth:1 authfail:5 min:15 max:600``)."""

    held: float = 10.0
    """A login that held its place until its time ran out, or was closed to make room."""
    word: float = 15.0
    """A wrong party word."""
    failed: float = 2.0
    """A connection that ended without logging in (of itself, or refused its key in the room kept)."""
    least: float = 30.0
    """An address is shut out while its penalty is above this (a guest's two typos pass; a third word
    wrong shuts the address out for 15 seconds)."""
    most: float = 300.0
    """Penalties add up to this at most."""


class Penalties:
    """Each address's penalty: the time it runs out.  ``clock`` gives seconds (monotonic)."""

    def __init__(
        self, scale: PenaltyScale, clock: Callable[[], float] = time.monotonic, sources: int = SOURCES
    ) -> None:
        self.scale = scale
        self.clock = clock
        self.sources = sources
        self._until: OrderedDict[str, float] = OrderedDict()

    def add(self, group: str, seconds: float) -> None:
        """``group`` earns ``seconds`` more (up to the most, from now)."""
        now = self.clock()
        until = min(max(self._until.pop(group, now), now) + seconds, now + self.scale.most)
        self._until[group] = until
        while len(self._until) > self.sources:
            self._until.popitem(last=False)

    def shut_for(self, group: str) -> float:
        """Seconds ``group`` is shut out for from now (0: it is not).

        >>> now = [0.0]
        >>> penalties = Penalties(PenaltyScale(), clock=lambda: now[0])
        >>> for _ in range(3):
        ...     penalties.add("10.0.0.5", penalties.scale.word)
        >>> penalties.shut_for("10.0.0.5"), penalties.shut_for("10.0.0.6")
        (15.0, 0.0)
        >>> now[0] = 15.0
        >>> penalties.shut_for("10.0.0.5")
        0.0
        """
        until = self._until.get(group)
        if until is None:
            return 0.0
        left = until - self.clock()
        if left <= 0:
            del self._until[group]
        return max(0.0, left - self.scale.least)

    def __len__(self) -> int:
        return len(self._until)


class Places(Generic[T]):
    """Connections counted per address group, each group's oldest first."""

    def __init__(self) -> None:
        self._groups: dict[str, dict[T, None]] = {}
        self._total = 0

    def add(self, group: str, item: T) -> None:
        self._groups.setdefault(group, {})[item] = None
        self._total += 1

    def remove(self, group: str, item: T) -> None:
        held = self._groups.get(group)
        if held is None or item not in held:
            return
        del held[item]
        self._total -= 1
        if not held:
            del self._groups[group]

    def count(self, group: str) -> int:
        return len(self._groups.get(group, ()))

    def total(self) -> int:
        return self._total

    def busiest(self) -> tuple[str, int]:
        """The group holding the most (its count); ``("", 0)`` when none holds any."""
        return max(((g, len(held)) for g, held in self._groups.items()), key=lambda gc: gc[1], default=("", 0))

    def oldest(self, group: str) -> T:
        return next(iter(self._groups[group]))

    def counts(self) -> dict[str, int]:
        """Each group's count (a copy)."""
        return {g: len(held) for g, held in self._groups.items()}

    def __iter__(self) -> Iterator[T]:
        for held in self._groups.values():
            yield from held

    def __bool__(self) -> bool:
        return self._total > 0


@dataclass(frozen=True, slots=True)
class Verdict(Generic[T]):
    """What :meth:`Gate.ask` says of a new connection."""

    why: str | None = None
    """Why it is refused (None: let in, or kept in the room kept)."""
    reserve: bool = False
    """True: let in to the room kept only (``why`` says why it was refused otherwise)."""
    evict: T | None = None
    """The login to close to make room for it (its place is given to the new one)."""


class Gate(Generic[T]):
    """The logins under way and the penalties: who may start a login (see the module docstring)."""

    def __init__(
        self,
        scale: PenaltyScale | None = None,
        *,
        logins: Startups = LOGINS,
        per_address: Startups = LOGINS_PER_ADDRESS,
        reserve: int = RESERVE,
        reserve_per_address: int = RESERVE_PER_ADDRESS,
        rng: random.Random | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.penalties = Penalties(scale or PenaltyScale(), clock)
        self.logins_shed = logins
        self.per_address_shed = per_address
        self.reserve_size = reserve
        self.reserve_per_address = reserve_per_address
        self.rng = rng or random.Random()
        self.logins: Places[T] = Places()
        """Logins under way."""
        self.reserve: Places[T] = Places()
        """Connections in the room kept for guests coming back."""

    def ask(self, group: str, item: T) -> Verdict[T]:
        """Whether a new connection from ``group`` may start a login; when it may, it is counted
        (in :attr:`logins` or :attr:`reserve`) as ``item``."""
        shut = self.shut_out(group)
        if shut is not None:
            return Verdict(shut)
        mine = self.logins.count(group)
        why = None
        evict = None
        if self.per_address_shed.drops(mine, self.rng.random()):
            why = t("Too many SSH logins from your address at once; try again in a moment.")
        elif self.logins_shed.drops(self.logins.total(), self.rng.random()):
            busiest, most = self.logins.busiest()
            if most > self.per_address_shed.start and most >= mine + 2:
                evict = self.logins.oldest(busiest)
                self.logins.remove(busiest, evict)
            else:
                why = t("Too many SSH logins at once; try again in a moment.")
        if why is None:
            self.logins.add(group, item)
            return Verdict(evict=evict)
        if self.reserve.total() < self.reserve_size and self.reserve.count(group) < self.reserve_per_address:
            self.reserve.add(group, item)
            return Verdict(why, reserve=True)
        return Verdict(why)

    def leave(self, group: str, item: T) -> None:
        """``item`` logged in, or ended: it no longer counts as a login under way."""
        self.logins.remove(group, item)
        self.reserve.remove(group, item)

    def penalise(self, group: str, seconds: float) -> None:
        self.penalties.add(group, seconds)

    def shut_out(self, group: str) -> str | None:
        """Why ``group`` may not log in now (its penalty), or None; in the language spoken now."""
        shut = self.penalties.shut_for(group)
        if shut <= 0:
            return None
        return tn(
            "Too many failed or unfinished SSH logins came from your address: try again in {n} second.",
            "Too many failed or unfinished SSH logins came from your address: try again in {n} seconds.",
            math.ceil(shut),
        )
