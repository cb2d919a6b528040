"""The evening's scoreboard: who played what at the host and how it ended, per person.

**A person** is who someone is at the host, the same across its tables and its restarts: the
host gives each connection a person token in its ``welcome`` (:class:`PersonTokens`), which the
client keeps (per host and name, in its seat file: :mod:`.seatstore`) and presents in every
hello.  The host stores only the token's hash, with each seat its holder takes.  A seat keeps
the person who took it whoever holds it later: one resumed is the same person's, and so is one
taken over with a yes from the table (the table said it is them, on another device).  A seat
whose person the host does not know (an organiser-mode guest, typed in by the organiser; a seat
taken before hosts knew persons) is a person of its own: that seat.  A bot is its kind: every
bot of one kind is one line of the scoreboard, named as its level (``Normal Bot``).

**An evening** starts with the first game that ends at a host (or when ``yule evening --new``
starts one) and lasts until the next is started.  Each finished game's end is kept seat by seat
(a :class:`~yule.netplay.host.store.Result`: name as at the table, score, place, share of the win),
in the same step as the game's end, so it survives what the game's record survives; the
scoreboard's rows outlive the tables, which the host forgets later.

**The standings** (:func:`standings`) are one row a person: their name (the latest they played
under), games played, wins (a win shared by ``k`` counts ``1/k``), how often they came first,
second ..., and for each game its games, wins and points.  Each asker sees only the games whose
players' names they could see (:func:`seen_by`), like the lobby, which lists no names at a
private table to those not at it; the host's owner sees them all (:func:`every_game`).

    >>> from yule.netplay.host.store import Result
    >>> game = [Result(1, 1, "white-rabbit", 0, "a1", "Ana", None, 6, 1, 1.0, True, 10.0),
    ...         Result(1, 1, "white-rabbit", 1, None, "Normal Bot 2", "greedy", 4, 2, 0.0, True, 10.0)]
    >>> [(r["name"], r["games"], r["wins"], r["places"]) for r in standings(game, me="a1")]
    [('Ana', 1, 1.0, [1]), ('Normal Bot', 1, 0.0, [0, 1])]
    >>> [r["name"] for r in standings(game, bots=False)]
    ['Ana']
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import math
import secrets
from collections.abc import Callable, Collection, Iterable
from typing import Any

from ...core import Game, Outcome
from ...core.bots import bot_title
from ..frames import GameStanding, Standing, Standings
from .store import Result, Store

PERSON_SECRET = "person tokens"
"""The name of the host's secret that signs its person tokens (:meth:`~.store.Store.secret`)."""

PERSONS_FORGOTTEN = (
    "the person tokens given so far are not known any more (everyone is a new person at this host, and the "
    "evening's standings count each person's games so far apart from those to come)"
)
"""What a host forgets with a new :data:`PERSON_SECRET` (made when the stored one cannot be read)."""

STANDINGS_ROWS = 200
"""Rows a ``standings`` answer holds at most (the best first; ``total`` says how many there are)."""


class PersonTokens:
    """The person tokens of one host: each a random id and the host's signature of it, so the
    host knows its own tokens again (after a restart too) without keeping a list of them, and a
    client cannot choose one (a guessable token would let anyone be that person).

    >>> tokens = PersonTokens(b"k" * 32)
    >>> token = tokens.mint()
    >>> tokens.valid(token), tokens.valid(token[:-2] + "xx"), tokens.valid("anything")
    (True, False, False)
    """

    def __init__(self, key: bytes) -> None:
        self.key = key

    def _signature(self, number: str) -> str:
        mac = hmac.new(self.key, number.encode(), hashlib.sha256).digest()[:16]
        return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()

    def mint(self) -> str:
        """A new person token (45 characters)."""
        number = secrets.token_urlsafe(16)
        return f"{number}.{self._signature(number)}"

    def valid(self, token: str) -> bool:
        """True for a token this host minted."""
        number, dot, signature = token.partition(".")
        return bool(dot) and hmac.compare_digest(signature.encode(), self._signature(number).encode())


def game_results(
    game: Game[Any], outcome: Outcome, table: int, game_no: int, seats: list[tuple[str, str | None, str | None]],
    *, open: bool, ended: float,
) -> list[Result]:  # fmt: skip
    """How a finished game ended for each seat, ``seats`` being each seat's (name at the table,
    bot kind, person hash)."""
    places = outcome.places()
    return [
        Result(table, game_no, game.name, seat, person, name, bot, outcome.scores[seat] if game.scored else None,
               places[seat] if places else None, outcome.share(seat), open, ended)
        for seat, (name, bot, person) in enumerate(seats)
    ]  # fmt: skip


