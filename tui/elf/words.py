"""Elf's words in the app's language: the log's lines, a hint's move, the cards, the headings.

The rules' events and moves carry facts, never words; here they are worded through
:mod:`yule.tui.words`, so the log, the table and the score sheet speak the player's language.

Places are named on the board, the slots and the sheet by their short codes (``SNOW``, ``PARK``),
which stay as they are in every language (the rules help says which is which); a log line names
a place in full, in the form its sentence needs (``to the Wise Snowman``: French ``au Sage
Bonhomme de neige``, German ``zum Weisen Schneemann``).

    >>> from ..words import set_language
    >>> describe({"type": "turn", "seat": 1}, ["Ana", "Ben"])
    "Ben's turn."
    >>> describe_move({"type": "play", "card": "s2-1", "heading": "S"}, {}, ["Ana"])
    'play Straight 2 (s2-1) heading south'
    >>> set_language("qps"); compass("W"); set_language("en")
    '⟦Ŵ~⟧'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...core.base import MoveDict
from ...core.elf.cards import CARD_TYPE
from ..words import N_, and_list, seat, t, tn, tp

TYPE_NAMES = {
    "s2": N_("Straight 2"),
    "s3": N_("Straight 3"),
    "cl": N_("Curve left"),
    "cr": N_("Curve right"),
    "zl": N_("Jog left"),
    "zr": N_("Jog right"),
    "kl": N_("Corner left"),
    "kr": N_("Corner right"),
    "ul": N_("Hairpin left"),
    "ur": N_("Hairpin right"),
}
"""A path card's type (its code, ``cl``) -> its name, worded with :func:`t`."""


def type_name(type_: str) -> str:
    """A card type's name: ``Curve left``."""
    return t(TYPE_NAMES[type_]) if type_ in TYPE_NAMES else type_


def describe_card(card: str) -> str:
    """A card in plain words: ``Corner right (kr-1)`` (its id stays as it is)."""
    return f"{type_name(CARD_TYPE[card])} ({card})" if card in CARD_TYPE else card


def compass(heading: str) -> str:
    """A heading as the compass writes it (``S``; French ``O`` for west, German ``O`` for east)."""
    letters: dict[str, Callable[[], str]] = {
        "N": lambda: tp("compass", "N"),
        "E": lambda: tp("compass", "E"),
        "S": lambda: tp("compass", "S"),
        "W": lambda: tp("compass", "W"),
        "NE": lambda: tp("compass", "NE"),
        "SE": lambda: tp("compass", "SE"),
        "SW": lambda: tp("compass", "SW"),
        "NW": lambda: tp("compass", "NW"),
    }
    return letters[heading]() if heading in letters else heading


def way(heading: str) -> str:
    """A heading in words, as it follows "heading" or "facing": ``south``, ``north-east``."""
    words: dict[str, Callable[[], str]] = {
        "N": lambda: tp("heading", "north"),
        "E": lambda: tp("heading", "east"),
        "S": lambda: tp("heading", "south"),
        "W": lambda: tp("heading", "west"),
        "NE": lambda: tp("heading", "north-east"),
        "SE": lambda: tp("heading", "south-east"),
        "SW": lambda: tp("heading", "south-west"),
        "NW": lambda: tp("heading", "north-west"),
    }
    return words[heading]() if heading in words else heading


def to_place(location: str) -> str:
    """Where Buddy is taken, as "took Buddy ..." goes on: ``to the Wise Snowman``."""
    places: dict[str, Callable[[], str]] = {
        # Translators: this and the places below end "{who} took Buddy {to}": a place with its preposition.
        "mr-narwhal": lambda: t("to Mr. Narwhal"),
        "wise-snowman": lambda: t("to the Wise Snowman"),
        "candy-cane-forest": lambda: t("to the Candy Cane Forest"),
        "gumdrop-village": lambda: t("to Gumdrop Village"),
        "central-park": lambda: t("to Central Park"),
        "worlds-best-coffee": lambda: t("to the World's Best Cup of Coffee"),
        "gimbels": lambda: t("to Gimbels"),
    }
    return places[location]() if location in places else t("to {place}", place=location)


def _number(token: str) -> str:
    """The number of a numbered token: ``g3`` -> ``3``, ``syrup-1`` -> ``1``."""
    return token.rpartition("-")[2] if "-" in token else token.lstrip("g")


def semicolons(parts: Sequence[str]) -> str:
    """Parts of one sentence set apart by semicolons (French puts a space before them)."""
    out = ""
    for part in parts:
        out = part if not out else t("{parts}; {part}", parts=out, part=part)
    return out


def _cards(cards: list[str]) -> str:
    if not cards:
        return t("nothing")
    return and_list([describe_card(c) for c in cards])


def won_with(result: dict[str, Any], who: Callable[[int], str]) -> str:
    """Who won and with how many points: ``Ana and Cy win with 6 points``."""
    winners = result["winners"]
    points = result["scores"][winners[0]]
    if len(winners) == 1:
        return tn("{who} wins with {n} point", "{who} wins with {n} points", points, who=who(winners[0]))
    return tn("{who} win with {n} point", "{who} win with {n} points", points, who=and_list([who(s) for s in winners]))


