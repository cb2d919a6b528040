"""What each seat may see (labels stay secret until opened), the action hints, and undo by
replaying a shorter record."""

from __future__ import annotations

import json

import pytest

from yule.core import IllegalMove
from yule.core.gift_exchange import GAME, Bring, GiftExchangeState, Open, Order, Steal, undo_floor
from yule.core.session import Session

from .conftest import play_moves, random_record, table


def test_a_wrapped_label_is_known_to_its_bringer_only():
    state = GiftExchangeState(3)
    events = state.apply(Bring(1, "Waffle maker", "big box"))
    assert events == [{"type": "bring", "by": 1, "gift": 1, "wrapping": "big box", "blank": False}]
    assert state.view(1)["gifts"][1]["label"] == "Waffle maker"
    for seat in (0, 2, None):
        view = state.view(seat)
        assert "label" not in view["gifts"][1]
        assert view["gifts"][1]["wrapping"] == "big box"
        assert "Waffle" not in json.dumps(view)


def test_an_opened_label_is_known_to_everyone():
    state = table(3, labels=["Mug", "Hat", "Yo-yo"])
    assert all("Hat" not in json.dumps(state.view(s)) for s in (0, 2, None))
    events = state.apply(Open(0, 1))
    assert events[0]["label"] == "Hat"
    for seat in (0, 1, 2, None):
        assert state.view(seat)["gifts"][1]["label"] == "Hat"


def test_a_blank_gift_is_public_as_blank_but_has_no_label_until_named():
    state = table(2, labels=["", "Hat"])
    assert state.view(None)["gifts"][0]["blank"] and "label" not in state.view(None)["gifts"][0]
    assert state.view(0)["actions"]["name_needed"] == [0]


def test_the_view_shows_the_table_for_the_tv():
    state = table(4, order=[3, 2, 1, 0], labels=["Mug", "Hat", "Yo-yo", "Fan"])
    state.apply(Open(3, 0))
    state.apply(Open(2, 1))
    state.apply(Steal(1, 0))
    view = state.view(None)
    assert view["phase"] == "playing" and view["order"] == [3, 2, 1, 0]
    assert view["turn"] == 2 and view["turns"] == 4 and view["active"] == [3]
    assert view["chain"] == [{"by": 1, "gift": 0, "from": 3}] and view["steals_this_turn"] == 1
    assert view["gifts"][0] == {
        "id": 0,
        "brought": True,
        "wrapping": "box 0",
        "blank": False,
        "opened": True,
        "holder": 1,
        "steals": 1,
        "frozen": False,
        "label": "Mug",
    }
    assert view["gifts"][3]["holder"] is None and not view["gifts"][3]["opened"]
    assert view["holdings"] == [None, 0, 1, None]
    assert "actions" not in view and "actions" not in state.view(1)
    json.dumps(view)  # JSON-safe


def test_actions_list_each_gift_with_the_reason_it_is_refused():
    state = table(4, steal_limit=1, open_own=False)
    state.apply(Open(0, 1))
    state.apply(Open(1, 0))
    state.apply(Steal(2, 1))  # gift 1 frozen; 0 moves
    hints = state.view(0)["actions"]
    assert hints["open"] == [2, 3] and hints["steal"] == [0] and not hints["keep"] and not hints["bring"]
    assert [(r["type"], r["gift"], r["code"]) for r in hints["refusals"]] == [("steal", 1, "frozen")]
    assert hints["refusals"][0]["reason"] == {"kind": "frozen", "gift": 1, "steals": 1}
    # Every allowed action is legal, every refused one is refused with the same reason.
    for gift in hints["steal"]:
        assert state.can(Steal(0, gift))
    for refusal in hints["refusals"]:
        with pytest.raises(IllegalMove) as error:
            state.verify(Steal(0, refusal["gift"]))
        assert error.value.reason() == refusal["reason"]


def test_during_bringing_every_seat_still_to_bring_has_the_bring_action():
    state = GiftExchangeState(3)
    state.apply(Bring(0, "Mug", "box"))
    assert "actions" not in state.view(0)
    assert state.view(2)["actions"]["bring"] and state.view(2)["phase"] == "bringing"


def test_seat_move_errors_do_not_depend_on_hidden_labels():
    """Two tables that differ only in their secret labels answer every wire move alike."""
    a = table(4, labels=["Mug", "Hat", "Yo-yo", "Fan"])
    b = table(4, labels=["A much longer label", "X", "Y", "Z"])
    for state in (a, b):
        state.apply(Open(0, 2))
        state.apply(Steal(1, 2))
    wire = [{"type": t, "gift": g} for t in ("open", "steal") for g in range(-1, 5)]
    wire += [
        {"type": "keep"},
        {"type": "open", "gift": 1, "label": "Guess"},
        {"type": "bring", "label": "x", "wrapping": "y"},
    ]
    for seat in range(4):
        for move in wire:
            answers = []
            for state in (a, b):
                try:
                    state.verify(state.parse_seat_move(seat, move))
                    answers.append("ok")
                except IllegalMove as e:
                    answers.append(f"{type(e).__name__}: {e}")
            assert answers[0] == answers[1], (seat, move)


def test_a_seat_cannot_send_the_order():
    state = GiftExchangeState(2)
    with pytest.raises(IllegalMove):
        state.parse_seat_move(0, {"type": "order", "seats": [0, 1]})


# -- undo --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players, seed", [(2, 1), (5, 2), (12, 3)])
def test_undo_gives_the_exact_earlier_position(players, seed):
    record = random_record(players, seed, {"steal_limit": 2}, blank_every=2)
    session = Session(GAME, players, record["options"], undo=True)
    snapshots = [session.state.snapshot()]
    views = [json.dumps(session.state.view(None))]
    for move in record["moves"]:
        session.apply(move)
        snapshots.append(session.state.snapshot())
        views.append(json.dumps(session.state.view(None)))
    while (count := session.last_seat_move()) is not None:
        session.undo()
        assert session.state.snapshot() == snapshots[count]
        assert json.dumps(session.state.view(None)) == views[count]
    assert session.moves == []


def test_undo_never_goes_back_past_the_drawn_order():
    record = random_record(4, seed=9)
    assert undo_floor(record["moves"]) == 5 and record["moves"][4]["type"] == "order"
    assert undo_floor(record["moves"][:3]) == 0  # brings may be undone before the draw


def test_undo_of_a_steal_restores_the_chain():
    state = table(3)
    moves = [{"by": 0, "type": "open", "gift": 0}, {"by": 1, "type": "steal", "gift": 0}]
    play_moves(state, moves)
    record_moves = [
        *(Bring(s, f"Gift {s}", f"box {s}").to_record() for s in range(3)),
        Order((0, 1, 2)).to_record(),
        *moves,
    ]
    session = Session(GAME, 3, undo=True)
    session.replay(record_moves)
    assert [e["type"] for e in session.undo()] == ["steal"]
    back = session.state
    assert back.active() == (1,) and back.view(None)["chain"] == [] and back.holder[0] == 0
