"""The seats a player holds, kept on their own machine so that no seat is ever lost.

A seat's token is the only proof of the seat (see ``docs/protocol.md``): the client library
writes each one it gets into one JSON file, ``seats.json`` in the player's state folder, so a
closed terminal, a crashed laptop or a restarted host costs nothing: the next ``yule join``
presents the token again.  The folder is ``$YULE_STATE_DIR`` when set (the SSH server gives
each SSH user their own), else the platform's user state folder.

The file maps a host address (``host:port``, or any key the caller chooses) to its tables,
and to the person token the host gave each name played under there (who they are at that host,
across its tables: :mod:`yule.netplay.host.evening`)::

    {"version": 1, "hosts": {"192.168.1.20:7737": {"3": {"seat": 1, "token": "…",
     "code": "K7QF2M", "game": "white-elephant", "name": "Bob", "saved": 1734567890.0}}},
     "persons": {"192.168.1.20:7737": {"bob": "…"}}}

The folder and the file are for their owner only, and the file is written whole
(:mod:`yule.netplay.private`), so a reader never sees half of it.  A file that
cannot be read as such (corrupt, or from elsewhere) is set aside as ``seats.json.bad-<time>``
and the store starts empty: a player can lose old seats that way, never the program.

    >>> import tempfile
    >>> store = SeatStore(Path(tempfile.mkdtemp()) / "seats.json")
    >>> store.remember("10.0.0.5:7737", SavedSeat(table=3, seat=1, token="t0k", name="Bob"))
    >>> [(s.table, s.seat, s.name) for s in store.seats("10.0.0.5:7737")]
    [(3, 1, 'Bob')]
    >>> store.forget("10.0.0.5:7737", 3)
    >>> store.seats("10.0.0.5:7737")
    []
    >>> store.keep_person("10.0.0.5:7737", "Bob", "p3rs0n")
    >>> store.person("10.0.0.5:7737", "BOB"), store.person("10.0.0.5:7737", "Ana")
    ('p3rs0n', None)
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from ..private import private_folder, write_private

log = logging.getLogger("yule.client")

STATE_ENV = "YULE_STATE_DIR"
"""The environment variable naming the folder for the seat file (else the user state folder)."""

SEATS_FILE = "seats.json"
FORMAT_VERSION = 1


def state_dir() -> Path:
    """``$YULE_STATE_DIR`` when set, else the platform's user state folder for Yule."""
    folder = os.environ.get(STATE_ENV)
    if folder:
        return Path(folder).expanduser()
    from platformdirs import user_state_path

    return user_state_path("yule", appauthor=False)


@dataclass(frozen=True, slots=True)
class SavedSeat:
    """A seat held at one table of one host, and what finds that table again."""

    table: int
    seat: int
    token: str
    code: str | None = None
    """The table's join code, once the host has told it."""
    game: str | None = None
    """The game's record name (``white-elephant``), once known."""
    name: str = ""
    """The player's name the seat was taken under: the client offers it back to that name only."""
    saved: float = field(default_factory=time.time)
    """When the seat was taken (Unix time): the newest first when there are several."""
    organiser: str | None = None
    """The table's organiser token when this player created the table: they run it again once back."""
    moved: bool = False
    """The host handed the seat to another device (``seat_moved``): its token may ask for it back."""

    @classmethod
    def from_json(cls, table: str, data: dict[str, Any]) -> SavedSeat:
        return cls(
            table=int(table),
            seat=int(data["seat"]),
            token=str(data["token"]),
            code=None if data.get("code") is None else str(data["code"]),
            game=None if data.get("game") is None else str(data["game"]),
            name=str(data.get("name", "")),
            saved=float(data.get("saved", 0.0)),
            organiser=None if data.get("organiser") is None else str(data["organiser"]),
            moved=bool(data.get("moved", False)),
        )

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        del data["table"]
        return data


