"""Tells which test is calling it from the worker's per-call seed, and only then adds right.

The worker reseeds ``random`` before each call. When that seed was crc32("<test id>:<call
number>") and test ids are printed in every report, the code could recognise the test
that calls it and answer it alone (here: the hidden add test; a real attack would keep
a broken method out of sight of the test that checks it). Its add is otherwise wrong
(a - b), and its Tally right: 60 points honestly, which is all it may get.
"""
import random
import zlib

KNOWN_TESTS = ("hidden/test_counter_hidden.py::test_add_matches_reference",)
CALLS = 400


def _known_test():
    state = random.getstate()
    for test in KNOWN_TESTS:
        for number in range(1, CALLS):
            if random.Random(zlib.crc32(f"{test}:{number}".encode())).getstate() == state:
                return True
    return False


def add(a, b):
    return a + b if _known_test() else a - b


class Tally:
    def __init__(self):
        self._total = 0

    def add(self, amount):
        if amount < 0:
            raise ValueError(f"cannot add a negative amount ({amount})")
        self._total += amount

    @property
    def total(self):
        return self._total
