"""One SSH guest's app: the Yule app in the pseudo terminal ``yule ssh-serve`` made for the session.

:func:`main` with ``HOST PORT NAME [NOTICE]`` runs in one process per SSH session (forked by
:mod:`yule.tui.sshstarter`), with the session's pseudo terminal as its standard streams.  It makes
that terminal its controlling terminal (so a window size change reaches it as ``SIGWINCH`` and a
dropped connection as a hang-up), then runs :class:`yule.tui.app.YuleApp` at the one game host
the SSH server serves, under the name the server gives the guest (their SSH user name, or one
of their own when another guest's key holds it).  NOTICE, when given, is shown once on entry:
what that name means here.  It stays at that host: while the host
does not answer, the guest may try again or quit, not connect anywhere else.
``SIGTERM`` ends the app cleanly, the terminal restored, as when the guest presses ctrl+q.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import signal
import sys
import termios

from .app import YuleApp


class SSHGuestApp(YuleApp):
    """The Yule app of one SSH session: one host, no LAN discovery."""

    COME_BACK = "connect again with the same ssh line to come back"
    QUIT_ASKS = "Quit Yule? This ends your SSH session."
    ONE_HOST = True
    FIXED_NAME = (
        "Over SSH you are {name}: the name you came in with (an SSH key holds its name here). To play "
        "under another name, come in as that name: your ssh line with the new name before the @."
    )

    NOTICE_SECONDS = 20.0
    """How long the notice about the name stays: long enough to read, not over the game that follows
    (r in the lobby says it again)."""

    def __init__(self, name: str, address: tuple[str, int], notice: str | None = None) -> None:
        super().__init__(name=name, address=address, discover=False)
        self.notice = notice

    def on_mount(self) -> None:  # besides YuleApp's own on_mount: Textual calls each class's handler
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self.exit, 0)
        if self.notice:
            self.notify(self.notice, title="Your name here", timeout=self.NOTICE_SECONDS)


def main(argv: list[str]) -> int:
    host, port, name, *notice = argv
    with contextlib.suppress(OSError):  # already ours, or not a terminal (then there is no size to follow)
        fcntl.ioctl(sys.stdin.fileno(), termios.TIOCSCTTY, 0)
    return SSHGuestApp(name, (host, int(port)), *notice[:1]).run(mouse=False) or 0
