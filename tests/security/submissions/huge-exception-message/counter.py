"""Raises an exception whose message is 4 MB long, on every call."""


def add(a, b):
    raise ValueError("x" * 4_000_000)
