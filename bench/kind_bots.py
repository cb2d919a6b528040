"""The bots that fit a child (issue 26): the kind level's and the adapting level's figures.

**Kind.** For every game with a score (those with a kind bot), at each table size from its
fewest seats to four (the size ``yule play`` deals by default), two matches of ``--games``
games, the seats turning every game (the path of ``yule simulate --seats``):

* one greedy seat (a stand-in for a child who plays sensibly) among kind bots: the goal is at
  least 1.3 times its fair share;
* one kind seat among random bots: the kind bot must still win more than its fair share.

Each row gives the share with its 95% Wilson interval, the fair share and their ratio.

**Adapting.** For each game, at four seats: one person's seat (the greedy bot, then the random
bot) among adapting bots, ``--series`` games in a row at one table whose strength moves after
each game (:class:`yule.core.levels.Strength`, as a host's table keeps it), repeated for
``--tables`` tables (seeds).  The goal: the person's share over the last half of the games
within 0.75 to 1.25 times the fair share.  Each row gives the share over the last half with its
Wilson interval (over every table's last halves), how many tables met the goal, the lowest and
highest table, and the mean strength the bots played at over the last half.

Run by hand from the repository root::

    python bench/kind_bots.py                         # 2000 games a kind row; 100-game series on 8 tables
    python bench/kind_bots.py --only gift-list --games 500 --tables 0
    python bench/kind_bots.py --games 0 --tables 20 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from yule.core.levels import AdaptingBot, KindBot
from yule.core.match import MatchResult, play_match, seat_kinds, wilson
from yule.core.registry import all_games, get_game

GOAL_KIND = 1.3
"""The greedy seat's share among kind bots over its fair share, at least."""
GOAL_ADAPTING = (0.75, 1.25)
"""The person's share over the last half of a series over the fair share, within."""
SEATS = 4
"""The largest table tried, and the table the adapting series play at."""


def scored() -> list[str]:
    """The games with a kind bot: those with a score and a winner (Gift Exchange has neither)."""
    return [game.name for game in all_games() if KindBot.kind in game.bots]


def kind_rows(names: list[str], games: int, seed: str) -> None:
    header = (
        f"{'game':<15} {'row':<18} {'N':>2} {'share':>6} {'95% interval':>15} {'fair':>6} {'ratio':>6}  {'goal':<10}"
    )
    print(f"Kind bots: {games} games a row, seats turning every game")
    print(header)
    print("-" * len(header))
    for name in names:
        game = get_game(name)
        for players in range(max(2, game.min_players), min(game.max_players, SEATS) + 1):
            rows = [
                ("greedy among kind", ["greedy"] + ["kind"] * (players - 1), "greedy", f">= {GOAL_KIND}x"),
                ("kind among random", ["kind"] + ["random"] * (players - 1), "kind", "> 1x"),
            ]
            for label, kinds, shown, goal in rows:
                started = time.perf_counter()
                result = play_match(game, kinds, games, f"{seed}/{name}/{players}/{label}", keep_records=False)
                share = result.win_share[shown]
                low, high = result.interval(shown)
                fair = 1 / players
                print(
                    f"{name:<15} {label:<18} {players:>2} {share:>6.3f}  {low:.3f} to {high:.3f} {fair:>6.3f} "
                    f"{share / fair:>5.2f}x  {goal:<10} ({time.perf_counter() - started:.0f} s)",
                    flush=True,
                )


def series(name: str, person: str, games: int, seed: str) -> MatchResult:
    """One table's series: ``person`` among adapting bots, the strength moving after each game."""
    return play_match(get_game(name), [person] + [AdaptingBot.kind] * (SEATS - 1), games, seed)


def last_half(result: MatchResult, person: str) -> float:
    """The person's wins over the last half of a series (a shared win counts 1/t)."""
    first = len(result.records) // 2
    won = 0.0
    for number, record in enumerate(result.records[first:], start=first):
        winners = record["result"]["winners"]
        seat = seat_kinds(result.seats, number).index(person)
        won += 1 / len(winners) if seat in winners else 0.0
    return won


def adapting_rows(names: list[str], games: int, tables: int, seed: str, jobs: int) -> None:
    low_goal, high_goal = GOAL_ADAPTING
    header = (
        f"{'game':<15} {'person':<7} {'N':>2} {'last-half share':>15} {'95% interval':>15} {'ratio':>6} "
        f"{'tables in goal':>14} {'lowest':>7} {'highest':>7} {'strength':>8}"
    )
    print(
        f"Adapting bots: {tables} tables of {games} games each, {SEATS} seats; the person's share over the "
        f"last {games - games // 2} games (goal {low_goal}x to {high_goal}x the fair share)"
    )
    print(header)
    print("-" * len(header))
    fair = 1 / SEATS
    half = games - games // 2
    for name in names:
        for person in ("greedy", "random"):
            started = time.perf_counter()
            seeds = [f"{seed}/{name}/{person}/{t}" for t in range(tables)]
            if jobs > 1:
                with ProcessPoolExecutor(jobs) as pool:
                    results = list(pool.map(series, [name] * tables, [person] * tables, [games] * tables, seeds))
            else:
                results = [series(name, person, games, s) for s in seeds]
            ratios = [last_half(r, person) / half / fair for r in results]
            won = sum(last_half(r, person) for r in results)
            share = won / (half * tables)
            low, high = wilson(share, half * tables)
            met = sum(low_goal <= ratio <= high_goal for ratio in ratios)
            strength = sum(sum(r.strengths[games // 2 :]) / half for r in results) / tables
            print(
                f"{name:<15} {person:<7} {SEATS:>2} {share:>15.3f}  {low:.3f} to {high:.3f} {share / fair:>5.2f}x "
                f"{met:>8} of {tables:<3} {min(ratios):>6.2f}x {max(ratios):>6.2f}x {strength:>8.2f}"
                f"   ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games a kind row (default 2000; 0: none)")
    parser.add_argument("--series", type=int, default=100, help="games a table plays in an adapting series (100)")
    parser.add_argument("--tables", type=int, default=8, help="adapting series per game and person (8; 0: none)")
    parser.add_argument("--only", nargs="+", choices=scored(), help="only these games")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing adapting series at once (default 1)")
    parser.add_argument("--seed", default="kind", help="the seed (default 'kind')")
    args = parser.parse_args(argv)
    names = args.only or scored()
    print(f"Python {sys.version.split()[0]}; games with a score: {', '.join(names)}")
    print()
    if args.games:
        kind_rows(names, args.games, args.seed)
        print()
    if args.tables and args.series >= 2:
        adapting_rows(names, args.series, args.tables, args.seed, args.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
