"""A request the host refuses, and why.

Every part of a table that checks a request (:mod:`.table`, :mod:`.audience`, :mod:`.usher`,
:mod:`.turns`, :mod:`.door`) refuses it by raising :class:`RequestError`; the host answers the
connection with an error frame of its ``code`` and ``message`` and changes nothing.
"""

from __future__ import annotations


class RequestError(Exception):
    """A request the host refuses: ``code`` is stable, ``message`` is shown to the player."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
