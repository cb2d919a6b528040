"""House rules in the new-table form (:mod:`yule.tui.houserules`): a set saved from one app is
picked in another over the same host, fills the form, and names the table and its record; the
form opens next time on the settings last used; deleting asks first."""

from __future__ import annotations

import argparse

from textual.widgets import Select
from tui_support import info_of, new_table_form, screen_text, wait_for

from yule.tui.dialogs import ConfirmScreen
from yule.tui.houserules import DEFAULTS, LAST, set_choice
from yule.tui.newtable import CreateTableScreen
from yule.tui.play import join_app
from yule.tui.questions import LineScreen

GRANDMA = "Grandma's rules"


async def gift_exchange_form(pilot, app) -> CreateTableScreen:
    form = await new_table_form(pilot, app)
    await pilot.press("home")
    while form._game().name != "gift-exchange":
        await pilot.press("down")
    await wait_for(pilot, lambda: "Steal limit" in screen_text(app), what="Gift Exchange's options")
    return form


def choices(form: CreateTableScreen) -> list[object]:
    return [value for _, value in form.query_one("#rules", Select)._options]


async def test_a_set_saved_in_one_app_is_picked_in_another_and_names_the_table_and_its_record(host):
    fay = join_app(argparse.Namespace(address=f"127.0.0.1:{host.port}", name="Fay", code=None))
    async with fay.run_test(size=(80, 24)) as pilot:
        form = await gift_exchange_form(pilot, fay)
        assert form.query_one("#rules", Select).value == DEFAULTS  # never created one: the defaults
        await pilot.press("enter", "end", "backspace", "5")  # 5 seats
        form.query_one("#opt-steal_limit").focus()
        await pilot.press("backspace", "2", "ctrl+n")
        await wait_for(pilot, lambda: isinstance(fay.screen, LineScreen), what="the name asked")
        await pilot.press(*"Grandma's rules", "enter")
        await wait_for(pilot, lambda: form.query_one("#rules", Select).value == set_choice(GRANDMA), what="saved")
        assert "Grandma's rules" in screen_text(fay)
        await pilot.press("escape")
    gil = join_app(argparse.Namespace(address=f"127.0.0.1:{host.port}", name="Gil", code=None))
    async with gil.run_test(size=(80, 24)) as pilot:
        form = await gift_exchange_form(pilot, gil)
        await wait_for(pilot, lambda: set_choice(GRANDMA) in choices(form), what="the host's sets listed")
        assert form.query_one("#seats").value == "4"
        form.query_one("#rules", Select).focus()
        await pilot.press("enter", "up", "enter")  # the set, above the defaults
        await wait_for(pilot, lambda: form.query_one("#seats").value == "5", what="the set filled in")
        assert form._options(form._game())["steal_limit"] == 2
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: info_of(gil) is not None, what="the new table")
        table = host.tables[info_of(gil)["table"]]
        assert table.house_rules == GRANDMA
        await gil.client.fill_bots(table.id, kind="random")
        await gil.client.start(table.id)
        await wait_for(pilot, lambda: table.session is not None, what="the game")
        assert table.record()["house_rules"] == GRANDMA
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(gil.screen, ConfirmScreen), what="leave the table?")
        await pilot.press("y")
        await wait_for(pilot, lambda: info_of(gil) is None, what="the lobby")
        # Next time the form opens on the settings last used, the set among the choices; a
        # setting changed after picking it leaves the name out.
        form = await gift_exchange_form(pilot, gil)
        assert form.query_one("#rules", Select).value == LAST and form.query_one("#seats").value == "5"
        await wait_for(pilot, lambda: set_choice(GRANDMA) in choices(form), what="the host's sets listed")
        form.query_one("#rules", Select).value = set_choice(GRANDMA)
        await pilot.pause()
        form.query_one("#turn-seconds").focus()
        await pilot.press("6", "0", "ctrl+s")
        await wait_for(pilot, lambda: info_of(gil) is not None, what="the other table")
        assert host.tables[info_of(gil)["table"]].house_rules is None


async def test_deleting_a_set_asks_first(host):
    await_client = join_app(argparse.Namespace(address=f"127.0.0.1:{host.port}", name="Hal", code=None))
    async with await_client.run_test(size=(80, 24)) as pilot:
        app = await_client
        await app.client.save_set("gift-exchange", GRANDMA, {"seats": 6, "open": False, "options": {},
                                                             "turn_seconds": None})  # fmt: skip
        form = await gift_exchange_form(pilot, app)
        await wait_for(pilot, lambda: set_choice(GRANDMA) in choices(form), what="the host's sets listed")
        form.query_one("#rules", Select).value = set_choice(GRANDMA)
        await wait_for(pilot, lambda: form.query_one("#seats").value == "6", what="the set filled in")
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="the question")
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is form, what="the form again")
        assert [s["name"] for s in (await app.client.house_sets("gift-exchange"))["sets"]] == [GRANDMA]
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="the question")
        await pilot.press("y")
        await wait_for(pilot, lambda: set_choice(GRANDMA) not in choices(form), what="the set gone")
        assert (await app.client.house_sets("gift-exchange"))["sets"] == []
        assert form.query_one("#seats").value == "6"  # the form keeps what it shows
