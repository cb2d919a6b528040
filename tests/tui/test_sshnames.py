"""The SSH guests' name book on its own: a key's quota of names, a full book forgetting the name
unused the longest, ``yule ssh-names --release-key``, and a book from before names had a last use."""

from __future__ import annotations

import datetime
import json

import pytest

from yule.tui.cli import main
from yule.tui.ssh.names import NAMES_FILE, NAMES_PER_KEY, NameBook, NamesError

EVE = datetime.datetime(2024, 12, 24, 18, 0, tzinfo=datetime.UTC)


@pytest.fixture
def clock(monkeypatch):
    """The book's clock, set by the test: ``clock[0]``."""
    now = [EVE]
    monkeypatch.setattr("yule.tui.ssh.names._now", lambda: now[0])
    return now


def test_one_key_making_up_names_keeps_only_its_quota_and_its_latest(tmp_path, clock):
    book = NameBook(tmp_path)
    for n in range(NAMES_PER_KEY * 4):  # n0000, n0001, ... from one key: the book filler
        clock[0] = EVE + datetime.timedelta(minutes=n)
        claim = book.claim(f"n{n:04}", "key-a")
        assert claim.new and claim.folder.is_dir()
    held = [h.name for h in book.holders()]
    assert held == [f"n{n:04}" for n in range(NAMES_PER_KEY * 3, NAMES_PER_KEY * 4)]
    assert not book.folder("n0000").exists()  # forgotten with its seats
    assert book.claim("ana", "key-b").new  # others still find room

    clock[0] += datetime.timedelta(hours=1)
    mine = book.claim(held[0], "key-a")  # used again: now the latest
    assert not mine.new
    book.claim("fresh", "key-a")
    assert held[0] in [h.name for h in book.holders()] and held[1] not in [h.name for h in book.holders()]


def test_a_full_book_forgets_the_name_unused_the_longest_once_it_is_old_enough(tmp_path, clock, monkeypatch):
    monkeypatch.setattr("yule.tui.ssh.names.MAX_NAMES", 3)
    book = NameBook(tmp_path)
    for n, name in enumerate(("ana", "ben", "cy")):
        clock[0] = EVE + datetime.timedelta(hours=n)
        book.claim(name, f"key-{name}")
    with pytest.raises(NamesError, match="This party holds as many SSH names as it can, all used lately"):
        book.claim("dee", "key-dee")  # ana was here two hours ago: she keeps her name

    clock[0] = EVE + datetime.timedelta(hours=13)
    assert not book.claim("ana", "key-ana").new  # ana comes back: ben is the longest unused now
    assert book.claim("dee", "key-dee").new
    assert [h.name for h in book.holders()] == ["ana", "cy", "dee"]
    assert not book.folder("ben").exists()


def test_release_key_forgets_every_name_a_key_holds(tmp_path, capsys):
    book = NameBook(tmp_path)
    book.claim("dee", "SHA256:aaa")
    book.claim("dee", "SHA256:bbb")  # dee 2
    book.claim("eve", "SHA256:bbb")
    assert main(["ssh-names", "--data", str(tmp_path), "--release-key", "SHA256:bbb"]) == 0
    assert "dee 2 and eve" in capsys.readouterr().out
    assert [h.name for h in book.holders()] == ["dee"]
    assert not book.folder("eve").exists()
    assert main(["ssh-names", "--data", str(tmp_path), "--release-key", "aaa"]) == 0  # without SHA256: too
    assert not book.holders()
    assert main(["ssh-names", "--data", str(tmp_path), "--release-key", "SHA256:bbb"]) == 1
    assert "holds no name here" in capsys.readouterr().err


def test_a_book_from_before_names_had_a_last_use_still_loads(tmp_path, clock, monkeypatch):
    names = {"ana": {"name": "ana", "key": "key-ana", "first_seen": "2024-12-20T18:00:00+01:00"},
             "ben": {"name": "ben", "key": "key-ben"}}  # fmt: skip
    (tmp_path / NAMES_FILE).write_text(json.dumps({"names": names}))
    book = NameBook(tmp_path)
    assert [h.last_used for h in book.holders()] == ["", "2024-12-20T18:00:00+01:00"]
    assert book.claim("ana", "key-ana").name == "ana"
    monkeypatch.setattr("yule.tui.ssh.names.MAX_NAMES", 2)
    assert book.claim("cy", "key-cy").new  # ben, of unknown age, is forgotten first
    assert [h.name for h in book.holders()] == ["ana", "cy"]
