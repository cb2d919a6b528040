"""Gift List in the whole app against a real in-process host (``yule play gift-list``):
every bring, open and steal of a game made by key presses, then the revealed lists."""

from __future__ import annotations

from gift_list_support import screen_lines
from tui_support import view_of, wait_for, wait_for_screen

from yule.tui.app import PlaySetup, YuleApp
from yule.tui.screens import GameOverScreen


def may_move(app: YuleApp) -> bool:
    """The table shows a view in which this seat may bring, open or steal, and nothing is on its way."""
    view = view_of(app)
    screen = app.table_screen
    return (
        any(why is None for why in (view.get("actions") or {}).values())
        and screen is not None
        and not screen.table.pending
        and app.screen is screen
    )


async def test_a_whole_game_by_keys_against_the_host(tmp_path, monkeypatch):
    app = YuleApp(name="Ana", play=PlaySetup("gift-list", 4, bot_delay=0.01), discover=False)
    done = {"bring": 0, "open": 0, "steal": 0}
    async with app.run_test(size=(80, 24)) as pilot:
        while True:
            await wait_for(pilot, lambda: may_move(app) or "result" in view_of(app), what="Ana's move")
            view = view_of(app)
            if "result" in view:
                break
            actions = view["actions"]
            seen = len(app.table_screen.lines)
            if actions["bring"] is None:
                await pilot.press("right", "b")
                kind = "bring"
            else:
                kind = "steal" if actions["steal"] is None and done["steal"] <= done["open"] else "open"
                await pilot.press(kind[0])
                await wait_for(pilot, lambda: app.screen is not app.table_screen, what=f"the {kind} list")
                await pilot.press("enter")
            await wait_for(pilot, lambda: len(app.table_screen.lines) > seen, what=f"the {kind} in the log")
            mine = [line for line in app.table_screen.lines[seen:] if line.startswith("Ana ")]
            assert mine and {"bring": "brought", "open": "opened", "steal": "stole"}[kind] in mine[0]
            done[kind] += 1
        assert done["bring"] == 8 and done["open"] >= 1 and done["steal"] >= 1
        await wait_for_screen(pilot, GameOverScreen, "Game over.", "Highest score wins.", what="the game over sheet")
        text = "\n".join(screen_lines(app))
        assert text.count(" · ") >= 8 and "received" in text  # every list, with its best cards
