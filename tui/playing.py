"""``yule play`` inside the app: its own host on this machine and its game menu.

:class:`PlayHost` connects to ``yule play``'s host: the real host on loopback over a folder of
the user data folder, so an unfinished game is offered again next time, in a process of its
own that the command line started before the app loaded (:mod:`yule.netplay.host.playhost`; another
``yule play`` running meanwhile shares it); its menu (:class:`GameMenu`) lists those games (d
drops one), then a new game of each, and asks the bots' level (also when the level the command
line asked for is not the game's); a new game is you and bots, started at once.  The command
line that builds the app is :mod:`yule.tui.play`.
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.binding import Binding
from textual.timer import Timer

from ..core.bots import BOT_LEVELS
from ..netplay.client import Client, ConnectionLost, HostError, SeatStore
from ..netplay.frames import Summary
from .dialogs import ChoiceScreen, ConfirmScreen
from .games import GAME_UIS, players_sentence
from .hosted import HostedApp
from .pace import pace_for
from .seating import refusal_text
from .text import literal
from .words import N_, and_list, language, t, title, tn, tp

if TYPE_CHECKING:
    from ..netplay.host.playhost import PlayHostProcess

HOST_WATCH = 1.0
"""Seconds between two looks at whether ``yule play``'s host process is still there."""

PLAY_LEAVE_ASKS = N_("Back to the menu? This game is kept: Continue in the menu goes on with it.")
"""``yule play``'s question before leaving a table (worded where asked)."""


def level_name(level: str) -> str:
    """A bots' level (a key of :data:`BOT_LEVELS`) as a word, in the app's language."""
    names = {
        "easy": tp("bot level", "easy"),
        "kind": tp("bot level", "kind"),
        "normal": tp("bot level", "normal"),
        "hard": tp("bot level", "hard"),
        "adapting": tp("bot level", "adapting"),
    }
    return names.get(level, level)


@dataclass
class PlaySetup:
    """``yule play``: which game (None: ask), how many seats, the bots' pace, the asked-for
    seed, the bots' level (a key of :data:`BOT_LEVELS`; None: ask after the game), and the
    host's process (None: the host runs in the app's own process, as tests have it, to look
    into it)."""

    game: str | None
    players: int | None
    bot_delay: float | None = None
    """Seconds a move stays on show before a bot's (None: the pace the player chose for the game
    last time, or the game's own: :func:`yule.tui.pace.pace_for`)."""
    paces: dict[str, float] = field(default_factory=dict)
    """The bots' pace the player chose for each game (their profile's, kept up to date as they choose)."""
    seed: int | None = None
    level: str | None = "normal"
    process: PlayHostProcess | None = None


def level_problem(game: str, level: str) -> str | None:
    """Why ``game`` cannot have bots of ``level`` (a key of :data:`BOT_LEVELS`), in words (None: it can)."""
    from ..core.registry import get_game

    spec = get_game(game)
    if BOT_LEVELS[level][0] in spec.bots:
        return None
    levels = [level_name(name) for name, (kind, _) in BOT_LEVELS.items() if kind in spec.bots]
    # Translators: {levels} lists the bots' levels the game has ("easy and normal"), {level} the one asked for.
    return t(
        "{game} has {levels} bots, not {level}.", game=title(spec), levels=and_list(levels), level=level_name(level)
    )


class GameMenu(ChoiceScreen[tuple[str, Any]]):
    """``yule play``'s menu: the unfinished games to continue, then every game; d drops the
    unfinished game highlighted (asked first), b switches how your turn is called out, q or Esc
    quits."""

    BINDINGS = [
        Binding("q,escape", "cancel", "Quit", key_display="q"),
        Binding("d,delete", "drop", "Drop a kept game", key_display="d"),
        Binding("b", "turn_calls", "Turn alerts"),
    ]
    HINT = N_("Enter to choose, d to drop a kept game, q or Esc to quit.")

    def action_drop(self) -> None:
        """Drop the unfinished game highlighted: ``("drop", table)`` (another line: nothing happens)."""
        from textual.widgets import OptionList

        highlighted = self.query_one(OptionList).highlighted
        if highlighted is not None and self.choices[highlighted][1][0] == "continue":
            self.dismiss(("drop", self.choices[highlighted][1][1]))
        else:
            self._say(t("d drops a kept game (a Continue line): highlight one first."), refused=True)

    def action_turn_calls(self) -> None:
        """How the player's turn is called out (:class:`~yule.tui.turncall.CallsScreen`), as ``b`` in the lobby."""
        from .turncall import CallsScreen

        self.app.push_screen(CallsScreen.of(self.app))


