"""Tests of the White Elephant rules engine (``yule.core.white_elephant``).

A package so that the test modules share :mod:`.helpers` by a relative import.
"""
