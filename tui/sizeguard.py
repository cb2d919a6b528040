"""A terminal too small for Yule's screens says so, in every app that draws them.

:class:`SizeGuard` is mixed into an app (the player's, ``yule replay``'s, ``yule party``'s): while the terminal is
smaller than 80×24 the app shows :class:`~yule.tui.screens.TooSmallScreen` over everything, in a
sentence (with the terminal's size, and q or Ctrl+Q to quit), instead of a clipped screen; it goes
once the terminal is big enough.  The TV scales its drawing to any size instead.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.events import Resize

from .screens import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen


class SizeGuard(App[int]):
    """Mixed in before the app's class: its ``on_mount`` and ``on_resize`` run besides the app's own
    (Textual calls the handler of each class)."""

    def on_mount(self) -> None:
        self._fit()
        self.screen_change_signal.subscribe(self, self._screen_changed)

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size.width, event.size.height)  # self.size is updated after this

    def _screen_changed(self, screen: Any) -> None:
        if not isinstance(screen, TooSmallScreen):
            self.call_later(self._fit)  # the notice stays on top of any screen pushed

    def _fit(self, width: int | None = None, height: int | None = None) -> None:
        width = self.size.width if width is None else width
        height = self.size.height if height is None else height
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        notice = self.screen if isinstance(self.screen, TooSmallScreen) else None
        if small and notice is None:
            self.push_screen(TooSmallScreen())
        elif small and notice is not None:
            notice.resized(width, height)
        elif not small and notice is not None:
            self.pop_screen()
