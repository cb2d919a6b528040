"""Gift List in words, in the app's language: its people, its cards and its log lines.

The rules name a card, a person, a move and an event by its id and facts alone; here they are
worded through :mod:`yule.tui.words`, so the log, the hints and the tables speak the player's
language.  A card is named by its colour and number, with the person its colour is for
(``Red 7 (Mother-in-Law)``); a colour's word is its own sentence, so a language may put it
after the number (``7 rouge``).

    >>> describe({"type": "steal", "by": 1, "from": 0, "card": "red-7"}, ["Ana", "Ben"])
    "Ben stole Ana's Red 7 (Mother-in-Law)."
    >>> describe({"type": "bring", "by": 0, "party": 2}, ["Ana", "Ben"])
    'Ana brought a wrapped gift to party 2.'
    >>> describe_move({"type": "steal", "from": 1}, {"you": 0, "holding": [None, "red-7"]}, ["Ana", "Ben"])
    "steal Ben's Red 7 (Mother-in-Law)"
    >>> fill(t("You brought {card}."), card=Text("R7", "bold")).spans
    [Span(12, 14, 'bold')]
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from ...core.gift_list.cards import CARD_COLOUR, CARD_NUMBER, PERSON_OF_COLOUR
from ..words import FORMS, N_, and_list, seat, t, tn

PEOPLE: dict[str, str] = {
    "mother-in-law": N_("Mother-in-Law"),
    "crazy-neighbor": N_("Crazy Neighbor"),
    "fluffy-the-cat": N_("Fluffy the Cat"),
    "random-stranger": N_("Random Stranger"),
    "great-uncle-irwin": N_("Great Uncle Irwin"),
}
"""The five people on the Gift Lists, by id (worded with :func:`person_name`)."""

CARD_NAMES: dict[str, str] = {
    "red": N_("Red {number} ({person})"),
    "orange": N_("Orange {number} ({person})"),
    "yellow": N_("Yellow {number} ({person})"),
    "blue": N_("Blue {number} ({person})"),
    "green": N_("Green {number} ({person})"),
}
"""A gift card in a sentence, by colour: its number and the person its colour is for."""

CARD_WORDS: dict[str, str] = {
    "red": N_("red {number}"),
    "orange": N_("orange {number}"),
    "yellow": N_("yellow {number}"),
    "blue": N_("blue {number}"),
    "green": N_("green {number}"),
}
"""A gift card beside its code (``R7 red 7``): its colour and number, never the person."""


def person_name(person: str) -> str:
    """One of the five people (``mother-in-law``) by name, in the app's language."""
    return t(PEOPLE[person])


def describe_card(card: str) -> str:
    """A gift card in words, with the person its colour is for: ``'Red 10 (Mother-in-Law)'``."""
    colour = CARD_COLOUR[card]
    return t(CARD_NAMES[colour], number=CARD_NUMBER[card], person=person_name(PERSON_OF_COLOUR[colour]))


def card_words(card: str) -> str:
    """A gift card's colour and number in words (``'red 7'``): never the person, a list's secret."""
    return t(CARD_WORDS[CARD_COLOUR[card]], number=CARD_NUMBER[card])


def won_with(result: Mapping[str, Any], names: Sequence[str]) -> str:
    """Who won and with how many points (a result or a ``game_over`` event).

    >>> won_with({"scores": [6, 2, 6], "winners": [0, 2]}, ["Ana", "Ben", "Cy"])
    'Ana and Cy win with 6 points'
    """
    winners = result["winners"]
    points = result["scores"][winners[0]]
    if len(winners) == 1:
        return tn("{who} wins with {n} point", "{who} wins with {n} points", points, who=seat(names, winners[0]))
    who = and_list([seat(names, s) for s in winners])
    return tn("{who} win with {n} point", "{who} win with {n} points", points, who=who)


