"""The organiser mends the party in ``yule party`` by keys (a latecomer, a skipped guest, a label
fixed), the TV's moment for each opening (the label large, a chime, then the board), and the
summary the TV keeps at the end and the organiser exports (who took home what, in order)."""

from __future__ import annotations

import asyncio
import json

from test_gift_exchange_party import acting, party_app, set_up_three
from textual.widgets import Input
from tui_support import burst, screen_text, view_of, wait_for

from yule.core.records import verify_record
from yule.netplay.client import Client
from yule.tui.bigtext import BigText
from yule.tui.dialogs import ConfirmScreen
from yule.tui.gift_exchange.board import GiftBoard
from yule.tui.gift_exchange.forms import FormScreen
from yule.tui.gift_exchange.party import EndScreen, PartyScreen
from yule.tui.gift_exchange.tv import GiftExchangeTV
from yule.tui.tv import WatchApp


async def test_the_organiser_adds_a_latecomer_skips_a_guest_fixes_labels_and_exports_the_summary(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await set_up_three(pilot, app)
        footer = screen_text(app).splitlines()[-1]
        assert "a Latecomer" in footer and "p Skip guest" in footer and "f Fix label" in footer
        await pilot.press("1", "enter")  # the first guest opens Ana's Waffle maker
        await wait_for(pilot, lambda: view_of(app)["gifts"][0]["opened"], what="the first opening")
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the latecomer's form")
        burst(app, *"ben", "enter", *"x", "enter", "enter")  # a name taken: said, nothing sent
        await wait_for(pilot, lambda: "There is already a guest called Ben" in screen_text(app), what="the refusal")
        app.screen.query_one("#f-name", Input).value = "Zoé"
        app.screen.query_one("#f-label", Input).value = "[b]Socks[/b]"
        app.screen.query_one("#f-wrapping", Input).value = "tube"
        app.screen.query_one("#f-wrapping", Input).focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: view_of(app).get("players") == 4 and "Zoé" in app.table.names,
                       what="the latecomer at the table")  # fmt: skip
        assert isinstance(app.screen, PartyScreen) and view_of(app)["order"].index(3) >= 2
        assert [g["name"] for g in json.loads((tmp_path / "data" / "party.json").read_text())["guests"]][-1] == "Zoé"
        await wait_for(pilot, lambda: "Zoé arrives late, bringing gift #4." in screen_text(app), what="the log")

        view = view_of(app)
        skipped = view["order"][view["turn"]]
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="skip?")
        assert "stepped out?" in screen_text(app)
        await pilot.press("y")
        await wait_for(pilot, lambda: view_of(app)["order"][-1] == skipped, what="the skip")
        assert acting(app) != skipped

        await pilot.press("1", "f")  # the cursor on #1, opened: its label to fix
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the label's edit")
        field = app.screen.query_one("#f-label", Input)
        assert field.value == "Waffle maker" and "Fix the label of gift #1" in screen_text(app)
        field.value = "Waffle iron"
        await pilot.press("enter")
        await wait_for(pilot, lambda: view_of(app)["gifts"][0]["label"] == "Waffle iron", what="the label fixed")
        await pilot.press("4", "f")  # the latecomer's gift, wrapped: the label as typed, from party.json
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the wrapped label's edit")
        assert app.screen.query_one("#f-label", Input).value == "[b]Socks[/b]"
        await pilot.press("escape")

        while isinstance(app.screen, PartyScreen) and view_of(app)["phase"] != "over":
            view = view_of(app)
            if view["phase"] == "final":
                await pilot.press("k")
                await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="keep?")
                await pilot.press("y")
                break
            actions = app.table.frame["acting"][0]["actions"]
            gift = actions["open"][0] if actions["open"] else actions["steal"][0]
            lines = len(app.table.lines)
            await pilot.press(str(gift + 1), "enter")
            if gift in actions["name_needed"]:
                await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the name at the reveal")
                burst(app, *"Kite", "enter")
            await wait_for(pilot, lambda: len(app.table.lines) > lines, what="a move")
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen), what="the end")
        assert "[b]Socks[/b]" in screen_text(app) and "Zoé" in screen_text(app)
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the export folder")
        app.screen.query_one("#f-folder", Input).value = str(tmp_path / "out")
        await pilot.press("enter")
        await wait_for(pilot, lambda: (tmp_path / "out" / "party-table-1.txt").exists(), what="the export")
        final = view_of(app)
        names = list(app.table.names)
    record = json.loads((tmp_path / "out" / "party-table-1.json").read_text())
    verify_record(record)
    assert record["players"] == ["Ana", "Ben", "Cy", "Zoé"]
    assert {"arrive", "place", "skip", "relabel"} <= {m["type"] for m in record["moves"]}
    text = (tmp_path / "out" / "party-table-1.txt").read_text()
    lines = text.splitlines()
    assert lines[0] == "Gift Exchange: who goes home with what" and len(lines) == 3 + 4 + 1 - 1
    for number, seat in enumerate(final["order"], 1):  # who took home what, in the order of their turns
        gift = final["holdings"][seat]
        assert lines[2 + number].startswith(
            f"{number}. {names[seat]} took home {final['gifts'][gift]['label']} (gift #"
        )
    assert "[b]Socks[/b]" in text and "Waffle iron" in text
    assert "Waffle iron" in (tmp_path / "out" / "party-table-1.md").read_text()


