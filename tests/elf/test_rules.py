"""Elf's rules, one test per rule of the house rules (spec §3) and the placement rules.

Positions far into a game are set up with small shortcuts from conftest (stand Buddy on a
cell, hand a seat some cards); every rule is then checked through ``apply``.
"""

from __future__ import annotations

import pytest

from yule.core.base import BadOptions, GameIsOver, MalformedMove, NotYourTurn
from yule.core.elf.state import BadChance, BadPlacement, ElfState, MustPlay, NoJump, NotInHand, WrongHeading, WrongPhase
from yule.core.registry import get_game

from .conftest import all_cards, deck_with_top, do, drain_deck, give, leave_in_deck, set_arrow, start, take_hand

NINE = ["cl-1", "s3-2", "s3-5", "kr-1", "s2-4", "s2-7", "ul-1", "cr-2", "s3-6"]


def kinds(events):
    return [e["type"] for e in events]


def of(events, kind):
    return [e for e in events if e["type"] == kind]


# -- rule 1-2: components and setup ------------------------------------------------------------


def test_deal_three_face_up_cards_each_in_seat_order():
    state = start(3, NINE)
    assert state.hands == [NINE[0:3], NINE[3:6], NINE[6:9]]
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["hands"] == [NINE[0:3], NINE[3:6], NINE[6:9]]
    assert state.view(None)["deck"] == 51
    assert state.active() == (0,)


def test_shuffle_must_hold_all_sixty_cards():
    state = ElfState(2)
    deck = deck_with_top([])
    for bad in (deck[:-1], deck[:-1] + deck[:1]):
        with pytest.raises(BadChance):
            state.verify(state.parse_record_move({"by": "chance", "type": "shuffle", "deck": bad}))
    with pytest.raises(WrongPhase):
        state.verify(state.parse_record_move({"by": "chance", "type": "goals", "goals": ["goal-1", "goal-2"]}))


@pytest.mark.parametrize(
    "goals", [["goal-1"], ["goal-1", "goal-1"], ["goal-1", "goal-8"], ["goal-1", "goal-2", "goal-3"]]
)
def test_one_distinct_goal_card_per_seat(goals):
    state = ElfState(2)
    state.apply(state.parse_record_move({"by": "chance", "type": "shuffle", "deck": deck_with_top([])}))
    with pytest.raises(BadChance):
        state.verify(state.parse_record_move({"by": "chance", "type": "goals", "goals": goals}))


@pytest.mark.parametrize("values", [[1, 1, 2, 3], [1, 2, 3], [2, 2, 2, 2], [1, 2, 2, 3, 1]])
def test_gingerbread_values_are_1_2_2_3(values):
    state = ElfState(2)
    state.apply(state.parse_record_move({"by": "chance", "type": "shuffle", "deck": deck_with_top([])}))
    state.apply(state.parse_record_move({"by": "chance", "type": "goals", "goals": ["goal-1", "goal-2"]}))
    with pytest.raises(BadChance):
        state.verify(state.parse_record_move({"by": "chance", "type": "gingerbread", "values": values}))


def test_two_to_four_seats_and_no_options():
    game = get_game("elf")
    for players in (1, 5):
        with pytest.raises(BadOptions):
            game.start(players)
    with pytest.raises(BadOptions):
        game.start(3, {"turns": 9})
    assert game.start(2).options == {} and game.start(4).players == 4


# -- rule 3: the turn ------------------------------------------------------------------------------


def test_first_card_enters_below_the_start_arrow_heading_south():
    state = start(2, ["s2-1", "s2-2", "cl-1"])
    with pytest.raises(WrongHeading, match="heading S"):
        do(state, 0, card="s2-1", heading="E")
    ev = do(state, 0, card="s2-1", heading="S")
    assert ev[0]["cells"] == [[12, 1], [12, 2]]


def test_a_turn_needs_at_least_one_play():
    state = start(2, NINE)
    with pytest.raises(MustPlay):
        do(state, 0, "end")
    assert state.view(0)["actions"] == {"play": None, "end": {"kind": "must_play"}}


