"""One SSH guest's app: the Yule app in the pseudo terminal ``yule ssh-serve`` made for the session.

:func:`main` with ``HOST PORT NAME [NOTICE]`` runs in one process per SSH session (forked by
:mod:`yule.tui.ssh.starter`), with the session's pseudo terminal as its standard streams.  It makes
that terminal its controlling terminal (so a window size change reaches it as ``SIGWINCH`` and a
dropped connection as a hang-up), then runs :class:`yule.tui.app.YuleApp` at the one game host
the SSH server serves, under the name the server gives the guest (their SSH user name, or one
of their own when another guest's key holds it).  NOTICE, when given, is shown once on entry:
what that name means here.  It stays at that host: while the host
does not answer, the guest may try again or quit, not connect anywhere else.  When the game host
goes away and comes back (a restart, while the SSH server stays), the guest is told plainly that
they need do nothing, and then that they are back where they were (their seat, the table they
watched, the lobby); if it stays away, how to come back later.
``SIGTERM`` ends the app cleanly, the terminal restored, as when the guest presses ctrl+q.

The app speaks the language the guest chose before (their profile, in their state folder), else
the one their ``ssh`` sent, which the server passes on as ``LANGUAGE`` (a language code it
speaks, never the client's own text: :mod:`yule.tui.ssh.serve`), else the server's.

The SSH server sees only bytes, so the app tells it what it needs to know of the game: whether
the guest is seated at a table that is playing (a guest waiting for their turn in a long game
presses no key for a while, and is not closed for it).  The file named by ``YULE_SSH_STATUS`` (in
a folder of the server's own, owner-only) holds ``playing`` or ``idle``, written whenever that
changes.  ``SIGUSR1`` from the server warns the guest that their idle session is about to close
(``YULE_SSH_WARNING`` says it), ``SIGUSR2`` takes the warning back (a key was pressed).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import sys
import termios
import time
from pathlib import Path

from ...netplay.client.follower import Change
from ...netplay.host.relay import RELAY_VARIABLE
from ...netplay.private import write_private
from ..app import YuleApp
from ..hosted import HostedApp
from ..profile import Profile
from ..words import N_, choose_language, set_language, t
from .starter import STATUS_VARIABLE, WARNING_VARIABLE


class SSHGuestApp(YuleApp):
    """The Yule app of one SSH session: one host, no LAN discovery."""

    COME_BACK = N_("connect again with the same ssh line to come back")
    QUIT_ASKS = N_("Quit Yule? This ends your SSH session.")
    ONE_HOST = True
    FIXED_NAME = N_(
        "Over SSH you are {name}: the name you came in with (an SSH key holds its name here). To play "
        "under another name, come in as that name: your ssh line with the new name before the @."
    )

    NOTICE_SECONDS = 20.0
    """How long the notice about the name stays: long enough to read, not over the game that follows
    (r in the lobby says it again)."""

    WARNING_SECONDS = 3600.0
    """How long the idle warning stays at most: until the server takes it back."""

    AWAY_SECONDS = 120.0
    """How long the notice that the game host is away stays: while the app tries to reach it."""

    def __init__(
        self,
        name: str,
        address: tuple[str, int],
        notice: str | None = None,
        *,
        status: Path | None = None,
        warning: str | None = None,
        profile: Profile | None = None,
    ) -> None:
        super().__init__(name=name, address=address, discover=False, profile=profile)
        self.notice = notice
        self.status_file = status
        """Where to say whether the guest is playing, for the SSH server (None: nowhere)."""
        self.warning = warning
        self._said: str | None = None

    def on_mount(self) -> None:  # besides YuleApp's own on_mount: Textual calls each class's handler
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, self.exit, 0)
        loop.add_signal_handler(signal.SIGUSR1, self._warned)
        loop.add_signal_handler(signal.SIGUSR2, self.clear_notifications)
        if self.notice:
            self.notify(self.notice, title=t("Your name here"), timeout=self.NOTICE_SECONDS)
        self._tell_server()

    def _warned(self) -> None:
        """The server is about to close this idle session: the guest is told, and may stay."""
        self.bell()
        self.notify(self.warning or t("No key pressed here for a while: press any key to stay."),
                    title=t("Still there?"), severity="warning", timeout=self.WARNING_SECONDS)  # fmt: skip

    def on_hosted_app_from_host(self, message: HostedApp.FromHost) -> None:  # besides YuleApp's own
        """The game host going away and coming back (a restart: the SSH server stays), said plainly:
        the guest need do nothing, and is back where they were once it answers."""
        frame = message.frame
        if frame["type"] != "connection":
            return
        table = self.table
        where = "lobby" if table is None else "watching" if self.watching else "seat"
        number = table.id if table is not None else 0
        if frame["state"] == "reconnecting":
            away = {
                "lobby": t("The game host stopped answering: it may be restarting. Stay here: you are back by "
                           "yourself as soon as it answers."),
                "watching": t("The game host stopped answering: it may be restarting. Stay here: you are back by "
                              "yourself as soon as it answers, watching table #{table}.", table=number),
                "seat": t("The game host stopped answering: it may be restarting. Stay here: you are back by "
                          "yourself as soon as it answers, at your seat at table #{table}.", table=number),
            }  # fmt: skip
            self.notify(away[where], title=t("The game host is away"), severity="warning", timeout=self.AWAY_SECONDS)
        elif frame["state"] == "connected" and frame["reason"] == "reconnected":
            back = {
                "lobby": t("The game host answers again (it restarted): you are back."),
                "watching": t("The game host answers again (it restarted): you are back watching table #{table}.",
                              table=number),
                "seat": t("The game host answers again (it restarted): you are back at your seat at table #{table}.",
                          table=number),
            }  # fmt: skip
            self.notify(back[where], title=t("Back"), timeout=self.NOTICE_SECONDS)

    def no_answer(self, host: str, port: int, error: BaseException | None) -> None:
        """The game host stopped answering for good (``error`` None; else as the player's app):
        an SSH guest can neither start it nor go elsewhere, so they are told to try again, or how
        to come back later."""
        if error is not None:
            super().no_answer(host, port, error)
            return
        from ..connect import NoAnswerScreen

        when = time.strftime("%H:%M:%S")
        if self.table is not None and not self.watching:
            why = t("The game host stopped answering: it may be restarting. Try again in a moment; if you quit, type "
                    "the same ssh line later to come back: your seat at table #{table} waits for you. (tried at "
                    "{time})", table=self.table.id, time=when)  # fmt: skip
        else:
            why = t("The game host stopped answering: it may be restarting. Try again in a moment; if you quit, type "
                    "the same ssh line later to come back. (tried at {time})", time=when)  # fmt: skip
        self._forget_table()
        self._home()

        def chosen(choice: str | None) -> None:
            if choice == "retry":
                self.connect(host, port)

        self.push_screen(NoAnswerScreen(why, elsewhere=False), chosen)

    def _changed(self, change: Change) -> None:
        super()._changed(change)
        self._tell_server()

    def _forget_table(self) -> None:
        super()._forget_table()
        self._tell_server()

    def _tell_server(self) -> None:
        """Say in the status file whether the guest is seated at a table that is playing, when that changes."""
        now = "playing" if self.playing() else "idle"
        if self.status_file is None or now == self._said:
            return
        with contextlib.suppress(OSError):  # the server is gone: nobody to tell
            write_private(self.status_file, now.encode())
            self._said = now


def main(argv: list[str]) -> int:
    host, port, name, *notice = argv
    with contextlib.suppress(OSError):  # already ours, or not a terminal (then there is no size to follow)
        fcntl.ioctl(sys.stdin.fileno(), termios.TIOCSCTTY, 0)
    for number in (signal.SIGUSR1, signal.SIGUSR2):
        signal.signal(number, signal.SIG_IGN)  # until the app handles them: a warning must not end it
    status = os.environ.get(STATUS_VARIABLE)
    profile = Profile.load()  # in the guest's own state folder: the language they chose there
    set_language(choose_language(None, profile.lang))
    app = SSHGuestApp(name, (host, int(port)), *notice[:1], status=Path(status) if status else None,
                      warning=os.environ.get(WARNING_VARIABLE), profile=profile)  # fmt: skip
    app.relay = os.environ.get(RELAY_VARIABLE)
    return app.run(mouse=False) or 0
