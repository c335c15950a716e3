"""Asks for far more memory than a worker may have."""


def add(a, b):
    hoard = bytearray(64 * 1024**3)
    return len(hoard) + a + b
