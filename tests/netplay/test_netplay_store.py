"""The host's store on its own: databases made by earlier versions open and keep their tables."""

from __future__ import annotations

import sqlite3

from yule.netplay.store import Store

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
