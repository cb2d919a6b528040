"""Yule, holiday table games over a LAN: the source tree as the one package ``yule``.

Its three layers, each a folder here and a package when installed, import one way only::

    tui/      yule.tui      the ``yule`` command and the Textual app
    netplay/  yule.netplay  the host and the client library
    core/     yule.core     the games' rules, views and bots (pure: no I/O)

A layer names another relatively (``from ..core import Game`` in ``netplay/``), so the imports
read the same in this tree and installed.  This file makes the tree the package for whoever
follows those imports here (a reader, the type checker through ``.typecheck/yule``, an import
grapher); installed, ``yule`` is a namespace holding the three packages and nothing else
(pyproject.toml's ``package-dir``), so this file is not shipped.
"""