def test_several_cards_in_a_turn_then_draw_two_and_pass():
    state = start(3, ["s2-1", "s2-2", "s3-1"] + NINE[3:] + ["zl-1", "zr-1"])
    do(state, 0, card="s2-1", heading="S")
    do(state, 0, card="s3-1", heading="S")
    assert state.view(None)["arrow"] == {"cell": [12, 5], "heading": "S"}
    ev = do(state, 0, "end")
    assert of(ev, "draw") == [{"type": "draw", "seat": 0, "cards": ["zl-1", "zr-1"], "why": "end"}]
    assert state.hands[0] == ["s2-2", "zl-1", "zr-1"]
    assert state.active() == (1,) and state.view(None)["deck"] == 49


def test_a_hand_may_be_emptied_and_has_no_size_limit():
    state = start(2, ["s2-1", "s2-2", "s2-3"])
    for card in ("s2-1", "s2-2", "s2-3"):
        do(state, 0, card=card, heading="S")
    assert state.hands[0] == [] and state.view(0)["actions"]["play"] == {"kind": "hand_empty"}
    do(state, 0, "end")
    assert len(state.hands[0]) == 2
    give(state, 1, *[f"zl-{n}" for n in range(1, 6)])
    assert len(state.hands[1]) == 8


def test_draw_fewer_when_the_deck_is_short():
    state = start(2, NINE)
    drain_deck(state, 1, keep=1)
    do(state, 0, card="cl-1", heading="S")
    ev = do(state, 0, "end")
    assert len(of(ev, "draw")[0]["cards"]) == 1 and state.deck_count == 0


def test_only_the_seat_to_move_plays_only_its_own_cards():
    state = start(2, NINE)
    with pytest.raises(NotYourTurn):
        do(state, 1, card="kr-1", heading="S")
    with pytest.raises(NotInHand):
        do(state, 0, card="kr-1", heading="S")
    with pytest.raises(NotInHand):
        do(state, 0, card="s2-12", heading="S")  # in the deck: same answer as any card not held


def test_placement_off_the_area_or_without_room_is_refused():
    state = start(2, ["s3-1", "s2-1", "cl-1"])
    set_arrow(state, 5, 12, "S")
    with pytest.raises(BadPlacement, match="room to continue"):
        do(state, 0, card="s3-1", heading="S")
    set_arrow(state, 26, 5, "E")
    with pytest.raises(BadPlacement, match="off the play area"):
        do(state, 0, card="s2-1", heading="E")
    do(state, 0, card="cl-1", heading="E")  # (27, 5) (27, 4), arrow N


def test_after_a_corner_arrow_two_entry_headings():
    state = start(2, ["kr-1", "s2-1", "s2-2"])
    set_arrow(state, 10, 4, "E")
    do(state, 0, card="kr-1", heading="E")  # (11, 4) (12, 5), arrow SE
    for heading in ("N", "W"):
        with pytest.raises(WrongHeading, match="S or E"):
            do(state, 0, card="s2-1", heading=heading)
    assert state.view(0)["placements"]["s2-1"] == [{"heading": "S"}, {"heading": "E"}]
    ev = do(state, 0, card="s2-1", heading="S")
    assert ev[0]["cells"] == [[12, 6], [12, 7]]


# -- rule 4: resolving in path order ---------------------------------------------------------------


def test_tokens_trigger_in_path_order():
    state = start(2, ["s2-1", "s3-1", "cl-1"], values=(1, 2, 3, 2))
    set_arrow(state, 2, 7, "S")
    ev = do(state, 0, card="s2-1", heading="S")  # (2, 8) touches g3, (2, 9) touches floe-b
    assert [e["type"] for e in ev[1:]] == ["take_gingerbread", "floe"]
    state2 = start(2, ["s2-1", "s3-1", "cl-1"], values=(1, 2, 3, 2))
    set_arrow(state2, 2, 11, "N")
    ev = do(state2, 0, card="s3-1", heading="N")  # (2, 10) floe-b, (2, 9), (2, 8) g3
    assert [e["type"] for e in ev[1:]] == ["floe", "take_gingerbread"]
    assert [e["cell"] for e in ev[1:]] == [[2, 10], [2, 8]]


