"""Work shared by a whole test run: results made once and read by every xdist worker.

Grading the reference solution of a phase, writing a solution out or building the
framework's wheel takes seconds to minutes; several test files need the same result.
The fixtures of ``conftest.py`` make each once per run through :class:`RunOnce`.
"""

from __future__ import annotations

import contextlib
import io
import pickle
import shutil
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from filelock import FileLock

from cardlab.course.project import Project
from cardlab.course.spec import Spec
from cardlab.judge.grading import project_job, run
from cardlab.judge.proxy import Student
from cardlab.judge.remote import RemotePath
from cardlab.judge.results import GradeReport

T = TypeVar("T")


class RunOnce:
    """Work done once per test run, its result shared by every xdist worker.

    pytest-xdist runs the tests in several processes, and a session-scoped fixture is
    made once in each. Work asked for through ``RunOnce`` is done by the first process
    that asks, under a file lock in a folder they all share; the others wait for it and
    read the result from disk. The folder must belong to this run (under pytest's base
    temporary folder), so that nothing is ever read from an earlier run.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._results: dict[str, Any] = {}

    def __call__(self, key: str, make: Callable[[Path], T]) -> T:
        """The result of ``make(folder)`` for ``key``, made once per run.

        Args:
            key: Names the work; a file name.
            make: Does the work in the new empty folder it is given and returns a
                result that pickles (a path in that folder, a report).
        """
        if key not in self._results:
            work = self.folder / key
            saved = self.folder / f"{key}.pickle"
            with FileLock(self.folder / f"{key}.lock"):
                if saved.is_file():
                    result = pickle.loads(saved.read_bytes())
                else:
                    shutil.rmtree(work, ignore_errors=True)  # left by a make that raised
                    work.mkdir()
                    result = make(work)
                    saved.write_bytes(pickle.dumps(result))
            self._results[key] = result
        return self._results[key]


@dataclass(frozen=True)
class ReferenceGrading:
    """The reference solution of a phase, graded.

    Attributes:
        report: The report.
        lines: How many times the judge ran each line ``(file, number)`` of the
            reference modules the phase grades (see :func:`graded_modules`) while it
            graded: hidden tests work out every expectation with the reference, so
            this counts which hidden cases reached which branch.
    """

    report: GradeReport
    lines: Counter[tuple[str, int]]


def graded_modules(spec: Spec, number: int) -> dict[str, tuple[str, ...]]:
    """The modules a phase grades, each with the functions graded in it (all when empty)."""
    phase = spec.phase(number)
    targets: dict[str, tuple[str, ...]] = {module: () for module in phase.writes}
    for method in phase.methods:
        module, _, qualname = method.partition(".")
        targets[module] = (*targets.get(module, ()), qualname)
    return targets


def grade_reference(
    project: Project, assignment: str, number: int, solution: Path
) -> ReferenceGrading:
    """Grade the reference solution of a phase, counting the lines of its graded modules.

    Console programs run only in the worker, where nothing is counted: each console run
    a hidden test makes (``student.console``) is therefore replayed in the judge on the
    reference's own program, with the same arguments and the same typed input, and its
    lines are counted there.
    """
    reference = project.reference_dir(assignment)
    modules = graded_modules(project.spec(assignment), number)
    files = {str((reference / f"{module}.py").resolve()) for module in modules}
    lines: Counter[tuple[str, int]] = Counter()
    console = Student.console
    Student.console = _replaying_console(console)
    sys.settrace(_counting_tracer(files, lines))
    try:
        report = run(project_job(project, assignment, number, solution))
    finally:
        sys.settrace(None)
        Student.console = console
    return ReferenceGrading(report, lines)


def _from_hidden_test() -> bool:
    """Whether the running console call was made by a hidden test (not a public one)."""
    frame = sys._getframe(2)
    while frame is not None:
        if "/hidden/" in frame.f_code.co_filename:
            return True
        frame = frame.f_back
    return False


def _replaying_console(console: Callable[..., Any]) -> Callable[..., Any]:
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


def _counting_tracer(files: set[str], lines: Counter) -> Callable[..., Any]:
    def local(frame: Any, event: str, arg: Any) -> Any:
        if event == "line":
            lines[frame.f_code.co_filename, frame.f_lineno] += 1
        return local

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        return local if frame.f_code.co_filename in files else None

    return tracer
