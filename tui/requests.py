"""``yule requests``: the host's owner answers requests for away players' seats from the host's machine.

Where nobody at a table can say whether a newcomer is really the away player they name (everyone
left, or the table was just restored after a restart), the request waits for the table's creator
or for the host's owner.  On the host's machine, ``yule requests`` lists the requests waiting at
the host whose data folder it reads (:mod:`yule.netplay.host.owner`), and ``--yes TABLE/REQUEST`` or
``--no TABLE/REQUEST`` answers one; the table's log says the host's owner said yes.  Names are
printed as typed, without escapes (:func:`yule.tui.text.literal`).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from ..netplay.client import Client, ConnectionLost, HostError
from ..netplay.frames import ReclaimAsked
from ..netplay.host.owner import OwnerFileError, read_owner_file
from .refusals import said as refused
from .text import literal
from .words import N_, t

MOST = 2**62
"""The largest table or request number a host takes (docs/protocol.md)."""

WHO = {
    "new": N_("a device this host has not seen play"),
    "known": N_("someone who has played at this host"),
    "same": N_("the seat's own person, on another connection"),
    "earlier": N_("the seat's earlier device, asking for it back"),
}
"""Who the newcomer is, as the host tells (``asker``): worded with :func:`~yule.tui.words.t`."""


def request_line(frame: ReclaimAsked) -> str:
    """One waiting request, as ``yule requests`` prints it.

    >>> request_line({"type": "reclaim_asked", "table": 3, "request": 1, "seat": 1, "name": "Bob",
    ...               "by": "Eve", "asker": "new", "seconds": 240.0})
    "3/1  table 3: Eve asks for Bob's seat (a device this host has not seen play); 240 s left"
    """
    said = {"table": frame["table"], "by": literal(frame["by"]), "name": literal(frame["name"]),
            "who": t(WHO[frame["asker"]]), "seconds": f"{frame['seconds']:.0f}"}  # fmt: skip
    if frame.get("holder"):
        line = t("table {table}: {by} asks for {name}'s seat, now with {holder} ({who}); {seconds} s left",
                 holder=literal(frame["holder"]), **said)  # fmt: skip
    else:
        line = t("table {table}: {by} asks for {name}'s seat ({who}); {seconds} s left", **said)
    return f"{frame['table']}/{frame['request']}  {line}"


def parse_request(text: str) -> tuple[int, int]:
    """``TABLE/REQUEST`` as two numbers (:class:`ValueError` in words otherwise: a sentence).

    >>> parse_request("3/1")
    (3, 1)
    """
    table, slash, request = text.partition("/")
    if not slash or not table.isascii() or not table.isdigit() or not request.isascii() or not request.isdigit():
        raise ValueError(t("{text} is not TABLE/REQUEST, as the list shows them (3/1).", text=repr(text)))
    if min(int(table), int(request)) < 1:
        raise ValueError(t("{text} names no request: tables and requests are numbered from 1.", text=repr(text)))
    if max(int(table), int(request)) > MOST:
        raise ValueError(t("{text} names no request: no host numbers its tables or requests past {most}.",
                           text=repr(text), most=MOST))  # fmt: skip
    return int(table), int(request)


async def _requests(data: Path, answer: tuple[int, int, bool] | None) -> int:
    try:
        where = read_owner_file(data)
    except OwnerFileError as e:
        print(f"yule requests: {e}.", file=sys.stderr)
        return 2
    client = Client(where.address, where.port, "Host owner", reconnect=False, request_timeout=10.0)
    try:
        await client.connect()
        await client.owner(where.token)
        if answer is not None:
            table, request, yes = answer
            await client.answer(table, request, yes)
            if yes:
                print(t("Said yes to request {table}/{request}.", table=table, request=request))
            else:
                print(t("Said no to request {table}/{request}.", table=table, request=request))
            return 0
        waiting: list[ReclaimAsked] = []
        while not client.messages.empty():  # the host asks the owner everything open before it says ok
            frame = client.messages.get_nowait()
            if frame["type"] == "reclaim_asked":
                waiting.append(frame)
        if not waiting:
            print(t("No requests for seats are waiting at this host."))
            return 0
        for frame in waiting:
            print(request_line(frame))
        print(t("Answer one with: yule requests --yes TABLE/REQUEST (or --no TABLE/REQUEST)."))
        return 0
    except (OSError, TimeoutError, ConnectionLost):
        said = t("the host of {folder} does not answer at {address}:{port}: is it running?", folder=data,
                 address=where.address, port=where.port)  # fmt: skip
        print(f"yule requests: {said}", file=sys.stderr)
        return 1
    except HostError as e:
        print(f"yule requests: {refused(e)}", file=sys.stderr)
        return 1
    finally:
        await client.close()


def run_requests(data: Path, yes: str | None, no: str | None) -> int:
    """``yule requests``: list the requests waiting, or answer one (exit status 2 for bad input)."""
    try:
        answer = None if yes is None and no is None else (*parse_request(yes or no or ""), yes is not None)
    except ValueError as e:
        print(f"yule requests: {e}", file=sys.stderr)
        return 2
    return asyncio.run(_requests(data, answer))
