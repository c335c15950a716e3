"""A console greeting that uses the tally."""

from .counter import Tally


def main() -> int:
    """Ask for names until an empty line, greet each, then print how many there were.

    Returns:
        0.
    """
    tally = Tally()
    while name := input("Name? ").strip():
        print(f"Hello, {name}!")
        tally.add(1)
    print(f"Greeted {tally.total}.")
    return 0
