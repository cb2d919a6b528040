"""Yule's network play: the authoritative asyncio host and the client library."""
