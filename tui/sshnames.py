"""The SSH guests' names, each held by the SSH key that first came in under it (trust on first use).

``yule ssh-serve`` (and ``yule host --ssh``) keeps them in the data folder, in ``ssh-names.json``
(owner-only, written atomically, one writer at a time): for each name, as names are compared
(:func:`~yule.netplay.names.folded`: cleaned, then case-folded by RFC 8266's nickname profile:
``Dee`` and ``dee`` are one name), the key's SHA256 fingerprint, the name as first
typed, when it was first seen, and for a name given in place of a taken one, which one
(``alias_of``).  A name's state folder, ``DATA/ssh-users/<folder>``, holds the seat tokens of
its guest's apps; nobody else's session is ever given it.

- A key under a free name holds it from then on (:meth:`NameBook.claim`); the same key under the
  same name is given the name's folder again: back in the seat.
- A key under a name another key holds is given a name of its own instead, the first free one of
  ``dee 2``, ``dee 3``, …, and the same one each time it asks for ``dee`` again.  A name that
  looks like a held one (Cyrillic ``dее``, ``d33``: :func:`~yule.netplay.names.look_alike`) is
  that name here: nobody passes for another guest by a look-alike.
- ``yule ssh-names --release NAME`` (:meth:`NameBook.release`) forgets a name and removes its
  folder, so that a guest with a new laptop can hold it again.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from filelock import FileLock

from ..netplay.names import folded, look_alike, numbered
from ..netplay.private import private_folder, write_private

NAMES_FILE = "ssh-names.json"
USERS_FOLDER = "ssh-users"
MAX_NAMES = 1000
"""Names the book holds at most: a guest making key after key cannot fill the disk."""


class NamesError(Exception):
    """The names cannot be read, or no more can be kept: the reason, as a sentence for the guest."""


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
    """A name in the book: who holds it and since when."""

    name: str
    key: str
    first_seen: str
    alias_of: str | None


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
                return Claim(own, self._made(self.folder(asked)), new=False, taken=False)
            root = entry.get("alias_of") or asked
            mine = [k for k, e in entries.items() if e["key"] == fingerprint and root in (k, e.get("alias_of"))]
            if mine:
                own = root if root in mine else mine[0]
                return Claim(entries[own]["name"], self._made(self.folder(own)), new=False, taken=True)
            base = entries[root]["name"] if root in entries else root
            n = 2
            while True:
                candidate = numbered(base, n)
                if _held_as(entries, candidate) is None:
                    return self._bind(entries, candidate, fingerprint, root, taken=True)
                n += 1

    def release(self, name: str) -> bool:
        """Forget who holds ``name`` and remove its folder; False if no key held it."""
        key = name_key(name)
        with self._locked():
            entries = self._load()
            if entries.pop(key, None) is None:
                return False
            self._save(entries)
            shutil.rmtree(self.folder(key), ignore_errors=True)
        return True

    # -- the file ------------------------------------------------------------------------------

    def _bind(
        self, entries: dict[str, Any], name: str, fingerprint: str, alias_of: str | None, *, taken: bool
    ) -> Claim:
        if len(entries) >= MAX_NAMES:
            raise NamesError("This party holds as many SSH names as it can: ask the host to release some.")
        key = name_key(name)
        entries[key] = {
            "name": name,
            "key": fingerprint,
            "first_seen": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        }
        if alias_of is not None:
            entries[key]["alias_of"] = alias_of
        self._save(entries)
        folder = self.folder(key)
        shutil.rmtree(folder, ignore_errors=True)  # left from before names were held: not this key's
        return Claim(name, self._made(folder), new=True, taken=taken)

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
            raise NamesError(f"The host cannot read its SSH names ({e}); ask the host to look at {NAMES_FILE}.") from e
        names = data.get("names") if isinstance(data, dict) else None
        if not isinstance(names, dict) or not all(isinstance(e, dict) and isinstance(e.get("key"), str) for e in names.values()):  # fmt: skip
            raise NamesError(f"The host cannot read its SSH names; ask the host to look at {NAMES_FILE}.")
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
    return Holder(str(entry.get("name", "")), entry["key"], str(entry.get("first_seen", "")), entry.get("alias_of"))
