"""Submissions of the toy assignment (tests/toy_project) shared by several test files."""

GOOD_TALLY = """
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
"""


def with_add(body: str) -> str:
    """A counter whose add() has the given body and whose Tally is right."""
    return GOOD_TALLY.replace("def add(a, b):\n        return a + b", f"def add(a, b):\n{body}")
