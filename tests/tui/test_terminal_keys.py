"""Keys that Windows Terminal, macOS Terminal and the others deliver differently, or keep for
themselves: Ctrl+Q, the function keys, Home and End (a Mac laptop has none).  Every key the
footer shows has one that every terminal delivers (Esc included: it only comes a moment late)
and the footer shows that one; the alternatives work.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import pkgutil
import re

from textual.binding import Binding
from tui_support import screen_text, wait_for

from yule import tui
from yule.netplay.discovery import FoundHost
from yule.tui import connect as connect_module
from yule.tui.app import YuleApp
from yule.tui.connect import ConnectScreen
from yule.tui.dialogs import ConfirmScreen
from yule.tui.replay import ReplayApp, ReplayScreen

UNSURE = re.compile(r"ctrl\+q|\^q|f\d+|home|end|pageup|pagedown", re.IGNORECASE)
"""Keys some terminal delivers differently or not at all (a function key, Home on a Mac ...)."""


def shown_bindings() -> list[tuple[str, Binding]]:
    """Every binding a footer shows, of every class of the app, with its class's name."""
    found = []
    for info in pkgutil.walk_packages(tui.__path__, f"{tui.__name__}."):
        if info.name.endswith(("sshguest", "sshserve")):
            continue  # served over SSH, where the guest's own terminal sends what it sends
        for name, kind in inspect.getmembers(importlib.import_module(info.name), inspect.isclass):
            if kind.__module__ == info.name and "BINDINGS" in vars(kind):
                for entry in vars(kind)["BINDINGS"]:  # each as written: its keys together
                    binding = entry if isinstance(entry, Binding) else Binding(*entry)
                    if binding.show:
                        found.append((name, binding))
    return found


def test_every_key_the_footer_shows_has_one_every_terminal_delivers_and_shows_it():
    bindings = shown_bindings()
    assert {"ConnectScreen", "ReplayScreen", "LobbyScreen", "TableScreen"} <= {name for name, _ in bindings}
    for name, binding in bindings:
        keys = binding.key.split(",")
        assert any(not UNSURE.fullmatch(key) for key in keys), f"{name}: {binding.key} -> {binding.action}"
        shown = binding.key_display or keys[0]
        assert not UNSURE.fullmatch(shown), f"{name} shows {shown} for {binding.action}"


async def test_the_lan_list_looks_again_with_ctrl_r_and_esc_asks_then_quits(monkeypatch):
    looks: list[float] = []
    shown = asyncio.Event()

    async def discover(timeout: float) -> list[FoundHost]:  # the LAN: nobody at first, then a host
        looks.append(timeout)
        await shown.wait()
        return [FoundHost("Party", "10.0.0.5", 7737)] if len(looks) > 1 else []

    monkeypatch.setattr(connect_module, "discover_hosts", discover)
    app = YuleApp(name="Gus")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ConnectScreen) and len(looks) == 1, what="a first look")
        shown.set()
        await wait_for(pilot, lambda: "none found yet: Ctrl+R looks again" in screen_text(app), what="none found")
        await wait_for(pilot, lambda: "^r Look again" in screen_text(app), what="the key in the footer")
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: "10.0.0.5:7737" in screen_text(app), what="the host found on looking again")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="the question")
        await pilot.press("y")
        await wait_for(pilot, lambda: app.return_code is not None, what="the app to end")
    assert app.return_code == 0


async def test_a_replay_jumps_to_the_start_and_the_end_with_s_and_e():
    from test_replay import white_elephant_record

    app = ReplayApp(white_elephant_record())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), what="the replay")
        screen = app.screen
        assert "home/s Start" in screen_text(app) and "end/e End" in screen_text(app)
        await pilot.press("right", "right", "s")
        assert screen.position == screen.replay.start
        await pilot.press("e")
        await wait_for(pilot, lambda: screen.position == screen.replay.end, what="the end")


async def test_too_small_a_terminal_quits_with_q():
    app = YuleApp(name="Cy", address=("127.0.0.1", 9), discover=False)
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_for(pilot, lambda: "(q or Ctrl+Q quits)" in screen_text(app), what="the notice")
        await pilot.press("q")
        await wait_for(pilot, lambda: app.return_code is not None, what="the app to end")
    assert app.return_code == 0
