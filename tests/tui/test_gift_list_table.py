"""The Gift List table on its own: bring, open and steal by keys, greyed keys and their
reasons, locked gifts, literal names, the score sheet, and what one seat's screen never shows."""

from __future__ import annotations

import re

import pytest
from gift_list_support import Position, ViewApp, screen_lines, secrets_of_others, shows_card, table_text
from tui_support import GameOverApp

from yule.tui.dialogs import ChoiceScreen
from yule.tui.gift_list.cards import card_code
from yule.tui.gift_list.table import GiftListTable, attic_order
from yule.tui.gift_list.words import person_name
from yule.tui.text import literal

SIZE = (80, 24)


def plays(position: Position, seat: int, kind: str) -> bool:
    """``seat`` is to open or steal now and ``kind`` is allowed."""
    state = position.state
    return state.phase == "play" and state.turn == seat and (kind == "open" or bool(state.steal_sources()))


async def test_bring_a_card_by_keys_and_only_once():
    position = Position()
    seat = 1
    attic = attic_order(position.state.view(seat)["attic"])
    app = ViewApp(position, seat)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Bring a gift in secret" in "\n".join(screen_lines(app))
        await pilot.press("right", "right", "left", "b")
        await pilot.pause()
        assert app.moves == [{"type": "bring", "card": attic[1]}]
        text = table_text(app)
        assert f"You brought {card_code(attic[1])}" in text
        assert "Still choosing: Ana, \\x1b[31mMal, Dan." in text
        table = app.screen.query_one(GiftListTable)
        assert table.check_action("bring", ()) is None  # greyed in the footer
        await pilot.press("b")
        await pilot.pause()
        assert app.moves == [{"type": "bring", "card": attic[1]}]
        assert "You have brought your gift to this party; waiting for Ana, \\x1b[31mMal, Dan." in app.notes.messages


async def test_open_then_steal_by_keys():
    position = Position(seed=4)
    seat = 2
    position.bots_until(lambda: plays(position, seat, "open"))
    app = ViewApp(position, seat)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        view = position.state.view(seat)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.moves == [{"type": "open", "from": view["open_from"][0]}]
        assert position.state.holding[seat] is not None
        position.bots_until(lambda: plays(position, seat, "steal"))
        app.redraw()
        await pilot.pause()
        view = position.state.view(seat)
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        victim = view["steal_from"][0]
        assert app.moves[-1] == {"type": "steal", "from": victim}
        assert position.state.turn == victim
        # The stolen gift is marked locked beside its new holder, with a symbol and a word.
        row = next(line for line in table_text(app).splitlines() if "(you)" in line)
        assert f"{card_code(view['holding'][victim])} ⊘ locked" in row
        assert f"{literal(position.names[victim])}'s turn" in "\n".join(screen_lines(app))


async def test_refused_keys_say_why_and_send_nothing():
    position = Position.at_play(seed=5)
    seat = position.state.turn
    app = ViewApp(position, seat)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen.query_one(GiftListTable)
        assert position.state.turn == seat and table.check_action("steal", ()) is None
        await pilot.press("s", "b")
        await pilot.pause()
        assert app.moves == []
        assert "There is no open gift to steal." in app.notes.messages
        assert "Everyone has brought a gift to this party: open or steal." in app.notes.messages
        # Your own gift is in the open list, greyed, with the reason.
        await pilot.press("o")
        await pilot.pause()
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        mine = [why for _, value, why in choice.choices if value == seat]
        assert mine == ["You open the gift you brought only when no other gift is wrapped."]
    other = Position.at_play(seed=5)
    app = ViewApp(other, (other.state.turn + 1) % 4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert f"It is {literal(other.names[other.state.turn])}'s turn, not yours." in app.notes.messages
        assert app.moves == []


async def test_a_locked_gift_cannot_be_chosen_in_the_steal_list():
    position = Position(seed=6)
    state = position.state
    position.bots_until(lambda: state.phase == "play" and state.locked and state.steal_sources())
    seat = state.turn
    app = ViewApp(position, seat)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        choices = {value: why for _, value, why in app.screen.choices}
        locked = [t for t in range(4) if state.locked >> t & 1 and t != seat]
        assert locked and all(
            choices[t] == "Just stolen: it can't be stolen again until the next gift is opened." for t in locked
        )
        assert all(choices[t] is None for t in state.steal_sources())


@pytest.mark.parametrize("players", [3, 5, 7])
async def test_a_seat_never_sees_another_seats_attic_list_or_wrapped_gift(players):
    """At many points of a game, each seat's whole screen is checked against the others' secrets
    (each seat's table follows the same seeded game, as the host's frames would show it)."""
    for seat in range(players):
        position = Position(players=players, seed=players)
        app = ViewApp(position, seat)
        async with app.run_test(size=(100, 30)) as pilot:
            for seen in range(6):
                if seen:
                    position.bots(players + 1)
                    app.redraw()
                await pilot.pause()
                assert not position.state.is_over
                screen = "\n".join(screen_lines(app))
                table = table_text(app)
                cards, people = secrets_of_others(position, seat)
                assert cards and people
                # The checks can fail: this seat's own attic and list are on the same screen.
                mine = position.state.view(seat)
                assert all(shows_card(screen, c) for c in mine["attic"])
                assert all(person_name(p) in table for p in mine["list"])
                assert not [c for c in cards if shows_card(screen, c)], (seat, screen)
                assert not [p for p in people if p in table], (seat, table)


async def test_names_show_literally():
    position = Position()
    app = ViewApp(position, 0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = table_text(app)
        assert "[bold red]Eve[/]" in text and "\\x1b[31mMal (bot)" in text


async def test_game_over_reveals_every_list_with_its_best_cards():
    position = Position(players=4, seed=7)
    app = GameOverApp.played(position, 1)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        text = "\n".join(screen_lines(app))
    view = position.state.view(1)
    assert "Highest score wins." in text
    for seat, people in enumerate(view["lists"]):
        block = text[re.search(rf"\d\. {re.escape(literal(position.names[seat]))}", text).start() :]
        assert f"score {view['result']['scores'][seat]}" in block.splitlines()[0]
        line = block.splitlines()[1]
        for person in people:
            best = view["breakdown"][seat][person]
            assert f"{person_name(person)} {card_code(best) if best else '-'}" in line


async def test_the_open_dialog_says_why_a_gift_is_refused_and_never_wraps_round():
    position = Position.at_play(seed=5)
    seat = position.state.turn
    app = ViewApp(position, seat)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        values = [value for _, value, _ in dialog.choices]
        mine = values.index(seat)
        why = "You open the gift you brought only when no other gift is wrapped."
        options = dialog.query_one("OptionList")
        while options.highlighted != mine:  # the refused gift can be looked at, marked and explained
            await pilot.press("down" if options.highlighted < mine else "up")
        await pilot.pause()
        below = dialog.query_one("#why")
        assert str(below.content) == f"× {why}" and "× ▣ the gift you brought" in "\n".join(screen_lines(app))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog and app.moves == [] and str(below.content) == f"Not possible: {why}"
        await pilot.press("end", "down", "down")  # the last stays the last
        assert options.highlighted == len(values) - 1
        await pilot.press("home", "up")  # the first stays the first
        assert options.highlighted == 0
