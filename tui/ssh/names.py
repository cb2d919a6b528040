"""The SSH guests' names, each held by the SSH key that first came in under it (trust on first use).

``yule ssh-serve`` (and ``yule host --ssh``) keeps them in the data folder, in ``ssh-names.json``
(owner-only, written atomically, one writer at a time): for each name, as names are compared
(:func:`~yule.netplay.names.folded`: cleaned, then case-folded by RFC 8266's nickname profile:
``Dee`` and ``dee`` are one name), the key's SHA256 fingerprint, the name as first typed, when
it was first seen and last used (claimed: each session under it), and for a name given in place
of a taken one, which one (``alias_of``).  A book written before names had a last use reads the
first sight as it.  A name's state folder, ``DATA/ssh-users/<folder>``, holds the seat tokens of
its guest's apps; nobody else's session is ever given it.

- A key under a free name holds it from then on (:meth:`NameBook.claim`); the same key under the
  same name is given the name's folder again: back in the seat.
- A key under a name another key holds is given a name of its own instead, the first free one of
  ``dee 2``, ``dee 3``, …, and the same one each time it asks for ``dee`` again.  A name that
  looks like a held one (Cyrillic ``dее``, ``d33``: :func:`~yule.netplay.names.look_alike`) is
  that name here: nobody passes for another guest by a look-alike.
- A key holds at most :data:`NAMES_PER_KEY` names: a key taking one more forgets its own name
  used the longest ago (its folder removed), so that one key making up names cannot fill the
  book; a guest keeps the few names they play under.
- The book holds at most :data:`MAX_NAMES` names.  When it is full, a new name makes the book
  forget the name unused the longest, if nobody used it for :data:`FORGET_AFTER_HOURS`; else the
  new name is refused with a sentence (the guest may come in under a name they hold, or without
  a key).
- ``yule ssh-names --release NAME`` (:meth:`NameBook.release`) forgets a name and removes its
  folder, so that a guest with a new laptop can hold it again; ``--release-key FINGERPRINT``
  (:meth:`NameBook.release_key`) forgets every name a key holds.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import logging
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from filelock import FileLock

from ...netplay.names import folded, look_alike, numbered
from ...netplay.private import private_folder, write_private
from ..words import t

log = logging.getLogger("yule.ssh")

NAMES_FILE = "ssh-names.json"
USERS_FOLDER = "ssh-users"
MAX_NAMES = 1000
"""Names the book holds at most: a guest making key after key cannot fill the disk."""
NAMES_PER_KEY = 5
"""Names one key holds at most: past it, the key's own name used the longest ago is forgotten."""
FORGET_AFTER_HOURS = 12.0
"""Hours a name must have gone unused before a full book forgets it for a new one (an evening)."""


class NamesError(Exception):
    """The names cannot be read, or no more can be kept: the reason, as a sentence for the guest
    (in the language spoken when it is raised)."""


def name_key(name: str) -> str:
    """The name as the book compares it (:func:`~yule.netplay.names.folded`).

    >>> name_key("Dee") == name_key("DEE") == name_key("dee") == name_key("dee\\u2800")
    True
    >>> name_key("ﬀ"), name_key("Straße")
    ('ff', 'strasse')
    """
    return folded(name)


