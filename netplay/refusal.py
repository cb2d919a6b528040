"""A request the host refuses, and why: as data, and in English.

Every part of the host that checks a request (:mod:`.table`, :mod:`.audience`, :mod:`.usher`,
:mod:`.turns`, :mod:`.door`, :mod:`.lobby` ...) refuses it by raising :class:`RequestError`
with a stable ``code`` and named ``params``: the facts a client words the refusal from, in its
player's language.  Where one code means several things, the ``reason`` param says which.  The
host answers the connection with an error frame of the code, the params and the English
``message`` (kept for clients that show the host's words), and changes nothing.

:data:`WORDING` is the one place the host's refusals are worded in English, each once: a
template per code (or per reason of a code) that names every param the refusal carries but its
``reason`` and, where it names the player of a seat, that ``seat`` (:func:`params_of` says which
a refusal carries; ``tests/netplay/test_netplay_refusals.py`` reads every raise in the source
against it).  A move the rules refuse (``illegal``), and options they refuse (``bad_options`` with
reason ``rules``), are worded by the rules instead: the params are the rules error's ``kind``
and facts (:class:`~yule.core.base.RulesError`), the message its reason.

    >>> e = RequestError("bad_seat", reason="range", seats=4)
    >>> e.code, e.params, e.message
    ('bad_seat', {'reason': 'range', 'seats': 4}, 'This table has seats 0 to 3.')
    >>> RequestError("removed", name="Ana", minutes=1).message
    'Ana freed your seat at this table: you may sit here again in 1 minute, or ask them.'

No param, like no word of a message, may depend on anything the refused connection may not
know (a facedown card, another seat's hand): two games that differ only in such things get the
same answer, params and all (``tests/netplay/test_netplay_probing.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.base import Fact, RulesError
from ..core.reasons import English

Param = Fact
"""A refusal's param: what msgpack sends as it is (text, a number, true or false, nil, a list)."""

RULES = None
"""A :data:`WORDING` entry the rules word (the message is the rules error's reason)."""