async def test_each_opening_is_a_moment_on_the_tv_and_the_summary_stays_at_the_end(host, monkeypatch):
    monkeypatch.setattr(GiftExchangeTV, "MOMENT", 2.0)  # long enough for a loaded machine to look at it
    async with Client("127.0.0.1", host.port, "Organiser") as org:
        created = await org.create_table("gift-exchange", 2, organised=True, guests=["Ana", "Ben"], sit=False,
                                         bot_delay=0)  # fmt: skip
        table = created["table"]
        await org.start(table)
        await org.move(table, {"type": "bring", "label": "Socks", "wrapping": "flat parcel"}, seat=0)
        await org.move(table, {"type": "bring", "label": "[b]Mug[/b]", "wrapping": "tin"}, seat=1)
        app = WatchApp("127.0.0.1", host.port, None, created["code"])
        chimes: list[None] = []
        monkeypatch.setattr(app, "bell", lambda: chimes.append(None))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: "Turn 1 of 2" in screen_text(app), what="the TV")
            tv = app.screen
            assert isinstance(tv, GiftExchangeTV) and tv.moment is None and not chimes  # nothing opened yet
            state = host.tables[table].session.state
            seat = state.active()[0]
            await org.move(table, {"type": "open", "gift": 0}, seat=seat)
            await wait_for(pilot, lambda: tv.moment == 0, what="the moment")
            await pilot.pause()
            big = tv.query_one("#moment-label", BigText)
            assert big.text == "Socks" and big.scale(big.content_size.width) >= 1 and len(chimes) == 1
            text = screen_text(app)
            assert f"{['Ana', 'Ben'][seat]} opened gift #1:" in text and "█" in text
            assert not tv.query_one(GiftBoard).display  # the moment has the board's place, under its title
            assert "2 gifts: 1 wrapped, 1 open" in text
            await asyncio.wait_for(tv.moment_over.wait(), 30)  # the board is back, awaited
            await wait_for(pilot, lambda: "◆ Socks" in screen_text(app), what="the board back")
            await org.move(table, {"type": "relabel", "gift": 0, "label": "Wool socks"})
            await wait_for(pilot, lambda: "Revealed: " in screen_text(app) and ": Wool socks" in screen_text(app),
                           what="the reveal with the label put right")  # fmt: skip
            assert tv.moment is None and len(chimes) == 1  # a label put right is no opening
            await org.move(table, {"type": "open", "gift": 1}, seat=state.active()[0])
            await wait_for(pilot, lambda: tv.moment == 1, what="the second moment")
            assert tv.query_one("#moment-label", BigText).text == "[b]Mug[/b]" and len(chimes) == 2
            await pilot.pause()
            assert "[b]Mug[/b]" in screen_text(app)  # no big letters for brackets: the label in words, as typed
            if state.phase == "final":
                await org.move(table, {"type": "keep"}, seat=state.active()[0])
            await asyncio.wait_for(tv.moment_over.wait(), 30)
            await wait_for(pilot, lambda: "Who goes home with what" in screen_text(app), what="the summary")
            assert tv.moment is None and "[b]Mug[/b]" in screen_text(app) and "Wool socks" in screen_text(app)
