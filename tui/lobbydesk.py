"""The lobby's front desk: what the lobby screen asks for, answered through the client.

:class:`LobbyDesk` makes the lobby screen, keeps its list of the host's tables fresh, and
answers its requests (join, watch, create, leave, the bots, start, rename ...); sitting down
goes through :class:`~yule.tui.seating.Seating`.  Where a request leaves you (:class:`Sat` at
a table, :class:`Stood` up from one, or None: where you were) is handed back to the app,
which follows that table; a refusal is said in plain words.  The language menu (``g`` in the
lobby) is answered here too: the player speaks the language chosen, and every screen of the
app is drawn anew in it (:meth:`HostedApp.reword`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from rich.text import Text
from textual.timer import Timer

from ..netplay.client import ConnectionLost, HostError
from ..netplay.frames import Summary
from .dialogs import ChoiceScreen
from .hosted import HostedApp
from .lobbyasks import (
    AddBot,
    ChooseLanguage,
    CreateTable,
    FreeSeat,
    HelpSeat,
    JoinByCode,
    JoinTable,
    LeaveTable,
    LobbyAsk,
    RemoveBot,
    Rename,
    SetOpen,
    ShowEvening,
    StartGame,
    WatchTable,
)
from .profile import Player
from .seating import Sat, Seating, refusal_text
from .text import literal
from .words import LANGUAGES, language, t, title, tn

if TYPE_CHECKING:  # the lobby's screens are loaded when first shown: yule play starts without them
    from .lobby import LobbyScreen

LOBBY_REFRESH = 3.0
"""Seconds between two looks at the host's tables while the lobby is shown."""


class Stood(NamedTuple):
    """You left ``table`` (a seat there or watching): the app follows it no more."""

    table: int


