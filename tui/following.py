"""A screen that follows one table (:class:`FollowScreen`): the player's table, a spectator's,
the TV and the organiser's party screen draw a table's view their own way and show its log,
from the table's :class:`~yule.netplay.client.follower.TableFollower`; ``l`` opens the whole log
(:class:`~yule.tui.wholelog.LogScreen`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.screen import Screen

from ..core.base import Event, View
from ..netplay.client.follower import Change, LogLine, TableFollower
from .widgets import GameLog, log_text, seat_tags


class FollowScreen(Screen[None]):
    """A screen showing one table (a player's, a spectator's, the TV, the organiser's): it draws
    the table's view its own way (:meth:`show`) and shows its log, from the table's
    :class:`~yule.netplay.client.follower.TableFollower`: the whole table once mounted (:meth:`redraw`),
    then what each frame changed, as its app tells it (:meth:`follow`).  A subclass's
    ``on_mount`` runs before this one's.

    ``follower`` may come later (``yule play`` paints its table before the host that deals it
    has started).  A screen with none (a replay) draws what its owner gives it: :meth:`show`,
    :meth:`add_log` and :meth:`replace_log`, once mounted, and its own :meth:`redraw`.
    """

    def __init__(self, follower: TableFollower[Any] | None = None) -> None:
        super().__init__()
        self.follower = follower
        """The table followed."""
        self.ready = False
        """True once mounted and drawn (``is_mounted`` is set only after every ``on_mount``):
        from then on each change is drawn as it comes."""
        self._log_shown = (0, 0)
        """The follower's ``log_taken`` and how many of its lines the log shows."""

    def on_mount(self) -> None:
        self.ready = True
        self.redraw()

    @property
    def lines(self) -> list[str | Text]:
        """The table's whole log, as the log shows it."""
        return [] if self.follower is None else self._log_texts(self.follower.lines)

    def _log_texts(self, lines: Sequence[LogLine]) -> list[str | Text]:
        """Log lines as the log shows them, worded with the table's game and names (taken once)."""
        follower = self.follower
        assert follower is not None
        game, names = follower.info["game"] if follower.info else None, follower.names
        return [log_text(line, game, names) for line in lines]

    def redraw(self) -> None:
        """The whole table anew, from the follower: its log, and its view (if one came)."""
        follower = self.follower
        if follower is None:
            return
        self._log_shown = (-1, 0)
        self._show_log()
        if follower.view is not None:
            self.show(follower.view, follower.names, seat_tags(follower.info))

    def follow(self, change: Change) -> None:
        """What a frame changed at the table followed: the log's lines, and the view (a new one,
        after the public events that led to it; or the same with new names and tags)."""
        follower = self.follower
        if follower is None:
            return
        if self.ready:
            self._show_log()
        view = follower.view
        if change.kind == "view" and view is not None:
            self.show(view, follower.names, seat_tags(follower.info), follower.events)
        elif change.kind == "table" and view is not None:
            self.show(view, follower.names, seat_tags(follower.info))

    def _show_log(self) -> None:
        """The log shows the follower's lines: the new ones added, or all anew once the host's
        log frame has replaced them."""
        assert self.follower is not None
        taken, lines = self.follower.log_taken, self.follower.lines
        if self._log_shown[0] == taken:
            self.add_log(self._log_texts(lines[self._log_shown[1] :]))
        else:
            self.replace_log(self._log_texts(lines))
        self._log_shown = (taken, len(lines))

    def show(self, view: View, names: list[str], tags: dict[int, str], events: list[Event] | None = None) -> None:
        """Draw this view, after the public ``events`` that led to it."""
        raise NotImplementedError

    def add_log(self, lines: Sequence[str | Text]) -> None:
        """Lines at the end of the log."""
        self.query_one(GameLog).add(lines)

    def replace_log(self, lines: Sequence[str | Text]) -> None:
        """These lines in place of the log's."""
        self.query_one(GameLog).clear().add(lines)

    def action_whole_log(self) -> None:
        from .wholelog import LogScreen  # loaded when first asked for (see its module)

        self.app.push_screen(LogScreen(self.lines))
