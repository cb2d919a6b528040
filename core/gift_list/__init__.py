"""Gift List, the other White Elephant card game, for 3 to 7 players.

Each seat has a secret Gift List of three people and an attic of gift cards.  At each party
every seat brings an attic card face down at the same time, then the gifts are opened or
stolen; over all the parties each seat tries to receive high cards in its people's colours.
See :mod:`.state` for the rules engine, :mod:`.cards` for the cards, :mod:`.bots` for the
computer players.
"""

from __future__ import annotations

from ..base import Event, Game, MoveDict, seat_namer, won_with
from ..bots import RandomBot
from ..levels import bot_levels
from ..registry import register
from .bots import GreedyBot, alternatives, view_moves
from .cards import PERSON_NAMES, describe_card
from .moves import Bring, Deal, Open, Steal
from .reasons import REASONS
from .search import Sampler, playout_move
from .state import GiftListState, best_cards, score
from .views import GiftListView

NAME = "gift-list"


def describe(event: Event, names: list[str]) -> str:
    """One public event in plain words.

    >>> describe({"type": "steal", "by": 1, "from": 0, "card": "red-7"}, ["Ana", "Ben"])
    "Ben stole Ana's Red 7 (Mother-in-Law)."
    >>> describe({"type": "bring", "by": 0, "party": 2}, ["Ana", "Ben"])
    'Ana brought a wrapped gift to party 2.'
    """
    kind = event["type"]

    who = seat_namer(names)

    if kind == "deal":
        return f"Each player gets an attic of {event['attic']} gift cards and a secret Gift List."
    if kind == "party":
        return (
            f"Party {event['party']} of {event['parties']}: everyone brings a gift from their attic. "
            f"{who(event['first'])} will open first."
        )
    if kind == "bring":
        return f"{who(event['by'])} brought a wrapped gift to party {event['party']}."
    if kind == "turn":
        return f"{who(event['seat'])}'s turn."
    if kind == "open":
        source = "their own gift" if event["from"] == event["by"] else f"the gift {who(event['from'])} brought"
        return f"{who(event['by'])} opened {source}: {describe_card(event['card'])}."
    if kind == "steal":
        return f"{who(event['by'])} stole {who(event['from'])}'s {describe_card(event['card'])}."
    if kind == "party_end":
        kept = ", ".join(f"{who(s)} {describe_card(c)}" for s, c in enumerate(event["kept"]))
        return f"Party {event['party']} is over. Everyone keeps their gift: {kept}."
    if kind == "game_over":
        lists = "; ".join(
            f"{who(s)}: "
            + ", ".join(
                describe_card(c) if c else f"nothing for {PERSON_NAMES[p]}" for p, c in zip(people, cards, strict=True)
            )
            + f" = {event['scores'][s]}"
            for s, (people, cards) in enumerate(zip(event["lists"], event["best"], strict=True))
        )
        return f"Game over: {won_with(event, who)}. {lists}."
    return kind


def describe_move(move: MoveDict, view: GiftListView, names: list[str]) -> str:
    """A move the seat of ``view`` could make, in plain words (what a hint says to do).

    >>> view = {"you": 0, "holding": [None, "red-7"]}
    >>> describe_move({"type": "steal", "from": 1}, view, ["Ana", "Ben"])
    "steal Ben's Red 7 (Mother-in-Law)"
    """
    kind = move["type"]
    who = seat_namer(names)
    if kind == "bring":
        return f"bring {describe_card(move['card'])}"
    if kind == "open":
        return (
            "open the gift you brought" if move["from"] == view["you"] else f"open the gift {who(move['from'])} brought"
        )
    card = view["holding"][move["from"]]
    return f"steal {who(move['from'])}'s {describe_card(card) if card else 'gift'}"


GAME = register(
    Game(
        name=NAME,
        title="Gift List",
        min_players=3,
        max_players=7,
        new_state=GiftListState,
        bots=bot_levels(GreedyBot, alternatives),
        describe=describe,
        view_moves=view_moves,
        describe_move=describe_move,
        determinizer=Sampler,
        playout=playout_move,
        summary="Bring junk from your attic, open or steal, fill your secret Gift List (3-7).",
        reasons=REASONS,
    )
)

__all__ = [
    "GAME",
    "Bring",
    "Deal",
    "GiftListState",
    "GreedyBot",
    "Open",
    "RandomBot",
    "Steal",
    "best_cards",
    "describe",
    "describe_move",
    "score",
]
