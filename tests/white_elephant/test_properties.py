"""Properties of whole games of 3 to 8 seats, played by random and greedy bots.

Each game is played with :func:`yule.core.records.play` (the path of ``yule simulate``), then
replayed move by move while a :class:`Witness` follows the record-form moves on its own,
from the rule text alone, to know where every card is and which cards each seat may know.
After every move:

* every card of the deck is in exactly one place, and the engine agrees with the witness on
  the Exchange, the fronts and the Shelves;
* the 35 Peanuts are all somewhere: supply, seats, beside the marker, on Surprise Gifts;
* no view (each seat's, and the spectator's) holds a card id its seat may not know: the faceup
  cards dealt so far, the seat's own peeks, the seat's own Surprise Gifts opened at a round
  end, and every shelved card once the game is over;
* the public events hold no card id a spectator may not know.

And per game: the result is house rule 12 applied to the shelves and Peanuts.  What every game
promises (records, hints, copies) is checked in ``tests/test_games.py``.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from yule.core.white_elephant import WhiteElephantState
from yule.core.white_elephant.cards import deck_for

from .helpers import BOTS, DEAL_TABLE, bot_game, card_places, peanut_places, quoted_cards, rule_scores

seats = st.integers(min_value=3, max_value=8)
bot_kinds = st.lists(st.sampled_from(sorted(BOTS)), min_size=8, max_size=8)
seeds = st.integers(min_value=0, max_value=2**32)


class Witness:
    """Card places and knowledge, followed from record-form moves with the rule text alone."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.faceup, self.facedown = DEAL_TABLE[players]
        self.deck: list[str] = []
        self.pos = 0
        self.exchange: list[str] = []
        self.front: list[list[str]] = [[] for _ in range(players)]
        self.shelf: list[list[str]] = [[] for _ in range(players)]
        self.dealt_faceup: set[str] = set()
        self.dealt_facedown: set[str] = set()
        self.peeked: list[set[str]] = [set() for _ in range(players)]
        self.opened: list[set[str]] = [set() for _ in range(players)]
        self.final = False
        self.over = False

    def deal(self) -> None:
        """Faceup first, then facedown, from the top, as far as the deck goes (house rule 2)."""
        up = self.deck[self.pos : self.pos + self.faceup]
        self.pos += len(up)
        down = self.deck[self.pos : self.pos + self.facedown]
        self.pos += len(down)
        self.final = self.pos == len(self.deck)
        self.dealt_faceup.update(up)
        self.dealt_facedown.update(down)
        self.exchange += up + down

    def play(self, move: dict) -> None:
        kind, by = move["type"], move["by"]
        if kind == "shuffle":
            self.deck = list(move["deck"])
        elif kind == "start":
            self.deal()
        elif kind == "peek":
            self.peeked[by].add(move["card"])
        elif kind == "take":
            self.exchange = [c for c in self.exchange if c not in move["cards"]]
            self.front[by] += move["cards"]
            self.after_main(cleared=False)
        elif kind == "trade":
            self.front[by] += self.front[move["target"]]
            self.front[move["target"]] = []
            self.after_main(cleared=False)
        elif kind == "clear":
            self.front[by] += self.exchange
            self.exchange = []
            self.after_main(cleared=True)

    def after_main(self, cleared: bool) -> None:
        """House rule 8: the round ends on a clear out, an empty Exchange or no empty front."""
        if not (cleared or not self.exchange or all(self.front)):
            return
        for seat in range(self.players):
            self.opened[seat].update(c for c in self.front[seat] if c in self.dealt_facedown)
            self.shelf[seat] += self.front[seat]
            self.front[seat] = []
        if self.final:
            self.over = True
        else:
            self.deal()

    def may_know(self, seat: int | None) -> set[str]:
        known = set(self.dealt_faceup)
        if seat is not None:
            known |= self.peeked[seat] | self.opened[seat]
        if self.over:
            known.update(c for shelf in self.shelf for c in shelf)
        return known


def check_position(state: WhiteElephantState, witness: Witness, deck: list[str]) -> None:
    assert peanut_places(state) == 35
    if not witness.deck:
        return  # before the shuffle there are no cards yet
    assert sorted(card_places(state)) == sorted(deck)
    assert sorted(state.exchange) == sorted(witness.exchange)
    assert [sorted(f) for f in state.front] == [sorted(f) for f in witness.front]
    assert [sorted(s) for s in state.shelf] == [sorted(s) for s in witness.shelf]
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        leaked = quoted_cards(view, deck) - witness.may_know(seat)
        assert not leaked, f"seat {seat} sees {sorted(leaked)}"
        if seat is not None:
            assert sorted(view["shelf"]) == sorted(witness.shelf[seat])


def replay_checked(record: dict) -> WhiteElephantState:
    """Replay ``record`` from the start, checking every position and every move's events."""
    players = len(record["players"])
    deck = deck_for(players)
    state = WhiteElephantState(players)
    witness = Witness(players)
    check_position(state, witness, deck)
    for move in record["moves"]:
        events = state.apply(state.parse_record_move(move))
        witness.play(move)
        check_position(state, witness, deck)
        leaked = quoted_cards(events, deck) - witness.may_know(None)
        assert not leaked, f"{move} made public {sorted(leaked)}"
    assert state.is_over and witness.over
    return state


@settings(max_examples=60, deadline=None)
@given(players=seats, kinds=bot_kinds, seed=seeds)
def test_every_position_conserves_cards_and_peanuts_and_hides_what_it_must(players, kinds, seed):
    record = bot_game(players, kinds, seed)
    replay_checked(record)


@settings(max_examples=50, deadline=None)
@given(players=seats, kinds=bot_kinds, seed=seeds)
def test_result_is_house_rule_12_on_the_shelves_and_peanuts(players, kinds, seed):
    result = bot_game(players, kinds, seed)["result"]
    assert result["scores"] == rule_scores(result["shelves"], result["peanuts"])
    best = min(result["scores"])
    assert result["winners"] == [s for s, v in enumerate(result["scores"]) if v == best]
    shelved = sorted(c for shelf in result["shelves"] for c in shelf)
    assert len(set(shelved)) == len(shelved) and set(shelved) <= set(deck_for(players))


def test_the_witness_sees_the_peeks_and_surprise_gifts_of_real_games():
    """Guards the properties above: bot games do peek, trade, clear out and open Surprise Gifts,
    so the knowledge checks are not vacuous."""
    kinds_seen: set[str] = set()
    opened = 0
    for seed in range(20):
        record = bot_game(5, ["patient"] * 8, seed)
        kinds_seen.update(m["type"] for m in record["moves"])
        witness = Witness(5)
        for move in record["moves"]:
            witness.play(move)
        opened += sum(map(len, witness.opened))
    assert {"peek", "take", "trade", "clear", "end"} <= kinds_seen
    assert opened > 0
