"""How long will this take? The line that says so where a game is set up: the party's setup
and the new-table form (:func:`yule.core.estimate.estimate`).

The turns are counted in simulated games, in a thread (a first count for forty guests takes
a second or so), and the line follows the last question asked: an answer to an earlier one is
dropped, and while a question's turns are being counted the line says so, never the answer to
the question before (another game's).  Turns counted once are answered at once.

Every screen at one host forecasts a game alike: at the seconds a turn that host has learnt,
in whole seconds (:func:`pace_seconds`), unless someone sets them by hand.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from rich.text import Text
from textual.widgets import Static
from textual.worker import get_current_worker

from ..core import BadOptions, Game
from ..core.estimate import Estimate, Turns, turns, usual_seconds
from .words import N_, number, t, tn

SECONDS_A_TURN = (2, 600)
"""The seconds a turn an organiser may set: the fewest and the most."""

COUNTED: dict[tuple[Any, ...], Turns] = {}
"""The turns counted so far, by game, seats and options (answered at once when asked again)."""
COUNTED_MOST = 256
"""Questions :data:`COUNTED` keeps at most (then it starts again)."""

COUNTING = N_("How long: counting the turns…")
"""What the line says while the turns are counted (worded with ``t`` where shown)."""


def duration(seconds: float) -> str:
    """Seconds in whole minutes (rounded up, one at least), in hours and minutes past an hour.

    >>> duration(20), duration(3600), duration(4000)
    ('1 min', '1 h', '1 h 7 min')
    """
    minutes = max(1, math.ceil(seconds / 60))
    if minutes < 60:
        return t("{minutes} min", minutes=minutes)
    if minutes % 60 == 0:
        return t("{hours} h", hours=minutes // 60)
    return t("{hours} h {minutes} min", hours=minutes // 60, minutes=minutes % 60)


def estimate_words(estimate: Estimate) -> str:
    """An estimate as a person reads it, in the app's language.

    >>> estimate_words(Estimate(Turns(60, 95), 20.0))
    'about 20 min to 32 min (60 to 95 turns, 20 s a turn)'
    >>> estimate_words(Estimate(Turns(9, 9), 5.0))
    'about 1 min (9 turns, 5 s a turn)'
    """
    low, high = duration(estimate.low), duration(estimate.high)
    span = low if low == high else t("{low} to {high}", low=low, high=high)
    count = estimate.turns
    if count.low == count.high:
        many = tn("{n} turn", "{n} turns", count.low)
    else:
        many = t("{low} to {high} turns", low=count.low, high=count.high)
    return t("about {span} ({turns}, {seconds} s a turn)", span=span, turns=many, seconds=number(estimate.seconds))


def pace_seconds(game: str, paces: Mapping[str, float]) -> float:
    """The seconds a turn a forecast of ``game`` counts: the host's as learnt (``paces``: its
    ``paces`` answer), in whole seconds within :data:`SECONDS_A_TURN`, else the game's usual.

    >>> pace_seconds("gift-exchange", {"gift-exchange": 6.4}), pace_seconds("gift-exchange", {})
    (6.0, 40.0)
    >>> pace_seconds("elf", {"elf": 0.4})
    2.0
    """
    learnt = paces.get(game)
    if learnt is None:
        return usual_seconds(game)
    low, high = SECONDS_A_TURN
    return float(max(low, min(high, round(learnt))))


class HowLong(Static):
    """``How long: about 20 min to 32 min (60 to 95 turns, 20 s a turn)`` for the game asked about."""

    DEFAULT_CSS = """
    HowLong { height: auto; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(Text(t(COUNTING)), id=id, classes=classes)
        self.asked: tuple[Any, ...] | None = None

    def ask(self, game: Game[Any], players: int, options: Mapping[str, Any], seconds: float, then: str = "") -> None:
        """Say how long ``game`` takes ``players`` people with ``options`` at ``seconds`` a turn,
        followed by ``then`` (how to change the seconds, say): at once when its turns are
        counted already, else once they are (meanwhile, that they are being counted)."""
        key = (game.name, players, tuple(sorted(options.items())))
        question = (*key, seconds, then)
        if question == self.asked:
            return
        self.asked = question
        self.workers.cancel_group(self, "how-long")
        counted = COUNTED.get(key)
        if counted is not None:
            self.update(Text(t("How long: {estimate}", estimate=estimate_words(Estimate(counted, seconds)) + then)))
            return
        self.update(Text(t(COUNTING)))
        self.run_worker(
            lambda: self._count(game, players, options, seconds, then, key),
            thread=True,
            exclusive=True,
            group="how-long",
        )

    def tell(self, words: str) -> None:
        """Say ``words`` instead of an estimate (there is nothing to estimate yet): in the app's
        language (a sentence marked for the catalogue, such as :data:`COUNTING`, is worded here;
        words worded already stay as they are)."""
        self.asked = None
        self.workers.cancel_group(self, "how-long")
        self.update(Text(t(words)))

    def _count(
        self, game: Game[Any], players: int, options: Mapping[str, Any], seconds: float, then: str, key: tuple[Any, ...]
    ) -> None:
        try:
            counted = turns(game, players, options)
        except BadOptions as e:
            words = t("not with these options ({reason})", reason=str(e))
        else:
            if len(COUNTED) >= COUNTED_MOST:
                COUNTED.clear()
            COUNTED[key] = counted
            words = estimate_words(Estimate(counted, seconds)) + then
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(
                self._answer, (*key, seconds, then), Text(t("How long: {estimate}", estimate=words))
            )

    def _answer(self, question: tuple[Any, ...], words: Text) -> None:
        """The answer to ``question``, shown if it is still the question asked."""
        if question == self.asked:
            self.update(words)