def describe(event: Mapping[str, Any], names: list[str]) -> str:
    """One public event of the game, in a sentence of the app's language (the log's line)."""
    kind = event["type"]

    def who(s: int) -> str:
        return seat(names, s)

    if kind == "deal":
        return tn(
            "Each player gets an attic of {n} gift card and a secret Gift List.",
            "Each player gets an attic of {n} gift cards and a secret Gift List.",
            event["attic"],
        )
    if kind == "party":
        return t(
            "Party {party} of {parties}: everyone brings a gift from their attic. {who} will open first.",
            party=event["party"],
            parties=event["parties"],
            who=who(event["first"]),
        )
    if kind == "bring":
        return t("{who} brought a wrapped gift to party {party}.", who=who(event["by"]), party=event["party"])
    if kind == "turn":
        return t("{who}'s turn.", who=who(event["seat"]))
    if kind == "open":
        card = describe_card(event["card"])
        if event["from"] == event["by"]:
            return t("{who} opened their own gift: {card}.", who=who(event["by"]), card=card)
        return t(
            "{who} opened the gift {owner} brought: {card}.", who=who(event["by"]), owner=who(event["from"]), card=card
        )
    if kind == "steal":
        return t(
            "{who} stole {owner}'s {card}.",
            who=who(event["by"]),
            owner=who(event["from"]),
            card=describe_card(event["card"]),
        )
    if kind == "party_end":
        # Translators: one seat and the gift it keeps at the end of a party ("Ana Red 7 (Mother-in-Law)").
        kept = ", ".join(t("{who} {card}", who=who(s), card=describe_card(c)) for s, c in enumerate(event["kept"]))
        return t("Party {party} is over. Everyone keeps their gift: {kept}.", party=event["party"], kept=kept)
    if kind == "game_over":
        lines = []
        for s, (people, cards) in enumerate(zip(event["lists"], event["best"], strict=True)):
            best = ", ".join(_best_card(p, c) for p, c in zip(people, cards, strict=True))
            # Translators: a seat's best card for each person on its list, and its score.
            lines.append(t("{who}: {cards} = {score}", who=who(s), cards=best, score=event["scores"][s]))
        return t("Game over: {won}. {lists}.", won=won_with(event, names), lists="; ".join(lines))
    return kind


def _best_card(person: str, card: str | None) -> str:
    """A seat's best card for a person on its list, at the end, or that it got none."""
    if card:
        return describe_card(card)
    # Translators: at the end, a person on a list for whom no card of their colour was received.
    return t("nothing for {person}", person=person_name(person))


def describe_move(move: Mapping[str, Any], view: Mapping[str, Any], names: list[str]) -> str:
    """A move the seat of ``view`` could make, in words (what a hint says to do)."""
    kind = move["type"]
    if kind == "bring":
        return t("bring {card}", card=describe_card(move["card"]))
    if kind == "open":
        if move["from"] == view["you"]:
            return t("open the gift you brought")
        return t("open the gift {owner} brought", owner=seat(names, move["from"]))
    owner = seat(names, move["from"])
    card = view["holding"][move["from"]]
    if card is None:
        return t("steal {owner}'s gift", owner=owner)
    return t("steal {owner}'s {card}", owner=owner, card=describe_card(card))


_FIELDS = string.Formatter()


def fill(sentence: str, /, **values: Text | str) -> Text:
    """A sentence worded with :func:`~yule.tui.words.t` and no values (its ``{values}`` left in
    place), its values put in as Rich texts that keep their styles (a card's badge, a bold
    name).  A value's grammatical form (``{who:de}``, :data:`~yule.tui.words.FORMS`) is worded
    around the value; a value the sentence names and ``values`` lacks is shown as written.

    >>> fill("Le cadeau {who:de} : {card}", who=Text("Ana", "bold"), card="R7").plain
    "Le cadeau d'Ana : R7"
    """
    out = Text()
    for literal_text, field, spec, _ in _FIELDS.parse(sentence):
        out.append(literal_text)
        if field is None:
            continue
        value = values.get(field)
        if value is None:
            out.append(f"{{{field}{':' + spec if spec else ''}}}")
            continue
        piece = value if isinstance(value, Text) else Text(value)
        form = FORMS.get(spec or "")
        if form is None:
            out.append_text(piece)
            continue
        worded = form(piece.plain)
        at = worded.find(piece.plain)
        out.append(worded[:at])
        out.append_text(piece)
        out.append(worded[at + len(piece.plain) :])
    return out
