"""Bots that work for every game, built on the rules' search interface.

* :class:`RandomBot`, the easy level: a random legal move (a random kind of move, then a
  random move of that kind).
* The search bot lives in :mod:`.ismcts`; the kind and adapting bots, and every game's set of
  bots (:func:`~yule.core.levels.bot_levels`), in :mod:`.levels`.

Like every bot they decide from their seat's view alone: the random bot from the moves the
game reads off the view (:attr:`~yule.core.base.Game.view_moves`); the search through the
game's determinizer, which turns the view into full positions (their hidden parts drawn at
random), whose legal moves for the seat are the same whatever was drawn; a chosen move goes
back to wire form with :meth:`~yule.core.base.GameState.wire_move`.
"""

from __future__ import annotations

from typing import Any

from .base import Bot, Determinizer, GameState, MoveDict, View, seat_of
from .registry import get_game

BOT_LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("random", "Easy: the bots play any move at random"),
    "kind": ("kind", "Kind: sensible moves, often not the best (children win often)"),
    "normal": ("greedy", "Normal: the bots take what looks best right now"),
    "hard": ("ismcts", "Hard: the bots think each move through (a third of a second each)"),
    "adapting": ("adapting", "Adapting: weaker or stronger each game so all win their share"),
}
"""The bots' levels people choose from (``yule play``, a bot added at a host's table): the bot
kind each level seats, and how a menu says it."""


def bot_level(kind: str) -> str:
    """The level of :data:`BOT_LEVELS` that seats a bot kind (``'normal'`` for the greedy bot),
    else the kind itself: what a client words a bot's name from, in its own language.

    >>> bot_level("greedy"), bot_level("ismcts"), bot_level("fancy")
    ('normal', 'hard', 'fancy')
    """
    return next((level for level, (k, _) in BOT_LEVELS.items() if k == kind), kind)


def bot_title(kind: str) -> str:
    """A bot kind as a word for names: its level's (``'Normal'`` for the greedy bot, ``'Hard'``
    for the ismcts bot), else the kind itself.

    >>> bot_title("greedy"), bot_title("ismcts"), bot_title("kind"), bot_title("fancy")
    ('Normal', 'Hard', 'Kind', 'Fancy')
    """
    return bot_level(kind).capitalize()


def determinizer(view: View) -> Determinizer:
    """The game's :class:`~yule.core.base.Determinizer` for a seat's view."""
    make = get_game(view["game"]).determinizer
    if make is None:
        raise ValueError(f"{view['game']} has no determinizer")
    return make(view)


def triggered(state: GameState[Any], seat: int) -> MoveDict | None:
    """The wire move that sets off a chance move the seat must trigger (a roll), else ``None``."""
    trigger = state.chance_trigger()
    if trigger is not None and trigger[0] == seat:
        return {"type": trigger[1]}
    return None


def forced(state: GameState[Any], seat: int) -> MoveDict | None:
    """The seat's move when it has no choice: a roll to set off, or its one legal move (in wire
    form); else ``None``.  What the seat may do is its own to know: its view tells the same."""
    roll = triggered(state, seat)
    if roll is not None:
        return roll
    moves = state.legal_moves(seat)
    return state.wire_move(moves[0]) if len(moves) == 1 else None


class RandomBot(Bot[View]):
    """Uniform over the kinds of move its seat may make now, then over the moves of that kind:
    the moves its game's ``view_moves`` reads off the view (a position is drawn from the view
    only for a game without it)."""

    kind = "random"

    def choose(self, view: View) -> MoveDict:
        listed = get_game(view["game"]).view_moves
        if listed is not None:
            moves = listed(view)
        else:
            state = determinizer(view).sample(None)
            seat = seat_of(view)
            roll = triggered(state, seat)
            moves = [roll] if roll is not None else [state.wire_move(m) for m in state.legal_moves(seat)]
        kinds: dict[str, list[MoveDict]] = {}
        for move in moves:
            kinds.setdefault(move["type"], []).append(move)
        rng = self.rng
        group = next(iter(kinds.values())) if len(kinds) == 1 else rng.choice(list(kinds.values()))
        return group[0] if len(group) == 1 else rng.choice(group)
