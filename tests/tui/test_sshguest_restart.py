"""An SSH guest whose game host restarts while the SSH server stays (``yule ssh-serve --host``): the
guest's app says plainly that the host is away and that they need do nothing, then that they are
back, at their seat; a host that stays away is told with how to come back later; and a server that
stops tells its guests how to come back.  Real SSH sessions (asyncssh's client, the helpers of
``test_sshserve``), each guest's app a process drawing to its pseudo terminal.
"""

from __future__ import annotations

import asyncio
import re

from test_sshserve import WAIT, Guest
from tui_support import wait_for_screen

from yule.netplay.asks import Create
from yule.netplay.client import Client
from yule.netplay.host.server import Host
from yule.tui.connect import NoAnswerScreen
from yule.tui.ssh.guest import SSHGuestApp
from yule.tui.ssh.serve import SSHServe


async def test_a_guest_is_told_the_game_host_is_away_then_that_they_are_back_at_their_seat(tmp_path):
    host = Host(tmp_path / "host", away_timeout=60)
    port = await host.start("127.0.0.1", 0)
    ssh = SSHServe(tmp_path / "ssh", ("127.0.0.1", port))
    await ssh.start("127.0.0.1", 0)
    ana = None
    try:
        async with Client("127.0.0.1", port, name="Organiser") as organiser:
            created = await organiser.request(Create(game="elf", seats=2, sit=False))
            ana = await Guest.connect(ssh.port, "ana")
            await ana.shows("n creates a table")
            ana.keys("j")
            await ana.shows("type its join code")
            ana.keys(created["code"], "\r")
            await ana.shows("ana (you)")
        table = created["table"]
        await host.stop()  # the game host restarts
        await ana.says("The game host stopped answering: it may be restarting. Stay here: you are back by yourself "
                       f"as soon as it answers, at your seat at table #{table}.")  # fmt: skip
        host = Host(tmp_path / "host", away_timeout=60)
        await host.start("127.0.0.1", port)
        await ana.says(f"The game host answers again (it restarted): you are back at your seat at table #{table}.")
        assert host.tables[table].seats[0] is not None and host.tables[table].seats[0].name == "ana"
        await ssh.stop()  # and the SSH server too: the guest is told how to come back
        await ana.shows("type the same ssh line again in a minute to come back (to your seat, if you had one).")
        await asyncio.wait_for(ana.process.wait_closed(), WAIT)
    finally:
        if ana is not None:
            await ana.close()
        await ssh.stop()
        await host.stop()


async def test_a_game_host_that_stays_away_is_told_with_how_to_come_back():
    app = SSHGuestApp("ana", ("127.0.0.1", 1))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, NoAnswerScreen, "Nothing answers", what="the first try")
        app.no_answer("127.0.0.1", 1, None)  # as when the client gives up reaching the host it lost
        text = await wait_for_screen(pilot, NoAnswerScreen, "stopped answering", what="told")
        flowing = " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())
        assert ("The game host stopped answering: it may be restarting. Try again in a moment; if you quit, type the "
                "same ssh line later to come back.") in flowing  # fmt: skip
        assert "yule host" not in flowing
        await pilot.press("ctrl+q")
