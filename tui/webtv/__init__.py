"""``yule watch --web``: the TV view of a table as a web page, for a smart TV or any browser on the LAN.

textual-serve serves a page that runs a terminal in the browser; each browser that opens it gets
its own ``yule watch`` process (the same TV view as in a terminal) drawing into that page over a
websocket, so the page follows the game live.  The page's address is printed for the organiser
to type into the TV's browser; its letters are TV-sized unless the address says ``?fontsize=N``.

The page shows a table that may be private, so it is guarded:

- it listens on this machine only (loopback) unless told ``--lan`` (every interface) or
  ``--bind ADDR``;
- it answers only under a path nobody can guess (:func:`secrets.token_urlsafe`), printed with its
  address; anything else is 404;
- its websocket (which starts an app) answers only a page of its own origins, the printed
  addresses (a page of another site in a guest's browser cannot open it);
- its pages (each one an app process) are capped in all (:data:`TV_PAGES`) and per address
  (:data:`TV_PAGES_PER_ADDRESS`, an IPv6 one by its /64), a page over either told why;
- everything the page loads comes from its own server: its template (``tv_page/app_index.html``)
  names the font textual-serve ships, where textual-serve's own loads one from the internet.

The TV's chime at a game's start and end (:class:`yule.tui.turncall.Chime`) reaches the page as
a bell byte, which textual-serve's terminal does not sound: the template's own script listens
to the page's websocket and plays a short chime (Web Audio) for a bell outside an escape
sequence, once someone has clicked or pressed a key on the page (browsers allow no sound before).
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import shlex
import socket
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.server import Server

from ...netplay import host_port, on_this_machine_only
from ...netplay.host.connection import address_group, uncount
from ..words import PSEUDO, language, t, tn, tp

TV_FONT_SIZE = 24
"""The page's letters in pixels: about 130 columns by 37 lines on a 1920×1080 screen."""

TV_PAGES = 6
"""Pages open at once (each runs an app process of about 40 MiB) ..."""
TV_PAGES_PER_ADDRESS = 3
"""... and from one address: a TV, and a page reloaded before the old one is gone."""

PAGE_FOLDER = Path(__file__).resolve().parent / "tv_page"
"""The page's template (textual-serve's, its font served here)."""


def page_words() -> dict[str, str]:
    """The TV page's own words (its buttons and the line once the view ends), in the app's
    language, and the language's code for the page."""
    return {
        "lang": "en" if language() == PSEUDO else language(),
        "start": tp("TV page button", "Start"),
        "ended": t("The TV view ended."),
        "again": tp("TV page button", "Again"),
    }


CMD_WORD = re.compile(r"[\w.:\[\]-]+")
"""A word Windows' ``cmd.exe`` reads as it is: letters, digits, ``. : [ ] -`` (addresses, codes)."""


def watch_command(
    host: str,
    port: int,
    table: int | None,
    code: str | None,
    windows: bool = os.name == "nt",
    *,
    owner: str | None = None,
) -> str:
    """The shell command of the terminal ``yule watch`` that each page runs, for the shell
    textual-serve runs it with: a POSIX shell, or on Windows ``cmd.exe``, which has no quoting
    that makes any text literal, so there the address, the code and the owner's data folder must
    be plain words (else ``ValueError``) and only the interpreter's path (which cannot hold a
    ``"``) is quoted.  ``owner``: the host's owner's TV, of that data folder ("": the usual one).

    >>> watch_command("192.168.1.20", 7737, None, "AB; rm", windows=False)
    "... -m yule.tui.cli watch 192.168.1.20:7737 --code 'AB; rm'"
    >>> watch_command("127.0.0.1", 7737, None, None, windows=False, owner="")
    '... -m yule.tui.cli watch 127.0.0.1:7737 --owner'
    """
    address = host_port(host, port)
    which = ["--table", str(table)] if table is not None else ["--code", code] if code is not None else []
    if owner is not None:
        which += ["--owner", owner] if owner else ["--owner"]
    words = ["-m", "yule.tui.cli", "watch", address, *which]
    if not windows:
        return shlex.join([sys.executable, *words])
    if not all(CMD_WORD.fullmatch(word) for word in words):
        raise ValueError(
            t("on Windows, the address, the join code and the data folder may hold only letters, digits and . : [ ] -")
        )
    return " ".join([f'"{sys.executable}"', *words])


def origin(address: str, port: int) -> str:
    """The origin of a page at ``address``:``port`` (the scheme, the host and the port a browser names).

    >>> origin("192.168.1.20", 8080), origin("fe80::1", 8080), origin("10.0.0.2", 80)
    ('http://192.168.1.20:8080', 'http://[fe80::1]:8080', 'http://10.0.0.2')
    """
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}" if port == 80 else f"http://{host}:{port}"


