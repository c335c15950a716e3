"""The totals an LMS export takes from the class store: marks given by hand included.

A graded submission's total is its graded points with the marks of
``cardlab marks import``, less its late penalty (never below 0): the penalty falls on
the whole total, marks given by hand included. An empty, rejected or late-refused one
has 0 points, as in the gradebook. A failed grading has no total: the exports leave its
student's grade as the LMS has it, and say so.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import CardlabError
from .marks import class_record, unmarked_parts
from .store import DATABASE_NAME, FAILED, LATE_REFUSED


@dataclass(frozen=True)
class ClassTotals:
    """Each student's total in a graded batch.

    Attributes:
        totals: Student id -> total points, for every student with a total.
        failed: Students whose grading failed (no total).
        unmarked: Students with a part marked by hand still to mark (their total holds
            only what was graded and marked).
        max_score: The phase's points.
        late_refused: Students whose submission came after the last moment work was
            taken (their total is 0).
        penalised: Students whose total lost a late penalty.
    """

    totals: dict[str, float]
    failed: tuple[str, ...]
    unmarked: tuple[str, ...]
    max_score: float
    late_refused: tuple[str, ...] = ()
    penalised: tuple[str, ...] = ()


def class_totals(grades: Path, assignment: str, phase: int, max_score: float) -> ClassTotals:
    """The totals of the batch graded into ``grades``.

    Raises:
        CardlabError: ``grades`` holds no results of ``cardlab grade-all`` for this
            assignment and phase.
    """
    if not (grades / DATABASE_NAME).is_file():
        raise CardlabError(
            f"{grades} holds no results of cardlab grade-all; grade the class first "
            "or name its folder with --grades"
        )
    outcomes = class_record(grades, assignment, phase)
    return ClassTotals(
        totals={o.student: o.final_score for o in outcomes if o.status != FAILED},
        failed=tuple(o.student for o in outcomes if o.status == FAILED),
        unmarked=tuple(o.student for o in outcomes if unmarked_parts(o)),
        max_score=max_score,
        late_refused=tuple(o.student for o in outcomes if o.status == LATE_REFUSED),
        penalised=tuple(o.student for o in outcomes if o.status != FAILED and o.penalty),
    )
