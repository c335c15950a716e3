"""cardlab's own JSON report (``--format json``), format ``cardlab-report/1``.

Fields (documented for instructors in docs/instructors/reports.md):

* ``format``: always ``"cardlab-report/1"``.
* ``assignment``, ``title``, ``phase``, ``phase_title``, ``submission``.
* ``score``, ``max_score``: points, rounded to two decimals.
* ``public_only``: true for a student's check (hidden tests did not run).
* ``notes``: one-line problems with the run as a whole.
* ``parts``: ``id``, ``title``, ``score``, ``max_score``, ``note`` and ``tests``, each
  test with ``id``, ``name``, ``weight``, ``status`` (passed, failed, skipped),
  ``fraction`` (share of its weight earned), ``message``, ``visibility`` and
  ``seconds``.
* ``cardlab_version``, ``python``, ``seconds``.
* ``isolation``: ``applied`` (the worker's confinement layers) and ``missing`` (one
  line per layer this machine could not give). Added within format 1: readers that
  do not know it ignore it.
* ``other_parts``: whose code each part's tests ran with outside that part:
  ``reference`` (a mistake costs points once, in its own part) or ``student``. Added
  within format 1.
* ``open_points``, and for a part marked by hand ``manual`` (the file it marks) and
  ``document`` (that file's text, null when missing or in a student's check): its
  ``score`` is 0 and its points are left for the instructor. Added within format 1.
* ``leaderboard``: figures the graders recorded for a class leaderboard, each with
  ``name``, ``value`` and ``order`` (``desc``: higher ranks first; ``asc``: lower).
  Added within format 1.
* ``selection``: for a run limited to some tests (``--test``), ``test`` (what was
  given), ``ran`` (the tests that ran) and ``of`` (the phase's grader tests); null for
  a run of the whole phase. Added within format 1.
* ``scored`` of a part: false for a part the run does not score (in a student's check:
  hidden tests alone, or the student's own tests). Added within format 1: a reader
  takes a part without it as scored.

:func:`from_json` reads the report back, so that a report kept as JSON (the class
store's) can be shown in another form, as the very report it was.

Only ``seconds`` fields differ between two runs on the same submission.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from ..judge.results import (
    GradeReport,
    LeaderboardEntry,
    PartResult,
    Selection,
    TestResult,
)

FORMAT = "cardlab-report/1"


def _test(test: TestResult) -> dict[str, Any]:
    return {
        "id": test.id,
        "name": test.name,
        "weight": test.weight,
        "status": test.status,
        "fraction": round(test.fraction, 4),
        "message": test.message,
        "visibility": test.visibility,
        "seconds": round(test.seconds, 3),
    }


def to_json(report: GradeReport) -> dict[str, Any]:
    """The report as JSON-ready data."""
    chosen = report.selection
    return {
        "format": FORMAT,
        "assignment": report.assignment,
        "title": report.title,
        "phase": report.phase,
        "phase_title": report.phase_title,
        "submission": report.submission,
        "score": report.score,
        "max_score": report.max_score,
        "open_points": report.open_points,
        "public_only": report.public_only,
        "notes": list(report.notes),
        "parts": [
            {
                "id": part.id,
                "title": part.title,
                "score": part.score,
                "max_score": part.max_score,
                "note": part.note,
                "tests": [_test(test) for test in part.tests],
                "scored": part.scored,
                **({"manual": part.manual, "document": part.document} if part.manual else {}),
            }
            for part in report.parts
        ],
        "cardlab_version": report.cardlab_version,
        "python": report.python,
        "seconds": report.seconds,
        "isolation": {
            "applied": list(report.isolation),
            "missing": list(report.isolation_notes),
        },
        "other_parts": report.other_parts,
        "leaderboard": [
            {"name": entry.name, "value": entry.value, "order": entry.order}
            for entry in report.leaderboard
        ],
        "selection": None if chosen is None else asdict(chosen),
    }


def from_json(data: dict[str, Any]) -> GradeReport:
    """The report that :func:`to_json` gave ``data`` for.

    Raises:
        KeyError: A field of format 1 is missing.
    """
    chosen = data.get("selection")
    isolation = data.get("isolation", {})
    return GradeReport(
        assignment=data["assignment"],
        title=data["title"],
        phase=data["phase"],
        phase_title=data["phase_title"],
        submission=data["submission"],
        score=data["score"],
        max_score=data["max_score"],
        parts=tuple(_part(part) for part in data["parts"]),
        notes=tuple(data["notes"]),
        public_only=data["public_only"],
        cardlab_version=data["cardlab_version"],
        python=data["python"],
        seconds=data.get("seconds", 0.0),
        isolation=tuple(isolation.get("applied", ())),
        isolation_notes=tuple(isolation.get("missing", ())),
        other_parts=data.get("other_parts", "student"),
        leaderboard=tuple(
            LeaderboardEntry(entry["name"], entry["value"], entry["order"])
            for entry in data.get("leaderboard", ())
        ),
        selection=None if chosen is None else Selection(**chosen),
    )


def _part(part: dict[str, Any]) -> PartResult:
    return PartResult(
        id=part["id"],
        title=part["title"],
        score=part["score"],
        max_score=part["max_score"],
        tests=tuple(
            TestResult(
                id=test["id"],
                name=test["name"],
                part=part["id"],
                weight=test["weight"],
                status=test["status"],
                fraction=test["fraction"],
                message=test["message"],
                visibility=test["visibility"],
                seconds=test.get("seconds", 0.0),
            )
            for test in part["tests"]
        ),
        note=part["note"],
        manual=part.get("manual", ""),
        document=part.get("document"),
        scored=part.get("scored", True),
    )
