"""add is wrong: only the two files beside it could rescue it."""


def add(a, b):
    return a - b
