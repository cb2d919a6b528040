"""SVG snapshots of the Elf table at 80×24: the worked example's first preview, Ben choosing
the Ice Floe jump, a seeded mid-game position, and the game over sheet.

Everything shown is fixed: the worked example's deal or a seeded game played by the
goal-seeking bots, no clocks, ports or paths on screen.  Update with ``pytest
--snapshot-update`` and look at the SVGs before committing them.
"""

from __future__ import annotations

from elf_support import ElfViewApp, Position
from tui_support import GameOverApp

SIZE = (80, 24)


def test_first_preview(snap_compare):
    assert snap_compare(ElfViewApp(Position.example(), 0), terminal_size=SIZE)


def test_ice_floe_jump_preview(snap_compare):
    position = Position.example()
    for move in ({"type": "play", "card": "cl-1", "heading": "S"}, {"type": "play", "card": "s3-2", "heading": "E"},
                 {"type": "play", "card": "s3-5", "heading": "E"}, {"type": "end"},
                 {"type": "play", "card": "kr-1", "heading": "E"}, {"type": "play", "card": "s2-4", "heading": "E"}):  # fmt: skip
        position.play(position.turn, move)
    # s2-7: the normal placement, then the jumps; the 6th is from (2, 10) heading E.
    assert snap_compare(ElfViewApp(position, 1), terminal_size=SIZE, press=["space"] * 5)


def test_mid_game(snap_compare):
    position = Position(players=3, seed=0)
    position.bots(8)
    assert snap_compare(ElfViewApp(position, position.turn), terminal_size=SIZE)


def test_game_over(snap_compare):
    assert snap_compare(GameOverApp.played(Position(players=3, seed=4), 0), terminal_size=SIZE)
