"""Closes the channel's descriptors in the middle of a call."""
import os
import sys


def add(a, b):
    for fd in sys.argv[-2:]:
        os.close(int(fd))
    return a + b
