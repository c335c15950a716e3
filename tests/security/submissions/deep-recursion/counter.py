"""Recurses far past the C stack, with Python's recursion limit lifted."""
import sys

sys.setrecursionlimit(10**9)


def add(a, b):
    return add(a, b) + 1
