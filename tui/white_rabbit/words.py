"""White Rabbit's (Max Mümmelmann's) words in the app's language: its cards, its colours, its
ways round the board, its log lines and its hints.

The rules name them by ids and facts alone; they are worded here, through :mod:`yule.tui.words`
as they are drawn.  A card is a colour and a value (``grey 5``: ``5 gris``, ``graue 5``); Max
is Max in every language.

    >>> from ..words import set_language
    >>> set_language("en"); describe_card("grey-5"), describe_card("max")
    ('grey 5', 'Max')
    >>> describe({"type": "max_take", "by": 1, "from": 0, "card": "grey-5"}, ["Ana", "Ben"])
    'With Max, Ben took grey 5 from Ana.'
"""

from __future__ import annotations

from typing import Any

from ...core.base import Event, MoveDict
from ...core.white_rabbit.cards import CARD_COLOUR, CARD_VALUE, MAX, MAX_ROLLS
from ..words import N_, seat, t, tn, tp

WAYS = {"cw": N_("clockwise"), "ccw": N_("counter-clockwise")}
"""Each way round the board, as a log line says where the rabbit went (``moved clockwise``)."""


def colour_name(colour: str) -> str:
    """A colour's name, as the legend shows it beside its letter (``b brown``)."""
    names = {
        "brown": tp("colour", "brown"),
        "grey": tp("colour", "grey"),
        "black": tp("colour", "black"),
        "cream": tp("colour", "cream"),
    }
    return names[colour]


def all_six(colour: str) -> str:
    """A colour as it follows "all six" (an Oberhase's rabbits: ``all six grey``)."""
    names = {
        # Translators: an Oberhase holds all six rabbits of this colour ("all six brown")
        "brown": tp("all six", "brown"),
        "grey": tp("all six", "grey"),
        "black": tp("all six", "black"),
        "cream": tp("all six", "cream"),
    }
    return names[colour]


def card_words(card: object) -> str:
    """A card a refusal names (``grey 5``), or what was sent for one as it was (``'max'``).

    >>> card_words("grey-5"), card_words("max")
    ('grey 5', "'max'")
    """
    return describe_card(card) if isinstance(card, str) and card in CARD_VALUE else repr(card)


def describe_card(card: str) -> str:
    """A card in words: ``grey 5``, or ``Max``."""
    if card == MAX:
        return tp("card", "Max")
    value = CARD_VALUE[card]
    names = {
        # Translators: a rabbit card, its colour and its value (1 to 6): "brown 5"
        "brown": t("brown {value}", value=value),
        "grey": t("grey {value}", value=value),
        "black": t("black {value}", value=value),
        "cream": t("cream {value}", value=value),
    }
    return names[CARD_COLOUR[card]]


def way(direction: str) -> str:
    """``clockwise`` or ``counter-clockwise``, as a log line says it."""
    return t(WAYS[direction])


def _move(event: Event, who: str) -> str:
    space, outcome = event["to"], event["outcome"]
    go = way(event["dir"])
    if outcome == "empty":
        if event["steps"] == 6:
            return t(
                "{who} moved {way} to space {space}: pile {space} is empty, no card (and no extra roll for the 6).",
                who=who,
                way=go,
                space=space,
            )
        return t("{who} moved {way} to space {space}: pile {space} is empty, no card.", who=who, way=go, space=space)
    if outcome == "max":
        return t("{who} moved {way} to space {space} and drew Max!", who=who, way=go, space=space)
    card = describe_card(event["card"])
    if outcome == "kept":
        return t("{who} moved {way} to space {space} and drew {card}: kept.", who=who, way=go, space=space, card=card)
    return t(
        "{who} moved {way} to space {space} and drew {card}, a {value} {who} already has: slid under pile {space}.",
        who=who,
        way=go,
        space=space,
        card=card,
        value=CARD_VALUE[event["card"]],
    )


def describe(event: Event, names: list[str]) -> str:
    """One public event in plain words, for the log.

    >>> from ..words import set_language
    >>> set_language("en")
    >>> describe({"type": "roll", "by": 0, "value": 4, "cw": 4, "ccw": 4}, ["Ana", "Ben"])
    'Ana rolled a 4.'
    >>> describe({"type": "move", "by": 0, "dir": "cw", "steps": 3, "from": 0, "to": 3,
    ...           "card": "grey-2", "outcome": "slid"}, ["Ana", "Ben"])
    'Ana moved clockwise to space 3 and drew grey 2, a 2 Ana already has: slid under pile 3.'
    """
    kind = event["type"]

    def who(s: int) -> str:
        return seat(names, s)

    if kind == "deal":
        return t("The cards are dealt into 8 piles of 3; Max is on top of pile {pile}.", pile=event["max_pile"])
    if kind == "turn":
        if event["again"]:
            return t("{who} rolls again.", who=who(event["seat"]))
        return t("{who}'s turn.", who=who(event["seat"]))
    if kind == "roll":
        return t("{who} rolled a {value}.", who=who(event["by"]), value=event["value"])
    if kind == "move":
        return _move(event, who(event["by"]))
    if kind == "max_take":
        if event["from"] is None:
            return t("{who} took nothing with Max.", who=who(event["by"]))
        return t(
            "With Max, {who} took {card} from {other}.",
            who=who(event["by"]),
            card=describe_card(event["card"]),
            other=who(event["from"]),
        )
    if kind == "max_place":
        return t("{who} put Max on top of pile {pile}.", who=who(event["by"]), pile=event["pile"])
    if kind == "game_over":
        if event["stopped"]:
            text = tn(
                "The game is stopped after {n} roll: no winner.",
                "The game is stopped after {n} rolls: no winner.",
                MAX_ROLLS,
            )
        else:
            text = t("{who} has a complete rabbit family and wins!", who=who(event["winners"][0]))
        heads = [
            t("{who} is Oberhase (all six {colour})!", who=who(s), colour=all_six(c))
            for s, c in enumerate(event.get("oberhase", []))
            if c
        ]
        return " ".join([text, *heads])
    return str(kind)


def describe_move(move: MoveDict, view: Any, names: list[str]) -> str:
    """A move the seat of ``view`` could make, in plain words (what a hint says to do).

    >>> from ..words import set_language
    >>> set_language("en")
    >>> describe_move({"type": "move", "dir": "cw"}, {"landing": {"cw": 3, "ccw": 5}}, ["Ana"])
    'move the rabbit clockwise to space 3'
    """
    kind = move["type"]
    if kind == "roll":
        return t("roll the die")
    if kind == "move":
        landing = view["landing"]
        go = way(move["dir"])
        if landing is None:
            return t("move the rabbit {way}", way=go)
        space = landing["cw"] if move["dir"] == "cw" else landing["ccw"]
        return t("move the rabbit {way} to space {space}", way=go, space=space)
    if kind == "max_take":
        if move["from"] is None:
            return t("take nothing with Max")
        return t("take {card} from {who} with Max", card=describe_card(move["card"]), who=seat(names, move["from"]))
    return t("put Max on pile {pile}", pile=move["pile"])
