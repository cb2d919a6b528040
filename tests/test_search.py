"""What search needs from every game, as properties over positions of random games.

* Every legal move is listed: random moves that ``verify`` accepts, found without the lists
  (each game's :data:`CANDIDATES`), are listed, or stand for a listed one as the game documents
  (White Elephant's takes, Gift Exchange's free texts).  That the listed moves are legal, and
  the rest of what every game promises, is checked in ``tests/test_games.py``.
* The moves a view offers (what the random bot picks from) are the seat's legal moves, in wire
  form, and the random bot's move is one of them.
* A determinization from a seat's view gives a position whose view for that seat is the same
  view, with the same legal moves.
* A game's fast playout move (the search's model of a seat) is the greedy bot's move from the
  seat's view, with the same random draws (Elf's, when it plans as deep); White Rabbit's
  remembers the cards slid under: it never heads for a pile whose top it knows is no use when
  the other way is a pile it may still gain from, and otherwise it is the greedy bot's move.
* Elf's search tries one card of each shape each way it fits; a Gift List sample wraps, for
  each other seat, the card it needed least of its attic.
* Every bot decides legally from its own view: change only what a seat cannot see (each game's
  :data:`HIDE`: the deck order, other seats' hidden cards, secret cards) and its view, and so
  every bot's move with the same RNG (the search bot's at a fixed number of iterations, the
  adapting bot's at a given strength), stay the same; and that move is legal.

The games are the registry's: a game without its entry in :data:`CANDIDATES` and :data:`HIDE`
fails here until it has them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yule.core import GameState, all_games, get_game
from yule.core.bots import determinizer
from yule.core.ismcts import SearchBot
from yule.core.levels import AdaptingBot
from yule.core.session import Session

SEATS = {game.name: (game.min_players, min(game.max_players, 8)) for game in all_games()}
"""Each game's tables tried, from its fewest seats to its most (but 8 at the most)."""
SEARCHED = tuple(game.name for game in all_games() if SearchBot.kind in game.bots)
"""The games with a search bot."""

fast = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def games(names=tuple(SEATS)):
    return st.sampled_from(names).flatmap(
        lambda name: st.tuples(
            st.just(name),
            st.integers(*SEATS[name]),
            st.integers(0, 10**6),
            st.lists(st.sampled_from(["random", "greedy"]), min_size=8, max_size=8),
        )
    )


def positions(name: str, players: int, seed: int, kinds: list[str]) -> Iterator[tuple[GameState, int]]:
    """Every position of one game where a seat decides, with that seat, played by the bots."""
    game = get_game(name)
    session = Session(game, players, seed=seed)
    session.draw_chance()
    bots = [game.bots[kinds[i]](random.Random(f"{seed}/{i}")) for i in range(players)]
    for _ in range(3000):
        if session.state.is_over:
            return
        seat = session.movers()[0]
        yield session.state, seat
        session.play(seat, bots[seat].choose(session.state.view(seat)))
    raise AssertionError("the game did not end")


# -- random moves, legal or not, found without the lists -----------------------------------------


def _white_elephant(state, seat, rng):
    from yule.core.white_elephant import Clear, End, Peek, Take, Trade

    out = [Clear(seat), End(seat)] + [Trade(seat, t) for t in range(state.players)]
    out += [Peek(seat, card) for card in state.handle]
    exchange = state.exchange
    for _ in range(12):
        if exchange:
            out.append(Take(seat, tuple(rng.sample(exchange, rng.randint(1, len(exchange))))))
    return out


def _gift_list(state, seat, rng):
    from yule.core.gift_list import Bring, Open, Steal
    from yule.core.gift_list.cards import DECK

    out = [Bring(seat, card) for card in rng.sample(DECK, 10) + state.attic[seat]]
    return out + [kind(seat, t) for kind in (Open, Steal) for t in range(state.players)]


def _elf(state, seat, rng):
    from yule.core.elf import End, Play
    from yule.core.elf.board import FLOES, TOKENS

    floes = [None] + [cell for f in FLOES for cell in TOKENS[f].cells]
    return [End(seat)] + [
        Play(seat, card, heading, floe) for card in state.hands[seat] for heading in "NESW" for floe in floes
    ]


def _white_rabbit(state, seat, rng):
    from yule.core.white_rabbit import MaxPlace, MaxTake, Move
    from yule.core.white_rabbit.cards import RABBIT_CARDS

    out = [Move(seat, "cw"), Move(seat, "ccw"), MaxTake(seat, None, None)]
    out += [MaxPlace(seat, pile) for pile in range(9)]
    return out + [MaxTake(seat, t, card) for t in range(state.players) for card in rng.sample(RABBIT_CARDS, 6)]


