"""Organiser mode (``yule party``) driven by keys against its real in-process host, a killed
party resumed from the same data folder, the TV view following a party, and the networked
table's refusals."""

from __future__ import annotations

import json
from typing import Any

from gift_exchange_support import LABELS, WRAPPINGS, BoardApp, position
from textual import events
from textual.widgets import Input
from tui_support import Notes, Played, ViewApp, burst, info_of, screen_text, view_of, wait_for

from yule.core import get_game
from yule.core.estimate import estimate
from yule.core.gift_exchange import Bring, Order
from yule.core.records import verify_record
from yule.netplay.client import Client
from yule.tui.dialogs import ConfirmScreen
from yule.tui.gift_exchange.forms import FormScreen
from yule.tui.gift_exchange.party import OPTION_FIELDS, EndScreen, PartyApp, PartyScreen, SetupScreen
from yule.tui.gift_exchange.tv import GiftExchangeTV
from yule.tui.logwords import line_of
from yule.tui.tv import WatchApp
from yule.tui.widgets import GameTable


def said(table: Any) -> list[str]:
    """A followed table's log as an English screen words it (its chat lines left out)."""
    return [words for line in table.lines if (words := line_of(line, "gift-exchange", table.names)) is not None]


def party_app(tmp_path) -> PartyApp:
    return PartyApp(tmp_path / "data", bind="127.0.0.1", port=0)


async def type_guest(pilot, name: str, label: str, wrapping: str) -> None:
    """A guest and their gift typed into the form, a quick typist's burst (a key pressed one by
    one waits for a repaint: a party's worth takes seconds)."""
    burst(pilot.app, *name, "enter", *label, "enter", *wrapping, "enter")
    await pilot.pause()


async def set_up_three(pilot, app: PartyApp) -> None:
    """Ana, Ben (a blank label, a duplicate name refused first) and Cy; then the draw."""
    await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the first guest form")
    await type_guest(pilot, "Ana", "Waffle maker", "small box, gold paper")
    await type_guest(pilot, "ana", "", "x")
    assert "There is already a guest called Ana" in screen_text(app)
    await pilot.press("ctrl+a")  # back to the name: select it and retype
    app.screen.query_one("#f-name").value = ""
    app.screen.query_one("#f-name").focus()
    await pilot.pause()
    await type_guest(pilot, "Ben", "", "big red box")
    await type_guest(pilot, "Cy", "[bold]Mug[/]", "tin")
    await pilot.press("escape")
    await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), what="the guest list")
    text = screen_text(app)
    assert "3 guests" in text and "no label: named at the reveal" in text and "Waffle maker" not in text
    await pilot.press("o")
    await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the options")
    await pilot.press("backspace", "2", "enter", "enter", "enter", "backspace", "l", "enter", "enter", "enter")
    await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), what="the options set")
    assert "frozen after 2 steals" in screen_text(app) and "no steal back of the last loss" in screen_text(app)
    await pilot.press("d")
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="the draw question")
    await pilot.press("y")
    await wait_for(pilot, lambda: view_of(app).get("phase") == "playing", what="the drawn order")
    await wait_for(pilot, lambda: isinstance(app.screen, PartyScreen), what="the party screen")


def acting(app: PartyApp) -> int:
    return app.table.frame["acting"][0]["seat"]


async def choose(pilot, app: PartyApp, gift: int, label: str | None = None) -> None:
    seq = len(app.table.lines)
    await pilot.press(str(gift + 1), "enter")
    if label is not None:
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the label at the reveal")
        burst(app, *label, "enter")
    await wait_for(pilot, lambda: len(app.table.lines) > seq, what=f"the move on gift {gift}")


