"""``yule play``: until the terminal app lands, say what is coming and what works today."""

from __future__ import annotations

import argparse


def run_play(args: argparse.Namespace) -> int:
    print(
        "Yule's terminal tables are on their way.\n"
        "Today the rules engine is complete; watch bots play White Elephant:\n"
        "  yule simulate white-elephant --players 5 --bot greedy"
    )
    return 0
