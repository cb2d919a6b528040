"""Table chat over a real host: to the table only, cleaned, rate-limited, kept (also across a
restart) with where in the game each line was said, and never in a game record."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from conftest import FAST, running
from game_support import logged
from netplay_support import next_message, old_store

from yule.netplay import CHAT_LENGTH
from yule.netplay.client import Client, HostError, may_move
from yule.netplay.client.follower import log_lines
from yule.netplay.host.chat import CHAT_KEPT
from yule.netplay.host.server import Host
from yule.netplay.host.store import ChatRow
from yule.tui.widgets import log_text

HOSTILE = "look \x1b[31mred\x1b[0m [bold]here[/] \x1b]0;pwned\x07\u202eok\r\nbye"
CLEANED = "look red [bold]here[/] ok bye"
CHATTY = replace(FAST, chat_burst=200.0, table_chat_burst=200.0)


async def frames_until_own_chat(client: Client, table: int, text: str) -> list[dict]:
    """Every frame the client gets until its own line ``text`` comes back from ``table``.

    The host handles one connection's frames in order, so anything it sent this client
    before that line has arrived by then."""
    await client.chat(table, text)
    seen = []
    async for msg in client:
        seen.append(msg)
        if msg["type"] == "chat" and msg["table"] == table and msg["text"] == text:
            return seen
    raise AssertionError("the client stopped before its own chat line came back")


async def test_a_line_reaches_the_table_cleaned_with_brackets_kept_and_nobody_else(host):
    port = host.port
    async with (
        Client("127.0.0.1", port, "Ana") as ana,
        Client("127.0.0.1", port, "Ben") as ben,
        Client("127.0.0.1", port, "[TV] \x1b[2Jsofa") as tv,
        Client("127.0.0.1", port, "Other") as other,
    ):
        created = await ana.create_table("white-elephant", 3)
        table = created["table"]
        await ben.join(table, created["code"])
        await tv.watch(table, created["code"])
        elsewhere = (await other.create_table("white-elephant", 3))["table"]
        await ana.chat(table, HOSTILE)
        expected = {"type": "chat", "table": table, "seat": 0, "name": "Ana", "text": CLEANED, "game_no": 0, "seq": 0}
        assert await next_message(ben, "chat") == expected
        assert await next_message(tv, "chat") == expected
        assert await next_message(ana, "chat") == expected
        await tv.chat(table, "[i]from the sofa[/i]")  # a spectator has no seat
        assert await next_message(ben, "chat") == {
            "type": "chat", "table": table, "seat": None, "name": "[TV] sofa", "text": "[i]from the sofa[/i]",
            "game_no": 0, "seq": 0,
        }  # fmt: skip
        seen = await frames_until_own_chat(other, elsewhere, "anyone?")
        assert not [m for m in seen if m.get("table") == table]
        assert not [m for m in seen[:-1] if m["type"] == "chat"]
        with pytest.raises(HostError) as refused:
            await other.chat(table, "let me in")
        assert refused.value.code == "not_at_table"


async def test_long_lines_are_cut_and_empty_ones_refused(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        table = (await ana.create_table("white-elephant", 3))["table"]
        await ana.chat(table, "x" * 1500)
        assert (await next_message(ana, "chat"))["text"] == "x" * CHAT_LENGTH
        for blank in ("", "   ", "\x1b[2J\x07\n"):
            with pytest.raises(HostError) as refused:
                await ana.chat(table, blank)
            assert refused.value.code == "empty_chat"
        with pytest.raises(HostError) as refused:  # past the wire's own cap: refused as invalid
            await ana.chat(table, "y" * 3000)
        assert refused.value.code == "invalid"


async def test_chat_is_rate_limited_per_connection_and_the_connection_stays(tmp_path):
    host = Host(tmp_path, limits=replace(FAST, chat_rate=0.0, chat_burst=5.0))
    async with (
        running(host) as port,
        Client("127.0.0.1", port, "Ana") as ana,
        Client("127.0.0.1", port, "Ben") as ben,
    ):
        created = await ana.create_table("white-elephant", 3)
        table = created["table"]
        await ben.join(table, created["code"])
        for n in range(5):
            await ana.chat(table, f"line {n}")
        with pytest.raises(HostError) as refused:
            await ana.chat(table, "one too many")
        assert refused.value.code == "chat_flood"
        assert await ana.list_tables()  # still connected and served
        await ben.chat(table, "my own allowance")  # another connection's lines are its own
        lines = [(await next_message(ben, "chat"))["text"] for _ in range(6)]
        assert lines == [f"line {n}" for n in range(5)] + ["my own allowance"]


async def test_the_last_lines_come_with_the_log_on_watch_and_resume_and_after_a_restart(tmp_path):
    host = Host(tmp_path, limits=CHATTY)
    async with running(host) as port:
        ana = Client("127.0.0.1", port, "Ana", reconnect=False)
        await ana.connect()
        created = await ana.create_table("white-elephant", 3, bot_delay=0)
        table, token = created["table"], created["token"]
        for n in range(CHAT_KEPT + 5):
            await ana.chat(table, f"line {n}")
        kept = [f"line {n}" for n in range(5, CHAT_KEPT + 5)]
        async with Client("127.0.0.1", port, "TV") as tv:
            await tv.watch(table, created["code"])
            log = await next_message(tv, "log", table=table)
            assert log["entries"] == [] and [c["text"] for c in log["chat"]] == kept
            assert log["chat"][0] == {"type": "chat", "table": table, "seat": 0, "name": "Ana", "text": "line 5",
                                      "game_no": 0, "seq": 0}  # fmt: skip
        await ana.close()
    host = Host(tmp_path, limits=CHATTY)
    async with running(host) as port, Client("127.0.0.1", port, "Ana again") as again:
        await again.resume(token)
        log = await next_message(again, "log", table=table)
        assert [c["text"] for c in log["chat"]] == kept
        await again.chat(table, "still here")
        assert (await next_message(again, "chat"))["name"] == "Ana"  # the seat's name, not the hello's


async def test_chat_goes_on_after_a_reconnect(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana, Client("127.0.0.1", host.port, "Ben") as ben:
        created = await ana.create_table("white-elephant", 3)
        table = created["table"]
        await ben.join(table, created["code"])
        await ana.chat(table, "before the drop")
        await next_message(ben, "chat", text="before the drop")
        (conn,) = [c for c in host.admission.connections if c.name == "Ben"]
        conn.abort()
        await next_message(ben, "connection", state="reconnecting")
        await next_message(ben, "connection", state="connected")
        log = await next_message(ben, "log", table=table)  # the seat resumed: the chat so far comes along
        assert [c["text"] for c in log["chat"]] == ["before the drop"]
        await ben.chat(table, "back again")
        assert (await next_message(ana, "chat", text="back again"))["seat"] == 1
        await ana.chat(table, "welcome back")
        await next_message(ben, "chat", text="welcome back")


async def test_chat_is_never_written_in_a_game_record(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        created = await ana.create_table("white-elephant", 3, bot_delay=0, sit=False)
        table = created["table"]
        await ana.fill_bots(table)
        await ana.chat(table, "a secret between friends")
        await ana.start(table)
        await next_message(ana, "table", table=table, status="over")
    (path,) = (host.data_dir / "records").glob("*.json")
    assert "a secret between friends" not in path.read_text()
    assert "chat" not in json.loads(path.read_text())


async def test_old_lines_come_back_where_they_were_said_also_after_a_restart(tmp_path):
    """Each line carries where in the table's games it was said; the log frame's entries their
    seq: merged, a line said at Ana's turn stays after the moves before it, before the ones after."""
    host = Host(tmp_path, limits=CHATTY)
    async with running(host) as port, Client("127.0.0.1", port, "Ana", reconnect=False) as ana:
        created = await ana.create_table("white-elephant", 3, bot_delay=0, seed="chat")
        table = created["table"]
        await ana.chat(table, "before the game")
        await ana.fill_bots(table, "greedy")
        await ana.start(table)
        said = []
        async for msg in ana:
            if may_move(msg) and len(said) < 2:
                await ana.chat(table, f"at move {msg['seq']}")
                line = await next_message(ana, "chat", text=f"at move {msg['seq']}")
                assert (line["game_no"], line["seq"]) == (1, msg["seq"])
                said.append(msg["seq"])
                await ana.move(table, {"type": "clear" if msg["view"]["actions"]["clear"] is None else "end"})
            elif len(said) == 2:
                break
    merged = []
    for _ in range(2):  # the host as it ran, then started again over the same folder
        host = Host(tmp_path, limits=CHATTY)
        async with running(host) as port, Client("127.0.0.1", port, "TV") as tv:
            await tv.watch(table, created["code"])
            log = await next_message(tv, "log", table=table)
            assert log["game_no"] == 1 and all(isinstance(e["seq"], int) for e in log["entries"])
            at = host.tables[table]
            lines = [str(log_text(line, at.game.name, at.players)) for line in log_lines(log)]
            merged.append([line for line in lines if "started" not in line])  # said live, rebuilt the same
            first = lines.index(f"chat│ Ana: at move {said[0]}")
            assert lines[0] == "chat│ Ana: before the game"
            before = logged(at, [e for e in log["entries"] if e["seq"] <= said[0]])
            assert lines[first - len(before) : first] == before  # right after the moves made before it
            assert lines[first + 1] == logged(at, [next(e for e in log["entries"] if e["seq"] > said[0])])[0]
    assert merged[0] == merged[1]


