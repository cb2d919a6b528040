"""Shared helpers for the Elf tests: stacked decks, a started game, applying record moves."""

from __future__ import annotations

import pytest

from yule.core.elf.cards import CARD_IDS
from yule.core.elf.state import ElfState
from yule.core.records import play
from yule.core.registry import get_game


def deck_with_top(top: list[str]) -> list[str]:
    """All 60 cards: ``top`` first (top card first), then the rest in id order."""
    rest = [c for c in CARD_IDS if c not in top]
    assert len(rest) + len(top) == 60, "top holds an unknown or repeated card"
    return list(top) + rest


def start(players: int, top: list[str], goals: list[str] | None = None, values=(2, 1, 3, 2)) -> ElfState:
    """A game past its three chance moves, with the deck stacked so ``top`` is dealt/drawn first."""
    state = ElfState(players)
    goals = goals or [f"goal-{i + 1}" for i in range(players)]
    for move in (
        {"by": "chance", "type": "shuffle", "deck": deck_with_top(top)},
        {"by": "chance", "type": "goals", "goals": goals},
        {"by": "chance", "type": "gingerbread", "values": list(values)},
    ):
        state.apply(state.parse_record_move(move))
    return state


def do(state: ElfState, by: int, kind: str = "play", card: str | None = None, heading: str | None = None, floe=None):
    """Apply one seat move written like the record; return its events."""
    move: dict = {"by": by, "type": kind}
    if card is not None:
        move["card"] = card
        move["heading"] = heading
    if floe is not None:
        move["floe"] = list(floe)
    return state.apply(state.parse_record_move(move))


def simulate(players: int, seed: int, bot: str = "random") -> dict:
    game = get_game("elf")
    return play(game, [f"P{i}" for i in range(players)], [game.bots[bot]] * players, seed)


@pytest.fixture
def game():
    return get_game("elf")


def set_arrow(state: ElfState, x: int, y: int, heading: str) -> None:
    """Stand Buddy on (x, y) with ``heading`` (a test shortcut for a long path)."""
    from yule.core.elf.board import HEADING_INDEX, cell

    state.arrow_cell = cell(x, y)
    state.arrow_heading = HEADING_INDEX[heading]


def give(state: ElfState, seat: int, *cards: str) -> None:
    """Move cards to the end of ``seat``'s hand from wherever they are (undrawn deck or a hand)."""
    for card in cards:
        for hand in state.hands:
            if card in hand:
                hand.remove(card)
                break
        else:
            index = state.deck.index(card)
            assert index >= state.deck_pos, f"{card} is not available"
            del state.deck[index]
            state.deck.insert(state.deck_pos, card)
            state.deck_pos += 1
        state.hands[seat].append(card)


def take_hand(state: ElfState, seat: int, to: int) -> None:
    """Move all of ``seat``'s hand to seat ``to``."""
    state.hands[to].extend(state.hands[seat])
    state.hands[seat].clear()


def drain_deck(state: ElfState, seat: int, keep: int = 0) -> None:
    """Deal every undrawn card but the last ``keep`` into ``seat``'s hand."""
    stop = len(state.deck) - keep
    state.hands[seat].extend(state.deck[state.deck_pos : stop])
    state.deck_pos = stop


def all_cards(state: ElfState) -> list[str]:
    """Every card the state knows of: undrawn deck, hands, played paths, discards."""
    out = list(state.deck[state.deck_pos :])
    for hand in state.hands:
        out.extend(hand)
    out.extend(path[0] for path in state.paths)
    for pile in state.discards:
        out.extend(pile)
    return out


def leave_in_deck(state: ElfState, seat: int, cards: list[str]) -> None:
    """Deal every undrawn card to ``seat`` except ``cards``, which become the whole deck, in order."""
    drain_deck(state, seat)
    for card in cards:
        state.hands[seat].remove(card)
        state.deck.remove(card)
    state.deck.extend(cards)
    state.deck_pos = len(state.deck) - len(cards)
