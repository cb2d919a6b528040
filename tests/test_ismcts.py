"""The strong bot's search (:mod:`yule.core.ismcts`): when it stops, and what it keeps for the
seat's next decision.

* A move the seat must make (a roll, its one legal move) is answered without a search.
* The search stops once the iterations left cannot change the move it plays, and that move is
  the one the whole count of iterations plays.
* Where the seat moves again straight after its move and the move showed nothing it could not
  foresee, the next search goes on from the node past that move, with the nodes below it reached
  often enough, and makes its own count of iterations besides; it never does where the move
  showed a hidden card or another seat moved.  A game of such bots plays the same from its seed;
  a bot that lost what it kept, or kept it for another view, plays as one that never
  keeps anything.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from yule.core import get_game, ismcts
from yule.core.base import View
from yule.core.bots import determinizer, forced
from yule.core.ismcts import KEEP_VISITS, Edge, Node, SearchBot, SearchResult, _settled
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


def kept(result: SearchResult) -> int:
    """The visits the search's root moves had before it began (kept from the last decision)."""
    return sum(choice.visits for choice in result.choices) - result.iterations


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
    views = [view for view, _ in decisions(name, 3, SearchBot(random.Random(3), iterations=ITERATIONS, reuse=False))]
    views = views[:: max(1, len(views) // 6)]

    def search(n, view):
        return SearchBot(random.Random(n), iterations=ITERATIONS, reuse=False).search(view)

    early = [search(n, view) for n, view in enumerate(views)]
    monkeypatch.setattr(ismcts, "_settled", lambda *_, **__: False)
    whole = [search(n, view) for n, view in enumerate(views)]
    assert [r.best.move for r in early] == [r.best.move for r in whole]
    assert all(r.iterations <= ITERATIONS for r in early) and {r.iterations for r in whole} == {ITERATIONS}


def test_some_searches_stop_early():
    bot = SearchBot(random.Random(3), iterations=ITERATIONS, reuse=False)
    results = [result for name in SEARCHED for _, result in decisions(name, 3, bot)]
    assert any(0 < result.iterations < ITERATIONS for result in results)


def below(node: Node) -> Iterator[Node]:
    """The nodes below ``node``."""
    for edge in node.edges.values():
        for after in edge.next.values():
            yield after
            yield from below(after)


@pytest.mark.parametrize("name", SEARCHED)
def test_a_search_goes_on_from_its_last_move_only_where_that_move_showed_nothing_new(name):
    """Each search that started from a kept node did so where the move before it leaves the
    same view in every world the seat could have been in (30 drawn afresh), and made its own
    iterations besides those kept; what is kept holds no node reached only a few times."""
    bot = SearchBot(random.Random(5), iterations=ITERATIONS)
    before: tuple[View, SearchResult] | None = None
    went_on = 0
    for view, result in decisions(name, 5, bot):
        if kept(result):
            assert before is not None
            seen, last = before
            worlds = determinizer(seen)
            for n in range(30):
                world = worlds.sample(random.Random(n))
                world.apply(world.parse_seat_move(0, last.best.move))
                assert world.view(0) == view
            assert 0 < result.iterations <= ITERATIONS
            went_on += 1
        before = (view, result)
        assert bot.memory is not None
        if bot.memory.node is not None:
            assert all(node.visits >= KEEP_VISITS for node in below(bot.memory.node))
    if name == "elf":  # a card played, then another or the end of the turn
        assert went_on


def test_a_game_of_bots_that_keep_their_search_plays_the_same_from_its_seed():
    def game() -> list:
        session = Session(get_game("elf"), 3, seed="same")
        bots = [SearchBot(random.Random(seat), iterations=ITERATIONS) for seat in range(3)]
        for _ in session.bots_play(bots):
            pass
        return session.moves

    assert game() == game()


def test_a_bot_that_lost_what_it_kept_or_kept_it_for_another_view_plays_as_one_that_keeps_nothing():
    bot = SearchBot(random.Random(5), iterations=ITERATIONS)
    went_on, memories = [], []
    for view, result in decisions("elf", 5, bot):
        if kept(result):
            went_on.append(view)
        assert bot.memory is not None
        if bot.memory.node is not None:
            memories.append((bot.memory.node, bot.memory.view))
    assert went_on and len(memories) > 1
    for n, view in enumerate(went_on):
        afresh = SearchBot(random.Random(n), iterations=ITERATIONS, reuse=False).search(view)
        lost = SearchBot(random.Random(n), iterations=ITERATIONS)
        elsewhere = SearchBot(random.Random(n), iterations=ITERATIONS)
        assert elsewhere.memory is not None
        elsewhere.memory.node, elsewhere.memory.view = next((k, v) for k, v in memories if v != view)
        for searched in (lost.search(view), elsewhere.search(view)):
            assert (searched.choices, searched.iterations) == (afresh.choices, afresh.iterations)
