"""The ``yule`` command: play, host, join and the tools around them (simulate, verify).

Every subcommand's heavy imports (Textual, asyncio networking) happen inside its handler, so
``yule --help`` and ``yule simulate`` start fast.  Bad arguments get a one-line error, and so
does what a command cannot use (a number below its least, a file where a folder is wanted, a
file it cannot write, a port taken, a host that never answers); an app that would draw where it
cannot (a pipe, a file, ``TERM=dumb``) is not started, and says so.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

PARTY_WORD_VARIABLE = "YULE_PARTY_WORD"
"""The environment variable that may hold the SSH party word instead of the command line."""


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version  # slow to load: only for --version

    try:
        return version("yule")
    except PackageNotFoundError:
        return "0+unknown"


class _VersionAction(argparse.Action):
    """``--version``: the installed version, looked up only when asked for."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs: object) -> None:
        super().__init__(
            option_strings, dest=dest, default=argparse.SUPPRESS, nargs=0, help="show the version and exit"
        )

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        print(f"yule {_version()}")
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, not a usage block."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


class _GameNames:
    """The games' record names as argparse ``choices``, found without importing any game.

    A game's record name is its ``core`` package's name with dashes (``white_elephant`` is
    ``white-elephant``), listed in the registry's menu order.
    """

    def _names(self) -> list[str]:
        import pkgutil

        from .. import core
        from ..core.registry import MENU_ORDER

        names = [m.name.replace("_", "-") for m in pkgutil.iter_modules(core.__path__) if m.ispkg]
        rank = {name: i for i, name in enumerate(MENU_ORDER)}
        return sorted(names, key=lambda name: (rank.get(name, len(rank)), name))

    def __contains__(self, name: object) -> bool:
        return name in self._names()

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())


def _game_names() -> _GameNames:
    return _GameNames()