def describe(event: dict[str, Any], names: list[str]) -> str:
    """One public event in the app's language (the log's line).

    >>> describe({"type": "location", "by": 0, "location": "wise-snowman", "cell": [19, 1],
    ...           "slot": 0, "points": 3}, ["Ana", "Ben"])
    'Ana took Buddy to the Wise Snowman: Scoring Slot 1, worth 3 points to each Goal card that shows it.'
    >>> describe({"type": "take_gingerbread", "by": 1, "spot": "g3", "cell": [3, 8]}, ["Ana", "Ben"])
    'Ben picked up Gingerbread Man 3 (its value stays secret).'
    """
    kind = event["type"]

    def who(s: int) -> str:
        return seat(names, s)

    if kind == "shuffle":
        n = event["cards"]
        return tn("The {n} path card is shuffled.", "The {n} path cards are shuffled.", n)
    if kind == "deal":
        hands = [t("{who} {cards}", who=who(s), cards=_cards(h)) for s, h in enumerate(event["hands"])]
        return t("Cards dealt face up: {hands}.", hands=semicolons(hands))
    if kind == "goals":
        return t("Each player looks at a secret Goal card.")
    if kind == "gingerbread":
        return t("The Gingerbread Men are placed face down.")
    if kind == "turn":
        return t("{who}'s turn.", who=who(event["seat"]))
    if kind == "play":
        arrow = event["arrow"]
        facts = {
            "who": who(event["by"]),
            "card": describe_card(event["card"]),
            "way": way(event["heading"]),
            "cell": str(tuple(arrow["cell"])),
            "facing": way(arrow["heading"]),
        }
        if event.get("floe"):
            return t(
                "{who} played {card} from the Ice Floe at {floe} heading {way}; Buddy now stands at {cell} facing {facing}.",
                floe=str(tuple(event["floe"])),
                **facts,
            )
        return t("{who} played {card} heading {way}; Buddy now stands at {cell} facing {facing}.", **facts)
    if kind == "location":
        by, to = who(event["by"]), to_place(event["location"])
        if event["slot"] is None:
            return t("{who} took Buddy {to}, the 7th location: it scores nothing.", who=by, to=to)
        return tn(
            "{who} took Buddy {to}: Scoring Slot {slot}, worth {n} point to each Goal card that shows it.",
            "{who} took Buddy {to}: Scoring Slot {slot}, worth {n} points to each Goal card that shows it.",
            event["points"],
            who=by,
            to=to,
            slot=event["slot"] + 1,
        )
    if kind == "take_gingerbread":
        return t(
            "{who} picked up Gingerbread Man {number} (its value stays secret).",
            who=who(event["by"]),
            number=_number(event["spot"]),
        )
    if kind == "syrup":
        jar = _number(event["jar"])
        if event["card"] is None:
            return t("{who} reached Maple Syrup jar {number}, but the deck is empty.", who=who(event["by"]), number=jar)
        return t(
            "{who} reached Maple Syrup jar {number} and draws {card}.",
            who=who(event["by"]),
            number=jar,
            card=describe_card(event["card"]),
        )
    if kind == "floe":
        if event["floe"] == "floe-a":
            return t(
                "{who} touched the northern Ice Floe: the next card may start from the southern Ice Floe.",
                who=who(event["by"]),
            )
        return t(
            "{who} touched the southern Ice Floe: the next card may start from the northern Ice Floe.",
            who=who(event["by"]),
        )
    if kind == "reach_end":
        return t("{who} brought Buddy to New York City!", who=who(event["by"]))
    if kind == "snow_globe":
        return tn(
            "{who} takes the NYC Snow Globe ({n} point).",
            "{who} takes the NYC Snow Globe ({n} points).",
            2,
            who=who(event["by"]),
        )
    if kind == "end":
        return t("{who} ended their turn.", who=who(event["by"]))
    if kind == "draw":
        cards = event["cards"]
        if event["why"] == "stuck":
            return t("{who} has no card that fits and draws {cards}.", who=who(event["seat"]), cards=_cards(cards))
        if not cards:
            return t("{who} draws nothing: the deck is empty.", who=who(event["seat"]))
        return t("{who} draws {cards}.", who=who(event["seat"]), cards=_cards(cards))
    if kind == "discard":
        return t(
            "{who} cannot place any card and the deck is out: {cards} discarded.",
            who=who(event["seat"]),
            cards=_cards(event["cards"]),
        )
    if kind == "skip":
        return t("{who} has no cards left and is skipped.", who=who(event["seat"]))
    if kind == "game_over":
        how = t("Buddy reached NYC") if event["ended"] == "nyc" else t("all path cards are played")
        return t("Game over ({how}): {won}.", how=how, won=won_with(event, who))
    return str(kind)


def describe_move(move: MoveDict, view: Any, names: list[str]) -> str:
    """A move the seat of ``view`` could make, in plain words (what a hint says to do), starting
    in lower case (the hint makes it a sentence)."""
    if move["type"] == "end":
        return t("end your turn (and draw 2 cards)")
    card, heading = describe_card(move["card"]), way(move["heading"])
    if move.get("floe"):
        return t("play {card} from the other Ice Floe heading {way}", card=card, way=heading)
    return t("play {card} heading {way}", card=card, way=heading)


__all__ = ["compass", "describe", "describe_card", "describe_move", "to_place", "type_name", "way"]