def every_game(game: list[Result]) -> bool:
    """Every game is for the eyes of the host's owner (:mod:`.owner`), private tables' too."""
    return True


def seen_by(person: str | None, tables: Collection[int]) -> Callable[[list[Result]], bool]:
    """Whether a game (its results) is for the eyes of ``person``, at ``tables`` now (seated,
    watching or running them): every game of a table that was open when it ended, and of a
    private table only those the asker could see the names of, as at the table: games of the
    tables they are at, and games they played in."""

    def sees(game: list[Result]) -> bool:
        first = game[0]
        return first.open or first.table in tables or (person is not None and any(r.person == person for r in game))

    return sees


def evening_standings(
    store: Store,
    *,
    sees: Callable[[list[Result]], bool] = lambda game: True,
    me: str | None = None,
    bots: bool = True,
    most: int | None = STANDINGS_ROWS,
) -> Standings:
    """The standings of the evening going on, as a ``standings`` frame holds them (its type
    aside): ``evening`` (its number, None before any game has ended), ``started``, ``bots``,
    ``total`` (rows in all) and ``rows`` (the ``most`` best; None: all), see :func:`standings`."""
    evening = store.evening()
    rows = [] if evening is None else standings(store.results(evening.id), sees=sees, me=me, bots=bots)
    return Standings(evening=evening.id if evening else None, started=evening.started if evening else None,
                     bots=bots, total=len(rows), rows=rows if most is None else rows[:most])  # fmt: skip


def standings(
    results: Iterable[Result],
    *,
    sees: Callable[[list[Result]], bool] = lambda game: True,
    me: str | None = None,
    bots: bool = True,
) -> list[Standing]:
    """The standings of these results (an evening's, in the order the games ended): one row a
    person, or a bot kind (unless ``bots`` is false), from the games ``sees`` lets through.

    Each row: ``name`` (the latest they played under; a bot kind's level), ``bot`` (the kind, or
    None), ``you`` (the row of person ``me``), ``games``, ``wins`` (shares added up), ``places``
    (how many times they came first, second ...: ``places[0]`` first), and ``by_game``: for each
    game (in the order first played) its ``game``, ``games``, ``wins`` and ``points`` (None for a
    game without scores).  The rows go by wins, then by the average place, then by name.
    """
    games: dict[tuple[int, int], list[Result]] = {}
    for result in results:
        games.setdefault((result.table, result.game_no), []).append(result)
    rows: dict[tuple[Any, ...], Standing] = {}
    for game in games.values():
        if not sees(game):
            continue
        for r in game:
            if r.bot is not None and not bots:
                continue
            key = (
                ("bot", r.bot) if r.bot is not None else ("person", r.person) if r.person else ("seat", r.table, r.seat)
            )
            row = rows.setdefault(key, Standing(name="", bot=r.bot, you=False, games=0, wins=0.0, places=[],
                                                by_game=[]))  # fmt: skip
            row["name"] = f"{bot_title(r.bot)} Bot" if r.bot is not None else r.name
            row["you"] = me is not None and r.person == me
            row["games"] += 1
            row["wins"] += r.share
            if r.place is not None:
                places = row["places"]
                places.extend([0] * (r.place - len(places)))
                places[r.place - 1] += 1
            each = next((each for each in row["by_game"] if each["game"] == r.game), None)
            if each is None:
                each = GameStanding(game=r.game, games=0, wins=0.0, points=None)
                row["by_game"].append(each)
            each["games"] += 1
            each["wins"] += r.share
            if r.score is not None:
                each["points"] = (each["points"] or 0) + r.score
    out = list(rows.values())
    for row in out:
        row["wins"] = round(row["wins"], 4)
        for each in row["by_game"]:
            each["wins"] = round(each["wins"], 4)
    out.sort(key=lambda row: (-row["wins"], average_place(row["places"]), row["name"].casefold()))
    return out


def average_place(places: list[int]) -> float:
    """The average of the places counted in ``places`` (``places[0]``: firsts); infinite without any.

    >>> average_place([1, 0, 1]), average_place([])
    (2.0, inf)
    """
    counted = sum(places)
    return sum(n * (i + 1) for i, n in enumerate(places)) / counted if counted else math.inf
