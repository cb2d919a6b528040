"""Elf: Journey from the North Pole, the path-laying board game with secret goals (2-4 seats).

Seats lay path cards to walk Buddy from the North Pole to NYC, each hoping he visits the
locations on its secret Goal card early.  See :mod:`.board` for the board and Goal cards,
:mod:`.cards` for the card shapes and placements, :mod:`.state` for the rules engine,
:mod:`.preview` for what the screen shows before a card is laid, :mod:`.bots` for the
computer players.
"""

from __future__ import annotations

from ..base import Game
from ..bots import RandomBot
from ..levels import bot_levels
from ..registry import register
from .board import GOALS, SNOW_GLOBE_POINTS, TOKEN_INDEX, TOKENS, slot_value
from .bots import GoalBot, view_moves
from .moves import End, Gingerbread, Goals, Play, Shuffle
from .preview import preview
from .reasons import REASONS
from .search import Sampler, playout_move, search_moves
from .state import ElfState, score

NAME = "elf"


def _token(token_id: str) -> str:
    i = TOKEN_INDEX.get(token_id)
    return TOKENS[i].name if i is not None else token_id


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


GAME = register(
    Game(
        name=NAME,
        title="Elf: Journey from the North Pole",
        min_players=2,
        max_players=4,
        new_state=ElfState,
        bots=bot_levels(GoalBot, search_share=1.0),  # three bots that all search play it well together
        view_moves=view_moves,
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
    "preview",
    "report",
    "score",
]
