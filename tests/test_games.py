"""What every registered game promises, tried on each over games its own bots play (as
OpenSpiel's ``games_sim_test`` tries every game it knows): a game added to
:mod:`yule.core.registry` is checked here without a line of this file changed.

At positions of games played by the game's bots (but the search bot), for every seat:

* Legal moves agree with ``verify``: every listed move passes it and goes to record form and
  to wire form and back unchanged; a seat that may not act has no move listed, and no move the
  game lists at any moment, given to that seat, is allowed to it.
* Hints are the rules' refusals: only a seat that may act has ``actions`` in its view; in a
  game of one reason a kind (its ``ACTIONS``) the kinds allowed are the kinds listed (and the
  chance move the seat sets off), and every move of a refused kind is refused with the hint's
  words.
* Views hide what they must: a view depends on nothing its seat was never shown.  Two
  things the moves so far name that neither the seat's views nor the public events ever
  showed it, swapped throughout the game so far, leave its view as it was (and, for a
  spectator, every public event), whenever the rules still take the game so changed.  (What
  each seat may be shown is each game's own rule: its folder's tests say.)
* A copy is independent of its original; views and events are JSON and survive it unchanged.
* Where the seats choose at once (``at_once``), their moves commute: one seat's move changes no
  other seat's legal moves, and two seats' moves made in either order leave the same game.

And of whole games: the same seed plays the same record, which survives JSON and verifies; a
record with a move the rules refuse (or nonsense in a move's fields) is refused at that move;
a wrong, missing or extra result is refused; a record cut short replays to an unfinished game.

And of a game's :class:`~yule.core.session.Session`: a move taken back leaves the game as its
record replayed without it, whether the session kept the positions on the way or not, and the
same moves played again (in wire form) draw the same chance moves and end the same game; a game
that fails in the middle of a move is set back to the moves before it.
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from game_support import seen_by, strings_in, values_swapped
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yule.core import CHANCE, Game, GameState, all_games, get_game
from yule.core.base import IllegalMove, refusal
from yule.core.reasons import english
from yule.core.records import RecordError, play, replay, verify_record
from yule.core.session import Session

MOST_SEATS = 7
"""The largest table tried (Gift Exchange takes 40: as many only make the games longer)."""

GAMES = [game.name for game in all_games()]

some = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


PLAYING = ("random", "kind", "greedy", "adapting")
"""The bots whose games are tried, those of them a game has (the search bot is too slow here)."""


@st.composite
def bot_games(draw: st.DrawFn, name: str) -> tuple[Game[Any], list[str], int]:
    """A game's seats (one bot kind each: random, kind, greedy, adapting) and a seed."""
    game = get_game(name)
    players = draw(st.integers(game.min_players, min(game.max_players, MOST_SEATS)))
    kinds = draw(st.lists(st.sampled_from([k for k in PLAYING if k in game.bots]), min_size=players, max_size=players))
    return game, kinds, draw(st.integers(0, 10**6))


def record_of(game: Game[Any], kinds: list[str], seed: int) -> dict[str, Any]:
    return play(game, [f"P{i + 1}" for i in range(len(kinds))], [game.bots[kind] for kind in kinds], seed)


def positions(record: dict[str, Any]) -> Iterator[tuple[int, GameState[Any], list[dict[str, Any]]]]:
    """Each position along a record: how many moves made it, the position, and the events of the
    last of them (the position is one object, moved on: look at it before the next)."""
    session = replay(record, upto=0)
    yield 0, session.state, []
    for number, move in enumerate(record["moves"], start=1):
        events = session.apply(move)
        yield number, session.state, events


class Pool:
    """Every seat move a game listed anywhere, by kind and in record form without its seat: the
    moves tried on every seat at every moment (the candidates a game's own lists suggest)."""

    def __init__(self, record: dict[str, Any], rng: random.Random) -> None:
        self.rng = rng
        kinds: dict[str, dict[str, dict[str, Any]]] = {}
        for _, state, _ in positions(record):
            for seat in range(state.players):
                for move in state.legal_moves(seat):
                    wire = {k: v for k, v in move.to_record().items() if k != "by"}
                    kinds.setdefault(wire["type"], {})[json.dumps(wire, sort_keys=True)] = wire
        for move in record["moves"]:
            if move["by"] != CHANCE:
                wire = {k: v for k, v in move.items() if k != "by"}
                kinds.setdefault(wire["type"], {})[json.dumps(wire, sort_keys=True)] = wire
        self.kinds = {kind: list(moves.values()) for kind, moves in sorted(kinds.items())}

    def moves(self, state: GameState[Any], seat: int, each: int = 6) -> dict[str, list[Any]]:
        """Up to ``each`` moves of every kind, given to ``seat`` (those ``state`` can read)."""
        out: dict[str, list[Any]] = {}
        for kind, wires in self.kinds.items():
            for wire in self.rng.sample(wires, min(each, len(wires))):
                try:
                    out.setdefault(kind, []).append(state.parse_record_move({**wire, "by": seat}))
                except IllegalMove:
                    continue
        return out


