"""Gradescope's ``results.json`` (the autograder results format).

Top level: ``score``, ``output`` (a summary), ``visibility``, ``stdout_visibility``
and ``tests``. Each test has ``name``, ``name_format``, ``score``, ``max_score``,
``status`` (``passed`` or ``failed``), ``output``, ``output_format``, ``tags`` (the
part id) and ``visibility``: ``visible`` for public tests, ``hidden`` for hidden
ones. Test scores add up to the part scores, and so to ``score``. A part the
instructor marks by hand is one entry worth 0 of 0, tagged ``manual``, saying whether
its file was found; its points are added by hand in Gradescope.
"""

from __future__ import annotations

from typing import Any

from ..judge.manual import NOTE
from ..judge.results import FAILED, PASSED, SKIPPED, GradeReport, PartResult, weight_share


def _manual_entry(part: PartResult) -> dict[str, Any]:
    """A part the instructor marks by hand: worth nothing here, tagged ``manual``."""
    return {
        "name": f"{part.title} (marked by hand, {part.max_score:g} points)",
        "name_format": "text",
        "score": 0,
        "max_score": 0,
        "status": PASSED if part.document is not None else FAILED,
        "output": f"Your instructor marks this part by hand: {part.note.removeprefix(NOTE)}.",
        "output_format": "text",
        "tags": [part.id, "manual"],
        "visibility": "visible",
    }


def to_gradescope(report: GradeReport) -> dict[str, Any]:
    """The report as Gradescope results data."""
    tests = []
    for part in report.parts:
        if part.manual:
            tests.append(_manual_entry(part))
            continue
        for test in part.tests:
            if test.status == SKIPPED:
                continue
            worth = weight_share(part.max_score, test, part.tests)
            tests.append(
                {
                    "name": f"{part.title}: {test.name}",
                    "name_format": "text",
                    "score": round(worth * test.fraction, 4),
                    "max_score": round(worth, 4),
                    "status": PASSED if test.status == PASSED else FAILED,
                    "output": test.message,
                    "output_format": "text",
                    "tags": [part.id],
                    "visibility": test.visibility,
                }
            )
    summary = [f"{report.title}, phase {report.phase}: {report.score:g} / {report.max_score:g}"]
    summary += [f"Note: {note}" for note in report.notes]
    return {
        "score": report.score,
        "output": "\n".join(summary),
        "output_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": tests,
    }
