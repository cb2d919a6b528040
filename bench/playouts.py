"""White Elephant playouts per second: whole games of random bots, on one core.

Each game goes through :func:`yule.core.records.play`, the path ``yule simulate`` takes: chance
moves from a seeded RNG, every bot move built from the seat's view, sent in wire form and
parsed back, every move recorded.  For each seat count the benchmark plays ``--runs`` runs of
``--games`` games and prints the median rate, with the slowest and fastest run.

Run by hand from the repository root::

    python bench/playouts.py                 # 5 runs of 500 games for 3, 5 and 8 seats
    python bench/playouts.py --games 2000 --runs 7 --seats 5

The target is 1000 five-seat games per second.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from yule.core.records import play
from yule.core.registry import get_game

TARGET_SEATS = 5
TARGET_RATE = 1000.0


def run(players: int, games: int, run_number: int) -> tuple[float, float]:
    """Play ``games`` games; return (games per second, mean moves per game)."""
    game = get_game("white-elephant")
    names = [f"Bot {i + 1}" for i in range(players)]
    bots = [game.bots["random"]] * players
    moves = 0
    start = time.perf_counter()
    for i in range(games):
        record = play(game, names, bots, seed=f"bench/{players}/{run_number}/{i}")
        moves += len(record["moves"])
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500, help="games per run (default 500)")
    parser.add_argument("--runs", type=int, default=5, help="runs per seat count (default 5)")
    parser.add_argument("--seats", type=int, nargs="+", default=[3, 5, 8], help="seat counts (default 3 5 8)")
    args = parser.parse_args(argv)

    print(f"White Elephant, random bots, yule.core.records.play: {args.runs} runs of {args.games} games")
    print(f"Python {sys.version.split()[0]}")
    print()
    print(f"{'seats':>5}  {'games/s (median)':>16}  {'slowest':>8}  {'fastest':>8}  {'moves/game':>10}")
    medians: dict[int, float] = {}
    for players in args.seats:
        results = [run(players, args.games, r) for r in range(args.runs)]
        rates = [rate for rate, _ in results]
        moves = statistics.mean(m for _, m in results)
        medians[players] = statistics.median(rates)
        print(f"{players:>5}  {medians[players]:>16.0f}  {min(rates):>8.0f}  {max(rates):>8.0f}  {moves:>10.1f}")
    if TARGET_SEATS in medians:
        verdict = "meets" if medians[TARGET_SEATS] >= TARGET_RATE else "MISSES"
        print()
        print(f"{TARGET_SEATS} seats: {medians[TARGET_SEATS]:.0f} games/s {verdict} the target of {TARGET_RATE:.0f}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
