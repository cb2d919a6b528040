"""The ``yule`` command: play, host, join and the tools around them (simulate, verify).

Every subcommand's heavy imports (Textual, asyncio networking) happen inside its handler, so
``yule --help`` and ``yule simulate`` start fast.  Bad arguments get a one-line error.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

Handler = Callable[[argparse.Namespace], int]


def _version() -> str:
    try:
        return version("yule")
    except PackageNotFoundError:
        return "0+unknown"


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, not a usage block."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def _game_names() -> list[str]:
    from core import all_games

    return [g.name for g in all_games()]


def cmd_simulate(args: argparse.Namespace) -> int:
    from core import BadOptions, get_game
    from core.records import play

    game = get_game(args.game)
    if args.bot not in game.bots:
        print(f"yule simulate: {game.title} has bots {', '.join(game.bots)}, not {args.bot!r}", file=sys.stderr)
        return 2
    players = args.players or max(game.min_players, min(game.max_players, 4))
    seed = args.seed if args.seed is not None else random.randrange(10**9)
    names = [f"{args.bot.capitalize()} {i + 1}" for i in range(players)]
    try:
        record = play(game, names, [game.bots[args.bot]] * players, seed)
    except BadOptions as e:
        print(f"yule simulate: {e}", file=sys.stderr)
        return 2
    result = record["result"]
    if args.record == "-":
        json.dump(record, sys.stdout)
        sys.stdout.write("\n")
    else:
        print(f"{game.title}, {players} players, seed {seed}, {len(record['moves'])} moves")
        best = set(result["winners"])
        for seat, name in enumerate(names):
            mark = "  winner" if seat in best else ""
            print(f"  {name:<12} {result['scores'][seat]:>5}{mark}")
        if args.record:
            Path(args.record).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
            print(f"record written to {args.record}")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from core.records import RecordError, verify_record

    failed = 0
    for name in args.files:
        try:
            text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
            verify_record(json.loads(text))
        except (OSError, UnicodeDecodeError) as e:
            failed += 1
            print(f"FAIL {name}: cannot read: {e.strerror if isinstance(e, OSError) else e}")
        except json.JSONDecodeError as e:
            failed += 1
            print(f"FAIL {name}: not JSON: {e}")
        except RecordError as e:
            failed += 1
            print(f"FAIL {name}: {e}")
        else:
            print(f"OK   {name}")
    return 1 if failed else 0


def cmd_play(args: argparse.Namespace) -> int:
    from tui.play import run_play

    return run_play(args)


def build_parser() -> argparse.ArgumentParser:
    games = _game_names()
    parser = _Parser(
        prog="yule",
        description="Holiday table games over a LAN, each player in their own terminal.",
    )
    parser.add_argument("--version", action="version", version=f"yule {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("play", help="play now: a host on this machine, you and bots at a table")
    p.add_argument("game", nargs="?", choices=games, help="the game (a menu when left out)")
    p.add_argument("--players", type=int, help="seats at the table, you included")
    p.add_argument("--seed", type=int, help="seed for the shuffle and the bots")
    p.add_argument("--name", help="your name at the table")
    p.set_defaults(handler=cmd_play)

    p = sub.add_parser("simulate", help="play a whole game with bots and print the result")
    p.add_argument("game", choices=games)
    p.add_argument("--players", type=int, help="number of seats")
    p.add_argument("--seed", type=int, help="the seed (random when left out; printed)")
    p.add_argument("--bot", default="random", help="bot on every seat: random, or the game's smarter one (greedy ...)")
    p.add_argument("--record", metavar="FILE", help="write the game record to FILE ('-' for stdout)")
    p.set_defaults(handler=cmd_simulate)

    p = sub.add_parser("verify", help="replay game records and check them (OK or FAIL each)")
    p.add_argument("files", nargs="+", metavar="FILE", help="record files ('-' for stdin)")
    p.set_defaults(handler=cmd_verify)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return args.handler(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
