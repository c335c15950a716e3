"""The branches of student-written code, and how often hidden cases reached each.

Shared by the branch-coverage tests (``test_assignments.py``, which read the reviewed
exceptions from each assignment's ``assignment.toml``) and the counters compiled into
the reference for the grading that feeds them (``counting``).
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

SEVERAL = 3
"""How many hidden cases must reach each branch."""

_SCOPES = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
"""The nodes that name what they hold, as ``co_qualname`` does."""


def named_nodes(tree: ast.AST) -> Iterator[tuple[str, ast.AST]]:
    """(name, node) of every node under ``tree``, in the order they are written.

    A function or class is named by its qualified name without ``<locals>``
    (``Board.play``, ``outer.inner``: its ``co_qualname`` less ``.<locals>``); any other
    node by the function or class that holds it (``""`` outside them).
    """

    def visit(node: ast.AST, scope: tuple[str, ...]) -> Iterator[tuple[str, ast.AST]]:
        for child in ast.iter_child_nodes(node):
            inner = (*scope, child.name) if isinstance(child, _SCOPES) else scope
            yield ".".join(inner), child
            yield from visit(child, inner)

    return visit(tree, ())


def if_nodes(tree: ast.AST, functions: tuple[str, ...]) -> list[tuple[str, int, ast.If]]:
    """(function, k, node) of every ``if`` in the named functions (all if empty), in order.

    ``k`` numbers the ``if``s of a function from 1, in the order they are written (an
    ``elif`` after its ``if``); the function is named as :func:`named_nodes` names it.
    ``if``s outside functions are left out.
    """
    found: list[tuple[str, int, ast.If]] = []
    numbered: Counter[str] = Counter()
    for name, node in named_nodes(tree):
        if isinstance(node, ast.If) and name and _wanted(name, functions):
            numbered[name] += 1
            found.append((name, numbered[name], node))
    return found


def _wanted(name: str, functions: tuple[str, ...]) -> bool:
    return not functions or any(name == f or name.startswith(f + ".") for f in functions)


def branches(source: str, functions: tuple[str, ...]) -> list[tuple[str, int, int]]:
    """(function, k, line) of every ``if`` in the named functions (see :func:`if_nodes`)."""
    return [(name, k, node.lineno) for name, k, node in if_nodes(ast.parse(source), functions)]


def branch_counts(
    counts: Counter, path: str, functions: tuple[str, ...]
) -> Iterator[tuple[str, int, bool, int, int]]:
    """(function, k, outcome, hidden cases, line) of each branch of a file's functions.

    Args:
        counts: How many times each ``if`` went each way, by (file, function, k,
            outcome), as the counting grading counted them.
        path: The file.
        functions: The functions to report (all when empty).
    """
    for function, k, line in branches(Path(path).read_text(), functions):
        for outcome in (True, False):
            yield function, k, outcome, counts[path, function, k, outcome], line
