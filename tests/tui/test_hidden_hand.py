"""A hidden hand (``i`` at a player's table, :mod:`yule.tui.hiding`): the rendered screen shows
nothing of what the seat's view holds that a spectator's does not, in every game, over a real
host (``yule play``), and shows it again on ``i``; the layout does not move, the hint and the
moves that need the hand are not offered, and the choice holds for the table.

A game's private facts (:func:`private_facts`) are read from the seat's view, as the screen
draws them: White Elephant's Shelf (a suit's gifts, ``MU 0 3``) and the Surprise Gifts it
peeked at (``=MU 5``), the label of the gift a Gift Exchange guest brought, Gift List's attic,
list and score, Elf's Goal card (its places in order) and Gingerbread values.  White Rabbit has
none (every card lies face up).
"""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

import pytest
from gift_exchange_support import names_for
from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st
from tui_support import Played, ViewApp, burst, screen_text, view_of, wait_for

from yule.core import get_game
from yule.core.white_elephant.cards import number_of, suit_of
from yule.tui.app import YuleApp
from yule.tui.elf.board import label
from yule.tui.gift_list.cards import card_code as list_code
from yule.tui.gift_list.cards import person_badge
from yule.tui.hiding import CARD_BACK, masked
from yule.tui.playing import PlaySetup
from yule.tui.screens import GameOverScreen, TableScreen
from yule.tui.white_elephant.gifts import SUIT_CODES, card_code
from yule.tui.widgets import HintPanel, StatusLine

GAMES = {"white-elephant": 3, "gift-exchange": 3, "white-rabbit": 2, "gift-list": 4, "elf": 2}
"""Each game and the seats it is played with here."""


def private_facts(game: str, view: dict[str, Any]) -> list[str]:
    """What the seat's view holds that a spectator's does not, as its table draws it."""
    you = view.get("you")
    if you is None or "result" in view:
        return []
    if game == "white-elephant":
        facts = ["=" + card_code(card) for card in view.get("known", {}).values()]
        suits: dict[str, list[int]] = {}
        for card in view.get("shelf", []):
            suits.setdefault(suit_of(card), []).append(number_of(card))
        return facts + [SUIT_CODES[s] + " " + " ".join(str(n) for n in sorted(ns)) for s, ns in suits.items()]
    if game == "gift-exchange":
        return [g["label"] for g in view["gifts"] if g["id"] == you and not g["opened"] and g.get("label")]
    if game == "gift-list":
        facts = [list_code(card) for card in view.get("attic", [])]
        facts += [person_badge(person).plain for person in view.get("list", [])]
        if view.get("my_gift"):
            facts.append(list_code(view["my_gift"]))
        return facts + [f"your score so far {view.get('score', 0)}"]
    if game == "elf":
        goal = view.get("goal")
        facts = [" ".join(label(place) for place in goal["locations"])] if goal else []
        return facts + [f"{g['spot'].upper()}={g['value']}" for g in view.get("my_gingerbread", [])]
    return []


def shows(text: str, fact: str) -> bool:
    """``fact`` stands in ``text`` as a whole (``B1`` is not in ``B10``), a line break counting as a space."""
    flat = " ".join(text.split())
    return re.search(rf"(?<![\w=]){re.escape(fact)}(?!\w)", flat) is not None or (
        fact.startswith("=") and re.search(rf"{re.escape(fact)}(?!\w)", flat) is not None
    )


def footer(app: Any) -> str:
    lines = screen_text(app).rstrip().splitlines()
    return lines[-1] if lines else ""


def layout(screen: TableScreen) -> dict[str, Any]:
    """Where every widget of the table stands: what must not move when the hand is hidden."""
    return {f"{type(w).__name__}#{w.id}#{i}": w.region for i, w in enumerate(screen.table.query("*"))}


def hidden_state_consistent(app: Any) -> None:
    """The screen, the table, the footer and the status line agree on the hand."""
    screen = app.table_screen
    hidden = screen.hand_hidden
    assert screen.table.hand_hidden == hidden
    assert ("i Show hand" if hidden else "i Hide hand") in footer(app)
    assert ("hand hidden" in screen.query_one(StatusLine).hand) == hidden
    if hidden:
        assert screen.query_one(HintPanel).text is None
        text = screen_text(app)
        assert not [f for f in private_facts(screen.game, view_of(app)) if shows(text, f)]


