"""Refusals as data: a code and its params on the wire, the English worded once.

- Every refusal the host's source raises names a code of :data:`~yule.netplay.refusal.WORDING`
  (and one of its reasons, where the code has several) and passes exactly its params (those its
  English template names, its reason, the seat of a player it names: ``params_of``), read from
  the source itself: a new refusal cannot skip the table,
  and no wording in the table is left without a refusal that uses it.  An illegal move (and
  options the rules refuse) carry the rules' kind and facts, worded by the rules.
- docs/protocol.md names every code and every reason.
- The error frame a client gets carries the code, the params and the same English as before.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from netplay_support import next_message

import yule.netplay
from yule.core.gift_exchange.reasons import REASONS as GIFT_EXCHANGE
from yule.core.gift_exchange.state import NoStealBack
from yule.netplay.client import Client, HostError
from yule.netplay.refusal import RULES, WORDING, RequestError, params_of, template
from yule.netplay.wire import FrameError

REFUSALS = {"RequestError", "FrameError", "InvalidMessage"}
"""The classes a refusal is raised as (FrameError and InvalidMessage are RequestErrors)."""

DOCS = Path(__file__).parents[2] / "docs" / "protocol.md"


def raised() -> list[tuple[str, int, ast.Call]]:
    """Every refusal made in netplay's source: (file, line, the call), ``cls(...)`` in a refusal class too."""
    out = []
    for path in sorted(Path(yule.netplay.__file__).parent.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        classes = [c for c in ast.walk(tree) if isinstance(c, ast.ClassDef)]
        own = {id(node) for c in classes if c.name in REFUSALS for node in ast.walk(c)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if (isinstance(func, ast.Name) and (func.id in REFUSALS or (func.id == "cls" and id(node) in own))) or (
                isinstance(func, ast.Attribute) and func.attr == "ruled"
            ):
                out.append((path.name, node.lineno, node))
    return out


def constants(node: ast.expr) -> list[object]:
    """The values an argument may take: a constant, or either side of ``a if c else b``."""
    if isinstance(node, ast.Constant):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return constants(node.body) + constants(node.orelse)
    return [node]  # not a constant: reported


def test_every_refusal_raised_has_its_english_and_exactly_the_params_it_names():
    used: set[tuple[str, object]] = set()
    problems = []
    sites = raised()
    for file, line, call in sites:
        where = f"{file}:{line}"
        ruled = isinstance(call.func, ast.Attribute)
        first = call.args[0] if call.args else None
        code = first.value if isinstance(first, ast.Constant) else None
        if code not in WORDING:
            problems.append(f"{where}: the code is {ast.unparse(first) if first else 'missing'}, not one of WORDING's")
            continue
        if any(k.arg is None for k in call.keywords) or len(call.args) != (2 if ruled else 1):
            problems.append(f"{where}: params are passed by name, each one: {ast.unparse(call)}")
            continue
        given = {k.arg for k in call.keywords}
        reason = next((k.value for k in call.keywords if k.arg == "reason"), None)
        words = WORDING[code]
        reasons = constants(reason) if isinstance(words, dict) and reason is not None else [None]
        for value in reasons:
            if isinstance(words, dict) and value not in words:
                problems.append(f"{where}: {code} has the reasons {sorted(words)}, not {value!r}")
                continue
            wording = template(code, value)
            used.add((code, value))
            if wording is RULES:
                if not ruled:
                    problems.append(f"{where}: the rules word {code}: RequestError.ruled, with the rules' error")
                elif given != params_of(code, value):
                    problems.append(f"{where}: {code}'s params are the rules' kind and facts, not {sorted(given)}")
                continue
            wanted = params_of(code, value)
            if ruled or given != wanted:
                problems.append(f"{where}: {code} {value or ''} needs {sorted(wanted)}, is given {sorted(given)}")
    every = {(code, reason) for code, words in WORDING.items() for reason in (words if isinstance(words, dict) else [None])}  # fmt: skip
    assert problems == []
    assert sorted(every - used, key=str) == []  # no English left that no refusal says
    assert len(sites) > 100  # the walk found the refusals


def test_every_code_and_reason_is_in_the_protocol_document():
    text = DOCS.read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z_]+)`", text))
    missing = [code for code in WORDING if code not in named]
    missing += [f"{code}/{reason}" for code, words in WORDING.items() if isinstance(words, dict) for reason in words
                if reason not in named]  # fmt: skip
    assert missing == []


def test_a_refusal_is_worded_from_its_params():
    assert RequestError("bad_seat", reason="range", seats=4).message == "This table has seats 0 to 3."
    assert RequestError("bad_bot", game="white-rabbit", bots=["random", "greedy"]).message == (
        "White Rabbit bots: random, greedy."
    )
    assert RequestError("removed", name="Ana", minutes=3).message.endswith("sit here again in 3 minutes, or ask them.")
    assert RequestError("too_soon", reason="early", seat=1, name="Bob", waited=7, after=20.0).message == (
        "Bob's move began 7 seconds ago: give them a moment (after 20 seconds you can)."
    )
    assert FrameError.too_large(10, 12).params == {"most": 10, "size": 12}
    with pytest.raises(KeyError):
        RequestError("bad_seat", seats=4)  # which of its reasons
    with pytest.raises(KeyError):
        RequestError("bad_seat", reason="range")  # a param its words need
    refused = RequestError.ruled("illegal", NoStealBack(GIFT_EXCHANGE, "no_steal_back", gift=1))
    assert (refused.code, refused.params) == ("illegal", {"kind": "no_steal_back", "gift": 1})
    assert refused.message == "You can't steal gift #2 straight back in the same turn."
    with pytest.raises(ValueError):
        RequestError("illegal")  # the rules word it


async def test_an_error_frame_carries_the_code_its_params_and_the_same_words(host):
    async with Client("127.0.0.1", host.port, "Ana") as ana, Client("127.0.0.1", host.port, "Bob") as bob:
        created = await ana.create_table("white-rabbit", 2, open=True, bot_delay=30)
        table = created["table"]
        with pytest.raises(HostError) as refused:
            await bob.join(table, None, seat=5)
        assert (refused.value.code, refused.value.params) == ("bad_seat", {"reason": "range", "seats": 2})
        assert refused.value.message == "This table has seats 0 to 1."
        with pytest.raises(HostError) as refused:
            await bob.join(table, None, seat=0)
        assert (refused.value.code, refused.value.params, refused.value.message) == (
            "seat_taken", {}, "That seat is taken.")  # fmt: skip
        await ana.add_bot(table, kind="greedy")
        with pytest.raises(HostError) as refused:
            await bob.reclaim(created["code"], "Normal Bot 2")
        assert (refused.value.code, refused.value.params) == (
            "bad_seat", {"reason": "bot", "seat": 1, "name": "Normal Bot 2"})  # fmt: skip
        assert refused.value.message == "Normal Bot 2 is a bot: only a person's seat can be taken back."
        party = (await ana.create_table("gift-list", 3, bot_delay=30))["table"]  # everyone brings at once
        await ana.fill_bots(party)
        await ana.start(party)
        await next_message(ana, "view", table=party, when=lambda f: "actions" in f["view"])
        with pytest.raises(HostError) as refused:
            await ana.move(party, {"type": "bring", "card": "not-a-card"})
        assert (refused.value.code, refused.value.params) == ("illegal", {"kind": "not_in_attic"})
        assert refused.value.message == "That card is not in your attic."
        with pytest.raises(HostError) as refused:
            await ana.move(party, {"type": "steal", "from": 1})
        assert (refused.value.code, refused.value.params) == ("illegal", {"kind": "bringing"})
        assert refused.value.message == "Wait until everyone has brought a gift."
        with pytest.raises(HostError) as refused:
            await ana.move(party, {"type": "bring"})
        assert (refused.value.code, refused.value.params) == (
            "illegal", {"kind": "field", "type": "bring", "field": "card", "need": "card"})  # fmt: skip