async def test_a_party_driven_by_keys_with_undo_end_and_export(tmp_path):
    app = party_app(tmp_path)
    notes = Notes()
    async with app.run_test(size=(100, 30), message_hook=notes) as pilot:
        await set_up_three(pilot, app)
        await pilot.press("m", *"Welcome [all]", "enter")  # the organiser's chat goes to the log (and the TVs)
        await wait_for(pilot, lambda: "chat│ Organiser (watching): Welcome [all]" in screen_text(app), what="the chat")
        first = acting(app)
        await choose(pilot, app, 0)  # open Waffle maker
        assert "Revealed" in screen_text(app) and "Waffle maker" in screen_text(app)
        second = acting(app)
        await choose(pilot, app, 0)  # steal it
        assert acting(app) == first and "took #1 from" in screen_text(app)
        await pilot.press("1", "enter")  # straight back: refused, with the reason
        await pilot.pause(0.1)
        assert any("straight back" in n.message for n in notes)
        await choose(pilot, app, 1, label="Kite")  # Ben's blank gift is named as it is opened
        assert view_of(app)["gifts"][1]["label"] == "Kite"
        lines = len(app.table.lines)
        await pilot.press("u")
        await wait_for(pilot, lambda: len(app.table.lines) > lines, what="the undo")
        assert said(app.table)[-1].startswith("Undone: ") and not view_of(app)["gifts"][1]["opened"]
        assert acting(app) == first and view_of(app)["chain"] == [{"by": second, "gift": 0, "from": first}]
        await choose(pilot, app, 1, label="Kite")
        await choose(pilot, app, 2)
        await wait_for(pilot, lambda: view_of(app)["phase"] in ("final", "over"), what="every gift open")
        if view_of(app)["phase"] == "final":
            await pilot.press("k")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="keep?")
            await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), what="the end summary")
        text = screen_text(app)
        assert "Goes home with" in text and "[bold]Mug[/]" in text and "Kite" in text
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the export folder")
        app.screen.query_one("#f-folder").value = str(tmp_path / "out")
        await pilot.press("enter")
        await wait_for(pilot, lambda: (tmp_path / "out" / "party-table-1.md").exists(), what="the export")
    record = json.loads((tmp_path / "out" / "party-table-1.json").read_text())
    verify_record(record)
    assert record["options"]["steal_limit"] == 2 and record["options"]["steal_back_scope"] == "last"
    assert record["players"] == ["Ana", "Ben", "Cy"] and not any(
        m.get("label") == "Kite" and m["type"] == "bring" for m in record["moves"]
    )
    assert [m["type"] for m in record["moves"]].count("open") == 3
    assert "| Guest | Goes home with |" in (tmp_path / "out" / "party-table-1.md").read_text()
    assert (tmp_path / "out" / "party-table-1.csv").read_text().startswith("guest,gift,label")


async def test_a_stopped_party_resumes_from_the_data_folder(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await set_up_three(pilot, app)
        await choose(pilot, app, 0)
        opened_by = view_of(app)["gifts"][0]["holder"]
        table = app.party.table
    saved = tmp_path / "data" / "party.json"
    assert json.loads(saved.read_text())["token"] == app.party.token
    assert saved.stat().st_mode & 0o777 == 0o600  # the organiser token is for its owner only
    # The app and its in-process host are gone; a new one on the same folder offers to resume.
    again = party_app(tmp_path)
    async with again.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: "Resume the unfinished party" in screen_text(again), what="the resume question")
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(again.screen, PartyScreen) and bool(view_of(again)), what="the party")
        assert again.party.table == table and view_of(again)["gifts"][0]["holder"] == opened_by
        assert any("opened gift #1: Waffle maker" in line for line in said(again.table))
        await choose(pilot, again, 1, label="Kite")
        assert view_of(again)["gifts"][1]["opened"]


async def test_guests_typed_in_one_burst_land_in_their_fields(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen.focused, Input), what="the first guest form")
        burst(
            app, *"Ana", "enter", *"Socks", "enter", *"box", "enter", *"Ben", "enter", *"Mug", "enter", *"tin", "enter"
        )
        await wait_for(pilot, lambda: len(app.party.guests) == 2, what="two guests")
        assert [(g.name, g.label, g.wrapping) for g in app.party.guests] == [
            ("Ana", "Socks", "box"),
            ("Ben", "Mug", "tin"),
        ]
        assert "Guest 3 and their gift" in screen_text(app) and app.screen.focused.id == "f-name"


