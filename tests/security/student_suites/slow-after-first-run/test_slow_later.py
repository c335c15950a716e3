"""Quick on the first run; on any later one, slow, each test within its own limit.

A later run that is cut for its time once counted as a catch, and a chaff's run got less
time than the wheat's second run (which, slow too, still ended in time).
"""

import os
import pathlib
import tempfile
import time

import pytest

NAME = "cardlab-attack-slow-mark"


def _places():
    folders = {"/tmp", "/var/tmp", "/dev/shm", tempfile.gettempdir(), os.path.expanduser("~")}
    return [pathlib.Path(folder) / NAME for folder in folders]


def _seen_before():
    return any(place.exists() for place in _places())


def _mark():
    for place in _places():
        try:
            place.write_text("x")
        except OSError:
            pass


EARLIER = _seen_before()
_mark()


@pytest.mark.parametrize("number", range(7))
def test_quick_only_the_first_time(number):
    if EARLIER:
        time.sleep(3.5)  # under the 5 s a test may take
