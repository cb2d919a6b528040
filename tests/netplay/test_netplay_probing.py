"""No probing of hidden cards: what the host refuses, and how it says so, depends only on what
the asking seat may know.

Two tables are restored from records that differ only in hidden things: two card ids that a
seat has never seen are swapped throughout the moves so far (a pair is used only when that
seat's view stays the same).  The seat then sends the same moves to both tables, the bots'
own choices with some fields changed to every card id of the game, view handles, numbers and
nonsense, and both tables must answer alike: both accept, or both refuse with the same code,
the same params (the rules' kind and facts) and the same words.  Organiser mode, which would let one terminal try moves for every seat,
is refused for every game that hides cards.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from game_support import seen_by, strings_in, values_swapped

from yule.core import CHANCE, all_games, get_game
from yule.core.records import RecordError, play, replay
from yule.netplay.client import Client, HostError
from yule.netplay.host.store import SeatRow, Store, TableRow
from yule.netplay.host.table import Table
from yule.netplay.refusal import RequestError


class Prober:
    """Stands in for a connection holding one seat: what the table sends it is not needed."""

    def __init__(self, table: int, seat: int) -> None:
        self.seats = {table: seat}

    def send(self, message: dict[str, Any]) -> None:
        pass

    def send_bytes(self, frame: bytes) -> None:
        pass


def probes(view: dict[str, Any], game_name: str, pool: list[Any], rng: random.Random) -> list[dict[str, Any]]:
    """Moves to try: each bot's choice as it is and with fields changed to values from ``pool``."""
    game = get_game(game_name)
    chosen = []
    for kind, make in sorted(game.bots.items()):
        try:
            chosen.append(make(random.Random(f"{kind}/{rng.random()}")).choose(view))
        except Exception:  # a bot asked about a seat that may not move now
            continue
    out = list(chosen)
    for move in chosen * 4:
        changed = dict(move)
        for key, value in move.items():
            if key == "type" or rng.random() < 0.4:
                continue
            if isinstance(value, list) and value:
                changed[key] = [rng.choice(pool) if rng.random() < 0.5 else v for v in value]
            else:
                changed[key] = rng.choice(pool)
        out.append(changed)
    return out


def answer(table: Table, seat: int, move: dict[str, Any]) -> tuple[str, dict[str, Any], str]:
    try:
        table.play(Prober(table.id, seat), move, None)  # type: ignore[arg-type]
    except RequestError as e:
        return e.code, e.params, e.message
    return "accepted", {}, ""


class Tables:
    """Tables restored from records into one temporary store, each under a new number."""

    def __init__(self, folder: Path) -> None:
        self.store = Store(folder)
        self.next_id = 1
        self.open: list[Table] = []

    def restore(self, record: dict[str, Any], moves: list[dict[str, Any]]) -> Table:
        players = record["players"]
        row = TableRow(self.next_id, record["game"], record["options"], len(players), True, "ABCDEF", 0.0, "playing",
                       1, "probe", players, {s: SeatRow(name, None, f"hash{s}") for s, name in enumerate(players)},
                       list(moves))  # fmt: skip
        self.next_id += 1
        table = Table.restore(self.store, row, away_timeout=3600)
        self.open.append(table)
        return table

    def close(self) -> None:
        for table in self.open:
            table.close()
        self.store.close()


HIDING = [g.name for g in all_games() if not g.organiser_mode]


@pytest.mark.parametrize("game_name", HIDING)
async def test_refusals_are_the_same_whatever_the_seat_cannot_see(game_name):
    game = get_game(game_name)
    rng = random.Random(game_name)
    pairs = answers = refusals = 0
    with tempfile.TemporaryDirectory() as folder:
        tables = Tables(Path(folder))
        try:
            for seed in range(6):
                players = game.min_players + seed % (game.max_players - game.min_players + 1)
                record = play(game, [f"P{i}" for i in range(players)], [game.bots["random"]] * players, seed)
                ids = sorted(set().union(*(strings_in(m) for m in record["moves"] if m["by"] == CHANCE)) - {CHANCE})
                for upto in sorted(rng.sample(range(1, len(record["moves"])), min(8, len(record["moves"]) - 1))):
                    state = replay(record, upto=upto).state
                    if state.is_over or state.active() == (CHANCE,):
                        continue
                    seat = rng.choice([s for s in state.active() if isinstance(s, int)])
                    hidden = sorted(set(ids) - seen_by(record, upto, seat))
                    if len(hidden) < 2:
                        continue
                    a, b = rng.sample(hidden, 2)
                    other = values_swapped(record["moves"][:upto], a, b)
                    try:
                        other_state = replay({**record, "moves": other}).state
                    except RecordError:
                        continue
                    if other_state.view(seat) != state.view(seat):
                        continue
                    pairs += 1
                    pool = [a, b, *rng.sample(ids, min(6, len(ids))), *sorted(strings_in(state.view(seat))),
                            -1, 0, 1, 2, 5, 99, None, "", "nonsense", [a], [a, b]]  # fmt: skip
                    for move in probes(state.view(seat), game_name, pool, rng):
                        here = answer(tables.restore(record, record["moves"][:upto]), seat, move)
                        there = answer(tables.restore(record, other), seat, move)
                        assert here == there, f"{game_name} seed {seed} move {upto} seat {seat}: {move}"
                        answers += 1
                        refusals += here[0] != "accepted"
        finally:
            tables.close()
    assert pairs >= 5 and refusals >= 20 and answers - refusals >= 5  # the check had something to compare


@pytest.mark.parametrize("game_name", HIDING)
async def test_organiser_mode_is_refused_for_a_game_that_hides_cards(host, game_name):
    game = get_game(game_name)
    guests = [f"Guest {i}" for i in range(game.min_players)]
    async with Client("127.0.0.1", host.port, "Organiser") as org:
        with pytest.raises(HostError) as refused:
            await org.create_table(game_name, game.min_players, organised=True, guests=guests, sit=False)
        assert refused.value.code == "no_organiser_mode" and game.title in refused.value.message
        assert await org.list_tables() == []


def test_only_gift_exchange_may_be_organised():
    assert [g.name for g in all_games() if g.organiser_mode] == ["gift-exchange"]
