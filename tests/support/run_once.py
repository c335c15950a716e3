"""Work shared by a whole test run: results made once and read by every xdist worker.

Grading the reference solution of a phase, writing a solution out or building the
framework's wheel takes seconds to minutes; several test files need the same result.
The fixtures of ``conftest.py`` make each once per run through :class:`RunOnce`.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import pickle
import shutil
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from filelock import FileLock

from cardlab.course.project import Project
from cardlab.course.spec import Spec
from cardlab.judge.grading import project_job, run
from cardlab.judge.proxy import Student
from cardlab.judge.remote import RemotePath
from cardlab.judge.results import GradeReport
from cardlab.worker.serve import typed_input
from support.counting import counting, function_key

T = TypeVar("T")

COUNTING_SECRET = hashlib.sha256(b"cardlab: counting the hidden cases").digest()
"""The course secret the reference gradings of this test run are graded under.

Hidden hypothesis tests draw their examples from the course secret, and each fresh
clone makes a secret of its own, so the number of hidden cases reaching a branch
differs from clone to clone. Counting under one fixed secret makes the count, and the
tests that read it, the same on every machine.
"""


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
        branches: How many times each ``if`` of the reference went each way while the
            judge graded, by (file, function, k, outcome) (see :mod:`counting`):
            hidden tests work out every expectation with the reference, so this counts
            how many hidden cases reached each branch.
    """

    report: GradeReport
    branches: Counter[tuple[str, str, int, bool]]


def graded_modules(spec: Spec, number: int) -> dict[str, tuple[str, ...]]:
    """The modules a phase grades, each with the functions graded in it (all when empty)."""
    phase = spec.phase(number)
    targets: dict[str, tuple[str, ...]] = {module: () for module in phase.writes}
    for method in phase.methods:
        module, qualname = spec.method_parts(method)
        targets[module] = (*targets.get(module, ()), qualname)
    return targets


def graded_files(project: Project, spec: Spec, number: int) -> dict[str, str]:
    """The reference file of each module a phase grades (resolved path -> module)."""
    folders = project.reference_dirs(spec)
    files = {}
    for name in graded_modules(spec, number):
        package, module = spec.split(name)
        files[str((folders[package] / f"{module}.py").resolve())] = name
    return files


def grade_reference(
    project: Project, assignment: str, number: int, solution: Path
) -> ReferenceGrading:
    """Grade the reference solution of a phase, counting the branches of its reference.

    Console programs run only in the worker, where nothing is counted: each console run
    a hidden test makes (``student.console``) is therefore replayed in the judge on the
    reference's own program, with the same arguments and the same typed input, and
    counted there; unless the test itself ran that program in the judge since the last
    console run (to work out what to type, say), which counted it already.
    """
    reference = str((project.root / "reference").resolve())
    console = Student.console
    with counting(reference) as counts:
        Student.console = _replaying_console(console, counts.entered)
        try:
            job = project_job(project, assignment, number, solution)
            report = run(replace(job, secret=COUNTING_SECRET))
        finally:
            Student.console = console
    return ReferenceGrading(report, counts.branches)


def _from_hidden_test() -> bool:
    """Whether the running console call was made by a hidden test (not a public one)."""
    frame = sys._getframe(2)
    while frame is not None:
        if "/hidden/" in frame.f_code.co_filename:
            return True
        frame = frame.f_back
    return False


def _replaying_console(console: Callable[..., Any], entered: Counter) -> Callable[..., Any]:
    """``Student.console`` that also runs the call on the reference, in the judge.

    Args:
        console: ``Student.console``.
        entered: How many times the judge entered each function of the reference: a
            program entered since the last console run was run by the test.
    """
    counted: Counter[Any] = Counter()

    def replaying(self, target, *args, stdin="", seconds=None, interrupt=False):
        result = console(self, target, *args, stdin=stdin, seconds=seconds, interrupt=interrupt)
        if isinstance(target, RemotePath) and self.session._reference and _from_hidden_test():
            program = self.session._reference(repr(target))
            key = function_key(program) if hasattr(program, "__code__") else None
            if entered[key] == counted[key]:
                _replay(program, args, stdin, interrupt)
            counted[key] = entered[key]
        return result

    return replaying


def _replay(program: Callable[..., Any], args: tuple, stdin: str, interrupt: bool) -> None:
    """Run ``program(*args)`` in the judge with ``stdin`` typed (then Ctrl-C, with
    ``interrupt``, as the worker does), its output thrown away."""
    typed, shown = typed_input({"stdin": stdin, "interrupt": interrupt}), io.StringIO()
    with contextlib.redirect_stdout(shown), contextlib.suppress(BaseException):
        saved, sys.stdin = sys.stdin, typed
        try:
            program(*args)
        finally:
            sys.stdin = saved
