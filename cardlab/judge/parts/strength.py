"""Strength parts: the phase's tournament of the student's player against the reference's.

Its grader tests run in the grading run's pytest session and earn the share of points
their credit says (see :class:`cardlab.judge.plugin.Credit`), as a code part's do. The
tournament is by far the longest test of a phase, so a run that ends at its first loss
(a mutant's) plays it only once every quicker test has passed, its hidden tests (the
graded tournament, legality) before the public practice tournament, which plays the same
games on the student's side.
"""

from __future__ import annotations

from ...course.spec import Part, Phase
from ..results import PartResult
from .code import scored_by_tests
from .kind import PartsRun

LAST, PRACTICE_LAST = (1, 0), (1, 1)
"""The places of the tournament's hidden tests and of its public ones."""


class StrengthPart:
    """The part the phase's tournament scores."""

    def claims(self, part: Part, phase: Phase) -> bool:
        """Whether the phase's tournament scores ``part``."""
        return phase.tournament is not None and phase.tournament.part == part.id

    def order(self, hidden: bool) -> tuple[int, int]:
        """After every other test: the hidden ones, then the practice tournament."""
        return LAST if hidden else PRACTICE_LAST

    def run(self, part: Part, grading: PartsRun) -> list[str]:
        """Nothing more: the tournament ran in the grader tests' session."""
        return []

    def score(self, part: Part, grading: PartsRun) -> PartResult:
        """The part's share of points from its tests' credit."""
        return scored_by_tests(part, grading)
