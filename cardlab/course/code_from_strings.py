"""Code built at run time: a finding of its own for the style and design indicators.

The style and design indicators judge the source a student wrote. Code that is built
from strings while the program runs (``exec("def f(): ...")``) or fetched by a computed
name escapes every one of them: ruff, the docstring and length indicators and the
design rules see only a string. So a graded module must keep its code in the open, and
:func:`code_from_strings` lists every place where it does not. Like the other
indicators it reads the file as text and parses it with ``ast``; nothing is run.

What counts is *naming* one of the ways in, not only calling it, so ``run = exec``
is found as surely as ``exec(text)``:

* the builtins that turn text into code or reach the interpreter's namespaces:
  ``exec``, ``eval``, ``compile``, ``__import__``, ``globals``, ``locals``,
  ``__builtins__``, ``__loader__``, ``__spec__``, and ``vars()`` with no argument;
* importing a module whose purpose is to load or build code: ``builtins``,
  ``importlib``, ``code``, ``codeop``, ``runpy``, ``marshal``, ``pickle``,
  ``copyreg``, ``shelve``, ``inspect``, ``ctypes``, ``gc``; and the types that make
  functions, code and modules out of parts (``types.FunctionType``, ``CodeType``,
  ``LambdaType``, ``ModuleType``), however they are imported or reached;
* the attributes that lead from any object to code or to the builtins
  (``__code__``, ``__globals__``, ``__builtins__``, ``__self__``, ``__subclasses__``,
  ``__getattribute__``, ``_getframe``, frame fields such as ``f_globals``) and
  ``sys.modules``;
* ``getattr`` with a computed name, since it can reach any of the above (a name
  that only ever runs through a tuple of plain strings, as in
  ``for field in ("hand", "table"): getattr(view, field)``, is not computed), and
  ``getattr``, ``setattr``, ``delattr`` or ``hasattr`` with a plain string that names
  a dunder or one of those attributes.

The list names the ways in that Python offers a program of this size; the instructor's
own reading of the code still counts for whatever a list cannot foresee.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

from .style import parse_file

CODE_BUILTINS = frozenset(
    {"exec", "eval", "compile", "__import__", "globals", "locals", "__builtins__",
     "__loader__", "__spec__"}
)  # fmt: skip
"""Names that turn text into code or reach the interpreter's namespaces."""

CODE_MODULES = frozenset(
    {"builtins", "importlib", "code", "codeop", "runpy", "marshal", "pickle",
     "copyreg", "shelve", "inspect", "ctypes", "gc"}
)  # fmt: skip
"""Modules whose import is a finding: they load, build or reach code by name."""

CODE_ATTRIBUTES = frozenset(
    {"__code__", "__globals__", "__builtins__", "__self__", "__subclasses__",
     "__getattribute__", "__closure__", "__loader__", "__spec__", "_getframe",
     "f_globals", "f_locals", "f_builtins", "f_back", "gi_frame", "tb_frame"}
)  # fmt: skip
"""Attributes that lead from an object to code, frames or the builtins."""

CODE_TYPES = frozenset({"FunctionType", "CodeType", "LambdaType", "ModuleType"})
"""Types (of the ``types`` module) that make functions, code or modules out of parts."""

_NAMED_ACCESS = frozenset({"getattr", "setattr", "delattr", "hasattr"})
_Found = tuple[int, str]


def code_from_strings(path: Path) -> list[str]:
    """Places in a file that build code from strings or reach code by a computed name.

    Args:
        path: A Python file (read, never imported).

    Returns:
        One finding per place, ``file:line: what``, in the order of the file.
    """
    tree = parse_file(path)
    if isinstance(tree, str):
        return [tree]
    plain = _plain_names(tree)
    found: set[_Found] = set()
    for node in ast.walk(tree):
        what = _way_in(node, plain)
        if what and isinstance(node, ast.expr | ast.stmt):
            found.add((node.lineno, f"{path.name}:{node.lineno}: {what}"))
    return [finding for _, finding in sorted(found)]


