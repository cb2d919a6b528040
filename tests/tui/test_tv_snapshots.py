"""SVG snapshots of each game's TV (``yule watch``) at 80×24, 160×45 and 200×60 (a living-room
TV: the boards at double size), and of a TV at game over; and of the TV of a table waiting for
players (how to join it, big) in each colour mode of a terminal at 80×24 and 200×60, and of an
open table's.

The positions are :mod:`tv_support`'s.  Update with ``pytest --snapshot-update`` and look at
the SVGs before committing them.
"""

from __future__ import annotations

import elf_support
import pytest
from tui_support import MODES, colour_mode
from tv_support import GAMES, InviteApp, played

SIZES = {"small": (80, 24), "big": (160, 45), "tv": (200, 60)}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(GAMES))
def test_tv(snap_compare, game, size):
    assert snap_compare(GAMES[game](), terminal_size=SIZES[size])


def test_tv_at_game_over_shows_the_scores(snap_compare):
    position = elf_support.Position(players=3, seed=3)
    position.bots(200)
    assert position.state.is_over
    assert snap_compare(played(position), terminal_size=SIZES["small"])


@pytest.mark.parametrize("size", ["small", "tv"])
@pytest.mark.parametrize("mode", list(MODES))
def test_the_tv_of_a_waiting_table_invites_people_in(snap_compare, mode, size, monkeypatch):
    colour_mode(mode, monkeypatch)
    assert snap_compare(InviteApp(code="K7QF2M"), terminal_size=SIZES[size])


def test_the_tv_of_an_open_table_says_no_code_is_needed(snap_compare):
    assert snap_compare(InviteApp(seated=1, open=True), terminal_size=SIZES["small"])
