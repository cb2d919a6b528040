"""Yule's network play: the authoritative asyncio host and the client library.

* :mod:`yule.netplay.wire` frames and limits (4-byte length + one msgpack map),
* :mod:`yule.netplay.asks` the requests a client sends, each defined once (the client builds them),
* :mod:`yule.netplay.host.messages` the host's validation of them, strict, with pydantic,
* :mod:`yule.netplay.host` the host (lobby, tables, seats, bots, persistence),
* :mod:`yule.netplay.host.chat` table chat (cleaned, rate-limited, kept),
* :mod:`yule.netplay.client` the one client library (``yule bots``, the tests, the terminal app),
* :mod:`yule.netplay.discovery` LAN discovery over zeroconf,
* :mod:`yule.netplay.host.playhost` ``yule play``'s host, in a process of its own.

The wire protocol is described in ``docs/protocol.md``.
"""

from __future__ import annotations

from pathlib import Path

DEFAULT_PORT = 7737
"""The port a host listens on unless told otherwise."""

KEEP_FINISHED_HOURS = 24.0
"""Hours a finished table stays in the lobby; then the host forgets it once nobody is at it."""

MAX_CONNECTIONS = 2_000
"""Connections a host holds at once unless told otherwise; more are refused (``host_full``)."""

CONNECTIONS_PER_ADDRESS = 200
"""Connections from one address a host holds at once unless told otherwise."""

EXPIRE_WAITING_MINUTES = 60.0
"""Minutes a table waiting for players stays in the lobby with nobody at it; then it is forgotten."""

DEFAULT_SSH_PORT = 2222
"""The port ``yule ssh-serve`` serves the app over SSH on unless told otherwise."""

# A table's settings, each bound kept once: a ``create`` request is held to them
# (:mod:`yule.netplay.asks`), and so is every table the host reads back from its store
# (:mod:`yule.netplay.host.storecheck`).

MOST_SEATS = 64
"""The most seats a table may have (each game allows its own range within: its players)."""

LONGEST_BOT_DELAY = 30.0
"""The longest a move may stay on show before a bot's move, in seconds (a table's bots' delay, from 0)."""

LONGEST_TURN = 3600.0
"""The longest turn timer a table may have, in seconds (the shortest is the host's own:
:attr:`yule.netplay.host.connection.Limits.shortest_turn`)."""

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The characters of a table's join code (no 0 or O, no 1 or I, to mistake for each other) ..."""

CODE_LENGTH = 6
"""... and how many it has."""


def host_port(host: str, port: int) -> str:
    """An address and port as people type them (an IPv6 address in brackets).

    >>> host_port("192.168.1.20", 7737), host_port("fe80::1", 7737)
    ('192.168.1.20:7737', '[fe80::1]:7737')
    """
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def on_this_machine_only(address: str) -> bool:
    """True for a loopback address (or ``localhost``): reached from this machine only.

    >>> on_this_machine_only("127.0.0.1"), on_this_machine_only("::1"), on_this_machine_only("192.168.1.20")
    (True, True, False)
    """
    import ipaddress

    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:  # a name
        return address == "localhost"


def ssh_line(port: int, user: str, host: str) -> str:
    """The line a guest types to come in over SSH as ``user``.

    >>> ssh_line(2222, "NAME", "192.168.1.20")
    'ssh -p 2222 NAME@192.168.1.20'
    """
    return f"ssh -p {port} {user}@{host}"


MAX_SSH_SESSIONS = 64
"""SSH sessions running the app at once, unless told otherwise."""


def ssh_session_shares(max_sessions: int) -> tuple[int, int]:
    """Of ``max_sessions`` SSH sessions, those one address may hold (three eighths: two addresses
    cannot hold them all) and those kept for guests coming back (an eighth), unless told otherwise.

    >>> ssh_session_shares(64), ssh_session_shares(6)
    ((24, 8), (2, 0))
    """
    return max(1, max_sessions * 3 // 8), max_sessions // 8


SSH_SESSIONS_PER_ADDRESS, SSH_RESERVED_SESSIONS = ssh_session_shares(MAX_SSH_SESSIONS)
"""SSH sessions one address (an IPv6 one counted by its /64) may hold, and those kept for keys
that hold a name (a guest coming back, from any address: past their address's share too)."""

SSH_IDLE_MINUTES = 30.0
"""Minutes without a key press after which an SSH session is closed, unless told otherwise (never
while its guest is seated at a table that is playing) ..."""

SSH_IDLE_WARNING_MINUTES = 2.0
"""... the guest warned so many minutes before."""

DEFAULT_WEB_PORT = 8080
"""The port ``yule watch --web`` serves the TV page on unless told otherwise."""

CHAT_LENGTH = 200
"""Longest chat line the host passes on (characters, after cleaning; :mod:`yule.netplay.host.chat`)."""

SERVICE_TYPE = "_yule._tcp.local."
"""The zeroconf (mDNS) service type a host advertises."""


def default_data_dir() -> Path:
    """Where a host keeps its database and finished game records unless told otherwise."""
    from platformdirs import user_data_path

    return user_data_path("yule", appauthor=False)
