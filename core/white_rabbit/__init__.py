"""White Rabbit (Max Mümmelmann), the dice-and-board children's game for 2 to 4 players.

Roll, move the shared rabbit either way round the octagon, draw from the pile beside it and
collect a family of values 1-6; Max lets the drawer take a value from another player.  See
:mod:`.state` for the rules engine, :mod:`.cards` for the cards and board, :mod:`.bots` for
the computer players.
"""

from __future__ import annotations

from ..base import Event, Game, MoveDict, seat_namer
from ..bots import RandomBot
from ..levels import bot_levels
from ..registry import register
from .bots import GreedyBot, alternatives, view_moves
from .cards import MAX_ROLLS, describe_card
from .moves import Deal, MaxPlace, MaxTake, Move, Roll
from .reasons import REASONS
from .search import Sampler, playout_move
from .state import DIRECTION_NAMES, WhiteRabbitState, score
from .views import WhiteRabbitView

NAME = "white-rabbit"


def describe(event: Event, names: list[str]) -> str:
    """One public event in plain words.

    >>> names = ["Ana", "Ben"]
    >>> describe({"type": "roll", "by": 0, "value": 4, "cw": 4, "ccw": 4}, names)
    'Ana rolled a 4.'
    >>> describe({"type": "move", "by": 0, "dir": "cw", "steps": 3, "from": 0, "to": 3,
    ...           "card": "grey-2", "outcome": "slid"}, names)
    'Ana moved clockwise to space 3 and drew grey 2, a 2 Ana already has: slid under pile 3.'
    >>> describe({"type": "max_take", "by": 1, "from": 0, "card": "grey-5"}, names)
    'With Max, Ben took grey 5 from Ana.'
    """
    kind = event["type"]

    who = seat_namer(names)

    if kind == "deal":
        return f"The cards are dealt into 8 piles of 3; Max is on top of pile {event['max_pile']}."
    if kind == "turn":
        return f"{who(event['seat'])} rolls again." if event["again"] else f"{who(event['seat'])}'s turn."
    if kind == "roll":
        return f"{who(event['by'])} rolled a {event['value']}."
    if kind == "move":
        name = who(event["by"])
        went = f"{name} moved {DIRECTION_NAMES[event['dir']]} to space {event['to']}"
        outcome = event["outcome"]
        if outcome == "empty":
            extra = " (and no extra roll for the 6)" if event["steps"] == 6 else ""
            return f"{went}: pile {event['to']} is empty, no card{extra}."
        if outcome == "max":
            return f"{went} and drew Max!"
        card = describe_card(event["card"])
        if outcome == "kept":
            return f"{went} and drew {card}: kept."
        value = card.rsplit(" ", 1)[1]
        return f"{went} and drew {card}, a {value} {name} already has: slid under pile {event['to']}."
    if kind == "max_take":
        if event["from"] is None:
            return f"{who(event['by'])} took nothing with Max."
        return f"With Max, {who(event['by'])} took {describe_card(event['card'])} from {who(event['from'])}."
    if kind == "max_place":
        return f"{who(event['by'])} put Max on top of pile {event['pile']}."
    if kind == "game_over":
        heads = [f"{who(s)} is Oberhase (all six {c})!" for s, c in enumerate(event.get("oberhase", [])) if c]
        if event["stopped"]:
            text = f"The game is stopped after {MAX_ROLLS} rolls: no winner."
        else:
            text = f"{who(event['winners'][0])} has a complete rabbit family and wins!"
        return " ".join([text, *heads])
    return kind


def describe_move(move: MoveDict, view: WhiteRabbitView, names: list[str]) -> str:
    """A move the seat of ``view`` could make, in plain words (what a hint says to do).

    >>> describe_move({"type": "move", "dir": "cw"}, {"landing": {"cw": 3, "ccw": 5}}, ["Ana"])
    'move the rabbit clockwise to space 3'
    """
    kind = move["type"]
    if kind == "roll":
        return "roll the die"
    if kind == "move":
        landing = view["landing"]
        space = None if landing is None else landing["cw"] if move["dir"] == "cw" else landing["ccw"]
        return f"move the rabbit {DIRECTION_NAMES[move['dir']]}" + ("" if space is None else f" to space {space}")
    if kind == "max_take":
        if move["from"] is None:
            return "take nothing with Max"
        return f"take {describe_card(move['card'])} from {seat_namer(names)(move['from'])} with Max"
    return f"put Max on pile {move['pile']}"


GAME = register(
    Game(
        name=NAME,
        title="White Rabbit",
        min_players=2,
        max_players=4,
        new_state=WhiteRabbitState,
        bots=bot_levels(GreedyBot, alternatives),
        describe=describe,
        view_moves=view_moves,
        describe_move=describe_move,
        determinizer=Sampler,
        playout=playout_move,
        usual=playout_move,
        summary="Max Mümmelmann: roll, move the rabbit, collect a family of 1-6 (2-4).",
        reasons=REASONS,
    )
)

__all__ = [
    "GAME",
    "Deal",
    "GreedyBot",
    "MaxPlace",
    "MaxTake",
    "Move",
    "RandomBot",
    "Roll",
    "WhiteRabbitState",
    "describe",
    "describe_move",
    "score",
]
