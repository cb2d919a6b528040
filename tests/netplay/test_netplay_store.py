"""The host's store: databases made by earlier versions open and keep their tables; a data
folder that cannot be used says so.  One bad stored row never stops the host, nor a request:

- a table with a value it could not have been made with (not readable, of another type, out
  of its range or its game's: a billion seats too) is set aside with a sentence naming the
  column, before anything is built from it, and the host starts with the rest;
- a secret or the next table's number stored as garbage is made again, with a sentence;
- a chat line, a pace, an evening or a result that cannot be read is left out, or made again,
  with a sentence.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from conftest import running
from hypothesis import HealthCheck, event, given, reject, settings
from hypothesis import strategies as st
from netplay_support import problems

from yule.core.levels import Strength
from yule.netplay.client import Client
from yule.netplay.frames import SeatInfo, TableFacts
from yule.netplay.host.evening import evening_standings
from yule.netplay.host.server import Host
from yule.netplay.host.store import TABLE_COLUMNS, ChatRow, DataFolderError, Result, Store, TableEvent
from yule.netplay.host.table import Table

if sys.platform != "win32":
    import resource

OLD_TABLES = """CREATE TABLE tables (id INTEGER PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
    seats INTEGER NOT NULL, open INTEGER NOT NULL, code TEXT NOT NULL, bot_delay REAL NOT NULL,
    status TEXT NOT NULL, game_no INTEGER NOT NULL, seed TEXT NOT NULL, players TEXT NOT NULL)"""


def test_a_database_from_before_client_seeds_and_turn_timers_opens_with_its_tables(tmp_path):
    db = sqlite3.connect(tmp_path / "yule.db")
    db.execute(OLD_TABLES)
    db.execute("INSERT INTO tables VALUES (4, 'white-elephant', '{}', 3, 0, 'ABCDEF', 0.8, 'waiting', 0, 'x', '[]')")
    db.commit()
    db.close()
    store = Store(tmp_path)
    try:
        (row,) = store.load_tables()
        assert (row.id, row.code, row.client_seed, row.turn_seconds) == (4, "ABCDEF", None, None)
        store.save_table(id=5, game="elf", options={}, seats=2, open=True, code="GHJKLM", bot_delay=0, status="waiting",
                         game_no=0, seed="", players=[], client_seed="snow", turn_seconds=30.0)  # fmt: skip
        assert [(r.client_seed, r.turn_seconds) for r in store.load_tables()] == [(None, None), ("snow", 30.0)]
    finally:
        store.close()


def test_columns_added_in_another_order_keep_their_values(tmp_path):
    db = sqlite3.connect(tmp_path / "yule.db")  # as a build with the adapting bots before made_by left it
    db.execute(OLD_TABLES)
    for column in ("client_seed TEXT", "turn_seconds REAL", "started_by TEXT", "strength TEXT", "made_by TEXT"):
        db.execute(f"ALTER TABLE tables ADD COLUMN {column}")
    db.commit()
    db.close()
    store = Store(tmp_path)
    try:
        store.save_table(id=5, game="elf", options={}, seats=2, open=True, code="GHJKLM", bot_delay=0, status="waiting",
                         game_no=0, seed="", players=[], client_seed=None, turn_seconds=None, started_by="Ana",
                         made_by="10.0.0.7", strength={"drive": 0.5, "game_no": 2})  # fmt: skip
        (row,) = store.load_tables()
        assert (row.started_by, row.made_by, row.strength) == ("Ana", "10.0.0.7", {"drive": 0.5, "game_no": 2})
    finally:
        store.close()


async def two_tables(folder: Path) -> tuple[int, int]:
    """A data folder with a White Elephant table of bots playing (each bot's move waits 30 s)
    and an open Elf table waiting: their numbers."""
    async with running(Host(folder)) as port, Client("127.0.0.1", port, "Ana") as ana:
        playing = (await ana.create_table("white-elephant", 3, sit=False, bot_delay=30))["table"]
        await ana.fill_bots(playing)
        await ana.start(playing)
        waiting = (await ana.create_table("elf", 2, sit=False, open=True))["table"]
    return playing, waiting


def written(folder: Path, *statements: str, table: int | None = None) -> None:
    """Write to the database of ``folder`` by hand (``?`` is ``table``), as a person could."""
    db = sqlite3.connect(folder / "yule.db")
    with db:
        for sql in statements:
            db.execute(sql, () if table is None else (table,))
    db.close()


def no_tracebacks(records: list[logging.LogRecord]) -> None:
    """Nothing went wrong at the host for want of a check: no exception logged, no error."""
    assert [r.getMessage() for r in records if r.exc_info or r.levelno >= logging.ERROR] == []


@pytest.mark.parametrize(
    ("sql", "why"),
    [
        ("UPDATE moves SET move='{not json' WHERE table_id=? AND n=0", "its moves are not readable JSON"),
        ("UPDATE tables SET options='[' WHERE id=?", "its options are not readable JSON"),
        ("UPDATE tables SET players='{}' WHERE id=?", "its players are not a JSON list"),
        ("UPDATE tables SET game='no-such-game' WHERE id=?", "game is 'no-such-game'; it is one of the games this host has"),
        ("UPDATE tables SET seats=9 WHERE id=?", "seats is 9; White Elephant is for 3 to 8 players"),
        ("UPDATE tables SET seats='3' || 'x' WHERE id=?", "seats is '3x'; White Elephant is for 3 to 8 players"),
        ("UPDATE tables SET bot_delay='slow' WHERE id=?",
         "bot_delay is 'slow'; it is the seconds a move stays on show before a bot's, from 0 to 30"),
        ("UPDATE tables SET bot_delay=31 WHERE id=?", "bot_delay is 31.0; "),
        ("UPDATE tables SET bot_delay=-1e999 WHERE id=?", "bot_delay is -inf; "),
        ("UPDATE tables SET turn_seconds='fast' WHERE id=?", "turn_seconds is 'fast'; it is a turn timer's seconds"),
        ("UPDATE tables SET turn_seconds=86400 WHERE id=?", "turn_seconds is 86400.0; "),
        ("UPDATE tables SET open=2 WHERE id=?", "open is 2; it is 1 for an open table, 0 for a private one"),
        ("UPDATE tables SET code='abc' WHERE id=?", "code is 'abc'; a join code is 6 of "),
        ("UPDATE tables SET status='paused' WHERE id=?", "status is 'paused'; it is waiting, playing or over"),
        ("UPDATE tables SET status='over' WHERE id=?", "status is 'over'; its game is not over after its "),
        ("UPDATE tables SET game_no='one' WHERE id=?", "game_no is 'one'; "),
        ("UPDATE tables SET seed=x'00' WHERE id=?", "seed is b'\\x00'; it is text"),
        ("UPDATE tables SET players='[\"Ana\"]' WHERE id=?",
         "players is ['Ana']; once a game started, they are one for each of its 3 seats"),
        ("UPDATE tables SET options='{\"steal_limit\": 2}' WHERE id=?",
         "options is {'steal_limit': 2}; White Elephant has no options"),
        ("UPDATE tables SET made_by=x'00' WHERE id=?", "made_by is b'\\x00'; "),
        ("UPDATE seats SET seat=7 WHERE table_id=? AND seat=2", "a seat row has seat 7; the table has seats 0 to 2"),
        ("UPDATE seats SET bot='wizard' WHERE table_id=? AND seat=2",
         "seat 2's bot is 'wizard'; it is one of White Elephant's bots (random, kind, greedy, ismcts, adapting)"),
        ("UPDATE seats SET token_hash='not a hash' WHERE table_id=? AND seat=0", "seat 0's token_hash is 'not a hash'; "),
        ("UPDATE organisers SET organised='yes' WHERE table_id=?", "its organiser's organised is 'yes'; "),
    ],
)  # fmt: skip
async def test_a_table_with_a_stored_value_it_could_not_be_made_with_is_set_aside_with_a_sentence(
    tmp_path, caplog, sql, why
):
    bad, good = await two_tables(tmp_path)
    written(tmp_path, sql, table=bad)
    caplog.set_level(logging.WARNING, logger="yule.host")
    again = Host(tmp_path)
    async with running(again), Client("127.0.0.1", again.port, "Ben") as ben:
        assert good in again.tables and bad not in again.tables
        said = [r.getMessage() for r in caplog.records if f"table {bad} " in r.getMessage()]
        assert len(said) == 1 and why in said[0] and "the host starts with the rest" in said[0], said
        await ben.join(good)  # the other table plays on
        await ben.fill_bots(good)
        await ben.start(good)
        assert (await ben.create_table("elf", 2))["table"] > good  # its number is not given again
    no_tracebacks(caplog.records)
    assert sqlite3.connect(tmp_path / "yule.db").execute("SELECT COUNT(*) FROM tables WHERE id=?", (bad,)).fetchone()


HOST_MEMORY = 1 << 30
"""The address space the ``yule host`` process with a table of a billion seats may take (1 GiB):
it listens well within it, where it took 7.3 GB, and grew on, before it checked its rows."""


async def test_a_host_whose_store_has_a_table_of_a_billion_seats_listens_in_little_memory(tmp_path):
    bad, good = await two_tables(tmp_path)
    written(tmp_path, "UPDATE tables SET seats=1000000000 WHERE id=?", table=bad)

    def within_memory() -> None:
        if sys.platform == "linux":  # where the address space's limit holds (macOS takes it and lets it pass)
            resource.setrlimit(resource.RLIMIT_AS, (HOST_MEMORY, HOST_MEMORY))

    process = subprocess.Popen(
        [sys.executable, "-m", "yule.tui.cli", "host", "--bind", "127.0.0.1", "--port", "0", "--data", str(tmp_path),
         "--no-discovery", "--bot-workers", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=within_memory,
    )  # fmt: skip
    try:
        line = await asyncio.to_thread(process.stdout.readline)
        listening = re.search(r"listening on port (\d+)", line)
        assert listening, line
        peak = re.search(r"VmHWM:\s+(\d+) kB", await asyncio.to_thread(Path(f"/proc/{process.pid}/status").read_text))
        assert peak and int(peak[1]) < 500 * 1024  # kB: under 500 MB resident
        async with Client("127.0.0.1", int(listening[1]), "Ben") as ben:
            assert [t["table"] for t in await ben.list_tables()] == [good]
    finally:
        process.terminate()
        _, log = await asyncio.to_thread(process.communicate)
    assert (f"table {bad} is set aside (seats is 1000000000; White Elephant is for 3 to 8 players)") in log
    assert "Traceback" not in log


async def test_a_secret_stored_as_garbage_is_made_anew_with_a_sentence_and_person_tokens_work(tmp_path, caplog):
    await two_tables(tmp_path)
    written(tmp_path, "UPDATE secrets SET value='zz'")
    caplog.set_level(logging.WARNING, logger="yule.host")
    again = Host(tmp_path)
    async with running(again) as port, Client("127.0.0.1", port, "Ana") as ana:
        (said,) = [r.getMessage() for r in caplog.records if "secret" in r.getMessage()]
        assert said.startswith("the host's secret 'person tokens' is stored as 'zz', not 64 hex digits: a new one")
        assert "everyone is a new person at this host" in said
        again_ana = Client("127.0.0.1", port, "Ana")
        again_ana.person = ana.person
        async with again_ana:
            assert again_ana.person == ana.person  # the host knows its new token again
    no_tracebacks(caplog.records)
    caplog.clear()
    async with running(Host(tmp_path)):  # stored: said once
        assert not [r for r in caplog.records if "secret" in r.getMessage()]


async def test_a_next_table_counter_stored_as_text_is_made_again_and_create_works(tmp_path, caplog):
    await two_tables(tmp_path)
    written(tmp_path, "INSERT OR REPLACE INTO counters VALUES ('next_table', 'many')",
            "INSERT INTO results VALUES (1, 40, 1, 'elf', 0, NULL, 'Ana', NULL, 3, 1, 1.0, 1, 5.0)")  # fmt: skip
    caplog.set_level(logging.WARNING, logger="yule.host")
    again = Host(tmp_path)
    async with running(again) as port, Client("127.0.0.1", port, "Ana") as ana:
        (said,) = [r.getMessage() for r in caplog.records if "next table" in r.getMessage()]
        assert "stored as 'many', not a whole number from 1" in said and said.endswith("the next table is 41")
        assert (await ana.create_table("elf", 2))["table"] == 41  # after table 40, forgotten but in the results
    no_tracebacks(caplog.records)
    (counter,) = sqlite3.connect(tmp_path / "yule.db").execute("SELECT value FROM counters").fetchone()
    assert counter == 41


def test_chat_lines_paces_evenings_and_results_that_cannot_be_read_are_left_out_with_a_sentence(tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="yule.host")
    store = Store(tmp_path)
    try:
        store.add_chat(3, ChatRow(0, "Ana", "hi"), keep=50)
        store.learn_pace("elf", [10.0])
        store.add_results([Result(3, 1, "elf", seat, None, name, None, 4, seat + 1, 1.0 - seat, True, 5.0)
                           for seat, name in enumerate(["Ana", "Ben"])])  # fmt: skip
        written(tmp_path, "INSERT INTO chat VALUES (3, 'x', 'one', 'Cy', 'hello', NULL, NULL)",
                "INSERT INTO paces VALUES ('white-rabbit', 'slow', 3)", "UPDATE paces SET turns=-1 WHERE game='elf'",
                "UPDATE results SET place=1000000000 WHERE seat=1", "UPDATE evenings SET started='dusk'")  # fmt: skip
        store.add_chat(3, ChatRow(None, "Ben", "and hi"), keep=50)  # numbered on from the whole numbers
        assert [line.text for line in store.load_chat(3, 50)] == ["hi", "and hi"]
        assert store.paces() == {}
        store.learn_pace("elf", [20.0])  # learnt afresh
        assert store.paces() == {"elf": (20.0, 1)}
        evening = store.evening()
        assert evening is not None and evening.started == 5.0  # when its first game ended
        standings = evening_standings(store)
        assert [(row["name"], row["places"]) for row in standings["rows"]] == [("Ana", [1])]
    finally:
        store.close()
    said = sorted(r.getMessage() for r in caplog.records)
    beginnings = [
        "a pace is skipped (seconds is 'slow'; ",
        "a pace is skipped (turns is -1; ",
        "a result of table 3, game 1, seat 1 is not counted (place is 1000000000; ",
        "evening 1 started at 'dusk', not a time: it is taken to have started when its first game ended, ",
        "table 3: chat line 'x' is skipped (seat is 'one'; ",
    ]
    assert len(said) == len(beginnings) and all(map(str.startswith, said, beginnings)), said
    no_tracebacks(caplog.records)


def test_a_tables_own_log_events_are_kept_cut_by_an_undo_and_a_bad_row_left_out(tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="yule.host")
    store = Store(tmp_path)
    try:
        paused = {"type": "paused", "name": "Ana", "vote": False}
        for seq, before, event in ((0, False, {"type": "back", "seat": 1, "by": None, "earlier": False}),
                                   (4, True, {"type": "time_up", "seat": 0}), (5, False, paused),
                                   (5, True, {"type": "time_up", "seat": 1}), (7, False, paused)):  # fmt: skip
            store.add_table_event(TableEvent(3, 1, seq, before, event), keep=4)  # the first one goes
        store.add_table_event(TableEvent(3, 2, 0, False, paused), keep=10)  # the next game's
        written(tmp_path, "INSERT INTO table_events VALUES (3, 90, 1, 6, 0, 'not json')",
                "INSERT INTO table_events VALUES (3, 91, 1, 'six', 0, '{\"type\": \"x\"}')")  # fmt: skip
        assert [(e.seq, e.before, e.event["type"]) for e in store.load_table_events(3, 1)] == [
            (4, True, "time_up"), (5, False, "paused"), (5, True, "time_up"), (7, False, "paused")]  # fmt: skip
        store.drop_table_events(3, 1, 5)  # an undo back to 5 moves: what came after, and move 6's note
        assert [(e.seq, e.before) for e in store.load_table_events(3, 1)] == [(4, True), (5, False)]
        assert [e.event for e in store.load_table_events(3, 2)] == [paused]
        store.forget_tables([3])
        assert store.load_table_events(3, 2) == []
    finally:
        store.close()
    said = sorted(r.getMessage() for r in caplog.records)
    assert len(said) == 2 and all(line.startswith("table 3: log event 9") for line in said), said  # the undo cut both
    no_tracebacks(caplog.records)


@pytest.fixture(scope="module")
def stored_tables(tmp_path_factory) -> Path:
    """A data folder with table 1, White Elephant, played by Ana (seat 0) and two bots with a
    turn timer and a seed of her own, and table 2, Elf, waiting."""

    async def made(folder: Path) -> None:
        async with running(Host(folder)) as port, Client("127.0.0.1", port, "Ana") as ana:
            table = await ana.create_table("white-elephant", 3, bot_delay=30, turn_seconds=60, seed="snow")
            await ana.fill_bots(table["table"])
            await ana.start(table["table"])
            await ana.create_table("elf", 2, sit=False, open=True)

    folder = tmp_path_factory.mktemp("stored") / "data"
    asyncio.run(made(folder))
    return folder


TABLE_NAMES = [name.strip() for name in TABLE_COLUMNS.split(",")]

ROWS = {"tables": "id=1", "seats": "table_id=1 AND seat={seat}", "organisers": "table_id=1",
        "moves": "table_id=1 AND n=0"}  # fmt: skip
"""Where each column of table 1 is stored (a seat: Ana's, the bot's for its kind)."""

COLUMNS = [("tables", c) for c in TABLE_NAMES if c != "id"] + [
    *(("seats", c) for c in ("seat", "name", "bot", "token_hash", "person")),
    ("organisers", "token_hash"), ("organisers", "organised"), ("moves", "move"),
]  # fmt: skip

ODD_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**63), max_value=2**63 - 1), st.floats(),
    st.text(max_size=12), st.binary(max_size=8),
    st.sampled_from([0, 1, 2, 3, 8, 9, 64, 10**9, -1, 0.5, 30.0, 31.0, 3600.0, 1e308, "", "waiting", "playing", "over",
                     "ABCDEF", "greedy", "wizard", "[]", "{}", '["a", "b", "c"]', "[1, 2, 3]", '{"steal_limit": 2}',
                     "a" * 64, "0" * 64, '{"by": 0}']),
)  # fmt: skip
"""A value a column may hold when a person (or a disk) writes it: of any type SQLite keeps,
in range or out of it."""


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(column=st.sampled_from(COLUMNS), value=ODD_VALUES)
def test_any_one_stored_value_changed_restores_the_table_as_stored_or_sets_it_aside_with_a_sentence(
    stored_tables, column, value
):
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        shutil.copytree(stored_tables, data)
        where, name = column
        db = sqlite3.connect(data / "yule.db")
        try:
            with db:
                db.execute(f"UPDATE {where} SET {name}=? WHERE {ROWS[where].format(seat=int(name == 'bot'))}", (value,))
        except sqlite3.IntegrityError:  # NOT NULL, a seat or table number taken: no database holds that
            reject()
        finally:
            db.close()
        event(f"{where}.{name}")
        said = asyncio.run(started(data))
    if said is None:
        event("restored as stored")
    else:
        assert "set aside" in said and (name in said or (name == "move" and "cannot be played on" in said)), said
        event("set aside")


class Said(logging.Handler):
    """What the host's log says meanwhile."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


async def started(data: Path) -> str | None:
    """Start a host on ``data``: None when table 1 is restored exactly as stored, else the
    sentence that set it aside.  Either way the host starts, with table 2, and logs no error."""
    said = Said()
    logging.getLogger("yule.host").addHandler(said)
    host = Host(data)
    try:
        await host.start("127.0.0.1", 0)
        no_tracebacks(said.records)
        assert 2 in host.tables
        if 1 in host.tables:
            as_stored(host.tables[1], data, host.limits.shortest_turn)
            return None
        (aside,) = [r.getMessage() for r in said.records if r.getMessage().startswith("table 1 ")]
        return aside
    finally:
        await host.stop()
        logging.getLogger("yule.host").removeHandler(said)


def as_stored(table: Table, data: Path, shortest_turn: float) -> None:
    """``table`` holds what its rows in ``data`` hold (its game's own options, a turn timer no
    shorter than the host's shortest, a strength it could not read as the first one), and tells
    of itself what the protocol says it does."""
    db = sqlite3.connect(data / "yule.db")
    try:
        row = dict(
            zip(TABLE_NAMES, db.execute(f"SELECT {TABLE_COLUMNS} FROM tables WHERE id=1").fetchone(), strict=True)
        )
        seats = {seat: rest for seat, *rest in db.execute("SELECT seat, name, bot, token_hash, person FROM seats"
                                                          " WHERE table_id=1")}  # fmt: skip
        organiser = db.execute("SELECT token_hash, organised FROM organisers WHERE table_id=1").fetchone()
        moves = [json.loads(m) for (m,) in db.execute("SELECT move FROM moves WHERE table_id=1 AND game_no=? ORDER BY n",
                                                      (row["game_no"],))]  # fmt: skip
    finally:
        db.close()
    turn = row["turn_seconds"]
    try:
        strength = json.loads(row["strength"])
    except (TypeError, ValueError):
        strength = None
    assert (table.game.name, table.options, table.size, table.open, table.code, table.bot_delay, table.status,
            table.game_no, table.players, table.client_seed, table.turn_seconds, table.started_by, table.made_by,
            table.strength) == (
        row["game"], table.game.check_options(json.loads(row["options"])), row["seats"], bool(row["open"]),
        row["code"], row["bot_delay"], row["status"], row["game_no"], json.loads(row["players"]),
        row["client_seed"], None if turn is None else max(shortest_turn, turn), row["started_by"], row["made_by"],
        Strength.from_record(strength),
    )  # fmt: skip
    assert {seat: [s.name, s.bot, s.token_hash, s.person_hash] for seat, s in enumerate(table.seats) if s} == seats
    assert (table.organiser_hash, table.organised) == (organiser[0], bool(organiser[1]))
    if table.session is not None:
        assert table.seed == row["seed"] and table.session.moves[: len(moves)] == moves
    # and what it tells of itself is of the types the protocol says
    assert (
        problems(table.facts(), TableFacts, "facts") + problems(table.seats.summaries(), list[SeatInfo | None], "seats")
        == []
    )


def test_a_data_folder_that_cannot_be_used_says_so(tmp_path):
    folder = tmp_path / "data"
    folder.write_text("a file where the data folder should be")  # refused to root too, unlike a read-only folder
    with pytest.raises(DataFolderError) as refused:
        Store(folder)
    assert str(refused.value).startswith(f"the data folder {folder} cannot be used: ")
