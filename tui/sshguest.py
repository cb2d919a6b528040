"""One SSH guest's app: the Yule app in the pseudo terminal ``yule ssh-serve`` made for the session.

``python -m yule.tui.sshguest HOST PORT NAME`` is started by :mod:`yule.tui.sshserve`, one
process per SSH session, with the session's pseudo terminal as its standard streams.  It makes
that terminal its controlling terminal (so a window size change reaches it as ``SIGWINCH`` and a
dropped connection as a hang-up), then runs :class:`yule.tui.app.YuleApp` at the one game host
the SSH server serves, under the guest's SSH user name.  It stays at that host: while the host
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
    ONE_HOST = True

    def __init__(self, name: str, address: tuple[str, int]) -> None:
        super().__init__(name=name, address=address, discover=False)

    def on_mount(self) -> None:  # besides YuleApp's own on_mount: Textual calls each class's handler
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self.exit, 0)


def main(argv: list[str] | None = None) -> int:
    host, port, name = argv if argv is not None else sys.argv[1:]
    with contextlib.suppress(OSError):  # already ours, or not a terminal (then there is no size to follow)
        fcntl.ioctl(sys.stdin.fileno(), termios.TIOCSCTTY, 0)
    return SSHGuestApp(name, (host, int(port))).run(mouse=False) or 0


if __name__ == "__main__":
    sys.exit(main())