def when_text(then: float, now: float) -> str:
    """When something began, as people say it: the time today or yesterday, else the day (in
    the app's language).

    >>> import time
    >>> now = time.mktime((2024, 12, 24, 18, 30, 0, 0, 0, -1))
    >>> [when_text(now - hours * 3600, now) for hours in (2, 20, 50)]
    ['today 16:30', 'yesterday 22:30', 'Dec 22']
    """
    day = time.localtime(then)
    days = time.mktime(time.localtime(now)[:3] + (0, 0, 0, 0, 0, -1)) - time.mktime(day[:3] + (0, 0, 0, 0, 0, -1))
    ago = round(days / 86400)
    if ago == 0:
        return t("today {time}", time=time.strftime("%H:%M", day))
    if ago == 1:
        return t("yesterday {time}", time=time.strftime("%H:%M", day))
    from babel.dates import format_skeleton

    return format_skeleton("MMMd", datetime.date(*day[:3]), locale=language() if language() in ("fr", "de") else "en")


class PlayHost:
    """``yule play``'s host and menus for the app (``setup``: what the command line asked)."""

    def __init__(self, app: HostedApp, setup: PlaySetup) -> None:
        self.app = app
        self.setup = setup
        self._watch: Timer | None = None
        """Looks whether the host's process is still there (:meth:`_host_gone`), once it has started."""
        self._levels: dict[str, str] = {}
        """The bots' level asked for a game that has none of the level the command line asked for."""

    async def start(self, player: str, seat_store: SeatStore) -> Client | None:
        """``player``'s client connected to ``yule play``'s host once it has started (in its
        process, which the command line stops; or else in this one: the app's
        :attr:`~HostedApp.host`, stopped when the app ends); None if the host cannot start
        (the player told)."""
        from ..netplay.host.playhost import PlayHostError, open_play_host  # yule join never needs it

        app = self.app
        process = self.setup.process
        try:
            if process is not None:
                port = await process.ready()
                folder, warning = process.folder, process.warning
                self._watch = app.set_interval(HOST_WATCH, self._host_gone)
            else:
                app.host, folder, warning, held = await open_play_host()
                app.resources.enter_context(held)
                port = app.host.port
        except PlayHostError as e:
            app.set_status(connection="offline")
            app.notify(literal(str(e)), severity="error", timeout=60)
            return None
        if warning is not None:
            app.notify(literal(warning), severity="warning", timeout=10)
        client = Client("127.0.0.1", port, name=player, seat_store=seat_store, address=f"play:{folder}")
        await client.connect()
        if process is not None:  # the host moved (another yule play's stopped): the client reconnects there
            process.follow(lambda port: setattr(client, "port", port))
        return client

    def _host_gone(self) -> None:
        """The host's process ended while the app runs (it never does by itself): the player is
        told, once, that the games are kept."""
        process = self.setup.process
        assert process is not None and self._watch is not None
        if (code := process.process.poll()) is not None:
            self._watch.stop()
            self.app.set_status(connection="offline")
            self.app.notify(t("The game's host stopped (exit code {code}). Your games are kept: start yule play "
                              "again to go on.", code=code), severity="error", timeout=120)  # fmt: skip

    async def choose(self, client: Client) -> tuple[str, Any] | None:
        """The game menu: your unfinished games first (each told apart by its table, how far it
        has gone and when it began), then a new game of each (its bots' level asked, if not
        given).  ``("continue", table)``, ``("new", game)``, or None: q or Esc, quit."""
        from ..core.registry import all_games

        setup = self.setup
        while True:
            listed = {s["table"]: s for s in await client.list_tables()}
            choices: list[tuple[Text, tuple[str, Any], str | None]] = []
            now = time.time()
            for saved in client.saved_seats():
                summary = listed.get(saved.table)
                if summary is None or summary["status"] != "playing" or summary["game"] not in GAME_UIS:
                    client.forget_seat(saved.table)  # finished (or gone): nothing to continue
                    continue
                bots = len(summary["seats"]) - 1  # yule play: you and bots (a private table lists no names)
                label = t(
                    "Continue: {game} #{table}, you and {bots}, {moves} in, begun {when}",
                    game=literal(title(summary["title"])),
                    table=summary["table"],
                    bots=tn("{n} bot", "{n} bots", bots),
                    moves=tn("{n} move", "{n} moves", summary["seq"]),
                    when=when_text(saved.saved, now),
                )
                choices.append((Text(label, style="bold"), ("continue", summary["table"]), None))
            start: tuple[str, Any] | None = choices[0][1] if choices else None
            wanted = setup.players
            for game in all_games():
                about = (
                    t(game.summary)
                    if game.summary
                    else t("{least}-{most} players", least=game.min_players, most=game.max_players)
                )
                label = literal(t("{game}: {about}", game=title(game), about=about))
                why = None
                if game.name not in GAME_UIS:
                    why = t("{game} has no table in the terminal yet.", game=title(game))
                elif wanted is not None and not game.min_players <= wanted <= game.max_players:
                    why = players_sentence(game, wanted)
                choices.append((Text(label), ("new", game.name), why))
                if start is None and game.name == setup.game:
                    start = ("new", game.name)
            heading = (
                t("Yule: continue a game, or a new one? (Enter plays, q quits)")
                if start and start[0] == "continue"
                else t("Yule: which game? (Enter plays, q quits)")
            )
            pick = await self.app.push_screen_wait(GameMenu(heading, choices, start, hint=t(GameMenu.HINT)))
            if pick is not None and pick[0] == "drop":
                await self._drop(client, pick[1], listed[pick[1]])
                continue
            if pick is not None and pick[0] == "new" and (setup.level is None or level_problem(pick[1], setup.level)):
                level = await self.app.push_screen_wait(self._level_menu(pick[1], setup.level))
                if level is None:
                    continue  # Esc at the bots' level: back to the games
                if setup.level is None:
                    setup.level = level  # asked once, for every game of this run
                else:
                    self._levels[pick[1]] = level  # the level asked for on the command line is not this game's
            return pick

    async def _drop(self, client: Client, table: int, summary: Summary) -> None:
        """Drop the unfinished game at ``table``, once the player says yes: its seat is taken back
        and given up, which ends the game at ``yule play``'s host (:mod:`yule.netplay.host.playhost`),
        and it is never offered again."""
        question = t(
            "Drop {game} #{table}? It cannot be continued afterwards.", game=title(summary["title"]), table=table
        )
        if not await self.app.push_screen_wait(ConfirmScreen(Text(question))):
            return
        saved = client.saved_seat(table)
        try:
            if saved is not None and table not in client.seats:
                await client.resume(saved.token)  # the seat is this connection's to give up
            await client.leave(table)
        except HostError:
            pass  # the host has forgotten the seat already: nothing to drop there
        except ConnectionLost:
            self.app.notify(t("Not connected to the game's host right now: try again in a moment."), severity="error")
            return
        client.forget_seat(table)
        self.app.notify(t("{game} #{table} is dropped.", game=literal(title(summary["title"])), table=table), timeout=5)

    async def new_table(self, client: Client, game: str, sit: Callable[[int], None]) -> bool:
        """A new table of ``game``: you (``sit`` follows it at once), bots of the level asked for
        in every other seat, started.  False if the host refused (the player told)."""
        from ..core.registry import get_game

        setup = self.setup
        spec = get_game(game)
        players = setup.players or max(spec.min_players, min(spec.max_players, 4))
        try:
            kind = BOT_LEVELS[self._levels.get(game, setup.level or "normal")][0]
            if kind not in spec.bots:  # asked for in the menu or refused on the command line before: never here
                kind = "greedy" if "greedy" in spec.bots else "random"
            delay = setup.bot_delay if setup.bot_delay is not None else pace_for(game, setup.paces)
            reply = await client.create_table(game, players, bot_delay=delay, seed=setup.seed)
            sit(reply["table"])
            await client.fill_bots(reply["table"], kind)
            await client.start(reply["table"])
        except HostError as e:
            self.app.notify(
                literal(refusal_text(e, game=game)), title=t("Cannot start the game"), severity="error", timeout=30
            )
            return False
        return True

    def _level_menu(self, game: str, asked: str | None = None) -> ChoiceScreen[str]:
        """How strong the bots of a new game of ``game`` are: the levels it has bots for
        (``asked``: the level the command line asked for, which it has none of)."""
        from ..core.registry import get_game

        spec = get_game(game)
        choices = []
        game_title = title(spec)
        for level, (kind, words) in BOT_LEVELS.items():
            why = None
            if kind not in spec.bots:
                why = t("{game} has no {level} bots.", game=game_title, level=level_name(level))
            choices.append((Text(t(words)), level, why))
        heading = t("{game}: how strong are the bots? (Esc: back)", game=game_title)
        if asked is not None:
            heading = t(
                "{game} has no {level} bots: how strong are its bots? (Esc: back)",
                game=game_title,
                level=level_name(asked),
            )
        return ChoiceScreen(heading, choices, start="normal")
