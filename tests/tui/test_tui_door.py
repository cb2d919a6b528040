"""The door and the table's controls in the terminal app, against a real host.

- A player at the table is asked, on screen, whether a newcomer asking for an away player's
  seat is really them; ``y`` lets them in (Enter does nothing), and the question goes from the
  other screens.
- The status line counts down to the bot that will play for a player who is away.
- ``w`` at the table offers to nudge the players the table waits for (no one else), and the
  nudged player hears it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from conftest import FAST, running
from textual.widgets import OptionList, Static
from tui_support import Notes, info_of, screen_text, table_of, wait_for, wait_for_screen

from yule.netplay.client import Client
from yule.netplay.host.server import Host
from yule.tui.app import YuleApp
from yule.tui.dialogs import ChoiceScreen, ConfirmScreen
from yule.tui.screens import TableScreen
from yule.tui.widgets import StatusLine


async def started_with(port: int, app: YuleApp, pilot: Any, game: str, *others: str) -> tuple[Client, list[Client]]:
    """Ana's table of ``game``: the app's player joins by code, then ``others``; Ana starts it."""
    ana = Client("127.0.0.1", port, "Ana", reconnect=False)
    await ana.connect()
    created = await ana.create_table(game, 2 + len(others), bot_delay=30)
    app.code = created["code"]
    app.connect("127.0.0.1", port)
    await wait_for(pilot, lambda: (info_of(app) or {}).get("you") == 1, what="the app's seat")
    clients = []
    for name in others:
        client = Client("127.0.0.1", port, name, reconnect=False)
        await client.connect()
        await client.join(None, created["code"])
        clients.append(client)
    await ana.start(created["table"])
    await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), what="the table")
    return ana, clients


def status(app: YuleApp) -> str:
    """What the status line of the screen on top says."""
    return str(app.screen.query_one(StatusLine).render())


async def test_a_player_is_asked_and_lets_the_newcomer_in(host):
    app = YuleApp(name="Bob", discover=False)
    async with app.run_test(size=(100, 30)) as pilot:
        ana, (cy,) = await started_with(host.port, app, pilot, "white-elephant", "Cy")
        try:
            await cy.close()  # Cy's laptop died
            await wait_for(pilot, lambda: "Cy is away: a bot plays in" in status(app), what="the countdown")
            async with Client("127.0.0.1", host.port, "Cy on a phone", local_address="127.0.0.2") as phone:
                asking = asyncio.create_task(phone.reclaim(info_of(app)["code"], "Cy"))
                await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="the question")
                question = str(app.screen.query_one(Static).render())
                assert question.startswith("Cy on a phone asks to take over the seat of Cy")
                assert "This host has not seen them play before" in question
                assert question.endswith("y lets them in   n says no   Esc: says no")  # Enter: neither
                await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, ConfirmScreen) and not asking.done()
                await pilot.press("y")
                claim = await asking
                assert claim.seat == 2
                await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmScreen), what="the question gone")
                await wait_for(pilot, lambda: "a bot plays in" not in status(app), what="no countdown")
                await wait_for(
                    pilot,
                    lambda: "Cy is back, on another device (Bob said yes)." in app.table_screen.lines,
                    what="the log line",
                )
        finally:
            await ana.close()


async def test_w_nudges_a_player_the_table_waits_for(tmp_path):
    host = Host(tmp_path / "data", away_timeout=60, limits=FAST, nudge_after=0)
    async with running(host) as port:
        app, notes = YuleApp(name="Bob", discover=False), Notes()
        async with app.run_test(size=(100, 30), message_hook=notes) as pilot:
            ana, (cy,) = await started_with(port, app, pilot, "gift-list", "Cy")  # everyone brings at once
            try:
                await pilot.press("w")
                await wait_for_screen(pilot, ChoiceScreen, "Nudge Ana: the table waits for their move",
                                      "Nudge Cy", what="the choices")  # fmt: skip
                assert "Let a bot make" not in screen_text(app)  # Ana runs the table, not Bob
                await pilot.press("enter")
                async for frame in ana:
                    if frame["type"] == "nudged":
                        break
                assert frame["name"] == "Bob"
                await wait_for(
                    pilot,
                    lambda: "Bob nudged Ana: the table waits for their move." in app.table_screen.lines,
                    what="the log line",
                )
                await cy.nudge(table_of(app), 1)
                nudged = "Cy nudged you: the table waits for your move."
                await wait_for(pilot, lambda: nudged in notes.messages, what="Bob nudged")
            finally:
                await ana.close()
                await cy.close()


async def test_w_offers_only_the_players_the_table_waits_for(tmp_path):
    host = Host(tmp_path / "data", away_timeout=60, limits=FAST, nudge_after=0)
    async with running(host) as port:
        app, notes = YuleApp(name="Bob", discover=False), Notes()
        async with app.run_test(size=(100, 30), message_hook=notes) as pilot:
            ana, (cy,) = await started_with(port, app, pilot, "white-elephant", "Cy")  # one seat moves at a time
            try:
                await wait_for(pilot, lambda: app.table_screen.table.view is not None, what="the first view")
                names = [s["name"] for s in info_of(app)["seats"]]
                turn = app.table_screen.table.view["turn"]
                await pilot.press("w")
                if turn == 1:  # Bob's own move: nobody else to nudge
                    await wait_for(pilot, lambda: any("Nobody to nudge now" in n for n in notes.messages), what="why")
                    assert not isinstance(app.screen, ChoiceScreen)
                    return
                await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), what="the choices")
                offered = [str(option.prompt) for option in app.screen.query_one(OptionList).options]
                assert [line.strip("> ") for line in offered] == [
                    f"Nudge {names[turn]}: the table waits for their move"
                ]
            finally:
                await ana.close()
                await cy.close()