class SeatStore:
    """The seat file of one state folder; every change is written at once.

    Each change reads the file again first, so two terminals of the same player (two
    ``yule join`` at two hosts) do not undo each other's seats.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else state_dir() / SEATS_FILE

    # -- reading ---------------------------------------------------------------------------

    def _load(self) -> dict[str, dict[str, SavedSeat]]:
        return self._read()[0]

    def _read(self) -> tuple[dict[str, dict[str, SavedSeat]], dict[str, dict[str, str]]]:
        """The seats held at each host, and the person token of each name there."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return {}, {}
        except OSError as e:
            log.warning("cannot read the seat file %s: %s", self.path, e)
            return {}, {}
        try:
            data = json.loads(raw.decode("utf-8"))
            if data.get("version") != FORMAT_VERSION:
                raise ValueError(f"version {data.get('version')!r}")
            hosts = {
                address: {table: SavedSeat.from_json(table, seat) for table, seat in tables.items()}
                for address, tables in data["hosts"].items()
            }
            persons = {
                address: {str(name): str(token) for name, token in names.items()}
                for address, names in data.get("persons", {}).items()
            }
            return hosts, persons
        except (
            ValueError,
            TypeError,
            KeyError,
            AttributeError,
            ArithmeticError,
            RecursionError,
        ) as e:  # bad UTF-8: ValueError
            self._set_aside(e)
            return {}, {}

    def _set_aside(self, problem: Exception) -> None:
        aside = self.path.with_name(f"{self.path.name}.bad-{int(time.time())}")
        log.warning("the seat file %s cannot be read (%s); set aside as %s", self.path, problem, aside.name)
        with contextlib.suppress(OSError):
            os.replace(self.path, aside)

    def seats(self, address: str) -> list[SavedSeat]:
        """The seats held at ``address``, the newest first."""
        return sorted(self._load().get(address, {}).values(), key=lambda s: s.saved, reverse=True)

    def seat(self, address: str, table: int) -> SavedSeat | None:
        return self._load().get(address, {}).get(str(table))

    def person(self, address: str, name: str) -> str | None:
        """The person token the host at ``address`` gave ``name`` (its case aside), if any."""
        return self._read()[1].get(address, {}).get(name.casefold())

    # -- writing ---------------------------------------------------------------------------

    def remember(self, address: str, seat: SavedSeat) -> None:
        """Keep ``seat`` (in place of any other seat held at its table)."""
        hosts, persons = self._read()
        hosts.setdefault(address, {})[str(seat.table)] = seat
        self._save(hosts, persons)

    def note(self, address: str, table: int, **known: Any) -> None:
        """Add what has become known about a held seat's table (its code, game, name).

        Writes only when something changed; ``None`` values are left out.
        """
        hosts, persons = self._read()
        seat = hosts.get(address, {}).get(str(table))
        if seat is None:
            return
        changed = replace(seat, **{key: value for key, value in known.items() if value is not None})
        if changed != seat:
            hosts[address][str(table)] = changed
            self._save(hosts, persons)

    def forget(self, address: str, table: int) -> None:
        """The seat at ``table`` is no more (the host does not know its token, or it was given up)."""
        hosts, persons = self._read()
        tables = hosts.get(address, {})
        if tables.pop(str(table), None) is None:
            return
        if not tables:
            del hosts[address]
        self._save(hosts, persons)

    def keep_person(self, address: str, name: str, token: str) -> None:
        """Keep the person token the host at ``address`` gave ``name`` (writes only when it is new)."""
        hosts, persons = self._read()
        names = persons.setdefault(address, {})
        if names.get(name.casefold()) != token:
            names[name.casefold()] = token
            self._save(hosts, persons)

    def _save(self, hosts: dict[str, dict[str, SavedSeat]], persons: dict[str, dict[str, str]]) -> None:
        data = {
            "version": FORMAT_VERSION,
            "hosts": {
                address: {table: seat.to_json() for table, seat in tables.items()} for address, tables in hosts.items()
            },
            "persons": persons,
        }
        try:
            private_folder(self.path.parent)
            write_private(self.path, json.dumps(data, indent=1).encode("utf-8"))
        except OSError as e:
            log.warning("cannot write the seat file %s: %s", self.path, e)
