"""Gradescope's ``results.json`` (the autograder results format).

Top level: ``score``, ``output`` (a summary), ``visibility``, ``stdout_visibility``
and ``tests``. Each test has ``name``, ``name_format``, ``score``, ``max_score``,
``status`` (``passed`` or ``failed``), ``output``, ``output_format``, ``tags`` (the
part id) and ``visibility``: ``visible`` for public tests, ``hidden`` for hidden
ones. A failing public test says how to run it again in the handout (``cardlab check
--test tests/...``); a hidden one, which no student can run, does not. A part's points
are shared among its tests by weight, in hundredths, with largest-remainder rounding:
the tests' ``max_score`` values add up exactly to the part's points, and their
``score`` values to the part's score, and so to ``score``.

One more entry, worth nothing and hidden from students, tells the instructor how the
worker was confined on Gradescope's machine (its layers, and a note on each it lacked).
A part the instructor marks by hand is one entry worth 0 of 0, tagged ``manual``, saying
whether its file was found; its points are added by hand in Gradescope.

Figures the graders recorded for a class leaderboard (a tournament's share, say) become
the ``leaderboard`` entries (``name``, ``value``, ``order``), shown on Gradescope's
leaderboard when the assignment has one enabled.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..judge.grading import handout_rerun
from ..judge.manual import NOTE
from ..judge.results import (
    FAILED,
    PASSED,
    RERUN_PREFIX,
    SKIPPED,
    GradeReport,
    PartResult,
    TestResult,
    weight_share,
)


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


def _student_output(test: TestResult) -> str:
    """A test's message with the command a student can run to run it again, if any.

    The grading's own command names the autograder's folders, which a student never
    sees; a public test runs again with ``cardlab check`` in the handout, and a hidden
    one cannot be run by a student at all.
    """
    message, _, rerun = test.message.partition(f"\n{RERUN_PREFIX}")
    command = handout_rerun(test.id) if rerun else None
    return f"{message}\n{RERUN_PREFIX}{command}" if command else message


def to_gradescope(report: GradeReport) -> dict[str, Any]:
    """The report as Gradescope results data."""
    tests = []
    for part in report.parts:
        if part.manual:
            tests.append(_manual_entry(part))
            continue
        counted = [test for test in part.tests if test.status != SKIPPED]
        worth = [weight_share(part.max_score, test, part.tests) for test in counted]
        maxima = apportion(part.max_score, worth)
        earned = [share * test.fraction for share, test in zip(worth, counted, strict=True)]
        scores = apportion(part.score, earned)
        for test, max_score, score in zip(counted, maxima, scores, strict=True):
            tests.append(
                {
                    "name": f"{part.title}: {test.name}",
                    "name_format": "text",
                    "score": score,
                    "max_score": max_score,
                    "status": PASSED if test.status == PASSED else FAILED,
                    "output": _student_output(test),
                    "output_format": "text",
                    "tags": [part.id],
                    "visibility": test.visibility,
                }
            )
    tests.append(_isolation_entry(report))
    summary = [f"{report.title}, phase {report.phase}: {report.score:g} / {report.max_score:g}"]
    summary += [f"Note: {note}" for note in report.notes]
    results: dict[str, Any] = {
        "score": report.score,
        "output": "\n".join(summary),
        "output_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": tests,
    }
    if report.leaderboard:
        results["leaderboard"] = [
            {"name": entry.name, "value": entry.value, "order": entry.order}
            for entry in report.leaderboard
        ]
    return results


def apportion(total: float, shares: Sequence[float]) -> list[float]:
    """Split ``total`` in proportion to ``shares``, in hundredths that add up to it exactly.

    Largest-remainder rounding: each share gets its proportion rounded down to a
    hundredth, and the hundredths left over go to the shares that lost the most.

    Args:
        total: The amount to split, to two decimals.
        shares: How much of it each part should get, before rounding (not negative).

    Returns:
        One amount per share, each a whole number of hundredths, summing to ``total``.
    """
    weight = sum(shares)
    if weight <= 0:
        return [0.0] * len(shares)
    cents = round(total * 100)
    exact = [cents * share / weight for share in shares]
    floors = [math.floor(value) for value in exact]
    left = cents - sum(floors)
    by_remainder = sorted(range(len(shares)), key=lambda i: floors[i] - exact[i])
    for index in by_remainder[:left]:
        floors[index] += 1
    return [value / 100 for value in floors]


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
