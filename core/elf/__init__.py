"""Elf: Journey from the North Pole, the path-laying board game with secret goals (2-4 seats).

Seats lay path cards to walk Buddy from the North Pole to NYC, each hoping he visits the
locations on its secret Goal card early.  See :mod:`.board` for the board and Goal cards,
:mod:`.cards` for the card shapes and placements, :mod:`.state` for the rules engine,
:mod:`.preview` for what the screen shows before a card is laid, :mod:`.bots` for the
computer players.
"""

from __future__ import annotations

from ..base import Event, Game, MoveDict, and_list, plural, seat_namer, won_with
from ..bots import RandomBot
from ..levels import bot_levels
from ..registry import register
from .board import GOALS, SNOW_GLOBE_POINTS, TOKEN_INDEX, TOKENS, slot_value
from .bots import GoalBot, view_moves
from .cards import CARD_TYPE, type_name
from .moves import End, Gingerbread, Goals, Play, Shuffle
from .preview import preview
from .reasons import REASONS
from .search import Sampler, playout_move, search_moves
from .state import ElfState, score
from .views import ElfView

NAME = "elf"


def describe_card(card: str) -> str:
    """A card in plain words: ``'Corner right (kr-1)'``."""
    return f"{type_name(CARD_TYPE[card])} ({card})" if card in CARD_TYPE else card


def _cards(cards: list[str]) -> str:
    if not cards:
        return "nothing"
    return and_list([describe_card(c) for c in cards])


def _token(token_id: str) -> str:
    i = TOKEN_INDEX.get(token_id)
    return TOKENS[i].name if i is not None else token_id


_HEADING_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west",
                  "NE": "north-east", "SE": "south-east", "SW": "south-west", "NW": "north-west"}  # fmt: skip


def describe(event: Event, names: list[str]) -> str:
    """One public event in plain words.

    >>> describe({"type": "location", "by": 0, "location": "wise-snowman", "cell": [19, 1],
    ...           "slot": 0, "points": 3}, ["Ana", "Ben"])
    'Ana took Buddy to the Wise Snowman: Scoring Slot 1, worth 3 points to each Goal card that shows it.'
    >>> describe({"type": "take_gingerbread", "by": 1, "spot": "g3", "cell": [3, 8]}, ["Ana", "Ben"])
    'Ben picked up Gingerbread Man 3 (its value stays secret).'
    """
    kind = event["type"]

    who = seat_namer(names)

    if kind == "shuffle":
        return f"The {event['cards']} path cards are shuffled."
    if kind == "deal":
        return "Cards dealt face up: " + "; ".join(f"{who(s)} {_cards(h)}" for s, h in enumerate(event["hands"])) + "."
    if kind == "goals":
        return "Each player looks at a secret Goal card."
    if kind == "gingerbread":
        return "The Gingerbread Men are placed face down."
    if kind == "turn":
        return f"{who(event['seat'])}'s turn."
    if kind == "play":
        arrow = event["arrow"]
        start = f" from the Ice Floe at {tuple(event['floe'])}" if event.get("floe") else ""
        return (
            f"{who(event['by'])} played {describe_card(event['card'])}{start} heading "
            f"{_HEADING_WORDS[event['heading']]}; Buddy now stands at {tuple(arrow['cell'])} facing "
            f"{_HEADING_WORDS[arrow['heading']]}."
        )
    if kind == "location":
        if event["slot"] is None:
            return f"{who(event['by'])} took Buddy to {_token(event['location'])}, the 7th location: it scores nothing."
        return (
            f"{who(event['by'])} took Buddy to {_token(event['location'])}: Scoring Slot {event['slot'] + 1}, "
            f"worth {plural(event['points'], 'point')} to each Goal card that shows it."
        )
    if kind == "take_gingerbread":
        return f"{who(event['by'])} picked up {_token(event['spot'])} (its value stays secret)."
    if kind == "syrup":
        if event["card"] is None:
            return f"{who(event['by'])} reached {_token(event['jar'])}, but the deck is empty."
        return f"{who(event['by'])} reached {_token(event['jar'])} and draws {describe_card(event['card'])}."
    if kind == "floe":
        return f"{who(event['by'])} touched {_token(event['floe'])}: the next card may start from {_token(event['jump_to'])}."
    if kind == "reach_end":
        return f"{who(event['by'])} brought Buddy to New York City!"
    if kind == "snow_globe":
        return f"{who(event['by'])} takes the NYC Snow Globe ({plural(2, 'point')})."
    if kind == "end":
        return f"{who(event['by'])} ended their turn."
    if kind == "draw":
        cards = event["cards"]
        if event["why"] == "stuck":
            return f"{who(event['seat'])} has no card that fits and draws {_cards(cards)}."
        if not cards:
            return f"{who(event['seat'])} draws nothing: the deck is empty."
        return f"{who(event['seat'])} draws {_cards(cards)}."
    if kind == "discard":
        return f"{who(event['seat'])} cannot place any card and the deck is out: {_cards(event['cards'])} discarded."
    if kind == "skip":
        return f"{who(event['seat'])} has no cards left and is skipped."
    if kind == "game_over":
        how = "Buddy reached NYC" if event["ended"] == "nyc" else "all path cards are played"
        return f"Game over ({how}): {won_with(event, who)}."
    return kind


