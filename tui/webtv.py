"""``yule watch --web``: the TV view of a table as a web page, for a smart TV or any browser on the LAN.

textual-serve serves a page that runs a terminal in the browser; each browser that opens it gets
its own ``yule watch`` process (the same TV view as in a terminal) drawing into that page over a
websocket, so the page follows the game live.  The page's address is printed for the organiser
to type into the TV's browser; its letters are TV-sized unless the address says ``?fontsize=N``.
"""

from __future__ import annotations

import logging
import os
import re
import shlex
import socket
import sys
from typing import Any

from aiohttp import web
from textual_serve.server import Server

TV_FONT_SIZE = 24
"""The page's letters in pixels: about 130 columns by 37 lines on a 1920×1080 screen."""


CMD_WORD = re.compile(r"[\w.:\[\]-]+")
"""A word Windows' ``cmd.exe`` reads as it is: letters, digits, ``. : [ ] -`` (addresses, codes)."""


def watch_command(host: str, port: int, table: int | None, code: str | None, windows: bool = os.name == "nt") -> str:
    """The shell command of the terminal ``yule watch`` that each page runs, for the shell
    textual-serve runs it with: a POSIX shell, or on Windows ``cmd.exe``, which has no quoting
    that makes any text literal, so there the address and code must be plain words (else
    ``ValueError``) and only the interpreter's path (which cannot hold a ``"``) is quoted.

    >>> watch_command("192.168.1.20", 7737, None, "AB; rm", windows=False)
    "... -m yule.tui.cli watch 192.168.1.20:7737 --code 'AB; rm'"
    """
    address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    which = ["--table", str(table)] if table is not None else ["--code", code or ""]
    words = ["-m", "yule.tui.cli", "watch", address, *which]
    if not windows:
        return shlex.join([sys.executable, *words])
    if not all(CMD_WORD.fullmatch(word) for word in words):
        raise ValueError("on Windows, the address and the join code may hold only letters, digits and . : [ ] -")
    return " ".join([f'"{sys.executable}"', *words])


class TVServer(Server):
    """textual-serve's server: TV-sized letters, and where the page is told instead of its banner."""

    def __init__(self, command: str, bind: str, port: int, addresses: list[str]) -> None:
        super().__init__(command, host=bind, port=port, title="Yule TV", public_url=f"http://{addresses[0]}:{port}")
        self.addresses = addresses

    def initialize_logging(self) -> None:
        super().initialize_logging()
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)  # not a line per page fetched

    async def on_startup(self, app: Any) -> None:
        pages = ", or ".join(f"http://{a}:{self.port}" for a in self.addresses)
        self.console.print(f"The TV page is at {pages}: open it in the TV's browser. Ctrl+C stops it.", highlight=False)

    async def handle_index(self, request: web.Request) -> Any:
        """The page, in letters readable across a room unless the address asks for a ``fontsize``."""
        if "fontsize" not in request.query:
            raise web.HTTPFound(request.rel_url.update_query(fontsize=TV_FONT_SIZE))
        return await super().handle_index(request)


def serve_tv(command: str, bind: str, port: int, addresses: list[str]) -> int:
    """Serve the TV page running ``command`` on ``bind``:``port`` until Ctrl+C; ``addresses`` are told."""
    try:
        with socket.create_server((bind, port)):  # a port in use is one line here, not a traceback later
            pass
    except OSError as e:
        print(f"yule watch: cannot listen on port {port}: {e.strerror or e}", file=sys.stderr)
        return 1
    TVServer(command, bind, port, addresses).serve()
    return 0
