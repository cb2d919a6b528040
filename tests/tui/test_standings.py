"""The evening's standings in the terminal: the lobby's ``e`` shows them from the host (your
row marked, the bots' rows hidden and shown again with ``b``), each person on one line at 80
columns, and ``yule evening`` prints them from the host's data folder (into a pipe, one line a
row), exports them as CSV and Markdown, and starts a new evening.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import random

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from tui_support import shown_lines, wait_for

from yule.core import get_game
from yule.netplay.client import Client, HostError, SeatStore, may_move
from yule.netplay.frames import Standings
from yule.netplay.host.server import Host
from yule.netplay.host.store import Result
from yule.tui.app import YuleApp
from yule.tui.cli import main
from yule.tui.lobby import LobbyScreen
from yule.tui.standings import StandingsScreen, StandingsView
from yule.tui.widgets import PlainApp


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


ANSWER: Standings = {"evening": 1, "started": None, "bots": True, "total": 2, "rows": [
    {"name": "Ana", "bot": None, "you": True, "games": 2, "wins": 1.5, "places": [1, 1],
     "by_game": [{"game": "white-rabbit", "games": 2, "wins": 1.5, "points": 10}]},
    {"name": "Normal Bot", "bot": "greedy", "you": False, "games": 2, "wins": 0.5, "places": [1, 1],
     "by_game": [{"game": "white-rabbit", "games": 2, "wins": 0.5, "points": 8}]}]}  # fmt: skip


EVENING = ["Gillian Longbottom-Smyth", "Li Wei", "Bartholomew Featherstone", "Ana", "Ben", "Cy", "Dee", "Eli",
           "Fay", "Gus", "Hal"]  # fmt: skip
"""Eleven people, two with names of 24 letters, the longest a host takes."""


def an_evening(host: Host) -> None:
    """The eleven of :data:`EVENING` each play a White Elephant, an Elf and a Gift Exchange game
    (four people to a White Elephant table, with a Normal Bot at the last), as the host keeps them."""
    people = [(hashlib.sha256(name.encode()).hexdigest(), name) for name in EVENING]
    for table, (game, seats) in enumerate([("white-elephant", 4), ("elf", 3), ("gift-exchange", 11)], 1):
        for start in range(0, len(people), seats):
            at = people[start : start + seats]
            rows = [(person, name, None) for person, name in at] + [(None, "Normal Bot 1", "greedy")] * (
                len(at) < seats
            )
            game_no = start // seats + 1
            host.store.add_results(
                Result(table, game_no, game, seat, person, name, bot, None if game == "gift-exchange" else 10 + seat,
                       None if game == "gift-exchange" else seat + 1, float(seat == 0 and game != "gift-exchange"),
                       True, 1000.0 + 100 * table + game_no)
                for seat, (person, name, bot) in enumerate(rows)
            )  # fmt: skip


class ViewApp(PlainApp):
    """A :class:`StandingsView` alone, in a scrolling box as on the standings screen."""

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield StandingsView()


async def test_the_view_grows_to_the_rows_that_come_in_place_of_its_one_line():
    app = ViewApp()
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(StandingsView)
        await wait_for(pilot, lambda: shown_lines(view) == ["Asking the host…"], what="the question")
        await pilot.pause()  # laid out: the rows come into a view one line tall
        view.answer = ANSWER
        await wait_for(pilot, lambda: len(shown_lines(view)) > 1, what="the rows", timeout=5)
        lines = shown_lines(view)
        assert lines[1].split() == ["1", "Ana", "(you)", "2", "1.5", "1", "1"]
        assert lines[2].split() == ["2", "Normal", "Bot", "2", "0.5", "1", "1"]
        view.problem = "Not connected to the host right now."
        await wait_for(pilot, lambda: shown_lines(view) == ["Not connected to the host right now."], what="why not")


async def test_the_standings_at_80_columns_are_one_line_a_person_with_names_and_numbers_whole(host):
    an_evening(host)
    app = YuleApp(name="Zoe", address=("127.0.0.1", host.port), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, StandingsScreen), what="the standings")
        view = app.screen.query_one(StandingsView)
        await wait_for(pilot, lambda: view.answer is not None and view.answer["rows"], what="the answer")
        await wait_for(pilot, lambda: len(shown_lines(view)) > len(view.answer["rows"]), what="the rows drawn")
        lines = shown_lines(view)
        assert max(map(len, lines)) <= 76  # within the screen's border and padding: nothing to scroll sideways
        header = lines[0].split()
        assert header[:4] == ["#", "Player", "Games", "Wins"] and header[4:] == ["1st", "2nd", "3rd", "4th"]
        rows = view.answer["rows"]
        assert len(rows) == 12  # the eleven and the Normal Bot
        for n, row in enumerate(rows, 1):
            line = lines[n]
            assert row["name"] in line and "…" not in line, line  # the whole name, on one line with its numbers
            places = row["places"] + [0] * (4 - len(row["places"]))
            numbers = [str(row["games"]), f"{row['wins']:g}", *map(str, places)]
            assert line.split()[-6:] == numbers, line
        for game in ("White Elephant", "Elf: Journey from the North Pole", "Gift Exchange"):
            title = lines.index(game)  # then each game's own table, a line a person who played it
            assert lines[title + 1].split()[:2] == ["Player", "Games"]
        gift_exchange = lines[lines.index("Gift Exchange") + 2 :]
        assert len(gift_exchange) == 11 and all(line.split()[-1] == "1" for line in gift_exchange)


async def test_yule_evening_into_a_pipe_prints_a_header_and_one_line_a_row(host, capsys):
    an_evening(host)
    assert main(["evening", "--data", str(host.data_dir)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 + 12  # the header, the eleven and the Normal Bot
    assert lines[0].split()[:4] == ["#", "Player", "Games", "Wins"] and lines[0].endswith("By game")
    gillian = next(line for line in lines if "Gillian Longbottom-Smyth" in line)
    assert gillian.split("  ")[-1] == ("White Elephant: 1 game, 1 win, 10 points; Elf: Journey from the North Pole: "
                                       "1 game, 1 win, 10 points; Gift Exchange: 1 game")  # fmt: skip
    for name in [*EVENING, "Normal Bot"]:
        assert sum(name in line for line in lines) == 1


async def test_e_in_the_lobby_shows_the_standings_with_your_row_and_b_hides_the_bots(host):
    await a_game_played(host, "Dee", seat_store=SeatStore())  # the app's own seat file: Dee is the app's person
    await a_game_played(host, "Eli")
    app = YuleApp(name="Dee", address=("127.0.0.1", host.port), discover=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.tables, what="the lobby")
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, StandingsScreen), what="the standings")
        view, box = app.screen.query_one(StandingsView), app.screen.query_one(VerticalScroll)

        def names() -> set[str]:  # the names in the evening's table (up to the first game's own)
            lines = shown_lines(view)
            numbers = len(lines[0].split()) - 2  # columns after the place and the name: games, wins, 1st ...
            rows = lines[1 : lines.index("") if "" in lines else None]
            return {" ".join(line.split()[1:-numbers]) for line in rows}

        await wait_for(pilot, lambda: names() == {"Dee (you)", "Eli", "Easy Bot"}, what="the rows")
        assert "White Rabbit" in shown_lines(view) and box.border_subtitle == "b hides the bots"
        await pilot.press("b")
        await wait_for(pilot, lambda: names() == {"Dee (you)", "Eli"}, what="the bots hidden")
        assert view.answer is not None and not view.answer["bots"]
        assert box.border_subtitle == "bots hidden: b shows them"
        await pilot.press("b")
        await wait_for(pilot, lambda: names() == {"Dee (you)", "Eli", "Easy Bot"}, what="the bots shown again")
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
