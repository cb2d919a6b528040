"""How much of White Rabbit a seat's choices can win against greedy bots.

The die decides most of White Rabbit: a seat chooses only a direction, what Max takes and where
he goes.  This plays one seat of three (``--players``) against greedy bots, ``--games`` games
for each way of choosing, the seat turning every game, and prints its win share:

* ``greedy``: the greedy bot itself (the fair share, to check the harness);
* ``memory``: the search bot's model, a greedy player who remembers every card seen slid under
  a pile (:func:`yule.core.white_rabbit.search.remembered_chances`);
* ``sees tops``: a cheat that knows the top card of every pile.  No bot can see those cards, so
  its share is an upper bound on what choosing a direction well can win.

Every seat moves from the position (the fast playout path), so 20,000 games take a few
seconds.  Run by hand from the repository root::

    python bench/white_rabbit_ceiling.py
    python bench/white_rabbit_ceiling.py --players 4 --games 50000
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from yule.core.match import wilson
from yule.core.white_rabbit import WhiteRabbitState
from yule.core.white_rabbit.cards import CARD_VALUE
from yule.core.white_rabbit.search import Chances, playout_move, remembered_chances


def seen_tops(state: WhiteRabbitState, seat: int, spaces: tuple[int, ...]) -> dict[int, float]:
    """The cheat: 1 where the pile's true top card is a value ``seat`` lacks, else 0."""
    lacking = set(state.missing(seat))
    return {
        space: float(CARD_VALUE[state.piles[space][0]] in lacking)
        for space in spaces
        if state.piles[space] and space != state.max_pile
    }


WAYS: dict[str, Chances | None] = {"greedy": None, "memory": remembered_chances, "sees tops": seen_tops}


def share(players: int, games: int, chances: Chances | None, seed: int) -> float:
    """The win share of one seat weighing piles with ``chances`` against greedy seats."""
    rng = random.Random(seed)
    won = 0.0
    for game in range(games):
        me = game % players
        state = WhiteRabbitState(players)
        while not state.is_over:
            mover = state.mover()
            if mover is None:
                state.apply(state.chance_move(rng))
            else:
                state.apply(playout_move(state, mover, rng, chances if mover == me else None))
        outcome = state.outcome()
        assert outcome is not None
        if me in outcome.winners:
            won += 1 / len(outcome.winners)
    return won / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=20_000, help="games for each way (default 20000)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    fair = 1 / args.players
    print(f"White Rabbit: one seat against {args.players - 1} greedy bots, {args.games} games each way")
    print(f"{'the seat':<10} {'share':>6} {'95% interval':>15} {'ratio':>6}")
    for name, chances in WAYS.items():
        started = time.perf_counter()
        p = share(args.players, args.games, chances, args.seed)
        low, high = wilson(p, args.games)
        print(
            f"{name:<10} {p:>6.3f}  {low:.3f} to {high:.3f} {p / fair:>5.2f}x"
            f"   ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
