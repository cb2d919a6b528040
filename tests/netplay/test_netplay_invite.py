"""What the TV of a waiting table needs to invite people in, and nothing more (issue 26, §2).

- Every welcome says how people reach the host (``reach``): its addresses and port, the port
  it serves the app over SSH on, if it does, and whether SSH asks a party word (never the word).
- The join code goes in table info to the table's creator and seated players (as before) and
  to a watcher who came with it (any case, spaces around), and to nobody else: not to a
  watcher of an open table that turns private, nor to one who came with a wrong code to an
  open table (which counts as a wrong code, so that watching cannot try codes unchecked).
"""

from __future__ import annotations

from conftest import running
from netplay_support import Raw, next_message

from yule.netplay.client import Client
from yule.netplay.host.connection import Limits
from yule.netplay.host.server import Host


async def test_the_welcome_says_how_to_reach_the_host(tmp_path):
    host = Host(tmp_path / "ssh", ssh_port=2222, party_word=True)
    async with running(host) as port, Client("127.0.0.1", port, "TV") as tv:
        assert tv.welcome is not None
        assert tv.welcome["reach"] == {"addresses": ["127.0.0.1"], "port": port, "ssh_port": 2222, "party_word": True}
    async with running(Host(tmp_path / "plain")) as port, Client("127.0.0.1", port, "TV") as tv:
        assert tv.welcome is not None
        assert tv.welcome["reach"] == {"addresses": ["127.0.0.1"], "port": port, "ssh_port": None, "party_word": False}


async def test_the_code_goes_only_to_those_at_the_table_and_to_a_watcher_who_came_with_it(host):
    async with (
        Client("127.0.0.1", host.port, "Ana") as ana,
        Client("127.0.0.1", host.port, "Ben") as ben,
        Client("127.0.0.1", host.port, "TV") as tv,
        Client("127.0.0.1", host.port, "Eve") as eve,
        Client("127.0.0.1", host.port, "Mal") as mal,
    ):
        created = await ana.create_table("white-rabbit", 3, open=True)
        table, code = created["table"], created["code"]
        await tv.watch(table, f" {code.lower()} ")
        await eve.watch(table)  # an open table: no code asked, none given
        await mal.watch(table, "AAAAAA" if code != "AAAAAA" else "BBBBBB")  # a wrong code: no harm, no code
        await ben.join(table)
        for client in (ana, ben, tv, eve, mal):  # everyone's info once Ben sat down
            await next_message(client, "table", table=table, when=lambda info: info["seats"][1] is not None)
        await ana.set_open(table, False)
        told = {
            client.name: (await next_message(client, "table", table=table, open=False)).get("code")
            for client in (ana, ben, tv, eve, mal)
        }
        assert told == {"Ana": code, "Ben": code, "TV": code, "Eve": None, "Mal": None}


async def test_a_wrong_code_to_watch_an_open_table_counts_as_a_wrong_code(tmp_path):
    host = Host(tmp_path, limits=Limits(code_guesses=2, code_guess_rate=0.0))
    async with running(host) as port, Client("127.0.0.1", port, "Ana") as ana:
        created = await ana.create_table("elf", 2, open=True)
        table, code = created["table"], created["code"]
        guesser = await Raw.open(port, address="127.0.0.2")
        wrong = [c for c in ("AAAAAA", "BBBBBB", "CCCCCC") if c != code]
        for guess in wrong[:2]:
            assert (await guesser.ask({"type": "watch", "table": table, "code": guess}))["type"] == "ok"
        stopped = await guesser.ask({"type": "watch", "table": table, "code": code})
        assert stopped["code"] == "too_many_guesses"
        await guesser.close()