def _gift_exchange(state, seat, rng):
    from yule.core.gift_exchange import Bring, Keep, Open, Steal

    out = [Bring(seat, "Mystery box", "blue paper"), Keep(seat)]
    for gift in range(state.players):
        out += [Open(seat, gift), Open(seat, gift, "Named at the reveal"), Steal(seat, gift)]
    return out


CANDIDATES: dict[str, Callable] = {
    "white-elephant": _white_elephant,
    "gift-list": _gift_list,
    "elf": _elf,
    "white-rabbit": _white_rabbit,
    "gift-exchange": _gift_exchange,
}


def listed_form(state, move):
    """The listed move a legal ``move`` stands for, or ``None`` when the game leaves it out."""
    kind = move.type
    if state.view(None)["game"] == "white-elephant" and kind == "take":
        if 3 < len(move.cards) < len(state.exchange):
            return None  # takes of 4+ that leave gifts behind are not listed (documented)
        return state.stand_in(move)
    if kind == "bring" and hasattr(move, "wrapping"):  # Gift Exchange: free text
        return next(m for m in state.legal_moves(move.by) if m.type == "bring")
    if kind == "open" and getattr(move, "label", None) is not None:
        return next(m for m in state.legal_moves(move.by) if m.type == "open" and m.gift == move.gift)
    return move


@fast
@given(games())
def test_every_legal_move_is_listed(game):
    name, players, seed, kinds = game
    rng = random.Random(seed)
    for state, seat in positions(name, players, seed, kinds):
        listed = state.legal_moves(seat)
        for move in CANDIDATES[name](state, seat, rng):
            if state.can(move):
                form = listed_form(state, move)
                assert form is None or form in listed, move


@fast
@given(games())
def test_the_moves_a_view_offers_are_the_seats_legal_moves(game):
    """What the random bot picks from, read off the view alone, is what the rules list."""
    name, players, seed, kinds = game
    for state, seat in positions(name, players, seed, kinds):
        trigger = state.chance_trigger()
        legal = [{"type": trigger[1]}] if trigger is not None else [state.wire_move(m) for m in state.legal_moves(seat)]
        offered = get_game(name).view_moves(state.view(seat))
        assert sorted(json.dumps(m, sort_keys=True) for m in offered) == sorted(
            json.dumps(m, sort_keys=True) for m in legal
        )
        move = get_game(name).bots["random"](random.Random(seed)).choose(state.view(seat))
        assert move in offered


@fast
@given(games())
def test_a_determinization_looks_the_same_to_its_seat(game):
    name, players, seed, kinds = game
    rng = random.Random(seed)
    for state, seat in positions(name, players, seed, kinds):
        view = state.view(seat)
        wires = sorted(map(repr, map(state.wire_move, state.legal_moves(seat))))
        sampler = determinizer(view)
        for sample in (sampler.sample(rng), sampler.sample(rng), sampler.sample(None)):
            assert sample.view(seat) == view
            assert sorted(map(repr, map(sample.wire_move, sample.legal_moves(seat)))) == wires
            assert sample.active() == state.active()


@fast
@given(games(SEARCHED), st.integers(0, 10**6))
def test_the_fast_playout_move_is_the_greedy_bots_move(game, seed):
    import yule.core.elf.search as elf_search
    from yule.core.elf.bots import DEPTH

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(elf_search, "PLAYOUT_DEPTH", DEPTH)
        same_moves(*game, seed)


def same_moves(name: str, players: int, game_seed: int, kinds: list[str], seed: int) -> None:
    spec = get_game(name)
    assert spec.playout is not None
    for state, seat in positions(name, players, game_seed, kinds):
        if state.chance_trigger() is not None:
            continue  # a roll to set off: chance, which playouts draw themselves
        view = state.view(seat)
        greedy = spec.bots["greedy"](random.Random(seed)).choose(view)
        move = state.wire_move(spec.playout(state, seat, random.Random(seed)))
        if name == "white-rabbit" and view["phase"] == "direction":
            remembered_direction(view, seat, move, greedy)
        else:
            assert move == greedy


