"""Parts scored by the assignment's grader tests: the default kind.

The part's tests run in the grading run's pytest session; the part earns the weighted
share of them that passed (see :func:`cardlab.judge.results.part_score`).
"""

from __future__ import annotations

from dataclasses import replace

from ...course.spec import Part, Phase
from ...worker.untrusted import MAX_NOTE, MAX_REPORT_MESSAGE, printable
from ..results import PartResult, TestResult, part_score
from .kind import FIRST, PartsRun


class CodePart:
    """A part of grader tests of the student's code."""

    def claims(self, part: Part, phase: Phase) -> bool:
        """Every part is one, unless an earlier kind claims it."""
        return True

    def order(self, hidden: bool) -> tuple[int, int]:
        """In their own order."""
        return FIRST

    def run(self, part: Part, grading: PartsRun) -> list[str]:
        """Nothing more: the part's tests ran in the grader tests' session."""
        return []

    def score(self, part: Part, grading: PartsRun) -> PartResult:
        """The part's share of points from its tests' results."""
        return scored_by_tests(part, grading)


def scored_by_tests(part: Part, grading: PartsRun) -> PartResult:
    """A part's result from the run's results of its tests, shown as every report shows them."""
    tests = tuple(_shown(r) for r in grading.results if r.part == part.id)
    ran = any(t.status != "skipped" for t in tests)
    graded_later = not ran and grading.student_view and not grading.select
    note = "" if ran else GRADED_LATER if graded_later else "no test of this part ran"
    score = round(part_score(part.points, tests), 2)
    return PartResult(part.id, part.title, score, part.points, tests, note, scored=not graded_later)


GRADED_LATER = "checked only when your work is graded"
"""The note on a part a student's check has no test of (it has hidden tests only)."""


def _shown(test: TestResult) -> TestResult:
    """A test's result as every report shows it: printable, and cut to size.

    Messages quote student code (its output, exceptions, the values it returned), so
    this is where the judge makes sure no student text can draw on a terminal or swell
    a report, whatever the format.
    """
    return replace(
        test,
        name=printable(test.name, MAX_NOTE),
        message=printable(test.message, MAX_REPORT_MESSAGE),
    )
