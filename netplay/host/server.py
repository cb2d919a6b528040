"""The authoritative Yule host: one asyncio process serving many tables over TCP.

Embed it (``yule party`` does; ``yule play`` runs it in a process of its own on loopback:
:mod:`.playhost`) or run it with ``yule host``::

    host = Host(data_dir=path, away_timeout=120)
    port = await host.start(bind="127.0.0.1", port=0)   # 0: any free port
    ...
    await host.stop()

Each connection is an asyncio protocol (:mod:`yule.netplay.host.connection`): every frame is
size-capped, rate-limited, decoded and validated (:mod:`yule.netplay.host.messages`) before a handler
sees it, and any failure is answered with an error frame to that connection only.  The lobby
and the tables live in this process; moves and seats are stored in the data folder
(:mod:`yule.netplay.host.store`) and tables resume from it after a restart.  The protocol is in
``docs/protocol.md``.

:class:`Host` coordinates: it listens, greets each connection and hands each request to the
part that answers it, each in a module of its own: who is let in, each address's share of the
connections and their pings (:mod:`.admission`); the tables held, finding one by its id or
join code, and the lobby's lists (:mod:`.lobby`); which seat each seat token gives back
(:mod:`.seattokens`); forgetting the tables nobody needs any more (:mod:`.upkeep`); and the
requests about one table, each answered by that table's part (:mod:`.tablerequests`).  It
answers itself the requests that cross those: creating a table, taking or taking back a seat,
watching, leaving, organising, a new name.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import socket
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from .. import DEFAULT_PORT, EXPIRE_WAITING_MINUTES, KEEP_FINISHED_HOURS, default_data_dir
from ..asks import (
    AnyAsk,
    Create,
    Hello,
    HelpAsk,
    Join,
    Leave,
    Organise,
    Owner,
    Reclaim,
    ReclaimBack,
    Rename,
    Resume,
    Watch,
)
from ..frames import Created, HelpWaiting, Ok, Reach, ReclaimWaiting, Reply, Seated
from ..names import bot_like, clean_name
from ..refusal import RequestError
from ..wire import PROTOCOL_VERSION, encode
from .admission import Admission
from .botloop import DEFAULT_BOT_DELAY
from .connection import AddressBuckets, Connection, Limits, SendBudget, TokenBucket
from .door import RESTART_GRACE
from .evening import PERSON_SECRET, PERSONS_FORGOTTEN, PersonTokens
from .helpers import ASK_BURST, ASK_CONNECTION_BURST, ASK_RATE
from .housesets import HouseSetsKeeper
from .lobby import Lobby
from .messages import InvalidMessage, parse_client_message
from .owner import write_owner_file
from .relay import vouched
from .seattokens import MOVED_TOKENS, SeatTokens
from .store import Store, StoreError, hash_token
from .table import Table
from .tablerequests import TABLE_REQUESTS
from .tablesettings import check_turn
from .thinkers import Thinkers
from .upkeep import Upkeep

log = logging.getLogger("yule.host")

PONG = encode({"type": "pong"})


RECLAIM_RATE = 1 / 10
"""Requests for an away player's seat one address may make a second on average ..."""
RECLAIM_BURST = 8.0
"""... and at once."""


