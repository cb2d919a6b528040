"""Helpers for the Gift Exchange screen tests (imported by name): fixed positions built with the
rules engine (to make realistic views only), an app showing them on the organiser's screen or
the TV, and key helpers for driving ``yule party`` by Pilot."""

from __future__ import annotations

from typing import Any

from tui_support import NAMES, info_frame, view_frame

from yule.core.gift_exchange import GAME, Bring, Open, Order, Steal
from yule.netplay.client.follower import TableFollower
from yule.tui.gift_exchange.party import PartyScreen
from yule.tui.gift_exchange.tv import GiftExchangeTV
from yule.tui.widgets import PlainApp

LABELS = ["Waffle maker", "", "Snow globe", "Fondue set", "Singing fish", "Board game"]
WRAPPINGS = ["small box, gold paper", "big red box", "lumpy bag", "tin with a ribbon", "flat parcel", "tube"]


def position(
    players: int = 6, steps: int = 5, options: dict[str, Any] | None = None
) -> tuple[Any, list[dict[str, Any]]]:
    """A fixed party: gifts brought, order 0..n-1, then opens and steals; returns (state, events)."""
    state = GAME.start(players, options)
    for seat in range(players):
        state.apply(Bring(seat, LABELS[seat % len(LABELS)], WRAPPINGS[seat % len(WRAPPINGS)]))
    state.apply(Order(tuple(range(players))))
    script = [Open(0, 0), Steal(1, 0), Open(0, 1, "Kite"), Open(2, 2), Steal(3, 2), Steal(2, 1)]
    events: list[dict[str, Any]] = []
    for move in script[:steps]:
        events = state.apply(move)
    return state, events


def names_for(players: int) -> list[str]:
    return (NAMES[:6] + [f"Guest {i + 1}" for i in range(6, players)])[:players]


class BoardApp(PlainApp):
    """The organiser's screen (``tv=False``) or the TV showing a fixed public view."""

    ENABLE_COMMAND_PALETTE = False

    def __init__(self, state: Any, tv: bool = False, before: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.state = state
        self.tv = tv
        self.before = before
        """A public view shown first (the TV's reveal compares the two)."""
        self.status = {"place": "Yule party · 192.0.2.1:7737", "code": "K7QF2M", "connection": "connected"}

    async def on_mount(self) -> None:
        """The frames the organiser (or the TV) gets, followed: the table, the view (after the one before)."""
        names = names_for(self.state.players)
        view = self.state.view(None)
        follower: TableFollower[Any] = TableFollower(3)
        screen = GiftExchangeTV(follower) if self.tv else PartyScreen(follower)
        await self.push_screen(screen)
        acting = [{"seat": s, "actions": self.state.view(s)["actions"]} for s in view["active"]]
        frames = [info_frame("gift-exchange", names, organised=True, organiser=not self.tv)]
        if self.before is not None:
            frames.append(view_frame(self.before, 1))
        frames.append(view_frame(view, 2, **({} if self.tv else {"acting": acting})))
        for frame in frames:
            change = follower.take(frame)
            assert change is not None
            screen.follow(change)
