"""The evening's standings: what a ``standings`` answer costs the host, as the evening grows.

An evening of ``G`` games of 4 seats among 40 people (half the tables open) is written to a
fresh data folder the way finished games write it; then the standings a guest asks for are made
as the host makes them (:func:`yule.netplay.host.evening.evening_standings`, seen by one person at two
tables): the first after a game ended (the results read again from the database), and the next
ones (read from what the store keeps).  The host makes them on its event loop, so every table
waits that long; the lobby's standings screen asks every 3 s while it is shown.

    python bench/standings.py [--games 100,1000,2500]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from yule.netplay.host.evening import evening_standings, seen_by
from yule.netplay.host.store import Result, Store

PEOPLE = 40
SEATS = 4


def evening(folder: Path, games: int) -> Store:
    """A store in ``folder`` with an evening of ``games`` finished games."""
    store = Store(folder)
    rng = random.Random(games)
    people = [f"person-{i}" for i in range(PEOPLE)]
    for game in range(games):
        seated = rng.sample(people, SEATS)
        store.add_results(
            Result(game + 1, 1, "white-elephant", seat, who, who, None, rng.randrange(30), seat + 1,
                   1.0 if seat == 0 else 0.0, game % 2 == 0, 1000.0 + game)
            for seat, who in enumerate(seated)
        )  # fmt: skip
    return store


def timed(store: Store) -> float:
    started = time.perf_counter()
    evening_standings(store, sees=seen_by("person-1", {3, 5}), me="person-1")
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="100,1000,2500", help="evenings of this many games, comma-separated")
    args = parser.parse_args()
    print(f"{'games':>6} {'rows':>6} {'write ms/game':>14} {'first answer ms':>16} {'next answers ms':>16}")
    for games in (int(g) for g in args.games.split(",")):
        with tempfile.TemporaryDirectory() as folder:
            started = time.perf_counter()
            store = evening(Path(folder), games)
            written = (time.perf_counter() - started) * 1000 / games
            first = timed(store)
            after = sorted(timed(store) for _ in range(9))[4]
            store.close()
        print(f"{games:>6} {games * SEATS:>6} {written:>14.3f} {first:>16.1f} {after:>16.1f}")


if __name__ == "__main__":
    main()
