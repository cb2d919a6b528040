"""Yule's terminal side: the ``yule`` command and the Textual app.

The app talks only to :mod:`yule.netplay`'s client library; it never imports a game's state.
"""
