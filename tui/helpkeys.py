"""The table screen's keys about a helper beside the seat (:mod:`.helping`): ``y`` plays the
suggestion shown as your own move, ``u`` ends the help.  A mixin of
:class:`~yule.tui.screens.TableScreen`, apart from :mod:`.helping` (which builds on the table
screen): the app's :class:`~yule.tui.helping.Helps` does the work.
"""

from __future__ import annotations

from typing import Any, Protocol

from textual.binding import Binding


class SeatHelps(Protocol):
    """What the keys ask of the app's helps (:class:`yule.tui.helping.Helps`)."""

    @property
    def suggestion(self) -> Any: ...

    @property
    def helper(self) -> str | None: ...

    def take(self) -> None: ...

    def end(self) -> None: ...


HELP_KEYS = [
    Binding("y", "take_suggestion", "Take suggestion"),
    Binding("u", "end_help", "End help"),
]
"""The keys, for the table screen's bindings."""
HELP_ACTIONS = frozenset(binding.action for binding in HELP_KEYS)


class HelpedSeat:
    """``y`` and ``u`` at the table, shown only while there is a suggestion to take or a help to end."""

    def _helps(self) -> SeatHelps | None:
        return getattr(getattr(self, "app", None), "helps", None)

    def help_check(self, action: str) -> bool | None:
        """Whether a help key shows now: only while there is something to take or to end."""
        helps = self._helps()
        if helps is None:
            return False
        if action == "take_suggestion":
            return helps.suggestion is not None
        return helps.helper is not None

    def action_take_suggestion(self) -> None:
        if (helps := self._helps()) is not None:
            helps.take()

    def action_end_help(self) -> None:
        if (helps := self._helps()) is not None:
            helps.end()
