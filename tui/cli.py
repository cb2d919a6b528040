"""The ``yule`` command: play, host, join and the tools around them (simulate, verify).

Every subcommand's heavy imports (Textual, asyncio networking) happen inside its handler, so
``yule --help`` and ``yule simulate`` start fast.  Bad arguments get a one-line error, and so
does what a command cannot use (a number below its least, a file where a folder is wanted, a
file it cannot write, a port taken, a host that never answers); an app that would draw where it
cannot (a pipe, a file, ``TERM=dumb``) is not started, and says so.

Every sentence is in the language of the run (:mod:`yule.tui.words`), chosen before the parser
is built (its help is worded as it is built): ``--lang`` of ``yule play``, ``join``, ``watch`` and
``party``, else the one the player chose before (their profile, for ``play`` and ``join``), else
the system's.  ``--lang`` given to ``play`` or ``join`` is remembered in the profile.
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

from .words import LANGUAGES, N_, and_list, choose_language, set_language, t, title, tn

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
            option_strings, dest=dest, default=argparse.SUPPRESS, nargs=0, help=t("show the version and exit")
        )

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        print(f"yule {_version()}")
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, not a usage block."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, t("{prog}: error: {message} (see '{prog} --help')", prog=self.prog, message=message) + "\n")


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
            raise argparse.ArgumentTypeError(t("a whole number is wanted, not {text}", text=repr(text))) from None
        if number < least:
            raise argparse.ArgumentTypeError(t("must be at least {least}, not {number}", least=least, number=number))
        return number

    return whole


def _seconds(*, zero: bool) -> Callable[[str], float]:
    """An argparse ``type``: a number of seconds (or hours, minutes), more than 0 or (``zero``) at least 0."""

    def seconds(text: str) -> float:
        try:
            number = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(t("a number is wanted, not {text}", text=repr(text))) from None
        if not math.isfinite(number) or number < 0 or (number == 0 and not zero):
            if zero:
                raise argparse.ArgumentTypeError(t("must be at least 0, not {text}", text=text))
            raise argparse.ArgumentTypeError(t("must be more than 0, not {text}", text=text))
        return number

    return seconds


def _error(command: str, said: str) -> None:
    """Say on stderr what keeps ``yule COMMAND`` from going on (``said``: a sentence in the run's language)."""
    print(f"yule {command}: {said}", file=sys.stderr)


def not_a_terminal(command: str) -> bool:
    """Say so, and True, when the app cannot draw here: its output is not a terminal (a pipe, a
    file) or the terminal says it cannot move the cursor (``TERM=dumb``).  Not where Textual is
    told which driver draws (``TEXTUAL_DRIVER``: a web page's, as ``yule watch --web`` runs it, or
    a test's)."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return False
    if os.environ.get("TERM") == "dumb":
        why = t("this terminal (TERM=dumb) cannot draw it: run it in a terminal window (xterm, GNOME Terminal, iTerm2, Windows Terminal ...).")  # fmt: skip
    elif not (sys.stdin.isatty() and sys.stdout.isatty()):
        why = t("it draws in a terminal, and its input or output here is not one (a pipe or a file): run it in a terminal window.")  # fmt: skip
    else:
        return False
    print(f"yule {command}: {why}", file=sys.stderr)
    return True


def _folder_problem(path: Path, error: OSError) -> str:
    """Why ``path`` cannot be used as a folder (``error`` making or using it), in words."""
    if isinstance(error, (FileExistsError, NotADirectoryError)):
        file = next((p for p in (path, *path.parents) if p.exists() and not p.is_dir()), path)
        if file != path:
            return t("{file} is a file, where a folder is wanted (to hold {path})", file=file, path=path)
        return t("{file} is a file, where a folder is wanted", file=file)
    if isinstance(error, PermissionError):
        return t("this user may not write in {path}", path=path)
    return t("{path} cannot be used: {why}", path=path, why=_reason(error))


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
            _error("simulate", t("--{option} is for matches: give --seats or --games", option=option))
            return 2
    if args.record not in (None, "-") and (problem := _record_file_problem(Path(args.record))):
        print(f"yule simulate: {problem}", file=sys.stderr)
        return 2
    args.bot = args.bot or "random"
    if args.bot not in game.bots:
        said = t("{game} has the bots {bots}, not {bot}", game=title(game), bots=and_list(list(game.bots)), bot=repr(args.bot))  # fmt: skip
        print(f"yule simulate: {said}", file=sys.stderr)
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
    print(t("{game}, {players}, seed {seed}, {moves}", game=title(game), players=tn("{n} player", "{n} players", players),
            seed=seed, moves=tn("{n} move", "{n} moves", len(record["moves"]))))  # fmt: skip
    for line in game.report_lines(state, names):
        print(f"  {line}")
    if args.record:
        try:
            Path(args.record).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        except OSError as e:
            said = t("the record cannot be written to {file}: {why}", file=args.record, why=e.strerror or e)
            print(f"yule simulate: {said}", file=sys.stderr)
            return 1
        print(t("record written to {file}", file=args.record))
    return 0


def _record_file_problem(path: Path) -> str | None:
    """What keeps a record from being written to ``path``, in words (None: nothing seen yet)."""
    if path.is_dir():
        return t(
            "--record names a folder, {path}: give a file's name, such as {file}", path=path, file=path / "game.json"
        )
    if not path.parent.is_dir():
        return t("--record {path}: there is no folder {folder} to write it in", path=path, folder=path.parent)
    return None


def _simulate_match(args: argparse.Namespace, game: Any) -> int:
    """``yule simulate GAME --seats KIND,... --games K``: a match, its win shares."""
    from ..core.match import play_match

    def fail(message: str) -> int:
        print(f"yule simulate: {message}", file=sys.stderr)
        return 2

    if args.bot is not None or args.record is not None:
        return fail(t("--bot and --record are for one game; a match takes --seats and --records"))
    kinds = [k.strip() for k in (args.seats or args.bot or "random").split(",") if k.strip()]
    players = args.players or max(len(kinds), game.min_players)
    if not kinds or len(kinds) > players:
        return fail(t("--seats names {bots} for {seats}", bots=tn("{n} bot", "{n} bots", len(kinds)),
                      seats=tn("{n} seat", "{n} seats", players)))  # fmt: skip
    kinds += [kinds[-1]] * (players - len(kinds))
    unknown = sorted({k for k in kinds if k not in game.bots})
    if unknown:
        return fail(t("{game} has the bots {bots}, not {bot}", game=title(game), bots=and_list(list(game.bots)),
                      bot=and_list(unknown)))  # fmt: skip
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
            print(
                "\r" + t("game {number} of {games}", number=number + 1, games=games),
                end="",
                file=sys.stderr,
                flush=True,
            )

    try:
        result = play_match(
            game, kinds, games, seed, think=args.think, iterations=args.iterations, keep_records=False, on_record=done
        )
    except ValueError as e:
        return fail(str(e))
    except OSError as e:
        if progress:
            print(file=sys.stderr)
        said = t("the records cannot be written to {folder}: {why}", folder=folder, why=e.strerror or e)
        print(f"yule simulate: {said}", file=sys.stderr)
        return 1
    if progress:
        print(file=sys.stderr)
    shares = result.win_share
    if args.json:
        out = {"game": game.name, "games": games, "players": players, "seats": kinds, "win_share": shares}
        print(json.dumps(out))
        return 0
    print(t("{game}, {players}, {games}, seed {seed}; seats: {seats}", game=title(game),
            players=tn("{n} player", "{n} players", players), games=tn("{n} game", "{n} games", games), seed=seed,
            seats=", ".join(kinds)))  # fmt: skip
    heads = (t("bot"), t("seats"), t("win share"), t("95% interval"), t("decision p50"), "p95")
    widths = [max(width, len(head)) for width, head in zip((8, 5, 10, 15, 13, 8), heads, strict=True)]
    wk, ws, wshare, wint, w50, w95 = widths
    print(
        f"  {heads[0]:<{wk}} " + " ".join(f"{head:>{width}}" for head, width in zip(heads[1:], widths[1:], strict=True))
    )
    for kind in result.seat_counts:
        low, high = result.interval(kind)
        p50, p95 = result.percentile(kind, 0.5), result.percentile(kind, 0.95)
        times = (
            f"{p50 * 1000:>{w50 - 2}.1f}ms {p95 * 1000:>{w95 - 2}.0f}ms" if p50 is not None and p95 is not None else ""
        )
        between = t("{low} to {high}", low=format(low, ".3f"), high=format(high, ".3f"))
        print(f"  {kind:<{wk}} {result.seat_counts[kind]:>{ws}} {shares[kind]:>{wshare}.3f} {between:>{wint}} {times}")
    print("  " + t("fair share: {share}", share=format(1 / players, ".3f")))
    if folder is not None:
        print(t("records written to {folder}", folder=folder))
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
        return None, t("cannot read: {why}", why=e.strerror if isinstance(e, OSError) else e)
    except json.JSONDecodeError as e:
        return None, t("not JSON: {why}", why=e)
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
        _error("replay", t("{game} has no table in the terminal yet", game=record["game"]))
        return 2
    players = len(record["players"])
    if args.seat is not None and not 0 <= args.seat < players:
        _error("replay", t("this record has seats 0 to {last}", last=players - 1))
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
        raise argparse.ArgumentTypeError(t("bad port in {text}", text=repr(text)))
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
        raise argparse.ArgumentTypeError(
            t("a port is a number from 1 to 65535 (0: any free one), not {text}", text=repr(text))
        )
    return int(text)


def _run_server(command: str, serve: Coroutine[Any, Any, None], stopped: str, data: Path | None = None) -> int:
    """Run a server until it is stopped; a data folder it cannot use or a port it cannot
    listen on is a one-line error."""
    import asyncio
    import sqlite3

    from ..netplay.host.store import DataFolderError

    if data is not None:
        try:
            data.mkdir(mode=0o700, parents=True, exist_ok=True)  # a new data folder is its owner's only
        except OSError as e:
            serve.close()
            _error(command, t("cannot use the data folder: {why}", why=_folder_problem(data, e)))
            return 1
    try:
        asyncio.run(serve)
    except DataFolderError as e:
        _error(command, t("{why}: give another --data folder, or let this user write there", why=e))
        return 1
    except sqlite3.Error as e:
        if data is None:
            said = t("the database in the data folder cannot be used ({why}): move it aside, or give another --data folder", why=e)  # fmt: skip
        else:
            said = t("the database in {folder} cannot be used ({why}): move it aside, or give another --data folder",
                     folder=data, why=e)  # fmt: skip
        print(f"yule {command}: {said}", file=sys.stderr)
        return 1
    except OSError as e:
        _error(command, t("cannot listen: {why}", why=e.strerror or e))
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
        if command == "host":
            said = t("this computer cannot serve the app over SSH (it has no pseudo terminals, as on Windows): run "
                     "'yule ssh-serve --host HOST:PORT' on a Linux or macOS machine of the LAN, HOST:PORT being the "
                     "game host's address and port, and start this host without --ssh.")  # fmt: skip
        else:
            said = t("this computer cannot serve the app over SSH (it has no pseudo terminals, as on Windows): run "
                     "'yule ssh-serve --host HOST:PORT' on a Linux or macOS machine of the LAN, HOST:PORT being the "
                     "game host's address and port.")  # fmt: skip
        print(f"yule {command}: {said}", file=sys.stderr)
        return True
    return False


def cmd_host(args: argparse.Namespace) -> int:
    import gc
    import logging

    if args.ssh is not None and _cannot_serve_ssh("host"):
        return 1

    from ..netplay import default_data_dir, host_port
    from ..netplay.host.connection import Limits
    from ..netplay.host.server import Host

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    data = Path(args.data) if args.data else default_data_dir()

    async def serve() -> None:
        ssh = None
        if args.ssh is not None:
            from .ssh.process import SSHProcess
            from .ssh.serve import serving_lines

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
        print(t("Yule host {name} is listening on port {port}; data in {folder}", name=repr(host.name), port=port,
                folder=host.data_dir), flush=True)  # fmt: skip
        print(t("Players can join at: {addresses}", addresses=", ".join(host_port(a, port) for a in addresses)),
              flush=True)  # fmt: skip
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

    return _run_server("host", serve(), t("Yule host stopped."), data)


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
    from .ssh.serve import SSHServe, serving_lines

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

    return _run_server("ssh-serve", serve(), t("Yule SSH server stopped."))


def cmd_ssh_names(args: argparse.Namespace) -> int:
    from ..netplay import default_data_dir
    from .ssh.names import NameBook, NamesError
    from .text import literal

    data = Path(args.data) if args.data else default_data_dir()
    book = NameBook(data)
    try:
        if args.release is not None:
            if not book.release(args.release):
                _error("ssh-names", t("no SSH key holds the name {name} here.", name=literal(args.release)))
                return 1
            print(t("{name} is free again (its seats here are forgotten): the next guest to come in under it with an "
                    "SSH key holds it.", name=literal(args.release)))  # fmt: skip
            return 0
        if args.release_key is not None:
            names = book.release_key(args.release_key)
            if not names:
                _error("ssh-names", t("the key {key} holds no name here.", key=literal(args.release_key)))
                return 1
            print(t("Free again (their seats here are forgotten): {names}; the key {key} is a stranger here from now on.",
                    names=and_list([literal(n) for n in names]), key=literal(args.release_key)))  # fmt: skip
            return 0
        holders = book.holders()
    except NamesError as e:
        print(f"yule ssh-names: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        _error("ssh-names", t("cannot use the data folder: {why}", why=_folder_problem(data, e)))
        return 1
    if not holders:
        print(t("No SSH key holds a name here yet (data folder {folder}).", folder=data))
    width = max((len(literal(h.name)) for h in holders), default=0)
    for h in holders:
        seen = t("first seen {first}, last used {last}", first=h.first_seen, last=h.last_used)
        given = "  " + t("(given as {name} was taken)", name=literal(h.alias_of)) if h.alias_of else ""
        print(f"{literal(h.name):<{width}}  {h.key}  {seen}{given}")
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

    from ..netplay.client.botplay import play_games

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
        winners = and_list([result.players[s] for s in result.winners]) or "-"
        print(t("table {table} game {number}: {moves}, won by {winners}", table=result.table, number=result.game_no,
                moves=tn("{n} move", "{n} moves", result.moves), winners=winners))  # fmt: skip
    for failure in summary.failures:
        print(t("FAILED {failure}", failure=failure))
    done = len(summary.finished)
    print(tn("{done} of {n} game finished in {seconds} s", "{done} of {n} games finished in {seconds} s", args.games,
             done=done, seconds=format(summary.elapsed, ".1f")))  # fmt: skip
    return 0 if done == args.games and not summary.failures else 1


async def _no_host_at(host: str, port: int) -> str | None:
    """Why no Yule host can be played at ``host:port``, in words (None: one answers there)."""
    import socket

    from ..netplay.client import Client, HostError
    from .refusals import refusal

    client = Client(host, port, "Yule", reconnect=False)
    try:
        await client.connect()
    except socket.gaierror:
        return t("no host called {host} is known here: check the name, or give its address (yule hosts lists the hosts found)", host=host)  # fmt: skip
    except OSError as e:
        return t("nothing answers at {host}:{port} ({why}): is yule host running there?", host=host, port=port, why=_reason(e))  # fmt: skip
    except HostError as e:
        return t("{host}:{port} answers, but: {why}", host=host, port=port, why=refusal(e.code, e.params, e.message))
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
    from ..netplay.host.store import DataFolderError, Store

    try:
        data.mkdir(mode=0o700, parents=True, exist_ok=True)  # a new data folder is its owner's only
        Store(data).close()
    except OSError as e:
        return t("cannot use the data folder: {why}", why=_folder_problem(data, e))
    except DataFolderError as e:
        return t("{why}: give another --data folder, or let this user write there", why=e)
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
            return t("cannot listen on port {port}: {why} (another program has it?): give another --port", port=port, why=e.strerror or e)  # fmt: skip
    return None


def cmd_watch(args: argparse.Namespace) -> int:
    owner = None
    if args.owner is not None:  # the host's owner's TV: where the host listens, from its data folder
        from ..netplay import default_data_dir
        from ..netplay.host.owner import OwnerFileError, read_owner_file

        owner = Path(args.owner) if args.owner else default_data_dir()
        try:
            where = read_owner_file(owner)
        except OwnerFileError as e:
            _error("watch", t("{why} (--owner is for the host's machine, with the host's --data folder)", why=e))
            return 2
        host, port = args.address or (where.address, where.port)
    elif args.address is None:
        _error("watch", t("give the host's address, HOST[:PORT] (or --owner on the host's machine)"))
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
        if args.lang is not None:  # each page's terminal yule watch speaks it too (a plain word: any shell takes it)
            command += f" --lang {args.lang}"
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
        print(t("No Yule hosts found on the LAN (a typed HOST:PORT always works)."))
    for host in found:
        ssh = (
            "  " + t("(or over SSH: {line})", line=ssh_line(host.ssh_port, "NAME", host.address))
            if host.ssh_port
            else ""
        )
        print(f"{host.name}  {host.address}:{host.port}{ssh}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The ``yule`` command's parser, its help in the language spoken now (set it first)."""
    from ..core.bots import BOT_LEVELS

    _argparse_speaks()
    games = _game_names()
    parser = _Parser(
        prog="yule",
        description=t("Holiday table games over a LAN, each player in their own terminal."),
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("play", help=t("play now: a host on this machine, you and bots at a table"))
    p.add_argument("game", nargs="?", choices=games, help=t("the game (a menu when left out)"))
    p.add_argument("--players", type=_whole(1), help=t("seats at the table, you included"))
    p.add_argument("--seed", type=int, help=t("seed for the shuffle and the bots"))
    p.add_argument("--name", help=t("your name at the table"))
    p.add_argument(
        "--bots",
        choices=tuple(BOT_LEVELS),
        help=t(
            "the bots' level: easy (random moves), kind (sensible, often not the best), normal (greedy), "
            "hard (they search ahead) or adapting (weaker or stronger after each game, to fit the players); "
            "asked in the game menu when left out, else normal"
        ),
    )
    _lang_option(p, remembered=True)
    p.set_defaults(handler=cmd_play)

    p = sub.add_parser("join", help=t("join a host on the LAN: its lobby, or a table by its code"))
    p.add_argument(
        "address", nargs="?", metavar="HOST[:PORT]", help=t("the host (the hosts found on the LAN when left out)")
    )
    p.add_argument("--name", help=t("your name at the table, this time (else the one asked the first time)"))
    p.add_argument("--code", help=t("a private table's join code: sit at that table at once"))
    _lang_option(p, remembered=True)
    p.set_defaults(handler=cmd_join)

    p = sub.add_parser(
        "simulate",
        help=t("bots play a whole game and print the result, or a match of many games (--seats, --games)"),
        description=t(
            "One game with the same bot on every seat (--bot), or a match: --games games with "
            "the bots named by --seats, the seats turning one place each game so every bot plays every "
            "position; it prints each bot's win share (a shared win counts 1/t; the fair share is 1/N)."
        ),
    )
    p.add_argument("game", choices=games)
    p.add_argument("--players", type=_whole(1), help=t("number of seats"))
    p.add_argument("--seed", type=int, help=t("the seed (random when left out; printed)"))
    p.add_argument(
        "--bot", help=t("one game: the bot on every seat: random, kind, greedy, ismcts or adapting (default random)")
    )
    p.add_argument("--record", metavar="FILE", help=t("one game: write its record to FILE ('-' for stdout)"))
    p.add_argument(
        "--seats",
        metavar="KIND,...",
        help=t(
            "a match: the bot at each seat, e.g. ismcts,greedy,greedy,greedy (a short list is "
            "filled with its last bot); adapting bots change strength after each game by how the other seats did"
        ),
    )
    p.add_argument("--games", type=_whole(1), help=t("a match: games to play (default 1)"))
    p.add_argument(
        "--think",
        type=_seconds(zero=False),
        metavar="SECONDS",
        help=t("a match: the ismcts bot's think time a move (default 1)"),
    )
    p.add_argument(
        "--iterations",
        type=_whole(1),
        metavar="N",
        help=t("a match: the ismcts bot's searches a move, instead of a time"),
    )
    p.add_argument("--records", metavar="DIR", help=t("a match: write each game's record to DIR"))
    p.add_argument("--json", action="store_true", help=t("a match: print the result as one JSON object"))
    p.set_defaults(handler=cmd_simulate)

    p = sub.add_parser("verify", help=t("replay game records and check them (OK or FAIL each)"))
    p.add_argument("files", nargs="+", metavar="FILE", help=t("record files ('-' for stdin)"))
    p.set_defaults(handler=cmd_verify)

    p = sub.add_parser("replay", help=t("step through a game record at its table, from any seat"))
    p.add_argument("file", metavar="FILE", help=t("the record file (checked like yule verify first)"))
    p.add_argument(
        "--seat",
        type=int,
        metavar="N",
        help=t("see seat N's view (0 is the record's first player; default: public)"),
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
        help=t("serve tables to players on the LAN"),
        description=t(
            "Serve tables to players on the LAN; every move is saved, so a restart loses nothing. The "
            "evening's standings at this host: 'yule evening' prints them, exports them (CSV, Markdown) and starts "
            "a new evening, also while the host runs."
        ),
    )
    p.add_argument("--bind", metavar="ADDR", help=t("address to listen on (default: every interface)"))
    p.add_argument(
        "--port", type=_port_number, default=DEFAULT_PORT, help=t("TCP port (default {port})", port=DEFAULT_PORT)
    )
    p.add_argument("--data", metavar="DIR", help=t("data folder (database and finished game records)"))
    p.add_argument(
        "--away-timeout",
        type=_seconds(zero=True),
        default=120.0,
        metavar="S",
        help=t("seconds a player may be away before a bot plays for them (default 120)"),
    )
    p.add_argument(
        "--bot-workers",
        type=_whole(0),
        default=max(1, (os.cpu_count() or 2) - 1),
        metavar="N",
        help=t(
            "processes the bots think in, tables where people play first, then shared fairly "
            "between the addresses the tables were made from (default: one fewer than this "
            "machine's processors, at least 1)"
        ),
    )
    p.add_argument(
        "--keep-finished",
        type=_seconds(zero=True),
        default=KEEP_FINISHED_HOURS,
        metavar="HOURS",
        help=t(
            "hours a finished table stays in the lobby, then it is forgotten once nobody is at "
            "it; its records are kept (default {hours})",
            hours=format(KEEP_FINISHED_HOURS, "g"),
        ),
    )
    p.add_argument(
        "--expire-waiting",
        type=_seconds(zero=False),
        default=EXPIRE_WAITING_MINUTES,
        metavar="MINUTES",
        help=t(
            "minutes a table waiting for players stays in the lobby with nobody at it, then it is "
            "forgotten and its number never given again (default {minutes})",
            minutes=format(EXPIRE_WAITING_MINUTES, "g"),
        ),
    )
    p.add_argument(
        "--max-connections",
        type=_whole(1),
        default=MAX_CONNECTIONS,
        metavar="N",
        help=t("connections the host holds at once; more are refused (default {n})", n=MAX_CONNECTIONS),
    )
    p.add_argument(
        "--per-address",
        type=_whole(1),
        default=CONNECTIONS_PER_ADDRESS,
        metavar="N",
        help=t("connections from one address at once (default {n})", n=CONNECTIONS_PER_ADDRESS),
    )
    p.add_argument("--no-discovery", action="store_true", help=t("do not advertise the host on the LAN"))
    p.add_argument(
        "--ssh",
        type=_port_number,
        metavar="PORT",
        help=t("also serve the app over SSH on PORT, for guests with nothing installed"),
    )
    _ssh_options(p, "--ssh-")
    p.set_defaults(handler=cmd_host)

    from ..netplay import DEFAULT_SSH_PORT, DEFAULT_WEB_PORT

    p = sub.add_parser("ssh-serve", help=t("serve the app over SSH: guests play with just an SSH client"))
    p.add_argument(
        "--host",
        type=_host_port,
        default=("127.0.0.1", DEFAULT_PORT),
        metavar="HOST:PORT",
        help=t("the game host the sessions play at (default: this machine's, 127.0.0.1:{port})", port=DEFAULT_PORT),
    )
    p.add_argument("--bind", metavar="ADDR", help=t("address to listen on (default: every interface)"))
    p.add_argument(
        "--port",
        type=_port_number,
        default=DEFAULT_SSH_PORT,
        help=t("SSH port (default {port})", port=DEFAULT_SSH_PORT),
    )
    p.add_argument("--data", metavar="DIR", help=t("data folder (the SSH host key, each SSH user's seats)"))
    _ssh_options(p, "--")
    p.set_defaults(handler=cmd_ssh_serve)

    p = sub.add_parser(
        "ssh-names", help=t("the SSH guests' names and the keys that hold them; release one, or a key's")
    )
    p.add_argument("--data", metavar="DIR", help=t("data folder of the SSH server (default: the usual one)"))
    released = p.add_mutually_exclusive_group()
    released.add_argument(
        "--release", metavar="NAME", help=t("forget who holds NAME and its seats (a guest's new key)")
    )
    released.add_argument(
        "--release-key",
        metavar="FINGERPRINT",
        help=t("forget every name the key FINGERPRINT holds, and their seats"),
    )
    p.set_defaults(handler=cmd_ssh_names)

    p = sub.add_parser(
        "evening",
        help=t("the evening's standings at a host: print them, export them (CSV, Markdown), start a new evening"),
        description=t(
            "The standings of the evening going on at the host whose data folder this is (it may "
            "be running): one row a person, with their games, wins (a shared win counts a share), places and "
            "points by game. An evening starts with the first game that ends, and lasts until --new."
        ),
    )
    p.add_argument("--data", metavar="DIR", help=t("the host's data folder (default: the usual one)"))
    p.add_argument("--export", metavar="FILE", help=t("write the standings to FILE: .csv or .md (Markdown)"))
    p.add_argument("--no-bots", action="store_true", help=t("leave the bots out"))
    p.add_argument(
        "--new", action="store_true", help=t("then start a new evening (the last one stays in the database)")
    )
    p.set_defaults(handler=cmd_evening)

    p = sub.add_parser(
        "requests",
        help=t("on the host's machine: the requests for away players' seats waiting there; answer one"),
        description=t(
            "A newcomer asking for the seat of a player who is away gets it only with a yes from "
            "another person: someone at the table, the table's creator, or the host's owner. Where nobody at the "
            "table can answer, this lists the requests waiting at the running host whose data folder this is, "
            "and --yes or --no answers one (the table's log says the host's owner said yes)."
        ),
    )
    p.add_argument("--data", metavar="DIR", help=t("the host's data folder (default: the usual one)"))
    answer = p.add_mutually_exclusive_group()
    answer.add_argument("--yes", metavar="TABLE/REQUEST", help=t("let the newcomer of that request take the seat"))
    answer.add_argument("--no", metavar="TABLE/REQUEST", help=t("refuse that request"))
    p.set_defaults(handler=cmd_requests)

    p = sub.add_parser("bots", help=t("bots playing games through a host, one connection per seat"))
    p.add_argument("address", type=_host_port, metavar="HOST:PORT")
    p.add_argument("--game", required=True, choices=games)
    p.add_argument("--players", type=_whole(1), required=True, help=t("seats at each table"))
    p.add_argument("--games", type=_whole(1), default=1, help=t("games to play in all (default 1)"))
    p.add_argument("--tables", type=_whole(1), default=1, help=t("tables playing at a time (default 1)"))
    p.add_argument("--bot", default="random", help=t("bot on every seat: random, greedy or ismcts (the strong one)"))
    p.add_argument(
        "--delay",
        type=_seconds(zero=True),
        default=0.0,
        metavar="SECONDS",
        help=t("each bot's pause before a move"),
    )
    p.add_argument("--seed", type=int, help=t("seed for the bots' choices"))
    p.set_defaults(handler=cmd_bots)

    p = sub.add_parser("party", help=t("organiser mode: run a whole gift exchange from this terminal"))
    p.add_argument("--data", metavar="DIR", help=t("data folder (the host's database; the party resumes from it)"))
    p.add_argument("--bind", metavar="ADDR", help=t("address the host listens on, for TVs (default: every interface)"))
    p.add_argument(
        "--port",
        type=_port_number,
        help=t("TCP port (default {port}, else any free one when it is taken)", port=DEFAULT_PORT),
    )
    p.add_argument(
        "--export",
        metavar="DIR",
        help=t("write the last finished party's record, CSV, Markdown and a text to print to DIR, and quit"),
    )
    _lang_option(p, remembered=False)
    p.set_defaults(handler=cmd_party)

    p = sub.add_parser(
        "watch",
        help=t("the TV view of the room's tables: a spectator screen for the big screen"),
        description=t(
            "The TV follows the room: it starts at the table named (or the newest it may watch) and "
            "moves on by itself to the newest table started since, never during a game: an open table, or any "
            "table on the host's owner's TV (--owner), whose evening's standings count every game."
        ),
    )
    p.add_argument("address", type=_host_port, nargs="?", metavar="HOST[:PORT]")
    p.add_argument("--table", type=_whole(1), help=t("the table to start at (default: the newest)"))
    p.add_argument("--code", help=t("the join code of a private table to start at (names the table by itself)"))
    p.add_argument(
        "--owner",
        nargs="?",
        const="",
        metavar="DATA",
        help=t(
            "on the host's machine: the host's owner's TV (the host's data folder DATA, by default the usual "
            "one), which follows private tables too and counts every game in the standings"
        ),
    )
    p.add_argument("--web", action="store_true", help=t("serve the TV view as a web page, for a TV's browser"))
    p.add_argument(
        "--port",
        type=_port_number,
        default=DEFAULT_WEB_PORT,
        help=t("with --web: the page's port (default {port})", port=DEFAULT_WEB_PORT),
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument("--lan", action="store_true", help=t("with --web: serve the page to the LAN (every interface)"))
    where.add_argument(
        "--bind", metavar="ADDR", help=t("with --web: address to listen on (default: this machine only)")
    )
    _lang_option(p, remembered=False)
    p.set_defaults(handler=cmd_watch)

    p = sub.add_parser("hosts", help=t("list Yule hosts found on the LAN"))
    p.add_argument("--timeout", type=_seconds(zero=False), default=2.0, help=t("seconds to listen (default 2)"))
    p.set_defaults(handler=cmd_hosts)
    return parser


def _lang_option(p: argparse.ArgumentParser, *, remembered: bool) -> None:
    """``--lang``: the language of the run (``remembered``: and of the next ones, in the player's profile)."""
    if remembered:
        said = t("the language to speak: en (English), fr (French) or de (German); remembered for next time")
    else:
        said = t("the language to speak: en (English), fr (French) or de (German)")
    p.add_argument("--lang", choices=tuple(LANGUAGES), help=said)


def _ssh_options(p: argparse.ArgumentParser, prefix: str) -> None:
    """The SSH server's options: ``--password``, ``--max-sessions``... for ``yule ssh-serve``,
    ``--ssh-password``, ``--ssh-max-sessions``... for ``yule host``."""
    from ..netplay import MAX_SSH_SESSIONS, SSH_IDLE_MINUTES, SSH_SESSIONS_PER_ADDRESS

    p.add_argument(
        f"{prefix}password",
        metavar="WORD",
        default=os.environ.get(PARTY_WORD_VARIABLE),
        help=t(
            "the party word SSH guests must type (default: none asked; or set {variable}, "
            "which other users cannot see as they can a command's arguments)",
            variable=PARTY_WORD_VARIABLE,
        ),
    )
    p.add_argument(
        f"{prefix}max-sessions",
        type=_whole(1),
        default=MAX_SSH_SESSIONS,
        metavar="N",
        help=t("SSH sessions at once, an eighth of them kept for guests coming back (default {n})", n=MAX_SSH_SESSIONS),
    )
    p.add_argument(
        f"{prefix}per-address",
        type=_whole(1),
        metavar="N",
        help=t(
            "SSH sessions from one address at once, an IPv6 one by its /64 (default: three eighths of the "
            "sessions, {n} of {most}; a guest coming back may pass it)",
            n=SSH_SESSIONS_PER_ADDRESS,
            most=MAX_SSH_SESSIONS,
        ),
    )
    p.add_argument(
        f"{prefix}idle-minutes",
        type=_seconds(zero=False),
        default=SSH_IDLE_MINUTES,
        metavar="M",
        help=t(
            "close an SSH session after M minutes without a key press, never while its guest plays at a table, "
            "warning them first (default {minutes})",
            minutes=format(SSH_IDLE_MINUTES, "g"),
        ),
    )


ARGPARSE_SAYS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
"""What argparse itself says (its headings, its errors), for the catalogue: it asks for each
through its module's ``_``, which :func:`_argparse_speaks` points at the run's language."""


def _argparse_speaks() -> None:
    """Let argparse say its own words (``usage:``, ``options``, ``invalid choice``...) in the
    language spoken now: it asks ``argparse._`` (``gettext.gettext``, the system's catalogues)
    for each as it says it; Yule's catalogue answers instead.  In English nothing changes."""
    argparse._ = t  # type: ignore[attr-defined]


SPOKEN = ("play", "join", "watch", "party")
"""The commands that take ``--lang`` ..."""
REMEMBERED = ("play", "join")
"""... and those that remember it, in the player's profile (:mod:`yule.tui.profile`)."""


def _asked_language(argv: list[str]) -> tuple[str | None, str | None]:
    """The command of ``argv`` and the ``--lang`` it asks for, found before the parser is built
    (its help is worded as it is built).  A language Yule does not speak is None here: the
    parser refuses it."""
    command = asked = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        if command is None and not word.startswith("-"):
            command = word
        elif word == "--lang" and i + 1 < len(argv):
            asked = argv[i + 1]
        elif word.startswith("--lang="):
            asked = word.partition("=")[2]
    return command, asked if command in SPOKEN and asked in LANGUAGES else None


def _speak(argv: list[str]) -> None:
    """Speak the run's language from now on: ``--lang``, else the one the player chose before
    (``play`` and ``join``: their profile), else the system's."""
    command, asked = _asked_language(argv)
    remembered = None
    if command in REMEMBERED and asked is None:
        from .profile import Profile

        remembered = Profile.load().lang
    set_language(choose_language(asked, remembered))


def _remember_language(args: argparse.Namespace) -> None:
    """``--lang`` given: the run speaks it (also when the parser found it under an abbreviation),
    and ``play`` and ``join`` remember it in the player's profile."""
    language = getattr(args, "lang", None)
    if language is None:
        return
    set_language(language)
    if args.command in REMEMBERED:
        from .profile import Profile

        profile = Profile.load()
        if profile.lang != language:
            profile.lang = language
            profile.save()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    _speak(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    _remember_language(args)
    data = getattr(args, "data", None)
    if data and Path(data).exists() and not Path(data).is_dir():
        _error(args.command, t("--data names a folder (the data folder), and {data} is a file", data=data))
        return 2
    try:
        return args.handler(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
