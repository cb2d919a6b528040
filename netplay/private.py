"""Folders and files for their owner's eyes only: seat tokens, the host's database and records,
the party file, the SSH host key.

Where files have POSIX owners and modes (Linux, macOS), a private folder is ``0700`` and a
private file ``0600``.  Windows has no such modes (``os.chmod`` only sets the read-only flag):
there a file is as private as the folder it is made in, whose access list it inherits, and the
folders Yule keeps its data in by default (the user's own application data, through
platformdirs) are open to that user alone.  A file is written whole (:func:`write_private`): a
temporary file made private from its first byte, then moved over the old one, so a reader never
sees half of it and a killed process leaves the old file or the new one.

    >>> import tempfile
    >>> folder = private_folder(Path(tempfile.mkdtemp()) / "secrets")
    >>> write_private(folder / "token.txt", b"t0k")
    >>> (folder / "token.txt").read_bytes()
    b't0k'
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

OWNER_MODES = os.name == "posix"
"""True where files have an owner's modes (0700, 0600) to set."""


def owner_only(path: Path) -> None:
    """Make a folder (rwx) or a file (rw) readable by its owner only, where files have modes."""
    if not OWNER_MODES:
        return
    mode = 0o700 if path.is_dir() else 0o600
    if stat.S_IMODE(path.stat().st_mode) != mode:
        os.chmod(path, mode)


def private_folder(path: Path) -> Path:
    """``path`` made (with its parents) if need be, and readable by its owner only; ``path``."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    owner_only(path)
    return path


def write_private(path: Path, data: bytes) -> None:
    """Write ``data`` as the whole of file ``path``, readable by its owner only (``OSError`` when
    it cannot be written; then no temporary file is left)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")  # mode 0600, binary
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
