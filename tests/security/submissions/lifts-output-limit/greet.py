"""Lifts the worker's own cap on output, floods it, then greets as asked."""
import sys

from .counter import Tally


def main():
    sys.stdout.limit = 2**30
    print("x" * 3_000_000)
    tally = Tally()
    while name := input("Name? ").strip():
        print(f"Hello, {name}!")
        tally.add(1)
    print(f"Greeted {tally.total}.")
    return 0
