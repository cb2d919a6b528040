"""A paused table in the terminal: ``z`` in the footer only for who may pause (the creator; while
the creator is away, the people seated), the banner on a player's screen and on the TV, the timer
shown standing still, and a vote's question to the people seated."""

from __future__ import annotations

from tui_support import info_frame, info_of, screen_text, sit_at_a_started_table, table_of, wait_for

from yule.netplay.client import Client
from yule.tui.app import YuleApp
from yule.tui.dialogs import ConfirmScreen
from yule.tui.lobby import table_line
from yule.tui.pausing import PauseBanner
from yule.tui.screens import TableScreen
from yule.tui.tv import WatchApp
from yule.tui.widgets import StatusLine


def z_key(app) -> str | None:
    """What ``z`` says in the footer of the app's screen (None: not offered)."""
    active = app.screen.active_bindings.get("z")
    return None if active is None else active.binding.description


def banner(app) -> str:
    shown = app.screen.query(PauseBanner)
    return str(shown.first().render()) if shown and shown.first().display else ""


def status(app) -> str:
    return str(app.screen.query_one(StatusLine).render())


async def test_the_creator_pauses_with_z_and_every_screen_shows_the_banner_and_the_timer_stands_still(host):
    port = host.port
    app = YuleApp(name="Ana", address=("127.0.0.1", port), discover=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await sit_at_a_started_table(pilot, app)
        table = table_of(app)
        assert z_key(app) == "Pause"
        tv = WatchApp("127.0.0.1", port, table, info_of(app)["code"])
        async with tv.run_test(size=(100, 30)) as tv_pilot:
            await wait_for(tv_pilot, lambda: isinstance(tv.screen, TableScreen), what="the TV's table")
            assert z_key(tv) is None  # the TV pauses nothing
            await pilot.press("z")
            await wait_for(pilot, lambda: banner(app).startswith("⏸  Paused by Ana since "), what="the banner")
            await wait_for(pilot, lambda: z_key(app) == "Resume", what="z resumes now")
            await wait_for(tv_pilot, lambda: "Paused by Ana since" in banner(tv), what="the TV's banner")
            assert "Ana paused the table: nothing moves until it is resumed." in app.table_screen.lines
            assert host.tables[table].paused
            game = app.table_screen.table  # her turn, and no move offered while paused: each key greyed, and says why
            assert not any(game.check_action(move, ()) for move in game.MOVES)
            seq = host.tables[table].seq
            said: list[str] = []
            notify = app.notify
            app.notify = lambda message, **kwargs: (said.append(message), notify(message, **kwargs))[1]  # type: ignore[method-assign]
            await pilot.press("t")
            await wait_for(pilot, lambda: "Ana paused this table: nothing moves until it is resumed." in said,
                           what="why, in a notice")  # fmt: skip
            assert not game.pending and host.tables[table].seq == seq  # nothing was sent
            await pilot.press("z")
            await wait_for(pilot, lambda: banner(app) == "" and z_key(app) == "Pause", what="resumed")
            assert any(game.check_action(move, ()) for move in game.MOVES)  # her moves again
            await wait_for(tv_pilot, lambda: banner(tv) == "", what="the TV's banner gone")
            assert "Ana resumed the table: play on!" in app.table_screen.lines


async def test_a_player_sees_the_banner_and_no_z_while_the_creator_is_here_and_is_asked_while_away(host):
    port = host.port
    cy = Client("127.0.0.1", port, "Cy", reconnect=False)
    await cy.connect()
    async with Client("127.0.0.1", port, "Ben") as ben:
        created = await cy.create_table("white-elephant", 4, bot_delay=0, turn_seconds=600)
        table = created["table"]
        await ben.join(table, created["code"])
        app = YuleApp(name="Ana", address=("127.0.0.1", port), code=created["code"], discover=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: table_of(app) == table, what="Ana at the table")
            await cy.fill_bots(table)
            await cy.start(table)
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), what="the table")
            await wait_for(pilot, lambda: "left" in status(app), what="a turn timer")
            assert z_key(app) is None  # Cy created the table, and is here
            await cy.pause(table, True)
            await wait_for(pilot, lambda: "Paused by Cy since" in banner(app), what="the banner")
            held = status(app)
            assert z_key(app) is None and "left" in held
            await pilot.pause(1.2)  # the status line counts every half second: it stands still
            assert status(app) == held
            await cy.close()  # the creator goes: the people seated decide, by a vote
            await wait_for(pilot, lambda: z_key(app) == "Resume", what="z for Ana now")
            await ben.pause(table, False)
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="the vote's question")
            assert "Ben asks to play on: resume the table?" in screen_text(app)
            await pilot.press("y")
            await wait_for(pilot, lambda: not host.tables[table].paused, what="resumed by the vote")
            await wait_for(pilot, lambda: banner(app) == "", what="no banner")
            assert "The table plays on: Ben asked, and the players here said yes." in app.table_screen.lines


def test_the_lobby_marks_a_paused_table():
    info = info_frame("white-rabbit", ["Ana", "Ben"], paused={"by": "Ana", "since": 0.0, "vote": False})
    summary = {key: value for key, value in info.items() if key not in ("type", "you", "organiser", "runs", "run_by")}
    assert " 2/2 paused " in table_line(summary).plain  # type: ignore[arg-type]
    assert " 2/2 playing " in table_line({**summary, "paused": None}).plain  # type: ignore[arg-type]