WORDING: dict[str, str | dict[str, str | None] | None] = {
    # -- frames and the hello ------------------------------------------------------------------------
    "bad_msgpack": "The frame is not valid msgpack.",
    "not_a_map": "A frame must hold one msgpack map with a 'type'.",
    "too_large": "Frames are limited to {most} bytes (this one says {size}).",
    "half_frame": "A frame started but did not finish in time.",
    "silent": "Nothing was heard on this connection for too long.",
    "flood": "Too many frames: slow down. Closing.",
    "too_many_errors": "Too many invalid frames; closing.",
    "invalid": {
        "no_type": "A message needs a 'type' string.",
        "unknown_type": "Unknown message type {type!r}.",
        "field": "{field}: {detail}",
        "message": "{detail}",
    },
    "hello_first": "The first message must be 'hello' with the protocol version.",
    "hello_twice": "You have already said hello.",
    "version": "This host speaks Yule protocol {version}, not {asked}: update Yule.",
    "bad_name": {
        "no_letter": "A name needs at least one letter or digit.",
        "bot": "{name} reads as the name of one of the host's bots (like Hard Bot 2, or any name with (bot) in "
        "it): choose another name.",
    },
    "seated": "You sit at table {table} as {name}: leave that table to play under another name.",
    # -- the host's room ----------------------------------------------------------------------------
    "host_full": {
        "connections": "This host is full: it holds {most} connections already. Try again in a while.",
        "address": "Too many connections from your address ({most}): close some and try again.",
        "full": "This host is full: try again in a while.",
        "crowded": "This host is full, and a connection from an address with fewer waiting needed your slot: "
        "try again in a while.",
        "time_up": "This host is full: a connection let in beyond its limits has {seconds:g} seconds to take a "
        "seat back (resume), and that time is up.",
        "made_way": "This host is full, and a player needed a slot to take their seat back: this connection, at "
        "no table, was closed. Try again in a while.",
        "tables": "This host has too many tables.",
    },
    "too_many_tables": {
        "connection": "You have created {made} tables, the most one connection may create here.",
        "address": "{made} tables made from your address are here already, the most one address may have: play "
        "at one of them, or wait for one to end.",
    },
    "too_many_watches": {
        "connection": "You are watching {watching} tables, the most one connection may: stop watching one first.",
        "address": "Too many tables are watched from your address: stop watching some first.",
    },
    "too_many_guesses": "Too many wrong join codes from your address: wait a minute, then check the code with "
    "whoever made the table.",
    "list_flood": "Too many lobby lists (or standings) are asked for from your address: wait a few seconds, then "
    "ask again.",
    "reclaim_flood": "You have asked for seats too often: wait a minute, then try again.",
    "internal": "The host could not do that.",
    "not_saved": {
        "request": "The host could not save that, so it did not happen: try again (if it keeps failing, its disk "
        "may be full).",
        "bots": "The host cannot save the bots' moves just now (its disk may be full); it keeps trying.",
    },
    # -- finding a table and a seat -------------------------------------------------------------------
    "no_table": {
        "id": "There is no table {table}.",
        "unnamed": "Name a table or give its join code.",
    },
    "bad_code": {
        "private": "This table is private: ask its creator for the join code.",
        "unknown": "No table here has that join code.",
    },
    "bad_token": {
        "seat": "That seat token is not known here.",
        "owner": "That owner token is not this host's.",
        "organiser": "That organiser token is not known here.",
    },
    "seat_moved": "Your seat at table {table} was taken back on another device, and it plays there now.",
    "replaced": "Your seat was taken back by another connection.",
    "bad_seat": {
        "range": "This table has seats 0 to {seats!l}.",
        "not_player": "That seat is not a player's.",
        "own": "That is your own seat.",
        "own_leave": "That is your own seat: leave the table instead.",
        "bot": "{name} is a bot: only a person's seat can be taken back.",
        "guest": "The organiser plays for {name}: that seat cannot be taken.",
        "no_bot": "There is no bot in that seat.",
        "no_person": "There is no player in that seat.",
    },
    "seat_taken": "That seat is taken.",
    "table_full": "Every seat at this table is taken.",
    "already_seated": {
        "here": "You already have a seat at this table.",
        "other_seat": "You already have another seat at this table.",
    },
    "removed": "{name} freed your seat at this table: you may sit here again in {minutes:~minute}, or ask them.",
    "not_seated": {
        "move": "You have no seat at this table.",
        "nudge": "Only the players at this table can nudge one of them.",
    },
    # -- taking over the seat of someone away ---------------------------------------------------------
    "no_player": {
        "called": "No one at this table is called {name}.",
        "unnamed": "No one at this table is called that.",
    },
    "not_away": {
        "reclaim": "{name} is at the table: only the seat of someone away can be taken back.",
        "present": "{name} is at the table.",
        "stand_in": "A bot is playing for {name} already.",
    },
    "already_asking": {
        "you": "You have asked for a seat here already: wait for the answer.",
        "address": "Someone at your address is asking for a seat here already: wait for the answer.",
    },
    "asked_lately": "The table said no to that a moment ago: ask again in {minutes:g} minutes, or ask someone there.",
    "busy_door": "Many people are asking for seats here right now: try again in a minute.",
    "no_request": "That request has been answered already.",
    # -- running a table --------------------------------------------------------------------------
    "forbidden": {
        "run_by": "{name} runs this table: ask them.",
        "runners": "Only the table's organiser and its players may do that.",
        "answer": "Only the other people at this table answer a request for one of its seats.",
        "organiser_moves": "Only the organiser of an organiser-mode table moves for a seat.",
        "organiser_mends": "Only the organiser of an organiser-mode table adds a guest, skips a turn or fixes a label.",
        "undo": "Only the table's organiser may undo.",
        "creator": "{name} created this table: their seat is theirs to leave.",
    },
    "bad_game": "unknown game {game!r} (known: {games!j})",
    "bad_options": {
        "rules": RULES,
        "players": "{game!t} is for {least} to {most} players, not {seats}.",
        "turn": "A turn timer gives each move at least {shortest:g} seconds.",
        "organised_sit": "An organised table seats its guests, not its organiser: create it without sitting (sit "
        "false).",
        "guests_unorganised": "Guests are seated at creation in organiser mode only.",
        "guest_count": "Name each of the {seats} guests ({given} names given).",
        "guest_unnamed": "Every guest needs a name with a letter or a digit.",
        "guest_bot": "{name} reads as the name of one of the host's bots (like Hard Bot 2, or any name with (bot) "
        "in it): choose another name.",
        "guests_alike": "Two guests are called {name}: give each a different name.",
    },
    "bad_guest": {  # a latecomer the organiser adds (netplay/host/mending.py)
        "unnamed": "A latecomer needs a name with a letter or a digit.",
        "bot": "{name} reads as the name of one of the host's bots: choose another name.",
        "alike": "There is already a guest called {name}: give the latecomer another name.",
    },
    "no_organiser_mode": "{game!t} hides cards from the players, so one terminal may not move for every seat: each "
    "player joins from their own terminal.",
    "bad_bot": "{game!t} bots: {bots!j}.",
    "playing": {
        "started": "The game has already started.",
        "join": "This game has started; you can watch it.",
        "add_bot": "Bots are seated before the game starts.",
        "remove_bot": "Bots leave once the game is over.",
        "remove_seat": "A player's seat can be freed before the game starts, not during it.",
    },
    "seats_empty": "Every seat needs a player or a bot first.",
    "not_over": "Play again once this game is over.",
    "not_playing": {
        "idle": "The game is not being played.",
        "over": "The game is over.",
        "undo": "The game has not started: there is nothing to undo.",
    },
    "no_undo": {
        "game": "{game!t} has no undo.",
        "none": "There is nothing left to undo.",
    },
    # -- moves and the turn -----------------------------------------------------------------------
    "not_your_turn": "It is not your turn.",
    "stale": "The game has moved on (seq is {seq}).",
    "illegal": RULES,
    "bots_stuck": "The bots cannot find a move for {name}: this game cannot go on.",
    "not_waiting": {
        "not_moving": "The table is not waiting for {name}.",
        "stand_in": "A bot is playing for {name} already.",
        "away": "{name} is away: a bot will play for them.",
    },
    "too_soon": {
        "early": "{name}'s move began {waited} seconds ago: give them a moment (after {after:g} seconds you can).",
        "nudged": "{name} was nudged a moment ago.",
    },
    # -- a paused table -------------------------------------------------------------------------
    "paused": "{name} paused this table: nothing moves until it is resumed.",
    "not_paused": "This table is not paused.",
    "pause_who": {
        "creator": "{name} created this table: ask them to pause or resume it.",
        "seated": "Only the people seated at this table may ask to pause or resume it.",
    },
    "vote_running": "{name} has asked already: answer that question first.",
    "vote_lately": "The table said no a moment ago: you may ask again in {seconds} s.",
    "no_vote": {
        "over": "That question has been answered already.",
        "voter": "Only the other people seated here answer that question.",
    },
    # -- chat -----------------------------------------------------------------------------------
    "not_at_table": "Join or watch this table to chat there.",
    "chat_flood": {
        "you": "You are chatting too fast: wait a moment, then say it again.",
        "table": "This table's chat is going too fast: wait a moment, then say it again.",
    },
    "empty_chat": "There is nothing to say in that line.",
    # -- house rules kept on the host (:mod:`.housesets`) ---------------------------------------------
    "bad_set_name": {
        "no_letter": "A name for house rules needs at least one letter or digit.",
        "long": "A name for house rules has at most {most} characters.",
        "control": "A name for house rules cannot hold control characters.",
    },
    "set_exists": "There are house rules called {name} already: replace them, or choose another name.",
    "no_set": "There are no house rules called {name} for this game.",
    "too_many_sets": {
        "game": "This host keeps {most} sets of house rules for this game: delete one first.",
        "host": "This host keeps {most} sets of house rules in all: delete one first.",
    },
    "set_too_large": "These house rules are too large to keep ({most} bytes at most).",
    "set_flood": "House rules are being saved too fast from your address: wait a moment, then try again.",
    # -- reactions -------------------------------------------------------------------------------
    "react_not_at_table": "Join or watch this table to react there.",
    "react_flood": "You are sending reactions too fast: wait a moment, then send it again.",
    # -- a helper beside a seat -------------------------------------------------------------------
    "help_refused": {
        "seated_here": "You play at this table: you cannot help another seat here.",
        "away": "{name} is away: only a player at the table can say yes to a helper.",
        "answer": "Only the player of that seat answers who may help them.",
        "helping": "You are helping someone at this table already.",
        "not_helping": "You are not helping anyone at this table.",
    },
    "help_busy": {
        "asked": "Someone is asking to help {name} already: wait a moment.",
        "helped": "{helper} is helping {name} already.",
    },
    "help_flood": {
        "ask": "You have asked to help too often: wait a minute, then try again.",
        "suggest": "You are suggesting too fast: wait a moment.",
    },
}
"""Each refusal code the host sends -> its English template, or a template per ``reason``
(``None``: the rules word it).  A template is a :meth:`str.format` string over the params, with
``{game!t}`` a game's title from its record name, ``{bots!j}`` a list joined with commas,
``{seats!l}`` the last of that many seats (counted from 0) and ``{minutes:~minute}`` a count with
its word, in the plural but for one."""