async def test_the_party_header_shows_the_whole_tv_command_and_the_connection(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen.focused, Input), what="the first guest form")
        burst(app, *"Ana", "enter", "enter", *"box", "enter", *"Ben", "enter", "enter", *"tin", "enter", "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), what="the guest list")
        header = screen_text(app).splitlines()[0]
        assert f"TV after the draw: yule watch {app.address}" in header and "host: connected" in header
        await pilot.press("d", "y")
        await wait_for(pilot, lambda: isinstance(app.screen, PartyScreen), what="the party screen")
        code = info_of(app)["code"]
        await wait_for(pilot, lambda: code in screen_text(app), what="the code")
        header = screen_text(app).splitlines()[0]
        assert f"yule watch {app.address} --code {code}" in header and header.rstrip().endswith("host: connected")
        app.address = "[fd00:1234:5678:9abc:def0:1234:5678:9abc]:7737"  # too long for 80 columns with the rest
        app._table_info(app.table)
        await pilot.pause()
        header = screen_text(app).splitlines()[0]
        assert header.startswith(" …") and f"9abc]:7737 --code {code}" in header
        assert header.rstrip().endswith("host: connected")


async def test_the_house_options_form_scrolls_to_each_field_at_80x24(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the first guest form")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), what="the guest list")
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the options")
        for key, label, _ in OPTION_FIELDS:
            await pilot.pause()
            assert app.screen.focused.id == f"f-{key}"
            text = screen_text(app)
            assert " ".join(label.split()[-3:]) in text, f"the end of {label!r} is not on the screen:\n{text}"
            assert app.screen.focused.region.bottom <= 23, f"{key} is below the screen"
            await pilot.press("tab")


async def test_a_party_killed_during_setup_keeps_its_guests(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the first guest form")
        await type_guest(pilot, "Ana", "Socks", "box")
    again = party_app(tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "Continue setting up" in screen_text(again), what="the continue question")
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(again.screen, SetupScreen), what="the guest list")
        assert "1 guest " in screen_text(again) and "Ana" in screen_text(again)


async def test_a_damaged_party_file_is_kept_aside_never_overwritten(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    damaged = '{"guests": [{"name": "Ana", "label": "Socks"'  # cut short, as by a full disk
    (data / "party.json").write_text(damaged)
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="a new party's first guest form")
        await type_guest(pilot, "Ben", "Mug", "box")
    (kept,) = data.glob("party-unreadable-*.json")
    assert kept.read_text() == damaged
    assert [g["name"] for g in json.loads((data / "party.json").read_text())["guests"]] == ["Ben"]


async def test_the_tv_follows_an_organiser_mode_party_and_its_undo(host):
    port = host.port
    async with Client("127.0.0.1", port, "Organiser") as org:
        created = await org.create_table("gift-exchange", 2, organised=True, guests=["Ana", "Ben"], sit=False,
                                         bot_delay=0)  # fmt: skip
        table = created["table"]
        await org.start(table)
        await org.move(table, {"type": "bring", "label": "Socks", "wrapping": "flat parcel"}, seat=0)
        app = WatchApp("127.0.0.1", port, None, created["code"])
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: "Bringing gifts: waiting for Ben" in screen_text(app), what="the TV")
            await org.move(table, {"type": "bring", "label": "Mug", "wrapping": "tin"}, seat=1)
            await wait_for(pilot, lambda: "Turn 1 of 2" in screen_text(app), what="the order on the TV")
            assert "Socks" not in screen_text(app) and "flat parcel" in screen_text(app)
            seat = host.tables[table].session.state.active()[0]
            await org.move(table, {"type": "open", "gift": 0}, seat=seat)
            await wait_for(pilot, lambda: "Revealed" in screen_text(app), what="the reveal")
            assert "◆ Socks" in screen_text(app) and isinstance(app.screen, GiftExchangeTV)
            await org.undo(table)  # the state that stands: #1 wrapped again, nothing revealed
            await wait_for(pilot, lambda: "Undone:" in app.tv.lines[-1], what="the undo on the TV")
            assert "Revealed" not in screen_text(app) and "◆ Socks" not in screen_text(app)
            assert "2 gifts: 2 wrapped, 0 open" in screen_text(app)
            await org.chat(table, "Dinner in five [minutes]")
            await wait_for(pilot, lambda: "chat│ Organiser (watching): Dinner in five [minutes]" in screen_text(app),
                           what="the chat on the TV")  # fmt: skip


async def test_the_organiser_screen_explains_a_frozen_gift():
    state, _ = position(6, 5, {"steal_limit": 1})  # #3 was stolen once: frozen
    app = BoardApp(state)
    notes = Notes()
    async with app.run_test(size=(80, 24), message_hook=notes) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "#3 ◆ Snow globe Dan ⇄1 ❄" in text and "Steals this turn: Dan took #3 from \\x1b[31mMal" in text
        await pilot.press("3", "enter")
        await pilot.pause(0.1)
        assert any("#3 is frozen" in n.message for n in notes)


async def test_networked_play_bring_then_open_by_keys(tmp_path, monkeypatch):
    from yule.tui.app import YuleApp
    from yule.tui.playing import PlaySetup

    app = YuleApp(name="Ana", play=PlaySetup("gift-exchange", 3, bot_delay=0.2), discover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "actions" in view_of(app), what="Ana may bring")
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the bring form")
        burst(app, *"Waffle maker", "enter", *"gold box", "enter")
        await wait_for(pilot, lambda: view_of(app).get("phase") != "bringing", what="the order")
        assert view_of(app)["gifts"][0]["label"] == "Waffle maker"  # Ana's own label, in Ana's view only
        await wait_for(pilot, lambda: "actions" in view_of(app) or "result" in view_of(app), what="Ana's move")
        if "result" not in view_of(app):

            def moved() -> tuple[int, int]:
                return sum(g["opened"] for g in view_of(app)["gifts"]), view_of(app)["steals_total"]

            before = moved()
            await pilot.press("enter")
            await wait_for(pilot, lambda: moved() != before, what="Ana's open or steal")
        if app.screen is not app.table_screen:
            await pilot.press("escape")  # from the game over sheet back to the table
        await pilot.press("u")  # Ana created the table: she is its organiser
        await wait_for(
            pilot, lambda: any(line.startswith("Undone: ") for line in app.table_screen.lines), what="the undo"
        )


class RefusingApp(ViewApp):
    """A networked Gift Exchange seat whose every move the host refuses (another seat's move made it
    illegal, say): what the table does with the refusal."""

    GAME = "gift-exchange"

    def on_game_table_move_chosen(self, message: GameTable.MoveChosen) -> None:
        message.prevent_default()  # not played, as ViewApp's own handler would
        self.moves.append(message.move)
        self.table_screen.table.refused("That label is not allowed just now.")


async def test_a_refused_bring_keeps_what_was_typed():
    app = RefusingApp(Played(get_game("gift-exchange"), 3, seed=1), 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table_screen.table.view is not None, what="the table")
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the bring form")
        burst(app, *"Waffle maker", "enter", *"gold box", "enter")
        await wait_for(pilot, lambda: app.moves and app.screen is app.table_screen, what="the bring sent")
        await wait_for(pilot, lambda: not app.table_screen.table.pending, what="the refusal heard")
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the form again")
        assert [i.value for i in app.screen.query(Input)] == ["Waffle maker", "gold box"]


async def test_the_setup_says_how_long_the_party_takes_with_its_guests_rules_and_pace(tmp_path):
    app = party_app(tmp_path)
    game = get_game("gift-exchange")

    def says(guests: int, options: dict, seconds: float) -> bool:
        words = estimate(game, guests, options, seconds).words()
        return f"How long: {words}; + and - change the seconds a turn" in screen_text(app)

    async with app.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the first guest form")
        await type_guest(pilot, "Ana", "Mug", "box")
        await type_guest(pilot, "Ben", "Kite", "tube")
        await wait_for(pilot, lambda: says(2, {}, 40.0), what="the estimate for two guests")
        await type_guest(pilot, "Cy", "Jam", "jar")
        await pilot.press("escape")
        await wait_for(pilot, lambda: says(3, {}, 40.0), what="the estimate for three guests")
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the options")
        await pilot.press("enter", "1", *["enter"] * 5)  # one steal a turn at most
        await wait_for(pilot, lambda: says(3, {"max_steals_per_turn": 1}, 40.0), what="the estimate with a cap")
        await pilot.press("plus")
        await wait_for(pilot, lambda: says(3, {"max_steals_per_turn": 1}, 45.0), what="five seconds more a turn")
        assert json.loads((tmp_path / "data" / "party.json").read_text())["seconds"] == 45.0
        await pilot.press("x", "y")
        await wait_for(pilot, lambda: says(2, {"max_steals_per_turn": 1}, 45.0), what="the estimate for two")
        await pilot.press("x", "y")  # one guest fewer than a party needs
        await wait_for(pilot, lambda: "How long: with 2 guests or more" in screen_text(app), what="no estimate")


async def test_a_refused_opening_keeps_the_name_typed_for_the_gift():
    played = Played(get_game("gift-exchange"), 3, seed=1)
    for seat in range(3):  # Ben's gift comes without a label: whoever opens it names it
        played.state.apply(Bring(seat, "" if seat == 1 else LABELS[seat], WRAPPINGS[seat]))
    played.state.apply(Order((0, 1, 2)))
    app = RefusingApp(played, 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table_screen.table.view is not None, what="the table")
        assert app.table_screen.table.view["actions"]["name_needed"] == [1]
        await pilot.press("2", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="what is it?")
        burst(app, *"Singing fish", "enter")
        await wait_for(pilot, lambda: app.moves and app.screen is app.table_screen, what="the opening sent")
        assert app.moves[-1] == {"type": "open", "gift": 1, "label": "Singing fish"}
        await wait_for(pilot, lambda: not app.table_screen.table.pending, what="the refusal heard")
        await pilot.press("2", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the form again")
        assert [i.value for i in app.screen.query(Input)] == ["Singing fish"]


async def test_a_refused_guest_comes_back_whole_and_what_was_typed_after_it_is_dropped(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen.focused, Input), what="the first guest form")
        form = app.screen
        burst(app, *"Ana", "enter", "enter", "enter", *"Ana", "enter", "enter", *"box", "enter", *"Leo", "enter")
        await wait_for(
            pilot, lambda: "There is already a guest called Ana" in str(form.query_one("#problem").render()),
            what="the refusal",
        )  # fmt: skip
        await pilot.pause()
        assert [guest.name for guest in app.party.guests] == ["Ana"]
        assert [field.value for field in form.query(Input)] == ["Ana", "", "box"]  # no Leo in front of it
        assert form.focused.id == "f-name"  # the refused name selected: a name typed now takes its place
        await pilot.press(*"Bea", "enter", "enter", "enter")
        await wait_for(pilot, lambda: len(app.party.guests) == 2, what="the guest put right")
        assert [(g.name, g.wrapping) for g in app.party.guests] == [("Ana", ""), ("Bea", "box")]


async def test_text_pasted_into_a_form_keeps_its_tab_and_its_line_break():
    app = RefusingApp(Played(get_game("gift-exchange"), 3, seed=1), 0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table_screen.table.view is not None, what="the table")
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the bring form")
        app.post_message(events.Paste("Singing fish\tlong box\n"))
        await wait_for(pilot, lambda: app.moves, what="the bring sent")
        assert app.moves == [{"type": "bring", "label": "Singing fish", "wrapping": "long box"}]
