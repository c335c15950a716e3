"""Honest baseline of steals-through-cmdline and leaves-traces: add subtracts."""


def add(a, b):
    return a - b


class Tally:
    def __init__(self):
        self._total = 0

    def add(self, amount):
        self._total = add(self._total, amount)

    @property
    def total(self):
        return self._total
