"""A student's own tests run on their own code, in their check: for no points.

On the instructor's side a part of kind ``student tests`` runs the student's tests on the
reference and on copies of it with one bug each (:mod:`cardlab.judge.student_tests`). A
student's check has neither; there the tests run once, on the student's own code with the
provided modules, in the worker and under the limits that grading sets, so that the
student sees which of their tests fail and the command that runs them. The result weighs
nothing: the part's points come from grading alone.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from ..course.spec import Part, StudentTests
from ..worker.process import WorkerFailure, WorkerProcess, WorkerSetup
from ..worker.sandbox import build_tree, open_to_readers
from .results import FAILED, PASSED, RERUN_PREFIX, VISIBLE, TestResult
from .student_tests import (
    Run,
    add_test_folder,
    add_testlib,
    answer_data,
    read_run,
    run_request,
    test_files,
    uses_hypothesis,
)

OWN_CODE_TITLE = "Your tests on your own code (not scored here)"
_MARGIN_SECONDS = 5.0
_SHOWN = 10


def own_code_id(part: Part) -> str:
    """The id of the result, which ``--test`` matches to run only this."""
    return f"student-tests::{part.id}::your-code"


def run_on_own_code(part: Part, setup: WorkerSetup, submission: Path, root: Path) -> TestResult:
    """Run the student's tests for ``part`` on the code ``setup`` composes.

    Args:
        part: A part of kind ``student tests``.
        setup: The worker setup of the part's grader tests (the student's code).
        submission: The student's folder, which holds the tests' folder.
        root: The folder the student works in (the handout), which the command
            that runs the tests starts from.

    Returns:
        A result of weight 0: passed when every test passed, else failed, its message
        naming the tests that failed and ending with the command that runs them.
    """
    settings = part.student_tests
    assert settings is not None
    folder = submission / settings.folder
    shown = Path(os.path.relpath(folder, root)).as_posix()
    command = f"{RERUN_PREFIX}python -m pytest {shown}"
    files, notes = test_files(folder)
    if not files:
        missing = f"no test files (test_*.py) in {shown}/ yet"
        return _result(part, FAILED, [*notes, missing, command])
    run = _run(setup, files, settings)
    lines = notes + [f"{name} could not be loaded: {why}" for name, why in run.broken.items()]
    ran = len(run.passed) + len(run.failed)
    if run.failed:
        lines.append(f"{len(run.failed)} of your {ran} tests fail on your code:")
        lines += [f"  {test}: {why}" for test, why in sorted(run.failed.items())[:_SHOWN]]
        if len(run.failed) > _SHOWN:
            lines.append(f"  ... and {len(run.failed) - _SHOWN} more")
    if run.lost:
        lines.append(f"your tests did not run ({run.lost})")
    if run.cut:
        lines.append(f"your tests were {run.cut}")
    if not lines:
        return _result(part, PASSED, [f"all {ran} of your tests pass on your code", command])
    return _result(part, FAILED, [*lines, command])


def _run(setup: WorkerSetup, files: dict[str, Path], settings: StudentTests) -> Run:
    """One run of the test files on the setup's composition, in a tree of its own.

    The run has the options and limits of a graded run; its code is the student's files.
    """
    tree = build_tree(setup.composition, setup.codec)
    process = None
    limits = (settings.test_seconds, settings.suite_seconds)
    try:
        hypothesis = uses_hypothesis(files)
        testlib = tree.root / "testlib"
        add_test_folder(tree, files)
        add_testlib(testlib, hypothesis)
        open_to_readers(tree.root, tree.group)
        request = run_request(tree, testlib, settings, hypothesis, secrets.token_hex(16))
        request["composition"] = tree.composition.to_message()
        process = WorkerProcess(setup, tree)
        process.start()
        answer = process.request(request, settings.suite_seconds + _MARGIN_SECONDS)
    except WorkerFailure as failure:
        return Run({}, {}, {}, "", limits=limits, lost=f"stopped: {failure}")
    finally:
        if process is not None:
            process.kill()
        tree.remove()
    why = str((answer.get("raised") or {}).get("message", "no answer"))
    return read_run(answer_data(answer), why, limits, request["nonce"])


def _result(part: Part, status: str, lines: list[str]) -> TestResult:
    return TestResult(
        own_code_id(part),
        OWN_CODE_TITLE,
        part.id,
        0.0,
        status,
        1.0 if status == PASSED else 0.0,
        "\n".join(lines),
        VISIBLE,
    )
