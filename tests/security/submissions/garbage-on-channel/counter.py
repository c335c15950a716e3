"""Writes bytes that are not a message on the channel, then answers."""
import os
import sys


def add(a, b):
    os.write(int(sys.argv[-1]), b"\x00\x00\x00\x05{{{{{")
    return a + b
