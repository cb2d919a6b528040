"""``yule watch`` of every game against a real host (issue 12, §3; issue 26, §2).

A table of each game with Ana and bots: the TV waits for the start, then shows the game's
title, its own board (never a gift exchange board for another game), the log, no seat's own
panels and no move keys; it follows every move live, and shows the score sheet when the game
is over.  The Gift Exchange TV shows the state that stands after an organiser's undo.

While the table waits for players the TV invites people in: the join code big, the ``yule
join`` and ``ssh`` lines from the host's welcome, the party word asked or not, who has sat
down (live); an open table needs no code, and a TV the host did not tell the code shows none.
After the game its results and the evening's standings take turns until the next game, and a
table waiting for a player again invites people in again.

The TV follows the room: started without a table it follows the newest, and it moves on to a
table started later by itself, never during a game (after the results and the standings), at
once from a table waiting for players, and only to an open table; the host's owner's TV follows
a private table too, and its standings count that table's games.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any

import gift_exchange_support
import pytest
from conftest import running
from game_support import logged
from textual.containers import VerticalScroll
from tui_support import screen_text, shown_lines, wait_for, wait_for_screen

from yule.core import all_games, get_game
from yule.core.gift_exchange import Keep, Open
from yule.netplay.client import Client, HostError, may_move
from yule.netplay.host.owner import read_owner_file
from yule.netplay.host.server import Host
from yule.tui.bigtext import BigText
from yule.tui.cli import main
from yule.tui.games import GAME_UIS
from yule.tui.gift_exchange.board import GiftBoard
from yule.tui.gift_exchange.tv import GiftExchangeTV
from yule.tui.scores import Headline
from yule.tui.standings import StandingsView
from yule.tui.text import literal
from yule.tui.tv import EveningTV, TableTV, WaitingScreen, WatchApp, seated_text

BOARDS = {
    # game: (seats, words only that game's board shows, words of a seat's own panels); every
    # game with a table in the terminal needs its line
    "white-elephant": (4, ["Gift Exchange:", "Players", "Start Player"], ["Your Shelf", "your Peanuts"]),
    "gift-exchange": (4, ["gifts:", "steals so far", "not brought yet"], []),
    "white-rabbit": (3, ["RABBIT", "needs 1 2 3", "b brown"], ["YOUR TURN", "You rolled"]),
    "gift-list": (
        4,
        ["The party: one gift brought by each seat", "Received (public)"],
        ["Your attic", "Your Gift List"],
    ),
    "elf": (3, ["NYC*", "[3 ", "Deck "], ["Hand ", "Goal "]),
}
GIFT_EXCHANGE_BOARD = "▣ wrapped  ▣? named when opened"


async def play_seat(client: Client, table: int, game: str) -> None:
    """Ana's moves, chosen by a random bot from her view, until the game is over."""
    bot = get_game(game).bots["random"](random.Random(1))
    async for frame in client:
        if frame.get("table") != table or frame.get("type") != "view":
            continue
        if "result" in frame["view"]:
            return
        if may_move(frame):
            try:
                await client.move(table, bot.choose(frame["view"]), seq=frame["seq"])
            except HostError as e:
                if e.code != "stale":  # a view already overtaken: the next one asks again
                    raise


def evening_rows(app: WatchApp) -> dict[str, str] | None:
    """The evening's standings the TV shows now, read from its view: each name and its games
    (None: no standings on the TV now)."""
    if not isinstance(app.screen, EveningTV) or not app.screen.query(StandingsView):
        return None
    lines = shown_lines(app.screen.query_one(StandingsView))
    numbers = len(lines[0].split()) - 2 if lines else 0  # games, wins, 1st ...
    rows = lines[1 : lines.index("") if "" in lines else None]
    return {" ".join(line.split()[1:-numbers]): line.split()[-numbers] for line in rows}


def shown_keys(app: WatchApp) -> set[str]:
    """The descriptions of the keys the footer shows now."""
    return {b.description for _, b, enabled, _ in app.screen.active_bindings.values() if b.show and enabled}


