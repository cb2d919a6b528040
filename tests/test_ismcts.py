"""The strong bot's search (:mod:`yule.core.ismcts`): when it stops.

* A move the seat must make (a roll, its one legal move) is answered without a search.
* The search stops once the iterations left cannot change the move it plays, and that move is
  the one the whole count of iterations plays.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from yule.core import get_game, ismcts
from yule.core.base import View
from yule.core.bots import forced
from yule.core.ismcts import Edge, SearchBot, SearchResult, _settled
from yule.core.session import Session

SEARCHED = ("white-rabbit", "elf", "white-elephant", "gift-list")
ITERATIONS = 40


def decisions(name: str, seed: int, bot: SearchBot) -> Iterator[tuple[View, SearchResult]]:
    """Seat 0's decisions with a choice in a game of ``name`` where ``bot`` plays seat 0 and
    greedy bots the others: seat 0's view and the search's result (its move is played)."""
    game = get_game(name)
    session = Session(game, 3, seed=seed)
    session.draw_chance()
    greedy = game.bots["greedy"](random.Random(seed))
    while not session.state.is_over:
        state = session.state
        seat = session.movers()[0]
        view = state.view(seat)
        if seat == 0 and forced(state, 0) is None:
            result = session.decider(bot, 0).search(view)
            yield view, result
            move = result.best.move
        else:
            move = greedy.choose(view)
        session.play(seat, move)


def test_a_move_the_seat_must_make_is_answered_without_a_search():
    musts = []
    for name in SEARCHED:
        session = Session(get_game(name), 3, seed=4)
        session.draw_chance()
        greedy = get_game(name).bots["greedy"](random.Random(4))
        while not session.state.is_over and len(musts) < 8 * (SEARCHED.index(name) + 1):
            state, seat = session.state, session.movers()[0]
            only = forced(state, seat)
            if only is not None:
                result = SearchBot(random.Random(1), iterations=ITERATIONS).search(state.view(seat))
                musts.append((result.best.move == only, result.iterations))
            session.play(seat, greedy.choose(state.view(seat)))
    assert len(musts) >= 8 and musts == [(True, 0)] * len(musts)


def edges(*visits: int) -> list[Edge]:
    made = []
    for n in visits:
        edge = Edge({"type": "move", "n": len(made)})
        edge.visits = n
        made.append(edge)
    return made


def test_settled_when_the_iterations_left_cannot_change_the_move():
    assert _settled(edges(30, 9, 4), None, 20)
    assert not _settled(edges(30, 10, 4), None, 20)  # the second could draw level
    first, usual = edges(30, 5)
    assert _settled([first, usual], first, 20)  # the model's own move leads
    first.results, usual.results = [1.0] * 5, [0.0] * 5  # the first did better by 5 in the same worlds
    assert _settled([first, usual], usual, 4) and not _settled([first, usual], usual, 20)
    first.results, usual.results = [0.0] * 5, [1.0] * 5  # worse by 5: the model's move stands
    assert _settled([first, usual], usual, 5) and not _settled([first, usual], usual, 6)


@pytest.mark.parametrize("name", SEARCHED)
def test_stopping_early_plays_the_move_the_whole_count_plays(name, monkeypatch):
    views = [view for view, _ in decisions(name, 3, SearchBot(random.Random(3), iterations=ITERATIONS))]
    views = views[:: max(1, len(views) // 6)]

    def search(n, view):
        return SearchBot(random.Random(n), iterations=ITERATIONS).search(view)

    early = [search(n, view) for n, view in enumerate(views)]
    monkeypatch.setattr(ismcts, "_settled", lambda *_: False)
    whole = [search(n, view) for n, view in enumerate(views)]
    assert [r.best.move for r in early] == [r.best.move for r in whole]
    assert all(r.iterations <= ITERATIONS for r in early) and {r.iterations for r in whole} == {ITERATIONS}


def test_some_searches_stop_early():
    bot = SearchBot(random.Random(3), iterations=ITERATIONS)
    results = [result for name in SEARCHED for _, result in decisions(name, 3, bot)]
    assert any(0 < result.iterations < ITERATIONS for result in results)
