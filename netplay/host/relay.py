"""An SSH guest's own address, vouched for by the SSH server, so the game host counts them as themselves.

SSH guests reach the game host through the SSH server: every guest's app connects from the SSH
server's machine.  Counted under that address, forty guests would share one address's share of
the host (its connections, the tables it may make, the bots' thinking) and could say yes to one
another's requests for a seat as if they were one person (:mod:`.door`).  So the SSH server of
``yule host --ssh`` and its game host share a secret, made anew at each start and handed to the
SSH server's process with its settings (never on a command line); for each session the server
signs the guest's own address (:func:`vouch`) and gives it to the guest's app, which presents it
in its hello (``via``); the host, checking the signature (:func:`vouched`), counts that
connection under the guest's address from then on.  A ``via`` the host cannot check is left
aside: the connection counts under the address it comes from.  (``yule ssh-serve --host`` on
another machine shares no secret with its host: its guests count under its address.)

    >>> key = bytes(32)
    >>> vouched(key, vouch(key, "192.168.1.20")), vouched(key, "192.168.1.20 0000"), vouched(bytes(31) + b"x", vouch(key, "10.0.0.5"))
    ('192.168.1.20', None, None)
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress

RELAY_VARIABLE = "YULE_RELAY"
"""The environment variable that gives an SSH guest's app its vouched address."""


def vouch(key: bytes, address: str) -> str:
    """``address`` and its signature with ``key``: what the guest's app presents in its hello."""
    return f"{address} {hmac.new(key, address.encode(), hashlib.sha256).hexdigest()}"


def vouched(key: bytes, via: str) -> str | None:
    """The address ``via`` vouches for, when ``key`` signed it (None otherwise)."""
    address, _, signature = via.partition(" ")
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return None
    expected = hmac.new(key, address.encode(), hashlib.sha256).hexdigest()
    return address if hmac.compare_digest(signature.encode(), expected.encode()) else None
