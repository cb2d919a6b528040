"""Client-to-host messages, validated: the requests of :mod:`yule.netplay.asks`, checked with pydantic v2.

Every frame a client sends is validated here before the host looks at it: unknown types,
extra keys, wrong field types (strict: no coercion) and over-long strings are refused with a
short reason.  What is checked is read from the requests' own dataclasses, field by field, their
limits with them: nothing is restated here.  For each request, the map of its fields (one
``TypedDict``: strict, no other key); one union of those, told apart by ``type``; and the
request built from the fields it let through, those left out taking their defaults, for the
host's handlers.

    >>> parse_client_message({"type": "join", "table": 3, "code": "KXQ7RM"})
    Join(rid=None, type='join', table=3, code='KXQ7RM', seat=None)
    >>> parse_client_message({"type": "join", "table": "3"})
    Traceback (most recent call last):
    ...
    yule.netplay.host.messages.InvalidMessage: table: Input should be a valid integer
"""

from __future__ import annotations

import dataclasses
import operator
from functools import reduce
from types import UnionType
from typing import Annotated, Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints

from pydantic import ConfigDict, Field, JsonValue, TypeAdapter, ValidationError, with_config
from typing_extensions import TypedDict

from ..asks import AnyAsk, Json
from ..refusal import RequestError

_STRICT = ConfigDict(extra="forbid", strict=True)
"""No coercion (``"3"`` is no table id, ``1`` no ``true``), and no key a request does not have."""


def _checked(hint: Any) -> Any:
    """A field's type as pydantic is to check it: as written, but :data:`~yule.netplay.asks.Json`
    read as pydantic's own ``JsonValue``: the same values, and what is wrong in one is said in a
    line (``move.a: input was not a valid JSON value``), where a plain union is refused once for
    each of its kinds."""
    if hint is Json:
        return JsonValue
    args = get_args(hint)
    origin = get_origin(hint)
    if not args or origin is Literal:
        return hint
    if origin is Annotated:
        return Annotated[(_checked(args[0]), *hint.__metadata__)]
    if origin in (Union, UnionType):
        return reduce(operator.or_, (_checked(arg) for arg in args))
    return origin[tuple(_checked(arg) for arg in args)]  # list[...], dict[...]


_typed_dict: Any = TypedDict  # made from the fields found at run time, which a type checker cannot read


def _fields_of(ask: type[AnyAsk]) -> Any:
    """The map a request's frame is, as a ``TypedDict`` pydantic validates: a field with a default
    may be left out (the dataclass fills it in), but no frame without its ``type``."""
    hints = get_type_hints(ask, include_extras=True)
    fields: dict[str, Any] = {}
    for field in dataclasses.fields(ask):
        checked = _checked(hints[field.name])
        required = field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
        fields[field.name] = checked if required or field.name == "type" else NotRequired[checked]
    return with_config(_STRICT)(_typed_dict(ask.__name__, fields))


def _type_of(ask: type[AnyAsk]) -> str:
    """The ``type`` a request goes by: its ``type`` field's default."""
    (kind,) = (field.default for field in dataclasses.fields(ask) if field.name == "type")
    assert isinstance(kind, str)
    return kind


ASKS: dict[str, type[AnyAsk]] = {_type_of(ask): ask for ask in get_args(AnyAsk)}
"""Each request's dataclass by its ``type``."""

MESSAGE_TYPES = frozenset(ASKS)

_FRAME: Any = Annotated[reduce(operator.or_, (_fields_of(ask) for ask in ASKS.values())), Field(discriminator="type")]
"""Any request's frame: one of those maps, told from the others by its ``type``."""

_ADAPTER: TypeAdapter[dict[str, Any]] = TypeAdapter(_FRAME)


class InvalidMessage(RequestError):
    """A client message the union refuses (``invalid``); ``str()`` is a short reason safe to send back."""


def parse_client_message(data: dict[str, Any]) -> AnyAsk:
    """Validate one decoded frame: the request it is, or :class:`InvalidMessage` with the first problem found."""
    kind = data.get("type")
    if not isinstance(kind, str):
        raise InvalidMessage("invalid", reason="no_type")
    if kind not in MESSAGE_TYPES:
        raise InvalidMessage("invalid", reason="unknown_type", type=kind[:40])
    try:
        fields = _ADAPTER.validate_python(data)
    except ValidationError as e:
        first = e.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(p) for p in first["loc"][1:])  # loc[0] is the message type
        if where:
            raise InvalidMessage("invalid", reason="field", field=where, detail=first["msg"]) from None
        raise InvalidMessage("invalid", reason="message", detail=first["msg"]) from None
    return ASKS[kind](**fields)
