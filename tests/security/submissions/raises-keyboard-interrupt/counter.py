"""Raises KeyboardInterrupt from add, as if Ctrl-C had stopped the grading there."""


def add(a, b):
    raise KeyboardInterrupt


class Tally:
    def __init__(self):
        self._total = 0

    def add(self, amount):
        if amount < 0:
            raise ValueError(f"amount {amount} is negative")
        self._total += amount

    @property
    def total(self):
        return self._total
