"""Parts the instructor marks by hand: no test runs, the document is kept for marking.

See :mod:`cardlab.judge.manual` for what is checked of the document and kept of it.
"""

from __future__ import annotations

from ...course.spec import Part, Phase
from ..manual import manual_part
from ..results import PartResult
from .kind import FIRST, PartsRun


class ManualPart:
    """A part with a file of the submission to mark by hand (``manual = "ADVANCED.md"``)."""

    def claims(self, part: Part, phase: Phase) -> bool:
        """Whether the spec names a file for the instructor to mark."""
        return bool(part.manual)

    def order(self, hidden: bool) -> tuple[int, int]:
        """In their own order (a part marked by hand has no grader test of its own)."""
        return FIRST

    def run(self, part: Part, grading: PartsRun) -> list[str]:
        """Nothing: no test marks the part."""
        return []

    def score(self, part: Part, grading: PartsRun) -> PartResult:
        """The points left open, the document kept for the instructor's report."""
        return manual_part(part, grading.submission, grading.student_view)
