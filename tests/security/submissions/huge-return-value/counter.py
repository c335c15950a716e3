"""Returns a string of 10 MB where a number is expected."""


def add(a, b):
    return "3" * 10_000_000