def user_folder(user: str) -> str:
    """The state folder's name for a name: safe characters, then a hash of the whole name.

    Different names never share a folder, and nothing in a name can climb out of the users' folder.

    >>> user_folder("ana")
    'ana-24d4b96f58da6d4a'
    >>> user_folder("../../etc/passwd").split("-")[0], user_folder("\\x1b[31m").split("-")[0]
    ('etcpasswd', '31m')
    """
    digest = hashlib.sha256(user.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"{re.sub(r'[^a-z0-9_]', '', user.lower())[:24]}-{digest}"


@dataclass(frozen=True, slots=True)
class Claim:
    """What a key asking for a name is given: the name it plays under, and that name's folder."""

    name: str
    folder: Path
    new: bool
    """True when the key holds the name since this claim."""
    taken: bool
    """True when the name asked for is another key's (``name`` is then one of this key's own)."""


@dataclass(frozen=True, slots=True)
class Holder:
    """A name in the book: who holds it, since when, and when it was last used."""

    name: str
    key: str
    first_seen: str
    alias_of: str | None
    last_used: str = ""


class NameBook:
    """The names file of one data folder; every call reads it afresh (another process may release a name)."""

    def __init__(self, data_dir: Path | str) -> None:
        self.data_dir = Path(data_dir)
        self.path = self.data_dir / NAMES_FILE

    def folder(self, name: str) -> Path:
        """Where the state of the name is kept (not made here)."""
        return self.data_dir / USERS_FOLDER / user_folder(name_key(name))

    def holder(self, name: str) -> Holder | None:
        """Who holds ``name`` (or a name that looks like it), if a key does."""
        with self._locked():
            entries = self._load()
            held = _held_as(entries, name)
        return _holder(entries[held]) if held is not None else None

    def holders(self) -> list[Holder]:
        """Every name held, in the order they were first seen."""
        with self._locked():
            entries = self._load()
        return sorted((_holder(e) for e in entries.values()), key=lambda h: h.first_seen)

    def claim(self, name: str, fingerprint: str) -> Claim:
        """The name a key plays under when it asks for ``name`` (see the module docstring)."""
        with self._locked():
            entries = self._load()
            asked = _held_as(entries, name)
            if asked is None:
                return self._bind(entries, name, fingerprint, None, taken=False)
            entry = entries[asked]
            if entry["key"] == fingerprint:
                own = name if name_key(name) == asked else entry["name"]  # its look-alike: the name it holds
                self._used(entries, asked)
                return Claim(own, self._made(self.folder(asked)), new=False, taken=False)
            root = entry.get("alias_of") or asked
            mine = [k for k, e in entries.items() if e["key"] == fingerprint and root in (k, e.get("alias_of"))]
            if mine:
                own = root if root in mine else mine[0]
                self._used(entries, own)
                return Claim(entries[own]["name"], self._made(self.folder(own)), new=False, taken=True)
            base = entries[root]["name"] if root in entries else root
            n = 2
            while True:
                candidate = numbered(base, n)
                if _held_as(entries, candidate) is None:
                    return self._bind(entries, candidate, fingerprint, root, taken=True)
                n += 1

    def holds_any(self, fingerprint: str) -> bool:
        """True when the key ``fingerprint`` holds a name here (a guest coming back)."""
        with self._locked():
            entries = self._load()
        return any(e["key"] == fingerprint for e in entries.values())

    def release(self, name: str) -> bool:
        """Forget who holds ``name`` and remove its folder; False if no key held it."""
        key = name_key(name)
        with self._locked():
            entries = self._load()
            if key not in entries:
                return False
            self._forget(entries, key)
            self._save(entries)
        return True

    def release_key(self, fingerprint: str) -> list[str]:
        """Forget every name the key ``fingerprint`` holds (``SHA256:`` may be left out) and
        remove their folders; the names forgotten, none if the key held none."""
        wanted = {fingerprint, f"SHA256:{fingerprint}"}
        with self._locked():
            entries = self._load()
            held = [k for k, e in entries.items() if e["key"] in wanted]
            names = [str(entries[k].get("name", k)) for k in held]
            for key in held:
                self._forget(entries, key)
            if held:
                self._save(entries)
        return names

    # -- the file ------------------------------------------------------------------------------

    def _bind(
        self, entries: dict[str, Any], name: str, fingerprint: str, alias_of: str | None, *, taken: bool
    ) -> Claim:
        own = [k for k, e in entries.items() if e["key"] == fingerprint]
        if len(own) >= NAMES_PER_KEY:
            self._forget(entries, min(own, key=lambda k: _last_used(entries[k])))
        elif len(entries) >= MAX_NAMES:
            oldest = min(entries, key=lambda k: _last_used(entries[k]))
            if _now() - _last_used(entries[oldest]) < datetime.timedelta(hours=FORGET_AFTER_HOURS):
                raise NamesError(
                    t(
                        "This party holds as many SSH names as it can, all used lately: come in under a name your "
                        "key holds here, or without a key, or ask the host to release some (yule ssh-names)."
                    )
                )
            log.info("SSH name %r forgotten (unused the longest) for a new one", entries[oldest].get("name"))
            self._forget(entries, oldest)
        key = name_key(name)
        now = _now().isoformat(timespec="seconds")
        entries[key] = {"name": name, "key": fingerprint, "first_seen": now, "last_used": now}
        if alias_of is not None:
            entries[key]["alias_of"] = alias_of
        self._save(entries)
        folder = self.folder(key)
        shutil.rmtree(folder, ignore_errors=True)  # left from before names were held: not this key's
        return Claim(name, self._made(folder), new=True, taken=taken)

    def _used(self, entries: dict[str, Any], key: str) -> None:
        """The name under ``key`` is used now (saved)."""
        entries[key]["last_used"] = _now().isoformat(timespec="seconds")
        self._save(entries)

    def _forget(self, entries: dict[str, Any], key: str) -> None:
        """Forget the name under ``key`` and remove its folder (the book saved by the caller)."""
        del entries[key]
        shutil.rmtree(self.folder(key), ignore_errors=True)

    def _made(self, folder: Path) -> Path:
        private_folder(folder.parent)
        return private_folder(folder)

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """One reader or writer of the names at a time, across processes (a lock on the data folder)."""
        private_folder(self.data_dir)
        with FileLock(self.data_dir / f".{NAMES_FILE}.lock"):
            yield

    def _load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as e:
            raise NamesError(
                t("The host cannot read its SSH names ({why}); ask the host to look at {file}.", why=e, file=NAMES_FILE)
            ) from e
        names = data.get("names") if isinstance(data, dict) else None
        if not isinstance(names, dict) or not all(isinstance(e, dict) and isinstance(e.get("key"), str) for e in names.values()):  # fmt: skip
            raise NamesError(t("The host cannot read its SSH names; ask the host to look at {file}.", file=NAMES_FILE))
        return names

    def _save(self, entries: dict[str, Any]) -> None:
        write_private(self.path, json.dumps({"names": entries}, indent=1, ensure_ascii=False).encode())


def _held_as(entries: dict[str, Any], name: str) -> str | None:
    """The book's key under which ``name`` is held: its own, else that of a held name it looks
    like (:func:`~yule.netplay.names.look_alike`); None when it is free."""
    key = name_key(name)
    if key in entries:
        return key
    return next((k for k, e in entries.items() if look_alike(name, str(e.get("name", k)))), None)


def _holder(entry: dict[str, Any]) -> Holder:
    first = str(entry.get("first_seen", ""))
    return Holder(str(entry.get("name", "")), entry["key"], first, entry.get("alias_of"), str(entry.get("last_used", first)))  # fmt: skip


def _now() -> datetime.datetime:
    return datetime.datetime.now().astimezone()


_LONG_AGO = datetime.datetime.min.replace(tzinfo=datetime.UTC)


def _last_used(entry: dict[str, Any]) -> datetime.datetime:
    """When a name was last used: its first sight in a book from before names had a last use,
    and long ago when neither can be read.

    >>> _last_used({"first_seen": "2024-12-24T18:00:00+01:00"}).isoformat()
    '2024-12-24T18:00:00+01:00'
    >>> _last_used({"last_used": "?"}) == _LONG_AGO
    True
    """
    try:
        when = datetime.datetime.fromisoformat(str(entry.get("last_used") or entry.get("first_seen") or ""))
    except ValueError:
        return _LONG_AGO
    return when if when.tzinfo is not None else when.astimezone()
