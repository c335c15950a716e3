"""Counting which way each ``if`` of the reference went, and which of its functions ran.

The branch-coverage tests ask, for every ``if`` of the student-written functions, how
many hidden cases made it go each way while the reference solution was graded. Tracing
the judge (``sys.settrace``) answers that, but calls a Python function at every call and
every line of the judge, which made a grading two to three times slower. Instead, while
:func:`counting` is active, every reference module the judge imports is compiled from
its source with counters in it:

* each ``if`` condition is wrapped in a call that counts it true or false and gives
  back its truth value (the condition is evaluated once and tested once, as before);
* each function's body starts with a call that counts the function entered (the console
  replays of ``run_once`` ask whether a test ran a program in the judge).

Line numbers stay those of the source, and nothing compiled this way is written to a
bytecode cache.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import importlib.machinery
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import CodeType
from typing import Any

from support.branches import if_nodes, named_nodes

BRANCH_HOOK = "__cardlab_branch__"
ENTRY_HOOK = "__cardlab_entered__"


@dataclass
class Counts:
    """What the instrumented reference counted.

    Attributes:
        branches: Times each ``if`` went each way, by (file, function, k, outcome), with
            the function and ``k`` as :func:`branches.if_nodes` names them.
        entered: Times each function was entered, by (file, function).
    """

    branches: Counter[tuple[str, str, int, bool]] = field(default_factory=Counter)
    entered: Counter[tuple[str, str]] = field(default_factory=Counter)

    def branch(self, key: tuple[str, str, int], condition: Any) -> bool:
        """Count an ``if`` condition's outcome and give it back."""
        outcome = bool(condition)
        self.branches[(*key, outcome)] += 1
        return outcome

    def enter(self, key: tuple[str, str]) -> None:
        """Count a function entered."""
        self.entered[key] += 1


def function_key(function: Any) -> tuple[str, str]:
    """The key :attr:`Counts.entered` counts a (reference) function under."""
    code = function.__code__
    return code.co_filename, code.co_qualname.replace(".<locals>", "")


def instrumented(source: bytes, path: str) -> CodeType:
    """The module's code with its ``if``s and functions counted (see the module docstring)."""
    tree = ast.parse(source, filename=path)
    for function, k, node in if_nodes(tree, ()):
        hook = ast.Name(BRANCH_HOOK, ast.Load())
        node.test = ast.copy_location(
            ast.Call(hook, [ast.Constant((path, function, k)), node.test], []), node.test
        )
    _count_entries(tree, path)
    return compile(ast.fix_missing_locations(tree), path, "exec", dont_inherit=True)


def _count_entries(tree: ast.AST, path: str) -> None:
    """Start every function body in ``tree`` with a call counting it entered."""
    for name, node in named_nodes(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            key = ast.Constant((path, name))
            call = ast.Expr(ast.Call(ast.Name(ENTRY_HOOK, ast.Load()), [key], []))
            body = node.body
            documented = isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
            body.insert(1 if documented else 0, ast.copy_location(call, body[0]))


@contextlib.contextmanager
def counting(reference: str) -> Iterator[Counts]:
    """Compile every module imported from under the folder ``reference`` with counters.

    Only modules imported while this is active are counted: the judge imports the
    reference afresh for each grading.
    """
    counts = Counts()
    loader = importlib.machinery.SourceFileLoader
    original = loader.get_code

    def get_code(self: importlib.machinery.SourceFileLoader, fullname: str) -> CodeType | None:
        path = self.get_filename(fullname)
        if not path.startswith(reference):
            return original(self, fullname)
        return instrumented(self.get_data(path), path)

    loader.get_code = get_code
    setattr(builtins, BRANCH_HOOK, counts.branch)
    setattr(builtins, ENTRY_HOOK, counts.enter)
    try:
        yield counts
    finally:
        loader.get_code = original
        delattr(builtins, BRANCH_HOOK)
        delattr(builtins, ENTRY_HOOK)
