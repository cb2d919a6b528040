"""White Elephant in words, in the app's language: its gifts, its log lines and its hints.

The rules name a gift, a move and an event by its id and facts alone; here they are worded
through :mod:`yule.tui.words`, so the log, the hints and the table speak the player's language.
A gift's name is its own sentence with its ``{number}``, so a language may place the number
where it likes; a suit's word beside its code on a chip (:func:`chip_word`) may be a shorter
word than its name, for the chips stay narrow.

    >>> describe({"type": "trade", "by": 1, "target": 0, "cards": ["mug-3", "surprise-2"]}, ["Ana", "Ben"])
    'Ben traded with Ana and took 2 gifts (Mug 3 and 1 Surprise Gift).'
    >>> describe({"type": "round_end", "round": 2, "opened": [1, 0], "peanuts": [1, 0]}, ["Ana", "Ben"])
    'Round 2 is over; gifts go to the Shelves. Ana opened 1 Surprise Gift (+1 Peanut).'
    >>> describe({"type": "game_over", "scores": [6, 2, 6], "winners": [0, 2]}, ["Ana", "Ben", "Cy"])
    'Game over: Ana and Cy win with 6 points.'
    >>> view = {"known": {"surprise-2": "mug-5"}, "exchange": ["mug-3", "surprise-2"], "pot": 2}
    >>> describe_move({"type": "take", "cards": ["mug-3", "surprise-2"]}, view, ["Ana", "Ben"])
    'take Mug 3 and Surprise Gift 2 (Mug 5, you peeked)'
    >>> describe_move({"type": "trade", "target": 1}, view, ["Ana", "Ben"])
    "trade a Peanut for Ben's gifts"
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.white_elephant.cards import CARD_NUMBER, CARD_SUIT
from ..text import literal
from ..words import N_, and_list, seat, t, tn, tp

SURPRISE = "surprise-"

SUIT_NAMES: dict[str, str] = {
    "snow-globe": N_("Snow Globe"),
    "mug": N_("Mug"),
    "gift-basket": N_("Gift Basket"),
    "grill-kit": N_("Grill Kit"),
    "board-game": N_("Board Game"),
    "football": N_("Football"),
    "bird-house": N_("Bird House"),
    "socks": N_("Socks"),
}
"""Each suit's name (worded with :func:`suit_name`), in the rulebook's order."""

CARD_NAMES: dict[str, str] = {
    "snow-globe": N_("Snow Globe {number}"),
    "mug": N_("Mug {number}"),
    "gift-basket": N_("Gift Basket {number}"),
    "grill-kit": N_("Grill Kit {number}"),
    "board-game": N_("Board Game {number}"),
    "football": N_("Football {number}"),
    "bird-house": N_("Bird House {number}"),
    "socks": N_("Socks {number}"),
}
"""A gift card in a sentence, by suit, with its number (worded with :func:`describe_card`)."""


def suit_name(suit: str) -> str:
    """A suit (``gift-basket``) by name, in the app's language: ``'Gift Basket'``."""
    return t(SUIT_NAMES[suit])


def chip_word(suit: str | None) -> str:
    """The word beside a gift's code on a chip in the Exchange (``GB 7 Gift Basket``): the
    suit's name, or a shorter word for it; ``None``: a Surprise Gift's (``?2● Surprise``)."""
    # Translators: the chips' words stand beside a gift's code ("SG 10 Snow Globe") in 16
    # columns at most, or are left out: a word of 10 letters or fewer always has the room.
    words = {
        "snow-globe": tp("chip", "Snow Globe"),
        "mug": tp("chip", "Mug"),
        "gift-basket": tp("chip", "Gift Basket"),
        "grill-kit": tp("chip", "Grill Kit"),
        "board-game": tp("chip", "Board Game"),
        "football": tp("chip", "Football"),
        "bird-house": tp("chip", "Bird House"),
        "socks": tp("chip", "Socks"),
    }
    return tp("chip", "Surprise") if suit is None else words[suit]


def describe_card(card: str) -> str:
    """A gift card in words: ``'Snow Globe 10'``."""
    return t(CARD_NAMES[CARD_SUIT[card]], number=CARD_NUMBER[card])


def is_surprise(ref: str) -> bool:
    return ref.startswith(SURPRISE)


def surprise_number(ref: str) -> str:
    """A Surprise Gift's handle number: ``'4'`` for ``surprise-4``."""
    return ref[len(SURPRISE) :]


def gift_name(ref: str, known: Mapping[str, str] | None = None) -> str:
    """A gift in words: ``'Gift Basket 7'``, ``'Surprise Gift 4'``, ``'Surprise Gift 4 (Mug 5)'``
    (a Surprise Gift this seat peeked at, ``known``).

    >>> gift_name("surprise-4"), gift_name("surprise-4", {"surprise-4": "mug-5"})
    ('Surprise Gift 4', 'Surprise Gift 4 (Mug 5)')
    """
    if not is_surprise(ref):
        return describe_card(ref)
    card = (known or {}).get(ref)
    if card:
        return t("Surprise Gift {number} ({card})", number=surprise_number(ref), card=describe_card(card))
    return t("Surprise Gift {number}", number=surprise_number(ref))


def seat_label(names: Sequence[str], seat_: int) -> str:
    """How a screen names a seat: its player's name written literally (control characters as
    escapes), else its number (``Seat 4``)."""
    if 0 <= seat_ < len(names) and names[seat_]:
        return literal(names[seat_])
    return seat([], seat_)