@pytest.mark.parametrize("game", [g.name for g in all_games() if g.name in GAME_UIS])
async def test_the_tv_of_every_game_follows_it_live_to_the_scores(host, game):
    seats, board_words, own_words = BOARDS[game]
    title = get_game(game).title
    port = host.port
    async with Client("127.0.0.1", port, "Ana") as ana:
        created = await ana.create_table(game, seats, bot_delay=0, seed=5)
        table = created["table"]
        await ana.fill_bots(table)
        app = WatchApp("127.0.0.1", port, None, created["code"])
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: "Come and play" in screen_text(app), what="the invitation")
            assert isinstance(app.screen, WaitingScreen) and title in screen_text(app)
            await ana.start(table)
            tv_class = GiftExchangeTV if game == "gift-exchange" else TableTV
            await wait_for(pilot, lambda: isinstance(app.screen, tv_class), what="the TV")
            await wait_for(pilot, lambda: "Ana" in screen_text(app), what="the seats")
            text = screen_text(app)
            assert f"Yule TV · {title} · table {table}" in text
            assert all(words in text for words in board_words), text
            assert not any(words in text for words in own_words), text
            assert (GIFT_EXCHANGE_BOARD in text) == (game == "gift-exchange")
            assert shown_keys(app) <= {"Rules", "Log", "Quit"}
            lines = len(app.tv.lines)
            player = asyncio.create_task(play_seat(ana, table, game))
            try:
                await wait_for(pilot, lambda: len(app.tv.lines) > lines, what="a move on the TV")
                over = "The gift exchange is over" if game == "gift-exchange" else "Game over."
                await wait_for(pilot, lambda: over in screen_text(app), timeout=60, what="the scores")
                await asyncio.wait_for(player, 30)
            finally:
                player.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await player
            assert app.tv.lines[-1] == logged(host.tables[table], host.tables[table].log.entries[-1:])[0]
            assert "Traceback" not in screen_text(app)


async def test_the_tv_goes_back_to_the_table_when_it_plays_again(host):
    port = host.port
    async with Client("127.0.0.1", port, "Ana") as ana:
        created = await ana.create_table("white-rabbit", 2, bot_delay=0, seed=5)
        table = created["table"]
        await ana.fill_bots(table)
        await ana.start(table)
        app = WatchApp("127.0.0.1", port, table, created["code"])
        async with app.run_test(size=(80, 24)) as pilot:
            await asyncio.wait_for(play_seat(ana, table, "white-rabbit"), 30)
            await wait_for(pilot, lambda: "Game over." in screen_text(app), what="the scores")
            assert not app.tv.table.display
            await ana.play_again(table)  # the new game waits for Ana's first roll
            await wait_for(pilot, lambda: "A new game begins at this table." in app.tv.lines, what="a new game")
            await wait_for(pilot, lambda: app.tv.table.display, what="the table again")
            assert "Game over." not in screen_text(app) and "RABBIT" in screen_text(app)


async def test_a_wrong_code_is_said_in_words_and_quitting_fails(host):
    port = host.port
    app = WatchApp("127.0.0.1", port, None, "ZZZZZZ")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "No table here has the join code ZZZZZZ." in screen_text(app), what="why")
        assert "r tries again, q quits." in screen_text(app) and "Try again" in shown_keys(app)
        await pilot.press("q")
    assert app.return_value == 1  # yule watch exits with 1


async def test_a_private_table_without_its_code_says_to_give_it(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        table = (await ana.create_table("white-elephant", 3))["table"]
        app = WatchApp("127.0.0.1", host.port, table, None)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: f"Table {table} is private: give its join code too" in screen_text(app),
                           what="why")  # fmt: skip
            assert "None" not in screen_text(app)


