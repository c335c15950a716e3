"""Marks given by hand: read from a marks file, kept in the class store, added to totals.

``cardlab marks import ASSIGNMENT --phase N FILE.csv`` reads a CSV file with the columns
``student``, ``part``, ``points`` and ``comment`` (in any order, ``comment`` optional
as a column), one mark a line:

* for a part the instructor marks by hand (whist's description), the points it earns;
* for a part the graders score, points that replace theirs (an override), with the
  reason in ``comment``, which is then required;
* an empty ``points`` cell takes back an earlier mark of that student and part.

The whole file is checked before anything is stored: an unknown column, student or part,
points that are not a number, negative, or above what the part is worth, the same
student and part twice, or an override without a reason refuse the file with one line
naming the file, the line and the field, and the store is left as it was. Marks go only
to graded submissions: an empty, rejected or failed one has no grade to add to.

:func:`with_marks` gives the outcomes as the gradebook, the overview, the reports and
the LMS exports show them: each marked part's score replaced (its graded points and
the comment kept beside it in the report), and the total changed by the difference.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from ..course.spec import Part, Phase
from ..errors import CardlabError
from ..spreadsheet import unneutralised
from .csv_input import csv_rows
from .store import GRADED, Mark, Outcome, open_store

COLUMNS = ("student", "part", "points", "comment")
REQUIRED = ("student", "part", "points")
MARKED = "marked_by_hand"
"""The key of a marked part in the report's JSON: ``points``, ``comment``, ``graded``."""


def read_marks(
    path: Path, phase: Phase, outcomes: Iterable[Outcome]
) -> tuple[list[Mark], list[tuple[str, str]]]:
    """The marks in a marks file, checked against the phase and the store's students.

    Returns:
        The marks to store, and the ``(student, part)`` pairs whose mark is taken back.

    Raises:
        CardlabError: The file cannot be read, or any line of it is wrong (one line:
            file, line, field and what is wrong).
    """
    students = {outcome.student: outcome for outcome in outcomes}
    parts = {part.id: part for part in phase.parts}
    marks: list[Mark] = []
    removed: list[tuple[str, str]] = []
    seen: dict[tuple[str, str], int] = {}
    for line, cells in csv_rows(path, COLUMNS, REQUIRED, "the marks file"):
        student = _student(path, line, cells["student"], students)
        part = _part(path, line, cells["part"], parts, phase)
        key = (student, part.id)
        if key in seen:
            raise CardlabError(
                f"{path}:{line}: student, part: {student} is marked for {part.id} "
                f"already on line {seen[key]}"
            )
        seen[key] = line
        if not cells["points"]:
            removed.append(key)
            continue
        points = _points(path, line, cells["points"], part)
        comment = cells.get("comment", "")
        if not part.manual and not comment:
            raise CardlabError(
                f"{path}:{line}: comment: {part.id} is scored by the graders; a mark "
                "that replaces their points needs the reason in its comment"
            )
        marks.append(Mark(student, part.id, points, comment, f"{path.name}:{line}"))
    return marks, removed


def _student(path: Path, line: int, cell: str, students: dict[str, Outcome]) -> str:
    student = cell if cell in students else unneutralised(cell)
    outcome = students.get(student)
    if outcome is None:
        raise CardlabError(f"{path}:{line}: student: {cell!r} was not graded in this batch")
    if outcome.status != GRADED or not outcome.report_json:
        raise CardlabError(
            f"{path}:{line}: student: {student!r} has no grade to mark "
            f"(the submission is {outcome.status})"
        )
    return student


def _part(path: Path, line: int, cell: str, parts: dict[str, Part], phase: Phase) -> Part:
    if cell not in parts:
        known = ", ".join(parts)
        raise CardlabError(
            f"{path}:{line}: part: {cell!r} is not a part of phase {phase.number} "
            f"(its parts: {known})"
        )
    return parts[cell]


def _points(path: Path, line: int, cell: str, part: Part) -> float:
    try:
        points = float(cell)
    except ValueError:
        points = math.nan
    if not math.isfinite(points):
        raise CardlabError(f"{path}:{line}: points: {cell!r} is not a number")
    if points < 0:
        raise CardlabError(f"{path}:{line}: points: {cell} is negative")
    if points > part.points:
        raise CardlabError(
            f"{path}:{line}: points: {cell} is more than the {part.points:g} "
            f"that {part.id} is worth"
        )
    return points


def with_marks(outcomes: list[Outcome], marks: list[Mark]) -> list[Outcome]:
    """The outcomes with the marks given by hand in their reports and totals."""
    by_student: dict[str, list[Mark]] = {}
    for mark in marks:
        by_student.setdefault(mark.student, []).append(mark)
    return [_marked(outcome, by_student.get(outcome.student, [])) for outcome in outcomes]


def _marked(outcome: Outcome, marks: list[Mark]) -> Outcome:
    if not marks or outcome.status != GRADED or not outcome.report_json:
        return outcome
    report = json.loads(outcome.report_json)
    given = {mark.part: mark for mark in marks}
    change = 0.0
    for part in report["parts"]:
        mark = given.get(part["id"])
        if mark is None:
            continue
        part[MARKED] = {"points": mark.points, "comment": mark.comment, "graded": part["score"]}
        change += mark.points - part["score"]
        part["score"] = mark.points
        if part.get("manual"):
            report["open_points"] = round(report.get("open_points", 0) - part["max_score"], 2)
    score = round(outcome.score + change, 2)
    report["score"] = score
    return replace(outcome, score=score, report_json=json.dumps(report))


def marks_text(report_json: str) -> str:
    """The marks given by hand in a report, as lines to add to its text form."""
    parts = [part for part in json.loads(report_json)["parts"] if MARKED in part]
    if not parts:
        return ""
    lines = ["", "Marked by hand:"]
    for part in parts:
        mark = part[MARKED]
        comment = f": {mark['comment']}" if mark["comment"] else ""
        lines.append(f"  {part['title']}: {mark['points']:g} / {part['max_score']:g}{comment}")
    return "\n".join(lines) + "\n"


def class_record(output: Path, assignment: str, phase: int) -> list[Outcome]:
    """Every outcome in a batch's output folder, with the marks given by hand.

    Raises:
        CardlabError: ``output`` holds no results database of this batch.
    """
    if not output.is_dir():
        raise CardlabError(f"{output} does not exist; run cardlab grade-all first")
    with open_store(output, assignment, phase) as store:
        return with_marks(store.all(), store.marks())


def unmarked_parts(outcome: Outcome) -> list[str]:
    """The parts marked by hand that a graded outcome has no mark for yet."""
    if outcome.status != GRADED or not outcome.report_json:
        return []
    parts = json.loads(outcome.report_json)["parts"]
    return [part["id"] for part in parts if part.get("manual") and MARKED not in part]