def _plain_names(tree: ast.Module) -> frozenset[str]:
    """Names bound only as loop variables over tuples or lists of plain strings."""
    loops = [
        loop
        for loop in ast.walk(tree)
        if isinstance(loop, ast.For | ast.comprehension)
        and isinstance(loop.target, ast.Name)
        and _plain_strings(loop.iter)
    ]
    targets = {id(loop.target) for loop in loops}
    plain = {loop.target.id for loop in loops if isinstance(loop.target, ast.Name)}
    bound_otherwise = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            if id(node) not in targets:
                bound_otherwise.add(node.id)
        elif isinstance(node, ast.arg):
            bound_otherwise.add(node.arg)
        elif isinstance(node, ast.alias):
            bound_otherwise.add(node.asname or node.name.split(".")[0])
    return frozenset(plain - bound_otherwise)


def _plain_strings(node: ast.expr) -> bool:
    return isinstance(node, ast.Tuple | ast.List) and all(
        isinstance(item, ast.Constant)
        and isinstance(item.value, str)
        and not _leads_to_code(item.value)
        for item in node.elts
    )


def _leads_to_code(name: str) -> bool:
    return name.startswith("__") or name in CODE_ATTRIBUTES or name in CODE_TYPES


def _way_in(node: ast.AST, plain: frozenset[str]) -> str | None:
    """What ``node`` does that builds or reaches code, or None."""
    if isinstance(node, ast.Name) and node.id in CODE_BUILTINS:
        return f"uses {node.id}, which runs or reaches code built at run time"
    if isinstance(node, ast.Import | ast.ImportFrom):
        return _imported(node)
    if isinstance(node, ast.Attribute):
        if node.attr in CODE_TYPES:
            return f"reads .{node.attr}, which makes code out of parts"
        if node.attr in CODE_ATTRIBUTES:
            return f"reads .{node.attr}, which leads to code or the interpreter's namespaces"
        if node.attr == "modules" and isinstance(node.value, ast.Name) and node.value.id == "sys":
            return "reads sys.modules, which reaches modules by a computed name"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return _call(node, node.func.id, plain)
    return None


def _imported(node: ast.Import | ast.ImportFrom) -> str | None:
    names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
    if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
        names = [node.module]
    for name in names:
        if name.split(".")[0] in CODE_MODULES:
            return f"imports {name}, which loads or builds code by name"
    if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == "types":
        for alias in node.names:
            if alias.name in CODE_TYPES or alias.name == "*":
                return f"imports types.{alias.name}, which makes code out of parts"
    return None


def _call(node: ast.Call, name: str, plain: frozenset[str]) -> str | None:
    if name == "vars" and not node.args:
        return "uses vars() without an argument, which reaches the namespace's names"
    if name not in _NAMED_ACCESS or len(node.args) < 2:
        return None
    attribute = node.args[1]
    if isinstance(attribute, ast.Constant) and isinstance(attribute.value, str):
        if _leads_to_code(attribute.value):
            return f"calls {name} for {attribute.value}, which leads to code"
        return None
    is_plain = isinstance(attribute, ast.Name) and attribute.id in plain
    if name == "getattr" and not is_plain:
        return "calls getattr with a computed name, which can reach any code"
    return None


def expect_in_the_open(paths: Iterable[Path], rule: str, kind: str, shown: int = 12) -> None:
    """Fail an indicator whose files build code from strings, saying where.

    A grader calls this first in each style or design indicator, so that code built at
    run time costs every indicator that cannot read it.

    Args:
        paths: The student's files the indicator reads.
        rule: The indicator's rule, as its message states it.
        kind: What the student reads the indicator as (``"indicator"``, ``"rule"``).
        shown: The most places listed.

    Raises:
        AssertionError: With a message for the student, when any file does.
    """
    found = [finding for path in paths for finding in code_from_strings(path)]
    if not found:
        return
    more = f"\n  ... and {len(found) - shown} more" if len(found) > shown else ""
    places = "\n".join(f"  {finding}" for finding in found[:shown])
    raise AssertionError(
        f"rule: {rule}\nyour code builds code from strings or reaches it by a computed "
        f"name while it runs, which no {kind} can read, so this {kind} cannot hold until "
        f"the code is written out in your files:\n{places}{more}"
    )
