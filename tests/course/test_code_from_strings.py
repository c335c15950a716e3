"""Code built from strings is found wherever it is named, and plain code is never found."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from cardlab.course.code_from_strings import code_from_strings, expect_in_the_open

ROOT = Path(__file__).resolve().parents[2]

WAYS_IN = {
    "exec": "exec('def f(): return 1')",
    "eval": "value = eval('1 + 1')",
    "compile": "code = compile('x = 1', 'x', 'exec')",
    "__import__": "module = __import__('ra' + 'ndom')",
    "a builtin named, not called": "run = exec",
    "importlib": "import importlib",
    "from importlib": "from importlib import import_module",
    "types.FunctionType": "from types import FunctionType",
    "types.CodeType": "import types\nmaker = types.CodeType",
    "builtins": "import builtins",
    "marshal": "import marshal",
    "globals": "table = globals()",
    "vars()": "table = vars()",
    "__builtins__": "table = __builtins__",
    "__self__": "table = print.__self__",
    "__code__": "code = (lambda: 0).__code__",
    "__subclasses__": "kinds = object.__subclasses__()",
    "sys.modules": "import sys\nmodule = sys.modules['random']",
    "frames": "import sys\nframe = sys._getframe()",
    "getattr by a computed name": "name = 'x'\nvalue = getattr(print, name)",
    "getattr of a dunder": "value = getattr(print, '__self__')",
    "a loop name bound again": "for name in ('a',):\n    pass\nname = '__self__'\ngetattr(0, name)",
    "a loop over a dunder": "for name in ('__self__',):\n    getattr(print, name)",
}


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "module.py"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


@pytest.mark.parametrize("source", WAYS_IN.values(), ids=WAYS_IN.keys())
def test_every_way_in_is_a_finding(tmp_path, source):
    findings = code_from_strings(_file(tmp_path, source + "\n"))
    assert findings and all(f.startswith("module.py:") for f in findings), findings


def test_plain_code_is_not_a_finding(tmp_path):
    path = _file(
        tmp_path,
        """
        import random
        from types import MappingProxyType
        from dataclasses import dataclass
        from . import card


        @dataclass(frozen=True)
        class Hand:
            cards: tuple

            def name(self):
                return type(self).__name__ + getattr(self, "label", "")

            def shuffled(self, seed):
                cards = list(self.cards)
                random.Random(seed).shuffle(cards)
                for field in ("cards", "label"):
                    setattr(self, field, getattr(self, field))
                return vars(self), cards, card
    """,
    )
    assert code_from_strings(path) == []


def test_the_references_are_in_the_open():
    for assignment in ("cardgame", "hearts", "bisca", "whist", "kings_corner"):
        for path in sorted((ROOT / "reference" / assignment).glob("*.py")):
            assert code_from_strings(path) == [], path


def test_the_message_names_the_rule_and_each_place(tmp_path):
    path = _file(tmp_path, "\nexec('x = 1')\nrun = eval\n")
    with pytest.raises(AssertionError) as failure:
        expect_in_the_open([path], "every function has a docstring", "indicator")
    message = str(failure.value)
    assert message.startswith("rule: every function has a docstring\n")
    assert "module.py:2: uses exec" in message and "module.py:3: uses eval" in message


def test_code_in_the_open_passes(tmp_path):
    expect_in_the_open([_file(tmp_path, "x = 1\n")], "a rule", "rule")
