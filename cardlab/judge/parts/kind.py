"""What every kind of rubric part does in a grading run: the :class:`PartKind` protocol.

A grading run (:func:`cardlab.judge.grading.run`) runs the phase's grader tests in one
pytest session, then hands each part to its kind, in the spec's order: the kind runs
whatever the session did not (the student's own tests, say), then scores the part from
what the run holds. A kind also says where its grader tests stand in a session that ends
at its first loss (the longest last). The kinds are registered in
:mod:`cardlab.judge.parts`; a new kind of part is a new module there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ...course.spec import Part, Phase
from ...worker.process import WorkerSetup
from ..results import PartResult, TestResult

FIRST = (0, 0)
"""The place of a kind's grader tests in a run that ends at its first loss: in order."""


@dataclass(frozen=True)
class PartsRun:
    """What the kinds of parts see of one grading run.

    Attributes:
        submission: The student's folder.
        student_view: Whether this is a student's own check (public tests only).
        select: The test id (or part of one) the run is limited to, or None.
        results: Every test result of the run so far; kinds that run tests add theirs.
        worker_setup: The worker setup for the tests of a part, by part id.
        reference_dirs: The reference folder of each package, on the instructor's side
            (where a student's own tests run on the reference), else None.
        package: The assignment's package.
        graders_dir: The assignment's graders folder.
    """

    submission: Path
    student_view: bool
    select: str | None
    results: list[TestResult]
    worker_setup: Callable[[str], WorkerSetup]
    reference_dirs: Mapping[str, Path] | None
    package: str
    graders_dir: Path


class PartKind(Protocol):
    """How one kind of rubric part is collected, run and scored."""

    def claims(self, part: Part, phase: Phase) -> bool:
        """Whether ``part`` of ``phase`` is of this kind."""
        ...

    def order(self, hidden: bool) -> tuple[int, int]:
        """Where the part's grader tests run in a run that ends at its first loss.

        Args:
            hidden: Whether the test is a hidden one.

        Returns:
            A sort key: tests are run by it, in their own order within one key.
        """
        ...

    def run(self, part: Part, grading: PartsRun) -> list[str]:
        """Run what the grader tests' session did not, adding to ``grading.results``.

        Returns:
            Notes for the report (a run that could not be made, and why).
        """
        ...

    def score(self, part: Part, grading: PartsRun) -> PartResult:
        """The part's result, once the run has run every part."""
        ...
