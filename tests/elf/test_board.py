"""The designed board (spec §1): play area, token cells, touching, and the Goal cards."""

from __future__ import annotations

import itertools

from yule.core.elf.board import (
    GOALS,
    LOCATION,
    LOCATIONS,
    TOKEN_INDEX,
    TOKENS,
    TOUCH,
    XY,
    ZONE,
    cell,
    in_area,
    on_board,
    slot_value,
)

# Rows of the board map, written out by hand: each token label at its x (2 characters a cell).
MAP = {
    0: "    . . . . . . . . . . . . vv. . . . . . . . . . . . .     ",
    1: "    . . . . . . G1. . . . . . . . . S1%%. . . . . . . .     ",
    2: "    . . . . . . . . . . . . . . . . . . . . SNOW. . . .     ",
    3: "    . . . NARW. . . . . . . . . . . . . . . . . . ~~~~.     ",
    5: "    . . . . . . . . . . . . . . G2. . . . . . . . . . .     ",
    6: "    . . . . . . . . CANE. . . . . . . . . . . . . . . .     ",
    7: "    . . G3. . . . . . . . . . . . . . . GUMD. . . G4. .     ",
    10: "    . ~~~~. PARK. S2%%. . . . . . . . . . . . . . . . .     ",
    11: "    . . . . . . . . . . . . . . . CAFE. . . . . GIMB. .     ",
    13: "    . . . . . . . . . . . . NYC*. . . . . . . . . . . .     ",
}


def _label_cells(label: str) -> list[tuple[int, int]]:
    found = []
    for y, row in MAP.items():
        start = row.find(label)
        while start >= 0:
            x = start // 2 - 2
            found.extend((x + i, y) for i in range(len(label) // 2))
            start = row.find(label, start + 1)
    return found


def test_play_area_is_30_by_18_around_a_26_by_14_board():
    cells = [(x, y) for x in range(-5, 32) for y in range(-5, 20) if in_area(x, y)]
    assert len(cells) == 30 * 18
    assert min(cells) == (-2, -2) and max(cells) == (27, 15)
    assert sum(on_board(x, y) for x, y in cells) == 26 * 14
    assert all(XY[cell(x, y)] == (x, y) for x, y in cells)


def test_token_cells_match_the_map():
    labels = {"mr-narwhal": "NARW", "wise-snowman": "SNOW", "candy-cane-forest": "CANE",
              "gumdrop-village": "GUMD", "central-park": "PARK", "worlds-best-coffee": "CAFE",
              "gimbels": "GIMB", "end": "NYC*", "g1": "G1", "g2": "G2", "g3": "G3", "g4": "G4",
              "syrup-1": "S1%%", "syrup-2": "S2%%"}  # fmt: skip
    for token_id, label in labels.items():
        assert list(TOKENS[TOKEN_INDEX[token_id]].cells) == _label_cells(label), token_id
    floes = _label_cells("~~~~")
    assert sorted(TOKENS[TOKEN_INDEX["floe-a"]].cells + TOKENS[TOKEN_INDEX["floe-b"]].cells) == sorted(floes)
    assert TOKENS[TOKEN_INDEX["floe-a"]].cells == ((23, 3), (24, 3))
    assert _label_cells("vv") == [(12, 0)]


def test_touch_zone_is_the_8_cells_around_each_token_cell():
    for i, token in enumerate(TOKENS):
        expected = {(x + dx, y + dy) for x, y in token.cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        assert set(ZONE[i]) == expected
        assert len(ZONE[i]) == (12 if len(token.cells) == 2 else 9)


def test_corner_contact_touches_and_two_apart_does_not():
    snowman = TOKEN_INDEX["wise-snowman"]
    assert snowman in TOUCH[cell(19, 1)]  # diagonal to (20, 2)
    assert snowman in TOUCH[cell(22, 3)]  # diagonal to (21, 2)
    assert snowman not in TOUCH[cell(18, 1)]
    assert snowman not in TOUCH[cell(20, 4)]


def test_no_cell_touches_two_locations():
    for touched in TOUCH:
        assert sum(TOKENS[t].kind == LOCATION for t in touched) <= 1


def test_no_cell_touches_both_floes():
    a, b = TOKEN_INDEX["floe-a"], TOKEN_INDEX["floe-b"]
    assert not any(a in t and b in t for t in TOUCH)


def test_the_straight_drop_touches_no_location():
    cells = [cell(12, y) for y in range(1, 13)]
    touched = {t for c in cells for t in TOUCH[c]}
    assert TOKEN_INDEX["end"] in touched
    assert not touched & set(LOCATIONS)


def test_goal_cards_form_a_fano_plane():
    locations = {TOKENS[i].id for i in LOCATIONS}
    assert len(GOALS) == 7 and all(len(set(g)) == 3 for g in GOALS.values())
    for loc in locations:
        assert sum(loc in g for g in GOALS.values()) == 3
    for a, b in itertools.combinations(GOALS.values(), 2):
        assert len(set(a) & set(b)) == 1
    assert GOALS["goal-1"] == ("gumdrop-village", "central-park", "wise-snowman")


def test_no_goal_card_has_three_locations_of_one_region():
    region = {"mr-narwhal": "arctic", "wise-snowman": "arctic", "candy-cane-forest": "candy",
              "gumdrop-village": "candy", "central-park": "nyc", "worlds-best-coffee": "nyc",
              "gimbels": "nyc"}  # fmt: skip
    for goal in GOALS.values():
        assert len({region[loc] for loc in goal}) >= 2


def test_slot_values():
    assert [slot_value(i) for i in range(7)] == [3, 3, 2, 2, 1, 1, 0]