def test_a_database_from_before_chat_positions_keeps_its_lines_without_a_place(tmp_path):
    store = old_store(tmp_path, "CREATE TABLE chat (table_id INTEGER NOT NULL, n INTEGER NOT NULL, seat INTEGER, name TEXT "
                      "NOT NULL, text TEXT NOT NULL, PRIMARY KEY (table_id, n))",
                      "INSERT INTO chat VALUES (4, 1, 0, 'Ana', 'from an older host')")  # fmt: skip
    try:
        store.add_chat(4, ChatRow(None, "TV", "and now", 2, 17), keep=CHAT_KEPT)
        assert store.load_chat(4, CHAT_KEPT) == [
            ChatRow(0, "Ana", "from an older host", None, None), ChatRow(None, "TV", "and now", 2, 17),
        ]  # fmt: skip
    finally:
        store.close()


async def test_a_line_said_after_an_undo_comes_back_after_it(host):
    """An undo takes the lines of the move it takes back off the log so far, so its entries stay
    in the order of their seq: a line said after the undo comes back after the undo's line."""
    async with Client("127.0.0.1", host.port, "Org") as org, Client("127.0.0.1", host.port, "TV") as tv:
        created = await org.create_table("gift-exchange", 2, organised=True, guests=["Ana", "Ben"], sit=False)
        table = created["table"]
        await org.start(table)
        for seat, label in enumerate(["Socks", "Mug"]):
            await org.move(table, {"type": "bring", "label": label, "wrapping": "box"}, seat=seat)
        (acting,) = (await next_message(org, "view", table=table, seq=3))["acting"]
        await org.move(table, {"type": "open", "gift": acting["actions"]["open"][0]}, seat=acting["seat"])
        assert await org.undo(table) == 3
        await org.chat(table, "after the undo")
        await tv.watch(table, created["code"])
        log = await next_message(tv, "log", table=table)
        at = host.tables[table]
        words = logged(at, log["entries"])
        lines = [str(log_text(line, at.game.name, at.players)) for line in log_lines(log)]
    seqs = [entry["seq"] for entry in log["entries"]]
    assert seqs == sorted(seqs) and not any(" opened " in line for line in words[:-1])
    assert lines[-2:] == [words[-1], "chat│ Org (watching): after the undo"]
    assert lines[-2].startswith("Undone: ")
