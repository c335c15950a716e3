"""An attack: find the project folder in the judge's command line, load its reference.

Where the worker has no PID namespace, its parent is the judge, whose command line
(readable by every user in /proc) names the project. The module is broken on purpose
(add subtracts); it turns into the reference only if the reference can be read.
"""

import os
import pathlib


def add(a, b):
    return a - b


class Tally:
    def __init__(self):
        self._total = 0

    def add(self, amount):
        self._total = add(self._total, amount)

    @property
    def total(self):
        return self._total


def _steal():
    for pid in (os.getppid(), *range(1, 4096)):
        try:
            words = pathlib.Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"--project" in words:
            project = pathlib.Path(words[words.index(b"--project") + 1].decode())
            exec((project / "reference" / "toy" / "counter.py").read_text(), globals())
            return


try:
    _steal()
except OSError:
    pass
