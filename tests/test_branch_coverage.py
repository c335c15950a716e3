"""Hidden tests reach every branch of the student-written code, several times each.

Hidden tests are differential: each case they send to the student's code, they also
work out with the reference, in the judge. So counting which lines of the reference
run while the hidden tests grade the reference solution tells which branches of each
student-written method the hidden cases reach, and how often. A branch reached by no
hidden case, or by only one, is a rule a student can get wrong unnoticed.

Console programs run only in the worker, where nothing is counted: each console run a
hidden test makes (``student.console``) is therefore replayed in the judge on the
reference's own program, with the same arguments and the same typed input, and its
lines are counted there.

Branches are the two outcomes of every ``if`` (its body runs, or it is skipped) in the
student-written functions. Branches only fixed cases reach (errors raised for bad
arguments, say) are listed with the reason.
"""

from __future__ import annotations

import ast
import contextlib
import io
import shutil
import sys
from collections import Counter
from pathlib import Path

import pytest

from cardlab.course.solution import write_solution
from cardlab.judge.grading import project_job, run
from cardlab.judge.proxy import Student
from cardlab.judge.remote import RemotePath

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

CASES = [("cardgame", 1), ("bisca", 1), ("bisca", 2), ("bisca", 3)]


def _branches(source: str, functions: tuple[str, ...]):
    """(function, k, body line, test line) of every ``if`` in the named functions (all if empty)."""
    found = []

    def visit(node: ast.AST, scope: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.ClassDef):
                visit(child, [*scope, child.name])
                continue
            name = ".".join(scope)
            wanted = not functions or any(name == f or name.startswith(f + ".") for f in functions)
            if isinstance(child, ast.If) and wanted and scope:
                count = sum(1 for f in found if f[0] == name) + 1
                found.append((name, count, child.body[0].lineno, child.lineno))
            visit(child, scope)

    visit(ast.parse(source), [])
    return found


def _counting_tracer(files: set[str], hits: Counter):
    def local(frame, event, arg):
        if event == "line":
            hits[frame.f_code.co_filename, frame.f_lineno] += 1
        return local

    def tracer(frame, event, arg):
        return local if frame.f_code.co_filename in files else None

    return tracer


def _from_hidden_test() -> bool:
    """Whether the running console call was made by a hidden test (not a public one)."""
    frame = sys._getframe(2)
    while frame is not None:
        if "/hidden/" in frame.f_code.co_filename:
            return True
        frame = frame.f_back
    return False


def _replaying_console(console):
    """``Student.console`` that also runs the call on the reference, in the judge."""

    def replaying(self, target, *args, stdin="", seconds=None):
        result = console(self, target, *args, stdin=stdin, seconds=seconds)
        if isinstance(target, RemotePath) and self._reference and _from_hidden_test():
            program = self._reference(repr(target))
            typed, shown = io.StringIO(stdin), io.StringIO()
            with contextlib.redirect_stdout(shown), contextlib.suppress(BaseException):
                saved, sys.stdin = sys.stdin, typed
                try:
                    program(*args)
                finally:
                    sys.stdin = saved
        return result

    return replaying


@pytest.mark.slow
@pytest.mark.parametrize(("assignment", "number"), CASES)
def test_hidden_cases_reach_every_branch_several_times(
    repo, tmp_path, monkeypatch, assignment, number
):
    spec = repo.spec(assignment)
    phase = spec.phase(number)
    reference = repo.reference_dir(assignment)
    solution = tmp_path / "solution"
    write_solution(repo, spec, solution)
    targets: dict[str, tuple[str, ...]] = {module: () for module in phase.writes}
    for method in phase.methods:
        module, _, qualname = method.partition(".")
        targets[module] = (*targets.get(module, ()), qualname)
    files = {str((reference / f"{m}.py").resolve()): m for m in targets}
    hits: Counter = Counter()
    monkeypatch.setattr(Student, "console", _replaying_console(Student.console))
    sys.settrace(_counting_tracer(set(files), hits))
    try:
        report = run(project_job(repo, assignment, number, solution))
    finally:
        sys.settrace(None)
    assert report.score == report.max_score
    rare = []
    for path, module in files.items():
        for function, k, body, test in _branches(Path(path).read_text(), targets[module]):
            taken = hits[path, body]
            skipped = hits[path, test] - taken
            for outcome, count in ((True, taken), (False, skipped)):
                known = (assignment, module, function, k, outcome) in FIXED_CASES
                if count < SEVERAL and not known:
                    rare.append(f"{module}.{function}: if #{k} (line {test}) {outcome}: {count}")
    assert not rare, f"branches reached by fewer than {SEVERAL} hidden cases:\n" + "\n".join(rare)
    shutil.rmtree(solution, ignore_errors=True)