def test_a_token_triggers_once_at_the_first_touching_cell():
    state = start(2, ["s3-1", "s2-1", "cl-1"])
    set_arrow(state, 16, 6, "E")  # (17, 6) (18, 6) (19, 6) all touch Gumdrop Village
    ev = do(state, 0, card="s3-1", heading="E")
    assert [(e["location"], e["cell"]) for e in of(ev, "location")] == [("gumdrop-village", [17, 6])]


def test_the_whole_card_resolves_after_touching_end():
    state = start(2, ["s2-1", "s2-2", "cl-1"], goals=["goal-7", "goal-1"])
    set_arrow(state, 12, 12, "E")
    ev = do(state, 0, card="s2-1", heading="E")  # (13, 12) touches END, (14, 12) the Coffee
    assert kinds(ev) == ["play", "reach_end", "location", "snow_globe", "game_over"]
    assert state.is_over and state.slots == ["worlds-best-coffee"]
    result = state.outcome().to_record()
    assert result["ended"] == "nyc" and result["snow_globe"] == 0
    assert result["scores"] == [3 + 2, 0] and result["winners"] == [0]
    assert "draw" not in kinds(ev)
    with pytest.raises(GameIsOver):
        do(state, 0, "end")


# -- rule 5: locations and the Scoring Slots ---------------------------------------------------------

# (arrow x, y, heading) for an s2 whose cells touch exactly that location, written by hand.
APPROACH = [
    ("mr-narwhal", (0, 3, "E")),
    ("wise-snowman", (24, 1, "W")),
    ("candy-cane-forest", (5, 6, "E")),
    ("gumdrop-village", (15, 7, "E")),
    ("central-park", (4, 13, "N")),
    ("worlds-best-coffee", (18, 11, "W")),
    ("gimbels", (25, 11, "W")),
]


def test_locations_fill_the_slots_left_to_right_and_the_seventh_scores_nothing():
    state = start(2, ["cl-1", "cl-2", "cl-3", "cr-1", "cr-2", "cr-3"], goals=["goal-4", "goal-3"])
    cards = [f"s2-{n}" for n in range(1, 10)]
    give(state, 0, *cards)
    for i, (loc, (x, y, h)) in enumerate(APPROACH):
        set_arrow(state, x, y, h)
        ev = do(state, 0, card=cards[i], heading=h)
        assert [e["location"] for e in of(ev, "location")] == [loc]
        assert of(ev, "location")[0]["slot"] == (i if i < 6 else None)
        assert of(ev, "location")[0]["points"] == [3, 3, 2, 2, 1, 1, 0][i]
        assert not state.view(None)["tokens"][loc]["live"]
    view = state.view(None)
    assert view["slots"] == [loc for loc, _ in APPROACH[:6]] and view["seventh"] == "gimbels"
    set_arrow(state, 0, 3, "E")  # a taken location is passed over
    assert of(do(state, 0, card=cards[7], heading="E"), "location") == []
    set_arrow(state, 12, 10, "S")
    do(state, 0, card=cards[8], heading="S")  # (12, 11) (12, 12): END
    result = state.outcome().to_record()
    # goal-4: Snowman 3 + Narwhal 3 + Candy Cane 2, + Snow Globe 2; goal-3: Snowman 3 +
    # Coffee 1 + Gimbels 0, though seat 0 moved Buddy to all of them.
    assert result["scores"] == [10, 4]
    assert result["slots"] == [loc for loc, _ in APPROACH]


# -- rule 6: Gingerbread Men --------------------------------------------------------------------------


def test_gingerbread_goes_to_the_player_and_only_they_see_its_value():
    state = start(3, ["s2-1", "s2-2", "cl-1"], values=(3, 1, 2, 2))
    set_arrow(state, 14, 2, "S")  # (14, 3) (14, 4): touches g2 at (14, 4)
    ev = do(state, 0, card="s2-1", heading="S")
    assert of(ev, "take_gingerbread") == [{"type": "take_gingerbread", "by": 0, "spot": "g2", "cell": [14, 4]}]
    assert state.view(0)["my_gingerbread"] == [{"spot": "g2", "value": 1}]
    for seat in (None, 1, 2):
        view = state.view(seat)
        assert view["gingerbread_counts"] == [1, 0, 0] and view["tokens"]["g2"]["taken_by"] == 0
        assert view.get("my_gingerbread", []) == []
        assert "gingerbread_values" not in view


