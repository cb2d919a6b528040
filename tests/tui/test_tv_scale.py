"""Each game's TV uses the room it is given (issue 12, §3): from 80×24 to 200×60 its table is
drawn at the largest scale that fits (on a big screen the boards of White Rabbit and Elf at
double size, White Elephant's and Gift List's panels wider), whole, clear of the log, and still
so while the window is resized, back and forth across the sizes where the scale switches.

The TV of a waiting table (issue 26, §2) shows its invitation whole at every size, with few
players or many: the join code in big letters as large as the room left allows, the host's
address big too where there is room, smaller than the code.
"""

from __future__ import annotations

import pytest
from textual.widgets import Static
from tui_support import screen_text
from tv_support import GAMES, InviteApp

from yule.tui.bigtext import BigText, big_lines
from yule.tui.text import literal
from yule.tui.white_elephant.table import GiftGrid
from yule.tui.white_rabbit.board import board_size
from yule.tui.widgets import GameLog, GameTable

SIZES = [
    (80, 24), (100, 30), (111, 38), (112, 38), (120, 26), (120, 27), (120, 39), (120, 40), (140, 42),
    (159, 44), (160, 43), (160, 44), (160, 45), (200, 60), (120, 40), (80, 24),
]  # fmt: skip
"""Sizes in the order the window takes them: each side of every game's switch of scale."""


def shows(screen: list[str], block: list[str]) -> bool:
    """The lines of ``block`` stand one under the other, from the same column, on ``screen``."""
    first = next(i for i, line in enumerate(block) if line.strip())
    key = block[first].rstrip()
    for row, line in enumerate(screen):
        column = line.find(key)
        while column != -1:
            top = row - first
            rows = screen[top : top + len(block)] if top >= 0 else []
            if len(rows) == len(block) and all(
                shown[column : column + len(b.rstrip())] == b.rstrip() for shown, b in zip(rows, block, strict=True)
            ):
                return True
            column = line.find(key, column + 1)
    return False


def names_show(table: GameTable, screen: list[str]) -> bool:
    """Every seat's name shows (literally), at least its first 8 characters (a long name is
    cut to fit)."""
    text = "\n".join(screen)
    return all(literal(name)[:8] in text for name in table.names)


def board_lines(table: GameTable, selector: str = "#board") -> list[str]:
    content = table.query_one(selector, Static).content
    return content.plain.split("\n")


def check_elf(table: GameTable, screen: list[str]) -> None:
    board = board_lines(table)
    assert (len(board), {len(row) for row in board}) == (18 * table.scale, {60 * table.scale})
    assert shows(screen, board), "the play area is whole"
    assert shows(screen, board_lines(table, "#slots")), "the slots are whole"


def check_white_rabbit(table: GameTable, screen: list[str]) -> None:
    board = board_lines(table)
    assert (max(len(row) for row in board), len(board)) == board_size(table.scale)
    assert shows(screen, board), "the ring is whole"
    assert names_show(table, screen), "every family shows"


def check_gift_list(table: GameTable, screen: list[str]) -> None:
    assert shows(screen, board_lines(table, "#party")), "every seat of the party is whole"


def check_white_elephant(table: GameTable, screen: list[str]) -> None:
    text = "\n".join(screen)
    grid = table.query_one(GiftGrid)
    assert grid.labels and all(label.plain in text for label in grid.labels), "every gift in the Exchange shows"
    assert names_show(table, screen), "every seat shows"


CHECKS = {
    "elf": check_elf,
    "white_rabbit": check_white_rabbit,
    "gift_list": check_gift_list,
    "white_elephant": check_white_elephant,
}


@pytest.mark.parametrize("game", list(CHECKS))
async def test_the_tv_draws_its_table_whole_at_every_size(game):
    app = GAMES[game]()
    async with app.run_test(size=SIZES[0]) as pilot:
        for width, height in SIZES:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            table = app.screen.query_one(GameTable)
            assert table.scale == table.tv_scale(width, height), (width, height)
            log = app.screen.query_one(GameLog)
            assert table.region.bottom <= log.region.y and log.region.height >= 2, (width, height)
            CHECKS[game](table, screen_text(app).split("\n"))


@pytest.mark.parametrize("game", list(CHECKS))
async def test_a_big_screen_doubles_the_table_and_a_small_one_keeps_it_at_80x24(game):
    app = GAMES[game]()
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(GameTable)
        assert table.scale == 2 and table.has_class("-scale-2")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert table.scale == 1 and not table.has_class("-scale-2")


async def test_the_log_wraps_at_its_width_again_when_the_tv_grows():
    app = GAMES["white_rabbit"]()
    line = "Dan moved counter-clockwise to space 4 and drew Max, then took grey 1 from Ana after a long roll."
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen.add_log([line])
        await pilot.pause()
        assert line not in screen_text(app)  # two lines at 80 columns
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        assert line in screen_text(app)


@pytest.mark.parametrize("seated", [1, 16])
async def test_the_invitation_is_whole_at_every_size_its_code_as_large_as_fits(seated):
    app = InviteApp(seated=seated, seats=16, code="K7QF2M")
    scales = {}
    async with app.run_test(size=SIZES[0]) as pilot:
        for width, height in SIZES:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            screen = screen_text(app).split("\n")
            words = " ".join(" ".join(screen).split())  # a line may wrap anywhere
            code = app.screen.query_one("#code", BigText)
            address = app.screen.query_one("#address", BigText)
            scale = code.scale(code.content_size.width)
            assert scale and shows(screen, big_lines("K7QF2M", scale)), (width, height)
            assert address.scale(address.content_size.width) < scale, (width, height)
            assert "Come and play White Rabbit at table 3!" in words and "party word" in words, (width, height)
            assert f"Seated ({seated} of 16): Ana" in words and f"{'Guest 16' if seated == 16 else 'Ana'}." in words
            (top,) = [row for row, line in enumerate(screen) if line.startswith("╭")]  # the invitation's border,
            (bottom,) = [row for row, line in enumerate(screen) if line.startswith("╰")]  # whole on screen
            assert 0 < top < bottom < height - 1 and "Seated" in "".join(screen[top:bottom]), (width, height)
            scales[width, height] = scale
    assert scales[80, 24] <= scales[100, 30] <= scales[200, 60] and scales[200, 60] >= 4
