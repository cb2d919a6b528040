"""How strong the search bot (``ismcts``) is: its win share against greedy and random bots.

For each game, one ``ismcts`` seat plays ``--games`` games against greedy bots, and as many
against random bots, the seats turning every game (the path of ``yule simulate --seats``).
The table gives its win share with a 95% interval, the fair share (1/N), their ratio, the
goal of issue 16 for that ratio, and how long its decisions took at the strength used.  A
second table times its decisions at the default strength (``DEFAULT_THINK`` a decision at
most), over ``--timing-games`` games against greedy bots.  How far White Rabbit's goal lies from
what a seat's choices can win at all: ``bench/white_rabbit_ceiling.py``.

Run by hand from the repository root (on a quiet machine, or with ``--iterations`` so that
the strength does not depend on the load)::

    python bench/strength.py                          # 200 games each, 0.1 s a decision
    python bench/strength.py --iterations 150 --jobs 2
    python bench/strength.py --games 40 --only elf --opponents greedy
    python bench/strength.py --compare --only elf --new-iterations 60 --old-iterations 120
    python bench/strength.py --compare --only elf --new-iterations 100 --old-iterations 100 --old-afresh

``--compare`` prints issue 25's table instead: the search at the new default strength and at
the old one (one second a decision), each against greedy bots and head to head, with the
decision times at those strengths.  Iteration counts may stand in for the think times (what
each does in its time on the machine at hand), so that the load does not move the strength.
``--old-afresh`` makes the old search start afresh at every decision, as it did before issue 25:
at the same iterations, that measures what keeping the tree across decisions is worth.
``--rows`` plays only some of the table's rows (``new``: new against greedy, ``old``: old against
greedy, ``h2h``: head to head).  Each row is seeded by its own name, so a row played alone gives
what it gives in the whole table (with the same options): a long comparison can be run a row at
a time.  ``--calibrate`` prints what to stand in for a think time on the machine at hand: the
iterations of the decisions that ran to their deadline (the others stopped early, the move
settled), over ``--timing-games`` games against greedy bots at ``--new-think`` seconds::

    python bench/strength.py --calibrate --timing-games 6 --only white-rabbit elf
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

from yule.core.ismcts import DEFAULT_THINK, SEARCHING, SearchBot
from yule.core.match import MatchResult, play_match
from yule.core.registry import get_game

GAMES = {"white-elephant": 4, "gift-list": 4, "elf": 3, "white-rabbit": 3}
"""The games with a search bot, and the seats each is measured at."""
GOALS = {"white-elephant": 1.5, "gift-list": 1.5, "elf": 1.5, "white-rabbit": 1.2}
"""Issue 16's goals: the search bot's share against greedy bots over the fair share."""


Strength = tuple[float | None, int | None, bool]
"""A search bot's strength: (think time, iterations), one of them set; and whether it keeps what
it learned at one decision for the next (today's does; before issue 25 it searched afresh)."""


def _searcher(strength: Strength) -> Callable[[random.Random], SearchBot]:
    think, iterations, reuse = strength
    return partial(SearchBot, think=think if think is not None else DEFAULT_THINK, iterations=iterations, reuse=reuse)


def _part(
    game: str,
    kinds: list[str],
    games: int,
    first: int,
    seed: str,
    think: float | None,
    iterations: int | None,
    strengths: dict[str, Strength] | None = None,
) -> MatchResult:
    makers = {kind: _searcher(strength) for kind, strength in (strengths or {}).items()}
    return play_match(
        get_game(game),
        kinds,
        games,
        seed,
        think=think,
        iterations=iterations,
        keep_records=False,
        first=first,
        makers=makers,
    )


def match(
    game: str,
    kinds: list[str],
    games: int,
    seed: str,
    think: float | None,
    iterations: int | None,
    jobs: int,
    strengths: dict[str, Strength] | None = None,
) -> MatchResult:
    """``games`` games of ``kinds``, cut in ``jobs`` parts played at the same time; the kinds
    of ``strengths`` are search bots of those strengths."""
    if jobs <= 1:
        return _part(game, kinds, games, 0, seed, think, iterations, strengths)
    sizes = [games // jobs + (i < games % jobs) for i in range(jobs)]
    starts = [sum(sizes[:i]) for i in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        futures = [
            pool.submit(_part, game, kinds, n, start, seed, think, iterations, strengths)
            for n, start in zip(sizes, starts, strict=True)
        ]
        parts = [f.result() for f in futures]
    total = parts[0]
    for part in parts[1:]:
        total.add(part)
    return total


class Noted(SearchBot):
    """The search bot, noting each decision's iterations and seconds in ``noted``."""

    def __init__(self, rng: random.Random, *, noted: list[tuple[int, float]], think: float) -> None:
        super().__init__(rng, think=think)
        self.noted = noted

    def choose(self, view: Any) -> Any:
        result = self.search(view, time.perf_counter())
        self.noted.append((result.iterations, result.seconds))
        return result.best.move


def calibrate(names: list[str], games: int, think: float, seed: str) -> None:
    """For each game, the iterations a decision of ``think`` seconds makes when it runs to its
    deadline: what ``--new-iterations`` stands in for on this machine."""
    print(f"Iterations a decision of {think:g} s, against greedy bots, {games} game(s) each, one core:")
    print(f"{'game':<15} {'decisions':>9} {'to the end':>10} {'their median':>12} {'all, median':>11}")
    for game in names:
        noted: list[tuple[int, float]] = []
        kinds = ["ismcts"] + ["greedy"] * (GAMES[game] - 1)
        makers = {"ismcts": partial(Noted, noted=noted, think=think)}
        play_match(get_game(game), kinds, games, f"{seed}/{game}/calibrate", keep_records=False, makers=makers)
        full = [n for n, seconds in noted if seconds >= 0.9 * SEARCHING * think]
        print(
            f"{game:<15} {len(noted):>9} {len(full):>10} {statistics.median(full) if full else 0:>12.0f} "
            f"{statistics.median(n for n, _ in noted) if noted else 0:>11.0f}",
            flush=True,
        )


def ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds * 1000:.0f} ms"


def words(strength: Strength) -> str:
    think, iterations, reuse = strength
    return (f"{iterations} iterations" if iterations is not None else f"{think:g} s") + ("" if reuse else ", afresh")


ROWS = {"new": "new/greedy", "old": "old/greedy", "h2h": "new vs old"}
"""``--rows``' names for the rows of the comparison."""


def compare(
    names: list[str], games: int, new: Strength, old: Strength, seed: str, jobs: int, only: list[str] | None = None
) -> None:
    """Issue 25's table: the search at the new default strength (``new``) and at the old one
    (``old``, one second a decision as before issue 25), each against greedy bots, then head to
    head (one seat each, greedy bots in the others), ``games`` games a row, seats turning every
    game; ``only``: those rows (names of :data:`ROWS`)."""
    print(f"new: the search at {words(new)} a decision; old: at {words(old)}; {games} games a row")
    header = (
        f"{'game':<15} {'row':<16} {'N':>2} {'share':>6} {'95% interval':>15} {'fair':>6} {'ratio':>6}"
        f"  {'decision p50':>12} {'p95':>8}"
    )
    print(header)
    print("-" * len(header))
    strengths = {"new": new, "old": old}
    for game in names:
        players = GAMES[game]
        rows = [
            ("new/greedy", ["new"] + ["greedy"] * (players - 1), ["new"]),
            ("old/greedy", ["old"] + ["greedy"] * (players - 1), ["old"]),
            ("new vs old", ["new", "old"] + ["greedy"] * (players - 2), ["new", "old"]),
        ]
        for label, kinds, shown in rows:
            if only is not None and label not in {ROWS[row] for row in only}:
                continue
            started = time.perf_counter()
            result = match(game, kinds, games, f"{seed}/{game}/{label}", None, None, jobs, strengths)
            for kind in shown:
                share = result.win_share[kind]
                low, high = result.interval(kind)
                fair = 1 / players
                p50, p95 = result.percentile(kind, 0.5), result.percentile(kind, 0.95)
                row = label if len(shown) == 1 else f"{label}: {kind}"
                print(
                    f"{game:<15} {row:<16} {players:>2} {share:>6.3f}  {low:.3f} to {high:.3f} {fair:>6.3f} "
                    f"{share / fair:>5.2f}x  {ms(p50):>12} {ms(p95):>8}   ({time.perf_counter() - started:.0f} s)",
                    flush=True,
                )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per game and opponent (default 200; 0: none)")
    strength = parser.add_mutually_exclusive_group()
    strength.add_argument("--think", type=float, help="seconds a decision for the win-share runs (default 0.1)")
    strength.add_argument("--iterations", type=int, help="iterations a decision instead of a think time")
    parser.add_argument(
        "--timing-games", type=int, default=2, help="games per game timed at the default strength (default 2; 0: none)"
    )
    parser.add_argument("--opponents", nargs="+", default=["greedy", "random"], choices=["greedy", "random"])
    parser.add_argument("--only", nargs="+", choices=sorted(GAMES), help="only these games")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing at once (default 1)")
    parser.add_argument("--seed", default="strength", help="the match seed (default 'strength')")
    parser.add_argument(
        "--compare",
        action="store_true",
        help="issue 25's table instead: the search at the new default against the old, each against greedy bots "
        "and head to head (--new-*, --old-*)",
    )
    parser.add_argument("--new-think", type=float, default=DEFAULT_THINK, help="the new strength, seconds a decision")
    parser.add_argument("--new-iterations", type=int, help="the new strength as iterations a decision instead")
    parser.add_argument("--old-think", type=float, default=1.0, help="the old strength, seconds a decision (1)")
    parser.add_argument("--old-iterations", type=int, help="the old strength as iterations a decision instead")
    parser.add_argument("--rows", nargs="+", choices=list(ROWS), help="with --compare: only these rows")
    parser.add_argument(
        "--old-afresh",
        action="store_true",
        help="the old search starts afresh at every decision (keeps nothing from the last, as before issue 25)",
    )
    parser.add_argument(
        "--calibrate",
        action="store_true",
        help="print the iterations a decision of --new-think seconds makes here (what --new-iterations stands in for)",
    )
    args = parser.parse_args(argv)
    if args.calibrate:
        calibrate(args.only or list(GAMES), args.timing_games, args.new_think, args.seed)
        return 0
    if args.compare:
        print(f"Python {sys.version.split()[0]}, {args.jobs} job(s)")
        new: Strength = (None, args.new_iterations, True) if args.new_iterations else (args.new_think, None, True)
        old: Strength = (
            (None, args.old_iterations, not args.old_afresh)
            if args.old_iterations
            else (args.old_think, None, not args.old_afresh)
        )
        compare(args.only or list(GAMES), args.games, new, old, args.seed, args.jobs, args.rows)
        return 0
    think = args.think if args.think is not None or args.iterations is not None else 0.1
    names = args.only or list(GAMES)
    strength_words = f"{args.iterations} iterations" if args.iterations else f"{think:g} s"
    print(f"ismcts against other bots: {args.games} games each, {strength_words} a decision, seats turning every game")
    print(f"Python {sys.version.split()[0]}, {args.jobs} job(s)")
    print()
    if not args.games:
        names_for_table: list[str] = []
    else:
        names_for_table = names
    header = f"{'game':<15} {'against':<7} {'N':>2} {'share':>6} {'95% interval':>15} {'fair':>6} {'ratio':>6} {'goal':>5}  {'decision p50':>12} {'p95':>8}"
    if names_for_table:
        print(header)
        print("-" * len(header))
    for game in names_for_table:
        players = GAMES[game]
        for opponent in args.opponents:
            kinds = ["ismcts"] + [opponent] * (players - 1)
            started = time.perf_counter()
            result = match(game, kinds, args.games, f"{args.seed}/{game}/{opponent}", think, args.iterations, args.jobs)
            share = result.win_share["ismcts"]
            low, high = result.interval("ismcts")
            fair = 1 / players
            goal = f"{GOALS[game]:.1f}x" if opponent == "greedy" else ""
            p50, p95 = result.percentile("ismcts", 0.5), result.percentile("ismcts", 0.95)
            print(
                f"{game:<15} {opponent:<7} {players:>2} {share:>6.3f}  {low:.3f} to {high:.3f} {fair:>6.3f} "
                f"{share / fair:>5.2f}x {goal:>5}  {ms(p50):>12} {ms(p95):>8}   ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
    if args.timing_games:
        print()
        print(f"Decision times at the default strength ({DEFAULT_THINK:g} s at most), against greedy bots, one core:")
        print(f"{'game':<15} {'decisions':>9} {'p50':>8} {'p95':>8} {'max':>8}")
        for game in names:
            players = GAMES[game]
            kinds = ["ismcts"] + ["greedy"] * (players - 1)
            result = match(game, kinds, args.timing_games, f"{args.seed}/{game}/timing", None, None, 1)
            times = result.seconds["ismcts"]
            print(
                f"{game:<15} {len(times):>9} {ms(result.percentile('ismcts', 0.5)):>8} "
                f"{ms(result.percentile('ismcts', 0.95)):>8} {ms(max(times, default=None)):>8}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
