"""Reactions in the terminal app: ``!`` at a table opens the chooser and the one picked is sent;
a reaction received shows on the table screen and on the TV (large there), the sender's name as
typed, in the reader's language, and goes away; keys in one burst send one reaction and leave
the table as it was."""

from __future__ import annotations

import asyncio

import pytest
from tui_support import GameOverApp, Position, ViewApp, burst, screen_text, table_of, view_of, wait_for

from yule.netplay.client import Client
from yule.tui import reactions
from yule.tui.app import YuleApp
from yule.tui.dialogs import ConfirmScreen
from yule.tui.lobby import LobbyScreen
from yule.tui.reactions import ReactionBar, ReactionChooser
from yule.tui.screens import GameOverScreen, TableScreen
from yule.tui.tv import WatchApp
from yule.tui.widgets import KeysFooter
from yule.tui.words import set_language

NAME = "[b]Ben[/b]"
"""A name that would be markup if it were read as such: it must show as typed."""


DRAWN: list[tuple[object, str]] = []
"""Each reactions' bar drawn in a test: its screen, and the words it showed then."""


@pytest.fixture(autouse=True)
def brief(monkeypatch):
    """Reactions stay a moment only, so that the tests see them go; every bar drawn is kept in
    :data:`DRAWN`, so that a test sees one shown however briefly (a loaded machine may look at
    the screen only after it went)."""
    monkeypatch.setattr(reactions.ShownReactions, "seconds", 0.6)
    DRAWN.clear()
    reword = ReactionBar.reword

    def kept(bar: ReactionBar) -> None:
        reword(bar)
        words = [str(line.render()) for line in bar.query_children("Static") if line.display]
        DRAWN.append((bar.screen, "\n".join(words)))

    monkeypatch.setattr(ReactionBar, "reword", kept)


def drawn(words: str, on: type | object) -> bool:
    """Whether a bar of a screen ``on`` (a screen, or any of that class) has shown ``words``."""
    return any(words in text and (screen is on or (isinstance(on, type) and isinstance(screen, on)))
               for screen, text in DRAWN)  # fmt: skip


@pytest.fixture
def french():
    set_language("fr")
    yield
    set_language("en")


async def next_reaction(client: Client, name: str | None = None) -> dict:
    """The client's next reaction frame (``name``: sent by that name), within a bounded time."""
    async with asyncio.timeout(30):
        async for msg in client:
            if msg["type"] == "reaction" and name in (None, msg["name"]):
                return msg
    raise AssertionError("the client stopped before a reaction")


async def started(port: int, ben: Client) -> tuple[int, str]:
    """A White Elephant table Ben made and will start with a bot; its id and code."""
    created = await ben.create_table("white-elephant", 3, bot_delay=30)
    return created["table"], created["code"]


def showing(app) -> bool:
    """Whether the screen on top shows any reaction."""
    return any(bar.has_class("-shown") for bar in app.screen.query(ReactionBar))


async def test_a_reaction_chosen_is_sent_and_one_received_shows_literally_then_goes(host, french):
    port = host.port
    async with Client("127.0.0.1", port, NAME) as ben:
        table, code = await started(port, ben)
        app = YuleApp(name="Ana", address=("127.0.0.1", port), code=code, discover=False)
        async with app.run_test(size=(120, 30)) as pilot:  # wide: every key of the turn in the footer
            await wait_for(pilot, lambda: table_of(app) == table, what="Ana at the table")
            await ben.fill_bots(table)
            await ben.start(table)
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and view_of(app), what="the game")
            await pilot.press("exclamation_mark")
            await wait_for(pilot, lambda: isinstance(app.screen, ReactionChooser), what="the chooser")
            text = screen_text(app)
            for words in ("1 Super !", "2 Oh non !", "3 Bien joué !", "4 Joyeux Noël !", "5 Laisse-moi réfléchir…"):
                assert words in text
            await pilot.press("2")
            said = await next_reaction(ben)
            assert (said["name"], said["code"], said["seat"]) == ("Ana", "oh_no", 1)
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), what="back at the table")
            await wait_for(pilot, lambda: drawn("Ana : Oh non ! 😱", TableScreen), what="her own, back")
            await ben.react(table, "merry_christmas")
            await wait_for(pilot, lambda: drawn(f"{NAME} : Joyeux Noël ! 🎄", TableScreen), what="Ben's, as typed")
            await wait_for(pilot, lambda: "Joyeux Noël" not in screen_text(app), what="gone after a while")
            assert not showing(app) and "Oh non" not in screen_text(app)
            # Arrows and Enter pick too; Esc sends nothing.
            await pilot.press("exclamation_mark")
            await wait_for(pilot, lambda: isinstance(app.screen, ReactionChooser), what="the chooser again")
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen), what="closed")
            await pilot.press("exclamation_mark")
            await wait_for(pilot, lambda: isinstance(app.screen, ReactionChooser), what="once more")
            await pilot.press("down", "down", "enter")
            said = await next_reaction(ben, "Ana")
            assert said["code"] == "well_played"  # and not the one Esc closed on


