"""Raises an exception whose class has a name a million characters long."""

Huge = type("T" * 1_000_000, (ValueError,), {})


def add(a, b):
    raise Huge("no sum")
