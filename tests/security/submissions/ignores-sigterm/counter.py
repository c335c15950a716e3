"""Ignores SIGTERM and every other signal it can, then never returns."""
import signal

for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGALRM):
    signal.signal(number, signal.SIG_IGN)


def add(a, b):
    while True:
        pass
