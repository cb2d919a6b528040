"""Taking a seat at a host's table, and being asked for one.

:class:`Seating` asks the host for a seat and says where you sit (:class:`Sat`): your own seat
back when this machine keeps it, else a free seat; at a game going on, the seat of a player who
is away (the people at the table asked first: a reclaim) or watching.  The other side of a
reclaim is here too: the question to the players at the table, and its outcome.  A host's
refusal is said as a sentence that tells what to do (:func:`refusal_text`).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any, NamedTuple

from rich.markup import escape
from rich.text import Text

from ..netplay.client import Client, ConnectionLost, HostError
from ..netplay.frames import ReclaimAsked, ReclaimOver, ReclaimWaiting
from .dialogs import ChoiceScreen, ConfirmScreen
from .games import players_sentence
from .hosted import HostedApp
from .refusals import refusal, request_ended
from .text import literal
from .words import N_, t

if TYPE_CHECKING:  # the lobby's screens are loaded when first shown: yule play starts without them
    from .questions import AskingScreen


class Sat(NamedTuple):
    """Where a request for a seat left you: at ``table``, playing or only ``watching``."""

    table: int
    watching: bool = False


def refusal_text(error: HostError, code: str | None = None, game: str | None = None) -> str:
    """A host's refusal as a sentence that says what to do (never a validation message).

    ``code``: the join code the request carried; ``game``: the game of a table being created.
    Another refusal is worded from its code and params (:mod:`.refusals`).
    """
    if error.code == "bad_code":
        if code and code.strip():
            return t(
                "No table at this host has the join code {code}. Check it with whoever made the table: "
                "a code is 6 letters and digits. The lobby lists every table here.",
                code=literal(code.strip().upper()),
            )
        return t(
            "No table at this host has the join code. Check it with whoever made the table: "
            "a code is 6 letters and digits. The lobby lists every table here."
        )
    if error.code == "invalid" and code is not None and error.message.startswith("code:"):
        return t("That is not a join code: a join code is 6 letters and digits.")
    if error.code == "invalid" and game is not None and error.message.startswith("seats:"):
        from ..core.registry import get_game

        with contextlib.suppress(KeyError):
            return players_sentence(get_game(game))
    if error.code == "invalid":
        return t("The host could not read that request ({message}). Is the host a newer Yule?", message=error.message)
    return refusal(error.code, error.params, error.message, game)


ASKERS = {
    "new": N_("This host has not seen them play before: a new device, or someone else."),
    "known": N_("They have played at this host before, under some name."),
    "same": N_("The host knows them as {name}'s own person, on another connection."),
}
"""What the question says of who asks, by :data:`~yule.netplay.frames.Asker` (marked: worded
with :func:`~yule.tui.words.t` as the question is asked)."""


def asked_text(frame: ReclaimAsked) -> Text:
    """The question to the people at the table about a request for a seat.

    >>> asked_text({"type": "reclaim_asked", "table": 1, "request": 1, "seat": 1, "name": "Cy",
    ...             "by": "Cy", "asker": "new", "seconds": 60.0}).plain.split(". ")[0]
    'Cy asks to take over the seat of Cy, who is away'
    """
    name, by = escape(literal(frame["name"])), escape(literal(frame["by"]))
    if frame["asker"] == "earlier":
        holder = escape(literal(frame["holder"])) if "holder" in frame else t("another device")
        return Text.from_markup(
            t(
                "[b]{name}[/]'s earlier device asks for the seat back: it was handed to [b]{holder}[/] on a yes. "
                "Is this really {name}? A yes gives it back, and {holder} loses it.",
                name=name,
                holder=holder,
            )
        )
    sentences = (
        t("[b]{by}[/] asks to take over the seat of [b]{name}[/], who is away.", by=by, name=name),
        t(ASKERS[frame["asker"]], name=name),
        t("Is this really {name}? Only say yes if you know it is them: they will see that seat's cards.", name=name),
    )
    return Text.from_markup(" ".join(sentences))


class Seating:
    """The app's requests for a seat at its host (:attr:`HostedApp.client`), and its answers to
    someone asking for the seat of a player who is away; questions and refusals are shown by
    the app."""

    def __init__(self, app: HostedApp) -> None:
        self.app = app

    async def take(self, table: int | None, code: str | None, *, player: str, private: bool = False) -> Sat | None:
        """Sit at ``table``, or at the table whose join code is ``code``: your own seat back when
        you hold one, else a free seat; at a game going on, an away player's seat or watching.
        None: not seated (told why).

        ``player``: your name, offered first among the away players.  ``private``: ask for the
        join code first (unless you hold a seat there).  A code, typed or given, names its
        table, whatever table was highlighted.
        """
        app, client = self.app, self.app.client
        if client is None:
            return None
        try:
            if private and code is None and client.saved_seat(table=table) is None:
                from .questions import CodeScreen

                code = await app.push_screen_wait(CodeScreen())
                if code is None:
                    return None
            if code is not None:
                table = None  # the code names its table
            saved = client.saved_seat(table=table, code=code)
            if saved is not None:
                try:
                    claim = await client.resume(saved.token)
                except HostError as e:
                    if e.code == "seat_moved":
                        return await self._ask_back(
                            client, saved.table, saved.token, refusal(e.code, e.params, e.message)
                        )
                    if e.code != "bad_token":
                        raise
                    code = code or saved.code  # the host has forgotten the seat: join as anyone would
                    table = None if code else saved.table
                else:
                    app.notify(t("Back in your seat."), timeout=4)
                    return Sat(claim.table)
            try:
                claim = await client.join(table, code)
            except HostError as e:
                if e.code not in ("playing", "table_full"):
                    raise
                return await self._seat_taken(client, table, code, player)
            return Sat(claim.table)
        except HostError as e:
            title = t("Cannot join with the code {code}", code=literal(code)) if code else t("Cannot join")
            app.notify(literal(refusal_text(e, code)), title=title, severity="error", timeout=15)
        except ConnectionLost:
            app.notify(t("Not connected to the host right now: try again in a moment."), severity="error")
        return None

    async def _seat_taken(self, client: Client, table: int | None, code: str | None, player: str) -> Sat | None:
        """No free seat (the game has started, or every seat is taken): take back the seat of a
        player who is away (if that is you), or watch."""
        from .questions import CodeScreen

        app = self.app
        table = await client.watch(table, code)
        info = client.tables.get(table)
        seats = info["seats"] if info is not None else []
        away = [s["name"] for s in seats if s and not s["bot"] and s["away"]]
        playing = info is not None and info["status"] == "playing"
        started = t("This game has started.") if playing else t("Every seat is taken.")
        if away:
            choices: list[tuple[Text, str, str | None]] = [
                (Text(t("I am {name}: take my seat back", name=literal(name))), name, None) for name in away
            ]
            choices.append((Text(t("Just watch")), "", None))
            yours = next((name for name in away if name.casefold() == player.casefold()), None)
            pick = await app.push_screen_wait(
                ChoiceScreen(
                    " ".join((started, t("Is one of these players you?"))),
                    choices,
                    yours,
                    hint=t("Enter takes that seat back (or just watches), Esc goes back to the lobby."),
                )
            )
            if pick is None:
                with contextlib.suppress(HostError, ConnectionLost):
                    await client.leave(table)
                return None
            if pick:
                if code is None:
                    code = await app.push_screen_wait(
                        CodeScreen(t("Taking a seat back needs the table's join code: type it, then Enter."))
                    )
                if code is not None:
                    claim = await self._reclaim(client, table, code, pick)
                    if claim is not None:
                        return Sat(claim.table)
        app.notify(" ".join((started, t("You are watching: q goes back to the lobby."))), timeout=8)
        return Sat(table, watching=True)

    async def _ask_back(self, client: Client, table: int, token: str, why: str) -> Sat | None:
        """This device's seat at ``table`` went to another device on a yes from the table: ask
        the table for it back (as a newcomer asks for a seat), or leave it."""
        app = self.app
        choices: list[tuple[Text, bool, str | None]] = [
            (Text(t("Ask the table to give it back to this device")), True, None),
            (Text(t("Leave it")), False, None),
        ]
        mistake = t("If that was a mistake, the people at the table can give it back.")
        pick = await app.push_screen_wait(ChoiceScreen(f"{why} {mistake}", choices, True))
        if pick is None:
            return None
        if not pick:  # left to the other device: not offered again
            client.forget_seat(table)
            return None
        claim = await self._reclaim(client, table, None, None, token=token)
        return None if claim is None else Sat(claim.table)

    async def _reclaim(self, client: Client, table: int, code: str | None, name: str | None, *,
                       token: str | None = None) -> Any:  # fmt: skip
        """Ask for ``name``'s seat at ``table`` (or, with ``token``, for this device's seat back):
        while the people there decide, a screen says so (Esc stops asking); the seat's claim
        once they said yes, else None (the answer told)."""
        from .questions import AskingScreen

        app = self.app
        asking: AskingScreen | None = None

        def stop(stopped: bool | None) -> None:
            if stopped and app.client is not None:
                app.run_worker(self._stop_asking(table), name="stop_asking", group="requests")

        def waiting(frame: ReclaimWaiting) -> None:
            nonlocal asking
            asking = AskingScreen(frame["name"], frame["seconds"])
            app.push_screen(asking, stop)

        try:
            if token is not None:
                return await client.reclaim_back(token, waiting)
            assert code is not None and name is not None
            return await client.reclaim(code, name, waiting)
        except HostError as e:
            app.notify(literal(refusal_text(e, code)), title=t("Not your seat yet"), severity="error", timeout=15)
        except (ConnectionLost, TimeoutError):
            app.notify(t("The host did not answer: try again in a moment."), severity="error")
        finally:
            if asking is not None and asking in app.screen_stack:
                asking.dismiss(False)
        return None

    async def _stop_asking(self, table: int) -> None:
        """The newcomer stops asking for a seat (they stop watching the table too)."""
        if self.app.client is not None:
            with contextlib.suppress(HostError, ConnectionLost):
                await self.app.client.leave(table)

    def asked(self, frame: ReclaimAsked) -> None:
        """Someone asks for the seat of a player who is away (or for their seat back): a yes or
        a no from this player, told who asks as far as the host can tell."""
        question = asked_text(frame)

        def answered(yes: bool | None) -> None:
            if yes is not None:  # None: decided meanwhile, by someone else
                answer = self._answer(frame["table"], frame["request"], yes)
                self.app.run_worker(answer, name="answer_ask", group="requests")

        asking = ConfirmScreen(question, yes=t("lets them in"), no=t("says no"), enter=False,
                               id=f"ask-{frame['table']}-{frame['request']}")  # fmt: skip
        self.app.push_screen(asking, answered)

    def ask_over(self, frame: ReclaimOver) -> None:
        """A request for a seat was decided (maybe by someone else): its question goes, the outcome is told."""
        question = f"ask-{frame['table']}-{frame['request']}"
        for screen in self.app.screen_stack:
            if isinstance(screen, ConfirmScreen) and screen.id == question:
                screen.withdraw()  # on top now, or as soon as what lies over it closes
        self.app.notify(literal(request_ended(frame)), timeout=8)

    async def _answer(self, table: int, request: int, yes: bool) -> None:
        if self.app.client is None:
            return
        with contextlib.suppress(ConnectionLost, HostError):  # answered already: its outcome is told
            await self.app.client.answer(table, request, yes)
