"""SVG snapshots of Gift Exchange: the organiser's screen, the TV and the end summary, at 80×24
and 160×45 (40 guests on the big TV).  Positions are fixed (no seeds, clocks or ports on screen).
Update with ``pytest --snapshot-update`` and look at them before committing."""

from __future__ import annotations

from gift_exchange_support import BoardApp, names_for, position

from yule.core.gift_exchange import Keep, Open
from yule.tui.gift_exchange.party import EndScreen
from yule.tui.widgets import PlainApp

SMALL, BIG = (80, 24), (160, 45)


class EndApp(PlainApp):
    ENABLE_COMMAND_PALETTE = False

    def __init__(self) -> None:
        super().__init__()
        self.status = {"place": "Yule party", "code": "K7QF2M", "connection": "connected"}

    def on_mount(self) -> None:
        state, _ = position(6, 6)
        while not state.is_over:
            seat = state.active()[0]
            wrapped = [g for g in range(state.players) if not state.opened[g]]
            state.apply(
                Open(seat, wrapped[0], "Kite" if state.blank >> wrapped[0] & 1 else None) if wrapped else Keep(seat)
            )
        self.push_screen(EndScreen(state.view(None), names_for(6)))


def test_organiser_screen_small(snap_compare):
    assert snap_compare(BoardApp(position(6, 5)[0]), terminal_size=SMALL)


def test_organiser_screen_big_40_guests(snap_compare):
    assert snap_compare(BoardApp(position(40, 5)[0]), terminal_size=BIG)


def test_tv_reveal_small(snap_compare):
    before = position(6, 3)[0].view(None)
    assert snap_compare(BoardApp(position(6, 4)[0], tv=True, before=before), terminal_size=SMALL)


def test_tv_big_40_guests(snap_compare):
    assert snap_compare(BoardApp(position(40, 6)[0], tv=True), terminal_size=BIG)


def test_end_summary_small(snap_compare):
    assert snap_compare(EndApp(), terminal_size=SMALL)