async def test_nothing_answering_is_said_in_words_and_r_tries_again(tmp_path):
    host = Host(tmp_path, away_timeout=60)
    port = await host.start("127.0.0.1", 0)
    await host.stop()  # nothing listens there now
    app = WatchApp("127.0.0.1", port, 1, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "Nothing answers at 127.0.0.1:" in screen_text(app), what="why")
        assert "Is `yule host` running there?" in screen_text(app)
        host = Host(tmp_path, away_timeout=60)  # the organiser starts the host, then r
        await host.start("127.0.0.1", port)
        try:
            async with Client("127.0.0.1", port, "Ana") as ana:
                await ana.create_table("elf", 2, open=True)
                await pilot.press("r")
                await wait_for(pilot, lambda: "Come and play" in screen_text(app), what="the table")
                assert "Come and play Elf: Journey from the North Pole at table 1!" in screen_text(app)
                await pilot.press("q")
        finally:
            await host.stop()
    assert app.return_value == 0


def big_code(app: WatchApp) -> str:
    """The text the waiting screen draws in big letters as the join code ("": none)."""
    code = app.waiting.query_one("#code", BigText)
    return code.text if code.display else ""


async def test_the_waiting_tv_says_how_to_join_and_who_sits_down(tmp_path):
    host = Host(tmp_path, away_timeout=60, ssh_port=2222, party_word=True)
    async with running(host) as port, Client("127.0.0.1", port, "Ana") as ana:
        created = await ana.create_table("white-rabbit", 3)
        code, table = created["code"], created["table"]
        app = WatchApp("127.0.0.1", port, None, f" {code.lower()} ")  # as typed: the host says it as it is
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for_screen(
                pilot, WaitingScreen, f"Come and play White Rabbit at table {table}!",
                f"yule join 127.0.0.1:{port} --code {code}", "ssh -p 2222 NAME@127.0.0.1 (NAME: your name), then c "
                "and the join code", "SSH asks for the party word", "Seated (1 of 3): Ana. 2 seats are free.",
            )  # fmt: skip
            assert big_code(app) == code
            async with Client("127.0.0.1", port, "[b]Ben") as ben:
                await ben.join(None, code)
                await wait_for_screen(pilot, WaitingScreen, "Seated (2 of 3): Ana, [b]Ben. 1 seat is free.")
                await ben.leave(table)
                await wait_for_screen(pilot, WaitingScreen, "Seated (1 of 3): Ana.", what="Ben gone again")


