"""Fails everywhere with a fingerprint of the code it runs, and of every other it finds.

A chaff's code in a report shows as a second fingerprint (and its disassembly after).
"""

import dis
import hashlib
import importlib
import io
import pathlib

import pytest

MODULES = ("card", "rules", "player", "dealer", "game")


def _fingerprint(data):
    return "FP:" + hashlib.sha256(data).hexdigest()[:12]


def _own_code():
    text = io.StringIO()
    for name in MODULES:
        module = importlib.import_module(f"hearts.{name}")
        for value in vars(module).values():
            if callable(value) and hasattr(value, "__code__"):
                dis.dis(value, file=text)
    return text.getvalue()


def _found_code():
    module = importlib.import_module("hearts.rules")
    here = pathlib.Path(module.__file__)
    found = {}
    for up in here.parents[:3]:
        try:
            for path in up.rglob("rules.pyc"):
                found[_fingerprint(path.read_bytes())] = path
        except OSError:
            continue
    return sorted(found)


def test_shows_the_code():
    code = _own_code()
    found = " ".join(_found_code())
    pytest.fail(f"{found} {_fingerprint(code.encode())} {code[-100:]}", pytrace=False)