def _whole(least: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number of at least ``least``, else a sentence saying so."""

    def whole(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"a whole number is wanted, not {text!r}") from None
        if number < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, not {number}")
        return number

    return whole


def _seconds(*, zero: bool) -> Callable[[str], float]:
    """An argparse ``type``: a number of seconds (or hours, minutes), more than 0 or (``zero``) at least 0."""

    def seconds(text: str) -> float:
        try:
            number = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"a number is wanted, not {text!r}") from None
        if not math.isfinite(number) or number < 0 or (number == 0 and not zero):
            raise argparse.ArgumentTypeError(f"must be {'at least' if zero else 'more than'} 0, not {text}")
        return number

    return seconds


def not_a_terminal(command: str) -> bool:
    """Say so, and True, when the app cannot draw here: its output is not a terminal (a pipe, a
    file) or the terminal says it cannot move the cursor (``TERM=dumb``).  Not where Textual is
    told which driver draws (``TEXTUAL_DRIVER``: a web page's, as ``yule watch --web`` runs it, or
    a test's)."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return False
    if os.environ.get("TERM") == "dumb":
        why = "this terminal (TERM=dumb) cannot draw it: run it in a terminal window (xterm, GNOME Terminal, iTerm2, Windows Terminal ...)"
    elif not (sys.stdin.isatty() and sys.stdout.isatty()):
        why = "it draws in a terminal, and its input or output here is not one (a pipe or a file): run it in a terminal window"
    else:
        return False
    print(f"yule {command}: {why}.", file=sys.stderr)
    return True


def _folder_problem(path: Path, error: OSError) -> str:
    """Why ``path`` cannot be used as a folder (``error`` making or using it), in words."""
    if isinstance(error, (FileExistsError, NotADirectoryError)):
        file = next((p for p in (path, *path.parents) if p.exists() and not p.is_dir()), path)
        return f"{file} is a file, where a folder is wanted" + (f" (to hold {path})" if file != path else "")
    if isinstance(error, PermissionError):
        return f"this user may not write in {path}"
    return f"{path} cannot be used: {_reason(error)}"


def _reason(error: OSError) -> str:
    """An ``OSError``'s reason in the system's words (asyncio's own say where it tried, not why)."""
    return os.strerror(error.errno) if error.errno else str(error.strerror or error)


def cmd_simulate(args: argparse.Namespace) -> int:
    from ..core import BadOptions, get_game
    from ..core.bots import bot_title
    from ..core.records import play, replay

    game = get_game(args.game)
    if args.seats is not None or args.games is not None:
        return _simulate_match(args, game)
    for option in ("records", "json", "think", "iterations"):
        if getattr(args, option) not in (None, False):
            print(f"yule simulate: --{option} is for matches: give --seats or --games", file=sys.stderr)
            return 2
    if args.record not in (None, "-") and (problem := _record_file_problem(Path(args.record))):
        print(f"yule simulate: --record {problem}", file=sys.stderr)
        return 2
    args.bot = args.bot or "random"
    if args.bot not in game.bots:
        print(f"yule simulate: {game.title} has bots {', '.join(game.bots)}, not {args.bot!r}", file=sys.stderr)
        return 2
    players = args.players or max(game.min_players, min(game.max_players, 4))
    seed = args.seed if args.seed is not None else random.randrange(10**9)
    names = [f"{bot_title(args.bot)} {i + 1}" for i in range(players)]
    try:
        record = play(game, names, [game.bots[args.bot]] * players, seed)
    except BadOptions as e:
        print(f"yule simulate: {e}", file=sys.stderr)
        return 2
    if args.record == "-":
        json.dump(record, sys.stdout)
        sys.stdout.write("\n")
        return 0
    state = replay(record).state
    print(f"{game.title}, {players} players, seed {seed}, {len(record['moves'])} moves")
    for line in game.report_lines(state, names):
        print(f"  {line}")
    if args.record:
        try:
            Path(args.record).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        except OSError as e:
            print(f"yule simulate: the record cannot be written to {args.record}: {e.strerror or e}", file=sys.stderr)
            return 1
        print(f"record written to {args.record}")
    return 0


def _record_file_problem(path: Path) -> str | None:
    """What keeps a record from being written to ``path``, in words (None: nothing seen yet)."""
    if path.is_dir():
        return f"names a folder, {path}: give a file's name, such as {path / 'game.json'}"
    if not path.parent.is_dir():
        return f"{path}: there is no folder {path.parent} to write it in"
    return None


def _simulate_match(args: argparse.Namespace, game: Any) -> int:
    """``yule simulate GAME --seats KIND,... --games K``: a match, its win shares."""
    from ..core.match import play_match

    def fail(message: str) -> int:
        print(f"yule simulate: {message}", file=sys.stderr)
        return 2

    if args.bot is not None or args.record is not None:
        return fail("--bot and --record are for one game; a match takes --seats and --records")
    kinds = [k.strip() for k in (args.seats or args.bot or "random").split(",") if k.strip()]
    players = args.players or max(len(kinds), game.min_players)
    if not kinds or len(kinds) > players:
        return fail(f"--seats names {len(kinds)} bots for {players} seats")
    kinds += [kinds[-1]] * (players - len(kinds))
    unknown = sorted({k for k in kinds if k not in game.bots})
    if unknown:
        return fail(f"{game.title} has bots {', '.join(game.bots)}, not {', '.join(unknown)}")
    games = args.games if args.games is not None else 1
    seed = args.seed if args.seed is not None else random.randrange(10**9)
    folder = Path(args.records) if args.records else None
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            return fail(f"--records {_folder_problem(folder, e)}")
    progress = not args.json and sys.stderr.isatty()

    def done(number: int, record: dict[str, Any]) -> None:
        if folder is not None:
            path = folder / f"{game.name}-{number + 1:04d}.json"
            path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        if progress:
            print(f"\rgame {number + 1} of {games}", end="", file=sys.stderr, flush=True)

    try:
        result = play_match(
            game, kinds, games, seed, think=args.think, iterations=args.iterations, keep_records=False, on_record=done
        )
    except ValueError as e:
        return fail(str(e))
    except OSError as e:
        if progress:
            print(file=sys.stderr)
        print(f"yule simulate: the records cannot be written to {folder}: {e.strerror or e}", file=sys.stderr)
        return 1
    if progress:
        print(file=sys.stderr)
    shares = result.win_share
    if args.json:
        out = {"game": game.name, "games": games, "players": players, "seats": kinds, "win_share": shares}
        print(json.dumps(out))
        return 0
    print(f"{game.title}, {players} players, {games} games, seed {seed}; seats: {', '.join(kinds)}")
    print(f"  {'bot':<8} {'seats':>5} {'win share':>10} {'95% interval':>15} {'decision p50':>13} {'p95':>8}")
    for kind in result.seat_counts:
        low, high = result.interval(kind)
        p50, p95 = result.percentile(kind, 0.5), result.percentile(kind, 0.95)
        times = f"{p50 * 1000:>11.1f}ms {p95 * 1000:>6.0f}ms" if p50 is not None and p95 is not None else ""
        print(f"  {kind:<8} {result.seat_counts[kind]:>5} {shares[kind]:>10.3f}   {low:.3f} to {high:.3f} {times}")
    print(f"  fair share: {1 / players:.3f}")
    if folder is not None:
        print(f"records written to {folder}")
    return 0


def _read_record(name: str) -> tuple[dict[str, Any] | None, str | None]:
    """The record in file ``name`` ('-': stdin) if the rules engine replays it: ``(record, None)``,
    else ``(None, why not)``, the words ``yule verify`` prints after ``FAIL name:``."""
    from ..core.records import RecordError, verify_record

    try:
        text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        record = json.loads(text)
        verify_record(record)
    except (OSError, UnicodeDecodeError) as e:
        return None, f"cannot read: {e.strerror if isinstance(e, OSError) else e}"
    except json.JSONDecodeError as e:
        return None, f"not JSON: {e}"
    except RecordError as e:
        return None, str(e)
    return record, None


def cmd_verify(args: argparse.Namespace) -> int:
    failed = 0
    for name in args.files:
        _, problem = _read_record(name)
        if problem is None:
            print(f"OK   {name}")
        else:
            failed += 1
            print(f"FAIL {name}: {problem}")
    return 1 if failed else 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .games import GAME_UIS

    record, problem = _read_record(args.file)
    if record is None:
        print(f"FAIL {args.file}: {problem}", file=sys.stderr)
        return 1
    if record["game"] not in GAME_UIS:
        print(f"yule replay: {record['game']} has no table in the terminal yet", file=sys.stderr)
        return 2
    players = len(record["players"])
    if args.seat is not None and not 0 <= args.seat < players:
        print(f"yule replay: this record has seats 0 to {players - 1}", file=sys.stderr)
        return 2
    if not_a_terminal("replay"):
        return 2
    from .replay import ReplayApp

    return ReplayApp(record, args.seat, Path(args.file).name).run(mouse=False) or 0


def cmd_play(args: argparse.Namespace) -> int:
    from .play import run_play

    return run_play(args)


def cmd_join(args: argparse.Namespace) -> int:
    from .play import run_join

    return run_join(args)


def _host_port(text: str) -> tuple[str, int]:
    """``HOST:PORT``, ``[v6]:PORT`` or a bare host (the default port) as a pair."""
    from ..netplay import DEFAULT_PORT

    host, sep, port = text.rpartition(":")
    if not sep or "]" in port:
        return text.strip("[]"), DEFAULT_PORT
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"bad port in {text!r}")
    return host.strip("[]") or "127.0.0.1", int(port)


async def _until_stopped() -> None:
    """Wait for Ctrl-C or SIGTERM (a server stops cleanly, also when started in the background)."""
    import asyncio
    import signal

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(signum, stop.set)
        except NotImplementedError:  # Windows' event loop: a plain handler, which wakes the loop
            signal.signal(signum, lambda *_: loop.call_soon_threadsafe(stop.set))
    await stop.wait()


def _port_number(text: str) -> int:
    """A TCP port to listen on, given on the command line: 1 to 65535, or 0 for any free one."""
    if not text.strip().isdigit() or not 0 <= int(text) < 65536:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535 (0: any free one), not {text!r}")
    return int(text)


def _run_server(command: str, serve: Coroutine[Any, Any, None], stopped: str, data: Path | None = None) -> int:
    """Run a server until it is stopped; a data folder it cannot use or a port it cannot
    listen on is a one-line error."""
    import asyncio
    import sqlite3

    from ..netplay.store import DataFolderError

    if data is not None:
        try:
            data.mkdir(mode=0o700, parents=True, exist_ok=True)  # a new data folder is its owner's only
        except OSError as e:
            serve.close()
            print(f"yule {command}: cannot use the data folder: {_folder_problem(data, e)}", file=sys.stderr)
            return 1
    try:
        asyncio.run(serve)
    except DataFolderError as e:
        print(f"yule {command}: {e}: give another --data folder, or let this user write there", file=sys.stderr)
        return 1
    except sqlite3.Error as e:
        print(f"yule {command}: the database in {data or 'the data folder'} cannot be used ({e}): move it "
              "aside, or give another --data folder", file=sys.stderr)  # fmt: skip
        return 1
    except OSError as e:
        print(f"yule {command}: cannot listen: {e.strerror or e}", file=sys.stderr)
        return 1
    print(stopped)
    return 0


def _loopback_to(bind: str | None) -> str:
    """The address a process on this machine reaches a server bound to ``bind`` at."""
    return {None: "127.0.0.1", "": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(bind, bind or "127.0.0.1")


def _cannot_serve_ssh(command: str) -> bool:
    """Say so, and True, where the SSH server cannot run: it gives each session a pseudo
    terminal, which Windows does not have."""
    try:
        import fcntl  # noqa: F401
        import pty  # noqa: F401
        import termios  # noqa: F401
    except ImportError:
        also = ", and start this host without --ssh" if command == "host" else ""
        print(f"yule {command}: this computer cannot serve the app over SSH (it has no pseudo terminals, as on "
              "Windows): run 'yule ssh-serve --host HOST:PORT' on a Linux or macOS machine of the LAN, HOST:PORT "
              f"being the game host's address and port{also}.", file=sys.stderr)  # fmt: skip
        return True
    return False


def cmd_host(args: argparse.Namespace) -> int:
    import gc
    import logging

    if args.ssh is not None and _cannot_serve_ssh("host"):
        return 1

    from ..netplay import default_data_dir, host_port
    from ..netplay.connection import Limits
    from ..netplay.host import Host

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    data = Path(args.data) if args.data else default_data_dir()

    async def serve() -> None:
        ssh = None
        if args.ssh is not None:
            from .sshprocess import SSHProcess
            from .sshserve import serving_lines

            ssh = SSHProcess(data, password=args.ssh_password, max_sessions=args.ssh_max_sessions,
                             per_address=args.ssh_per_address, idle_minutes=args.ssh_idle_minutes)  # fmt: skip
            await ssh.start(args.bind, args.ssh, (_loopback_to(args.bind), args.port))
        limits = Limits(max_connections=args.max_connections, connections_per_address=args.per_address)
        _room_for_connections(limits.max_connections)
        host = Host(data, away_timeout=args.away_timeout, keep_finished=args.keep_finished * 3600,
                    expire_waiting=args.expire_waiting * 60, limits=limits, advertise=not args.no_discovery,
                    ssh_port=ssh.port if ssh else None, party_word=ssh is not None and ssh.password is not None,
                    relay_key=ssh.relay if ssh else None, bot_workers=args.bot_workers)  # fmt: skip
        try:
            port = await host.start(args.bind, args.port)
        except BaseException:
            if ssh is not None:
                await ssh.stop()
            raise
        # What lives as long as the host (modules, the message schemas, restored tables) is
        # moved out of the collector's way, so that a full collection stays short.
        gc.freeze()
        addresses = host.reach["addresses"]
        print(f"Yule host {host.name!r} is listening on port {port}; data in {host.data_dir}", flush=True)
        print("Players can join at:", ", ".join(host_port(a, port) for a in addresses), flush=True)
        if ssh is not None:
            ssh.play_at((_loopback_to(args.bind), port))
            told = serving_lines(ssh.port, ssh.fingerprint, (_loopback_to(args.bind), port), addresses,
                                 party_word=ssh.password is not None)  # fmt: skip
            print("\n".join(told), flush=True)
        try:
            await _until_stopped()
        finally:
            if ssh is not None:
                await ssh.stop()
            await host.stop()

    return _run_server("host", serve(), "Yule host stopped.", data)


def _room_for_connections(connections: int) -> None:
    """Let this process open a file for each connection (and some to spare), as far as the
    system allows: the usual soft limit of 1024 open files would refuse a big party.  Windows
    has no such limit (nor the module that sets it)."""
    try:
        import resource
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = connections + 256
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(
            resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(hard, wanted), hard)
        )


def cmd_ssh_serve(args: argparse.Namespace) -> int:
    import logging

    if _cannot_serve_ssh("ssh-serve"):
        return 1
    from ..netplay import default_data_dir
    from ..netplay.discovery import reachable_addresses
    from .sshserve import SSHServe, serving_lines

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    data = Path(args.data) if args.data else default_data_dir()

    async def serve() -> None:
        ssh = SSHServe(data, args.host, password=args.password, max_sessions=args.max_sessions,
                       per_address=args.per_address, idle_timeout=args.idle_minutes * 60)  # fmt: skip
        await ssh.start(args.bind, args.port)
        told = serving_lines(ssh.port, ssh.fingerprint, args.host, reachable_addresses(args.bind),
                             party_word=ssh.password is not None)  # fmt: skip
        print("\n".join(told), flush=True)
        try:
            await _until_stopped()
        finally:
            await ssh.stop()

    return _run_server("ssh-serve", serve(), "Yule SSH server stopped.")


def cmd_ssh_names(args: argparse.Namespace) -> int:
    from ..netplay import default_data_dir
    from .sshnames import NameBook, NamesError
    from .text import literal

    data = Path(args.data) if args.data else default_data_dir()
    book = NameBook(data)
    try:
        if args.release is not None:
            if not book.release(args.release):
                print(f"yule ssh-names: no SSH key holds the name {literal(args.release)} here.", file=sys.stderr)
                return 1
            print(f"{literal(args.release)} is free again (its seats here are forgotten): the next guest to come in "
                  "under it with an SSH key holds it.")  # fmt: skip
            return 0
        if args.release_key is not None:
            names = book.release_key(args.release_key)
            if not names:
                print(f"yule ssh-names: the key {literal(args.release_key)} holds no name here.", file=sys.stderr)
                return 1
            print(f"Free again (their seats here are forgotten): {', '.join(literal(n) for n in names)}; the key "
                  f"{literal(args.release_key)} is a stranger here from now on.")  # fmt: skip
            return 0
        holders = book.holders()
    except NamesError as e:
        print(f"yule ssh-names: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"yule ssh-names: cannot use the data folder: {_folder_problem(data, e)}", file=sys.stderr)
        return 1
    if not holders:
        print(f"No SSH key holds a name here yet (data folder {data}).")
    width = max((len(literal(h.name)) for h in holders), default=0)
    for h in holders:
        given = f"  (given as {literal(h.alias_of)} was taken)" if h.alias_of else ""
        print(f"{literal(h.name):<{width}}  {h.key}  first seen {h.first_seen}, last used {h.last_used}{given}")
    return 0


def cmd_evening(args: argparse.Namespace) -> int:
    from ..netplay import default_data_dir
    from .standings import run_evening

    data = Path(args.data) if args.data else default_data_dir()
    return run_evening(data, export=Path(args.export) if args.export else None, new=args.new, bots=not args.no_bots)


def cmd_requests(args: argparse.Namespace) -> int:
    from ..netplay import default_data_dir
    from .requests import run_requests

    data = Path(args.data) if args.data else default_data_dir()
    return run_requests(data, args.yes, args.no)


def cmd_bots(args: argparse.Namespace) -> int:
    import asyncio

    from ..netplay.botplay import play_games

    host, port = args.address
    settings = {"game": args.game, "players": args.players, "bot": args.bot}

    async def play() -> Any:
        await play_games(host, port, games=0, **settings)  # no game: only its settings checked (ValueError)
        if (problem := await _no_host_at(host, port)) is not None:
            return problem
        return await play_games(host, port, games=args.games, tables=args.tables, delay=args.delay, seed=args.seed,
                                **settings)  # fmt: skip

    try:
        summary = asyncio.run(play())
    except ValueError as e:
        print(f"yule bots: {e}", file=sys.stderr)
        return 2
    if isinstance(summary, str):
        print(f"yule bots: {summary}", file=sys.stderr)
        return 1
    for result in summary.finished:
        winners = ", ".join(result.players[s] for s in result.winners) or "-"
        print(f"table {result.table} game {result.game_no}: {result.moves} moves, won by {winners}")
    for failure in summary.failures:
        print(f"FAILED {failure}")
    done = len(summary.finished)
    print(f"{done} of {args.games} games finished in {summary.elapsed:.1f} s")
    return 0 if done == args.games and not summary.failures else 1


async def _no_host_at(host: str, port: int) -> str | None:
    """Why no Yule host can be played at ``host:port``, in words (None: one answers there)."""
    import socket

    from ..netplay.client import Client, HostError

    client = Client(host, port, "Yule", reconnect=False)
    try:
        await client.connect()
    except socket.gaierror:
        return f"no host called {host} is known here: check the name, or give its address (yule hosts lists the hosts found)"
    except OSError as e:
        return f"nothing answers at {host}:{port} ({_reason(e)}): is yule host running there?"
    except HostError as e:
        return f"{host}:{port} answers, but: {e.message}"
    finally:
        await client.close()
    return None


def cmd_party(args: argparse.Namespace) -> int:
    from ..netplay import default_data_dir

    data = Path(args.data) if args.data else default_data_dir()
    if args.export:
        from .gift_exchange.party import export_last

        return export_last(data, Path(args.export))
    if (problem := _store_problem(data)) is not None:
        print(f"yule party: {problem}", file=sys.stderr)
        return 1
    if args.port is not None and (problem := _port_problem(args.bind or "0.0.0.0", args.port)) is not None:
        print(f"yule party: {problem}", file=sys.stderr)
        return 1
    if not_a_terminal("party"):
        return 2
    from ..netplay import DEFAULT_PORT
    from .gift_exchange.party import PartyApp

    port = DEFAULT_PORT if args.port is None else args.port  # the usual port: any free one if it is taken
    return PartyApp(data, bind=args.bind, port=port).run(mouse=False) or 0


def _store_problem(data: Path) -> str | None:
    """Why the data folder ``data`` cannot hold a host's database, in words (None: it can)."""
    from ..netplay.store import DataFolderError, Store

    try:
        data.mkdir(mode=0o700, parents=True, exist_ok=True)  # a new data folder is its owner's only
        Store(data).close()
    except OSError as e:
        return f"cannot use the data folder: {_folder_problem(data, e)}"
    except DataFolderError as e:
        return f"{e}: give another --data folder, or let this user write there"
    return None


def _port_problem(bind: str, port: int) -> str | None:
    """Why a server cannot listen on ``port`` at ``bind``, in words (None: it can, as far as can be told now)."""
    import socket

    with socket.socket(socket.AF_INET6 if ":" in bind else socket.AF_INET) as probe:
        if sys.platform != "win32":
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the host's own listening socket
        try:
            probe.bind((bind, port))
        except OSError as e:
            return f"cannot listen on port {port}: {e.strerror or e} (another program has it?): give another --port"
    return None


def cmd_watch(args: argparse.Namespace) -> int:
    owner = None
    if args.owner is not None:  # the host's owner's TV: where the host listens, from its data folder
        from ..netplay import default_data_dir
        from ..netplay.owner import OwnerFileError, read_owner_file

        owner = Path(args.owner) if args.owner else default_data_dir()
        try:
            where = read_owner_file(owner)
        except OwnerFileError as e:
            print(
                f"yule watch: {e} (--owner is for the host's machine, with the host's --data folder)", file=sys.stderr
            )
            return 2
        host, port = args.address or (where.address, where.port)
    elif args.address is None:
        print("yule watch: give the host's address, HOST[:PORT] (or --owner on the host's machine)", file=sys.stderr)
        return 2
    else:
        host, port = args.address
    if args.web:
        from .webtv import serve_tv, watch_command

        try:
            command = watch_command(host, port, args.table, args.code, owner=args.owner)
        except ValueError as e:
            print(f"yule watch: {e}", file=sys.stderr)
            return 2
        from ..netplay.discovery import reachable_addresses

        bind = args.bind or ("0.0.0.0" if args.lan else "127.0.0.1")
        return serve_tv(command, bind, args.port, reachable_addresses(bind))
    if not_a_terminal("watch"):
        return 2
    from .tv import WatchApp

    return WatchApp(host, port, args.table, args.code, owner=owner).run(mouse=False) or 0


def cmd_hosts(args: argparse.Namespace) -> int:
    import asyncio

    from ..netplay import ssh_line
    from ..netplay.client import discover_hosts

    found = asyncio.run(discover_hosts(args.timeout))
    if not found:
        print("No Yule hosts found on the LAN (a typed HOST:PORT always works).")
    for host in found:
        ssh = f"  (or over SSH: {ssh_line(host.ssh_port, 'NAME', host.address)})" if host.ssh_port else ""
        print(f"{host.name}  {host.address}:{host.port}{ssh}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    from ..core.bots import BOT_LEVELS

    games = _game_names()
    parser = _Parser(
        prog="yule",
        description="Holiday table games over a LAN, each player in their own terminal.",
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("play", help="play now: a host on this machine, you and bots at a table")
    p.add_argument("game", nargs="?", choices=games, help="the game (a menu when left out)")
    p.add_argument("--players", type=_whole(1), help="seats at the table, you included")
    p.add_argument("--seed", type=int, help="seed for the shuffle and the bots")
    p.add_argument("--name", help="your name at the table")
    p.add_argument(
        "--bots",
        choices=tuple(BOT_LEVELS),
        help="the bots' level: easy (random moves), kind (sensible, often not the best), normal (greedy), "
        "hard (they search ahead) or adapting (weaker or stronger after each game, to fit the players); "
        "asked in the game menu when left out, else normal",
    )
    p.set_defaults(handler=cmd_play)

    p = sub.add_parser("join", help="join a host on the LAN: its lobby, or a table by its code")
    p.add_argument(
        "address", nargs="?", metavar="HOST[:PORT]", help="the host (the hosts found on the LAN when left out)"
    )
    p.add_argument("--name", help="your name at the table, this time (else the one asked the first time)")
    p.add_argument("--code", help="a private table's join code: sit at that table at once")
    p.set_defaults(handler=cmd_join)

    p = sub.add_parser(
        "simulate",
        help="bots play a whole game and print the result, or a match of many games (--seats, --games)",
        description="One game with the same bot on every seat (--bot), or a match: --games games with "
        "the bots named by --seats, the seats turning one place each game so every bot plays every "
        "position; it prints each bot's win share (a shared win counts 1/t; the fair share is 1/N).",
    )
    p.add_argument("game", choices=games)
    p.add_argument("--players", type=_whole(1), help="number of seats")
    p.add_argument("--seed", type=int, help="the seed (random when left out; printed)")
    p.add_argument(
        "--bot", help="one game: the bot on every seat: random, kind, greedy, ismcts or adapting (default random)"
    )
    p.add_argument("--record", metavar="FILE", help="one game: write its record to FILE ('-' for stdout)")
    p.add_argument(
        "--seats",
        metavar="KIND,...",
        help="a match: the bot at each seat, e.g. ismcts,greedy,greedy,greedy (a short list is "
        "filled with its last bot); adapting bots change strength after each game by how the other seats did",
    )
    p.add_argument("--games", type=_whole(1), help="a match: games to play (default 1)")
    p.add_argument(
        "--think",
        type=_seconds(zero=False),
        metavar="SECONDS",
        help="a match: the ismcts bot's think time a move (default 1)",
    )
    p.add_argument(
        "--iterations",
        type=_whole(1),
        metavar="N",
        help="a match: the ismcts bot's searches a move, instead of a time",
    )
    p.add_argument("--records", metavar="DIR", help="a match: write each game's record to DIR")
    p.add_argument("--json", action="store_true", help="a match: print the result as one JSON object")
    p.set_defaults(handler=cmd_simulate)

    p = sub.add_parser("verify", help="replay game records and check them (OK or FAIL each)")
    p.add_argument("files", nargs="+", metavar="FILE", help="record files ('-' for stdin)")
    p.set_defaults(handler=cmd_verify)

    p = sub.add_parser("replay", help="step through a game record at its table, from any seat")
    p.add_argument("file", metavar="FILE", help="the record file (checked like yule verify first)")
    p.add_argument(
        "--seat", type=int, metavar="N", help="see seat N's view (0 is the record's first player; default: public)"
    )
    p.set_defaults(handler=cmd_replay)
    from ..netplay import (
        CONNECTIONS_PER_ADDRESS,
        DEFAULT_PORT,
        EXPIRE_WAITING_MINUTES,
        KEEP_FINISHED_HOURS,
        MAX_CONNECTIONS,
    )

    p = sub.add_parser(
        "host",
        help="serve tables to players on the LAN",
        description="Serve tables to players on the LAN; every move is saved, so a restart loses nothing. The "
        "evening's standings at this host: 'yule evening' prints them, exports them (CSV, Markdown) and starts "
        "a new evening, also while the host runs.",
    )
    p.add_argument("--bind", metavar="ADDR", help="address to listen on (default: every interface)")
    p.add_argument("--port", type=_port_number, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT})")
    p.add_argument("--data", metavar="DIR", help="data folder (database and finished game records)")
    p.add_argument(
        "--away-timeout",
        type=_seconds(zero=True),
        default=120.0,
        metavar="S",
        help="seconds a player may be away before a bot plays for them (default 120)",
    )
    p.add_argument(
        "--bot-workers",
        type=_whole(0),
        default=max(1, (os.cpu_count() or 2) - 1),
        metavar="N",
        help="processes the bots think in, tables where people play first, then shared fairly "
        "between the addresses the tables were made from (default: one fewer than this "
        "machine's processors, at least 1)",
    )
    p.add_argument(
        "--keep-finished",
        type=_seconds(zero=True),
        default=KEEP_FINISHED_HOURS,
        metavar="HOURS",
        help="hours a finished table stays in the lobby, then it is forgotten once nobody is at "
        f"it; its records are kept (default {KEEP_FINISHED_HOURS:g})",
    )
    p.add_argument(
        "--expire-waiting",
        type=_seconds(zero=False),
        default=EXPIRE_WAITING_MINUTES,
        metavar="MINUTES",
        help="minutes a table waiting for players stays in the lobby with nobody at it, then it is "
        f"forgotten and its number never given again (default {EXPIRE_WAITING_MINUTES:g})",
    )
    p.add_argument(
        "--max-connections",
        type=_whole(1),
        default=MAX_CONNECTIONS,
        metavar="N",
        help=f"connections the host holds at once; more are refused (default {MAX_CONNECTIONS})",
    )
    p.add_argument(
        "--per-address",
        type=_whole(1),
        default=CONNECTIONS_PER_ADDRESS,
        metavar="N",
        help=f"connections from one address at once (default {CONNECTIONS_PER_ADDRESS})",
    )
    p.add_argument("--no-discovery", action="store_true", help="do not advertise the host on the LAN")
    p.add_argument(
        "--ssh",
        type=_port_number,
        metavar="PORT",
        help="also serve the app over SSH on PORT, for guests with nothing installed",
    )
    _ssh_options(p, "--ssh-")
    p.set_defaults(handler=cmd_host)

    from ..netplay import DEFAULT_SSH_PORT, DEFAULT_WEB_PORT

    p = sub.add_parser("ssh-serve", help="serve the app over SSH: guests play with just an SSH client")
    p.add_argument(
        "--host",
        type=_host_port,
        default=("127.0.0.1", DEFAULT_PORT),
        metavar="HOST:PORT",
        help=f"the game host the sessions play at (default: this machine's, 127.0.0.1:{DEFAULT_PORT})",
    )
    p.add_argument("--bind", metavar="ADDR", help="address to listen on (default: every interface)")
    p.add_argument("--port", type=_port_number, default=DEFAULT_SSH_PORT, help=f"SSH port (default {DEFAULT_SSH_PORT})")
    p.add_argument("--data", metavar="DIR", help="data folder (the SSH host key, each SSH user's seats)")
    _ssh_options(p, "--")
    p.set_defaults(handler=cmd_ssh_serve)

    p = sub.add_parser("ssh-names", help="the SSH guests' names and the keys that hold them; release one, or a key's")
    p.add_argument("--data", metavar="DIR", help="data folder of the SSH server (default: the usual one)")
    released = p.add_mutually_exclusive_group()
    released.add_argument("--release", metavar="NAME", help="forget who holds NAME and its seats (a guest's new key)")
    released.add_argument(
        "--release-key", metavar="FINGERPRINT", help="forget every name the key FINGERPRINT holds, and their seats"
    )
    p.set_defaults(handler=cmd_ssh_names)

    p = sub.add_parser(
        "evening",
        help="the evening's standings at a host: print them, export them (CSV, Markdown), start a new evening",
        description="The standings of the evening going on at the host whose data folder this is (it may "
        "be running): one row a person, with their games, wins (a shared win counts a share), places and "
        "points by game. An evening starts with the first game that ends, and lasts until --new.",
    )
    p.add_argument("--data", metavar="DIR", help="the host's data folder (default: the usual one)")
    p.add_argument("--export", metavar="FILE", help="write the standings to FILE: .csv or .md (Markdown)")
    p.add_argument("--no-bots", action="store_true", help="leave the bots out")
    p.add_argument("--new", action="store_true", help="then start a new evening (the last one stays in the database)")
    p.set_defaults(handler=cmd_evening)

    p = sub.add_parser(
        "requests",
        help="on the host's machine: the requests for away players' seats waiting there; answer one",
        description="A newcomer asking for the seat of a player who is away gets it only with a yes from "
        "another person: someone at the table, the table's creator, or the host's owner. Where nobody at the "
        "table can answer, this lists the requests waiting at the running host whose data folder this is, "
        "and --yes or --no answers one (the table's log says the host's owner said yes).",
    )
    p.add_argument("--data", metavar="DIR", help="the host's data folder (default: the usual one)")
    answer = p.add_mutually_exclusive_group()
    answer.add_argument("--yes", metavar="TABLE/REQUEST", help="let the newcomer of that request take the seat")
    answer.add_argument("--no", metavar="TABLE/REQUEST", help="refuse that request")
    p.set_defaults(handler=cmd_requests)

    p = sub.add_parser("bots", help="bots playing games through a host, one connection per seat")
    p.add_argument("address", type=_host_port, metavar="HOST:PORT")
    p.add_argument("--game", required=True, choices=games)
    p.add_argument("--players", type=_whole(1), required=True, help="seats at each table")
    p.add_argument("--games", type=_whole(1), default=1, help="games to play in all (default 1)")
    p.add_argument("--tables", type=_whole(1), default=1, help="tables playing at a time (default 1)")
    p.add_argument("--bot", default="random", help="bot on every seat: random, greedy or ismcts (the strong one)")
    p.add_argument(
        "--delay", type=_seconds(zero=True), default=0.0, metavar="SECONDS", help="each bot's pause before a move"
    )
    p.add_argument("--seed", type=int, help="seed for the bots' choices")
    p.set_defaults(handler=cmd_bots)

    p = sub.add_parser("party", help="organiser mode: run a whole gift exchange from this terminal")
    p.add_argument("--data", metavar="DIR", help="data folder (the host's database; the party resumes from it)")
    p.add_argument("--bind", metavar="ADDR", help="address the host listens on, for TVs (default: every interface)")
    p.add_argument(
        "--port", type=_port_number, help=f"TCP port (default {DEFAULT_PORT}, else any free one when it is taken)"
    )
    p.add_argument(
        "--export", metavar="DIR", help="write the last finished party's record, CSV and Markdown to DIR, and quit"
    )
    p.set_defaults(handler=cmd_party)

    p = sub.add_parser(
        "watch",
        help="the TV view of the room's tables: a spectator screen for the big screen",
        description="The TV follows the room: it starts at the table named (or the newest it may watch) and "
        "moves on by itself to the newest table started since, never during a game: an open table, or any "
        "table on the host's owner's TV (--owner), whose evening's standings count every game.",
    )
    p.add_argument("address", type=_host_port, nargs="?", metavar="HOST[:PORT]")
    p.add_argument("--table", type=_whole(1), help="the table to start at (default: the newest)")
    p.add_argument("--code", help="the join code of a private table to start at (names the table by itself)")
    p.add_argument(
        "--owner",
        nargs="?",
        const="",
        metavar="DATA",
        help="on the host's machine: the host's owner's TV (the host's data folder DATA, by default the usual "
        "one), which follows private tables too and counts every game in the standings",
    )
    p.add_argument("--web", action="store_true", help="serve the TV view as a web page, for a TV's browser")
    p.add_argument(
        "--port",
        type=_port_number,
        default=DEFAULT_WEB_PORT,
        help=f"with --web: the page's port (default {DEFAULT_WEB_PORT})",
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument("--lan", action="store_true", help="with --web: serve the page to the LAN (every interface)")
    where.add_argument("--bind", metavar="ADDR", help="with --web: address to listen on (default: this machine only)")
    p.set_defaults(handler=cmd_watch)

    p = sub.add_parser("hosts", help="list Yule hosts found on the LAN")
    p.add_argument("--timeout", type=_seconds(zero=False), default=2.0, help="seconds to listen (default 2)")
    p.set_defaults(handler=cmd_hosts)
    return parser


def _ssh_options(p: argparse.ArgumentParser, prefix: str) -> None:
    """The SSH server's options: ``--password``, ``--max-sessions``... for ``yule ssh-serve``,
    ``--ssh-password``, ``--ssh-max-sessions``... for ``yule host``."""
    from ..netplay import MAX_SSH_SESSIONS, SSH_IDLE_MINUTES, SSH_SESSIONS_PER_ADDRESS

    p.add_argument(
        f"{prefix}password",
        metavar="WORD",
        default=os.environ.get(PARTY_WORD_VARIABLE),
        help=f"the party word SSH guests must type (default: none asked; or set {PARTY_WORD_VARIABLE}, "
        "which other users cannot see as they can a command's arguments)",
    )
    p.add_argument(
        f"{prefix}max-sessions",
        type=_whole(1),
        default=MAX_SSH_SESSIONS,
        metavar="N",
        help=f"SSH sessions at once, an eighth of them kept for guests coming back (default {MAX_SSH_SESSIONS})",
    )
    p.add_argument(
        f"{prefix}per-address",
        type=_whole(1),
        metavar="N",
        help="SSH sessions from one address at once, an IPv6 one by its /64 (default: three eighths of the "
        f"sessions, {SSH_SESSIONS_PER_ADDRESS} of {MAX_SSH_SESSIONS}; a guest coming back may pass it)",
    )
    p.add_argument(
        f"{prefix}idle-minutes",
        type=_seconds(zero=False),
        default=SSH_IDLE_MINUTES,
        metavar="M",
        help=f"close an SSH session after M minutes without a key press, never while its guest plays at a table, "
        f"warning them first (default {SSH_IDLE_MINUTES:g})",
    )


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    data = getattr(args, "data", None)
    if data and Path(data).exists() and not Path(data).is_dir():
        print(f"yule {args.command}: --data names a folder (the data folder), and {data} is a file", file=sys.stderr)
        return 2
    try:
        return args.handler(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