def remembered_direction(view, seat, move, greedy) -> None:
    """White Rabbit's model heads away from a pile whose top it knows is no use, when the other
    way's pile may still give it a card (its top card is known and of use, or is any card
    nobody saw and some of those are of use); between two piles with a face-down card nobody saw on
    top, it goes where the greedy bot goes."""
    from yule.core.white_rabbit.cards import CARD_VALUE, RABBIT_CARDS

    def known_top(space):
        pile, under = view["piles"][space], view["seen_under"][space]
        return under[0] if pile["cards"] and not pile["max"] and pile["cards"] == len(under) else None

    def fresh(space):
        pile = view["piles"][space]
        return not pile["max"] and pile["cards"] > len(view["seen_under"][space])

    def no_use(space):
        top = known_top(space)
        return top is not None and CARD_VALUE[top] not in view["missing"][seat]

    seen = {card for cards in view["families"] + view["seen_under"] for card in cards}
    lacking_unseen = any(CARD_VALUE[c] in view["missing"][seat] for c in RABBIT_CARDS if c not in seen)

    def may_gain(space):
        top = known_top(space)
        return (fresh(space) and lacking_unseen) or (top is not None and CARD_VALUE[top] in view["missing"][seat])

    ways = view["landing"]
    for way, other in (("cw", "ccw"), ("ccw", "cw")):
        if no_use(ways[way]) and may_gain(ways[other]):
            assert move == {"type": "move", "dir": other}, (view, move)
    if fresh(ways["cw"]) and fresh(ways["ccw"]):
        assert move == greedy


@fast
@given(games(["elf"]))
def test_elf_searches_one_card_of_each_shape_each_way_it_fits(game):
    from yule.core.elf.cards import CARD_TYPE
    from yule.core.elf.search import search_moves

    def way(wire):
        return (CARD_TYPE[wire["card"]], wire["heading"], repr(wire.get("floe")))

    for state, seat in positions(*game):
        wires = [state.wire_move(m) for m in state.legal_moves(seat)]
        kept = search_moves(state.view(seat), wires)
        plays = [w for w in kept if w["type"] == "play"]
        assert [w for w in kept if w["type"] != "play"] == [w for w in wires if w["type"] != "play"]
        assert sorted(map(way, plays)) == sorted({way(w) for w in wires if w["type"] == "play"})
        hand = state.hands[seat]
        for wire in plays:  # the copy the greedy bot would play: the first of its shape in the hand
            assert wire["card"] == next(c for c in hand if CARD_TYPE[c] == CARD_TYPE[wire["card"]])


@fast
@given(games(["gift-list"]), st.integers(0, 10**6))
def test_gift_list_samples_wrap_what_each_bringer_needed_least(game, seed):
    """Each wrapped gift of another seat is, in a sample, the card its bringer needed least
    (by the list the sample dealt it) of its attic as it was at the bring."""
    from yule.core.gift_list.greedy import least_needed
    from yule.core.gift_list.state import tops

    rng = random.Random(seed)
    wrapped_seen = 0
    for state, seat in positions(*game):
        sample = determinizer(state.view(seat)).sample(rng)
        for t in range(state.players):
            if t == seat or not state.wrapped >> t & 1 or state.brought[t] is None:
                continue
            wrapped_seen += 1
            gift = sample.brought[t]
            assert least_needed([*sample.attic[t], gift], tops(sample.received[t], sample.lists[t])) == gift
    assert wrapped_seen


# -- changing only what a seat cannot see --------------------------------------------------------


def _deal_again(cards: list, rng: random.Random) -> dict:
    """A random one-to-one renaming of ``cards`` among themselves."""
    shuffled = list(cards)
    rng.shuffle(shuffled)
    return dict(zip(cards, shuffled, strict=True))


def hide_white_elephant(state, seat, rng):
    """The undrawn deck, the Surprise Gifts in play the seat has not peeked at and the cards of
    other Shelves it has not seen, dealt again among those places."""
    known = state.known[seat]
    secret = [c for c in state.handle if c not in known]
    secret += [c for c, bits in state.shelf_known.items() if not bits >> seat & 1]
    undrawn = state.deck[state.deck_pos :]
    rename = _deal_again(secret + undrawn, rng)

    def swap(card):
        return rename.get(card, card)

    state.deck = state.deck[: state.deck_pos] + [swap(c) for c in undrawn]
    state.exchange = [swap(c) for c in state.exchange]
    state.front = [[swap(c) for c in cards] for cards in state.front]
    state.shelf = [[swap(c) for c in cards] for cards in state.shelf]
    state.handle = {swap(c): h for c, h in state.handle.items()}
    state.card_of = {h: c for c, h in state.handle.items()}
    state.on_card = {swap(c): n for c, n in state.on_card.items()}
    state.known = [{swap(c) for c in k} for k in state.known]
    state.shelf_known = {swap(c): bits for c, bits in state.shelf_known.items()}