async def test_an_open_table_needs_no_code_and_a_tv_not_told_it_shows_none(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        created = await ana.create_table("elf", 2, open=True)
        table = created["table"]
        app = WatchApp("127.0.0.1", host.port, table, None)
        async with app.run_test(size=(80, 24)) as pilot:
            text = await wait_for_screen(pilot, WaitingScreen, "An open table: no code needed",
                                         f"yule join 127.0.0.1:{host.port}, then table {table} in the lobby")  # fmt: skip
            assert big_code(app) == f"table {table}" and "ssh" not in text and "party word" not in text
            await ana.set_open(table, False)
            text = await wait_for_screen(pilot, WaitingScreen, f"yule join 127.0.0.1:{host.port} --code CODE",
                                         "the code is on the screen of whoever made the table")  # fmt: skip
            assert big_code(app) == "" and created["code"] not in text


async def test_after_the_game_the_results_and_the_evenings_standings_take_turns(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        created = await ana.create_table("white-rabbit", 2, bot_delay=0, seed=5)
        table = created["table"]
        await ana.add_bot(table, kind="random")
        app = WatchApp("127.0.0.1", host.port, None, created["code"], results_seconds=0.2, standings_seconds=0.2)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: seated(app).startswith("Seated (2 of 2): Ana, Easy Bot"), what="both seated")
            await ana.start(table)
            await asyncio.wait_for(play_seat(ana, table, "white-rabbit"), 30)
            await wait_for(pilot, lambda: evening_rows(app) == {"Ana": "1", "Easy Bot": "1"}, what="the standings")
            assert app.screen.query_one(VerticalScroll).border_title.startswith("The evening's standings")
            await wait_for(pilot, lambda: game_over(app).startswith("Game over."), what="the results again")
            await wait_for(
                pilot, lambda: evening_rows(app) == {"Ana": "1", "Easy Bot": "1"}, what="the standings again"
            )
            await ana.play_again(table)  # the new game waits for Ana's first roll
            await wait_for(pilot, lambda: isinstance(app.screen, TableTV) and app.tv is not None and
                           app.tv.table.display, what="the new game")  # fmt: skip
            await asyncio.wait_for(play_seat(ana, table, "white-rabbit"), 30)
            await wait_for(pilot, lambda: evening_rows(app) == {"Ana": "2", "Easy Bot": "2"}, what="two games")
            await ana.remove_bot(table, 1)
            await ana.play_again(table)  # a seat is empty: the table waits for a player
            await wait_for(pilot, lambda: invited_to(app) == f"Come and play White Rabbit at table {table}!",
                           what="the invitation again")  # fmt: skip
            assert seated(app) == "Seated (1 of 2): Ana. 1 seat is free."
            assert app.screen_stack[1:] == [app.waiting]


def invited_to(app: WatchApp) -> str:
    """The welcome line of the invitation the TV shows now ("": none)."""
    if app.screen is not app.waiting or not app.waiting.query_one("#invitation").display:
        return ""
    return " ".join(" ".join(shown_lines(app.waiting.query_one("#welcome"))).split())


def seated(app: WatchApp) -> str:
    """Who the invitation the TV shows now says has sat down ("": no invitation)."""
    if not invited_to(app):
        return ""
    return " ".join(" ".join(shown_lines(app.waiting.query_one("#seated"))).split())


def game_over(app: WatchApp) -> str:
    """The headline of the finished game the TV shows now ("": none)."""
    if not isinstance(app.screen, TableTV) or not app.screen.query(Headline):
        return ""
    return " ".join(" ".join(shown_lines(app.screen.query_one(Headline))).split())


async def a_table(client: Client, *, open: bool = True) -> int:
    """A White Rabbit table of ``client``'s with an easy bot, waiting for its start."""
    table = (await client.create_table("white-rabbit", 2, bot_delay=0, seed=5, open=open))["table"]
    await client.add_bot(table, kind="random")
    return table


async def test_the_tv_follows_the_room_to_each_new_open_table_without_a_restart(host):
    port = host.port
    async with Client("127.0.0.1", port, "Ana") as ana, Client("127.0.0.1", port, "Ben") as ben:
        one = await a_table(ana)
        app = WatchApp("127.0.0.1", port, None, None, results_seconds=0.2, standings_seconds=0.2, look_seconds=0.5)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: invited_to(app) == f"Come and play White Rabbit at table {one}!",
                           what="the newest table")  # fmt: skip
            await ana.start(one)
            await wait_for(pilot, lambda: isinstance(app.screen, TableTV), what="the game")
            two = await a_table(ben)  # started during Ana's game: the TV stays with the game
            shown: list[str] = []
            player = asyncio.create_task(play_seat(ana, one, "white-rabbit"))
            try:
                await wait_for(pilot, lambda: shown.append(type(app.screen).__name__) or invited_to(app) ==
                               f"Come and play White Rabbit at table {two}!", what="the next table")  # fmt: skip
                await asyncio.wait_for(player, 30)
            finally:
                player.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await player
            seen = [name for i, name in enumerate(shown) if not i or shown[i - 1] != name]
            assert seen == ["TableTV", "EveningTV", "WaitingScreen"]  # the game to its results, the standings, then on
            async with Client("127.0.0.1", port, "Cy") as cy:
                private = await a_table(cy, open=False)
                four = await a_table(cy)  # from a table waiting for players the TV moves on at once ...
                await wait_for(pilot, lambda: invited_to(app) == f"Come and play White Rabbit at table {four}!",
                               what="the newest open table")  # fmt: skip
                assert private not in (app.table.id, *host.tables[private].audience.watchers)  # ... to an open one
                assert not host.tables[two].audience.watchers  # and stops watching the one before


