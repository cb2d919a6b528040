"""``yule play`` and ``yule join``: build the terminal app from the command line and run it.

The app runs without mouse reporting, so the terminal's own text selection keeps working
(over SSH too); everything is reachable by keys.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from typing import TYPE_CHECKING

from ..netplay import DEFAULT_PORT
from ..netplay.names import name_problem

if TYPE_CHECKING:
    from ..netplay.host.playhost import PlayHostProcess
    from .app import YuleApp


def _default_name() -> str:
    try:
        return getpass.getuser().capitalize() or "Player"
    except (KeyError, OSError, ImportError):  # no user name known (ImportError: without pwd, before 3.13)
        return "Player"


def players_problem(game_name: str | None, players: int | None) -> str | None:
    """What is wrong with ``--players`` for the game (any game when None), in words."""
    from ..core.registry import all_games, get_game
    from .games import players_sentence

    if players is None:
        return None
    if game_name is not None:
        game = get_game(game_name)
        if not game.min_players <= players <= game.max_players:
            return players_sentence(game, players)
        return None
    if not any(g.min_players <= players <= g.max_players for g in all_games()):
        from .words import title, tn

        each = ", ".join(f"{title(g)} {g.min_players}-{g.max_players}" for g in all_games())
        return tn("no game here is for {n} player ({each}).", "no game here is for {n} players ({each}).", players,
                  each=each)  # fmt: skip
    return None


def run_play(args: argparse.Namespace) -> int:
    """Play now: the real host on loopback (in a process of its own, started before the app
    loads, so both load at once), a table with bots, and you."""
    if args.name is not None and (problem := name_problem(args.name)):
        print(f"yule play: {problem}", file=sys.stderr)
        return 2
    from ..netplay.host.playhost import PlayHostProcess  # yule join never needs it
    from .cli import not_a_terminal
    from .playing import level_problem

    process = PlayHostProcess.start(args.game)
    problem = players_problem(args.game, args.players) or (
        level_problem(args.game, args.bots) if args.game is not None and args.bots is not None else None
    )
    if problem or not_a_terminal("play"):
        process.close()
        if problem:
            print(f"yule play: {problem}", file=sys.stderr)
        return 2
    try:
        return play_app(args, process).run(mouse=False) or 0
    finally:
        process.close()  # its games kept


def play_app(args: argparse.Namespace, process: PlayHostProcess | None = None) -> YuleApp:
    """``yule play``'s app, under ``--name``, else the name ``yule join`` remembers, else the
    login name, playing at the host of ``process`` (None: a host in the app's own process)."""
    from .app import YuleApp
    from .playing import PlaySetup
    from .profile import Profile

    profile = Profile.load()  # the name yule join remembers, and the bots' pace chosen for each game
    setup = PlaySetup(
        args.game, args.players, seed=args.seed, level=args.bots or (None if args.game is None else "normal"),
        process=process, paces=profile.paces,
    )  # fmt: skip
    return YuleApp(name=args.name or profile.name or _default_name(), play=setup, profile=profile)


def run_join(args: argparse.Namespace) -> int:
    """Join a host: the connect screen without an address, else its lobby (or the table by code)."""
    if args.name is not None and (problem := name_problem(args.name)):
        print(f"yule join: {problem}", file=sys.stderr)
        return 2
    if args.code is not None and not (args.code.strip().isalnum() and len(args.code.strip()) <= 16):
        from .words import t

        print("yule join: " + t("a join code is 6 letters and digits, such as K7QF2M."), file=sys.stderr)
        return 2
    try:
        app = join_app(args)
    except ValueError as e:
        print(f"yule join: {e}", file=sys.stderr)
        return 2
    from .cli import not_a_terminal

    if not_a_terminal("join"):
        return 2
    return app.run(mouse=False) or 0


def join_app(args: argparse.Namespace) -> YuleApp:
    """``yule join``'s app; the first time (no ``--name``, none remembered), the name to play under
    is asked first, the login name offered.  ``ValueError`` for an address that is none."""
    from .app import YuleApp
    from .connect import parse_address
    from .profile import Profile

    address = parse_address(args.address, DEFAULT_PORT) if args.address else None
    profile = Profile.load()
    name = args.name or profile.name  # --name: this time, without asking
    return YuleApp(name=name or _default_name(), address=address, code=args.code, profile=profile,
                   ask_name=name is None)  # fmt: skip
