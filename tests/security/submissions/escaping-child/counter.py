"""Starts a child that leaves the worker's process group and sleeps forever."""
import ctypes
import os
import time

_libc = ctypes.CDLL(None)


def add(a, b):
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            _libc.prctl(15, b"cardlab-escape", 0, 0, 0)  # PR_SET_NAME
            _libc.prctl(1, 0, 0, 0, 0)  # PR_SET_PDEATHSIG: none
            while True:
                time.sleep(1)
        os._exit(0)
    return a - b
