"""Helpers (imported by name) for the tests of each game's TV (``yule watch``) without a host:
:class:`TVApp` shows a game's TV over public views, and :data:`GAMES` makes one for each game
the registry knows; :class:`InviteApp` shows the TV of a table waiting for players.

Every position is a seeded game played by the rules engine's bots (only to make realistic
public views; the TV never sees the engine); no clocks, ports or paths on screen (the host's address is a fixed one, :data:`REACH`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import elf_support
import gift_exchange_support
import gift_list_support
import tui_support
import white_rabbit_support
from tui_support import NAMES, info_frame, log_frame, view_frame

from yule.core import all_games, get_game
from yule.netplay.client.follower import TableFollower
from yule.netplay.frames import Reach
from yule.tui.games import GAME_UIS
from yule.tui.tv import TableTV, WaitingScreen
from yule.tui.widgets import PlainApp
from yule.tui.words import t, title


class TVApp(PlainApp):
    """The TV of ``game`` showing a public view, as ``yule watch`` draws it."""

    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        game: str,
        views: list[dict[str, Any]],
        names: list[str],
        log: list[dict[str, Any]],
        tags: dict[int, str] | None = None,
    ) -> None:
        super().__init__()
        self.game, self.views, self.names, self.log_lines = game, views, names, log
        self.tags = {1: "bot"} if tags is None else tags
        place = t("Yule TV · {game} · table {table}", game=title(get_game(game)), table=3)
        self.status = {"place": place, "code": None, "connection": "connected"}

    def on_mount(self) -> None:
        """The frames ``yule watch`` gets, followed: the table, each view, the log so far."""
        ui = GAME_UIS[self.game]
        follower: TableFollower[Any] = TableFollower(3)
        screen = ui.tv(follower) if ui.tv is not None else TableTV(self.game, follower)
        self.push_screen(screen)
        frames = [info_frame(self.game, self.names, self.tags)]
        frames += [view_frame(view, seq) for seq, view in enumerate(self.views, 1)]
        for frame in [*frames, log_frame(self.log_lines)]:
            change = follower.take(frame)
            assert change is not None
            screen.follow(change)


def played(position: Any) -> TVApp:
    """The TV of a test position (``state``, ``names``, and its log lines so far)."""
    events, _ = position.take()
    return TVApp(position.state.view(None)["game"], [position.state.view(None)], position.names, events)


def white_elephant() -> TVApp:
    position = tui_support.Position(players=5, seed=3)
    position.bots(14)
    return played(position)


def gift_exchange() -> TVApp:
    state, events = gift_exchange_support.position(6, 4)
    before = gift_exchange_support.position(6, 3)[0].view(None)
    names = gift_exchange_support.names_for(6)
    return TVApp("gift-exchange", [before, state.view(None)], names, events)


def white_rabbit() -> TVApp:
    position = white_rabbit_support.Position(players=4, seed=3)
    position.bots(40)
    return played(position)


def gift_list() -> TVApp:
    position = gift_list_support.Position(players=5, seed=3)
    position.bots(14)
    return played(position)


def elf() -> TVApp:
    position = elf_support.Position(players=3, seed=3)
    position.bots(6)
    return played(position)


POSITIONS: dict[str, Callable[[], TVApp]] = {
    f.__name__: f for f in (white_elephant, gift_exchange, white_rabbit, gift_list, elf)
}

TABLE_GAMES = [game.name for game in all_games() if game.name in GAME_UIS]
"""Every registered game with a table in the terminal, by its record name."""

GAMES: dict[str, Callable[[], TVApp]] = {
    name.replace("-", "_"): POSITIONS[name.replace("-", "_")] for name in TABLE_GAMES
}
"""Each game's TV in the middle of a game, by the game's module name: every registered game with
a table in the terminal (one without its position above fails here)."""


REACH: Reach = {"addresses": ["192.168.1.20", "10.0.0.7"], "port": 7737, "ssh_port": 2222, "party_word": True}
"""How the host of the tests' waiting tables is reached, as its welcome would say: fixed addresses."""


class InviteApp(PlainApp):
    """The TV of White Rabbit's table 3 waiting for players, as ``yule watch`` shows it before
    the game: ``seated`` of its ``seats`` taken (by :data:`~tui_support.NAMES`, two of them
    markup and a terminal escape, then ``Guest N``), its host at :data:`REACH`; ``fields`` in
    place of the table info's own (``code``, ``open``)."""

    ENABLE_COMMAND_PALETTE = False

    def __init__(self, seated: int = 3, seats: int = 4, **fields: Any) -> None:
        place = t("Yule TV · {game} · table {table}", game=title("White Rabbit"), table=3)
        super().__init__({"place": place, "code": None, "connection": "connected"})
        names = [*NAMES, *(f"Guest {n}" for n in range(len(NAMES) + 1, seated + 1))][:seated]
        self.info = info_frame("white-rabbit", names, status="waiting", game_no=0, players=[], **fields)
        self.info["seats"] += [None] * (seats - seated)

    def on_mount(self) -> None:
        waiting = WaitingScreen()
        waiting.invite(self.info, REACH)  # type: ignore[arg-type]  # (a test frame: a plain dict)
        self.push_screen(waiting)
