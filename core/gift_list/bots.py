"""Gift List bots.  Each decides from its seat's view alone and answers in wire form.

* :class:`GreedyBot` brings the attic card it needs least, steals the open gift that raises
  its score most, and opens a gift otherwise.
"""

from __future__ import annotations

from ..base import Bot, MoveDict, View
from .cards import CARD_COLOUR, CARD_NUMBER, COLOUR_OF_PERSON


def gain(view: View, card: str) -> int:
    """How much ``card`` would add to this seat's score if it kept it."""
    colour = CARD_COLOUR[card]
    for person, best in view["best"].items():
        if COLOUR_OF_PERSON[person] == colour:
            return max(0, CARD_NUMBER[card] - (CARD_NUMBER[best] if best else 0))
    return 0


class GreedyBot(Bot[View]):
    """Brings what it does not need, steals what its list wants, opens otherwise."""

    kind = "greedy"

    def choose(self, view: View) -> MoveDict:
        hints = view["actions"]
        if hints["bring"] is None:
            # The card whose loss costs least: no use to the list first, then the lowest.
            attic = view["attic"]
            return {"type": "bring", "card": min(attic, key=lambda c: (gain(view, c), CARD_NUMBER[c], c))}
        if hints["steal"] is None:
            holding = view["holding"]
            value, source = max((gain(view, holding[t]), -t) for t in view["steal_from"])
            if value > 0:
                return {"type": "steal", "from": -source}
        return {"type": "open", "from": self.rng.choice(view["open_from"])}
