"""SVG snapshots at 80×24 of Gift List: bringing, a party with a locked gift and the steal
list, and the game over sheet with every list revealed.

Everything shown is fixed: seeded games played by greedy bots.  Update with ``pytest
--snapshot-update`` and look at the SVGs before committing them.
"""

from __future__ import annotations

from gift_list_support import Position, ViewApp
from tui_support import GameOverApp

SIZE = (80, 24)


def test_bringing(snap_compare):
    position = Position(players=5, seed=11)
    position.bots(2, but=0)
    assert snap_compare(ViewApp(position, 0), terminal_size=SIZE, press=["right", "right"])


def test_party_with_a_locked_gift_and_the_steal_list(snap_compare):
    position = Position(players=4, seed=6)
    state = position.state
    position.bots_until(lambda: state.party == 2 and state.phase == "play" and state.locked and state.steal_sources())
    assert snap_compare(ViewApp(position, state.turn), terminal_size=SIZE, press=["s"])


def test_game_over(snap_compare):
    position = Position(players=4, seed=7)
    assert snap_compare(GameOverApp.played(position, 1), terminal_size=SIZE)
