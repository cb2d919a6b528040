"""``yule replay FILE [--seat N]``: step through a game record at the game's own table.

The command replays the record with the rules engine first and refuses one that does not
replay, in the words of ``yule verify``.  :class:`ReplayApp` then shows
the position after each move at the game's table, as one seat saw it or as a spectator did
(the public view), with the log of the moves so far underneath.  Left and Right step one move
(a chance move, such as a shuffle or a die roll, is a move of its own), Home and End (or
``s`` and ``e``, for keyboards without them) jump to the start and the end, ``v`` switches
whose view it is.  At the end of a finished game the
result comes up as the game-over screen shows it; from there Left steps back a move, and Home
(or ``s``) jumps to the start.

The start is the first position anyone saw at the table: the chance moves that open a game
(the shuffle, the deal) are already made, as the host makes them before the first view.  The
moves are counted from there, in every game alike: the start is move 0.  A position jumped to
is drawn as a table drawn afresh is, after every event so far (White Rabbit's banner tells the
latest draw up to that position, never a later one).  Nobody plays in a replay: no hint, no
chat, no nudge.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message

from ..core import CHANCE
from ..core.records import start_from_record
from .games import GAME_UIS
from .screens import GameOverScreen, TableScreen, final_result
from .sizeguard import SizeGuard
from .widgets import GameLog, PlainApp
from .words import t


class Replay:
    """A record that replays, as positions: each move's public events, and any seat's views.

    Position ``k`` is the game after its first ``k`` record moves; :attr:`start` is the first
    one shown.  A seat's view there (``None``: the public view) is made when it is asked for,
    from the positions the replayed :class:`~yule.core.session.Session` kept on the way, without
    the ``actions`` a live seat would get (nobody moves in a replay).
    """

    def __init__(self, record: dict[str, Any]) -> None:
        self.session = start_from_record(record, undo=True)
        self.game = self.session.game
        self.names: list[str] = list(record["players"])
        self.events: list[list[dict[str, Any]]] = []
        """The public events of each move, in order."""
        self.start = 0
        opening = True
        for move in record["moves"]:
            state = self.session.state
            opening = opening and state.active() == (CHANCE,) and state.chance_trigger() is None
            self.start += opening
            self.events.append(self.session.apply(move))
        self.finished = self.session.state.is_over

    @property
    def end(self) -> int:
        return len(self.session.moves)

    @property
    def players(self) -> int:
        return len(self.names)

    def log(self, first: int, last: int) -> list[str]:
        """The log lines of moves ``first`` up to (not including) ``last``, in the app's language
        (the game's :attr:`~yule.tui.games.GameUI.describe`)."""
        describe = GAME_UIS[self.game.name].describe
        names = self.names
        return [describe(event, names) for events in self.events[first:last] for event in events]

    def view(self, position: int, seat: int | None) -> dict[str, Any]:
        """The view of ``seat`` at ``position``."""
        view = self.session.position(position).view(seat)
        return {key: value for key, value in view.items() if key != "actions"}


class ReplayOverScreen(GameOverScreen):
    """The result at the end of a replay, dismissed with ``"previous"`` (Left: back a move) or
    ``"start"`` (Home or ``s``) too: the replay's keys go on working over its result."""

    BINDINGS = [
        Binding("left", "done('previous')", "Back", priority=True),
        Binding("home,s", "done('start')", "Start", key_display="home/s", priority=True),
    ]


class ReplayScreen(TableScreen, inherit_bindings=False):
    """The game's table showing one position of a :class:`Replay`; nothing here sends a move.
    Where it stands goes up as :class:`Moved` (the status line says it, on every screen).  Its
    keys are its own: a table's keys for playing (hint, chat, nudge) have no place here."""

    AUTO_FOCUS = None
    BINDINGS = [
        Binding("left", "step(-1)", "Back", priority=True),
        Binding("right", "step(1)", "Next", priority=True),
        Binding("home,s", "jump('start')", "Start", key_display="home/s", priority=True),
        Binding("end,e", "jump('end')", "End", key_display="end/e", priority=True),
        Binding("v", "switch_view", "Whose view", priority=True),
        Binding("f1,question_mark", "rules", "Rules", key_display="?"),
        Binding("l", "whole_log", "Log", show=False),  # the log's title says so
        Binding("q", "leave", "Quit"),
    ]

    class Moved(Message):
        """The replay stands at another position, or shows another seat's view: ``place`` says which."""

        def __init__(self, place: str) -> None:
            super().__init__()
            self.place = place

    def __init__(self, replay: Replay, seat: int | None) -> None:
        super().__init__(replay.game.name)
        self.replay = replay
        self.seat = seat
        self.position = replay.start

    @property
    def lines(self) -> list[str | Text]:
        """The log of the moves up to the position shown."""
        return list(self.replay.log(0, self.position))

    @property
    def hints(self) -> bool:
        return False  # nobody plays here: h says nothing either

    def on_mount(self) -> None:
        for widget in (self.table, *self.table.query("*")):
            widget.can_focus = False
        self.set_focus(None)

    def redraw(self) -> None:
        """The position shown, its log and where it stands: drawn afresh, after every event so far."""
        self.replace_log(self.lines)
        self._show([event for events in self.replay.events[: self.position] for event in events])

    def _show(self, events: list[dict[str, Any]]) -> None:
        self.show(self.replay.view(self.position, self.seat), self.replay.names, {}, events)
        self._say_where()

    def _say_where(self) -> None:
        """The status line: which move, and whose view."""
        replay = self.replay
        if self.seat is None:
            whose = t("public view")
        else:
            whose = t("{who}'s view (seat {seat})", who=replay.names[self.seat], seat=self.seat)
        move, moves = self.position - replay.start, replay.end - replay.start
        if self.position == replay.start:
            where = t("move {move} of {moves} (the start)", move=move, moves=moves)
        elif self.position == replay.end:
            where = t("move {move} of {moves} (the end)", move=move, moves=moves)
        else:
            where = t("move {move} of {moves}", move=move, moves=moves)
        self.post_message(self.Moved(t("Replay · {where} · {whose}", where=where, whose=whose)))

    def action_step(self, by: int) -> None:
        target = max(self.replay.start, min(self.replay.end, self.position + by))
        if target == self.position:
            if target == self.replay.end:
                self._game_over()
            else:
                self.notify(t("This is the start of the game."), severity="information")
            return
        if target == self.position + 1:
            self.add_log(self.replay.log(self.position, target))
            self.position = target
            self._show(self.replay.events[target - 1])
        else:
            self.position = target
            self.redraw()
        if target == self.replay.end:
            self._game_over()

    def action_jump(self, where: str) -> None:
        target = self.replay.start if where == "start" else self.replay.end
        if target == self.position:
            self.action_step(0)
            return
        self.position = target
        self.redraw()
        if target == self.replay.end:
            self._game_over()

    def action_switch_view(self) -> None:
        """Public view, then each seat's in turn, then the public view again."""
        seats: list[int | None] = [None, *range(self.replay.players)]
        self.seat = seats[(seats.index(self.seat) + 1) % len(seats)]
        self._show([])
        self._fit_log(self.app.size)

    def _fit_log(self, size: Size) -> None:
        """The public view's table is as tall as what it shows (a spectator's): the log has every
        row left; a seat's table keeps the log its game gives it (not the public view's)."""
        self.query_one(GameLog).styles.height = None
        super()._fit_log(size)

    def _game_over(self) -> None:
        if not self.replay.finished:
            self.notify(t("The record stops here: the game was not finished."), severity="information")
            return
        view = self.replay.view(self.replay.end, self.seat)
        result = final_result(self.game, view)
        self.app.push_screen(
            ReplayOverScreen(self.game, result, self.replay.names, self.seat, again=False), self._after_game_over
        )

    def _after_game_over(self, choice: str | None) -> None:
        if choice == "leave":
            self.app.exit(0)
        elif choice == "previous":
            self.action_step(-1)
        elif choice == "start":
            self.action_jump("start")

    def action_leave(self) -> None:
        self.app.exit(0)


class ReplayApp(SizeGuard, PlainApp):
    """``yule replay``: one record, stepped through at its game's table (see the module docstring)."""

    TITLE = "Yule replay"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def __init__(self, record: dict[str, Any], seat: int | None = None, name: str = "") -> None:
        super().__init__({"place": t("Replay of {name}", name=name) if name else t("Replay"), "connection": ""})
        self.replay = Replay(record)
        self.seat = seat

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.replay, self.seat))

    def on_replay_screen_moved(self, message: ReplayScreen.Moved) -> None:
        self.set_status(place=message.place)