# -- rule 7: Maple Syrup --------------------------------------------------------------------------------


def test_syrup_draws_the_top_card_once_per_jar_playable_at_once():
    state = start(2, ["s2-1", "s2-2", "cl-1", "s3-1", "s3-2", "s3-3", "cr-1"])
    set_arrow(state, 9, 7, "S")
    ev = do(state, 0, card="s2-1", heading="S")  # (9, 8) (9, 9): (9, 9) touches syrup-2
    assert of(ev, "syrup") == [{"type": "syrup", "by": 0, "jar": "syrup-2", "cell": [9, 9], "card": "cr-1"}]
    assert state.hands[0] == ["s2-2", "cl-1", "cr-1"]
    assert not state.view(None)["tokens"]["syrup-2"]["live"]
    ev = do(state, 0, card="cr-1", heading="S")  # (9, 10) (8, 10): on the spent jar
    assert of(ev, "syrup") == [] and state.deck_count == 53


def test_syrup_with_an_empty_deck_gives_nothing_and_is_spent():
    state = start(2, ["s2-1", "s2-2", "cl-1"])
    drain_deck(state, 1)
    set_arrow(state, 13, 1, "E")
    ev = do(state, 0, card="s2-1", heading="E")  # (14, 1) (15, 1): touches syrup-1
    assert of(ev, "syrup")[0]["card"] is None
    assert not state.view(None)["tokens"]["syrup-1"]["live"]


# -- rule 8: the Ice Floe jump ------------------------------------------------------------------------


def floe_ready(players=2):
    state = start(players, ["s2-1", "s2-2", "s2-3", "cl-1", "cl-2", "cl-3"])
    set_arrow(state, 20, 4, "E")
    ev = do(state, 0, card="s2-1", heading="E")  # (21, 4) (22, 4): (22, 4) touches floe-a
    assert of(ev, "floe") == [{"type": "floe", "by": 0, "floe": "floe-a", "cell": [22, 4], "jump_to": "floe-b"}]
    assert state.view(None)["jump"] == {"used": False, "offer": "floe-b"}
    return state


def test_the_jump_starts_the_next_card_from_the_other_floe():
    state = floe_ready()
    hints = state.view(0)["placements"]["s2-2"]
    assert {"heading": "E"} in hints
    assert sorted((tuple(h["floe"]), h["heading"]) for h in hints if "floe" in h) == [
        ((1, 10), "N"),
        ((1, 10), "S"),
        ((1, 10), "W"),
        ((2, 10), "E"),
        ((2, 10), "N"),
        ((2, 10), "S"),
    ]
    with pytest.raises(NoJump, match="other Ice Floe"):
        do(state, 0, card="s2-2", heading="S", floe=(23, 3))
    with pytest.raises(WrongHeading, match="back onto the Ice Floe"):
        do(state, 0, card="s2-2", heading="E", floe=(1, 10))
    ev = do(state, 0, card="s2-2", heading="W", floe=(1, 10))
    assert ev[0]["cells"] == [[0, 10], [-1, 10]] and ev[0]["floe"] == [1, 10]
    assert state.view(None)["jump"] == {"used": True, "offer": None}
    assert state.view(None)["arrow"] == {"cell": [-1, 10], "heading": "W"}


def test_after_the_jump_the_floes_do_nothing():
    state = floe_ready()
    give(state, 0, "cl-1")
    do(state, 0, card="s2-2", heading="N", floe=(2, 10))
    set_arrow(state, 20, 4, "E")
    ev = do(state, 0, card="s2-3", heading="E")
    assert of(ev, "floe") == [] and state.view(None)["jump"]["offer"] is None
    with pytest.raises(NoJump, match="has been used"):
        do(state, 0, card="cl-1", heading="N", floe=(1, 10))