OF_A_SEAT: frozenset[tuple[str, str | None]] = frozenset({
    ("bots_stuck", None), ("bad_seat", "bot"), ("bad_seat", "guest"), ("forbidden", "creator"),
    ("not_away", "reclaim"), ("not_away", "present"), ("not_away", "stand_in"),
    ("not_waiting", "not_moving"), ("not_waiting", "stand_in"), ("not_waiting", "away"),
    ("too_soon", "early"), ("too_soon", "nudged"),
    ("help_refused", "away"), ("help_busy", "asked"), ("help_busy", "helped"),
})  # fmt: skip
"""The refusals (code, reason) whose ``name`` is the player of a seat at the table: they carry
that ``seat`` too, which their English does not say, so that a client finds the seat in table
info (a bot's name is its level and number there: "Normal Bot 3")."""


class _Wording(English):
    """The rules' English formatter (:class:`yule.core.reasons.English`: ``{game!t}``,
    ``{bots!j}``, ``{minutes:~minute}``) with ``{seats!l}``, the last of that many seats."""

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "l":
            return value - 1
        return super().convert_field(value, conversion)


_WORDING = _Wording()


def template(code: str, reason: Param = None) -> str | None:
    """The English template of ``code`` (of its ``reason``, when the code has several); ``None``
    when the rules word it.  ``KeyError`` for a code or reason the host does not send."""
    words = WORDING[code]
    if isinstance(words, dict):
        if not isinstance(reason, str):
            raise KeyError(f"{code} needs a reason, one of {', '.join(words)}")
        return words[reason]
    return words


