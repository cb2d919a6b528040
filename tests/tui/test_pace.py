"""The bots' pace at a table: whoever runs it picks with ``a`` how long each bot's move stays on
show, the host keeps it, and the player's choice for that game is remembered."""

from __future__ import annotations

from tui_support import info_of, wait_for, wait_for_screen

from yule.netplay.client import Client
from yule.tui.app import YuleApp
from yule.tui.dialogs import ChoiceScreen
from yule.tui.pace import pace_for
from yule.tui.profile import Player, Profile
from yule.tui.screens import TableScreen


async def test_a_picks_the_bots_pace_for_whoever_runs_the_table_and_it_is_remembered(host, tmp_path):
    profile = Profile.load(tmp_path / "player.json")
    app = YuleApp(name="Bob", discover=False)
    app.player = Player("Bob", profile)
    ana = Client("127.0.0.1", host.port, "Ana", reconnect=False)
    await ana.connect()
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            created = await ana.create_table("white-rabbit", 3, bot_delay=0.3)
            table = created["table"]
            app.code = created["code"]
            app.connect("127.0.0.1", host.port)
            await wait_for(pilot, lambda: (info_of(app) or {}).get("you") == 1, what="Bob's seat")
            await ana.add_bot(table, kind="random")
            await ana.start(table)
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), what="the table")
            assert not app.screen.check_action("pace", ())  # Ana runs the table, not Bob
            await ana.close()  # the creator goes: the players run the table now
            await wait_for(
                pilot, lambda: info_of(app)["runs"] and app.screen.check_action("pace", ()), what="Bob runs it"
            )
            await pilot.press("a")
            await wait_for_screen(pilot, ChoiceScreen, "Very slow: each bot's move stays 2.5 s", what="the paces")
            await pilot.press("down", "down", "down", "enter")
            await wait_for(pilot, lambda: host.tables[table].bot_delay == 2.5, what="the host's pace")
            await wait_for(pilot, lambda: info_of(app)["bot_delay"] == 2.5, what="the pace told")
            assert Profile.load(profile.path).paces == {"white-rabbit": 2.5}
            assert pace_for("white-rabbit", Profile.load(profile.path).paces) == 2.5
    finally:
        await ana.close()
