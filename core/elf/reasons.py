"""Elf's refusals: each kind's English template (see :mod:`yule.core.reasons`).

>>> from ..reasons import english
>>> english(REASONS["corner"], {"heading": "NE", "headings": ["N", "E"]})
'After the corner arrow NE the card enters heading N or E: the others would turn back over the corner card.'
>>> english(REASONS["floe_cell"], {"cells": [[3, 4], [3, 5]]})
'The jump starts from a cell of the other Ice Floe: [3, 4] or [3, 5].'
"""

from __future__ import annotations

from ..reasons import table
from .cards import NO_ROOM, OFF_AREA

REASONS = table({
    "game_is_over": "The game is over.",
    "not_started": "The game has not started yet.",
    "not_your_turn": "It is not your turn.",
    "hand_empty": "Your hand is empty: end your turn.",
    "nothing_fits": "None of your cards fits from Buddy's arrow: end your turn.",
    "must_play": "Play at least one card before ending your turn.",
    "not_in_hand": "That card is not in your hand.",
    "jump_used": "The Ice Floe jump has been used: the floes do nothing now.",
    "no_jump": "You may jump only with the card right after one that touched an Ice Floe.",
    "floe_cell": "The jump starts from a cell of the other Ice Floe: {cells!o}.",
    "back_onto_floe": "That heading points back onto the Ice Floe.",
    "continue": "Buddy is heading {heading:heading}: the card must continue {heading:heading}.",
    "corner": "After the corner arrow {heading:heading} the card enters heading {headings[0]:heading} or "
    "{headings[1]:heading}: the others would turn back over the corner card.",
    "off_area": OFF_AREA,
    "no_room": NO_ROOM,
    "malformed_move": "{move} is not an Elf move",
    # the chance moves, which the host draws (no seat sends them)
    "shuffled_once": "The deck is shuffled once, at the start.",
    "deck_cards": "The shuffled deck must hold all 60 path cards, each once.",
    "goals_once": "Goal cards are dealt once, after the shuffle.",
    "goal_each": "Each of the {players} seats gets a different Goal card (goal-1 to goal-7).",
    "gingerbread_once": "The Gingerbread Men are placed once, after the Goal cards.",
    "gingerbread_values": "The Gingerbread values are 1, 2, 2 and 3, one on each spot.",
    "no_chance": "No chance move is pending.",
})  # fmt: skip
"""Every refusal of Elf's rules, by kind."""
