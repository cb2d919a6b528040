"""Score sheets at the widths they get: a long line goes on under itself between two parts, never
inside a gift's code or a number, and never between ``=`` and its points (issue 12, §5)."""

from __future__ import annotations

import elf_support
import pytest
import tui_support
from tui_support import GameOverApp, screen_text

from yule.tui.white_elephant.gifts import card_code
from yule.tui.white_elephant.scores import breakdown


async def sheet_at(width: int, position) -> tuple[dict, str]:
    """The final view of ``position`` played to its end, and the screen's text of its score
    sheet at ``width`` (the terminal is tall enough for the whole sheet)."""
    app = GameOverApp.played(position, 0)
    view = position.state.view(0)
    async with app.run_test(size=(width, 60)) as pilot:
        await pilot.pause()
        text = screen_text(app)
    assert not any(line.rstrip().endswith("=") for line in text.splitlines()), text
    return view, text


@pytest.mark.parametrize("width", [80, 50])
async def test_white_elephant_junk_and_points_stay_whole(width):
    view, text = await sheet_at(width, tui_support.Position(players=3, seed=3))
    for part in breakdown(view["result"]):
        assert f"= {part.junk_points}" in text and f"= {part.collection_points}" in text
        for card in part.junk:
            assert card_code(card) in text, f"{card} cut:\n{text}"


@pytest.mark.parametrize("width", [80, 60])
async def test_elf_places_and_points_stay_whole(width):
    _, text = await sheet_at(width, elf_support.Position(players=3, seed=3))
    assert "(unvisited)" in text or "(slot" in text
    assert not any(line.strip() in {"0", "1", "2", "3"} for line in text.splitlines())  # a points figure alone
