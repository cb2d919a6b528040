"""The sets of house rules the host keeps, and the requests about them (``sets``, ``save_set``,
``delete_set``): what a set is, and who may do what with one, is said in :mod:`yule.netplay.housesets`.

Two tables of the host's database (:mod:`.store`), made when the host first opens a data folder
without them (``CREATE TABLE IF NOT EXISTS``: an older data folder is upgraded as it opens):

* ``house_sets``: one row a set, keyed by its game and its name as names are compared (case-
  folded: ``grandma's rules`` is ``Grandma's rules``), with its name as shown, its settings (JSON),
  who saved it last and when;
* ``table_sets``: the name of the set each table was created with, unchanged (its games' records
  say it: ``house_rules``), for the tables the host holds.

A set's settings are checked as a new table's are (:mod:`.tablesettings`: one copy), its name is
cleaned as names are (:func:`yule.netplay.housesets.name_refusal`), and the host keeps at most
:data:`~yule.netplay.housesets.SETS_PER_GAME` sets a game, :data:`~yule.netplay.housesets.SETS_PER_HOST`
in all, each at most :data:`~yule.netplay.housesets.SET_BYTES` of JSON.  Saving and deleting are
rate-limited per address (``set_flood``): no client fills the store.

Nothing read back is trusted (:data:`.storecheck.SET_CHECKS`): a row that is not a set's (edited
by hand, half written) is skipped, with a sentence in the host's log, never a crash; a set whose
game's options changed since is sent as it was saved, and the client fits it to the game
(:func:`yule.netplay.housesets.fitted`).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from typing import Any

from ..asks import Create, DeleteSet, HouseSets, SaveSet
from ..frames import HouseSet, Ok, SetSaved, SetsFrame
from ..housesets import (
    SET_BYTES,
    SET_NAME_LENGTH,
    SETS_PER_GAME,
    SETS_PER_HOST,
    fitted,
    name_refusal,
    same_settings,
    set_name,
)
from ..names import folded
from ..refusal import RequestError
from .connection import AddressBuckets, Connection
from .store import Store, StoreError
from .storecheck import SET_CHECKS, fault, shown
from .tablesettings import check_turn, checked_settings

log = logging.getLogger("yule.host")

SCHEMA = """
CREATE TABLE IF NOT EXISTS house_sets (
    game TEXT NOT NULL,
    folded TEXT NOT NULL,
    name TEXT NOT NULL,
    settings TEXT NOT NULL,
    saved_by TEXT NOT NULL,
    saved REAL NOT NULL,
    PRIMARY KEY (game, folded)
);
CREATE TABLE IF NOT EXISTS table_sets (
    table_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL
);
"""

SAVE_RATE = 1 / 5
"""Sets one address may save (or delete) a second on average ..."""
SAVE_BURST = 10.0
"""... and at once."""

COLUMNS = ("game", "folded", "name", "settings", "saved_by", "saved")


class HouseSetsKeeper:
    """The host's sets of house rules, kept in ``store``; ``shortest_turn``: the host's shortest turn timer."""

    def __init__(self, store: Store, shortest_turn: float) -> None:
        self.store = store
        self.shortest_turn = shortest_turn
        self._saves = AddressBuckets(SAVE_RATE, SAVE_BURST)
        self._told: set[tuple[Any, ...]] = set()
        store.db.executescript(SCHEMA)

    # -- reading --------------------------------------------------------------------------------

    def _sets(self, game: str | None = None) -> list[dict[str, Any]]:
        """The stored sets (of ``game``), each checked (:data:`.storecheck.SET_CHECKS`); a row that
        fails is skipped, and the host's log says so once."""
        where, args = ("WHERE game=?", (game,)) if game is not None else ("", ())
        rows = self.store.db.execute(f"SELECT {', '.join(COLUMNS)} FROM house_sets {where}", args).fetchall()
        out = []
        for values in rows:
            row = dict(zip(COLUMNS, values, strict=True))
            try:
                row["settings"] = json.loads(row["settings"]) if isinstance(row["settings"], str) else None
            except (ValueError, RecursionError):
                row["settings"] = None
            why = fault(SET_CHECKS, row, None)
            if why is None and (set_name(row["name"]) != row["name"] or folded(row["name"]) != row["folded"]):
                why = f"name is {shown(row['name'])}; it is a set's name, cleaned, and folded is that name as compared"
            if why is None:
                out.append(row)
            elif tuple(map(str, values)) not in self._told:
                self._told.add(tuple(map(str, values)))
                log.warning("a set of house rules is skipped (%s); it is left in %s", why, self.store.data_dir)
        return out

    def listing(self, conn: Connection, message: HouseSets) -> SetsFrame:
        """The sets kept for the game asked, by name."""
        sets: list[HouseSet] = [
            {
                "name": row["name"],
                "seats": row["settings"]["seats"],
                "open": row["settings"]["open"],
                "options": row["settings"]["options"],
                "turn_seconds": row["settings"]["turn_seconds"],
                "by": row["saved_by"],
                "saved": float(row["saved"]),
            }
            for row in sorted(self._sets(message.game), key=lambda row: row["folded"])
        ]
        return {"type": "sets", "game": message.game, "sets": sets, "most": SETS_PER_GAME}

    # -- saving and deleting --------------------------------------------------------------------

    def save(self, conn: Connection, message: SaveSet) -> SetSaved:
        """Keep a set (checked as a new table's settings), replacing the one of its name only when asked to."""
        if not self._saves.take(conn.group):
            raise RequestError("set_flood")
        match name_refusal(message.name):
            case "control", _:
                raise RequestError("bad_set_name", reason="control")
            case "long", _:
                raise RequestError("bad_set_name", reason="long", most=SET_NAME_LENGTH)
            case "no_letter", _:
                raise RequestError("bad_set_name", reason="no_letter")
        game, options = checked_settings(message.game, message.seats, dict(message.options))
        check_turn(message.turn_seconds, self.shortest_turn)
        settings = {"seats": message.seats, "open": message.open, "options": options,
                    "turn_seconds": message.turn_seconds}  # fmt: skip
        text = json.dumps(settings, separators=(",", ":"))
        if len(text.encode("utf-8")) > SET_BYTES:
            raise RequestError("set_too_large", most=SET_BYTES)
        name, key = set_name(message.name), folded(message.name)
        kept = self._sets()
        same = next((row for row in kept if row["game"] == game.name and row["folded"] == key), None)
        if same is not None and not message.replace:
            raise RequestError("set_exists", name=same["name"])
        if same is None:
            if sum(row["game"] == game.name for row in kept) >= SETS_PER_GAME:
                raise RequestError("too_many_sets", reason="game", most=SETS_PER_GAME)
            (rows,) = self.store.db.execute("SELECT COUNT(*) FROM house_sets").fetchone()
            if rows >= SETS_PER_HOST:  # rows skipped as unreadable count too: they are in the store
                raise RequestError("too_many_sets", reason="host", most=SETS_PER_HOST)
        with self.store.atomic():
            self.store.db.execute("INSERT OR REPLACE INTO house_sets VALUES (?,?,?,?,?,?)",
                                  (game.name, key, name, text, conn.name, time.time()))  # fmt: skip
        return {"type": "set_saved", "game": game.name, "name": name, "replaced": same is not None}

    def delete(self, conn: Connection, message: DeleteSet) -> Ok:
        """Delete a set, by its name as names are compared."""
        if not self._saves.take(conn.group):
            raise RequestError("set_flood")
        key = folded(message.name)
        with self.store.atomic():
            gone = self.store.db.execute("DELETE FROM house_sets WHERE game=? AND folded=?", (message.game, key))
        if not gone.rowcount:
            raise RequestError("no_set", name=set_name(message.name) or message.name[:40])
        return {"type": "ok"}

    # -- the tables created from a set ----------------------------------------------------------

    def named(self, message: Create, options: dict[str, Any]) -> str | None:
        """The name of the set a ``create`` says it was picked from, when its settings (``options``:
        as the table took them) are still that set's, fitted to the game now (at an organiser-mode
        table, whose seats are its guests, its options); else None."""
        if message.house_rules is None:
            return None
        key = folded(message.house_rules)
        row = next((r for r in self._sets(message.game) if r["folded"] == key), None)
        if row is None:
            return None
        from ...core import get_game

        settings, _ = fitted(get_game(message.game), row["settings"])
        asked = {"seats": message.seats, "open": message.open, "options": options,
                 "turn_seconds": message.turn_seconds}  # fmt: skip
        if message.organised:  # an organiser's party: its guests are its seats, and it has no timer
            return str(row["name"]) if settings["options"] == options else None
        return str(row["name"]) if same_settings(settings, asked) else None

    def mark(self, table_id: int, name: str) -> None:
        """Table ``table_id`` was created with the set ``name`` (in the store step under way)."""
        self.store.db.execute("INSERT OR REPLACE INTO table_sets VALUES (?,?)", (table_id, name))

    def of_tables(self, held: set[int]) -> dict[int, str]:
        """The set each of the tables ``held`` was created with; the rows of tables no longer held go."""
        rows = self.store.db.execute("SELECT table_id, name FROM table_sets").fetchall()
        names: dict[int, str] = {
            table_id: name
            for table_id, name in rows
            if table_id in held and isinstance(name, str) and name and set_name(name) == name
        }
        try:
            with self.store.atomic():
                self.store.db.execute(
                    f"DELETE FROM table_sets WHERE table_id NOT IN ({','.join('?' * len(held))})", tuple(held)
                )
        except (StoreError, sqlite3.Error):
            log.exception("the sets of house rules of forgotten tables could not be cleared")
        return names
