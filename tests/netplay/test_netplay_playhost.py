"""``yule play``'s host in a process of its own (:mod:`yule.netplay.host.playhost`): it says where it
listens, or why it cannot start, in one line; it serves until its input ends, its games kept
and its folder given back; the app's side reads that line and ends the process.  It is a private
room (no LAN limits on tables; a game given up ends at once), and a second ``yule play`` shares
its games: it plays at the first one's host, and serves them itself once that one stops.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import subprocess
import sys

import pytest
from conftest import until

from yule.netplay import default_data_dir
from yule.netplay.client import Client, HostError
from yule.netplay.host.playhost import PlayHostError, PlayHostProcess, claim_play_folder, open_play_host, serve


async def test_the_host_says_where_it_listens_and_stops_its_games_kept_when_its_input_ends():
    said, (reading, writing) = io.StringIO(), os.pipe()
    with os.fdopen(reading, "rb") as until_closed:
        served = asyncio.create_task(serve("white-elephant", said, until_closed))
        await until(lambda: said.getvalue().endswith("\n"), "the line")
        where = json.loads(said.getvalue())
        assert where["folder"] == str(default_data_dir() / "play") and where["warning"] is None
        async with Client("127.0.0.1", where["port"], name="Ana") as ana:
            table = (await ana.create_table("white-elephant", 3))["table"]
            await ana.fill_bots(table)
            await ana.start(table)
        assert not served.done()
        os.close(writing)  # the app ends
        await asyncio.wait_for(served, 30)
    folder = default_data_dir() / "play"
    held = claim_play_folder(folder)
    assert held is not None
    with held:  # given back
        assert str(folder) == where["folder"] and "yule.db" in os.listdir(folder)
        assert "host.json" not in os.listdir(folder)  # nobody serves it now
    said = io.StringIO()
    (reading, writing) = os.pipe()
    os.close(writing)
    with os.fdopen(reading, "rb") as closed:
        await serve(None, said, closed)  # the next one serves the same folder, the game kept
    assert json.loads(said.getvalue())["folder"] == str(folder)


async def test_a_host_that_cannot_start_says_why_instead_of_where():
    play = default_data_dir() / "play"
    play.mkdir(parents=True)
    (play / "yule.db").write_bytes(b"not a database, " * 100)
    said = io.StringIO()
    await serve("elf", said, io.BytesIO())
    (line,) = said.getvalue().splitlines()
    told = f"The game's host cannot start: the data folder {play} cannot be used: file is not a database"
    assert json.loads(line) == {"error": told}


async def test_the_app_reads_where_the_host_listens_and_ends_it():
    process = PlayHostProcess.start("gift-list")
    try:
        port = await asyncio.wait_for(process.ready(), 60)
        assert process.folder == default_data_dir() / "play" and process.warning is None
        async with Client("127.0.0.1", port, name="Ana") as ana:
            assert await ana.list_tables() == []
    finally:
        process.close()
    assert process.process.returncode == 0  # it stopped when its input closed, not killed


@pytest.mark.parametrize(
    ("says", "told"),
    [
        (
            '{"error": "The game\'s host cannot start: no room"}',
            "The game's host cannot start: no room",
        ),
        ("", "The game's host stopped as it started (exit code 3)."),
    ],
)
async def test_a_host_process_that_did_not_start_is_told_in_words(says, told):
    child = f"import sys; print({says!r}, flush=True) if {says!r} else None; sys.exit(3)"
    process = PlayHostProcess(
        subprocess.Popen([sys.executable, "-c", child], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    )
    try:
        with pytest.raises(PlayHostError) as refused:
            await asyncio.wait_for(process.ready(), 60)
        assert str(refused.value) == told
    finally:
        process.close()


async def test_a_data_folder_that_cannot_be_used_gives_a_passing_one_and_says_so(tmp_path, monkeypatch):
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    said = io.StringIO()
    await serve(None, said, io.BytesIO())
    where = json.loads(said.getvalue())
    assert where["warning"].startswith("Games cannot be kept this time (") and str(blocked) in where["warning"]
    assert not where["folder"].startswith(str(blocked))
    assert not await asyncio.to_thread(os.path.exists, where["folder"])  # gone with the host


async def open_pipe() -> tuple[io.BufferedReader, int]:
    """The reading end of a pipe, as a play host's input (the app's end: the file descriptor to close)."""
    reading, writing = os.pipe()
    return os.fdopen(reading, "rb"), writing


async def test_a_play_host_makes_a_new_game_after_sixty_kept_ones_each_from_its_own_connection():
    host, _, _, held = await open_play_host()
    try:
        for _ in range(61):  # yule play 61 times, each game kept (q mid-game)
            async with Client("127.0.0.1", host.port, name="Ana") as ana:
                table = (await ana.create_table("white-rabbit", 2))["table"]
                await ana.fill_bots(table, "random")
                await ana.start(table)
        async with Client("127.0.0.1", host.port, name="Ana") as ana:
            for _ in range(21):  # and one run with more games than a connection may make at a LAN host
                await ana.create_table("white-rabbit", 2)
            listed = await ana.list_tables()
        assert len(listed) == 82 and len(host.tables) == 82  # every one listed: the menu offers each
    finally:
        await host.stop()
        held.close()


async def test_a_game_given_up_at_the_play_host_ends_there_and_its_seat_is_gone():
    host, _, _, held = await open_play_host()
    try:
        async with Client("127.0.0.1", host.port, name="Ana") as ana:
            kept = (await ana.create_table("white-rabbit", 2))["table"]
            dropped = await ana.create_table("white-rabbit", 2)
            for table in (kept, dropped["table"]):
                await ana.fill_bots(table, "random")
                await ana.start(table)
            await ana.leave(dropped["table"])  # the game menu's drop
            await until(lambda: dropped["table"] not in host.tables, "the game forgotten")
        async with Client("127.0.0.1", host.port, name="Ana") as back:
            with pytest.raises(HostError) as refused:
                await back.resume(dropped["token"])
            assert refused.value.code == "bad_token"
            assert [t["table"] for t in await back.list_tables()] == [kept]  # the game left, not given up, stays
    finally:
        await host.stop()
        held.close()


async def test_a_second_play_host_plays_at_the_first_and_serves_its_games_once_it_stops():
    first_said, second_said = io.StringIO(), io.StringIO()
    first_input, first_end = await open_pipe()
    second_input, second_end = await open_pipe()
    ends, served = [first_end, second_end], []
    try:
        served.append(asyncio.create_task(serve("white-rabbit", first_said, first_input)))
        await until(lambda: first_said.getvalue().endswith("\n"), "the first host's line")
        served.append(asyncio.create_task(serve(None, second_said, second_input)))
        await until(lambda: second_said.getvalue().endswith("\n"), "the second's line")
        where, also = json.loads(first_said.getvalue()), json.loads(second_said.getvalue())
        assert also == where  # the same host, the same folder: one list of kept games
        async with Client("127.0.0.1", also["port"], name="Ana", give_up_after=60) as ana:
            table = (await ana.create_table("white-rabbit", 2))["table"]
            await ana.fill_bots(table, "random")
            await ana.start(table)
            os.close(ends.pop(0))  # the first yule play ends; the second plays on
            await asyncio.wait_for(served[0], 30)
            async with asyncio.timeout(60):
                async for message in ana:  # her client reconnects by itself, at the same port
                    if message["type"] == "connection" and message["reason"] == "reconnected":
                        break
            seated = await ana.resume(ana.seats[table].token)
            assert seated.table == table and ana.tables[table]["status"] == "playing"
            assert second_said.getvalue().count("\n") == 1  # served at the same port: nothing more to say
            assert not served[1].done()
    finally:
        for end in ends:
            os.close(end)
        await asyncio.wait_for(asyncio.gather(*served, return_exceptions=True), 30)
        first_input.close()
        second_input.close()


async def test_the_app_follows_its_host_to_another_port():
    lines = [{"port": 40001, "folder": "/f", "warning": None}, {"port": 40002, "folder": "/f", "warning": None}]
    child = f"import sys; print({json.dumps(lines[0])!r}); print({json.dumps(lines[1])!r}); sys.stdin.read()"
    process = PlayHostProcess(
        subprocess.Popen([sys.executable, "-c", child], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    )
    moved: list[int] = []
    try:
        assert await asyncio.wait_for(process.ready(), 60) == 40001
        process.follow(moved.append)
        await until(lambda: moved, "the move")
        assert moved == [40002]
    finally:
        process.close()
