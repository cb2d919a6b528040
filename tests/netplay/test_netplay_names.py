"""A connection's name (``rename``): cleaned like a hello's, used for the seats it takes next,
its chat and the tables it runs, kept across a reconnect; refused while it holds a seat (a seat
keeps the name it was taken under) and when nothing is left of it.  What draws nothing makes no
second name (``dee`` with an invisible letter after it is ``dee``, numbered beside ``Dee``), and
no person goes by a name the host gives its bots (hello, rename, an organiser's guests).  Any
string cleaned is a nickname of RFC 8266 with a letter or a digit, or no name (hypothesis)."""

from __future__ import annotations

import unicodedata

import pytest
from conftest import until
from hypothesis import given
from hypothesis import strategies as st
from netplay_support import next_message
from precis_i18n import get_profile

from yule.core.bots import bot_title
from yule.core.registry import all_games
from yule.netplay.client import Client, HostError
from yule.netplay.names import BLANK, NAME_LENGTH, bot_like, bot_refusal, clean_name, plain_line

TWINS = ["dee" + ch for ch in ("\u2800", "\u115f", "\u3164", "\u034f")]
"""``dee`` with what a terminal draws as nothing after it: braille blank, Hangul fillers, the
combining grapheme joiner."""


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


async def test_invisible_letters_make_no_second_name_at_a_table(host):
    async with Client("127.0.0.1", host.port, "Dee") as dee:
        created = await dee.create_table("white-elephant", 6)
        for twin in TWINS:
            async with Client("127.0.0.1", host.port, twin) as other:
                assert other.welcome is not None and other.welcome["name"] == "dee"
                await other.join(None, created["code"])
                await until(lambda: other.seats, "seated")
        names = [s.name if s else None for s in host.tables[created["table"]].seats]
        assert names == ["Dee", "dee 2", "dee 3", "dee 4", "dee 5", None]


async def test_a_name_of_nothing_visible_is_no_name_nor_is_a_mark_without_its_letter(host):
    async with Client("127.0.0.1", host.port, "\u2800") as blank:
        assert blank.welcome is not None and blank.welcome["name"] == "Player"  # the hello's fallback
        for nothing in ("\u2800", "\u3164\u115f", "\u0301", " \u200b\u2800 ", "---"):
            with pytest.raises(HostError) as refused:
                await blank.rename(nothing)
            assert refused.value.code == "bad_name"
        assert await blank.rename("\u0301Ana \u0308Bo") == "Ana Bo"  # a mark that starts a word has no letter
        assert await blank.rename("Zo\u0308e Nguye\u0302\u0303n") == "Zöe Nguyễn"  # composed: NFKC


async def test_a_person_may_not_go_by_a_name_the_host_gives_its_bots(host):
    for name in ("Hard Bot 9 (bot)", "hard bot", "Normal Bot 3"):
        with pytest.raises(HostError) as refused:
            async with Client("127.0.0.1", host.port, name):
                pass
        assert refused.value.code == "bad_name" and refused.value.message == bot_refusal(name)
    async with Client("127.0.0.1", host.port, "Ana") as ana:
        for name in ("Hard Bot 9 (bot)", "hard bot", "Normal Bot 3", "N0RMAL BOT 3", "Ana (bot)"):
            with pytest.raises(HostError) as refused:
                await ana.rename(name)
            assert refused.value.code == "bad_name" and "host's bots" in refused.value.message
        with pytest.raises(HostError, match="Easy Bot reads as the name of one of the host's bots") as refused:
            await ana.create_table("gift-exchange", 2, organised=True, guests=["Ben", "Easy Bot"], sit=False)
        assert refused.value.code == "bad_options"
        created = await ana.create_table("white-elephant", 3)
        await ana.fill_bots(created["table"])  # the bots are named as ever
        names = [s.name for s in host.tables[created["table"]].seats]
        assert names[1:] == ["Normal Bot 2", "Normal Bot 3"] and all(bot_like(n) for n in names[1:])
        assert ana.name == "Ana"


def test_every_name_the_host_gives_a_bot_is_kept_from_people():
    kinds = {kind for game in all_games() for kind in game.bots}
    for kind in kinds:
        title = bot_title(kind)
        for name in (f"{title} Bot", f"{title} Bot 1", f"{title} Bot 12", f"{title.upper()} BOT 3 (bot)"):
            assert bot_like(name), name
    for name in ("Ana", "Bo", "Hard 1", "Normal 2", "Robot", "Abbot", "Bot", "Hardy", "Kindly Bob"):
        assert not bot_like(name), name  # yule bots' own clients are Hard 1, Hard 2 ...


NICKNAME = get_profile("NicknameCasePreserved")
IGNORABLE = NICKNAME.base.ucd.default_ignorable
ODD = "\u2800\u115f\u1160\u3164\uffa0\u034f\u17b4\u17b5\u180e\u200b\u200c\u200d\u200e\u200f\u2060\u2064\ufeff\ufe0f\U000e0041\U000e0100\U0001d159\U00016fe4\u0301\u0336\u00a8\u3000 \x1b[]"
"""What draws nothing, or sits on what comes before, or steers a terminal."""


@given(st.text(st.one_of(st.characters(), st.sampled_from(ODD), st.sampled_from("deDE0l")), max_size=40))
def test_a_name_cleaned_is_a_nickname_with_a_letter_or_digit_or_none(raw):
    name = clean_name(raw, "")
    assert clean_name(name, "") == name  # cleaning a clean name changes nothing
    if not name:
        return
    assert NICKNAME.enforce(name) == name == plain_line(name)  # nothing the profile disallows, no escape
    assert not any(IGNORABLE(ord(ch)) or ch in BLANK for ch in name)
    assert any(unicodedata.category(ch)[0] in "LN" for ch in name)
    assert all(unicodedata.category(word[0])[0] != "M" for word in name.split(" "))
    assert len(name) <= NAME_LENGTH


def test_ordinary_names_are_as_they_were():
    for name in (
        "Zoë",
        "Nguyễn Thị Ánh",
        "山田太郎",
        "홍길동",
        "Ελένη",
        "Анна",
        "محمد",
        "[bold]Bob[/]",
        "l·l",
        "O'Neil-Smith",
    ):
        assert clean_name(name, "") == unicodedata.normalize("NFC", name), name
    assert clean_name("Ａｎａ　Ｂｅｅ") == "Ana Bee" and clean_name("\uff21na") == "Ana"
