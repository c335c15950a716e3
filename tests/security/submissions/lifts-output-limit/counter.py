"""A right counter: only the greeting is under attack."""


def add(a, b):
    return a + b


class Tally:
    def __init__(self):
        self.total = 0

    def add(self, amount):
        if amount < 0:
            raise ValueError("negative")
        self.total += amount