def my_move(app: Any) -> bool:
    view = view_of(app)
    screen = app.table_screen
    return "actions" in view and screen is not None and not screen.table.pending and app.screen is screen


async def play_mine_until(pilot: Any, app: Any, game: str, done: Any, moves: int = 400) -> None:
    """Play the seat's moves with the greedy bot (through the table, to the real host) until ``done()``."""
    bot = get_game(game).bots["greedy"](random.Random(5))
    for _ in range(moves):
        await wait_for(pilot, lambda: done() or my_move(app) or "result" in view_of(app), what="our move")
        if done():
            return
        view = view_of(app)
        assert "result" not in view, "the game ended first"
        move = bot.choose(view)
        if move.get("type") == "bring" and game == "gift-exchange":
            move = {**move, "label": "Grandma's teapot"}  # a label no other gift has
        app.table_screen.table.send(move)
        await wait_for(pilot, lambda: view_of(app) is not view, what="our move taken")
    raise AssertionError("never done")


def facts_shown(app: Any, game: str) -> bool:
    """The seat's view has private facts, and the screen shows them (Gift Exchange's label shows
    only where its guest may open it: :func:`test_gift_exchange_own_label_hidden_where_it_would_show`)."""
    if app.table_screen is None or app.screen is not app.table_screen:
        return False
    facts = private_facts(game, view_of(app))
    if game == "white-rabbit":
        return view_of(app).get("phase") == "roll"
    text = screen_text(app)
    return bool(facts) and (game == "gift-exchange" or all(shows(text, f) for f in facts))