def needs(words: str) -> set[str]:
    """The params a template names.

    >>> sorted(needs("{name}'s move began {waited} seconds ago (after {after:g} seconds)"))
    ['after', 'name', 'waited']
    """
    return {field for _, field, _, _ in _WORDING.parse(words) if field}


def params_of(code: str, reason: str | None = None) -> set[str]:
    """The params a refusal carries: those its template names, ``reason`` where the code has
    several, and the ``seat`` of a player it names (:data:`OF_A_SEAT`); for one the rules word,
    ``reason`` alone (the rules' kind and facts come beside it).

    >>> sorted(params_of("bad_seat", "bot")), sorted(params_of("stale"))
    (['name', 'reason', 'seat'], ['seq'])
    """
    words = template(code, reason)
    out = set() if words is None else needs(words)
    if reason is not None:
        out.add("reason")
    if (code, reason) in OF_A_SEAT:
        out.add("seat")
    return out


def wording(code: str, params: Mapping[str, Param]) -> str:
    """A refusal in English, from its code and params (see :data:`WORDING`)."""
    words = template(code, params.get("reason"))
    if words is None:
        raise ValueError(f"the rules word {code}: see RequestError.ruled")
    return _WORDING.vformat(words, (), params)


class RequestError(Exception):
    """A request the host refuses: ``code`` is stable, ``params`` its facts (each a
    :data:`Param`, named as :data:`WORDING`'s template for it names them, with ``reason`` where
    the code has several), ``message`` the English words of :data:`WORDING`."""

    def __init__(self, code: str, /, **params: Param) -> None:
        self.code = code
        self.params: dict[str, Param] = params
        self.message = wording(code, params)
        super().__init__(self.message)

    @classmethod
    def ruled(cls, code: str, error: RulesError, **params: Param) -> RequestError:
        """The refusal ``code`` (``illegal``; ``bad_options`` with ``reason="rules"``) of what
        the rules refuse with ``error``: its params are the error's ``kind`` and facts, its
        message the error's reason."""
        if template(code, params.get("reason")) is not RULES:
            raise ValueError(f"{code} is worded by the host, not by the rules")
        refusal = cls.__new__(cls)
        refusal.code = code
        refusal.params = {**params, "kind": error.kind, **error.facts}
        refusal.message = str(error)
        Exception.__init__(refusal, refusal.message)
        return refusal


ENDS: dict[str, str] = {
    "no": "{by} said no: {name}'s seat stays as it is.",
    "held": "{by} said yes: {asker} gets {name}'s seat in {seconds} seconds, unless {name} is back first.",
    "yes": "{by} let {asker} take {name}'s seat.",
    "came_back device": "{name} came back on their own device.",
    "came_back granted": "{name} is back at the table.",
    "withdrawn": "{asker} no longer asks for {name}'s seat.",
    "closed table": "This table has closed.",
    "closed seat": "{name}'s seat cannot be taken now.",
    "expired": "Nobody who may answer said yes in time.",
}
"""How a request for a seat ended, in English, by its ``outcome`` (and ``detail``): the
templates of ``reclaim_refused``'s and ``reclaim_over``'s ``message``; a client words the same
data in its reader's language (``by`` nil: the host's owner)."""


def ended_words(ended: Mapping[str, Any], owner: str = "the host's owner") -> str:
    """A request's end in English (a frame's ``message``), from its data."""
    key = f"{ended['outcome']} {ended['detail']}" if ended.get("detail") else ended["outcome"]
    return ENDS[key].format_map({**ended, "by": ended.get("by") or owner})