async def test_a_tv_whose_table_the_host_forgets_moves_on_to_another(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        older, newer = await a_table(ana), await a_table(ana)
        app = WatchApp("127.0.0.1", host.port, None, None, look_seconds=0.5)
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: invited_to(app) == f"Come and play White Rabbit at table {newer}!",
                           what="the newest table")  # fmt: skip
            host.lobby.drop([newer])  # as the host forgets a table nobody needs
            await wait_for(pilot, lambda: invited_to(app) == f"Come and play White Rabbit at table {older}!",
                           what="the other table")  # fmt: skip


async def test_the_hosts_owners_tv_follows_a_private_table_and_counts_its_games(host):
    where = read_owner_file(host.data_dir)
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        table = await a_table(ana, open=False)
        app = WatchApp(where.address, where.port, None, None, owner=host.data_dir, results_seconds=0.2,
                       standings_seconds=0.2, look_seconds=0.5)  # fmt: skip
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: invited_to(app) == f"Come and play White Rabbit at table {table}!",
                           what="the private table")  # fmt: skip
            assert app.waiting.query_one("#code", BigText).text == ""  # its code stays with its players
            await ana.start(table)
            await asyncio.wait_for(play_seat(ana, table, "white-rabbit"), 30)
            await wait_for(pilot, lambda: evening_rows(app) == {"Ana": "1", "Easy Bot": "1"}, what="the standings")
        async with Client("127.0.0.1", host.port, "TV") as tv:
            await tv.watch(None, (await ana.create_table("elf", 2))["code"])  # a TV at another private table ...
            assert (await tv.standings())["rows"] == []  # ... sees none of this one's games


def test_yule_watch_needs_a_hosts_address_or_its_owners_data_folder(tmp_path, capsys):
    assert main(["watch"]) == 2
    assert "give the host's address, HOST[:PORT] (or --owner on the host's machine)" in capsys.readouterr().err
    assert main(["watch", "--owner", str(tmp_path)]) == 2  # no host has run with that folder
    assert f"no host has run with the data folder {tmp_path}" in capsys.readouterr().err


async def test_the_gift_exchange_tv_after_the_end_shows_who_goes_home_with_what():
    state, _ = gift_exchange_support.position(6, 6)
    while not state.is_over:  # everyone opens a wrapped gift, then the first guest keeps theirs
        before = state.view(None)
        seat, wrapped = state.active()[0], [g for g in range(state.players) if not state.opened[g]]
        state.apply(Open(seat, wrapped[0], "Kite" if state.blank >> wrapped[0] & 1 else None) if wrapped else
                    Keep(seat))  # fmt: skip
    app = gift_exchange_support.BoardApp(state, tv=True, before=before)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GiftExchangeTV), what="the TV")
        tv = app.screen
        said = [line.strip() for line in shown_lines(tv.query_one("#chain"))]
        assert said == ["All 6 guests go home with a gift; nobody wins or loses."]  # no steals this turn: it is over
        results = shown_lines(tv.query_one("#results"))
        names = gift_exchange_support.names_for(6)
        view = state.view(None)
        for seat, held in enumerate(view["holdings"]):  # each guest's line names the gift they go home with
            line = next(line for line in results if line.strip().startswith(literal(names[seat])))
            assert f"#{held + 1} {view['gifts'][held]['label']}" in line, line
        assert not tv.query_one(GiftBoard).display and tv.query_one("#tv-box").border_title.startswith(
            "Who goes home with what"
        )


def test_a_full_table_on_the_tv_says_who_starts_it():
    """Only whoever runs the table starts its game: the TV says who, not that it starts soon."""
    seat = {"bot": None, "away": False, "stand_in": False, "stand_in_in": None}
    info: Any = {"seats": [{**seat, "name": "Ana"}, {**seat, "name": "[b]Ben"}], "run_by": "Ana"}
    assert seated_text(info).plain == "Seated (2 of 2): Ana, [b]Ben. Every seat is taken: Ana starts the game."
    assert seated_text({**info, "run_by": None}).plain.endswith(
        "Every seat is taken: one of the players starts the game."
    )
