"""A player and a TV at a host, by the terminal apps, as ``yule join`` and ``yule watch`` run them.

``python scenario.py PORT``: Ana joins the host at ``127.0.0.1:PORT`` from its lobby, makes a
White Elephant table with two bots, starts it and takes two gifts by keys; then a TV follows
that table by its join code and shows her move.  The apps run headless.  The last line printed
is one JSON object: the table's join code and this machine's LAN addresses.
``tests/tui/test_without_posix.py`` runs it where the POSIX-only modules are hidden.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tui"))

from tui_support import sit_at_a_started_table, take_two, wait_for_screen

from yule.netplay.discovery import local_addresses
from yule.tui.app import YuleApp
from yule.tui.tv import TableTV, WatchApp


async def scenario(port: int) -> str:
    ana = YuleApp(name="Ana", address=("127.0.0.1", port), discover=False)
    async with ana.run_test(size=(80, 24)) as pilot:
        await sit_at_a_started_table(pilot, ana)
        await take_two(pilot, ana, "Ana")
        assert ana.table is not None and ana.table.info is not None
        code = str(ana.table.info["code"])
    tv = WatchApp("127.0.0.1", port, None, code)
    async with tv.run_test(size=(100, 30)) as pilot:
        await wait_for_screen(pilot, TableTV, "Ana took 2 gifts", what="Ana's move on the TV")
    return code


print(json.dumps({"code": asyncio.run(scenario(int(sys.argv[1]))), "addresses": local_addresses()}))
