"""The host's owner: whoever can read its data folder may answer any table's requests for seats.

Where nobody at a table can say whether a newcomer asking for an away player's seat is really
them (:mod:`.door`), the host's owner decides, from the host's machine: ``yule requests`` lists
the requests waiting and ``yule requests --yes 3/1`` (table 3, request 1) or ``--no 3/1``
answers one.  A running host writes ``owner.json`` in its data folder (owner-only, like the
database): where it listens and a token made anew at each start.  ``yule requests`` reads it and
proves the token to the host (``owner``), which then asks that connection every open request,
as it asks the people at the table; only its hash stays in the host's memory.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> token_hash = write_owner_file(folder, "0.0.0.0", 7777)
    >>> where = read_owner_file(folder)
    >>> where.address, where.port, hash_token(where.token) == token_hash
    ('127.0.0.1', 7777, True)
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import NamedTuple

from ..private import write_private
from .store import hash_token

OWNER_FILE = "owner.json"


class OwnerFileError(Exception):
    """No host has written where it listens in that data folder (or it cannot be read): why, in words."""


class OwnerFile(NamedTuple):
    """Where the host of a data folder listens, and its owner token."""

    address: str
    port: int
    token: str


def write_owner_file(data_dir: Path, bind: str | None, port: int) -> str:
    """A new owner token, written with where the host listens (``bind``, ``port``); its hash."""
    token = secrets.token_urlsafe(24)
    address = "127.0.0.1" if bind in (None, "", "0.0.0.0") else "::1" if bind == "::" else bind
    write_private(data_dir / OWNER_FILE, json.dumps({"address": address, "port": port, "token": token}).encode())
    return hash_token(token)


def read_owner_file(data_dir: Path) -> OwnerFile:
    """What the host of ``data_dir`` wrote (:class:`OwnerFileError` when there is nothing to read)."""
    path = data_dir / OWNER_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return OwnerFile(str(data["address"]), int(data["port"]), str(data["token"]))
    except FileNotFoundError:
        raise OwnerFileError(f"no host has run with the data folder {data_dir}") from None
    except OSError as e:
        raise OwnerFileError(f"{path} cannot be read: {e.strerror or e}") from None
    except (ValueError, KeyError, TypeError):
        raise OwnerFileError(f"{path} is not what a Yule host writes") from None