def test_a_normal_play_lets_the_chance_lapse_and_a_later_touch_offers_it_again():
    state = floe_ready()
    give(state, 0, "cl-1")
    do(state, 0, card="s2-2", heading="E")  # (23, 4) (24, 4): touches floe-a again
    assert state.view(None)["jump"]["offer"] == "floe-b"
    set_arrow(state, 10, 4, "E")
    do(state, 0, card="s2-3", heading="E")  # far from any floe: the offer lapses
    assert state.view(None)["jump"]["offer"] is None
    with pytest.raises(NoJump, match="right after"):
        do(state, 0, card="cl-1", heading="N", floe=(1, 10))


def test_ending_the_turn_lets_the_chance_lapse():
    state = floe_ready()
    do(state, 0, "end")
    assert state.view(None)["jump"] == {"used": False, "offer": None}
    with pytest.raises(NoJump):
        do(state, 1, card="cl-1", heading="N", floe=(1, 10))


def test_a_jump_from_the_southern_floe_lands_in_the_north():
    state = start(2, ["s2-1", "s3-1", "cl-1"])
    set_arrow(state, 0, 12, "N")
    ev = do(state, 0, card="s2-1", heading="N")  # (0, 11) (0, 10): touch floe-b
    assert of(ev, "floe")[0]["jump_to"] == "floe-a"
    ev = do(state, 0, card="s3-1", heading="S", floe=(24, 3))
    assert ev[0]["cells"] == [[24, 4], [24, 5], [24, 6]]
    assert [e["spot"] for e in of(ev, "take_gingerbread")] == ["g4"]


# -- rule 9: a hand that cannot be placed -------------------------------------------------------------


def stuck_setup(next_cards):
    """Seat 1 holds s2 + s3, and seat 0 leaves Buddy at (26, 5) heading E where neither fits."""
    state = start(2, ["s2-1", "s2-2", "s2-3", "s2-4", "s3-1", "s3-2"] + next_cards)
    set_arrow(state, 24, 5, "E")
    do(state, 0, card="s2-1", heading="E")
    assert not state.placeable("s2-4") and not state.placeable("s3-1") and state.placeable("cl-1")
    return state


def test_a_stuck_seat_draws_one_card_at_a_time_until_one_fits():
    state = stuck_setup(["zl-1", "zr-1", "s2-5", "s3-3", "cl-1", "kr-1"])
    ev = do(state, 0, "end")  # seat 0 draws zl-1 zr-1
    assert of(ev, "draw")[1] == {"type": "draw", "seat": 1, "cards": ["s2-5", "s3-3", "cl-1"], "why": "stuck"}
    assert state.hands[1] == ["s2-4", "s3-1", "s3-2", "s2-5", "s3-3", "cl-1"]
    assert state.active() == (1,) and state.view(1)["placements"]["cl-1"] == [{"heading": "E"}]
    assert state.view(None)["hands"][1][-1] == "cl-1"  # drawn face up


def test_a_stuck_seat_discards_its_hand_when_the_deck_runs_out():
    state = stuck_setup([])
    leave_in_deck(state, 0, ["s2-5", "s3-3", "s3-4"])
    assert sorted(all_cards(state)) == sorted(deck_with_top([]))
    ev = do(state, 0, "end")  # seat 0 draws s2-5 s3-3; seat 1 draws s3-4, still stuck
    assert kinds(ev) == ["end", "draw", "draw", "discard", "turn"]
    assert of(ev, "draw")[1]["cards"] == ["s3-4"]
    assert of(ev, "discard")[0] == {"type": "discard", "seat": 1, "cards": ["s2-4", "s3-1", "s3-2", "s3-4"]}
    assert state.hands[1] == [] and state.active() == (0,)
    assert state.view(None)["discards"][1] == ["s2-4", "s3-1", "s3-2", "s3-4"]
    # Seat 1 now has no cards and the deck is out: it is skipped.
    card = next(c for c in state.hands[0] if state.placeable(c))
    placement = state.view(0)["placements"][card][0]
    do(state, 0, card=card, heading=placement["heading"])
    ev = do(state, 0, "end")
    assert kinds(ev) == ["end", "draw", "skip", "turn"] and state.active() == (0,)
    assert sorted(all_cards(state)) == sorted(deck_with_top([]))


