"""Tests for the Elf rules core (core/elf)."""
