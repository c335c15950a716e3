"""A right counter; the test adds thousands of stray files beside it."""


def add(a, b):
    return a + b


class Tally:
    def __init__(self):
        self._total = 0

    def add(self, amount):
        if amount < 0:
            raise ValueError("negative")
        self._total += amount

    @property
    def total(self):
        return self._total