def hide_gift_list(state, seat, rng):
    """Other seats' attics, their wrapped gifts and the cards out of play dealt again; the Gift
    Lists the seat does not hold dealt again to the other seats."""
    from yule.core.gift_list.cards import DECK, GIFT_LISTS

    others = [t for t in range(state.players) if t != seat]
    wrapped = [t for t in others if state.wrapped >> t & 1 and state.brought[t] is not None]
    in_play = {c for a in state.attic for c in a} | {c for r in state.received for c in r}
    in_play |= {c for c in state.holding if c is not None} | {c for c in state.brought if c is not None}
    secret = [c for t in others for c in state.attic[t]] + [state.brought[t] for t in wrapped]
    secret += [c for c in DECK if c not in in_play]
    rename = _deal_again(secret, rng)
    for t in others:
        state.attic[t] = [rename[c] for c in state.attic[t]]
    for t in wrapped:
        state.brought[t] = rename[state.brought[t]]
    free = [p for p in GIFT_LISTS if p != state.lists[seat]]
    chosen = rng.sample(free, len(others))
    state.lists = [state.lists[t] if t == seat else chosen.pop() for t in range(state.players)]


def hide_elf(state, seat, rng):
    """The undrawn deck shuffled, the Goal cards the seat does not hold and the Gingerbread
    values it has not seen dealt again."""
    from yule.core.elf.board import GOAL_IDS

    undrawn = state.deck[state.deck_pos :]
    rng.shuffle(undrawn)
    state.deck = state.deck[: state.deck_pos] + undrawn
    free = [g for g in GOAL_IDS if g != state.goals[seat]]
    chosen = rng.sample(free, state.players - 1)
    state.goals = [state.goals[t] if t == seat else chosen.pop() for t in range(state.players)]
    mine = set(state.taken[seat])
    unseen = [s for s in range(len(state.spot_values)) if s not in mine]
    values = [state.spot_values[s] for s in unseen]
    rng.shuffle(values)
    state.spot_values = list(state.spot_values)
    for s, value in zip(unseen, values, strict=True):
        state.spot_values[s] = value


def hide_white_rabbit(state, seat, rng):
    """The pile cards nobody has seen (not Max, not those slid under) dealt again among their places."""
    places = [
        (p, i) for p, pile in enumerate(state.piles) for i in range(len(pile) - state.seen_under[p]) if pile[i] != "max"
    ]
    cards = [state.piles[p][i] for p, i in places]
    rng.shuffle(cards)
    for (p, i), card in zip(places, cards, strict=True):
        state.piles[p][i] = card


def hide_gift_exchange(state, seat, rng):
    """Other labels the seat has not seen changed."""
    for gift in range(state.players):
        if gift != seat and not state.opened[gift] and state.labels[gift]:
            state.labels[gift] = rng.choice(["A kite", "Fluffy socks", "Jam"])


HIDE = {
    "white-elephant": hide_white_elephant,
    "gift-list": hide_gift_list,
    "elf": hide_elf,
    "white-rabbit": hide_white_rabbit,
    "gift-exchange": hide_gift_exchange,
}


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.integers(0, 10**6), st.floats(0, 1))
def test_every_bot_moves_legally_and_the_same_whatever_its_seat_cannot_see(game, seed, strength):
    """Every bot of the game (an adapting one at a strength drawn here, the search bot at the
    tests' count of iterations), with the same RNG, makes a legal move, and the same one when only what its
    seat cannot see has changed."""
    name, players, game_seed, kinds = game
    rng = random.Random(seed)

    def decide(kind, view):
        bot = get_game(name).bots[kind](random.Random(seed))
        if isinstance(bot, AdaptingBot):
            bot.strength = strength
        return bot.choose(view)

    for number, (state, seat) in enumerate(positions(name, players, game_seed, kinds)):
        if number % 7:
            continue
        view = state.view(seat)
        other = state.clone()
        HIDE[name](other, seat, rng)
        assert other.view(seat) == view
        trigger = state.chance_trigger()
        for kind in get_game(name).bots:
            move = decide(kind, view)
            if trigger is not None:
                assert move == {"type": trigger[1]}, kind
            else:
                state.verify(state.parse_seat_move(seat, move))
            assert decide(kind, other.view(seat)) == move, kind


@pytest.mark.parametrize("name", tuple(SEATS))
def test_hiding_changes_what_the_seat_cannot_see(name):
    """The helpers above do change hidden parts (else the property would hold trivially)."""
    changed = []
    for state, seat in positions(name, SEATS[name][0] + 1, 7, ["greedy"] * 8):
        other = state.clone()
        HIDE[name](other, seat, random.Random(1))
        changed.append(facts(other) != facts(state))
    assert sum(changed) > len(changed) / 2


def facts(state) -> str:
    """Every attribute of a position but its methods, as text (a compiled state has no ``__dict__``)."""
    return repr(
        [value for name in dir(state) if not name.startswith("__") and not callable(value := getattr(state, name))]
    )
