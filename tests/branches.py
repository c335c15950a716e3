"""The branches of student-written code, and which of them hidden cases must reach.

Shared by the branch-coverage tests (``test_branch_coverage.py``) and the counters
compiled into the reference for the grading that feeds them (``counting``).
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

SEVERAL = 3
"""How many hidden cases must reach each branch."""

FIXED_CASES = {
    ("bisca", "auto_player", "AutoPlayer.choose", 1, True): "an empty hand: a fixed public case",
    ("bisca", "card", "Card.__post_init__", 2, True): "a suit that is not a Suit: fixed cases",
    ("bisca", "card", "Card.__eq__", 1, True): "a non-card: fixed cases, no reference call",
    ("bisca", "board", "Board.__init__", 1, True): "first not 0 or 1: fixed cases",
    ("bisca", "board", "Board._opponent_of", 2, False): "a stranger to the board: fixed cases",
    ("bisca", "board", "Board.play", 1, True): "a move after the end: fixed cases",
    ("bisca", "board", "Board.winner", 1, True): "asked before the end: fixed cases",
    ("cardgame", "card", "Card.__eq__", 1, True): "a non-card: fixed cases, no reference call",
    ("cardgame", "card", "Card.__lt__", 1, True): "a non-card: fixed cases, no reference call",
}
"""Branches (assignment, module, function, if-number in it, outcome) that only fixed
cases reach (public tests, or hidden tests with written expectations), with why that
is enough."""

UNREACHABLE = {
    ("kings_corner", "table", "Table.apply", 4, False): (
        "a move of no known kind: a Move crosses to the worker as its notation, which has none"
    ),
    ("whist", "whist.basic_player", "BasicPlayer.play_card", 2, True): (
        "a strategy choosing a card not held: a strategy is code, which cannot cross"
    ),
    ("whist", "whist.basic_whist", "human_game", 1, True): (
        "the basic players' tie-breaks, which the contract leaves open, shape the person's "
        "games: the same typed lines give the reference and a student different games"
    ),
    ("whist", "whist.basic_whist", "human_game", 1, False): "as the other outcome",
}
"""Branches (as in ``FIXED_CASES``) no differential hidden case can reach, reviewed, with why."""

OWN_DESIGN = {
    ("whist", "whist.advanced_strategy"): (
        "the student's own strategy, graded by the tournament: the reference's is one of many"
    ),
}
"""Modules a student designs freely: no hidden case compares them with the reference."""

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
