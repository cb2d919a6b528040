"""The evening's standings in the terminal: the lobby's ``e`` shows them from the host (your
row marked, the bots' rows hidden and shown again with ``b``), and ``yule evening`` prints
them from the host's data folder, exports them as CSV and Markdown, and starts a new evening.
"""

from __future__ import annotations

import contextlib
import csv
import io
import random

from tui_support import wait_for, wait_for_screen

from yule.core import get_game
from yule.netplay.client import Client, HostError, SeatStore, may_move
from yule.netplay.host import Host
from yule.tui.app import YuleApp
from yule.tui.cli import main
from yule.tui.lobby import LobbyScreen
from yule.tui.standings import StandingsScreen, StandingsView


async def a_game_played(host: Host, name: str, *, seat_store: SeatStore | None = None) -> int:
    """``name`` plays a White Rabbit table against a random bot (making random moves themselves)
    until the game is over; the table.  (Who leaves at once is not credited with the game.)"""
    async with Client("127.0.0.1", host.port, name, seat_store=seat_store) as client:
        table = (await client.create_table("white-rabbit", 2, bot_delay=0, open=True))["table"]
        await client.add_bot(table, kind="random")
        await client.start(table)
        mine = get_game("white-rabbit").bots["random"](random.Random(name))
        async for msg in client:
            if msg.get("table") != table:
                continue
            if msg["type"] == "view" and may_move(msg):
                with contextlib.suppress(HostError):  # stale: a newer view follows
                    await client.move(table, mine.choose(msg["view"]), seq=msg["seq"])
            elif msg["type"] == "table" and msg["status"] == "over":
                break
    return table


async def test_e_in_the_lobby_shows_the_standings_with_your_row_and_b_hides_the_bots(host):
    await a_game_played(host, "Dee", seat_store=SeatStore())  # the app's own seat file: Dee is the app's person
    await a_game_played(host, "Eli")
    app = YuleApp(name="Dee", address=("127.0.0.1", host.port), discover=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables, what="the lobby")
        await pilot.press("e")
        text = await wait_for_screen(pilot, StandingsScreen, "Dee (you)", "Eli", "Easy Bot (bot)", "White Rabbit:")
        assert "Eli (you)" not in text
        await pilot.press("b")
        view = app.screen.query_one(StandingsView)
        await wait_for(pilot, lambda: view.answer is not None and not view.answer["bots"], what="the bots hidden")
        text = await wait_for_screen(pilot, StandingsScreen, "Dee (you)", "bots hidden: b shows them")
        assert "(bot)" not in text and "Eli" in text
        await pilot.press("b")
        await wait_for_screen(pilot, StandingsScreen, "Easy Bot (bot)", what="the bots shown again")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby again")


async def test_yule_evening_exports_csv_and_markdown_and_starts_a_new_evening(host, tmp_path, capsys):
    await a_game_played(host, "Ana | Bo")
    await a_game_played(host, "Cy")
    data = str(host.data_dir)
    assert main(["evening", "--data", data, "--export", str(tmp_path / "evening.csv")]) == 0
    rows = list(csv.DictReader(io.StringIO((tmp_path / "evening.csv").read_text())))
    assert {r["name"]: (r["bot"], r["games"]) for r in rows} == {"Ana | Bo": ("", "1"), "Cy": ("", "1"),
                                                                 "Easy Bot": ("random", "2")}  # fmt: skip
    assert sum(float(r["wins"]) for r in rows) == 2 and {r["White Rabbit games"] for r in rows} == {"1", "2"}
    assert main(["evening", "--data", data, "--no-bots", "--export", str(tmp_path / "evening.md")]) == 0
    markdown = (tmp_path / "evening.md").read_text()
    assert markdown.startswith("# The evening's standings\n") and "| Ana \\| Bo |" in markdown
    assert "Easy Bot" not in markdown
    capsys.readouterr()
    assert main(["evening", "--data", data, "--new"]) == 0
    assert "Evening 2 starts now" in capsys.readouterr().out
    async with Client("127.0.0.1", host.port, "Cy") as cy:  # the running host counts from the new evening
        assert (await cy.standings()) | {"started": None} == {
            "type": "standings",
            "evening": 2,
            "started": None,
            "bots": True,
            "total": 0,
            "rows": [],
            "rid": 1,
        }
    assert main(["evening", "--data", data]) == 0
    assert "No game that you may see has ended this evening yet." in capsys.readouterr().out
    assert main(["evening", "--data", data, "--export", str(tmp_path / "evening.txt")]) == 2
    assert main(["evening", "--data", str(tmp_path / "nothing")]) == 1
    assert "no Yule host has kept games" in capsys.readouterr().err