class LobbyDesk:
    """The lobby's requests to the app's host (:attr:`HostedApp.client`), for ``player``.

    ``lobby``: the lobby screen while it is shown (None otherwise).
    """

    def __init__(
        self, app: HostedApp, player: Player, seating: Seating, lobby: Callable[[], LobbyScreen | None]
    ) -> None:
        self.app = app
        self.player = player
        self.seating = seating
        self.lobby = lobby
        self._timer: Timer | None = None

    async def screen(self) -> LobbyScreen:
        """A lobby screen for this host, its new-table form starting from the host's paces."""
        from .lobby import LobbyScreen

        player, paces = self.player, {}
        with contextlib.suppress(HostError, ConnectionLost):
            if self.app.client is not None:
                paces = await self.app.client.paces()
        return LobbyScreen(
            player.name, player.last_game, renames=player.fixed is None, paces=paces, remembered=player.tables
        )

    async def keep_fresh(self) -> None:
        """The tables listed now, and again every :data:`LOBBY_REFRESH` seconds from now on."""
        await self.refresh()
        if self._timer is None:
            self._timer = self.app.set_interval(LOBBY_REFRESH, self.refresh)

    async def refresh(self) -> list[Summary] | None:
        """The host's tables into the lobby (with the ones where you hold a seat); None if not asked."""
        lobby = self.lobby()
        client = self.app.client
        if lobby is None or client is None or client.state != "connected":
            return None
        try:
            tables = await client.list_tables()
        except (HostError, ConnectionLost):
            return None
        lobby.held = frozenset(saved.table for saved in client.saved_seats() if not saved.moved)
        lobby.tables = tables
        return tables

    async def back_to_a_game(self) -> Sat | None:
        """Back in your seat at a game going on here (asked which one when there are several)."""
        client = self.app.client
        tables = await self.refresh()
        if client is None or tables is None:
            return None
        listed = {s["table"]: s for s in tables}
        going_on = []
        for saved in client.saved_seats():
            summary = listed.get(saved.table)
            if summary is None:
                client.forget_seat(saved.table)  # the host has forgotten the table
            elif summary["status"] == "playing":
                going_on.append(summary)
        if not going_on:
            return None
        table: int | None = going_on[0]["table"]
        if len(going_on) > 1:
            choices: list[tuple[Text, int, str | None]] = [
                (Text(f"#{s['table']} {literal(title(s['title']))}"), s["table"], None) for s in going_on
            ]
            table = await self.app.push_screen_wait(
                ChoiceScreen(
                    t("Your seats in games going on here"),
                    choices,
                    hint=t("Enter goes back to that game, Esc to the lobby."),
                )
            )
        return None if table is None else await self.take_seat(table, None)

    async def take_seat(self, table: int | None, code: str | None, *, private: bool = False) -> Sat | None:
        """Sit at ``table``, or at the table whose join code is ``code`` (:meth:`Seating.take`)."""
        return await self.seating.take(table, code, player=self.player.name, private=private)

    async def answer(self, ask: LobbyAsk) -> Sat | Stood | None:
        """The lobby screen's request (:mod:`.lobbyasks`): where it leaves you.  A refusal is told."""
        from .newtable import in_words
        from .questions import CodeScreen

        app, client = self.app, self.app.client
        if isinstance(ask, ChooseLanguage):
            await self.choose_language()
            return None
        if client is None:
            return None
        try:
            match ask:
                case CreateTable(game, seats, open_, options, turn_seconds, house_rules):
                    settings = {"seats": seats, "open": open_, "options": options, "turn_seconds": turn_seconds}
                    self.player.created(game, settings)
                    reply = await client.create_table(
                        game, seats, open=open_, options=options, turn_seconds=turn_seconds, house_rules=house_rules
                    )
                    if (lobby := self.lobby()) is not None:
                        lobby.highlight(reply["table"])
                    return Sat(reply["table"])
                case JoinTable(table, open_):
                    return await self._sit_at(table, private=not open_)
                case JoinByCode():  # a code may name another table than the row highlighted
                    return await self._sit_at(None, private=True)
                case Rename():
                    await self.rename()
                case ShowEvening():
                    from .standings import StandingsScreen

                    app.push_screen(StandingsScreen(client.standings))
                case WatchTable(table, open_):
                    code = None
                    if not open_:
                        code = await app.push_screen_wait(CodeScreen())
                        if code is None:
                            return None
                    watched = await client.watch(None if code else table, code=code)  # a code names its table
                    return Sat(watched, watching=True)
                case LeaveTable(table):
                    await client.leave(table)
                    return Stood(table)
                case AddBot(table, bot):
                    await client.add_bot(table, kind=bot)
                case RemoveBot(table, seat):
                    await client.remove_bot(table, seat)
                case FreeSeat(table, seat, reason):
                    await client.remove_seat(table, seat, reason)
                case SetOpen(table, open_):
                    await client.set_open(table, open_)
                case StartGame(table):
                    await client.start(table)
                case HelpSeat(table, open_):  # a helper beside a player (:mod:`.helping`)
                    helps = getattr(app, "helps", None)
                    if helps is not None:
                        await helps.ask(table, open_)
        except HostError as e:
            creating = ask if isinstance(ask, CreateTable) else None
            words = in_words(
                refusal_text(e, game=creating.game if creating else None), creating.options if creating else {}
            )
            app.notify(literal(words), title=t("The host says no"), severity="error")
        except ConnectionLost:
            app.notify(t("Not connected to the host right now: try again in a moment."), severity="error")
        return None

    async def _sit_at(self, table: int | None, *, private: bool) -> Sat | None:
        """A seat at ``table`` (None: the table of the join code asked for), highlighted in the lobby."""
        sat = await self.take_seat(table, None, private=private)
        if sat is not None and (lobby := self.lobby()) is not None:
            lobby.highlight(sat.table)
        return sat

    async def choose_language(self) -> None:
        """``g`` in the lobby: the languages, each by its own name; the one chosen is spoken from
        now on (and remembered), every screen drawn anew in it, nothing else changed."""
        choices: list[tuple[Text, str, str | None]] = [(Text(name), code, None) for code, name in LANGUAGES.items()]
        chosen = await self.app.push_screen_wait(ChoiceScreen(t("Language (Esc: as it is)"), choices, language()))
        if chosen is None:
            return
        self.player.speaks(chosen)
        self.app.reword()

    async def rename(self) -> None:
        """``r`` in the lobby: play under another name from now on (remembered), before joining a
        table; where the name is fixed (an SSH guest's), how to come in under another name instead."""
        app, client, player = self.app, self.app.client, self.player
        if client is None:
            return
        if player.fixed is not None:
            app.notify(t(player.fixed, name=literal(player.name)), title=t("Your name"), timeout=20)
            return
        if client.seats:
            said = t(
                "You sit at #{table} as {name}: leave that table (l in the lobby) to play under another name.",
                table=min(client.seats),
                name=literal(player.name),
            )
            app.notify(said, title=t("Your name"), severity="warning", timeout=10)
            return
        from .questions import NameScreen

        why = Text(t("Which name do you play under from now on? (Enter; Esc keeps your name)"))
        kept = sorted(saved.table for saved in client.saved_seats())
        if kept:
            tables = ", ".join(f"#{table}" for table in kept)
            why.append("\n")
            why.append(
                tn(
                    "Your seat at {tables} stays with the name {name}: come back under it to take it back.",
                    "Your seats at {tables} stay with the name {name}: come back under it to take them back.",
                    len(kept),
                    tables=tables,
                    name=literal(player.name),
                )
            )
        name = await app.push_screen_wait(NameScreen(why, player.name))
        if name is None or name == player.name:
            return
        player.play_as(await client.rename(name))
        if (lobby := self.lobby()) is not None:
            lobby.player = player.name
        app.notify(t("You play as {name} now.", name=literal(player.name)), timeout=5)
