"""What a batch leaves in its output folder besides the database.

Marks given by hand (:mod:`.marks`) are in every file: a part's points and the total.

* ``gradebook.csv``: one row per student (``student_id``, ``total``, one column per
  rubric part, by part id, then ``status``); ``cardlab export canvas`` and ``cardlab
  export moodle`` take the same totals to an LMS (:mod:`cardlab.batch.canvas`).
  An ``empty``, ``rejected`` or ``late-refused`` submission has 0 points and says so in
  ``status``; a ``failed`` one has empty cells. When the phase has a deadline, ``total``
  is the final score (the graded points and the marks given by hand, less the late
  penalty, never below 0), and three more columns follow ``total``: ``raw`` (before
  the penalty), ``late_penalty`` (in points) and ``submitted_at``. The parts' columns
  hold their points before the penalty, which falls on the total alone.
* ``status.csv``: each student's status (``graded``, ``empty``, ``rejected``,
  ``failed``, ``late-refused``), score, cause and when it was graded: what to follow up
  by hand; with a deadline also the time of the submission, where it was read, the due
  that applied and the penalty.
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
from .store import EMPTY, GRADED, LATE_REFUSED, REJECTED, Outcome

GRADEBOOK = "gradebook.csv"
STATUS = "status.csv"
REPORTS = "reports"
_NOTHING_TO_GRADE = (EMPTY, REJECTED, LATE_REFUSED)
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


LATE_COLUMNS = ("raw", "late_penalty", "submitted_at")
"""The gradebook's columns after ``total`` when the phase has a deadline."""


def write_gradebook(path: Path, outcomes: list[Outcome], phase: Phase) -> None:
    """Write ``gradebook.csv``: student id, total (and the late columns), each part, status."""
    late = LATE_COLUMNS if phase.deadline else ()
    header = ["student_id", "total", *late, *(part.id for part in phase.parts), "status"]
    write_csv(path, header, (_gradebook_row(outcome, phase) for outcome in outcomes))


def _gradebook_row(outcome: Outcome, phase: Phase) -> list[object]:
    has_total = outcome.status == GRADED or outcome.status in _NOTHING_TO_GRADE
    total: float | str = outcome.final_score if has_total else ""
    late: list[object] = []
    if phase.deadline:
        raw: float | str = outcome.score if has_total else ""
        late = [raw, outcome.penalty if has_total else "", outcome.submitted_at]
    return [outcome.student, total, *late, *part_scores(outcome, phase), outcome.status]


def write_status(path: Path, outcomes: list[Outcome], phase: Phase | None = None) -> None:
    """Write ``status.csv``: how each submission fared, and why if it was not graded.

    With a phase that has a deadline, each row also says when the submission was made,
    where that time was read, the due that applied and the penalty in points.
    """
    header = ["student_id", "status", "score", "max_score", "cause", "source", "graded_at"]
    late = phase is not None and phase.deadline is not None
    if late:
        header += ["submitted_at", "time_source", "due", "late_penalty"]
    rows = (
        [o.student, o.status, o.score, o.max_score, o.cause, o.source, o.graded_at]
        + ([o.submitted_at, o.time_source, o.due, o.penalty] if late else [])
        for o in outcomes
    )
    write_csv(path, header, rows)


def report_text(outcome: Outcome) -> str:
    """The student's text report with the marks given by hand, or why it was not graded."""
    if outcome.status == GRADED and outcome.report_text and outcome.report_json:
        return outcome.report_text + marks_text(outcome.report_json) + late_text(outcome)
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


def late_text(outcome: Outcome) -> str:
    """Lines for a graded report saying when it was submitted and what lateness cost."""
    if not outcome.due:
        return ""
    when = outcome.submitted_at or f"at a time unknown ({outcome.time_source})"
    lines = ["", f"Submitted {when}; due {outcome.due}."]
    if outcome.penalty:
        lines.append(
            f"Late penalty: {outcome.penalty:g} points; final score "
            f"{outcome.final_score:g} / {outcome.max_score:g} (before the penalty "
            f"{outcome.score:g})."
        )
    return "\n".join(lines) + "\n"


def write_class_files(output: Path, outcomes: list[Outcome], phase: Phase) -> None:
    """Write the gradebook, the status list and every report into ``output``."""
    write_gradebook(output / GRADEBOOK, outcomes, phase)
    write_status(output / STATUS, outcomes, phase)
    write_reports(output / REPORTS, outcomes)
