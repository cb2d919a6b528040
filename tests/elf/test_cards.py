"""The 60 path cards (spec §2.2) and where they may be laid (§2.3-2.4)."""

from __future__ import annotations

import pytest

from yule.core.elf.board import CELLS, HEADING_INDEX, HEADINGS, TOKEN_INDEX, XY, arrow_room, cell
from yule.core.elf.cards import CARD_IDS, CARD_TYPE, JUMPS, NO_ROOM, OFF_AREA, TYPE_ORDER, placement, placements

COUNTS = {"s2": 12, "s3": 8, "cl": 8, "cr": 8, "zl": 5, "zr": 5, "kl": 5, "kr": 5, "ul": 2, "ur": 2}

# Each shape entering north from (10, 8), written from the figure: cells, new arrow.
NORTH = {
    "s2": ([(10, 7), (10, 6)], (10, 6), "N"),
    "s3": ([(10, 7), (10, 6), (10, 5)], (10, 5), "N"),
    "cl": ([(10, 7), (9, 7)], (9, 7), "W"),
    "cr": ([(10, 7), (11, 7)], (11, 7), "E"),
    "zl": ([(10, 7), (9, 7), (9, 6)], (9, 6), "N"),
    "zr": ([(10, 7), (11, 7), (11, 6)], (11, 6), "N"),
    "kl": ([(10, 7), (9, 6)], (9, 6), "NW"),
    "kr": ([(10, 7), (11, 6)], (11, 6), "NE"),
    "ul": ([(10, 7), (9, 7), (9, 8)], (9, 8), "S"),
    "ur": ([(10, 7), (11, 7), (11, 8)], (11, 8), "S"),
}

# The same shapes entering east from (10, 8): left is north, right is south.
EAST = {
    "s2": ([(11, 8), (12, 8)], (12, 8), "E"),
    "cl": ([(11, 8), (11, 7)], (11, 7), "N"),
    "cr": ([(11, 8), (11, 9)], (11, 9), "S"),
    "zl": ([(11, 8), (11, 7), (12, 7)], (12, 7), "E"),
    "kl": ([(11, 8), (12, 7)], (12, 7), "NE"),
    "kr": ([(11, 8), (12, 9)], (12, 9), "SE"),
    "ul": ([(11, 8), (11, 7), (10, 7)], (10, 7), "W"),
    "ur": ([(11, 8), (11, 9), (10, 9)], (10, 9), "W"),
}


def _shape(origin, heading, type_):
    p = placement(cell(*origin), HEADING_INDEX[heading], type_)
    return [XY[c] for c in p.cells], XY[p.arrow_cell], HEADINGS[p.arrow_heading]


def test_sixty_cards_of_ten_types():
    assert len(CARD_IDS) == len(set(CARD_IDS)) == 60
    for type_, count in COUNTS.items():
        assert [c for c in CARD_IDS if CARD_TYPE[c] == type_] == [f"{type_}-{n}" for n in range(1, count + 1)]


@pytest.mark.parametrize("type_", TYPE_ORDER)
def test_shape_entering_north(type_):
    assert _shape((10, 8), "N", type_) == NORTH[type_]


@pytest.mark.parametrize("type_", sorted(EAST))
def test_shape_entering_east(type_):
    assert _shape((10, 8), "E", type_) == EAST[type_]


def test_after_a_straight_arrow_only_its_heading():
    for type_ in TYPE_ORDER:
        found = placements(cell(10, 8), HEADING_INDEX["W"], type_)
        assert [HEADINGS[p.heading] for p in found] == ["W"]


@pytest.mark.parametrize(
    "corner,parts", [("NE", {"N", "E"}), ("SE", {"S", "E"}), ("SW", {"S", "W"}), ("NW", {"N", "W"})]
)
def test_after_a_corner_arrow_either_straight_part(corner, parts):
    found = placements(cell(10, 8), HEADING_INDEX[corner], "s2")
    assert {HEADINGS[p.heading] for p in found} == parts


def test_no_cell_outside_the_play_area():
    p = placement(cell(26, 5), HEADING_INDEX["E"], "s2")  # (27, 5) then (28, 5)
    assert p.error == OFF_AREA
    assert placements(cell(26, 5), HEADING_INDEX["E"], "s2") == ()
    assert placement(cell(25, 5), HEADING_INDEX["E"], "cl").error is None  # (26,5) (26,4)


def test_room_to_continue_straight():
    assert placement(cell(5, 12), HEADING_INDEX["S"], "s2").error is None  # arrow (5,14) S: (5,15) in
    assert placement(cell(5, 12), HEADING_INDEX["S"], "s3").error == NO_ROOM  # arrow (5,15) S
    assert placement(cell(5, 13), HEADING_INDEX["S"], "cl").error is None  # arrow (6,14) E


def test_room_to_continue_corner():
    # kr entering S from (-1, 13): cells (-1, 14), (-2, 15), arrow SW: both S and W point off.
    assert placement(cell(-1, 13), HEADING_INDEX["S"], "kr").error == NO_ROOM
    # kl entering S from (-1, 13): arrow (0, 15) SE: E (1, 15) is still in.
    assert placement(cell(-1, 13), HEADING_INDEX["S"], "kl").error is None


def test_room_to_continue_is_waived_when_touching_end():
    p = placement(cell(12, 12), HEADING_INDEX["S"], "s3")  # (12,13) (12,14) (12,15), arrow S off
    assert p.error is None and p.touches_end
    assert placement(cell(9, 12), HEADING_INDEX["S"], "s3").error == NO_ROOM  # same, far from END


def test_every_allowed_arrow_admits_some_card():
    allowed = [(c, h) for c in range(CELLS) for h in range(8) if arrow_room(c, h)]
    assert len(allowed) == 4220
    for c, h in allowed:
        assert any(placements(c, h, t) for t in TYPE_ORDER), (XY[c], HEADINGS[h])


def test_jumps_from_a_floe():
    floe_b = TOKEN_INDEX["floe-b"]
    found = {(XY[p.origin], HEADINGS[p.heading]) for p in JUMPS[(floe_b, "s2")]}
    assert found == {((1, 10), "N"), ((1, 10), "S"), ((1, 10), "W"), ((2, 10), "N"), ((2, 10), "E"), ((2, 10), "S")}
    for jumps in JUMPS.values():
        assert len(jumps) <= 6
        for p in jumps:
            assert p.cells[0] not in {cell(x, y) for x, y in ((1, 10), (2, 10), (23, 3), (24, 3))}
