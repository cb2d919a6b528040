"""The requests, defined once (:mod:`yule.netplay.asks`): what the client builds within their
limits is what the host lets through, field for field; a field left out of the wire form is one
the host takes as None; and the client loads none of the host's validation (no pydantic)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from typing import get_args, get_type_hints

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yule.netplay.asks import AnyAsk, Create, Join, Json, Move, Rename, wire_form
from yule.netplay.host.messages import ASKS, InvalidMessage, parse_client_message

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
"""A JSON value (nan left out: it is no value equal to itself)."""


def built(ask: type[AnyAsk]) -> st.SearchStrategy[AnyAsk]:
    """Requests of a kind as the client may build them, within their types' limits (hypothesis reads
    the fields' annotations); a JSON map drawn as one."""
    json_maps = st.dictionaries(st.text(max_size=8), JSON, max_size=32)
    fields = {f.name for f in dataclasses.fields(ask)}
    return st.builds(ask, **{name: json_maps for name in ("move", "options") if name in fields})


def test_every_request_is_a_type_the_host_knows():
    assert set(get_args(AnyAsk)) == set(ASKS.values())
    assert len(ASKS) == len(get_args(AnyAsk)) == 41


@pytest.mark.parametrize("kind", sorted(ASKS))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_what_the_client_builds_the_host_takes_as_it_is(kind: str, data: st.DataObject) -> None:
    ask = data.draw(built(ASKS[kind]))
    assert parse_client_message(wire_form(ask)) == ask


@pytest.mark.parametrize("kind", sorted(ASKS))
def test_a_field_that_may_be_none_is_none_unless_given(kind: str) -> None:
    """So :func:`wire_form` may leave out a field at None: the host fills in the same."""
    ask = ASKS[kind]
    hints = get_type_hints(ask, include_extras=True)
    for field in dataclasses.fields(ask):
        if type(None) in get_args(hints[field.name]) or hints[field.name] is Json:
            assert field.default is None, f"{kind}.{field.name}"


def test_the_wire_form_is_the_fields_but_those_at_none():
    assert wire_form(Join(code="KXQ7RM", rid=3)) == {"type": "join", "code": "KXQ7RM", "rid": 3}
    sent = wire_form(Move(table=2, move={"type": "bring", "card": None}))
    assert sent == {"type": "move", "table": 2, "move": {"type": "bring", "card": None}}  # a move's own nil stays
    assert wire_form(Create(game="elf", seats=2)) == {"type": "create", "game": "elf", "seats": 2, "options": {},
                                                     "open": False, "sit": True, "organised": False}  # fmt: skip


def test_out_of_its_limits_a_request_built_is_refused_as_the_host_words_it():
    with pytest.raises(InvalidMessage, match=r"^name: String should have at most 64 characters$"):
        parse_client_message(wire_form(Rename(name="x" * 65)))
    with pytest.raises(InvalidMessage, match=r"^guests\.0: String should have at most 64 characters$"):
        parse_client_message(wire_form(Create(game="elf", seats=2, guests=["x" * 65])))
    with pytest.raises(InvalidMessage, match=r"^move\.a: input was not a valid JSON value$"):
        parse_client_message(wire_form(Move(table=2, move={"a": b"bytes"})))  # type: ignore[dict-item]


def test_the_client_loads_neither_pydantic_nor_the_host():
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, yule.netplay.client; print(' '.join(sys.modules))"],
        capture_output=True, text=True, check=True, timeout=60,
    ).stdout.split()  # fmt: skip
    assert "yule.netplay.asks" in loaded
    assert not [name for name in loaded if name.split(".")[0] == "pydantic" or name.startswith("yule.netplay.host")]
