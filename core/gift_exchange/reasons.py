"""Gift Exchange's refusals: each kind's English template (see :mod:`yule.core.reasons`).

Gifts are named by number as people count them (``{gift:no}``: ``#3`` is gift id 2).  A gift's
label and its wrapping are each checked alike, with a kind each (``label_too_long``,
``wrapping_too_long`` ...).

    >>> from ..reasons import english
    >>> english(REASONS["frozen"], {"gift": 2, "steals": 3})
    "You can't steal a frozen gift: gift #3 has been stolen 3 times."
    >>> english(REASONS["steal_cap"], {"most": 1})
    'No more steals this turn (1 steal already): open a gift.'
"""

from __future__ import annotations

from ..reasons import table

_TEXTS = {
    "not_text": "A gift's {what} must be text.",
    "spaces": "A gift's {what} can't start or end with spaces.",
    "too_long": "A gift's {what} can be at most {{most}} characters long (this one has {{length}}).",
    "control": "A gift's {what} can't contain control characters (line breaks, escape codes ...).",
}
"""The checks of a gift's label and wrapping (:func:`yule.core.gift_exchange.text.text_fault`)."""

REASONS = table({
    "game_is_over": "The gift exchange is over.",
    "no_seat": "There is no {seat:seat}.",
    "no_order": "The order has not been drawn yet.",
    "bringing": "Play starts once every gift is brought and the order is drawn.",
    "not_your_turn": "It is not your move.",
    "keep_final": "Keeping is only for the final swap: open or steal a gift.",
    "all_brought": "Every gift has been brought already.",
    "already_brought": "You have already brought your gift.",
    **{f"{what}_{kind}": words.format(what=what) for what in ("label", "wrapping") for kind, words in _TEXTS.items()},
    "all_open": "Every gift is open: swap or keep.",
    "no_gift": "There is no gift {gift:no}.",
    "already_open": "Gift {gift:no} is already open.",
    "label_needed": "Gift {gift:no} was brought without a label: name it as it is revealed.",
    "label_given": "Gift {gift:no} already has a label: open it without naming it.",
    "own_gift": "You can't open the gift you brought while other gifts are still wrapped.",
    "wrapped": "Gift {gift:no} is still wrapped: open it instead.",
    "yours": "You already hold gift {gift:no}.",
    "frozen": "You can't steal a frozen gift: gift {gift:no} has been stolen {steals:~time}.",
    "no_steal_back": "You can't steal gift {gift:no} straight back in the same turn.",
    "no_steal_back_last": "You can't steal gift {gift:no} straight back: it is the last gift taken from you this turn.",
    "steal_cap": "No more steals this turn ({most:~steal} already): open a gift.",
    "malformed_move": "{move} is not a Gift Exchange move",
    # the options
    "not_an_object": "options must be an object",
    "unknown_option": "Gift Exchange has no option {options!j} (it has {known!j})",
    "whole_or_null": "{option} must be a whole number of at least 1, or null for no limit (got {got})",
    "true_or_false": "{option} must be true or false (got {got})",
    "one_of": 'steal_back_scope must be "turn" or "last" (got {got})',
    # the order, which the host draws (no seat sends it)
    "order_once": "The order is drawn once, after every gift is brought.",
    "order_seats": "The order must list each of the {players} seats exactly once.",
    "no_chance": "No chance move is pending.",
    # the organiser's mending (a latecomer, a skipped turn, a label put right)
    "organiser_only": "Only the party's organiser can do that ({type!r}).",
    "too_many_guests": "A gift exchange has at most {most} guests.",
    "too_late": "Every gift is open: it is too late for that.",
    "placing": "A latecomer is being placed in the order.",
    "place_seat": "The latecomer to place is {seat:seat}.",
    "place_range": "A latecomer's place is after the turn being played: {least} to {most}.",
    "skip_bringing": "Turns begin once every gift is brought and the order is drawn.",
    "skip_not_turn": "Only the guest whose turn begins can be skipped, not {seat:seat}.",
    "skip_chain": "Steals have begun this turn: {seat:seat} has to open or steal.",
    "skip_last": "Everyone else has had their turn: open or steal for {seat:seat}.",
    "label_empty": "A gift's label can't be empty.",
    "label_same": "Gift {gift:no} is already called that.",
    "not_brought": "Gift {gift:no} has not been brought yet.",
})  # fmt: skip
"""Every refusal of Gift Exchange's rules, by kind."""
