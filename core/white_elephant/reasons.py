"""White Elephant's refusals: each kind's English template (see :mod:`yule.core.reasons`).

>>> from ..reasons import english
>>> english(REASONS["no_gifts"], {"seat": 1})
'Seat 2 has no gifts in front of them to trade for.'
"""

from __future__ import annotations

from ..reasons import table

REASONS = table({
    "game_is_over": "The game is over.",
    "not_started": "The game has not started yet.",
    "not_your_turn": "It is not your turn.",
    "main_done": "You have made your main action: peek or end your turn.",
    "main_first": "Make your main action first: take, trade or clear out.",
    "one_gift_left": "Only one gift is left: trade or clear out instead.",
    "take_two": "Take at least 2 gifts.",
    "same_gift_twice": "Each gift can be taken only once.",
    "not_in_exchange": "That gift is not in the Gift Exchange.",
    "no_peanut_trade": "You need a Peanut to trade.",
    "no_peanut_peek": "You need a Peanut to peek.",
    "peanuts_waiting_trade": "You need a Peanut to trade: those on your Surprise Gifts are yours only when the round ends.",
    "peanuts_waiting_peek": "You need a Peanut to peek: those on your Surprise Gifts are yours only when the round ends.",
    "nobody_to_trade": "Nobody has gifts in front of them to trade for.",
    "no_seat": "There is no such seat at this table.",
    "trade_self": "You can't trade with yourself.",
    "no_gifts": "{seat:seat} has no gifts in front of them to trade for.",
    "all_seen": "There is no Surprise Gift you have not seen.",
    "not_surprise": "You can only peek at a Surprise Gift in the Exchange or in front of a seat.",
    "already_known": "You already know that Surprise Gift.",
    "malformed_move": "{move} is not a White Elephant move",
    # the chance moves, which the host draws (no seat sends them)
    "shuffled_once": "The deck is shuffled once, at the start.",
    "deck_cards": "The shuffled deck must be the {players}-player deck, each card once.",
    "start_once": "The first Start Player is drawn once, after the shuffle.",
    "no_start_seat": "There is no {seat:seat}.",
    "no_chance": "No chance move is pending.",
})  # fmt: skip
"""Every refusal of White Elephant's rules, by kind."""