# -- rule 10: the end ---------------------------------------------------------------------------------


def test_the_game_ends_when_a_turn_ends_with_every_card_played():
    state = start(2, ["s2-1", "s2-2", "cl-1", "cr-1", "cr-2", "cr-3"], goals=["goal-1", "goal-2"])
    drain_deck(state, 1)
    take_hand(state, 1, 0)
    do(state, 0, card="s2-1", heading="S")
    del state.hands[0][1:]  # a test shortcut: seat 0 keeps one card, the rest leave the game
    do(state, 0, card=state.hands[0][0], heading="S")
    ev = do(state, 0, "end")
    assert kinds(ev)[-1] == "game_over" and state.is_over
    result = state.outcome().to_record()
    assert result["ended"] == "cards" and result["snow_globe"] is None
    assert result["goals"] == ["goal-1", "goal-2"] and result["gingerbread"] == [[], []]


def test_a_rule_nine_discard_can_end_the_game():
    state = stuck_setup([])
    drain_deck(state, 0)
    state.hands[0] = []  # seat 0 played everything (test shortcut)
    ev = do(state, 0, "end")
    assert kinds(ev) == ["end", "draw", "discard", "game_over"]
    assert state.outcome().extra["ended"] == "cards"


def test_end_may_not_follow_a_play_that_touched_end():
    state = start(2, ["s3-1", "s2-1", "cl-1"])
    set_arrow(state, 12, 9, "S")
    ev = do(state, 0, card="s3-1", heading="S")
    assert state.is_over and of(ev, "snow_globe") == [{"type": "snow_globe", "by": 0}]
    with pytest.raises(GameIsOver):
        do(state, 0, "end")
    assert state.active() == ()


def test_a_tie_shares_the_win_and_everything_is_revealed():
    state = start(2, ["s2-1", "s2-2", "s3-1", "s2-3", "cl-1", "cr-1"], goals=["goal-1", "goal-3"], values=(2, 1, 2, 3))
    set_arrow(state, 24, 1, "W")
    do(state, 0, card="s2-1", heading="W")  # the Wise Snowman, on both Goal cards: 3 each
    do(state, 0, "end")
    set_arrow(state, 3, 1, "E")
    do(state, 1, card="s2-3", heading="E")  # (4, 1) (5, 1): g1, worth 2
    do(state, 1, "end")
    set_arrow(state, 11, 9, "S")
    do(state, 0, card="s3-1", heading="S")  # (11, 10) (11, 11) (11, 12): touches END
    assert state.is_over
    result = state.outcome().to_record()
    assert result["scores"] == [5, 5] and result["winners"] == [0, 1]
    assert result["gingerbread"] == [[], [2]] and result["snow_globe"] == 0
    view = state.view(1)
    assert view["goals"] == ["goal-1", "goal-3"]
    assert view["gingerbread_values"] == {"g1": 2, "g2": 1, "g3": 2, "g4": 3}


# -- records and wire moves ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [
        {"by": 0, "type": "play", "card": "s2-1", "heading": "SE"},
        {"by": 0, "type": "play", "card": "s2-1"},
        {"by": 0, "type": "play", "heading": "S"},
        {"by": 0, "type": "play", "card": "s2-1", "heading": "S", "floe": [1]},
        {"by": 0, "type": "play", "card": "s2-1", "heading": "S", "floe": ["1", 2]},
        {"by": "0", "type": "end"},
        {"by": 0, "type": "pass"},
        {"by": 0, "type": "shuffle", "deck": []},
    ],
)
def test_malformed_moves_are_refused(move):
    with pytest.raises(MalformedMove):
        ElfState(2).parse_record_move(move)


def test_a_seat_cannot_send_a_chance_move():
    state = ElfState(2)
    with pytest.raises(MalformedMove):
        state.parse_seat_move(0, {"type": "gingerbread", "values": [1, 2, 2, 3]})
    assert state.parse_seat_move(1, {"type": "end"}).by == 1
