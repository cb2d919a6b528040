"""SVG snapshots at 80×24 of the lobby, a mid-game table and the game over sheet.

Everything shown is fixed: a seeded game played by greedy bots, lobby data written out here,
no clocks, ports or paths on screen.  Update with ``pytest --snapshot-update`` and look at
the SVGs before committing them.
"""

from __future__ import annotations

from textual.app import App
from tui_support import GameOverApp, Position, ViewApp

from yule.tui.lobby import LobbyScreen

SIZE = (80, 24)


def _seat(name: str, bot: str | None = None, **fields: object) -> dict:
    return {"name": name, "bot": bot, "away": False, "stand_in": False, **fields}


MINE = {
    "type": "table", "table": 2, "game": "white-elephant", "title": "White Elephant", "options": {},
    "open": False, "status": "waiting", "game_no": 0, "bot_delay": 0.8, "seq": 0, "you": 0,
    "code": "K7QF2M", "runs": True, "run_by": "Ana",
    "seats": [_seat("Ana"), _seat("Normal Bot 2", "greedy", level="normal", number=2), _seat("[bold red]Eve[/]"), None],
}  # fmt: skip
TABLES = [
    {**MINE, "type": None, "code": None},
    {**MINE, "table": 1, "open": True, "status": "playing", "seats": [_seat("Ben"), _seat("Cy"), _seat("Di")]},
]


class LobbyApp(App[None]):
    ENABLE_COMMAND_PALETTE = False

    def __init__(self) -> None:
        super().__init__()
        self.status = {"place": "Yule · the host", "code": "K7QF2M", "connection": "connected"}

    async def on_mount(self) -> None:
        lobby = LobbyScreen()
        await self.push_screen(lobby)
        lobby.tables = TABLES
        lobby.mine = MINE


def test_lobby(snap_compare):
    assert snap_compare(LobbyApp(), terminal_size=SIZE)


def test_mid_game_table(snap_compare):
    position = Position(players=4, seed=3)
    position.bots(10)
    app = ViewApp(position, position.turn)
    assert snap_compare(app, terminal_size=SIZE, press=["right", "space", "down", "space"])


def test_game_over(snap_compare):
    assert snap_compare(GameOverApp.played(Position(players=4, seed=5), 0), terminal_size=SIZE)
