"""White Elephant, the Peanut card game for 3 to 8 players: the flagship game.

Collect gifts over several rounds; the lowest score wins.  See :mod:`.state` for the rules
engine, :mod:`.cards` for the deck, :mod:`.bots` for the computer players.
"""

from __future__ import annotations

from ..base import Event, Game, MoveDict, and_list, plural, seat_namer, won_with
from ..bots import RandomBot
from ..levels import bot_levels
from ..registry import register
from .bots import GreedyBot, view_moves
from .cards import describe_card
from .moves import Clear, End, Peek, Shuffle, Start, Take, Trade
from .reasons import REASONS
from .search import Sampler, playout_move, search_moves
from .state import WhiteElephantState, score
from .views import WhiteElephantView

NAME = "white-elephant"


def _gift(ref: str) -> str:
    return "a Surprise Gift" if ref.startswith("surprise-") else describe_card(ref)


def _gifts(refs: list[str]) -> str:
    if not refs:
        return "no gifts"
    faceup = [describe_card(r) for r in refs if not r.startswith("surprise-")]
    surprises = len(refs) - len(faceup)
    parts = faceup + ([plural(surprises, "Surprise Gift")] if surprises else [])
    return f"{plural(len(refs), 'gift')} ({and_list(parts)})"


def describe(event: Event, names: list[str]) -> str:
    """One public event in plain words.

    >>> describe({"type": "trade", "by": 1, "target": 0, "cards": ["mug-3", "surprise-2"]}, ["Ana", "Ben"])
    'Ben traded with Ana and took 2 gifts (Mug 3 and 1 Surprise Gift).'
    """
    kind = event["type"]

    who = seat_namer(names)

    if kind == "shuffle":
        return f"The deck of {event['cards']} gifts is shuffled."
    if kind == "start":
        return f"{who(event['seat'])} is the first Start Player."
    if kind == "round":
        final = " This is the final round!" if event["final"] else ""
        return f"Round {event['round']}: {plural(len(event['dealt']), 'gift')} dealt. {who(event['start_player'])} starts.{final}"
    if kind == "take":
        return f"{who(event['by'])} took {_gifts(event['cards'])}."
    if kind == "trade":
        return f"{who(event['by'])} traded with {who(event['target'])} and took {_gifts(event['cards'])}."
    if kind == "clear":
        return (
            f"{who(event['by'])} cleared out the Exchange: {_gifts(event['cards'])}, the marker and "
            f"{plural(event['peanuts'], 'Peanut')}."
        )
    if kind == "peek":
        return f"{who(event['by'])} peeked at {event['card'].replace('surprise-', 'Surprise Gift ')}."
    if kind == "end":
        return f"{who(event['by'])} ended their turn."
    if kind == "turn":
        return f"{who(event['seat'])}'s turn."
    if kind == "round_end":
        opened = [
            f"{who(s)} opened {plural(n, 'Surprise Gift')} (+{plural(event['peanuts'][s], 'Peanut')})"
            for s, n in enumerate(event["opened"])
            if n
        ]
        return f"Round {event['round']} is over; gifts go to the Shelves." + (
            " " + "; ".join(opened) + "." if opened else ""
        )
    if kind == "game_over":
        return f"Game over: {won_with(event, who)}."
    return kind


def describe_move(move: MoveDict, view: WhiteElephantView, names: list[str]) -> str:
    """A move the seat of ``view`` could make, in plain words (what a hint says to do).

    >>> view = {"known": {"surprise-2": "mug-5"}, "exchange": ["mug-3", "surprise-2"], "pot": 2}
    >>> describe_move({"type": "take", "cards": ["mug-3", "surprise-2"]}, view, ["Ana", "Ben"])
    'take Mug 3 and Surprise Gift 2 (Mug 5, you peeked)'
    >>> describe_move({"type": "trade", "target": 1}, view, ["Ana", "Ben"])
    "trade a Peanut for Ben's gifts"
    """
    kind = move["type"]
    known = view.get("known", {})

    def gift(ref: str) -> str:
        if not ref.startswith("surprise-"):
            return describe_card(ref)
        name = ref.replace("surprise-", "Surprise Gift ")
        return f"{name} ({describe_card(known[ref])}, you peeked)" if ref in known else name

    if kind == "take":
        return f"take {and_list([gift(r) for r in move['cards']])}"
    if kind == "trade":
        return f"trade a Peanut for {seat_namer(names)(move['target'])}'s gifts"
    if kind == "clear":
        return f"clear out the Exchange (and take its {plural(view['pot'], 'Peanut')})"
    if kind == "peek":
        return f"peek at {gift(move['card'])}"
    return "end your turn"


GAME = register(
    Game(
        name=NAME,
        title="White Elephant",
        min_players=3,
        max_players=8,
        new_state=WhiteElephantState,
        bots=bot_levels(GreedyBot),
        describe=describe,
        view_moves=view_moves,
        describe_move=describe_move,
        determinizer=Sampler,
        search_moves=search_moves,
        playout=playout_move,
        summary="The Peanut card game: collect gifts, avoid junk, lowest score wins (3-8).",
        reasons=REASONS,
    )
)

__all__ = [
    "GAME",
    "Clear",
    "End",
    "GreedyBot",
    "Peek",
    "RandomBot",
    "Shuffle",
    "Start",
    "Take",
    "Trade",
    "WhiteElephantState",
    "describe",
    "describe_move",
    "score",
]
