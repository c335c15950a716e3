"""Gradescope's ``results.json`` (the autograder results format).

Top level: ``score``, ``output`` (a summary), ``visibility``, ``stdout_visibility``
and ``tests``. Each test has ``name``, ``name_format``, ``score``, ``max_score``,
``status`` (``passed`` or ``failed``), ``output``, ``output_format``, ``tags`` (the
part id) and ``visibility``: ``visible`` for public tests, ``hidden`` for hidden
ones. Test scores add up to the part scores, and so to ``score``.

One more entry, worth nothing and hidden from students, tells the instructor how the
worker was confined on Gradescope's machine (its layers, and a note on each it lacked).
"""

from __future__ import annotations

from typing import Any

from ..judge.results import FAILED, PASSED, SKIPPED, GradeReport, weight_share


def to_gradescope(report: GradeReport) -> dict[str, Any]:
    """The report as Gradescope results data."""
    tests = []
    for part in report.parts:
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
    tests.append(_isolation_entry(report))
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


ISOLATION_TEST = "Isolation of student code (instructors only)"


def _isolation_entry(report: GradeReport) -> dict[str, Any]:
    """An entry for instructors only: how the worker was confined on this machine."""
    lines = [f"Applied: {', '.join(report.isolation) or 'none'}."]
    lines += [f"Not available: {note}" for note in report.isolation_notes]
    return {
        "name": ISOLATION_TEST,
        "name_format": "text",
        "score": 0,
        "max_score": 0,
        "status": PASSED,
        "output": "\n".join(lines),
        "output_format": "text",
        "tags": [],
        "visibility": "hidden",
    }
