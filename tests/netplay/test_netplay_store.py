"""The host's store: databases made by earlier versions open and keep their tables; a table
whose rows cannot be read is set aside with a sentence and the host starts with the rest; a
data folder that cannot be used says so."""

from __future__ import annotations

import logging
import sqlite3

import pytest
from conftest import running

from yule.netplay.client import Client
from yule.netplay.host import Host
from yule.netplay.store import DataFolderError, Store

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


@pytest.mark.parametrize(
    ("sql", "why"),
    [
        ("UPDATE moves SET move='{not json' WHERE table_id=? AND n=0", "its moves are not readable JSON"),
        ("UPDATE tables SET options='[' WHERE id=?", "its options are not readable JSON"),
        ("UPDATE tables SET players='{}' WHERE id=?", "its players are not a JSON list"),
        ("UPDATE tables SET game='no-such-game' WHERE id=?", "cannot be played on"),
    ],
)
async def test_a_table_whose_rows_cannot_be_read_is_set_aside_and_the_host_starts(tmp_path, caplog, sql, why):
    host = Host(tmp_path)
    async with running(host) as port, Client("127.0.0.1", port, "Ana") as ana:
        bad = (await ana.create_table("white-elephant", 3, sit=False, bot_delay=30))["table"]
        await ana.fill_bots(bad)
        await ana.start(bad)
        good = (await ana.create_table("elf", 2, sit=False))["table"]
    db = sqlite3.connect(tmp_path / "yule.db")
    with db:
        db.execute(sql, (bad,))
    db.close()
    caplog.set_level(logging.WARNING, logger="yule.host")
    again = Host(tmp_path)
    async with running(again):
        assert good in again.tables and bad not in again.tables
        said = [r.getMessage() for r in caplog.records if f"table {bad} " in r.getMessage()]
        assert len(said) == 1 and why in said[0] and "the host starts with the rest" in said[0]
        async with Client("127.0.0.1", again.port, "Ben") as ben:
            assert (await ben.create_table("elf", 2))["table"] > good  # its number is not given again


def test_a_data_folder_that_cannot_be_used_says_so(tmp_path):
    folder = tmp_path / "data"
    folder.write_text("a file where the data folder should be")  # refused to root too, unlike a read-only folder
    with pytest.raises(DataFolderError) as refused:
        Store(folder)
    assert str(refused.value).startswith(f"the data folder {folder} cannot be used: ")
