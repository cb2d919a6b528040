"""White Rabbit bots.  Each decides from its seat's view alone and answers in wire form.

* :class:`GreedyBot` is simple and honest about what a view can tell: a face-down pile card
  is, as far as the view goes, any card not held face up, so every non-empty pile is equally
  promising.  It therefore only tells piles apart by Max (a sure card when another seat
  holds a value it lacks) and emptiness (no card, and no extra roll after a 6).  With Max it
  takes from the seat closest to a full family (slowing the leader), and puts Max where the
  next seat cannot reach him in one roll (beside the rabbit), or, when it rolls again itself,
  where it is most likely to reach him.
"""

from __future__ import annotations

from ..base import Bot, MoveDict, View
from .cards import CARD_VALUE, step


def _pile_worth(view: View, seat: int, space: int) -> float:
    """What landing on ``space`` is worth to ``seat``, by the view alone."""
    pile = view["piles"][space]
    if pile["max"]:
        missing = set(view["missing"][seat])
        takeable = any(CARD_VALUE[c] in missing for t, fam in enumerate(view["families"]) if t != seat for c in fam)
        return 2.0 if takeable else 0.1
    if pile["cards"] == 0:
        return 0.0
    lacking = set(view["missing"][seat])
    held = sum(len(f) for f in view["families"])
    unseen = 24 - held
    # Cards of the values it lacks that nobody holds, over the unseen cards.
    lacking_unseen = 4 * len(lacking) - sum(1 for fam in view["families"] for c in fam if CARD_VALUE[c] in lacking)
    return lacking_unseen / unseen if unseen else 0.0


class GreedyBot(Bot[View]):
    """Heads for Max when he can help, avoids empty piles, takes from the leader."""

    kind = "greedy"

    def choose(self, view: View) -> MoveDict:
        seat = view["you"]
        phase = view["phase"]
        if phase == "roll":
            return {"type": "roll"}
        if phase == "direction":
            land = view["landing"]
            cw, ccw = _pile_worth(view, seat, land["cw"]), _pile_worth(view, seat, land["ccw"])
            if cw == ccw:
                return {"type": "move", "dir": self.rng.choice(("cw", "ccw"))}
            return {"type": "move", "dir": "cw" if cw > ccw else "ccw"}
        if phase == "max_take":
            choices = view["max_choices"]
            if not choices:
                return {"type": "max_take", "from": None, "card": None}
            sizes = [len(f) for f in view["families"]]
            best = max(choices, key=lambda c: (sizes[c["from"]], -c["from"]))
            return {"type": "max_take", **best}
        rabbit = view["rabbit"]
        if view["die"] == 6:
            # It rolls again: spaces 2 or 3 away either way are reached by two of the six faces.
            return {"type": "max_place", "pile": step(rabbit, self.rng.choice((2, 3)), self.rng.choice(("cw", "ccw")))}
        return {"type": "max_place", "pile": rabbit}
