"""Floods standard output and error, through Python and at the descriptor level."""
import os
import sys


def add(a, b):
    for _ in range(200):
        print("x" * 100_000)
        print("y" * 100_000, file=sys.stderr)
        os.write(1, b"z" * 100_000)
        os.write(2, b"w" * 100_000)
    return a + b