async def test_the_game_over_sheet_sends_and_shows_reactions_a_replay_has_none(host):
    port = host.port
    async with Client("127.0.0.1", port, "Ben") as ben:
        table, code = await started(port, ben)
        app = YuleApp(name="Ana", address=("127.0.0.1", port), code=code, discover=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: table_of(app) == table, what="Ana at the table")
            await ben.fill_bots(table)
            await ben.start(table)
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and view_of(app), what="the game")
            position = Position(players=3, seed=5)
            position.play_out()
            sheet = GameOverScreen("white-elephant", position.final_result(0), position.names, 0)
            await app.push_screen(sheet)  # as the game's end brings it up
            await wait_for(pilot, lambda: "! React" in screen_text(app), what="the key on the sheet")
            await pilot.press("exclamation_mark", "4")
            assert (await next_reaction(ben, "Ana"))["code"] == "merry_christmas"
            await wait_for(pilot, lambda: drawn("Ana: Merry Christmas! 🎄", sheet), what="shown on the sheet")
            await ben.react(table, "well_played")
            await wait_for(pilot, lambda: drawn("Ben: Well played! 👏", sheet), what="Ben's on the sheet")
            await wait_for(pilot, lambda: "Well played" not in screen_text(app), what="gone")
    replay = GameOverApp("white-elephant", position.final_result(0), position.names, 0)  # no host: nobody to tell
    async with replay.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "React" not in screen_text(replay)
        await pilot.press("exclamation_mark")
        assert not isinstance(replay.screen, ReactionChooser)


async def test_leaving_the_table_takes_its_reactions_away(host, monkeypatch):
    monkeypatch.setattr(reactions.ShownReactions, "seconds", 30.0)  # they would stay long after
    port = host.port
    async with Client("127.0.0.1", port, "Ben") as ben:
        table, code = await started(port, ben)
        app = YuleApp(name="Ana", address=("127.0.0.1", port), code=code, discover=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: table_of(app) == table, what="Ana at the table")
            await ben.fill_bots(table)
            await ben.start(table)
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and view_of(app), what="the game")
            await ben.react(table, "oh_no")
            await wait_for(pilot, lambda: "Ben: Oh no!" in screen_text(app), what="Ben's reaction")
            await pilot.press("q")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="the question")
            await pilot.press("y")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
            await pilot.pause()
            assert "Oh no!" not in screen_text(app) and not showing(app)
            assert not reactions.shown(app).frames()  # gone, not only hidden


@pytest.mark.parametrize("yours", [False, True])
async def test_the_footer_offers_the_key_but_at_your_turn_where_it_works_all_the_same(yours):
    position = Position(players=4, seed=3)
    seat = position.turn if yours else (position.turn + 1) % 4
    app = ViewApp(position, seat)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table_screen.table.view is not None, what="the table")
        await pilot.pause()
        footer = str(app.screen.query_one(KeysFooter).render())
        assert ("! React" in footer) is not yours  # at your turn the game's own keys have the room
        await pilot.press("exclamation_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, ReactionChooser), what="the chooser")
        assert "1 Nice!" in screen_text(app) and "5 Let me think…" in screen_text(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.table_screen, what="back")


async def test_the_tv_shows_a_reaction_large_with_the_name_as_typed(host, monkeypatch):
    monkeypatch.setattr(reactions.ShownReactions, "seconds", 30.0)  # it stays while the test looks at it
    port = host.port
    async with Client("127.0.0.1", port, NAME) as ben:
        table, code = await started(port, ben)
        await ben.fill_bots(table)
        await ben.start(table)
        app = WatchApp("127.0.0.1", port, None, code)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.table.view, what="the TV")
            assert "! React" not in screen_text(app)  # nobody reacts at the TV
            await ben.react(table, "well_played")
            await wait_for(pilot, lambda: f"{NAME}: Well played! 👏" in screen_text(app), what="on the TV")
            bar = app.screen.query_one(ReactionBar)
            assert bar.has_class("-large") and bar.region.y <= 2  # at the top, framed
            lines = screen_text(app).splitlines()
            row = next(n for n, line in enumerate(lines) if "Well played" in line)
            assert "━" in lines[row - 1] and "━" in lines[row + 1]