@pytest.mark.parametrize("game", list(GAMES))
async def test_i_hides_every_private_fact_and_shows_them_again(game, tmp_path, monkeypatch):
    # A gift exchange's bots go slower: the label is private only until someone opens the gift.
    delay = 0.5 if game == "gift-exchange" else 0.01
    app = YuleApp(name="Ana", play=PlaySetup(game, GAMES[game], bot_delay=delay), discover=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_mine_until(pilot, app, game, lambda: facts_shown(app, game))
        screen = app.table_screen
        shown_text, shown_layout = screen_text(app), layout(screen)
        facts = private_facts(game, view_of(app))
        view = view_of(app)
        assert "i Hide hand" in footer(app) and "hand hidden" not in shown_text
        if game != "gift-exchange":
            assert all(shows(shown_text, f) for f in facts)  # the test can fail: they are there
        await pilot.press("i")
        await wait_for(pilot, lambda: "i Show hand" in footer(app), what="the hand hidden")
        hidden_text = screen_text(app)
        if view_of(app) is view:  # the same position (a bot may have moved meanwhile)
            assert layout(screen) == shown_layout
        else:  # a bot moved meanwhile: what is private now (an opened gift no longer is)
            facts = private_facts(game, view_of(app))
        assert not [f for f in facts if shows(hidden_text, f)]
        assert "hand hidden" in hidden_text.splitlines()[0]
        assert "h Hint" not in footer(app)
        if facts and game != "gift-exchange":  # there, the label is left out: the wrapping shows
            assert CARD_BACK in hidden_text
        log = "\n".join(str(line) for line in screen.lines)
        assert not [f for f in facts if f in log]  # the log is public: nothing to hide there
        hidden_state_consistent(app)
        # h while hidden says why, and thinks about nothing.
        await pilot.press("h")
        await pilot.pause()
        assert screen.query_one(HintPanel).text is None
        for action in screen.table.HIDDEN_MOVES:
            assert screen.table.check_action(action, ()) is None  # greyed: not offered
        # i again: all of it back, where it was.
        await pilot.press("i")
        await wait_for(pilot, lambda: "i Hide hand" in footer(app), what="the hand shown")
        if view_of(app) is view:
            assert layout(screen) == shown_layout
            assert all(shows(screen_text(app), f) for f in facts if game != "gift-exchange")
        hidden_state_consistent(app)


async def test_the_choice_holds_for_new_views_the_game_over_sheet_the_next_game_and_a_new_screen(tmp_path):
    game = "elf"
    app = YuleApp(name="Ana", play=PlaySetup(game, 2, bot_delay=0.01), discover=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_mine_until(pilot, app, game, lambda: facts_shown(app, game))
        await pilot.press("i")
        await wait_for(pilot, lambda: "i Show hand" in footer(app), what="the hand hidden")
        first = view_of(app)
        # New views while hidden: still hidden, their facts too; it says when it is our turn.
        await play_mine_until(pilot, app, game, lambda: view_of(app) is not first and my_move(app))
        hidden_state_consistent(app)
        assert "your turn, hand hidden" in screen_text(app).splitlines()[0]
        # A new screen for the same table (as after a reconnect) comes up hidden.
        again = TableScreen(game, app.table)
        await app.push_screen(again)
        await wait_for(pilot, lambda: again.ready and again.table.hand_hidden, what="the new screen hidden")
        assert not [f for f in private_facts(game, view_of(app)) if shows(screen_text(app), f)]
        app.pop_screen()
        await pilot.pause()
        # To the game's end: the sheet offers to show the hand, and the next game comes up hidden.
        await play_mine_until(pilot, app, game, lambda: isinstance(app.screen, GameOverScreen), moves=600)
        await wait_for(pilot, lambda: "i Show hand" in footer(app), what="the sheet's footer")
        assert "hand hidden" in screen_text(app).splitlines()[0]
        await pilot.press("n")
        await wait_for(
            pilot,
            lambda: (
                app.screen is app.table_screen
                and "result" not in view_of(app)
                and bool(private_facts(game, view_of(app)))
            ),
            what="the next game",
        )
        hidden_state_consistent(app)
        assert app.table_screen.hand_hidden
        # Shown from the sheet: shown at the table.
        await pilot.press("i")
        await wait_for(pilot, lambda: "i Hide hand" in footer(app), what="the hand shown")
        assert all(shows(screen_text(app), f) for f in private_facts(game, view_of(app)))


@pytest.mark.parametrize(
    ("keys", "hidden"),
    [
        (("i", "p", "t", "r"), True),
        (("i", "i", "i", "h"), True),
        (("i", "i", "p"), None),
        (("p", "i", "escape", "i", "c", "i"), None),
    ],
)
async def test_keys_in_a_burst_leave_a_consistent_state(keys, hidden):
    """``i`` among other keys typed at once: the table, footer and status agree, nothing private
    shows while hidden, and no move needing the hand was made or asked about while it was."""
    from tui_support import Position

    position = Position(seed=4)
    position.bots(12)
    while position.turn != 0:
        position.bot_move(position.turn)
    app = ViewApp(position, 0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, *keys)
        for _ in range(3):
            await pilot.pause()
        while not isinstance(app.screen, TableScreen):  # a dialog a key opened (while shown)
            await pilot.press("escape")
        await pilot.pause()
        screen = app.table_screen
        if hidden is not None:
            assert screen.hand_hidden == hidden
            assert app.moves == []  # p, t, r, c: not offered while hidden
        assert screen.table.hand_hidden == screen.hand_hidden
        assert ("i Show hand" if screen.hand_hidden else "i Hide hand") in footer(app)
        assert ("hand hidden" in screen_text(app).splitlines()[0]) == screen.hand_hidden
        if screen.hand_hidden:
            assert not [f for f in private_facts("white-elephant", screen.table.view) if shows(screen_text(app), f)]


def advanced(game: str, players: int, seed: int, moves: int) -> Played:
    """A position of ``game`` ``moves`` greedy moves in (fewer if it ends first)."""
    import elf_support
    import gift_list_support
    import tui_support

    position: Played
    if game == "white-elephant":
        position = tui_support.Position(players=players + 1, seed=seed)
    elif game == "gift-list":
        position = gift_list_support.Position(players=players + 1, seed=seed)
    else:
        position = elf_support.Position(players=players, seed=seed)
    for _ in range(moves):
        if position.state.is_over:
            break
        position.bot_move(position.turn)
    return position


async def shown_and_hidden(game: str, position: Played, seat: int) -> tuple[list[str], str, str]:
    """The seat's private facts, and its screen's text shown, then hidden."""

    class SeatApp(ViewApp):
        GAME = game

    app = SeatApp(position, seat)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        facts = private_facts(game, app.table_screen.table.view)
        shown = screen_text(app)
        await pilot.press("i")
        await pilot.pause()
        return facts, shown, screen_text(app)


@given(
    game=st.sampled_from(["white-elephant", "gift-list", "elf"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 999),
    moves=st.integers(0, 45),
    seat=st.integers(0, 4),
)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_no_hidden_screen_shows_a_private_fact_of_any_position(game, players, seed, moves, seat):
    """A property over positions of the games with private facts: each fact of the seat's view is
    on its screen shown, and none is once hidden."""
    position = advanced(game, players, seed, moves)
    seat = seat % len(position.names)
    facts, shown, hidden = asyncio.run(shown_and_hidden(game, position, seat))
    assume(facts)  # a game over, or nothing private yet (White Elephant's first turns)
    note(f"facts {facts}\nshown:\n{shown}\nhidden:\n{hidden}")
    assert [f for f in facts if not shows(shown, f)] == []
    assert [f for f in facts if shows(hidden, f)] == []


async def test_gift_exchange_own_label_hidden_where_it_would_show():
    """A guest who may open the gift they brought sees its label in the prompt; hidden, not."""
    from gift_exchange_support import position as party

    from yule.core.gift_exchange import GAME
    from yule.tui.gift_exchange.board import GiftBoard

    played = Played(GAME, 3, 3)
    played.state, _ = party(players=3, steps=0)  # the order drawn: seat 0 opens first, its own gift too
    played.names = names_for(3)

    class PartyApp(ViewApp):
        GAME = "gift-exchange"

    app = PartyApp(played, 0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.table_screen.table
        table.query_one(GiftBoard).point_at(0)
        await pilot.pause()
        own = private_facts("gift-exchange", table.view)
        assert own == ["Waffle maker"] and shows(screen_text(app), own[0])
        shown = layout(app.table_screen)
        await pilot.press("i")
        await pilot.pause()
        assert not shows(screen_text(app), own[0])
        assert layout(app.table_screen) == shown
        await pilot.press("i")
        await pilot.pause()
        assert shows(screen_text(app), own[0])


async def test_spectators_and_the_sheet_of_a_spectator_have_no_i():
    from tui_support import GameOverApp, Position

    app = ViewApp(Position(), None)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "Hide hand" not in footer(app)
        await pilot.press("i")
        assert not app.table_screen.hand_hidden
    sheet = GameOverApp.played(Position(), 0)
    sheet.seat = None
    async with sheet.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "Hide hand" not in footer(sheet)
    seated = GameOverApp.played(Position(), 1)
    async with seated.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "i Hide hand" in footer(seated)
        await pilot.press("i")
        await pilot.pause()
        assert "i Show hand" in footer(seated) and "hand hidden" in screen_text(seated).splitlines()[0]


def test_masked_lines_keep_their_width_and_borders_only():
    from rich.segment import Segment
    from rich.style import Style
    from textual.strip import Strip

    strip = Strip([Segment("┌─ Goal "), Segment("SNOW 界", Style(color="red")), Segment("─┐")])
    hidden = masked(strip, Style())
    assert hidden.cell_length == strip.cell_length
    assert hidden.text == "┌─" + CARD_BACK * 13 + "─┐"
    assert {s.style for s in hidden if s.text.startswith(CARD_BACK)} == {Style()}


def test_snapshot_of_a_hidden_white_elephant_table(snap_compare):
    """The look of it: a seat that peeked at two Surprise Gifts, with six gifts on its Shelf, hidden."""
    from tui_support import Position

    position = Position(players=4, seed=5)
    position.bots(40)
    assert private_facts("white-elephant", position.state.view(position.turn))
    assert snap_compare(ViewApp(position, position.turn), terminal_size=(80, 24), press=["i"])


def test_snapshot_of_a_hidden_gift_list_table(snap_compare):
    import gift_list_support

    position = gift_list_support.Position.at_play(seed=11)
    app = gift_list_support.ViewApp(position, position.turn)
    assert snap_compare(app, terminal_size=(80, 24), press=["i"])
