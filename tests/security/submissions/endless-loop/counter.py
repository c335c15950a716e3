"""Loops forever in a call."""


def add(a, b):
    total = 0
    while True:
        total += a + b