def report(state: ElfState, names: list[str]) -> list[str]:
    """The score breakdown of a finished game, one line a seat, then how it ended.

    >>> from .moves import Shuffle, Goals, Gingerbread
    >>> from .cards import CARD_IDS
    >>> s = ElfState(2)
    >>> for m in (Shuffle(CARD_IDS), Goals(("goal-4", "goal-1")), Gingerbread((1, 2, 2, 3))):
    ...     _ = s.apply(m)
    >>> for m in ("s2-1", "s2-2", "s2-3"):
    ...     _ = s.apply(Play(0, m, "S"))          # x = 12, y 1..6
    >>> _ = s.apply(End(0)); _ = s.apply(Play(1, "s2-4", "S")); _ = s.apply(Play(1, "s2-5", "S"))
    >>> _ = s.apply(Play(1, "s2-6", "S"))       # y 7..12: touches NYC
    >>> print("\\n".join(report(s, ["Ana", "Ben"])))
    Ana  goal-4 (SNOW NARW CANE): places 0 + gingerbread 0 = 0
    Ben  goal-1 (GUMD PARK SNOW): places 0 + gingerbread 0 + globe 2 = 2  winner
    Buddy reached NYC. Slots: none.
    """
    outcome = state.outcome()
    if outcome is None:
        return []
    result = outcome.to_record()
    slots = result["slots"]
    width = max(map(len, names), default=0)
    lines = []
    for seat, name in enumerate(names):
        goal = result["goals"][seat]
        wanted = GOALS[goal]
        places = sum(slot_value(i) for i, loc in enumerate(slots) if loc in wanted)
        ginger = result["gingerbread"][seat]
        parts = [f"places {places}", f"gingerbread {'+'.join(map(str, ginger)) or 0}"]
        if result["snow_globe"] == seat:
            parts.append(f"globe {SNOW_GLOBE_POINTS}")
        names_of = " ".join(TOKENS[TOKEN_INDEX[loc]].label for loc in wanted)
        win = "  winner" if seat in outcome.winners else ""
        lines.append(f"{name:<{width}}  {goal} ({names_of}): {' + '.join(parts)} = {outcome.scores[seat]}{win}")
    how = "Buddy reached NYC" if result["ended"] == "nyc" else "All path cards were played"
    taken = ", ".join(f"{_token(loc).removeprefix('the ')} {slot_value(i)}" for i, loc in enumerate(slots)) or "none"
    lines.append(f"{how}. Slots: {taken}.")
    return lines


def describe_move(move: MoveDict, view: ElfView, names: list[str]) -> str:
    """A move the seat of ``view`` could make, in plain words (what a hint says to do).

    >>> describe_move({"type": "play", "card": "s2-1", "heading": "S"}, {}, ["Ana"])
    'play Straight 2 (s2-1) heading south'
    """
    if move["type"] == "end":
        return "end your turn (and draw 2 cards)"
    start = " from the other Ice Floe" if move.get("floe") else ""
    return f"play {describe_card(move['card'])}{start} heading {_HEADING_WORDS[move['heading']]}"


GAME = register(
    Game(
        name=NAME,
        title="Elf: Journey from the North Pole",
        min_players=2,
        max_players=4,
        new_state=ElfState,
        bots=bot_levels(GoalBot, search_share=1.0),  # three bots that all search play it well together
        describe=describe,
        view_moves=view_moves,
        describe_move=describe_move,
        determinizer=Sampler,
        playout=playout_move,
        search_moves=search_moves,
        summary="Lay path cards to guide Buddy to NYC past the places on your secret Goal card (2-4).",
        report=report,
        reasons=REASONS,
    )
)

__all__ = [
    "GAME",
    "ElfState",
    "End",
    "Gingerbread",
    "GoalBot",
    "Goals",
    "Play",
    "RandomBot",
    "Shuffle",
    "describe",
    "describe_card",
    "describe_move",
    "preview",
    "report",
    "score",
]
