"""Shared test helpers: exact positions from a chosen deck order, totals, scoring, bot games.

Every position in the unit tests is built the way a record builds it: a ``shuffle`` chance
move with a deck order the test chooses, a ``start`` chance move, then record-form moves.
With :func:`stacked_deck` the cards a test cares about go on top, so the first round deals
them: the first ``faceup`` of them faceup, the next ``facedown`` facedown (house rule 2).

:func:`rule_scores` scores shelves from house rule 12 apart from the engine, and
:func:`bot_game` plays a whole game through :func:`yule.core.records.play`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from yule.core.base import Bot, MoveDict, View
from yule.core.records import play
from yule.core.white_elephant import GAME, GreedyBot, RandomBot, Shuffle, Start, Take, WhiteElephantState
from yule.core.white_elephant.cards import deck_for

SURPRISE_PREFIX = "surprise-"

DEAL_TABLE = {3: (5, 2), 4: (6, 3), 5: (8, 3), 6: (9, 4), 7: (11, 4), 8: (11, 5)}
"""Rulebook, Start of a Round: gifts dealt for each player count, (faceup, facedown)."""


def stacked_deck(players: int, top: Iterable[str] = ()) -> list[str]:
    """The deck for ``players`` with ``top`` first (in order), then every other card."""
    top = list(top)
    full = deck_for(players)
    missing = [c for c in top if c not in full]
    assert not missing and len(set(top)) == len(top), f"bad top cards {top}"
    return top + [c for c in full if c not in top]


def new_game(players: int, top: Iterable[str] = (), start: int = 0) -> WhiteElephantState:
    """A game after the shuffle ``stacked_deck(players, top)`` and ``Start(start)``: round 1 dealt."""
    state = WhiteElephantState(players)
    state.apply(Shuffle(tuple(stacked_deck(players, top))))
    state.apply(Start(start))
    return state


def handles(state: WhiteElephantState) -> list[str]:
    """The Surprise Gift handles in the Exchange, in layout order, as a spectator sees them."""
    return [r for r in state.view(None)["exchange"] if r.startswith(SURPRISE_PREFIX)]


def take_whole_exchange(state: WhiteElephantState, rounds: int = 1) -> None:
    """For ``rounds`` rounds, the seat to move takes every gift in the Exchange (ending the round)."""
    for _ in range(rounds):
        state.apply(Take(state.turn, tuple(state.exchange)))


def peanut_places(state: WhiteElephantState) -> int:
    """Peanuts in the supply, held by seats, beside the marker and on Surprise Gifts."""
    return state.supply + sum(state.peanuts) + state.pot + sum(state.on_card.values())


def card_places(state: WhiteElephantState) -> list[str]:
    """Every card where it lies: the deck, the Exchange, in front of seats, on Shelves."""
    cards = list(state.deck[state.deck_pos :]) + list(state.exchange)
    for front in state.front:
        cards += front
    for shelf in state.shelf:
        cards += shelf
    return cards


def quoted_cards(data: object, cards: Iterable[str]) -> set[str]:
    """The ids among ``cards`` that appear as a JSON string anywhere in ``data``.

    Ids are matched with their quotes, so ``mug-1`` is not found inside ``mug-10``.

    >>> sorted(quoted_cards({"a": ["mug-10"], "b": {"mug-2": 1}}, ["mug-1", "mug-10", "mug-2"]))
    ['mug-10', 'mug-2']
    """
    text = json.dumps(data)
    return {c for c in cards if f'"{c}"' in text}


UP3 = ("mug-0", "mug-1", "mug-2", "football-8", "board-game-5")
"""The faceup cards of round 1 in :func:`three_seats`, in deal order."""
DOWN3 = ("snow-globe-10", "gift-basket-3")
"""The Surprise Gifts of round 1 in :func:`three_seats`, in deal order."""


def three_seats(start: int = 0) -> WhiteElephantState:
    """A 3-seat game whose first deal is :data:`UP3` faceup then :data:`DOWN3` facedown."""
    return new_game(3, UP3 + DOWN3, start)


def rule_scores(shelves: list[list[str]], peanuts: list[int]) -> list[int]:
    """Scores by house rule 12, written apart from the engine to check it.

    For each suit, every seat holding the most cards of it (at least 1) makes a Collection:
    1 point per card.  Other cards score their number.  Each Peanut is -1.

    >>> rule_scores([["mug-9", "mug-8"], ["mug-0", "socks-7"], []], [0, 2, 0])
    [2, -1, 0]
    """

    def suit(card: str) -> str:
        return card.rpartition("-")[0]

    counts = [{} for _ in shelves]
    for seat, cards in enumerate(shelves):
        for card in cards:
            counts[seat][suit(card)] = counts[seat].get(suit(card), 0) + 1
    most: dict[str, int] = {}
    for seat_counts in counts:
        for s, n in seat_counts.items():
            most[s] = max(most.get(s, 0), n)
    scores = []
    for seat, cards in enumerate(shelves):
        total = 0
        for card in cards:
            collected = counts[seat][suit(card)] == most[suit(card)]
            total += 1 if collected else int(card.rpartition("-")[2])
        scores.append(total - peanuts[seat])
    return scores


class PatientBot(Bot):
    """Takes 2 or 3 gifts, trades and peeks often, clears out rarely: long rounds, many peeks.

    The engine's random bot clears out about one turn in three, so its rounds are short; this
    one makes the positions the properties should also meet (peeks at gifts in front of any
    seat, trades of Surprise Gifts, leftovers).
    """

    kind = "patient"
    WEIGHTS = {"take": 6, "trade": 3, "peek": 3, "clear": 1, "end": 4}

    def choose(self, view: View) -> MoveDict:
        rng = self.rng
        kinds = [k for k, reason in view["actions"].items() if reason is None]
        kind = rng.choices(kinds, [self.WEIGHTS[k] for k in kinds])[0]
        if kind == "take":
            exchange = view["exchange"]
            return {"type": "take", "cards": rng.sample(exchange, min(len(exchange), rng.choice((2, 2, 3))))}
        if kind == "trade":
            targets = [t for t, cards in enumerate(view["front"]) if cards and t != view["you"]]
            return {"type": "trade", "target": rng.choice(targets)}
        if kind == "peek":
            unseen = [h for h in view["on_gifts"] if h not in view["known"]]
            return {"type": "peek", "card": rng.choice(unseen)}
        return {"type": kind}


BOTS = {"random": RandomBot, "greedy": GreedyBot, "patient": PatientBot}


def bot_game(players: int, kinds: list[str], seed: int) -> dict:
    """The record of a whole game, seat ``i`` played by the bot ``kinds[i]`` (a key of BOTS)."""
    names = [f"P{i + 1}" for i in range(players)]
    return play(GAME, names, [BOTS[k] for k in kinds[:players]], seed)
