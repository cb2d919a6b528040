"""SVG snapshots at 80×24 of the White Rabbit board and game over sheet.

Everything shown is fixed: a hand-made deal with a loaded die, or a seeded game played by
greedy bots; no clocks, ports or paths on screen.  Update with ``pytest --snapshot-update``
and look at the SVGs (or ``screen_text``) before committing them.
"""

from __future__ import annotations

from tui_support import GameOverApp
from white_rabbit_support import Position, ViewApp, before_max, final

SIZE = (80, 24)


def test_board_choosing_a_way(snap_compare):
    assert snap_compare(ViewApp(before_max(), 0), terminal_size=SIZE, press=["enter"])


def test_board_putting_max_on_a_pile(snap_compare):
    assert snap_compare(ViewApp(before_max(), 0), terminal_size=SIZE, press=["enter", "right", "enter", "left"])


def test_board_mid_game_four_seats(snap_compare):
    position = Position(players=4, seed=3)
    position.bots(40)
    assert snap_compare(ViewApp(position, 2), terminal_size=SIZE)


def test_game_over_winner_and_oberhase(snap_compare):
    assert snap_compare(GameOverApp("white-rabbit", final(), ["Ana", "[bold red]Eve[/]", "Cy"]), terminal_size=SIZE)
