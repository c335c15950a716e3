"""Design-rule indicators: two rules of object-oriented design, measured on the source.

Like the style indicators (:mod:`cardlab.course.style`), these read a student's files as
text and parse them with ``ast``; nothing is imported or run. Each returns findings,
``file:line: what``, for an instructor to check and override:

* **encapsulation** (:func:`reaching_into_objects`) -- "no object examines or alters
  the variables of another object": reading or writing an attribute whose name starts
  with ``_`` on anything but ``self`` or ``cls``, and assigning (or deleting) any
  attribute of anything but ``self`` or ``cls``. Reading a public name of another object
  is allowed: in Python it may be a property or a method, which is how objects talk.
  The public methods of every named tuple (``_asdict``, ``_replace``, ``_fields``,
  ``_make``, ``_field_defaults``) start with ``_`` only so as not to clash with field
  names, and count as public;
* **input/output apart** (:func:`io_mixed_with_computation`) -- "a method does input
  and output, or computation, not both": a function that calls ``print`` or ``input``
  and also computes, that is, does arithmetic (``+ - * / // % **``, augmented
  assignment; joining text with ``+`` does not count), compares by order
  (``< <= > >=``), calls ``sum``, ``min``, ``max`` or ``sorted``, draws from a random
  generator (``rng.choice(...)``, ``random.shuffle(...)``), or, printing without asking
  for input, returns a value it worked out (anything but a constant, an ``UPPER_CASE``
  name, or what a call or an attribute gives): a method that picks a card, prints it
  and returns it computes. A function that reads input may return what it read.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from .style import parse_file

IO_CALLS = frozenset({"print", "input"})
"""Calls that do input or output."""

COMPUTING_CALLS = frozenset({"sum", "min", "max", "sorted"})
"""Calls that count as computation."""

RANDOM_METHODS = frozenset(
    {"choice", "choices", "sample", "shuffle", "randint", "randrange", "random", "uniform"}
)
"""Methods of a random generator (``random.Random`` or the ``random`` module): drawing
from one is computation."""

NAMED_TUPLE_API = frozenset({"_asdict", "_replace", "_fields", "_make", "_field_defaults"})
"""The public interface of ``collections.namedtuple``, underscores and all."""

_OWN = frozenset({"self", "cls"})
_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def _is_own(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id in _OWN


def _is_private(name: str) -> bool:
    dunder = name.startswith("__") and name.endswith("__")
    return name.startswith("_") and not dunder and name not in NAMED_TUPLE_API


def reaching_into_objects(path: Path) -> list[str]:
    """Places where code examines or alters another object's variables (see above).

    Args:
        path: A Python file (read, never imported).

    Returns:
        One finding per place, ``file:line: reads other._x`` or ``writes other.x``.
    """
    tree = parse_file(path)
    if isinstance(tree, str):
        return [tree]
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or _is_own(node.value):
            continue
        target = f"{ast.unparse(node.value)}.{node.attr}"
        if isinstance(node.ctx, ast.Store | ast.Del):
            found.append(f"{path.name}:{node.lineno}: changes {target} of another object")
        elif _is_private(node.attr):
            found.append(f"{path.name}:{node.lineno}: reads {target} of another object")
    return sorted(set(found), key=_line_order)


def _line_order(finding: str) -> tuple[int, str]:
    parts = finding.split(":")
    return (int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0), finding


def _functions(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Every function and method, by qualified name (nested functions count in theirs)."""
    stack: list[tuple[str, ast.AST]] = [("", tree)]
    while stack:
        prefix, parent = stack.pop()
        for node in getattr(parent, "body", ()):
            if isinstance(node, ast.ClassDef):
                stack.append((f"{prefix}{node.name}.", node))
            elif isinstance(node, _FUNCTIONS):
                yield prefix + node.name, node


def _called_name(node: ast.Call) -> str:
    return node.func.id if isinstance(node.func, ast.Name) else ""


def _is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def _computes(node: ast.AST) -> bool:
    if isinstance(node, ast.BinOp) and isinstance(node.op, _ARITHMETIC):
        return not (_is_text(node.left) or _is_text(node.right))
    if isinstance(node, ast.AugAssign):
        return True
    if isinstance(node, ast.Compare):
        return any(isinstance(op, _ORDER) for op in node.ops)
    if not isinstance(node, ast.Call):
        return False
    draws = isinstance(node.func, ast.Attribute) and node.func.attr in RANDOM_METHODS
    return draws or _called_name(node) in COMPUTING_CALLS


def _is_fixed(value: ast.expr) -> bool:
    """A constant, an ``UPPER_CASE`` name, or a choice between such."""
    if isinstance(value, ast.IfExp):
        return _is_fixed(value.body) and _is_fixed(value.orelse)
    return isinstance(value, ast.Constant) or (isinstance(value, ast.Name) and value.id.isupper())


def _returns_worked_out_value(nodes: list[ast.AST]) -> bool:
    """Whether a ``return`` hands back a value the function worked out itself.

    A constant, an ``UPPER_CASE`` name, what a call returns and an attribute read
    (``return board.play(card)``, ``return self.hand.is_empty`` hand the work on) are
    not worked out here.
    """
    return any(
        isinstance(node, ast.Return)
        and node.value is not None
        and not _is_fixed(node.value)
        and not isinstance(node.value, ast.Call | ast.Attribute)
        for node in nodes
    )


def _calls(nodes: list[ast.AST], names: frozenset[str]) -> bool:
    return any(isinstance(n, ast.Call) and _called_name(n) in names for n in nodes)


def io_mixed_with_computation(path: Path) -> list[str]:
    """Functions that do input or output and also compute (see the module docstring).

    Args:
        path: A Python file (read, never imported).

    Returns:
        One finding per function, ``file:line: name prints or reads input and computes``.
    """
    tree = parse_file(path)
    if isinstance(tree, str):
        return [tree]
    found = []
    for name, function in _functions(tree):
        nodes = list(ast.walk(function))
        if not _calls(nodes, IO_CALLS):
            continue
        prints_only = not _calls(nodes, frozenset({"input"}))
        computes = any(_computes(n) for n in nodes)
        if computes or (prints_only and _returns_worked_out_value(nodes)):
            found.append(
                f"{path.name}:{function.lineno}: {name} does input or output and also computes"
            )
    return sorted(found, key=_line_order)
