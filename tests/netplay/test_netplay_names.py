"""A connection's name (``rename``): cleaned like a hello's, used for the seats it takes next,
its chat and the tables it runs, kept across a reconnect; refused while it holds a seat (a seat
keeps the name it was taken under) and when nothing is left of it."""

from __future__ import annotations

import pytest
from conftest import until
from netplay_support import next_message

from yule.netplay.client import Client, HostError


async def test_a_new_name_is_cleaned_and_used_for_the_next_seat_the_chat_and_after_a_reconnect(host):
    async with Client("127.0.0.1", host.port, "Root") as me, Client("127.0.0.1", host.port, "Cy") as cy:
        created = await cy.create_table("white-elephant", 3)
        table = created["table"]
        assert await me.rename("  \x1b[31mAna\x1b[0m [b]L[/b] ") == "Ana [b]L[/b]"
        assert me.saved_seats() == [] and me.name == "Ana [b]L[/b]"
        await me.watch(table, created["code"])
        await me.chat(table, "hello")
        assert (await next_message(cy, "chat", text="hello"))["name"] == "Ana [b]L[/b]"
        await me.leave(table)
        claim = await me.join(table, created["code"])
        assert host.tables[table].seats[claim.seat].name == "Ana [b]L[/b]"
        (conn,) = [c for c in host.admission.connections if c.name == "Ana [b]L[/b]"]
        conn.abort()
        await next_message(me, "connection", state="connected")
        seat = host.tables[table].seats[claim.seat]
        await until(lambda: seat.conn not in (None, conn), "the seat resumed on the new connection")
        assert seat.conn.name == me.welcome["name"] == "Ana [b]L[/b]"  # the hello said the new name


async def test_no_new_name_while_seated_nor_an_empty_one(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        created = await ana.create_table("white-elephant", 3)
        table = created["table"]
        with pytest.raises(HostError) as refused:
            await ana.rename("Bea")
        assert refused.value.code == "seated"
        assert refused.value.message == f"You sit at table {table} as Ana: leave that table to play under another name."
        await ana.leave(table)
        for blank in ("", "   ", "\x1b[2J\x07"):
            with pytest.raises(HostError) as refused:
                await ana.rename(blank)
            assert refused.value.code == "bad_name"
        with pytest.raises(HostError) as refused:
            await ana.rename("x" * 65)  # past the wire's cap
        assert refused.value.code == "invalid"
        assert await ana.rename("Bea") == "Bea"


async def test_the_players_of_a_table_run_by_someone_without_a_seat_see_the_new_name(host):
    async with Client("127.0.0.1", host.port, "Host") as organiser, Client("127.0.0.1", host.port, "Ben") as ben:
        created = await organiser.create_table("white-elephant", 3, sit=False)
        table = created["table"]
        await ben.join(table, created["code"])
        assert (await next_message(ben, "table", table=table))["run_by"] == "Host"
        await organiser.rename("Santa")
        await next_message(ben, "table", table=table, run_by="Santa")