async def test_several_at_once_show_the_newest_three(host, monkeypatch):
    port = host.port
    async with Client("127.0.0.1", port, "Ben") as ben, Client("127.0.0.1", port, "Cy") as cy:
        table, code = await started(port, ben)
        await cy.join(table, code)
        await ben.fill_bots(table)
        await ben.start(table)
        app = WatchApp("127.0.0.1", port, None, code)
        monkeypatch.setattr(reactions.ShownReactions, "seconds", 30.0)  # they stay while the test looks
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and app.table.view, what="the TV")
            for client, what in ((ben, "nice"), (cy, "oh_no"), (ben, "thinking"), (cy, "merry_christmas")):
                await client.react(table, what)
            await wait_for(pilot, lambda: "Cy: Merry Christmas!" in screen_text(app), what="the last")
            text = screen_text(app)
            assert "Ben: Nice!" not in text  # the oldest gave way
            assert text.index("Cy: Oh no!") < text.index("Ben: Let me think…") < text.index("Cy: Merry Christmas!")


async def test_keys_in_one_burst_send_one_reaction_and_leave_the_table_as_it_was(host):
    port = host.port
    async with Client("127.0.0.1", port, "Ben") as ben:
        table, code = await started(port, ben)
        app = YuleApp(name="Ana", address=("127.0.0.1", port), code=code, discover=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: table_of(app) == table, what="Ana at the table")
            await ben.fill_bots(table)
            await ben.start(table)
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and view_of(app), what="the game")
            table_screen = app.screen
            burst(app, "exclamation_mark", "2", "3", "enter", "t", "exclamation_mark", "escape", "1")
            said = await next_reaction(ben)
            assert said["code"] == "oh_no"
            await wait_for(pilot, lambda: app.screen is table_screen, what="the table on top again")
            await pilot.pause()
            assert not [s for s in app.screen_stack if isinstance(s, ReactionChooser)]  # none left open
            await ben.react(table, "nice")  # the next reaction Ben gets is his own: Ana sent only one
            assert (await next_reaction(ben))["name"] == "Ben"
            await wait_for(pilot, lambda: drawn("Ben: Nice!", TableScreen), what="Ben's on Ana's screen")


async def test_a_burst_at_white_rabbit_gives_the_number_to_the_chooser_not_to_the_game(host):
    """White Rabbit's table takes a digit as a pile's number: ``!1`` typed fast must still send
    "Nice!", the 1 never reaching the game (``!`` is handled before the next key of a burst)."""
    port = host.port
    async with Client("127.0.0.1", port, "Ben") as ben:
        created = await ben.create_table("white-rabbit", 2, sit=False, bot_delay=30)
        table = created["table"]
        app = YuleApp(name="Ana", address=("127.0.0.1", port), code=created["code"], discover=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: table_of(app) == table, what="Ana at the table")
            await ben.fill_bots(table)
            await ben.start(table)
            await ben.watch(table, created["code"])
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen) and view_of(app), what="the game")
            table_screen = app.screen
            burst(app, "exclamation_mark", "1")
            said = await next_reaction(ben)
            assert said["code"] == "nice" and said["name"] == "Ana"
            await wait_for(pilot, lambda: app.screen is table_screen, what="the table on top again")
            await pilot.pause()
            shown = screen_text(app)  # the 1 was no pile's number: the game refused nothing
            assert "place Max" not in shown and "Not now" not in shown, shown