class Host:
    """Lobby, tables and connections; see the module docstring."""

    def __init__(
        self,
        data_dir: Path | str | None = None,
        *,
        away_timeout: float = 120.0,
        keep_finished: float | None = KEEP_FINISHED_HOURS * 3600,
        expire_waiting: float | None = EXPIRE_WAITING_MINUTES * 60,
        limits: Limits | None = None,
        advertise: bool = False,
        name: str | None = None,
        ssh_port: int | None = None,
        party_word: bool = False,
        nudge_after: float | None = None,
        ask_seconds: float | None = None,
        restart_grace: float = RESTART_GRACE,
        relay_key: bytes | None = None,
        bot_workers: int = 0,
    ) -> None:
        self.data_dir = Path(data_dir) if data_dir is not None else default_data_dir()
        self.away_timeout = away_timeout
        self.limits = limits or Limits()
        self.advertise = advertise
        self.ssh_port = ssh_port
        """The port ``yule host --ssh`` serves this host's app on, advertised beside the game port."""
        self.reach: Reach = {"addresses": [], "port": 0, "ssh_port": ssh_port, "party_word": party_word}
        """How people reach this host, told in every welcome (its addresses and port, once it listens)."""
        self.name = clean_name(name or socket.gethostname(), "Yule host")
        self.nudge_after = nudge_after
        """Seconds a person's move waits before it can be nudged or given to a bot (None: the table's default)."""
        self.thinkers = Thinkers(bot_workers)
        """Where every table's bots think: ``bot_workers`` processes (0: a thread of this one)."""
        self._persons: PersonTokens | None = None
        """The host's person tokens (:mod:`.evening`), once its data folder is open."""
        self.ask_seconds = ask_seconds
        """Seconds a table has to answer a request for an away player's seat (None: the door's default)."""
        self.relay_key = relay_key
        """The secret this host shares with its SSH server, which vouches for each guest's own
        address with it (:mod:`.relay`); None: no SSH server of its own."""
        self.restart_grace = restart_grace
        """Seconds after the start during which a yes to a request for a restored table's seat is
        held: the seats' own devices are still coming back (:mod:`.door`)."""
        self._reclaims = AddressBuckets(RECLAIM_RATE, RECLAIM_BURST)
        """Each address's requests for away players' seats (``reclaim`` is rate-limited by address)."""
        self._help_asks = AddressBuckets(ASK_RATE, ASK_BURST)
        self._help_asks_each = AddressBuckets(ASK_RATE, ASK_CONNECTION_BURST)
        """Each address's, and each connection's, requests to help a seat (:mod:`.helpers`)."""
        self.owners: set[Connection] = set()
        """Connections that proved the owner token (``yule requests``, the owner's TV: :mod:`.owner`) ..."""
        self.deciders: set[Connection] = set()
        """... and those of them that answer requests for seats (not the owner's TV)."""
        self._owner_hash: str | None = None
        self.budget = SendBudget(self.limits.unsent_total)
        """The unsent bytes of every connection that is behind, together (:mod:`.connection`)."""
        self.admission = Admission(self.limits)
        """The connections let in, each address's share of them, and those on probation (:mod:`.admission`)."""
        self.seat_tokens = SeatTokens()
        """Which seat each seat token gives back (:mod:`.seattokens`)."""
        self.lobby = Lobby(self)
        """The tables held, and the lobby's lists of them (:mod:`.lobby`)."""
        self.upkeep = Upkeep(self, keep_finished, expire_waiting)
        """Forgets the tables nobody needs any more (:mod:`.upkeep`)."""
        self.port = 0
        self._store: Store | None = None
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._advertiser: Any = None
        self._numbers = 0
        self._next_table = 1
        # Each handler takes its own message model (validated); the key is that model's type.
        # A handler answers with a reply (its rid added here), or a frame it made itself, or None.
        self._handlers: dict[str, Callable[[Connection, Any], Reply | bytes | None]] = {
            "list": self.lobby.listing,
            "paces": self.lobby.paces,
            "standings": self.lobby.standings,
            "create": self._create,
            "join": self._join,
            "resume": self._resume,
            "reclaim": self._reclaim,
            "reclaim_back": self._reclaim_back,
            "owner": self._owner,
            "watch": self._watch,
            "leave": self._leave,
            "organise": self._organise,
            "rename": self._rename,
            "help_ask": self._help_ask,
        }
        for kind, request in TABLE_REQUESTS.items():  # each handed to the part of the table that answers it
            self._handlers[kind] = partial(request, self.lobby)
        self._house_sets: HouseSetsKeeper | None = None
        """The sets of house rules kept here (:mod:`.housesets`), once the data folder is open."""
        self._handlers |= {
            "sets": lambda conn, message: self.house_sets.listing(conn, message),
            "save_set": lambda conn, message: self.house_sets.save(conn, message),
            "delete_set": lambda conn, message: self.house_sets.delete(conn, message),
        }

    @property
    def tables(self) -> dict[int, Table]:
        """The tables the host holds (its lobby's)."""
        return self.lobby.tables

    @property
    def store(self) -> Store:
        assert self._store is not None, "the host is not started"
        return self._store

    @property
    def house_sets(self) -> HouseSetsKeeper:
        """The sets of house rules kept here (:mod:`.housesets`)."""
        assert self._house_sets is not None, "the host is not started"
        return self._house_sets

    # -- life cycle ----------------------------------------------------------------------------

    async def start(self, bind: str | None = None, port: int = DEFAULT_PORT) -> int:
        """Open the data folder, resume its tables and listen; returns the bound port.

        Tables whose game finished more than ``keep_finished`` seconds ago are forgotten first,
        and from then on as they pass that age with nobody at them.  A table the store cannot
        give back as it could have been made (:mod:`.storecheck`), or whose moves do not replay,
        is set aside with a sentence in the log, and the host starts with the rest.

        ``bind`` None listens on every interface.
        """
        self._store = store = Store(self.data_dir)
        self._persons = PersonTokens(store.secret(PERSON_SECRET, PERSONS_FORGOTTEN))
        self.upkeep.forget_finished(starting=True)
        self.seat_tokens.moved = store.moved_tokens()
        rows = store.load_tables()
        for table_id, why in store.unreadable:
            log.warning("table %s is set aside (%s): its rows are left in %s for a look, and the host starts "
                        "with the rest", table_id, why, store.data_dir)  # fmt: skip
        for row in rows:
            try:
                table = Table.restore(store, row, self.away_timeout, self.limits.shortest_turn)
            except Exception as e:
                log.warning("table %s cannot be played on (%s: %s): it is set aside, its rows left in %s for "
                            "a look, and the host starts with the rest", row.id, type(e).__name__, e, store.data_dir)  # fmt: skip
                continue
            self._hook(table)
            table.usher.door.not_before = asyncio.get_running_loop().time() + self.restart_grace
            for seat, s in enumerate(table.seats):
                if s is not None and s.token_hash is not None:
                    self.seat_tokens.add(s.token_hash, table.id, seat)
        self._house_sets = HouseSetsKeeper(store, self.limits.shortest_turn)
        for table_id, name in self.house_sets.of_tables(set(self.tables)).items():
            self.tables[table_id].house_rules = name
        self._next_table = store.next_table_id()
        self._server = await asyncio.get_running_loop().create_server(self._connection, bind, port)
        self.port = self._server.sockets[0].getsockname()[1]
        try:
            self._owner_hash = write_owner_file(self.data_dir, bind, self.port)
        except OSError as e:
            log.warning("the owner file cannot be written in %s (%s): yule requests cannot answer for this host",
                        self.data_dir, e.strerror or e)  # fmt: skip
        from ..discovery import reachable_addresses  # reads the interfaces: only once listening

        self.reach["addresses"], self.reach["port"] = reachable_addresses(bind), self.port
        self._spawn(self.admission.heartbeats())
        for chore in self.upkeep.chores():
            self._spawn(chore)
        if self.advertise:
            from ..discovery import Advertiser, advertised_addresses

            addresses = advertised_addresses(bind)
            if addresses:
                self._advertiser = Advertiser(self.name, self.port, addresses, ssh_port=self.ssh_port)
                await self._advertiser.start()
            else:
                log.info("bound to %s only: not advertised on the LAN", bind)
        log.info("host %r listening on port %s with %d tables", self.name, self.port, len(self.tables))
        return self.port

    async def stop(self) -> None:
        """Stop listening, close every connection and the database."""
        if self._advertiser is not None:
            await self._advertiser.stop()
            self._advertiser = None
        if self._server is not None:
            self._server.close()
        for conn in list(self.admission.connections):
            conn.abort()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()
            self._server = None
        for table in self.tables.values():
            table.close()
        self.thinkers.close()
        if self._store is not None:
            self._store.close()
            self._store = None

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def forget(self, gone: list[int]) -> None:
        """The forgotten tables leave the lobby, and their seat tokens stop working."""
        self.lobby.drop(gone)
        self.seat_tokens.drop(gone)

    def _hook(self, table: Table) -> None:
        """A table joins the lobby, set as this host sets its tables: its token changes reach the
        host's index of seat tokens, its bots think where the host's do."""
        if self.nudge_after is not None:
            table.turns.nudge_after = self.nudge_after
        if self.ask_seconds is not None:
            table.usher.door.seconds = self.ask_seconds
            table.helpers.seconds = self.ask_seconds
        table.usher.retoken = lambda old, new, seat: self._retoken(table.id, old, new, seat)
        table.usher.owners = lambda: self.deciders
        table.usher.known = self.known_person
        table.thinkers = self.thinkers
        table.audience.chat_tokens = TokenBucket(self.limits.table_chat_rate, self.limits.table_chat_burst)
        self.lobby.add(table)

    def _retoken(self, table: int, old: str | None, new: str | None, seat: int) -> None:
        """A seat's token changed: the index follows; a seat handed to another device is kept
        in the store, so that its earlier device may ask for it back also after a restart."""
        self.seat_tokens.retoken(table, old, new, seat)
        if old is not None and new is not None:
            try:
                self.store.save_moved(old, table, seat, keep=MOVED_TOKENS)
            except StoreError:
                log.exception("table %s: the earlier token of seat %s could not be kept", table, seat)

    def known_person(self, person: str | None) -> bool:
        """Whether ``person`` (a person token's hash) has sat at a table here, or played a game
        the evening's scoreboard counts."""
        if person is None:
            return False
        if any(s is not None and s.person_hash == person for t in self.tables.values() for s in t.seats):
            return True
        return self.store.knows_person(person)

    # -- one connection ----------------------------------------------------------------------

    def _connection(self) -> Connection:
        self._numbers += 1
        conn = Connection(self._numbers, self.limits, self._received, self._lost, self.admission.admit, self.budget)
        conn.on_caught_up = self._caught_up
        return conn

    def _caught_up(self, conn: Connection, tables: set[int]) -> None:
        """``conn`` was behind and has read what waited: each table it missed, as it is now."""
        for table_id in sorted(tables):
            table = self.tables.get(table_id)
            if table is not None and table.audience.is_at(conn):
                table.audience.send_current(conn)

    def _lost(self, conn: Connection) -> None:
        self.owners.discard(conn)
        self.deciders.discard(conn)
        if self.admission.lost(conn):
            for table_id in set(conn.seats) | conn.watching | conn.created | conn.asking | conn.helps:
                if (table := self.tables.get(table_id)) is not None:
                    table.usher.detach(conn)

    def _received(self, conn: Connection, data: dict[str, Any]) -> None:
        """One decoded frame: validated, then the hello or a request."""
        try:
            message = parse_client_message(data)
        except InvalidMessage as e:
            if conn.greeted:
                conn.bad_frame(e, data.get("rid"))
            else:
                conn.error(e)
                conn.close()
            return
        try:
            if conn.greeted:
                self._dispatch(conn, message)
            else:
                self._hello(conn, message)
        except Exception:
            log.exception("%r: unexpected failure; connection closed", conn)
            conn.close()

    def _hello(self, conn: Connection, hello: AnyAsk) -> None:
        if not isinstance(hello, Hello):
            conn.error(RequestError("hello_first"))
            conn.close()
            return
        if hello.version != PROTOCOL_VERSION:
            conn.error(RequestError("version", version=PROTOCOL_VERSION, asked=hello.version))
            conn.close()
            return
        conn.name = clean_name(hello.name)
        if hello.via is not None:
            address = vouched(self.relay_key, hello.via) if self.relay_key is not None else None
            if address is None:
                log.warning("%r: its hello's via is not vouched for by this host's SSH server; left aside", conn)
            else:
                self.admission.regroup(conn, address)
        if bot_like(conn.name):
            conn.error(RequestError("bad_name", reason="bot", name=conn.name))
            conn.close()
            return
        conn.greeted = True
        conn.send({"type": "welcome", "version": PROTOCOL_VERSION, "name": conn.name, "host": self.name,
                   "heartbeat": self.limits.heartbeat, "person": self._person(conn, hello.person),
                   "reach": self.reach, "rid": hello.rid})  # fmt: skip

    def _person(self, conn: Connection, token: str | None) -> str:
        """``conn`` is the person of ``token`` when this host gave that token, else a new person
        (:mod:`.evening`); the token for the client to keep."""
        persons = self._persons
        assert persons is not None, "the host is not started"
        if token is None or not persons.valid(token):
            token = persons.mint()
        conn.person = hash_token(token)
        return token

    def _dispatch(self, conn: Connection, message: AnyAsk) -> None:
        kind = message.type
        if kind == "ping":
            conn.send_bytes(PONG)
            return
        if kind == "pong":
            return
        if kind == "hello":
            conn.error(RequestError("hello_twice"), rid=message.rid)
            return
        if conn.probation and kind not in ("resume", "organise"):
            why = self.admission.full(conn) or RequestError("host_full", reason="full")
            conn.error(why, rid=message.rid)
            conn.close()
            return
        try:
            reply = self._handlers[kind](conn, message)
        except RequestError as e:
            conn.error(e, rid=message.rid, table=getattr(message, "table", None))
            if conn.probation:  # let in only to take a seat back, and that failed
                conn.close()
            return
        except StoreError:
            log.exception("%r: %s could not be stored", conn, kind)
            conn.error(
                RequestError("not_saved", reason="request"), rid=message.rid, table=getattr(message, "table", None)
            )
            return
        except Exception:
            log.exception("%r: %s failed", conn, kind)
            conn.error(RequestError("internal"), rid=message.rid)
            return
        if isinstance(reply, bytes):
            conn.send_bytes(reply)
        elif message.rid is not None or (reply is not None and reply["type"] != "ok"):
            answer: Reply = reply or {"type": "ok"}
            answer["rid"] = message.rid
            conn.send(answer)

    # -- the requests the host answers itself ------------------------------------------------

    def _create(self, conn: Connection, message: Create) -> Created:
        self.lobby.check_room(conn)
        check_turn(message.turn_seconds, self.limits.shortest_turn)
        if message.organised and message.sit:
            raise RequestError("bad_options", reason="organised_sit")
        delay = DEFAULT_BOT_DELAY if message.bot_delay is None else message.bot_delay
        organiser_token = secrets.token_urlsafe(24)
        table = Table.create(self.store, self._next_table, message.game, message.seats, dict(message.options),
                             open=message.open, bot_delay=delay, away_timeout=self.away_timeout,
                             seed=message.seed, taken_codes={t.code for t in self.tables.values()},
                             organised=message.organised, guests=message.guests,
                             turn_seconds=message.turn_seconds, organiser_hash=hash_token(organiser_token),
                             made_by=conn.group, creator=conn.person)  # fmt: skip
        self._next_table += 1
        self._house_rules(table, message)
        self._hook(table)
        table.audience.creators.add(conn)
        conn.created.add(table.id)
        conn.tables_made += 1
        table.audience.organiser = conn
        reply: Created = {"type": "created", "table": table.id, "code": table.code,
                                 "organiser_token": organiser_token}  # fmt: skip
        if message.sit:
            seat, token = table.usher.join(conn, 0)
            self.seat_tokens.add(hash_token(token), table.id, seat)
            reply |= {"seat": seat, "token": token}
        else:
            table.changed()
        return reply

    def _house_rules(self, table: Table, message: Create) -> None:
        """A table created from a set of house rules, its settings unchanged, carries the set's name
        (:mod:`.housesets`); a failure to keep it costs only the name."""
        name = self.house_sets.named(message, table.options)
        if name is not None:
            try:
                with self.store.atomic():
                    self.house_sets.mark(table.id, name)
            except StoreError:
                log.exception("table %s: the name of its house rules could not be kept", table.id)
                return
            table.house_rules = name

    def _join(self, conn: Connection, message: Join) -> Seated:
        table = self.lobby.table_for(conn, message.table, message.code)
        seat, token = table.usher.join(conn, message.seat)
        self.seat_tokens.add(hash_token(token), table.id, seat)
        return {"type": "seated", "table": table.id, "seat": seat, "token": token}

    def _resume(self, conn: Connection, message: Resume) -> Seated:
        table_id, seat = self.seat_tokens.seat_of(hash_token(message.token), self.tables)
        table = self.tables[table_id]
        if table.id in conn.seats and conn.seats[table.id] != seat:
            raise RequestError("already_seated", reason="other_seat")
        table.usher.resume(conn, seat)
        self.admission.promote(conn)
        return {"type": "seated", "table": table.id, "seat": seat, "token": message.token}

    def _reclaim(self, conn: Connection, message: Reclaim) -> ReclaimWaiting:
        self._count_reclaim(conn)
        table = self.lobby.table_for(conn, None, message.code)
        return table.usher.reclaim(conn, message.name)

    def _reclaim_back(self, conn: Connection, message: ReclaimBack) -> ReclaimWaiting:
        """The earlier device of a seat handed to another asks the table for it back."""
        self._count_reclaim(conn)
        where = self.seat_tokens.moved.get(hash_token(message.token))
        if where is None or where[0] not in self.tables:
            raise RequestError("bad_token", reason="seat")
        return self.tables[where[0]].usher.reclaim_back(conn, where[1])

    def _count_reclaim(self, conn: Connection) -> None:
        if not self._reclaims.take(conn.group):
            raise RequestError("reclaim_flood")

    def _help_ask(self, conn: Connection, message: HelpAsk) -> HelpWaiting:
        """Someone asks to help a seat (:mod:`.helpers`): rate-limited per address and per connection."""
        if not self._help_asks_each.ready(str(conn.number)) or not self._help_asks.take(conn.group):
            raise RequestError("help_flood", reason="ask")
        self._help_asks_each.take(str(conn.number))
        if message.code is None and message.table in conn.codes_known:  # watching it with its code
            table = self.lobby.table(message.table)
        else:
            table = self.lobby.table_for(conn, message.table, message.code)
        return table.helpers.ask(conn, message.seat)

    def _owner(self, conn: Connection, message: Owner) -> Ok:
        """The host's owner (``yule requests``): asked every open request for a seat, at every table."""
        wanted = self._owner_hash
        if wanted is None or not secrets.compare_digest(hash_token(message.token), wanted):
            raise RequestError("bad_token", reason="owner")
        self.owners.add(conn)
        if message.answers:
            self.deciders.add(conn)
            for table in self.tables.values():
                table.usher.tell_asks(conn)
        return {"type": "ok"}

    def _watch(self, conn: Connection, message: Watch) -> Ok:
        limits = self.limits
        if len(conn.watching) >= limits.watches_per_connection:
            raise RequestError("too_many_watches", reason="connection", watching=len(conn.watching))
        watched = sum(len(c.watching) for c in self.admission.connections if c.group == conn.group)
        if watched >= limits.watches_per_address:
            raise RequestError("too_many_watches", reason="address")
        table = self.lobby.table_for(conn, message.table, message.code)
        if message.code is not None:  # its info tells the code to a watcher who came with it
            if table.usher.code_is(message.code):
                conn.codes_known.add(table.id)
            else:  # an open table's, which is not asked for: counted as any wrong code is
                self.lobby.guessed_wrong(conn)
        conn.watching.add(table.id)
        table.audience.watch(conn)
        return {"type": "ok", "table": table.id}

    def _leave(self, conn: Connection, message: Leave) -> None:
        table = self.lobby.table(message.table)
        forgotten = table.usher.leave(conn)
        conn.watching.discard(table.id)
        conn.created.discard(table.id)
        if forgotten is not None:
            self.seat_tokens.forget(forgotten)

    def _organise(self, conn: Connection, message: Organise) -> Ok:
        wanted = hash_token(message.token)
        for table in self.tables.values():
            if table.organiser_hash is not None and secrets.compare_digest(wanted, table.organiser_hash):
                table.audience.organise(conn)
                table.changed(but=conn)  # everyone hears who runs the table now
                table.usher.tell_asks(conn)
                self.admission.promote(conn)
                return {"type": "ok", "table": table.id}
        raise RequestError("bad_token", reason="organiser")

    def _rename(self, conn: Connection, message: Rename) -> Ok:
        """Another name for this connection from now on: in its hello's place, for the seats it
        takes next and the tables it watches or organises.  A seat keeps the name it was taken
        under, so a connection holding one may not change its name."""
        if conn.seats:
            at = min(conn.seats)
            name = self.lobby.table(at).audience.name_of(conn)
            raise RequestError("seated", table=at, name=name)
        name = clean_name(message.name, "")
        if not name:
            raise RequestError("bad_name", reason="no_letter")
        if bot_like(name):
            raise RequestError("bad_name", reason="bot", name=name)
        conn.name = name
        for table_id in conn.created:
            if (table := self.tables.get(table_id)) is not None and table.audience.organiser is conn:
                table.changed()  # it names who runs the table
        return {"type": "ok", "name": name, "person": self._person(conn, message.person)}