def _gifts(refs: list[str]) -> str:
    """Gifts taken, counted and named: ``'2 gifts (Mug 3 and 1 Surprise Gift)'``."""
    if not refs:
        return t("no gifts")
    faceup = [describe_card(r) for r in refs if not is_surprise(r)]
    surprises = len(refs) - len(faceup)
    parts = faceup + ([tn("{n} Surprise Gift", "{n} Surprise Gifts", surprises)] if surprises else [])
    return tn("{n} gift ({gifts})", "{n} gifts ({gifts})", len(refs), gifts=and_list(parts))


def won_with(result: Mapping[str, Any], names: Sequence[str]) -> str:
    """``Game over:`` and who won with how many points (a result or a ``game_over`` event).

    >>> won_with({"scores": [-1, 4], "winners": [0]}, ["Ana", "Ben"])
    'Game over: Ana wins with -1 point.'
    """
    winners = result["winners"]
    points = result["scores"][winners[0]]
    who = and_list([seat(names, s) for s in winners])
    # A score may be below zero (Peanuts count off): its form is the one of its size, -1 point.
    if len(winners) > 1:
        return tn(
            "Game over: {who} win with {points} point.",
            "Game over: {who} win with {points} points.",
            abs(points),
            who=who,
            points=points,
        )
    return tn(
        "Game over: {who} wins with {points} point.",
        "Game over: {who} wins with {points} points.",
        abs(points),
        who=who,
        points=points,
    )


def describe(event: dict[str, Any], names: list[str]) -> str:
    """One public event of the game, a line of the log, in the app's language."""
    kind = event["type"]

    def who(s: int) -> str:
        return seat(names, s)

    if kind == "shuffle":
        return tn("The deck of {n} gift is shuffled.", "The deck of {n} gifts is shuffled.", event["cards"])
    if kind == "start":
        return t("{who} is the first Start Player.", who=who(event["seat"]))
    if kind == "round":
        line = tn(
            "Round {round}: {n} gift dealt. {who} starts.",
            "Round {round}: {n} gifts dealt. {who} starts.",
            len(event["dealt"]),
            round=event["round"],
            who=who(event["start_player"]),
        )
        return line + " " + t("This is the final round!") if event["final"] else line
    if kind == "take":
        return t("{who} took {gifts}.", who=who(event["by"]), gifts=_gifts(event["cards"]))
    if kind == "trade":
        return t(
            "{who} traded with {other} and took {gifts}.",
            who=who(event["by"]),
            other=who(event["target"]),
            gifts=_gifts(event["cards"]),
        )
    if kind == "clear":
        return tn(
            "{who} cleared out the Exchange: {gifts}, the marker and {n} Peanut.",
            "{who} cleared out the Exchange: {gifts}, the marker and {n} Peanuts.",
            event["peanuts"],
            who=who(event["by"]),
            gifts=_gifts(event["cards"]),
        )
    if kind == "peek":
        card = event["card"]
        if is_surprise(card):
            return t("{who} peeked at Surprise Gift {number}.", who=who(event["by"]), number=surprise_number(card))
        return t("{who} peeked at {gift}.", who=who(event["by"]), gift=describe_card(card))
    if kind == "end":
        return t("{who} ended their turn.", who=who(event["by"]))
    if kind == "turn":
        return t("{who}'s turn.", who=who(event["seat"]))
    if kind == "round_end":
        opened = [
            tn(
                "{who} opened {n} Surprise Gift ({peanuts})",
                "{who} opened {n} Surprise Gifts ({peanuts})",
                n,
                who=who(s),
                peanuts=tn("+{n} Peanut", "+{n} Peanuts", event["peanuts"][s]),
            )
            for s, n in enumerate(event["opened"])
            if n
        ]
        over = t("Round {round} is over; gifts go to the Shelves.", round=event["round"])
        return over + (" " + "; ".join(opened) + "." if opened else "")
    if kind == "game_over":
        return won_with(event, names)
    return kind


def describe_move(move: dict[str, Any], view: Mapping[str, Any], names: list[str]) -> str:
    """A move the seat of ``view`` could make, in the app's language (what a hint says to do),
    starting in lower case where the language allows (the hint makes it a sentence)."""
    kind = move["type"]
    known = view.get("known", {})

    def gift(ref: str) -> str:
        if not is_surprise(ref):
            return describe_card(ref)
        if ref in known:
            return t(
                "Surprise Gift {number} ({card}, you peeked)",
                number=surprise_number(ref),
                card=describe_card(known[ref]),
            )
        return t("Surprise Gift {number}", number=surprise_number(ref))

    if kind == "take":
        return t("take {gifts}", gifts=and_list([gift(r) for r in move["cards"]]))
    if kind == "trade":
        return t("trade a Peanut for {who}'s gifts", who=seat(names, move["target"]))
    if kind == "clear":
        return tn(
            "clear out the Exchange (and take its {n} Peanut)",
            "clear out the Exchange (and take its {n} Peanuts)",
            view["pot"],
        )
    if kind == "peek":
        card = move["card"]
        if is_surprise(card) and card not in known:
            return t("peek at Surprise Gift {number}", number=surprise_number(card))
        return t("peek at {gift}", gift=gift(card))
    return t("end your turn")
