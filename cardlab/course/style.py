"""Style indicators: measured facts about a student's files, for a style mark.

Style is a judgement, so cardlab does not pretend to mark it. It measures indicators an
instructor can check and override, each with the rule it applies (grader tests report
each indicator as a test of its own, listing every place that breaks its rule):

* **lint** -- ruff finds nothing with the rules in ``LINT_RULES``;
* **docstrings** -- every public module, class and function has a docstring;
* **length** -- no function is longer than ``MAX_FUNCTION_LINES`` lines;
* **written** -- which of the functions the student must write are written (no longer
  the stub's ``raise NotImplementedError``), since style is marked on code written.

Student files are only ever read as text and parsed with ``ast``; ruff runs as a
separate process with a time limit, on copies of just those files, with its own fixed
settings (``--isolated``) and ``--ignore-noqa``, so nothing in the submission can
configure it or silence it (a ``# noqa`` or ``# ruff: noqa`` comment counts for nothing).
Every definition is measured wherever it is nested.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from ..errors import CardlabError

LINT_RULES = ("E", "F", "W", "B", "SIM", "UP")
"""ruff rule families checked: pycodestyle, pyflakes, bugbear, simplify, pyupgrade."""

LINE_LENGTH = 100
"""The longest line the lint indicator accepts."""

MAX_FUNCTION_LINES = 30
"""The longest function (from ``def`` to its last line, docstring included) accepted."""

RUFF_SECONDS = 60.0
"""How long ruff may take on one submission's files."""

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
_FINDING = re.compile(r"^(?P<file>[^:\s]+\.py):(?P<line>\d+):(?P<col>\d+): (?P<text>.+)$")


def parse_file(path: Path) -> ast.Module | str:
    """The module's tree, or a finding saying why it does not parse (read, never imported)."""
    try:
        return ast.parse(path.read_bytes(), str(path))
    except SyntaxError as error:
        return f"{path.name}:{error.lineno}: does not parse: {error.msg}"
    except (OSError, ValueError) as error:
        return f"{path.name}: cannot be read: {error}"


def _definitions(body: list[ast.stmt], prefix: str = "") -> Iterator[tuple[str, _Definition]]:
    """Classes and functions of a module and of its classes, by qualified name.

    Definitions are found wherever they are nested in the module's or a class's
    statements (under ``if``, ``try``, ``with``, loops, ``match``), so none escapes an
    indicator. Functions defined inside functions are part of the function around
    them: they are not items of the module's interface, and count in that function's
    length.
    """
    for node in body:
        if isinstance(node, (*_FUNCTIONS, ast.ClassDef)):
            name = prefix + node.name
            yield name, node
            if isinstance(node, ast.ClassDef):
                yield from _definitions(node.body, f"{name}.")
        else:
            yield from _definitions(_nested_statements(node), prefix)


def _nested_statements(node: ast.stmt) -> list[ast.stmt]:
    """The statements of a compound statement's blocks (none for a simple statement)."""
    blocks: list[ast.stmt] = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.stmt):
            blocks.append(child)
        elif isinstance(child, ast.ExceptHandler | ast.match_case):
            blocks.extend(child.body)
    return blocks


def _is_public(qualname: str) -> bool:
    """Public: no part of the name starts with ``_``, or it is a dunder like ``__eq__``."""
    return all(
        not part.startswith("_") or (part.startswith("__") and part.endswith("__"))
        for part in qualname.split(".")
    )


def _is_stub(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a function's body is only a docstring and ``raise NotImplementedError``."""
    body = [node for node in function.body if not _is_docstring(node)]
    if len(body) != 1 or not isinstance(body[0], ast.Raise) or body[0].exc is None:
        return False
    raised = body[0].exc.func if isinstance(body[0].exc, ast.Call) else body[0].exc
    return isinstance(raised, ast.Name) and raised.id == "NotImplementedError"


def _is_docstring(node: ast.stmt) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def missing_docstrings(path: Path) -> list[str]:
    """Public module, classes and functions of a file that have no docstring.

    Args:
        path: A Python file (read, never imported).

    Returns:
        One finding per item, ``file:line: name has no docstring``.
    """
    tree = parse_file(path)
    if isinstance(tree, str):
        return [tree]
    found = [] if ast.get_docstring(tree) else [f"{path.name}:1: the module has no docstring"]
    for name, node in _definitions(tree.body):
        if _is_public(name) and not ast.get_docstring(node):
            found.append(f"{path.name}:{node.lineno}: {name} has no docstring")
    return found


def long_functions(path: Path, limit: int = MAX_FUNCTION_LINES) -> list[str]:
    """Functions of a file longer than ``limit`` lines.

    Args:
        path: A Python file (read, never imported).
        limit: The longest function accepted, in lines from ``def`` to its end.

    Returns:
        One finding per function, ``file:line: name is N lines long``.
    """
    tree = parse_file(path)
    if isinstance(tree, str):
        return [tree]
    found = []
    for name, node in _definitions(tree.body):
        assert node.end_lineno is not None, "a parsed tree has every end position"
        length = node.end_lineno - node.lineno + 1
        if isinstance(node, _FUNCTIONS) and length > limit:
            found.append(f"{path.name}:{node.lineno}: {name} is {length} lines long")
    return found


def unwritten(files: Mapping[str, Path], functions: Sequence[str]) -> list[str]:
    """Functions the student must write that are still stubs, or missing.

    Args:
        files: The student's files by module name.
        functions: Qualified names ``module.Class.method`` or ``module.function``.

    Returns:
        The names of those not written yet, in the order given.
    """
    trees = {module: parse_file(path) for module, path in files.items()}
    left = []
    for qualname in functions:
        module, name = qualname.split(".", 1)
        tree = trees.get(module)
        found = dict(_definitions(tree.body)) if isinstance(tree, ast.Module) else {}
        node = found.get(name)
        if not isinstance(node, _FUNCTIONS) or _is_stub(node):
            left.append(qualname)
    return left


def lint_findings(files: Sequence[Path], seconds: float = RUFF_SECONDS) -> list[str]:
    """What ruff finds in the files with ``LINT_RULES``, run apart on copies of them.

    Args:
        files: The student's files.
        seconds: Time limit for ruff.

    Returns:
        One finding per problem, ``file:line: CODE message``.

    Raises:
        CardlabError: When ruff cannot run or does not finish in time.
    """
    with tempfile.TemporaryDirectory(prefix="cardlab-style-") as scratch:
        for path in files:
            if path.is_file():
                shutil.copyfile(path, Path(scratch) / path.name)
        command = [
            sys.executable, "-m", "ruff", "check", "--isolated", "--no-cache",
            "--select", ",".join(LINT_RULES), "--line-length", str(LINE_LENGTH),
            "--target-version", "py311", "--output-format", "concise", "--no-fix",
            "--ignore-noqa", ".",
        ]  # fmt: skip
        try:
            result = subprocess.run(
                command, cwd=scratch, capture_output=True, text=True, timeout=seconds, check=False
            )
        except subprocess.TimeoutExpired:
            raise CardlabError(f"ruff did not finish within {seconds:g} s") from None
    if result.returncode not in (0, 1):
        last = (result.stderr or result.stdout).strip().splitlines() or ["no output"]
        raise CardlabError(f"ruff could not check the files: {last[-1]}")
    found = []
    for line in result.stdout.splitlines():
        match = _FINDING.match(line.strip())
        if match:
            found.append(f"{Path(match['file']).name}:{match['line']}: {match['text']}")
    return found
