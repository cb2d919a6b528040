"""``yule play``'s host in a process of its own (:mod:`yule.netplay.playhost`): it says where it
listens, or why it cannot start, in one line; it serves until its input ends, its games kept
and its folder given back; the app's side reads that line and ends the process.
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
from yule.netplay.client import Client
from yule.netplay.playhost import PlayHostError, PlayHostProcess, claim_play_folder, serve


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
    folder, held = claim_play_folder()
    with held:  # given back
        assert str(folder) == where["folder"] and "yule.db" in os.listdir(folder)
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
