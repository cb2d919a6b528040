"""How long will this take? The line that says so where a game is set up: the party's setup
and the new-table form (:func:`yule.core.estimate.estimate`).

The turns are counted in simulated games, in a thread (a first count for forty guests takes
a second or so; the same seats and rules again are answered at once), and the line follows the
last question asked: an answer to an earlier one is dropped.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual.widgets import Static
from textual.worker import get_current_worker

from ..core import BadOptions, Game
from ..core.estimate import estimate

SECONDS_A_TURN = (2, 600)
"""The seconds a turn an organiser may set: the fewest and the most."""


class HowLong(Static):
    """``How long: about 20 min to 32 min (60 to 95 turns, 20 s a turn)`` for the game asked about."""

    DEFAULT_CSS = """
    HowLong { height: auto; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(Text("How long: counting the turns…"), id=id, classes=classes)
        self.asked: tuple[Any, ...] | None = None

    def ask(self, game: Game[Any], players: int, options: Mapping[str, Any], seconds: float, then: str = "") -> None:
        """Say how long ``game`` takes ``players`` people with ``options`` at ``seconds`` a turn,
        followed by ``then`` (how to change the seconds, say)."""
        question = (game.name, players, tuple(sorted(options.items())), seconds, then)
        if question == self.asked:
            return
        self.asked = question
        self.run_worker(
            lambda: self._count(game, players, options, seconds, then),
            thread=True,
            exclusive=True,
            group="how-long",
        )

    def tell(self, words: str) -> None:
        """Say ``words`` instead of an estimate (there is nothing to estimate yet)."""
        self.asked = None
        self.workers.cancel_group(self, "how-long")
        self.update(Text(words))

    def _count(self, game: Game[Any], players: int, options: Mapping[str, Any], seconds: float, then: str) -> None:
        try:
            words = f"{estimate(game, players, options, seconds).words()}{then}"
        except BadOptions as e:
            words = f"not with these options ({e})"
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.update, Text(f"How long: {words}"))
