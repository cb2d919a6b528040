"""Turn timers in the terminal: the create form's timer, the time left on the status line of the
seat's screen and of the TV, and the log line when a bot moved for a seat whose time was up."""

from __future__ import annotations

from tui_support import Notes, info_of, new_table_form, screen_text, table_of, wait_for

from yule.netplay.client import Client
from yule.tui.app import YuleApp
from yule.tui.screens import TableScreen
from yule.tui.tv import WatchApp
from yule.tui.widgets import StatusLine


def status(app) -> str:
    return str(app.screen.query_one(StatusLine).render())


async def test_the_seat_and_the_tv_count_down_and_the_log_says_when_a_bot_moved(host):
    port = host.port
    async with Client("127.0.0.1", port, "Ben") as ben:
        # Six seconds a move: room for a loaded machine to draw both screens before the time is up.
        created = await ben.create_table("white-elephant", 3, bot_delay=0, sit=False, turn_seconds=6)
        table = created["table"]
        app = YuleApp(name="Ana", address=("127.0.0.1", port), code=created["code"], discover=False)
        tv = WatchApp("127.0.0.1", port, table, created["code"])
        async with app.run_test(size=(80, 24)) as pilot, tv.run_test(size=(80, 24)) as tv_pilot:
            await wait_for(pilot, lambda: table_of(app) == table, what="Ana at the table")
            await ben.fill_bots(table)
            await ben.start(table)
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), what="the table")
            await wait_for(pilot, lambda: "your move: 0:0" in status(app), what="the time left")
            first = status(app)
            await wait_for(tv_pilot, lambda: "Ana: 0:0" in status(tv), what="the time left on the TV")
            await wait_for(pilot, lambda: status(app) != first and "your move" in status(app), what="counting")
            await wait_for(
                pilot, lambda: "Time is up for Ana: a bot made the move." in app.table_screen.lines, what="the bot"
            )
            await wait_for(tv_pilot, lambda: "Time is up for Ana" in screen_text(tv), what="the TV's log")


async def test_the_create_form_sets_a_turn_timer(host):
    port = host.port
    app = YuleApp(name="Fay", address=("127.0.0.1", port), discover=False)
    notes = Notes()
    async with app.run_test(size=(80, 24), message_hook=notes) as pilot:
        form = await new_table_form(pilot, app)
        form.query_one("#turn-seconds").focus()
        await pilot.press("5", "ctrl+s")  # too short for people: refused here
        await wait_for(pilot, lambda: any("Turn timer" in n.message for n in notes), what="no")
        await pilot.press("backspace", "4", "5", "ctrl+s")
        await wait_for(pilot, lambda: info_of(app) is not None, what="the new table")
        assert info_of(app)["turn_seconds"] == 45
        await wait_for(pilot, lambda: "Turn timer: 45 s a move" in screen_text(app), what="the timer shown")
