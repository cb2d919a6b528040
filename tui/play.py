"""``yule play`` and ``yule join``: build the terminal app from the command line and run it.

The app runs without mouse reporting, so the terminal's own text selection keeps working
(over SSH too); everything is reachable by keys.
"""

from __future__ import annotations

import argparse
import getpass

from yule.netplay import DEFAULT_PORT


def _default_name() -> str:
    try:
        return getpass.getuser().capitalize() or "Player"
    except (KeyError, OSError):
        return "Player"


def run_play(args: argparse.Namespace) -> int:
    """Play now: the real host on loopback, a table with bots, and you."""
    from .app import PlaySetup, YuleApp

    setup = PlaySetup(
        args.game, args.players, seed=args.seed, level=args.bots or (None if args.game is None else "normal")
    )
    app = YuleApp(name=args.name or _default_name(), play=setup)
    return app.run(mouse=False) or 0


def run_join(args: argparse.Namespace) -> int:
    """Join a host: the connect screen without an address, else its lobby (or the table by code)."""
    from .app import YuleApp
    from .lobby import parse_address

    address = None
    if args.address:
        try:
            address = parse_address(args.address, DEFAULT_PORT)
        except ValueError as e:
            print(f"yule join: {e}")
            return 2
    app = YuleApp(name=args.name or _default_name(), address=address, code=args.code)
    return app.run(mouse=False) or 0
