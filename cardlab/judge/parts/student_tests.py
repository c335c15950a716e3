"""Parts that grade the student's own tests by the chaffs they catch.

After the grader tests' session, the student's tests run on the reference and on each
chaff (see :mod:`cardlab.judge.student_tests`), on the instructor's side only; the part
then earns the share of points its two results say, as a code part does from its tests.
In a student's check they run on the student's own code instead, for no points (see
:mod:`cardlab.judge.own_tests`).
"""

from __future__ import annotations

from dataclasses import replace

from ...course.spec import STUDENT_TESTS, Part, Phase
from ...errors import CardlabError
from .. import student_tests
from ..own_tests import own_code_id, run_on_own_code
from ..results import PartResult
from .code import scored_by_tests
from .kind import FIRST, PartsRun


class StudentTestsPart:
    """A part of kind ``student tests``."""

    def claims(self, part: Part, phase: Phase) -> bool:
        """Whether the spec makes ``part`` grade the student's own tests."""
        return part.kind == STUDENT_TESTS

    def order(self, hidden: bool) -> tuple[int, int]:
        """In their own order (the student's tests run after the session)."""
        return FIRST

    def run(self, part: Part, grading: PartsRun) -> list[str]:
        """Grade the student's tests for ``part`` when the run selects it; notes on what failed.

        A student's check (no reference, no hidden tests) runs them on the student's code.
        """
        if grading.student_view:
            if grading.select is None or grading.select in own_code_id(part):
                setup = grading.worker_setup(part.id)
                result = run_on_own_code(part, setup, grading.submission, grading.graders_dir)
                grading.results.append(result)
            return []
        selected = grading.select is None or grading.select in chaffs_id(part)
        if not selected or grading.reference_dirs is None:
            return []
        setup = grading.worker_setup(part.id)
        wheat = grading.reference_dirs[grading.package]
        try:
            grading.results.extend(
                student_tests.grade(part, setup, grading.submission, wheat, grading.graders_dir)
            )
        except CardlabError as error:  # a chaff that does not fit: the instructor's to mend
            return [f"{part.id}: your tests could not be graded ({error})"]
        except Exception as error:  # noqa: BLE001 - fail closed: the report is still written
            return [f"{part.id}: grading your tests stopped with {type(error).__name__}: {error}"]
        return []

    def score(self, part: Part, grading: PartsRun) -> PartResult:
        """The part's share of points from the results of the student's tests.

        A student's check scores nothing of it: only grading does.
        """
        result = scored_by_tests(part, grading)
        return replace(result, scored=False) if grading.student_view else result


def chaffs_id(part: Part) -> str:
    """The id ``--test`` matches to run only the student's tests of ``part``."""
    return f"student-tests::{part.id}::chaffs"
