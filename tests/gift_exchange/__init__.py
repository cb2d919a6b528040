"""Tests of the Gift Exchange rules core (core/gift_exchange)."""