class TVServer(Server):
    """textual-serve's server, guarded (see the module docstring): TV-sized letters, at a secret
    path, for its own origins only, a few pages at a time."""

    def __init__(self, command: str, bind: str, port: int, addresses: list[str]) -> None:
        super().__init__(
            command, host=bind, port=port, title="Yule TV", public_url=origin(addresses[0], port),
            templates_path=PAGE_FOLDER,
        )  # fmt: skip
        self.addresses = addresses
        self.secret = secrets.token_urlsafe(18)
        self.pages: Counter[str] = Counter()
        """Address group -> its pages open (their websockets)."""

    @property
    def origins(self) -> set[str]:
        """The origins of the page's addresses, as told: its websocket answers these only."""
        return {origin(a, self.port) for a in self.addresses}

    @property
    def page_urls(self) -> list[str]:
        """The page's addresses, as told: one for each of :attr:`addresses`."""
        return [f"{origin(a, self.port)}/{self.secret}/" for a in self.addresses]

    def initialize_logging(self) -> None:
        super().initialize_logging()
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)  # not a line per page fetched

    async def on_startup(self, app: Any) -> None:
        pages = (", " + t("or") + " ").join(self.page_urls)
        if on_this_machine_only(self.host):
            said = t("The TV page is at {pages} (on this machine only: --lan serves it to the LAN): open it in the "
                     "TV's browser. Ctrl+C stops it.", pages=pages)  # fmt: skip
        else:
            said = t("The TV page is at {pages}: open it in the TV's browser. Ctrl+C stops it.", pages=pages)
        self.console.print(said, highlight=False, soft_wrap=True)

    def application(self) -> web.Application:
        """The page's routes under the secret path; nothing answers anywhere else (404)."""
        page = web.Application()
        env = aiohttp_jinja2.setup(page, loader=jinja2.FileSystemLoader(self.templates_path))
        env.globals["words"] = page_words
        page.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        root = web.Application()
        root.add_subapp(f"/{self.secret}/", page)
        root.on_startup.append(self.on_startup)
        return root

    def serve(self, debug: bool = False) -> None:
        """Serve the page until Ctrl+C or ``SIGTERM``."""
        self.debug = debug
        self.initialize_logging()
        web.run_app(self.application(), host=self.host, port=self.port, print=None)

    def _full(self, request: web.Request) -> str | None:
        """Why no page more may open for ``request``'s address, or None."""
        if self.pages.total() >= TV_PAGES:
            return tn("The TV page is open in {n} browser already; close it and reload this page.",
                      "The TV page is open in {n} browsers already; close one and reload this page.", TV_PAGES)  # fmt: skip
        if self.pages[address_group(request.remote or "")] >= TV_PAGES_PER_ADDRESS:
            return t("As many TV pages as one address may open ({pages}) are open from yours; close one and reload "
                     "this page.", pages=TV_PAGES_PER_ADDRESS)  # fmt: skip
        return None

    async def handle_index(self, request: web.Request) -> Any:
        """The page, in letters readable across a room unless the address asks for a ``fontsize``;
        or why it cannot open now."""
        if (full := self._full(request)) is not None:
            raise web.HTTPServiceUnavailable(text=full)
        if "fontsize" not in request.query:
            raise web.HTTPFound(request.rel_url.update_query(fontsize=TV_FONT_SIZE))
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """The page's app, for a page of this server's own origins only, while there is room."""
        if request.headers.get("Origin") not in self.origins:
            raise web.HTTPForbidden(text=t("The TV page's view opens only in the TV page itself."))
        if (full := self._full(request)) is not None:
            raise web.HTTPServiceUnavailable(text=full)
        group = address_group(request.remote or "")
        self.pages[group] += 1
        try:
            return await super().handle_websocket(request)
        finally:
            uncount(self.pages, group)


def serve_tv(command: str, bind: str, port: int, addresses: list[str]) -> int:
    """Serve the TV page running ``command`` on ``bind``:``port`` until Ctrl+C; ``addresses`` are told."""
    try:
        with socket.create_server((bind, port)):  # a port in use is one line here, not a traceback later
            pass
    except OSError as e:
        print(
            "yule watch: " + t("cannot listen on port {port}: {reason}", port=port, reason=e.strerror or e),
            file=sys.stderr,
        )
        return 1
    TVServer(command, bind, port, addresses).serve()
    return 0
