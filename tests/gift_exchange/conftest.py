"""Shared helpers for the Gift Exchange tests: quick table set-ups and record drivers."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

import pytest

from yule.core.gift_exchange import GAME, Bring, GiftExchangeState, Order
from yule.core.gift_exchange.options import check_options
from yule.core.records import new_record

NAMES = ["Ana", "Ben", "Chloe", "Dev", "Eli", "Fay", "Gus", "Hal"]


def names(n: int) -> list[str]:
    """Seat names for n seats (the first eight are real names)."""
    return (NAMES + [f"Guest {i + 1}" for i in range(len(NAMES), n)])[:n]


def table(
    players: int,
    order: Sequence[int] | None = None,
    labels: Sequence[str] | None = None,
    **options,
) -> GiftExchangeState:
    """A game with every gift brought ("Gift <i>" unless ``labels``) and the order drawn
    (seat order unless ``order``): the first turn is about to be played."""
    state = GiftExchangeState(players, check_options(options))
    for seat in range(players):
        label = labels[seat] if labels is not None else f"Gift {seat}"
        state.apply(Bring(seat, label, f"box {seat}"))
    state.apply(Order(tuple(order) if order is not None else tuple(range(players))))
    return state


def play_moves(state: GiftExchangeState, moves: Iterable[dict]) -> list[dict]:
    """Apply record-form moves in turn; return every event."""
    events = []
    for move in moves:
        events += state.apply(state.parse_record_move(move))
    return events


def random_record(players: int, seed: int, options: dict | None = None, blank_every: int = 0) -> dict:
    """A finished record of uniformly random legal moves, built from the state's own hints.

    Labels are unique and easy to spot (``Secret#SS#``, SS the seat); with ``blank_every`` k > 0
    every k-th seat brings its gift blank and the opener names it ``Named#SS#``.
    """
    rng = random.Random(seed)
    state = GAME.start(players, options or {})
    record = new_record(GAME, names(players), state.options)
    moves = record["moves"]
    while not state.is_over:
        active = state.active()
        if active == ("chance",):
            move = state.chance_move(rng).to_record()
        else:
            seat = rng.choice(active)
            hints = state.view(seat)["actions"]
            if hints["bring"]:
                blank = blank_every and seat % blank_every == 0
                move = {
                    "by": seat,
                    "type": "bring",
                    "label": "" if blank else f"Secret#{seat:02}#",
                    "wrapping": f"wrap {seat}",
                }
            else:
                choices = [("open", g) for g in hints["open"]] + [("steal", g) for g in hints["steal"]]
                if hints["keep"]:
                    choices.append(("keep", None))
                kind, gift = rng.choice(choices)
                move = {"by": seat, "type": kind}
                if gift is not None:
                    move["gift"] = gift
                if gift in hints["name_needed"] and kind == "open":
                    move["label"] = f"Named#{gift:02}#"
        state.apply(state.parse_record_move(move))
        moves.append(move)
    record["result"] = state.outcome().to_record()
    return record


@pytest.fixture
def five():
    """Five seats in seat order, default options."""
    return table(5)
