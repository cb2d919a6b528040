"""Gift Exchange bots.  Each decides from its seat's view alone and answers in wire form.

* :class:`GreedyBot` brings its seat's silly gift (no two bots at a table bring the same), then
  steals the open gift it wants most when it may, else opens a wrapped gift (see its docstring
  for what "wants" means).

It names a gift brought without a label (organiser-mode gifts) at the reveal with a silly name
the table has not seen yet.
"""

from __future__ import annotations

from ..base import Bot, MoveDict, seat_of
from .text import SILLY_GIFTS, WRAPPINGS, bot_label
from .views import Gift, GiftExchangeView


def _bring(bot: Bot[GiftExchangeView], view: GiftExchangeView) -> MoveDict:
    """Its seat's label (:func:`~.text.bot_label`: no two bots at a table bring the same), in a
    wrapping of its choosing."""
    return {"type": "bring", "label": bot_label(seat_of(view)), "wrapping": bot.rng.choice(WRAPPINGS)}


def _open(bot: Bot[GiftExchangeView], view: GiftExchangeView, gift: int) -> MoveDict:
    """Open ``gift``, naming it (a gift brought without a label) with a label the table has not
    seen yet when there is one."""
    move: MoveDict = {"type": "open", "gift": gift}
    if gift in view["actions"]["name_needed"]:
        seen = {g.get("label") for g in view["gifts"]}
        move["label"] = bot.rng.choice([label for label in SILLY_GIFTS if label not in seen] or SILLY_GIFTS)
    return move


def view_moves(view: GiftExchangeView) -> list[MoveDict]:
    """The seat's moves read off its view (wire form), with the stand-in texts its legal moves
    list: its bring, or each open (naming a gift brought without a label), each steal, and keep."""
    actions = view.get("actions")
    if not actions:
        return []
    seat = seat_of(view)
    if actions["bring"]:
        label, wrapping = bot_label(seat), WRAPPINGS[seat % len(WRAPPINGS)]
        return [{"type": "bring", "label": label, "wrapping": wrapping}]
    moves: list[MoveDict] = []
    for gift in actions["open"]:
        move: MoveDict = {"type": "open", "gift": gift}
        if gift in actions["name_needed"]:
            move["label"] = SILLY_GIFTS[gift % len(SILLY_GIFTS)]
        moves.append(move)
    moves += [{"type": "steal", "gift": gift} for gift in actions["steal"]]
    if actions["keep"]:
        moves.append({"type": "keep"})
    return moves


class GreedyBot(Bot[GiftExchangeView]):
    """Steals what the table seems to want; otherwise opens.

    How much it wants an open gift: first how often it has been stolen (the table's taste),
    then the length of its label (a longer name sounds like a bigger present: admittedly a
    crude stand-in for taste, but deterministic and visible to every seat), then the lower id.
    It steals the most wanted gift it may steal, but never in a turn that already has as many
    steals as there are seats (so a game without steal limits still ends).  Otherwise it opens
    a random wrapped gift other than its own when it can (it knows what it brought).  In the
    final swap it swaps only for a gift it wants more than the one it holds.
    """

    kind = "greedy"

    @staticmethod
    def want(gift: Gift) -> tuple[int, int, int]:
        return (gift["steals"], len(gift.get("label", "")), -gift["id"])

    def choose(self, view: GiftExchangeView) -> MoveDict:
        hints = view["actions"]
        if hints["bring"]:
            return _bring(self, view)
        gifts = view["gifts"]
        best = max((gifts[g] for g in hints["steal"]), key=self.want, default=None)
        if hints["keep"]:
            held = view["holdings"][seat_of(view)]
            assert held is not None, "in the final swap every guest holds a gift"
            mine = gifts[held]
            if best is not None and self.want(best) > self.want(mine):
                return {"type": "steal", "gift": best["id"]}
            return {"type": "keep"}
        if best is not None and view["steals_this_turn"] < view["players"]:
            return {"type": "steal", "gift": best["id"]}
        others = [g for g in hints["open"] if g != view["you"]] or hints["open"]
        return _open(self, view, self.rng.choice(others))
