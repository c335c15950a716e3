"""Ends the interpreter politely while being imported."""
import sys

sys.exit(0)


def add(a, b):
    return a + b
