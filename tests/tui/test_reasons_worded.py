"""The rules' refusals worded on the client, in the player's language (:mod:`yule.tui.refusals`).

- Every template of every game's table (:attr:`yule.core.base.Game.reasons`) is worded in
  English as the rules word it, and in French, German and the pseudo-locale from the catalogue
  (the catalogues with the translators' parts taken in, as ``catalogue update`` takes them):
  every spec and conversion it names has its words here, every translation fits its facts.
- A move the host refuses reaches a French player in French (``illegal``: the rules' kind and
  facts), seats by their players' names, and so does a reason a view's ``actions`` give; a kind
  the client does not know is said in the host's English.
"""

from __future__ import annotations

import string
from typing import Any

import pytest

from yule.core.base import Game
from yule.core.reasons import english
from yule.core.registry import all_games
from yule.core.white_elephant.reasons import REASONS as WHITE_ELEPHANT
from yule.core.white_elephant.state import NoTarget
from yule.netplay.client import Client, HostError
from yule.netplay.refusal import RequestError
from yule.tui.refusals import action_reason, rules_reason, rules_words, said
from yule.tui.words import set_language

NAMES = ["Ana", "Ben", "Cy", "Max"]

SAMPLES: dict[str, Any] = {
    "seat": 1,
    "no": 2,
    "heading": "NE",
    "need": "seat",
    "rabbit_card": "grey-5",
    "~time": 2,
    "~steal": 1,
}
"""A fact for each spec of the templates."""

CONVERTED: dict[str, Any] = {"j": ["label", "wrapping"], "o": [[3, 4], [3, 5]], "r": "Take(by=0)"}
"""A fact for each conversion of the templates (``!t`` is the game's name)."""


def sample(game: Game[Any], template: str) -> dict[str, Any]:
    """Facts for every value ``template`` names."""
    facts: dict[str, Any] = {}
    for _, name, spec, conversion in string.Formatter().parse(template):
        if not name:
            continue
        if "[" in name:
            facts[name.split("[")[0]] = ["N", "E"]
        elif conversion == "t":
            facts[name] = game.name
        elif conversion in CONVERTED:
            facts[name] = CONVERTED[conversion]
        else:
            facts[name] = SAMPLES.get(spec or "", 7)
    return facts


@pytest.mark.parametrize("language", ["en", "fr", "de", "qps"])
def test_every_template_of_every_game_is_worded(language):
    set_language(language)
    for game in all_games():
        for kind, template in game.reasons.items():
            facts = sample(game, template)
            said = rules_words(game.name, {"kind": kind, **facts}, NAMES)
            assert said is not None and "{" not in said, (game.name, kind, said)
            plain = english(template, facts)
            if language == "en":
                assert said == plain.replace("Seat 2", "Ben"), (game.name, kind)
            else:
                assert said != plain, f"{language}: {game.name} {kind} is said in English: {said!r}"


def test_a_reason_of_the_view_is_worded_in_french():
    set_language("fr")
    view = {"game": "white-rabbit", "actions": {"roll": {"kind": "rolled"}, "move": None}}
    assert action_reason(view, "roll", NAMES) == "Tu as déjà lancé le dé."
    assert action_reason(view, "move", NAMES) is None
    assert rules_reason("white-elephant", {"kind": "no_gifts", "seat": 1}, NAMES) == (
        "Ben n'a pas de cadeaux devant soi contre lesquels échanger."
    )
    assert rules_reason("white-rabbit", {"kind": "not_face_up", "seat": 0, "card": "grey-5"}, NAMES) == (
        "Ana n'a pas le 5 gris face visible."
    )
    assert rules_reason("elf", {"kind": "continue", "heading": "W"}) == (
        "Buddy va vers O : la carte doit continuer vers O."
    )
    set_language("de")
    assert rules_reason("gift-exchange", {"kind": "steal_cap", "most": 2}) == (
        "In diesem Zug wird nicht mehr gestohlen (schon 2-mal): Pack ein Geschenk aus."
    )
    assert rules_reason("white-rabbit", {"kind": "a_newer_hosts_kind"}) == "Das geht gerade nicht."
    assert rules_reason("white-rabbit", "An older host's English.") == "An older host's English."


def test_a_refusal_the_host_sends_names_the_seat_by_its_player():
    refused = RequestError.ruled("illegal", NoTarget(WHITE_ELEPHANT, "no_gifts", seat=1))
    error = HostError(refused.code, refused.message, refused.params)
    set_language("fr")
    assert said(error, "white-elephant", NAMES) == "Ben n'a pas de cadeaux devant soi contre lesquels échanger."
    assert said(error) == "Seat 2 has no gifts in front of them to trade for."  # no game: the host's English
    unknown = HostError("illegal", "The host's own words.", {"kind": "a_newer_hosts_kind"})
    assert said(unknown, "white-elephant", NAMES) == "The host's own words."


async def test_a_french_player_reads_an_illegal_move_in_french(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        party = (await ana.create_table("gift-list", 3, bot_delay=30))["table"]  # everyone brings at once
        await ana.fill_bots(party)
        await ana.start(party)
        async for frame in ana:  # the view that lets Ana bring
            if frame["type"] == "view" and frame["table"] == party and "actions" in frame["view"]:
                break
        with pytest.raises(HostError) as refused:
            await ana.move(party, {"type": "bring", "card": "not-a-card"})
        with pytest.raises(HostError) as early:
            await ana.move(party, {"type": "steal", "from": 1})
    set_language("fr")
    assert said(refused.value, "gift-list", NAMES) == "Cette carte n'est pas dans ton grenier."
    assert said(early.value, "gift-list", NAMES) == "Attends que tout le monde ait apporté un cadeau."
    set_language("de")
    assert said(early.value, "gift-list", NAMES) == "Warte, bis alle ein Geschenk mitgebracht haben."
