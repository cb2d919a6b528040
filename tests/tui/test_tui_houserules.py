"""House rules in the new-table form (:mod:`yule.tui.houserules`): a set saved from one app is
picked in another over the same host, fills the form, and names the table and its record; the
form opens next time on the settings last used; deleting asks first.  ``yule party``'s setup
starts from the options last used and picks a host's set."""

from __future__ import annotations

import argparse

from conftest import FAST, running
from test_gift_exchange_party import party_app, type_guest
from textual.widgets import Select
from tui_support import info_of, new_table_form, screen_text, wait_for

from yule.core import get_game
from yule.netplay.client import Client
from yule.netplay.host.server import Host
from yule.tui.dialogs import ChoiceScreen, ConfirmScreen
from yule.tui.gift_exchange.forms import FormScreen
from yule.tui.gift_exchange.party import SetupScreen
from yule.tui.houserules import DEFAULTS, LAST, set_choice
from yule.tui.newtable import CreateTableScreen
from yule.tui.play import join_app
from yule.tui.profile import Profile
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


async def test_yule_party_starts_from_the_options_last_used_and_picks_a_hosts_set(tmp_path):
    async with running(Host(tmp_path / "data", limits=FAST)) as port, Client("127.0.0.1", port, "Ana") as ana:
        await ana.save_set("gift-exchange", GRANDMA, {"seats": 8, "open": True, "options": {"steal_limit": 2},
                                                      "turn_seconds": 60})  # fmt: skip
    profile = Profile.load()
    profile.tables["gift-exchange"] = {"seats": 3, "open": False, "turn_seconds": None,
                                       "options": {**get_game("gift-exchange").default_options, "steal_limit": 4}}  # fmt: skip
    profile.save()
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, FormScreen), what="the first guest form")
        await type_guest(pilot, "Ana", "Waffle maker", "box")
        await type_guest(pilot, "Ben", "Kite", "tube")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), what="the guest list")
        assert app.party.options["steal_limit"] == 4 and "frozen after 4 steals" in screen_text(app)
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), what="the rules to pick")
        assert "Grandma's rules" in screen_text(app) and "Last used" in screen_text(app)
        await pilot.press("down", "enter")  # under "Last used"
        await wait_for(pilot, lambda: app.party.house_rules == GRANDMA, what="the set picked")
        assert app.party.options["steal_limit"] == 2 and "House rules: Grandma's rules" in screen_text(app)
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="the draw question")
        await pilot.press("y")
        await wait_for(pilot, lambda: app.table is not None and app.table.id in app.host.tables, what="the party")
        assert app.host.tables[app.table.id].house_rules == GRANDMA
    assert Profile.load().tables["gift-exchange"]["options"]["steal_limit"] == 2  # last used from now on
