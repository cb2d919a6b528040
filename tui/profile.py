"""Who plays at this terminal (:class:`Player`), and what ``yule join`` remembers of them between
runs (:class:`Profile`): the name they play under (asked the first time), the game of the
last table they created (the new-table form opens on it), and the bots' pace they chose for
each game (:mod:`yule.tui.pace`).

One small JSON file, ``player.json``, beside the seat file in the player's state folder
(``$YULE_STATE_DIR``, else the user state folder: :func:`yule.netplay.client.seatstore.state_dir`),
for its owner only and written whole (:mod:`yule.netplay.private`)::

    {"version": 1, "name": "Ana", "game": "gift-exchange", "paces": {"white-rabbit": 2.5}, "lang": "fr"}

A file that cannot be read, or that holds no usable name, is as good as none: the name is asked
again (and a file that cannot be written costs only that).

It also keeps how the player's turn is called out (``"calls": {"bell": false}``: each call on
unless switched off, :mod:`yule.tui.turncall`).

    >>> import tempfile
    >>> profile = Profile.load(Path(tempfile.mkdtemp()) / "player.json")
    >>> profile.name is None
    True
    >>> profile.name, profile.game = "Ana", "elf"
    >>> profile.save()
    >>> again = Profile.load(profile.path)
    >>> again.name, again.game
    ('Ana', 'elf')
    >>> you = Player("Bea", again)
    >>> you.last_game
    'elf'
    >>> you.play_as("Cy")
    >>> Profile.load(profile.path).name
    'Cy'
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..netplay.client.seatstore import state_dir
from ..netplay.names import name_problem
from ..netplay.private import private_folder, write_private
from .words import LANGUAGES, set_language

log = logging.getLogger("yule.tui")

PROFILE_FILE = "player.json"
FORMAT_VERSION = 1
CALLS = ("bell", "notify", "title")
"""The calls of a player's turn they may switch off (:class:`yule.tui.turncall.CallSettings`)."""


@dataclass
class Profile:
    """The player's remembered name and last game (either None: not known yet), and their file."""

    path: Path
    name: str | None = None
    game: str | None = None
    paces: dict[str, float] = field(default_factory=dict)
    """The bots' pace chosen for each game (seconds a bot's move stays on show)."""
    lang: str | None = None
    """The language the player chose (:data:`yule.tui.words.LANGUAGES`); None: the system's."""
    tables: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The settings of the last table the player created of each game (``seats``, ``open``,
    ``options``, ``turn_seconds``): the new-table form opens on them."""
    calls: dict[str, bool] = field(default_factory=dict)
    """How the player's turn is called out: ``bell``, ``notify``, ``title``, each on unless
    false here (:class:`yule.tui.turncall.CallSettings`)."""

    @classmethod
    def load(cls, path: Path | None = None) -> Profile:
        """The profile in ``path`` (default: ``player.json`` in the state folder); what cannot be
        read there is left out."""
        profile = cls(path if path is not None else state_dir() / PROFILE_FILE)
        try:
            data = json.loads(profile.path.read_bytes().decode("utf-8"))
        except FileNotFoundError:
            return profile
        except (OSError, ValueError, RecursionError) as e:
            log.warning("the player file %s cannot be read (%s): the name is asked again", profile.path, e)
            return profile
        if isinstance(data, dict) and data.get("version") == FORMAT_VERSION:
            name, game = data.get("name"), data.get("game")
            profile.name = name if isinstance(name, str) and name_problem(name, bots=False) is None else None
            profile.game = game if isinstance(game, str) else None
            tables = data.get("tables")
            if isinstance(tables, dict):
                profile.tables = {g: s for g, s in tables.items() if isinstance(g, str) and isinstance(s, dict)}
            lang = data.get("lang")
            profile.lang = lang if lang in LANGUAGES else None
            paces = data.get("paces")
            if isinstance(paces, dict):
                profile.paces = {g: float(s) for g, s in paces.items() if isinstance(s, int | float) and 0 <= s <= 10}
            calls = data.get("calls")
            if isinstance(calls, dict):
                profile.calls = {c: on for c, on in calls.items() if c in CALLS and isinstance(on, bool)}
        return profile

    def save(self) -> None:
        """Write the profile (a warning in the log when it cannot be written)."""
        data = {
            "version": FORMAT_VERSION,
            "name": self.name,
            "game": self.game,
            "paces": self.paces,
            "lang": self.lang,
            "tables": self.tables,
            "calls": self.calls,
        }
        try:
            private_folder(self.path.parent)
            write_private(self.path, json.dumps(data).encode("utf-8"))
        except OSError as e:
            log.warning("cannot write the player file %s: %s", self.path, e)


@dataclass
class Player:
    """The player at this terminal: the ``name`` they play under, why it cannot change
    (``fixed``, ``{name}`` standing for theirs; None: it can), and, for ``yule join``, their
    ``profile``, where the name they take and the game of each table they create are kept."""

    name: str
    profile: Profile | None = None
    fixed: str | None = None
    last_game: str | None = field(init=False)
    """The game of the last table this player created: the new-table form opens on it."""

    def __post_init__(self) -> None:
        self.last_game = self.profile.game if self.profile is not None else None
        self._tables: dict[str, dict[str, Any]] = {}

    def play_as(self, name: str) -> None:
        """Play under ``name`` from now on (remembered)."""
        self.name = name
        if self.profile is not None:
            self.profile.name = name
            self.profile.save()

    def paced(self, game: str, delay: float) -> None:
        """The player set the bots' pace at a table of ``game``: their next game of it starts there (remembered)."""
        if self.profile is not None:
            self.profile.paces[game] = delay
            self.profile.save()

    def speaks(self, language: str) -> None:
        """The player chose ``language``: the app speaks it from now on, here and next time (remembered)."""
        set_language(language)
        if self.profile is not None:
            self.profile.lang = language
            self.profile.save()

    def created(self, game: str, settings: Mapping[str, Any] | None = None) -> None:
        """A table of ``game`` was asked for (with ``settings``: its seats, open, options and
        turn timer): the next new-table form opens on it, and on them (remembered)."""
        self.last_game = game
        if settings is not None:
            self.tables[game] = dict(settings)
        if self.profile is not None:
            self.profile.game = game
            self.profile.save()

    @property
    def tables(self) -> dict[str, dict[str, Any]]:
        """The settings of the last table created of each game (the profile's, else this run's)."""
        return self.profile.tables if self.profile is not None else self._tables
