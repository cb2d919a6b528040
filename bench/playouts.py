"""White Elephant playouts per second: whole games of random moves, on one core, two ways.

* **engine**: the path a search bot's playouts take.  A position is played to its end on
  itself: each seat's legal moves listed by the rules (``legal_moves``), a random kind of move
  then a random move of that kind played (``play``, without events), chance drawn from a
  seeded RNG; one ``clone`` of the position first, as each search iteration makes.
* **views**: the path ``yule simulate`` takes, :func:`yule.core.records.play` with the random
  bot: every move built from the seat's view (the random bot reads it through the game's
  determinizer, as every bot built on the rules' legal moves does), sent in wire form and
  parsed back, every move recorded.

For each seat count the benchmark plays ``--runs`` runs of ``--games`` games and prints the
median rate, with the slowest and fastest run.

Run by hand from the repository root::

    python bench/playouts.py                 # 5 runs of 500 games for 3, 5 and 8 seats
    python bench/playouts.py --games 2000 --runs 7 --seats 5

The target is 1000 five-seat games per second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from yule.core import CHANCE
from yule.core.records import play
from yule.core.registry import get_game

TARGET_SEATS = 5
TARGET_RATE = 1000.0


def engine_game(players: int, seed: str) -> int:
    """One game of random moves played on the position itself; returns its number of moves."""
    rng = random.Random(seed)
    state = get_game("white-elephant").start(players).clone()
    moves = 0
    while not state.is_over:
        seat = state.mover()
        if seat is None or state.active()[0] == CHANCE:
            state.play(state.chance_move(rng))
        else:
            kinds: dict[str, list] = {}
            for move in state.legal_moves(seat):
                kinds.setdefault(move.type, []).append(move)
            state.play(rng.choice(rng.choice(list(kinds.values()))))
        moves += 1
    return moves


def views_game(players: int, seed: str) -> int:
    """One game of random bots through ``records.play``; returns its number of moves."""
    game = get_game("white-elephant")
    record = play(game, [f"Bot {i + 1}" for i in range(players)], [game.bots["random"]] * players, seed=seed)
    return len(record["moves"])


PATHS: dict[str, Callable[[int, str], int]] = {"engine": engine_game, "views": views_game}


def run(path: str, players: int, games: int, run_number: int) -> tuple[float, float]:
    """Play ``games`` games; return (games per second, mean moves per game)."""
    one = PATHS[path]
    moves = 0
    start = time.perf_counter()
    for i in range(games):
        moves += one(players, f"bench/{players}/{run_number}/{i}")
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500, help="games per run (default 500)")
    parser.add_argument("--runs", type=int, default=5, help="runs per seat count (default 5)")
    parser.add_argument("--seats", type=int, nargs="+", default=[3, 5, 8], help="seat counts (default 3 5 8)")
    parser.add_argument(
        "--paths", nargs="+", choices=list(PATHS), default=list(PATHS), help="which paths (default both)"
    )
    args = parser.parse_args(argv)

    print(f"White Elephant, random moves: {args.runs} runs of {args.games} games a seat count")
    print(f"Python {sys.version.split()[0]}")
    for path in args.paths:
        print()
        print(f"{path}:")
        print(f"{'seats':>5}  {'games/s (median)':>16}  {'slowest':>8}  {'fastest':>8}  {'moves/game':>10}")
        medians: dict[int, float] = {}
        for players in args.seats:
            results = [run(path, players, args.games, r) for r in range(args.runs)]
            rates = [rate for rate, _ in results]
            moves = statistics.mean(m for _, m in results)
            medians[players] = statistics.median(rates)
            print(f"{players:>5}  {medians[players]:>16.0f}  {min(rates):>8.0f}  {max(rates):>8.0f}  {moves:>10.1f}")
        if TARGET_SEATS in medians:
            verdict = "meets" if medians[TARGET_SEATS] >= TARGET_RATE else "MISSES"
            print(
                f"{TARGET_SEATS} seats: {medians[TARGET_SEATS]:.0f} games/s {verdict} the target of {TARGET_RATE:.0f}."
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
