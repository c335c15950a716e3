"""What a batch leaves in its output folder besides the database.

Marks given by hand (:mod:`.marks`) are in every file: a part's points and the total.

* ``gradebook.csv``: one row per student (``student_id``, ``total``, one column per
  rubric part, by part id, then ``status``); ``cardlab export canvas`` and ``cardlab
  export moodle`` take the same totals to an LMS (:mod:`cardlab.batch.canvas`).
  An ``empty`` or ``rejected`` submission has 0 points and says so in ``status``; a
  ``failed`` one has empty cells.
* ``status.csv``: each student's status (``graded``, ``empty``, ``rejected``,
  ``failed``), score, cause and when it was graded: what to follow up by hand.
* ``reports/<student>.txt`` and ``reports/<student>.json``: the report the student
  would get from ``cardlab grade``, as text and cardlab JSON. A submission that could
  not be graded gets a text file with the cause.

Everything is written from the database, so the files always match what it holds. The
class's HTML pages (``site/``) are written from it too, by :mod:`.site`.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..course.spec import Phase
from ..spreadsheet import write_csv
from .marks import MARKED, marks_text
from .store import EMPTY, GRADED, REJECTED, Outcome

GRADEBOOK = "gradebook.csv"
STATUS = "status.csv"
REPORTS = "reports"
_NOTHING_TO_GRADE = (EMPTY, REJECTED)
"""Statuses that earn 0 points without a grading run: nothing could be graded."""


def part_scores(outcome: Outcome, phase: Phase) -> list[float | str]:
    """The student's points per part in spec order (blank when there is no grade).

    A part marked by hand is blank until the instructor has marked it.
    """
    if outcome.status in _NOTHING_TO_GRADE:
        return [0.0 for _ in phase.parts]
    if outcome.status != GRADED or not outcome.report_json:
        return ["" for _ in phase.parts]
    parts = {part["id"]: part for part in json.loads(outcome.report_json)["parts"]}
    return [_part_score(parts.get(part.id), bool(part.manual)) for part in phase.parts]


def _part_score(part: dict | None, by_hand: bool) -> float | str:
    """A part's points; blank for a part marked by hand that has no mark yet."""
    if part is None:
        return 0.0
    return "" if by_hand and MARKED not in part else part["score"]


def write_gradebook(path: Path, outcomes: list[Outcome], phase: Phase) -> None:
    """Write ``gradebook.csv``: student id, total, each part, status."""
    header = ["student_id", "total", *(part.id for part in phase.parts), "status"]
    write_csv(path, header, (_gradebook_row(outcome, phase) for outcome in outcomes))


def _gradebook_row(outcome: Outcome, phase: Phase) -> list[object]:
    has_total = outcome.status == GRADED or outcome.status in _NOTHING_TO_GRADE
    total: float | str = outcome.score if has_total else ""
    return [outcome.student, total, *part_scores(outcome, phase), outcome.status]


def write_status(path: Path, outcomes: list[Outcome]) -> None:
    """Write ``status.csv``: how each submission fared, and why if it was not graded."""
    header = ["student_id", "status", "score", "max_score", "cause", "source", "graded_at"]
    rows = (
        [o.student, o.status, o.score, o.max_score, o.cause, o.source, o.graded_at]
        for o in outcomes
    )
    write_csv(path, header, rows)


def report_text(outcome: Outcome) -> str:
    """The student's text report with the marks given by hand, or why it was not graded."""
    if outcome.status == GRADED and outcome.report_text and outcome.report_json:
        return outcome.report_text + marks_text(outcome.report_json)
    return f"Not graded ({outcome.status}): {outcome.cause}\n"


def write_reports(folder: Path, outcomes: list[Outcome]) -> None:
    """Write each student's text and JSON report (or the cause it was not graded)."""
    folder.mkdir(parents=True, exist_ok=True)
    for outcome in outcomes:
        (folder / f"{outcome.student}.txt").write_text(report_text(outcome), encoding="utf-8")
        data = folder / f"{outcome.student}.json"
        if outcome.status == GRADED and outcome.report_text and outcome.report_json:
            data.write_text(outcome.report_json, encoding="utf-8")
        else:
            data.unlink(missing_ok=True)


def write_class_files(output: Path, outcomes: list[Outcome], phase: Phase) -> None:
    """Write the gradebook, the status list and every report into ``output``."""
    write_gradebook(output / GRADEBOOK, outcomes, phase)
    write_status(output / STATUS, outcomes)
    write_reports(output / REPORTS, outcomes)
