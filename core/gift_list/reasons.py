"""Gift List's refusals: each kind's English template (see :mod:`yule.core.reasons`).

>>> from ..reasons import english
>>> english(REASONS["holds_none"], {"seat": 2})
'Seat 3 holds no open gift to steal.'
"""

from __future__ import annotations

from ..reasons import table

REASONS = table({
    "game_is_over": "The game is over.",
    "not_started": "The cards have not been dealt yet.",
    "no_seat": "There is no {seat:seat}.",
    "bringing": "Wait until everyone has brought a gift.",
    "not_your_turn": "It is not your turn.",
    "all_brought": "Everyone has brought a gift to this party: open or steal.",
    "already_brought": "You have already brought a gift to this party.",
    "not_in_attic": "That card is not in your attic.",
    "already_open": "The gift {seat:seat} brought is already open.",
    "own_gift": "You can't open the gift you brought while another one is still wrapped.",
    "nothing_open": "There is no open gift to steal.",
    "all_locked": "Every open gift was just stolen: they are locked until the next gift is opened.",
    "steal_self": "You can't steal from yourself.",
    "holds_none": "{seat:seat} holds no open gift to steal.",
    "locked": "That gift was just stolen: it can't be stolen again until another gift is opened.",
    "malformed_move": "{move} is not a Gift List move",
    # the deal, which the host draws (no seat sends it)
    "dealt_once": "The cards are dealt once, at the start.",
    "hand_sizes": "Each seat is dealt {size} cards in a {players}-player game.",
    "not_a_gift": "The deal names a card that is not a gift card.",
    "card_twice": "The deal gives the same card twice.",
    "list_each": "Each seat gets one Gift List.",
    "list_names": "A Gift List names 3 different people.",
    "list_twice": "There is only one of each Gift List card: two seats got the same one.",
    "no_chance": "No chance move is pending.",
})  # fmt: skip
"""Every refusal of Gift List's rules, by kind."""
