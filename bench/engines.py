"""The rules engines against naive implementations of the same rules, in one interleaved run.

For each of the five games this file holds a deliberately naive, independent implementation
of its rules: moves are record-form dicts, every rule is checked by scanning the position,
lists are copied freely, and none of it calls the engine (only the rulebook's data is
shared: card ids, suits, the board's tokens, the card shapes).  Two paths are timed, each
game and each implementation in turn, round after round, so that the load of the machine
falls alike on both:

* **replay**: every move of a set of records checked and played (the engine:
  ``parse_record_move`` and ``play``, as ``yule verify`` does; the naive one: its own check
  and play of the dict).
* **playout**: whole games of random moves from the start (one ``clone`` first, as a
  search iteration makes): the seat's legal moves listed (``legal_moves``), one of them
  played at random (``play``), chance drawn (``chance_move``).  Each way draws its games from
  one generator a run, seeded alike (seeding one a game would add the same cost to both).

Neither way tells what happened: the engine plays with ``play``, which makes no events (as
``yule verify`` and the search's playouts do; ``apply`` is ``play`` with the events), and the
naive rules make none.  What the engine does and the naive one does not: it reads each record
move into a move value (``parse_record_move``) where the naive rules read the dict as it is,
and it keeps what its views and options need (Gift Exchange's house options, White Elephant's
handles and who saw which Surprise Gift).

The ratios are the naive implementation's time over the engine's (above 1: the engine is
faster), times being the CPU time this process spends (another process on a busy machine
then counts less).  The naive code doubles as an independent check of the engine, made before timing:
every random game the engine plays replays under the naive rules to the same result and
under ``yule verify``, at every position of it both list the same legal moves, and every
random game the naive rules play replays under the engine.

``--instructions`` counts instead of timing: each path of each way runs in a process of its own
under ``valgrind --tool=callgrind``, once and three times, and the difference of the two counts
over two is the instructions of one run (the start of the process, the imports and the records
made for the replay cancel out).  Counts do not depend on the load of the machine.

The engines measured are those installed: ``pip install .`` compiles White Elephant's, Gift
Exchange's and White Rabbit's (``setup.py``), an editable install runs them all in Python.  The
rates printed say which.

Run by hand from the repository root::

    python bench/engines.py                  # 5 rounds
    python bench/engines.py --rounds 9 --only elf
    python bench/engines.py --instructions --scale 0.25   # needs valgrind; some minutes
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections.abc import Callable
from functools import partial
from itertools import combinations
from typing import Any

from yule.core import CHANCE
from yule.core.base import Game
from yule.core.elf.board import GOALS as ELF_GOALS
from yule.core.elf.board import SLOT_VALUES, TOKENS
from yule.core.elf.cards import CARD_IDS as ELF_CARDS
from yule.core.elf.cards import SHAPES
from yule.core.gift_exchange.options import DEFAULT_OPTIONS as EXCHANGE_OPTIONS
from yule.core.gift_exchange.text import LABEL_MAX, SILLY_GIFTS, WRAPPING_MAX, WRAPPINGS
from yule.core.gift_list.cards import ATTIC_SIZE, COLOUR_OF_PERSON, GIFT_LISTS, PEOPLE
from yule.core.gift_list.cards import DECK as GIFT_DECK
from yule.core.records import FORMAT, verify_record
from yule.core.registry import get_game
from yule.core.white_elephant.cards import DEAL, PEANUTS, REMOVED, SUITS
from yule.core.white_rabbit.cards import RABBIT_CARDS

GAMES = {"white-elephant": 5, "gift-list": 5, "elf": 4, "white-rabbit": 4, "gift-exchange": 8}
"""The games and the seats each is measured at (those of issue 25's table)."""

GAME_COUNT = {"white-elephant": 60, "gift-list": 60, "elf": 60, "white-rabbit": 40, "gift-exchange": 150}
"""Games a round for each game: a round of each path takes some tenths of a second."""


class Refused(Exception):
    """A move the naive rules refuse."""


def refuse_unless(condition: object, why: str) -> None:
    if not condition:
        raise Refused(why)


class Naive:
    """What every naive implementation offers the bench."""

    over = False

    def mover(self) -> int | str:
        """The seat to move (the first of several), or ``"chance"``."""
        raise NotImplementedError

    def moves(self, seat: int) -> list[dict[str, Any]]:
        """Every legal move of ``seat`` (the engine's stand-ins where it lists stand-ins)."""
        raise NotImplementedError

    def chance(self, rng: random.Random) -> dict[str, Any]:
        raise NotImplementedError

    def play(self, move: dict[str, Any]) -> None:
        """Check the record-form ``move`` against every rule, then play it; :class:`Refused`."""
        raise NotImplementedError

    def clone(self) -> Naive:
        raise NotImplementedError

    def result(self) -> tuple[list[int], list[int]]:
        """Scores and winners."""
        raise NotImplementedError


def copy_state(state: Naive) -> Naive:
    """A copy of a naive state: every list and dict copied, one level deep and the next."""
    new = object.__new__(type(state))
    for key, value in vars(state).items():
        if isinstance(value, list):
            value = [list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v for v in value]
        elif isinstance(value, dict):
            value = {k: list(v) if isinstance(v, list) else v for k, v in value.items()}
        setattr(new, key, value)
    return new


def changed(items: list[Any], index: int, value: Any) -> list[Any]:
    """A copy of ``items`` with ``items[index]`` replaced."""
    return [value if i == index else item for i, item in enumerate(items)]


def best_wins(scores: list[int], lowest: bool = False) -> list[int]:
    best = min(scores) if lowest else max(scores)
    return [s for s in range(len(scores)) if scores[s] == best]


# -- White Elephant ----------------------------------------------------------------------------


class NaiveWhiteElephant(Naive):
    def __init__(self, players: int) -> None:
        self.n = players
        self.suits = [s for s in SUITS if s not in REMOVED[players]]
        self.full_deck = [f"{s}-{k}" for s in self.suits for k in range(SUITS[s])]
        self.deck: list[str] = []
        self.exchange: list[str] = []
        self.front: list[list[str]] = [[] for _ in range(players)]
        self.shelf: list[list[str]] = [[] for _ in range(players)]
        self.peanuts = [1] * players
        self.down: list[str] = []  # facedown cards in play, in the order dealt
        self.nuts: dict[str, int] = {}  # Peanuts on each of them
        self.known: list[list[str]] = [[] for _ in range(players)]
        self.pot = 0
        self.supply = PEANUTS - players
        self.start = -1
        self.turn = -1
        self.phase = "shuffle"
        self.final = False
        self.scores: list[int] = []

    def mover(self) -> int | str:
        return self.turn if self.phase in ("main", "after") else CHANCE

    def chance(self, rng: random.Random) -> dict[str, Any]:
        if self.phase == "shuffle":
            deck = list(self.full_deck)
            rng.shuffle(deck)
            return {"by": CHANCE, "type": "shuffle", "deck": deck}
        return {"by": CHANCE, "type": "start", "seat": rng.randrange(self.n)}

    def can_pay(self, seat: int) -> bool:
        return self.peanuts[seat] >= 1

    def moves(self, seat: int) -> list[dict[str, Any]]:
        if self.phase not in ("main", "after") or seat != self.turn:
            return []
        out: list[dict[str, Any]] = []
        if self.can_pay(seat):
            out += [{"by": seat, "type": "peek", "card": c} for c in self.down if c not in self.known[seat]]
        if self.phase == "after":
            return out + [{"by": seat, "type": "end"}]
        ex = self.exchange

        # Surprise Gifts the seat has not seen, with as many Peanuts, are alike: a take names the first ones.
        kind = {c: f"surprise {self.nuts[c]}" if c in self.down and c not in self.known[seat] else c for c in ex}
        picks: list[tuple[str, ...]] = []
        seen: set[tuple[str, ...]] = set()
        for size in (2, 3):
            for combo in combinations(ex, size):
                wanted = sorted(kind[c] for c in combo)
                if tuple(wanted) in seen:
                    continue
                seen.add(tuple(wanted))
                pick = []
                for card in ex:
                    if kind[card] in wanted:
                        wanted.remove(kind[card])
                        pick.append(card)
                picks.append(tuple(pick))
        if len(ex) > 3:
            picks.append(tuple(ex))
        out += [{"by": seat, "type": "take", "cards": list(p)} for p in picks]
        if self.can_pay(seat):
            out += [{"by": seat, "type": "trade", "target": t} for t in range(self.n) if t != seat and self.front[t]]
        return out + [{"by": seat, "type": "clear"}]

    def play(self, move: dict[str, Any]) -> None:
        kind, by = move["type"], move["by"]
        refuse_unless(self.phase != "over", "over")
        if kind == "shuffle":
            refuse_unless(by == CHANCE and self.phase == "shuffle", "not now")
            refuse_unless(sorted(move["deck"]) == sorted(self.full_deck), "not the deck")
            self.deck = list(move["deck"])
            self.phase = "start"
            return
        if kind == "start":
            refuse_unless(by == CHANCE and self.phase == "start", "not now")
            refuse_unless(move["seat"] in range(self.n), "no seat")
            self.start = move["seat"]
            self.new_round()
            return
        refuse_unless(self.phase in ("main", "after") and by == self.turn, "not your turn")
        if kind == "peek":
            card = move["card"]
            refuse_unless(self.can_pay(by), "no Peanut")
            refuse_unless(card in self.down and card not in self.known[by], "not peekable")
            self.peanuts[by] -= 1
            self.pot += 1
            self.known[by] = self.known[by] + [card]
            return
        if kind == "end":
            refuse_unless(self.phase == "after", "main action first")
            for step in range(1, self.n + 1):
                if not self.front[(self.turn + step) % self.n]:
                    self.turn = (self.turn + step) % self.n
                    break
            self.phase = "main"
            return
        refuse_unless(self.phase == "main", "main action made")
        cleared = False
        if kind == "take":
            cards = move["cards"]
            refuse_unless(len(self.exchange) >= 2 and len(cards) >= 2, "too few")
            refuse_unless(all(cards.count(c) == 1 and c in self.exchange for c in cards), "not in the exchange")
            self.exchange = [c for c in self.exchange if c not in cards]
            self.front[by] = self.front[by] + list(cards)
        elif kind == "trade":
            target = move["target"]
            refuse_unless(self.can_pay(by), "no Peanut")
            refuse_unless(target in range(self.n) and target != by and self.front[target], "no target")
            self.peanuts[by] -= 1
            self.pot += 1
            self.front[by] = self.front[by] + self.front[target]
            self.front[target] = []
        elif kind == "clear":
            self.front[by] = self.front[by] + self.exchange
            self.exchange = []
            cleared = True
        else:
            raise Refused("unknown move")
        if cleared or not self.exchange or all(self.front):
            self.end_round(by if cleared else None)
        else:
            self.phase = "after"

    def new_round(self) -> None:
        if self.supply:
            self.supply -= 1
            self.pot += 1
        up, down = DEAL[self.n]
        dealt = self.deck[:up]
        self.deck = self.deck[up:]
        for card in self.deck[:down]:
            self.down = self.down + [card]
            self.nuts[card] = 1 if self.supply else 0
            if self.supply:
                self.supply -= 1
            dealt.append(card)
        self.deck = self.deck[down:]
        self.final = not self.deck
        self.exchange = self.exchange + dealt
        self.turn = self.start
        self.phase = "main"

    def end_round(self, cleared_by: int | None) -> None:
        for seat in range(self.n):
            for card in self.front[seat]:
                if card in self.down:
                    self.peanuts[seat] += self.nuts.pop(card)
                    self.down = [c for c in self.down if c != card]
                    self.known = [[c for c in k if c != card] for k in self.known]
            self.shelf[seat] = self.shelf[seat] + self.front[seat]
            self.front[seat] = []
        if cleared_by is not None:
            self.peanuts[cleared_by] += self.pot
            self.pot = 0
            self.start = cleared_by
        if not self.final:
            self.new_round()
            return
        self.phase = "over"
        self.over = True
        suit = [[c.rsplit("-", 1)[0] for c in shelf] for shelf in self.shelf]
        collected = [[s for s in self.suits if suit[t].count(s) and suit[t].count(s) == max(x.count(s) for x in suit)]
                     for t in range(self.n)]  # fmt: skip
        self.scores = [
            sum(1 if c.rsplit("-", 1)[0] in collected[t] else int(c.rsplit("-", 1)[1]) for c in self.shelf[t])
            - self.peanuts[t]
            for t in range(self.n)
        ]

    def clone(self) -> Naive:
        return copy_state(self)

    def result(self) -> tuple[list[int], list[int]]:
        return self.scores, best_wins(self.scores, lowest=True)


# -- Gift List ---------------------------------------------------------------------------------


class NaiveGiftList(Naive):
    def __init__(self, players: int) -> None:
        self.n = players
        self.size = ATTIC_SIZE[players]
        self.phase = "deal"
        self.attic: list[list[str]] = [[] for _ in range(players)]
        self.lists: list[list[str]] = []
        self.party = 0
        self.brought: list[str | None] = []
        self.wrapped: list[bool] = []
        self.holding: list[str | None] = []
        self.locked: list[bool] = []
        self.received: list[list[str]] = [[] for _ in range(players)]
        self.turn = self.owner = -1

    def mover(self) -> int | str:
        if self.phase == "deal":
            return CHANCE
        if self.phase == "bring":
            return next(s for s in range(self.n) if self.brought[s] is None)
        return self.turn

    def chance(self, rng: random.Random) -> dict[str, Any]:
        deck = list(GIFT_DECK)
        rng.shuffle(deck)
        hands = [deck[i * self.size : (i + 1) * self.size] for i in range(self.n)]
        return {
            "by": CHANCE,
            "type": "deal",
            "hands": hands,
            "lists": [list(p) for p in rng.sample(GIFT_LISTS, self.n)],
        }

    def moves(self, seat: int) -> list[dict[str, Any]]:
        if self.phase == "bring":
            if self.brought[seat] is not None:
                return []
            return [{"by": seat, "type": "bring", "card": c} for c in self.attic[seat]]
        if self.phase != "play" or seat != self.turn:
            return []
        out = []
        for t in range(self.n):
            if self.may_open(seat, t):
                out.append({"by": seat, "type": "open", "from": t})  # noqa: PERF401 (naive on purpose)
        for t in range(self.n):
            if self.may_steal(seat, t):
                out.append({"by": seat, "type": "steal", "from": t})  # noqa: PERF401 (naive on purpose)
        return out

    def may_open(self, seat: int, source: int) -> bool:
        return self.wrapped[source] and (source != seat or self.wrapped.count(True) == 1)

    def may_steal(self, seat: int, source: int) -> bool:
        return source != seat and self.holding[source] is not None and not self.locked[source]

    def play(self, move: dict[str, Any]) -> None:
        kind, by = move["type"], move["by"]
        if kind == "deal":
            refuse_unless(by == CHANCE and self.phase == "deal", "not now")
            hands, lists = move["hands"], move["lists"]
            cards = [c for h in hands for c in h]
            refuse_unless(len(hands) == self.n and all(len(h) == self.size for h in hands), "wrong deal")
            refuse_unless(all(c in GIFT_DECK and cards.count(c) == 1 for c in cards), "bad cards")
            refuse_unless(len(lists) == self.n, "one list each")
            for p in lists:
                refuse_unless(len(p) == 3 and all(x in PEOPLE and p.count(x) == 1 for x in p), "bad list")
                refuse_unless(sum(sorted(q) == sorted(p) for q in lists) == 1, "list twice")
            self.attic = [list(h) for h in hands]
            self.lists = [list(p) for p in lists]
            self.new_party()
            return
        refuse_unless(by in range(self.n), "no seat")
        if kind == "bring":
            refuse_unless(self.phase == "bring" and self.brought[by] is None, "not now")
            refuse_unless(move["card"] in self.attic[by], "not in attic")
            self.attic = changed(self.attic, by, [c for c in self.attic[by] if c != move["card"]])
            self.brought = changed(self.brought, by, move["card"])
            self.wrapped = changed(self.wrapped, by, True)
            if None not in self.brought:
                self.phase = "play"
                self.turn = self.owner = self.first
            return
        refuse_unless(self.phase == "play" and by == self.turn, "not your turn")
        source = move["from"]
        refuse_unless(source in range(self.n), "no seat")
        if kind == "open":
            refuse_unless(self.may_open(by, source), "may not open")
            self.wrapped = changed(self.wrapped, source, False)
            self.holding = changed(self.holding, by, self.brought[source])
            self.locked = [False] * self.n
            if not any(self.wrapped):
                self.end_party()
                return
            for step in range(1, self.n + 1):
                if self.holding[(self.owner + step) % self.n] is None:
                    self.turn = self.owner = (self.owner + step) % self.n
                    break
            return
        refuse_unless(kind == "steal", "unknown move")
        refuse_unless(self.may_steal(by, source), "may not steal")
        self.holding = changed(changed(self.holding, by, self.holding[source]), source, None)
        self.locked = changed(changed(self.locked, by, True), source, False)
        self.turn = source

    def new_party(self) -> None:
        self.party += 1
        self.first = (self.party - 1) % self.n
        self.brought = [None] * self.n
        self.wrapped = [False] * self.n
        self.holding = [None] * self.n
        self.locked = [False] * self.n
        self.phase = "bring"

    def end_party(self) -> None:
        for seat in range(self.n):
            self.received = changed(self.received, seat, self.received[seat] + [self.holding[seat]])
        if self.party < self.size:
            self.new_party()
            return
        self.phase = "over"
        self.over = True

    def clone(self) -> Naive:
        return copy_state(self)

    def result(self) -> tuple[list[int], list[int]]:
        scores = []
        for seat in range(self.n):
            total = 0
            for person in self.lists[seat]:
                numbers = [
                    int(c.split("-")[1]) for c in self.received[seat] if c.split("-")[0] == COLOUR_OF_PERSON[person]
                ]
                total += max(numbers, default=0)
            scores.append(total)
        return scores, best_wins(scores)


# -- Elf ---------------------------------------------------------------------------------------

VECTORS = {
    "N": (0, -1),
    "E": (1, 0),
    "S": (0, 1),
    "W": (-1, 0),
    "NE": (1, -1),
    "SE": (1, 1),
    "SW": (-1, 1),
    "NW": (-1, -1),
}
LEFT_OF = {"N": "W", "E": "N", "S": "E", "W": "S"}
RIGHT_OF = {"N": "E", "E": "S", "S": "W", "W": "N"}


def heading_of(dx: int, dy: int) -> str:
    return next(h for h, v in VECTORS.items() if v == (dx, dy))


def entries(heading: str) -> list[str]:
    """The straight headings a card may enter with after an arrow of this heading."""
    if len(heading) == 1:
        return [heading]
    return [
        h
        for h in ("N", "E", "S", "W")
        if VECTORS[h][0] in (0, VECTORS[heading][0]) and VECTORS[h][1] in (0, VECTORS[heading][1])
    ]


def in_play_area(x: int, y: int) -> bool:
    return -2 <= x <= 27 and -2 <= y <= 15


def near(x: int, y: int, token: Any) -> bool:
    return any(abs(x - tx) <= 1 and abs(y - ty) <= 1 for tx, ty in token.cells)


def lay(x: int, y: int, h: str, shape: str) -> tuple[list[tuple[int, int]], tuple[int, int, str]] | None:
    """A card of ``shape`` laid from (x, y) entering with heading ``h``: its cells and new
    arrow, or ``None`` when it may not lie there."""
    side_name, offsets, new = SHAPES[shape]
    side = LEFT_OF[h] if side_name == "l" else RIGHT_OF[h]
    hx, hy = VECTORS[h]
    sx, sy = VECTORS[side]
    cells = [(x + a * hx + b * sx, y + a * hy + b * sy) for a, b in offsets]
    if not all(in_play_area(cx, cy) for cx, cy in cells):
        return None
    if new == "h":
        heading = h
    elif new == "side":
        heading = side
    elif new == "corner":
        heading = heading_of(hx + sx, hy + sy)
    else:
        heading = heading_of(-hx, -hy)
    ax, ay = cells[-1]
    if not any(near(cx, cy, TOKENS[0]) for cx, cy in cells) and not any(
        in_play_area(ax + VECTORS[e][0], ay + VECTORS[e][1]) for e in entries(heading)
    ):
        return None
    return cells, (ax, ay, heading)


class NaiveElf(Naive):
    def __init__(self, players: int) -> None:
        self.n = players
        self.phase = "shuffle"
        self.deck: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.goals: list[str] = []
        self.values: list[int] = []
        self.spent: list[str] = []  # token ids no longer working
        self.slots: list[str] = []
        self.ginger: list[list[str]] = [[] for _ in range(players)]
        self.arrow = (12, 0, "S")
        self.turn = -1
        self.plays = 0
        self.offer: str | None = None  # the floe a jump may start from now
        self.jumped = False
        self.globe: int | None = None

    def mover(self) -> int | str:
        return self.turn if self.phase == "play" else CHANCE

    def chance(self, rng: random.Random) -> dict[str, Any]:
        if self.phase == "shuffle":
            deck = list(ELF_CARDS)
            rng.shuffle(deck)
            return {"by": CHANCE, "type": "shuffle", "deck": deck}
        if self.phase == "goals":
            return {"by": CHANCE, "type": "goals", "goals": rng.sample(list(ELF_GOALS), self.n)}
        values = [1, 2, 2, 3]
        rng.shuffle(values)
        return {"by": CHANCE, "type": "gingerbread", "values": values}

    def token(self, name: str) -> Any:
        return next(t for t in TOKENS if t.id == name)

    def fits(self, card: str, jumps: bool) -> list[tuple[str, list[int] | None]]:
        """Each way ``card`` may be laid now, as (heading, floe cell or None)."""
        shape = card.rsplit("-", 1)[0]
        x, y, heading = self.arrow
        out: list[tuple[str, list[int] | None]] = [(h, None) for h in entries(heading) if lay(x, y, h, shape)]
        if jumps and self.offer is not None and not self.jumped:
            floe = self.token(self.offer)
            for fx, fy in floe.cells:
                for h in ("N", "E", "S", "W"):
                    if (fx + VECTORS[h][0], fy + VECTORS[h][1]) not in floe.cells and lay(fx, fy, h, shape):
                        out.append((h, [fx, fy]))  # noqa: PERF401 (naive on purpose)
        return out

    def moves(self, seat: int) -> list[dict[str, Any]]:
        if self.phase != "play" or seat != self.turn:
            return []
        out = []
        for card in self.hands[seat]:
            for h, floe in self.fits(card, True):
                move = {"by": seat, "type": "play", "card": card, "heading": h}
                if floe is not None:
                    move["floe"] = floe
                out.append(move)
        if self.plays:
            out.append({"by": seat, "type": "end"})
        return out

    def play(self, move: dict[str, Any]) -> None:
        kind, by = move["type"], move["by"]
        refuse_unless(self.phase != "over", "over")
        if kind == "shuffle":
            refuse_unless(by == CHANCE and self.phase == "shuffle", "not now")
            refuse_unless(sorted(move["deck"]) == sorted(ELF_CARDS), "not the deck")
            self.deck = list(move["deck"])
            for seat in range(self.n):
                self.hands[seat] = self.deck[:3]
                self.deck = self.deck[3:]
            self.phase = "goals"
            return
        if kind == "goals":
            goals = move["goals"]
            refuse_unless(by == CHANCE and self.phase == "goals", "not now")
            refuse_unless(len(goals) == self.n and all(g in ELF_GOALS and goals.count(g) == 1 for g in goals), "goals")
            self.goals = list(goals)
            self.phase = "gingerbread"
            return
        if kind == "gingerbread":
            refuse_unless(by == CHANCE and self.phase == "gingerbread", "not now")
            refuse_unless(sorted(move["values"]) == [1, 2, 2, 3], "values")
            self.values = list(move["values"])
            self.begin(0)
            return
        refuse_unless(self.phase == "play" and by == self.turn, "not your turn")
        if kind == "end":
            refuse_unless(self.plays > 0, "play first")
            self.draw(by, 2)
            self.offer = None
            if not self.deck and not any(self.hands):
                self.phase = "over"
                self.over = True
            else:
                self.begin((by + 1) % self.n)
            return
        refuse_unless(kind == "play", "unknown move")
        card, h, floe = move["card"], move["heading"], move.get("floe")
        refuse_unless(card in self.hands[by], "not in hand")
        shape = card.rsplit("-", 1)[0]
        if floe is not None:
            refuse_unless((h, list(floe)) in self.fits(card, True), "no such jump")
            laid = lay(floe[0], floe[1], h, shape)
            self.jumped = True
            self.spent = self.spent + ["floe-a", "floe-b"]
        else:
            refuse_unless((h, None) in self.fits(card, False), "does not fit")
            laid = lay(self.arrow[0], self.arrow[1], h, shape)
        assert laid is not None
        cells, self.arrow = laid
        self.hands[by] = [c for c in self.hands[by] if c != card]
        self.offer = None
        self.plays += 1
        touched_floe = None
        for cx, cy in cells:
            for token in TOKENS:
                if token.id in self.spent or not near(cx, cy, token):
                    continue
                if token.kind == "location":
                    self.slots = self.slots + [token.id]
                    self.spent = self.spent + [token.id]
                elif token.kind == "gingerbread":
                    self.ginger[by] = self.ginger[by] + [token.id]
                    self.spent = self.spent + [token.id]
                elif token.kind == "syrup":
                    self.spent = self.spent + [token.id]
                    self.draw(by, 1)
                elif token.kind == "floe":
                    touched_floe = "floe-b" if token.id == "floe-a" else "floe-a"
                    self.spent = self.spent + [token.id + " touched"]
                else:
                    self.globe = by
        self.spent = [t for t in self.spent if not t.endswith(" touched")]
        if self.globe is not None:
            self.phase = "over"
            self.over = True
        elif touched_floe is not None:
            self.offer = touched_floe

    def draw(self, seat: int, count: int) -> None:
        self.hands[seat] = self.hands[seat] + self.deck[:count]
        self.deck = self.deck[count:]

    def begin(self, seat: int) -> None:
        while True:
            if not self.hands[seat] and not self.deck:
                seat = (seat + 1) % self.n
                continue
            fits = any(self.fits(c, False) for c in self.hands[seat])
            while not fits and self.deck:
                self.draw(seat, 1)
                fits = bool(self.fits(self.hands[seat][-1], False))
            if fits:
                self.turn, self.plays, self.offer, self.phase = seat, 0, None, "play"
                return
            self.hands[seat] = []
            if not self.deck and not any(self.hands):
                self.phase = "over"
                self.over = True
                return
            seat = (seat + 1) % self.n

    def clone(self) -> Naive:
        return copy_state(self)

    def result(self) -> tuple[list[int], list[int]]:
        spots = ["g1", "g2", "g3", "g4"]
        scores = []
        for seat in range(self.n):
            total = sum(SLOT_VALUES[i] for i, loc in enumerate(self.slots[:6]) if loc in ELF_GOALS[self.goals[seat]])
            total += sum(self.values[spots.index(g)] for g in self.ginger[seat])
            scores.append(total + (2 if self.globe == seat else 0))
        return scores, best_wins(scores)


# -- White Rabbit ------------------------------------------------------------------------------


class NaiveWhiteRabbit(Naive):
    def __init__(self, players: int) -> None:
        self.n = players
        self.phase = "deal"
        self.piles: list[list[str]] = []
        self.hands: list[list[str]] = [[] for _ in range(players)]  # face-up cards
        self.rabbit = 0
        self.die = 0
        self.rolls = 0
        self.turn = 0
        self.winner: int | None = None

    def mover(self) -> int | str:
        return CHANCE if self.phase in ("deal", "roll") else self.turn

    def chance(self, rng: random.Random) -> dict[str, Any]:
        if self.phase == "roll":
            return {"by": CHANCE, "type": "roll", "value": rng.randint(1, 6)}
        cards = list(RABBIT_CARDS)
        rng.shuffle(cards)
        piles = [cards[i : i + 3] for i in range(0, 24, 3)]
        piles[rng.randrange(8)].insert(0, "max")
        return {"by": CHANCE, "type": "deal", "piles": piles}

    def values(self, seat: int) -> list[int]:
        return [int(c.split("-")[1]) for c in self.hands[seat]]

    def takes(self, seat: int) -> list[dict[str, Any]]:
        return [
            {"by": seat, "type": "max_take", "from": t, "card": c}
            for t in range(self.n)
            if t != seat
            for c in sorted(self.hands[t], key=lambda c: int(c.split("-")[1]))
            if int(c.split("-")[1]) not in self.values(seat)
        ] + [{"by": seat, "type": "max_take", "from": None, "card": None}]

    def moves(self, seat: int) -> list[dict[str, Any]]:
        if seat != self.turn:
            return []
        if self.phase == "direction":
            return [{"by": seat, "type": "move", "dir": d} for d in ("cw", "ccw")]
        if self.phase == "max_take":
            return self.takes(seat)
        if self.phase == "max_place":
            return [{"by": seat, "type": "max_place", "pile": p} for p in range(8)]
        return []

    def play(self, move: dict[str, Any]) -> None:
        kind, by = move["type"], move["by"]
        refuse_unless(self.phase != "over", "over")
        if kind == "deal":
            refuse_unless(by == CHANCE and self.phase == "deal", "not now")
            piles = move["piles"]
            refuse_unless(len(piles) == 8, "8 piles")
            refuse_unless(sorted(c for p in piles for c in p) == sorted([*RABBIT_CARDS, "max"]), "the cards")
            refuse_unless(all(len([c for c in p if c != "max"]) == 3 and "max" not in p[1:] for p in piles), "piles")
            self.piles = [list(p) for p in piles]
            self.phase = "roll"
            return
        if kind == "roll":
            refuse_unless(by == CHANCE and self.phase == "roll", "not now")
            refuse_unless(move["value"] in range(1, 7), "a die")
            self.rolls += 1
            self.die = move["value"]
            self.phase = "direction"
            return
        refuse_unless(by == self.turn, "not your turn")
        if kind == "move":
            refuse_unless(self.phase == "direction" and move["dir"] in ("cw", "ccw"), "not now")
            self.rabbit = (self.rabbit + (self.die if move["dir"] == "cw" else -self.die)) % 8
            pile = self.piles[self.rabbit]
            if not pile:
                self.end_turn(False)
                return
            card = pile[0]
            self.piles = changed(self.piles, self.rabbit, pile[1:])
            if card == "max":
                self.phase = "max_take"
                return
            if int(card.split("-")[1]) in self.values(by):
                self.piles = changed(self.piles, self.rabbit, self.piles[self.rabbit] + [card])
            else:
                self.hands = changed(self.hands, by, self.hands[by] + [card])
                if len(self.hands[by]) == 6:
                    self.finish(by)
                    return
            self.end_turn(self.die == 6)
            return
        if kind == "max_take":
            refuse_unless(self.phase == "max_take", "not now")
            refuse_unless({k: move.get(k) for k in ("by", "type", "from", "card")} in self.takes(by), "cannot take")
            if move["from"] is not None:
                lost = [c for c in self.hands[move["from"]] if c != move["card"]]
                self.hands = changed(changed(self.hands, move["from"], lost), by, self.hands[by] + [move["card"]])
            self.phase = "max_place"
            return
        refuse_unless(kind == "max_place" and self.phase == "max_place", "not now")
        refuse_unless(move["pile"] in range(8), "no pile")
        self.piles = changed(self.piles, move["pile"], ["max", *self.piles[move["pile"]]])
        if len(self.hands[by]) == 6:
            self.finish(by)
            return
        self.end_turn(self.die == 6)

    def end_turn(self, again: bool) -> None:
        if self.rolls >= 500:
            self.finish(None)
            return
        if not again:
            self.turn = (self.turn + 1) % self.n
        self.phase = "roll"

    def finish(self, winner: int | None) -> None:
        self.phase = "over"
        self.over = True
        self.winner = winner

    def clone(self) -> Naive:
        return copy_state(self)

    def result(self) -> tuple[list[int], list[int]]:
        return [len(h) for h in self.hands], [] if self.winner is None else [self.winner]


# -- Gift Exchange -----------------------------------------------------------------------------

BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def fine_text(text: object, limit: int) -> bool:
    return (
        isinstance(text, str)
        and text == text.strip()
        and len(text) <= limit
        and all(ch not in BIDI and unicodedata.category(ch) not in ("Cc", "Cs", "Zl", "Zp") for ch in text)
    )


class NaiveGiftExchange(Naive):
    def __init__(self, players: int) -> None:
        self.n = players
        self.limit = EXCHANGE_OPTIONS["steal_limit"]
        self.phase = "bringing"
        self.labels: list[str | None] = [None] * players  # None: not brought
        self.blank = [False] * players
        self.opened = [False] * players
        self.holder: list[int | None] = [None] * players
        self.steals = [0] * players
        self.order: list[int] = []
        self.turn = 0
        self.current = -1
        self.lost: list[tuple[int, int]] = []  # (seat, gift) lost this turn

    def mover(self) -> int | str:
        if self.phase == "bringing":
            waiting = [s for s in range(self.n) if self.labels[s] is None]
            return waiting[0] if waiting else CHANCE
        return self.current

    def chance(self, rng: random.Random) -> dict[str, Any]:
        seats = list(range(self.n))
        rng.shuffle(seats)
        return {"by": CHANCE, "type": "order", "seats": seats}

    def holding(self, seat: int) -> int | None:
        return next((g for g in range(self.n) if self.holder[g] == seat), None)

    def may_steal(self, seat: int, gift: int) -> bool:
        return (
            self.opened[gift]
            and self.holder[gift] != seat
            and (self.limit is None or self.steals[gift] < self.limit)
            and (seat, gift) not in self.lost
        )

    def moves(self, seat: int) -> list[dict[str, Any]]:
        if self.phase == "bringing":
            if self.labels[seat] is not None:
                return []
            label, wrapping = SILLY_GIFTS[seat % len(SILLY_GIFTS)], WRAPPINGS[seat % len(WRAPPINGS)]
            return [{"by": seat, "type": "bring", "label": label, "wrapping": wrapping}]
        if seat != self.current:
            return []
        out: list[dict[str, Any]] = []
        for gift in range(self.n):
            if self.may_steal(seat, gift):
                out.append({"by": seat, "type": "steal", "gift": gift})
            elif self.phase == "playing" and not self.opened[gift]:
                move = {"by": seat, "type": "open", "gift": gift}
                if self.blank[gift]:
                    move["label"] = SILLY_GIFTS[gift % len(SILLY_GIFTS)]
                out.append(move)
        if self.phase == "final":
            out.append({"by": seat, "type": "keep"})
        return out

    def play(self, move: dict[str, Any]) -> None:
        kind, by = move["type"], move["by"]
        refuse_unless(self.phase != "over", "over")
        if kind == "order":
            refuse_unless(by == CHANCE and self.phase == "bringing" and None not in self.labels, "not now")
            refuse_unless(sorted(move["seats"]) == list(range(self.n)), "not an order")
            self.order = list(move["seats"])
            self.phase = "playing"
            self.start_turn(0)
            return
        refuse_unless(by in range(self.n), "no seat")
        if kind == "bring":
            refuse_unless(self.phase == "bringing" and self.labels[by] is None, "not now")
            label, wrapping = move["label"].strip(), move["wrapping"].strip()
            refuse_unless(fine_text(label, LABEL_MAX) and fine_text(wrapping, WRAPPING_MAX), "bad text")
            self.labels[by] = label
            self.blank[by] = not label
            return
        refuse_unless(self.phase in ("playing", "final") and by == self.current, "not your move")
        if kind == "keep":
            refuse_unless(self.phase == "final", "not now")
            self.phase = "over"
            self.over = True
            return
        gift = move["gift"]
        refuse_unless(gift in range(self.n), "no gift")
        if kind == "open":
            refuse_unless(self.phase == "playing" and not self.opened[gift], "not now")
            label = (move.get("label") or "").strip()
            if self.blank[gift]:
                refuse_unless(label and fine_text(label, LABEL_MAX), "name it")
                self.labels[gift] = label
            else:
                refuse_unless(not label, "already named")
            self.opened[gift] = True
            self.holder[gift] = by
            if not all(self.opened):
                self.start_turn(self.turn + 1)
                return
            self.lost = []
            first = self.order[0]
            if any(self.holder[g] != first and self.steals[g] < self.limit for g in range(self.n)):
                self.phase = "final"
                self.current = first
            else:
                self.phase = "over"
                self.over = True
            return
        refuse_unless(kind == "steal" and self.may_steal(by, gift), "may not steal")
        victim = self.holder[gift]
        assert victim is not None
        self.steals[gift] += 1
        if self.phase == "final":
            given = self.holding(by)
            self.holder[gift] = by
            self.holder[given] = victim  # type: ignore[index]
            self.phase = "over"
            self.over = True
            return
        self.holder[gift] = by
        self.lost = self.lost + [(victim, gift)]
        self.current = victim

    def start_turn(self, turn: int) -> None:
        self.turn = turn
        self.current = self.order[turn]
        self.lost = []

    def clone(self) -> Naive:
        return copy_state(self)

    def result(self) -> tuple[list[int], list[int]]:
        return [self.holding(s) for s in range(self.n)], list(self.steals)  # type: ignore[misc]


NAIVE: dict[str, Callable[[int], Naive]] = {
    "white-elephant": NaiveWhiteElephant,
    "gift-list": NaiveGiftList,
    "elf": NaiveElf,
    "white-rabbit": NaiveWhiteRabbit,
    "gift-exchange": NaiveGiftExchange,
}


def naive_result(name: str, result: dict[str, Any]) -> tuple[list[int], list[int]]:
    """What a naive :meth:`Naive.result` is for the engine's result of a game."""
    if name == "gift-exchange":
        return result["holdings"], result["steals"]
    return result["scores"], result["winners"]


# -- the two paths, each way -------------------------------------------------------------------


def pick(moves: list[Any], rng: random.Random) -> Any:
    """A random move, each as likely."""
    return moves[0] if len(moves) == 1 else rng.choice(moves)


def engine_playout(start: Any, rng: random.Random, keep: list[dict[str, Any]] | None = None) -> int:
    """One game of random moves played by the engine; its moves go into ``keep`` if given."""
    state = start.clone()
    moves = 0
    while not state.is_over:
        active = state.active()
        if active[0] == CHANCE:
            move = state.chance_move(rng)
        else:
            move = pick(state.legal_moves(active[0]), rng)
        state.play(move)
        if keep is not None:
            keep.append(move.to_record())
        moves += 1
    return moves


def naive_playout(start: Naive, rng: random.Random, keep: list[dict[str, Any]] | None = None) -> int:
    state = start.clone()
    moves = 0
    while not state.over:
        seat = state.mover()
        move = state.chance(rng) if seat == CHANCE else pick(state.moves(seat), rng)  # type: ignore[arg-type]
        state.play(move)
        if keep is not None:
            keep.append(move)
        moves += 1
    return moves


def engine_replay(game: Game[Any], players: int, records: list[list[dict[str, Any]]]) -> int:
    count = 0
    for moves in records:
        state = game.start(players)
        for move in moves:
            state.play(state.parse_record_move(move))
        count += len(moves)
    return count


def naive_replay(name: str, players: int, records: list[list[dict[str, Any]]]) -> int:
    make = NAIVE[name]
    count = 0
    for moves in records:
        state = make(players)
        for move in moves:
            state.play(move)
        count += len(moves)
    return count


def playouts(play: Callable[[Any, random.Random], int], start: Any, seeds: range) -> int:
    """Games of random moves from ``start``, as many as ``seeds``, drawn from one generator seeded
    with the first (seeding one for each game would cost either way more than a short game's
    moves); returns the moves played."""
    rng = random.Random(seeds.start)
    return sum(play(start, rng) for _ in seeds)


# -- the checks --------------------------------------------------------------------------------


def _listed(moves: list[dict[str, Any]]) -> list[str]:
    return sorted(json.dumps(m, sort_keys=True) for m in moves)


def engine_records(name: str, players: int, count: int) -> list[list[dict[str, Any]]]:
    """The engine's random games of seeds ``0 .. count - 1`` as record moves (what ``check`` makes, unchecked)."""
    game = get_game(name)
    records = []
    for seed in range(count):
        moves: list[dict[str, Any]] = []
        engine_playout(game.start(players), random.Random(seed), moves)
        records.append(moves)
    return records


def check(name: str, players: int, games: int) -> list[list[dict[str, Any]]]:
    """The engine's random games (returned, for the replay path), each checked as the module
    docstring says; raises ``AssertionError`` at the first disagreement."""
    game = get_game(name)
    records = engine_records(name, players, games)
    for seed, moves in enumerate(records):
        state, naive = game.start(players), NAIVE[name](players)
        for number, move in enumerate(moves, start=1):
            for seat in state.active():
                if seat != CHANCE:
                    engine = [m.to_record() for m in state.legal_moves(seat)]
                    assert _listed(engine) == _listed(naive.moves(seat)), (name, seed, number, seat)
            try:
                naive.play(json.loads(json.dumps(move)))
            except Refused as e:
                raise AssertionError(
                    f"{name} game {seed}: the naive rules refuse move {number} ({e}): {move}"
                ) from None
            state.apply(state.parse_record_move(move))
        result = state.outcome().to_record()
        assert naive.over and naive.result() == naive_result(name, result), (name, seed, naive.result(), result)
        record = {"format": FORMAT, "game": name, "options": dict(state.options),
                  "players": [f"P{i + 1}" for i in range(players)], "moves": moves, "result": result}  # fmt: skip
        verify_record(json.loads(json.dumps(record)))
        theirs: list[dict[str, Any]] = []
        naive_playout(NAIVE[name](players), random.Random(10_000 + seed), theirs)
        engine_replay(game, players, [theirs])
    return records


# -- the run -----------------------------------------------------------------------------------


PATHS = (("replay", "engine"), ("replay", "naive"), ("playout", "engine"), ("playout", "naive"))


def path_run(name: str, path: str, way: str, seeds: range, records: list[list[dict[str, Any]]]) -> Callable[[], int]:
    """One run of a path of a way: the replay of ``records``, or a random game for each seed."""
    players = GAMES[name]
    game = get_game(name)
    if path == "replay":
        if way == "engine":
            return partial(engine_replay, game, players, records)
        return partial(naive_replay, name, players, records)
    if way == "engine":
        return partial(playouts, engine_playout, game.start(players), seeds)
    return partial(playouts, naive_playout, NAIVE[name](players), seeds)


def compiled_note(names: list[str]) -> str:
    """Which of these games' engines run compiled (``setup.py``): their positions' module is an
    extension, not a ``.py`` file."""
    compiled = []
    for name in names:
        module = sys.modules[type(get_game(name).start(GAMES[name])).__module__]
        if not str(module.__file__).endswith(".py"):
            compiled.append(name)
    return f"compiled engines: {', '.join(compiled)}" if compiled else "every engine in Python"


def run_counted(name: str, path: str, way: str, count: int, times: int) -> None:
    """What ``--instructions`` runs under callgrind: one path of one way, ``times`` times."""
    records = engine_records(name, GAMES[name], count) if path == "replay" else []
    run = path_run(name, path, way, range(count), records)
    # What is made by now (the modules, the records) is kept out of the collector's full
    # passes, which would otherwise fall into one count and not another: millions of
    # instructions each.
    gc.freeze()
    for _ in range(times):
        run()


def instructions(name: str, path: str, way: str, count: int, times: int) -> int:
    """The instructions a process running ``run_counted`` executes, counted by callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        argv = [sys.executable, __file__, "--run", name, path, way, str(count), str(times)]
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *argv],
            check=True,
            capture_output=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},  # the same hashes, so the same work, in every process
        )
        with open(out) as f:
            found = re.search(r"^summary: (\d+)", f.read(), re.MULTILINE)
    assert found is not None, "callgrind wrote no summary"
    return int(found.group(1))


def count_instructions(only: list[str], scale: float) -> None:
    """Naive over engine in instructions a move, each path of each game (``--instructions``)."""
    print(f"Instructions a move (callgrind): engine, naive, and naive over engine; {compiled_note(only)}")
    print(f"{'game':<19} {'replay':>23} {'playout':>23}")
    for name in only:
        count = max(1, round(GAME_COUNT[name] * scale))
        records = engine_records(name, GAMES[name], count)
        cells = []
        for path in ("replay", "playout"):
            per_move = {}
            for way in ("engine", "naive"):
                played = path_run(name, path, way, range(count), records)()
                once, thrice = (instructions(name, path, way, count, times) for times in (1, 3))
                per_move[way] = (thrice - once) / 2 / played
            ratio = per_move["naive"] / per_move["engine"]
            cells.append(f"{per_move['engine']:>7,.0f} {per_move['naive']:>7,.0f} {ratio:>6.2f}×")
        print(f"{name + ', ' + str(GAMES[name]):<19} {cells[0]:>23} {cells[1]:>23}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each game, path and way (default 5)")
    parser.add_argument("--scale", type=float, default=1.0, help="games a round, times this (default 1)")
    parser.add_argument("--only", nargs="+", choices=list(GAMES), default=list(GAMES), help="which games")
    parser.add_argument("--instructions", action="store_true", help="count instructions with callgrind instead")
    parser.add_argument("--run", nargs=5, metavar=("GAME", "PATH", "WAY", "GAMES", "TIMES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.run:
        name, path, way, count, times = args.run
        run_counted(name, path, way, int(count), int(times))
        return 0
    if args.instructions:
        count_instructions(args.only, args.scale)
        return 0

    setups = {}
    for name in args.only:
        players = GAMES[name]
        count = max(1, round(GAME_COUNT[name] * args.scale))
        records = check(name, players, count)
        setups[name] = (players, count, records)
    print("Checked: every random game of the engine replays under the naive rules and `yule verify`, with the")
    print("same legal moves at every position; every random game of the naive rules replays under the engine.")
    print(f"Python {sys.version.split()[0]}, {args.rounds} rounds, interleaved; {compiled_note(args.only)}.")

    # (game, path, way) -> per round: (seconds, moves played)
    runs_done: dict[tuple[str, str, str], list[tuple[float, int]]] = {}
    for r in range(args.rounds):
        for name in args.only:
            players, count, records = setups[name]
            seeds = range(r * count, (r + 1) * count)
            runs = [(path, way, path_run(name, path, way, seeds, records)) for path, way in PATHS]
            if r % 2:
                runs = [runs[1], runs[0], runs[3], runs[2]]
            for path, way, run in runs:
                began = time.thread_time()
                played = run()
                runs_done.setdefault((name, path, way), []).append((time.thread_time() - began, played))

    def rate(name: str, path: str, way: str) -> float:
        done = runs_done[name, path, way]
        return sum(n for _, n in done) / sum(t for t, _ in done)

    print()
    print("Engine over naive (the median of the rounds' ratios of moves a second), and the engine's rates:")
    print(f"{'game':<19} {'replay':>7} {'playout':>8} {'replay moves/s':>15} {'playout moves/s':>16}")
    for name in args.only:
        ratio = {}
        for path in ("replay", "playout"):
            pairs = zip(runs_done[name, path, "engine"], runs_done[name, path, "naive"], strict=True)
            ratio[path] = statistics.median((ne / te) * (tn / nn) for (te, ne), (tn, nn) in pairs)
        print(
            f"{name + ', ' + str(GAMES[name]):<19} {ratio['replay']:>6.2f}× {ratio['playout']:>7.2f}× "
            f"{rate(name, 'replay', 'engine'):>15,.0f} {rate(name, 'playout', 'engine'):>16,.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