# -- at every position ---------------------------------------------------------------------------


def may_act(state: GameState[Any], seat: int) -> bool:
    trigger = state.chance_trigger()
    return seat in state.active() or (trigger is not None and trigger[0] == seat)


def check_moves_and_hints(state: GameState[Any], pool: Pool) -> None:
    trigger = state.chance_trigger()
    for seat in range(state.players):
        view = state.view(seat)
        listed = state.legal_moves(seat)
        candidates = pool.moves(state, seat)
        assert ("actions" in view) == may_act(state, seat), (seat, view.get("actions"))
        for move in listed:
            state.verify(move)
            assert state.parse_record_move(move.to_record()) == move
            assert state.parse_seat_move(seat, state.wire_move(move)) == move
        if seat not in state.active():
            assert listed == []
            assert not [m for moves in candidates.values() for m in moves if state.can(m)], seat
        if "actions" not in view or not type(state).ACTIONS:
            continue  # a game whose hints are its own (Gift Exchange's list gifts) says in its own tests
        hints = view["actions"]
        rolls = {trigger[1]} if trigger is not None and trigger[0] == seat else set()
        assert {kind for kind, reason in hints.items() if reason is None} == {m.type for m in listed} | rolls, hints
        for kind, reason in hints.items():
            if reason is not None:
                assert all(refusal(state.verify, m) == reason for m in candidates.get(kind, [])), (kind, hints)


def check_copies_and_json(state: GameState[Any], events: list[dict[str, Any]]) -> None:
    seats = [*range(state.players), None]
    views = [state.view(s) for s in seats]
    assert json.loads(json.dumps(views)) == views
    assert json.loads(json.dumps(events)) == events
    copied = state.clone()
    assert [copied.view(s) for s in seats] == views
    mover = copied.mover()
    if mover is not None and (moves := copied.legal_moves(mover)):
        quiet = state.clone()
        copied.apply(moves[-1])
        assert [state.view(s) for s in seats] == views
        quiet.play(moves[-1])  # the same move, without the events: the same position
        assert [quiet.view(s) for s in seats] == [copied.view(s) for s in seats]


def check_at_once(state: GameState[Any]) -> None:
    if not state.at_once():
        return
    movers = [seat for seat in state.active() if isinstance(seat, int) and state.legal_moves(seat)]
    for first, second in itertools.pairwise(movers):
        ones, others = state.legal_moves(first), state.legal_moves(second)
        for one, other in {(ones[0], others[-1]), (ones[-1], others[0])}:
            after = state.clone()
            after.apply(one)
            assert [m.to_record() for m in after.legal_moves(second)] == [m.to_record() for m in others]
            after.apply(other)
            before = state.clone()
            before.apply(other)
            before.apply(one)
            seats = [*range(state.players), None]
            assert [after.view(s) for s in seats] == [before.view(s) for s in seats]


