"""A Python process as on Windows, for the tests: this folder on ``PYTHONPATH`` and

- the POSIX-only modules (:data:`HIDDEN`) cannot be imported, by anyone: ``ModuleNotFoundError``;
- each attempt by one of Yule's own modules is said on stderr (:data:`SAID`), also one it survives.

Python imports ``sitecustomize`` by itself at start-up, before anything else is imported, and
child processes inherit ``PYTHONPATH``: the processes a command starts are hidden from too.
"""

from __future__ import annotations

import sys
from typing import Any

HIDDEN = frozenset({"fcntl", "termios", "pty", "tty", "resource", "grp", "pwd"})
SAID = "POSIX-only import"


def _importer() -> str:
    """The module whose code is importing now (the import machinery's own frames skipped), by
    its own name also when it runs as ``__main__`` (``python -m yule.tui.cli``)."""
    frame = sys._getframe(2)
    while frame is not None and (
        frame.f_code.co_filename.startswith("<frozen") or frame.f_globals.get("__name__", "").startswith("importlib")
    ):
        frame = frame.f_back
    if frame is None:
        return ""
    spec = frame.f_globals.get("__spec__")
    return str(spec.name if spec is not None else frame.f_globals.get("__name__", ""))


class HidePOSIX:
    """A finder, first on ``sys.meta_path``, that finds nothing for the hidden names."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name in HIDDEN:
            importer = _importer()
            if importer.split(".")[0] == "yule":
                print(f"{SAID}: {name} by {importer}", file=sys.stderr, flush=True)
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)


def install() -> None:
    assert not HIDDEN & set(sys.modules), "imported before sitecustomize"
    sys.meta_path.insert(0, HidePOSIX())


if __name__ == "sitecustomize":  # not when a test reads HIDDEN and SAID from here
    install()
