"""Opens descriptors until none are left, then answers."""
import os


def add(a, b):
    kept = [os.open("/dev/null", os.O_RDONLY) for _ in range(100_000)]
    return a + b + len(kept) * 0
