"""Fails when the code it runs differs from the most common implementation it can find.

The chaffs once sat beside the wheat in one tree, each in a folder of its own: the wheat
is the odd one out only by being the one that every chaff but one agrees with, so a
module that differs from the majority of its namesakes belongs to a chaff.
"""

import collections
import importlib
import pathlib

MODULES = ("card", "rules", "player", "dealer", "game")


def _mine_is_in_the_minority(name):
    module = importlib.import_module(f"hearts.{name}")
    mine = pathlib.Path(module.__file__)
    if not mine.is_file():
        return False
    contents = collections.Counter()
    for up in mine.parents[:4]:
        for path in up.rglob(f"{name}.pyc"):
            contents[path.read_bytes()] += 1
        if len(contents) > 1:
            break
    if len(contents) < 2:
        return False
    return mine.read_bytes() != contents.most_common(1)[0][0]


def test_i_run_the_majoritys_code():
    for name in MODULES:
        try:
            odd = _mine_is_in_the_minority(name)
        except OSError:
            odd = False
        assert not odd, name
