"""White Rabbit's refusals: each kind's English template (see :mod:`yule.core.reasons`).

A card a refusal names is worded by the spec ``rabbit_card`` (``grey 5``; a name that is no
rabbit card as it was sent).

    >>> from ..reasons import english
    >>> english(REASONS["not_face_up"], {"seat": 1, "card": "grey-5"})
    'Seat 2 does not have grey 5 face up.'
"""

from __future__ import annotations

from ..reasons import WORDS, table
from .cards import CARD_VALUE


def card_words(card: object) -> str:
    """A card a refusal names, in English: ``grey 5``, or what was sent for one (``'max'``)."""
    return card.replace("-", " ") if isinstance(card, str) and CARD_VALUE.get(card) else repr(card)


WORDS["rabbit_card"] = card_words

REASONS = table({
    "game_is_over": "The game is over.",
    "not_started": "The game has not started yet.",
    "not_your_turn": "It is not your turn.",
    "rolled": "You have already rolled.",
    "roll_first": "You have not rolled yet.",
    "max_first": "Deal with Max first.",
    "max_used": "Max has already been used.",
    "no_max_take": "You can only take a card when you draw Max.",
    "max_take_first": "Take a card with Max (or nothing) first.",
    "no_max_place": "You can only place Max after drawing him.",
    "no_seat": "There is no {seat:seat}.",
    "max_self": "Max takes from another player, not from you.",
    "not_face_up": "{seat:seat} does not have {card:rabbit_card} face up.",
    "have_value": "You already have a {value}: Max only takes a value you lack.",
    "no_pile": "There is no pile {pile}: the piles are 0 to 7.",
    "chance_first": "It is your turn to roll.",
    "max_take_fields": "'max_take' needs a seat number in 'from' and a card name in 'card' (both null to take nothing)",
    "malformed_move": "{move} is not a White Rabbit move",
    # the chance moves, which the host draws (no seat sends them)
    "dealt_once": "The cards are dealt once, at the start.",
    "roll_at_start": "The die is rolled only at the start of a move.",
    "die_value": "A die shows 1 to 6, not {value}.",
    "pile_count": "The deal makes {most} piles, not {piles}.",
    "deal_cards": "The deal must hold the 24 rabbit cards and Max, each once.",
    "pile_size": "Pile {pile} must have {most} rabbit cards, not {rabbits}.",
    "max_on_top": "Max goes on top of a pile.",
    "no_chance": "No chance move is pending.",
    "no_move_due": "No move of {seat:seat} is due: the phase is {phase!r}.",
})  # fmt: skip
"""Every refusal of White Rabbit's rules, by kind."""
