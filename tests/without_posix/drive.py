"""Run one ``yule`` command in this process, its terminal app headless, until the app has settled.

``python drive.py SCREEN ARG...`` runs ``yule ARG...``; an app it starts runs headless (no
terminal needed) until its screen is a ``SCREEN`` (a class name, or one of its bases) and it is
connected to its host or has no work running, then ends.  A command without an app runs as it
is.  The last line printed is one JSON object: the command's exit status (``rc``), the app's
last screen and connection, and every module loaded (``modules``).  ``tests/tui/test_without_posix.py``
runs it where the POSIX-only modules are hidden (the ``sitecustomize`` next to it).
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from textual.app import App
from textual.pilot import Pilot

from yule.tui.cli import main

SETTLE_SECONDS = 60.0
"""How long an app may take to settle before the command is given up (exit status 3): a hang only."""

SCREEN, *ARGS = sys.argv[1:]
seen: dict[str, Any] = {"screen": [], "connection": None}
run = App.run


def settled(app: App[Any]) -> bool:
    on_screen = SCREEN in {kind.__name__ for kind in type(app.screen).__mro__}
    connected = getattr(app, "status", {}).get("connection") == "connected"
    return on_screen and (connected or not any(worker.is_running for worker in app.workers))


async def until_settled(pilot: Pilot[Any]) -> None:
    app = pilot.app
    deadline = asyncio.get_running_loop().time() + SETTLE_SECONDS
    while not settled(app) and asyncio.get_running_loop().time() < deadline:
        await pilot.pause(0.05)
    seen.update(
        screen=[kind.__name__ for kind in type(app.screen).__mro__],
        connection=getattr(app, "status", {}).get("connection"),
    )
    app.exit(0 if settled(app) else 3)


def headless(app: App[Any], **options: Any) -> Any:
    return run(app, headless=True, size=(100, 30), mouse=False, auto_pilot=until_settled)


App.run = headless  # type: ignore[method-assign]
rc = main(ARGS)
print(json.dumps({"rc": rc, **seen, "modules": sorted(sys.modules)}))