@pytest.mark.parametrize("name", GAMES)
@some
@given(data=st.data())
def test_every_position_keeps_the_contract(name, data):
    game, kinds, seed = data.draw(bot_games(name))
    record = record_of(game, kinds, seed)
    pool = Pool(record, random.Random(seed))
    every = max(1, len(record["moves"]) // 25)  # some 25 positions of a game
    for number, state, events in positions(record):
        if number % every == 0 or state.is_over:
            check_moves_and_hints(state, pool)
            check_copies_and_json(state, events)
        check_at_once(state)


JUNK = ["nonsense", -1, 99, None, [1], {"x": 1}, ""]
"""Values given to a move's fields to have it refused as it is read."""


def refusals(state: GameState[Any], seat: int, pool: Pool, rng: random.Random) -> Iterator[IllegalMove]:
    """How the rules refuse moves of every kind given to ``seat`` now, and wire moves with a
    field changed to nonsense (refused as they are read)."""
    for moves in pool.moves(state, seat, each=4).values():
        for move in moves:
            try:
                state.verify(move)
            except IllegalMove as e:
                yield e
    for kind, wires in pool.kinds.items():
        wire = dict(rng.choice(wires))
        for key in [k for k in wire if k != "type"] or ["type"]:
            try:
                state.verify(state.parse_seat_move(seat, {**wire, key: rng.choice(JUNK)}))
            except IllegalMove as e:
                yield e
        with contextlib.suppress(IllegalMove):
            state.parse_seat_move(seat, {"type": f"not-{kind}"})


def chance_refusals(state: GameState[Any], record: dict[str, Any], rng: random.Random) -> Iterator[IllegalMove]:
    """How the rules refuse chance moves out of place: the record's own, drawn at another moment."""
    chances = [move for move in record["moves"] if move["by"] == CHANCE]
    for move in rng.sample(chances, min(3, len(chances))):
        try:
            state.verify(state.parse_record_move(dict(move)))
        except IllegalMove as e:
            yield e


@pytest.mark.parametrize("name", GAMES)
def test_a_refusal_says_by_its_kind_and_facts_all_its_words_say(name):
    """A client that words a refusal from its ``kind`` and ``facts`` (the host sends them) loses
    nothing: one kind and facts are one reason in words, and the facts are JSON.  The words are
    the template of its kind in the game's table (:attr:`Game.reasons`), worded with the facts:
    every refusal of random legal and illegal moves (and of chance moves out of place) has one,
    and so has every reason a view's ``actions`` give."""
    game = get_game(name)
    said: dict[tuple[str, str], str] = {}
    kinds: set[str] = set()

    def check(e: IllegalMove | dict[str, Any]) -> None:
        """A refusal (or a view's reason: ``{"kind": kind, **facts}``) has its game's template."""
        if isinstance(e, IllegalMove):
            kind, facts = e.kind, e.facts
            assert "kind" not in facts
            assert e.template == game.reasons.get(kind), f"{name}: {kind!r} is not worded by the game's table"
            assert str(e) == english(game.reasons[kind], facts), kind
        else:
            kind, facts = e["kind"], {k: v for k, v in e.items() if k != "kind"}
            assert kind in game.reasons, f"{name}: no template for {kind!r}"
            english(game.reasons[kind], facts)  # its facts are all its template names
        kinds.add(kind)

    for seed in range(4):
        players = game.min_players + seed % (min(game.max_players, MOST_SEATS) - game.min_players + 1)
        record = record_of(game, ["random", "greedy"] * (players // 2) + ["random"] * (players % 2), seed)
        rng = random.Random(seed)
        pool = Pool(record, rng)
        every = max(1, len(record["moves"]) // 12)
        for number, state, _ in positions(record):
            if number % every:
                continue
            for e in chance_refusals(state, record, rng):
                check(e)
            for seat in range(state.players):
                for e in refusals(state, seat, pool, rng):
                    facts = json.dumps(e.facts, sort_keys=True)
                    assert json.loads(facts) == e.facts
                    assert said.setdefault((e.kind, facts), str(e)) == str(e), (e.kind, facts)
                    check(e)
                hints = state.view(seat).get("actions") or {}
                if type(state).ACTIONS:
                    reasons = [reason for reason in hints.values() if reason is not None]
                else:  # Gift Exchange's: a reason each gift refused
                    reasons = [refusal["reason"] for refusal in hints.get("refusals", [])]
                for reason in reasons:
                    check(reason)
    assert len({kind for kind, _ in said}) >= 5  # the check had reasons to compare
    assert len(kinds) >= 8


# -- what a seat cannot see ----------------------------------------------------------------------


def hidden_pairs(record: dict[str, Any], rng: random.Random) -> Iterator[tuple[int, int | None, str, str]]:
    """Moments of a record, a seat there (``None``: the spectator) and two strings the record's
    moves so far name that the seat was never shown."""
    moves = record["moves"]
    for upto in sorted(rng.sample(range(1, len(moves)), min(8, len(moves) - 1))):
        seat = rng.choice([None, *range(len(record["players"]))])
        named = set().union(*(strings_in({k: v for k, v in m.items() if k != "type"}) for m in moves[:upto]))
        hidden = sorted(named - {CHANCE} - seen_by(record, upto, seat))
        if len(hidden) >= 2:
            yield upto, seat, *rng.sample(hidden, 2)


@pytest.mark.parametrize("name", GAMES)
def test_a_view_stays_the_same_whatever_its_seat_was_never_shown(name):
    game = get_game(name)
    compared = 0
    for seed in range(8):
        players = game.min_players + seed % (min(game.max_players, MOST_SEATS) - game.min_players + 1)
        record = record_of(game, ["random", "greedy"] * (players // 2) + ["random"] * (players % 2), seed)
        for upto, seat, a, b in hidden_pairs(record, random.Random(seed)):
            state = replay(record, upto=upto).state
            other = {**record, "moves": values_swapped(record["moves"][:upto], a, b), "result": None}
            try:
                other_state = replay(other).state
            except RecordError:
                continue  # the rules tell the two apart (a card that could not have been played there)
            assert other_state.view(seat) == state.view(seat), (seed, upto, seat, a, b)
            if seat is None:
                assert events_of(other) == events_of({**record, "moves": record["moves"][:upto]}), (seed, upto, a, b)
            compared += 1
    assert compared >= 10  # the check had something to compare


def events_of(record: dict[str, Any]) -> list[list[dict[str, Any]]]:
    return [events for _, _, events in positions(record)]


# -- whole games and their records -----------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@some
@given(data=st.data())
def test_the_same_seed_plays_the_same_record_and_it_verifies(name, data):
    game, kinds, seed = data.draw(bot_games(name))
    record = record_of(game, kinds, seed)
    assert record_of(game, kinds, seed) == record
    assert json.loads(json.dumps(record)) == record
    verify_record(record)
    state = replay(record).state
    assert state.is_over and state.outcome().to_record() == record["result"]


JUNK = [None, -1, 99, "", "nonsense", [], ["nonsense"], {"by": 0}]
"""Field values no game takes where a move needs its own."""


def refused_instead(record: dict[str, Any], index: int, rng: random.Random, pool: Pool) -> dict[str, Any] | None:
    """A move the rules refuse where move ``index`` of the record stands (the record's own
    moves before it played): the move there with nonsense in a field, or a move the game
    listed elsewhere; ``None`` when none was found."""
    state = replay(record, upto=index).state
    own = record["moves"][index]
    for _ in range(40):
        if rng.random() < 0.3:  # the move itself, chance or not, with a field of nonsense
            move = dict(own)
            fields = sorted(set(move) - {"by", "type"})
            if fields:
                move[rng.choice(fields)] = rng.choice(JUNK)
        else:  # a move the game listed somewhere, of any seat, maybe with a field of nonsense
            move = {**rng.choice(pool.kinds[rng.choice(sorted(pool.kinds))]), "by": rng.randrange(state.players)}
            if rng.random() < 0.3:
                move[rng.choice(sorted(move))] = rng.choice(JUNK)
        try:
            parsed = state.parse_record_move(copy.deepcopy(move))
        except IllegalMove:
            return move
        if not state.can(parsed):
            return move
    return None


@pytest.mark.parametrize("name", GAMES)
@some
@given(data=st.data())
def test_a_record_with_a_move_the_rules_refuse_is_refused_at_that_move(name, data):
    game, kinds, seed = data.draw(bot_games(name))
    record = record_of(game, kinds, seed)
    rng = random.Random(seed)
    pool = Pool(record, rng)
    tried = 0
    for index in rng.sample(range(len(record["moves"])), min(5, len(record["moves"]))):
        move = refused_instead(record, index, rng, pool)
        if move is None:
            continue
        tried += 1
        moves = record["moves"]
        tampered = {**record, "moves": [*moves[:index], move, *moves[index + 1 :]]}
        with pytest.raises(RecordError) as error:
            verify_record(tampered)
        assert error.value.move == index + 1 and f"move {index + 1}:" in str(error.value), (move, error.value)
    assert tried


def wrong(value: Any) -> Any:
    """A value of the same shape that a result compared with the rules' own cannot match."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "?"
    if isinstance(value, list):
        if value and all(isinstance(v, list) for v in value):
            return [[*value[0], "nothing"], *value[1:]]
        return [wrong(value[0]), *value[1:]] if value else [0]
    return "nothing"


@pytest.mark.parametrize("name", GAMES)
def test_a_wrong_missing_or_extra_result_is_refused(name):
    game = get_game(name)
    record = record_of(game, ["greedy"] * game.min_players, 5)
    result = record["result"]
    for key, value in result.items():
        with pytest.raises(RecordError, match=key):
            verify_record({**record, "result": {**result, key: wrong(value)}})
        with pytest.raises(RecordError, match=f"lacks '{key}'"):
            verify_record({**record, "result": {k: v for k, v in result.items() if k != key}})
    with pytest.raises(RecordError, match="no result"):
        verify_record({k: v for k, v in record.items() if k != "result"})
    cut = {**record, "moves": record["moves"][:-1]}
    with pytest.raises(RecordError, match="do not finish"):
        verify_record(cut)
    del cut["result"]
    verify_record(cut)
    state = replay(cut).state
    assert not state.is_over


# -- a session taken back ------------------------------------------------------------------------


def looks(session: Session[Any]) -> tuple[Any, ...]:
    """What anyone can learn of a session's position: every view, every seat's moves, who may
    act, the result."""
    state = session.state
    seats = range(state.players)
    moves = [[m.to_record() for m in state.legal_moves(seat)] for seat in seats]
    outcome = state.outcome()
    return [state.view(s) for s in [*seats, None]], moves, session.movers(), outcome and outcome.to_record()


def play_on(session: Session[Any], moves: list[dict[str, Any]]) -> None:
    """Play a record's moves from where the session stands, as seats send them (a chance move
    that a seat sets off, by that seat's asking): the session draws the chance moves itself."""
    while len(session.moves) < len(moves):
        state = session.state
        trigger = state.chance_trigger()
        if trigger is not None:
            session.play(trigger[0], {"type": trigger[1]})
            continue
        move = state.parse_record_move(moves[len(session.moves)])
        session.play(move.by, state.wire_move(move))


@pytest.mark.parametrize("name", GAMES)
@some
@given(data=st.data())
def test_a_move_taken_back_leaves_the_record_replayed_without_it(name, data):
    game, kinds, seed = data.draw(bot_games(name))
    record = record_of(game, kinds, seed)
    moves = record["moves"]
    kept, plain = (Session(game, len(kinds), record["options"], seed, undo=undo) for undo in (True, False))
    kept.replay(moves)
    plain.replay(moves)  # no positions kept on the way: taken back by replaying
    end = looks(plain)
    for _ in range(data.draw(st.integers(1, 4))):
        count = kept.last_seat_move()
        if count is None:
            break
        before = replay(record, upto=count)
        undone = before.state.clone().apply(before.state.parse_record_move(moves[count]))
        assert kept.undo() == plain.undo() == undone
        assert kept.moves == plain.moves == moves[:count]
        assert looks(kept) == looks(plain) == looks(before)
    play_on(kept, moves)
    play_on(plain, moves)
    assert kept.moves == plain.moves == moves
    assert looks(kept) == looks(plain) == end


@pytest.mark.parametrize("name", GAMES)
def test_a_session_goes_back_to_any_move(name):
    game = get_game(name)
    record = record_of(game, ["greedy"] * game.min_players, 2)
    session = replay(record, undo=True)
    rng = random.Random(2)
    for count in sorted(rng.sample(range(len(record["moves"]) + 1), 6), reverse=True):
        taken = session.back_to(count)
        assert taken == record["moves"][count : count + len(taken)]
        assert looks(session) == looks(replay(record, upto=count))
    session.replay(record["moves"][len(session.moves) :])
    assert looks(session) == looks(replay(record))


def test_a_game_that_fails_in_the_middle_of_a_move_is_set_back_to_the_moves_before(monkeypatch):
    game = get_game("elf")  # a rules engine left in Python: a compiled one's class cannot be patched
    record = record_of(game, ["greedy"] * 3, 1)
    session = replay(record, upto=10)
    before = looks(session)
    bad = record["moves"][10]
    original = type(session.state).play

    def half_done(state: GameState[Any], move: Any, events: list[dict[str, Any]] | None = None) -> None:
        original(state, move, events)
        if move.to_record() == bad:
            raise RuntimeError("a bug in the rules, after the position changed")

    monkeypatch.setattr(type(session.state), "play", half_done)
    with pytest.raises(RuntimeError):
        session.apply(bad)
    assert session.moves == record["moves"][:10] and looks(session) == before
