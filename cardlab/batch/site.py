"""The class as a static HTML site, for a TA to open in a browser: ``site/`` of a batch.

Written from the class store with the rest of the class files (by ``grade-all``,
``overview`` and ``marks import``), so it always shows what the store holds, marks given
by hand included:

* ``site/index.html``: the score histogram (an inline SVG, no script), each part's mean,
  the most failed tests, late and refused submissions, and every student with a link
  to their page;
* ``site/students/<name>.html``: the report the student gets, as the terminal shows it,
  then the marks given by hand and every failing test's command to run it again
  (:func:`student_page`, which ``cardlab release`` also writes, without the link back).

``<name>`` is the student's file name (:mod:`.file_names`). Everything a student
controls (the folder name, test names, messages, output, the files of a part marked by
hand) reaches a page only through Jinja2's autoescaping or rich's HTML export, which
escapes it too; and every page forbids scripts and any request of its own through a
Content-Security-Policy, so that a mistake in escaping still runs nothing.

Late and refused submissions come from each outcome's ``submitted_at`` (when it was
handed in), ``penalty`` (points taken off for lateness) and the status
``late-refused``: a class without a deadline shows that none is set.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from ..reports.html import report_html, rerun_commands
from ..reports.json_report import from_json
from .file_names import file_names
from .marks import MARKED, unmarked_parts
from .overview import Overview
from .store import GRADED, LATE_REFUSED, Outcome

SITE = "site"
STUDENTS = "students"
INDEX = "index.html"
SHOWN_TESTS = 20
"""How many of the most failed tests the index shows (``overview/failed-tests.csv`` has all)."""
_BINS = 10
_PLOT = (640, 280, 48, 40)
"""The histogram's width and height, and the room left of and below its bars, in pixels."""


@dataclass(frozen=True)
class Bar:
    """One bar of the histogram, placed in the SVG's pixels.

    Attributes:
        low: The lowest score of the bar.
        high: The highest score of the bar (included in the last bar only).
        count: How many students' scores fall in it.
        x: Left edge.
        y: Top edge.
        width: Width.
        height: Height.
    """

    low: float
    high: float
    count: int
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Histogram:
    """The score histogram as the index page draws it.

    Attributes:
        bars: The bars, lowest scores first.
        width: The drawing's width.
        height: The drawing's height.
        left: The x of the score axis's start.
        bottom: The y of the score axis.
        right: The x of the score axis's end.
        most: The tallest bar's count (the top of the count axis).
        max_score: The score axis's end.
    """

    bars: tuple[Bar, ...]
    width: int
    height: int
    left: int
    bottom: int
    right: int
    most: int
    max_score: float


@dataclass(frozen=True)
class Late:
    """A submission handed in after its due time, or refused as too late.

    Attributes:
        student: The student's id.
        file: The student's page's file name.
        submitted_at: When it was handed in, as the store has it.
        penalty: The points taken off (0 for a refused submission).
        refused: True when it was handed in after the last allowed time.
    """

    student: str
    file: str
    submitted_at: str
    penalty: float
    refused: bool


def histogram(scores: Iterable[float], max_score: float) -> Histogram:
    """The histogram of ``scores`` in :data:`_BINS` equal bars from 0 to ``max_score``."""
    width, height, left, below = _PLOT
    top, right = 12, width - 12
    bottom = height - below
    span = max_score or 1.0
    step = span / _BINS
    counts = [0] * _BINS
    for score in scores:
        counts[min(max(int(score * _BINS / span), 0), _BINS - 1)] += 1
    most = max(counts) or 1
    bar_width = (right - left) / _BINS
    bars = tuple(
        Bar(
            low=round(index * step, 2),
            high=round((index + 1) * step, 2),
            count=count,
            x=round(left + index * bar_width, 1),
            y=round(bottom - (bottom - top) * count / most, 1),
            width=round(bar_width, 1),
            height=round((bottom - top) * count / most, 1),
        )
        for index, count in enumerate(counts)
    )
    return Histogram(bars, width, height, left, bottom, right, most, max_score)


def late_submissions(outcomes: list[Outcome], files: dict[str, str]) -> list[Late] | None:
    """The late and refused submissions, or None when no deadline applied to any of them."""
    if not any(o.due or o.status == LATE_REFUSED for o in outcomes):
        return None
    return [
        Late(o.student, files[o.student], o.submitted_at, o.penalty, o.status == LATE_REFUSED)
        for o in outcomes
        if o.status == LATE_REFUSED or o.penalty > 0
    ]


@cache
def _templates() -> Environment:
    return Environment(
        loader=PackageLoader("cardlab.batch", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )


def student_page(outcome: Outcome, heading: str, back: str | None) -> str:
    """A student's page: their report as the terminal shows it, marks, commands to rerun.

    Args:
        outcome: The student's outcome, marks given by hand included.
        heading: The assignment and phase, e.g. ``Bisca, phase 3``.
        back: The link to the class's index, or None for a page to hand to the student.
    """
    report = None
    marks: list[dict] = []
    if outcome.status == GRADED and outcome.report_json:
        data = json.loads(outcome.report_json)
        report = from_json(data)
        marks = [
            {"title": part["title"], "max_score": part["max_score"], **part[MARKED]}
            for part in data["parts"]
            if MARKED in part
        ]
    return (
        _templates()
        .get_template("student.html.j2")
        .render(
            heading=heading,
            outcome=outcome,
            back=back,
            # rich escaped each run of the report's text: Markup keeps Jinja2 from doing it twice
            report=Markup(report_html(report)) if report else None,
            marks=marks,
            reruns=rerun_commands(report) if report else [],
            unmarked=unmarked_parts(outcome),
        )
    )


def index_page(
    outcomes: list[Outcome], overview: Overview, heading: str, files: dict[str, str]
) -> str:
    """The class's index page: histogram, parts, failed tests, late work, students."""
    scores = overview.scores
    figures = (
        {
            "mean": statistics.fmean(scores),
            "median": statistics.median(scores),
            "low": min(scores),
            "high": max(scores),
        }
        if scores
        else None
    )
    return (
        _templates()
        .get_template("index.html.j2")
        .render(
            heading=heading,
            overview=overview,
            figures=figures,
            histogram=histogram(scores, overview.max_score),
            failed_tests=overview.failed_tests[:SHOWN_TESTS],
            late=late_submissions(outcomes, files),
            outcomes=outcomes,
            files=files,
            unmarked={o.student: unmarked_parts(o) for o in outcomes},
            students=STUDENTS,
        )
    )


def write_site(output: Path, outcomes: list[Outcome], overview: Overview, heading: str) -> Path:
    """Write the class's site into ``output/site``, pages of students gone from it removed.

    Returns:
        The index page's path.
    """
    site = output / SITE
    students = site / STUDENTS
    students.mkdir(parents=True, exist_ok=True)
    files = file_names(o.student for o in outcomes)
    pages = {f"{name}.html" for name in files.values()}
    for stale in students.glob("*.html"):
        if stale.name not in pages:
            stale.unlink()
    for outcome in outcomes:
        page = student_page(outcome, heading, back=f"../{INDEX}")
        (students / f"{files[outcome.student]}.html").write_text(page, encoding="utf-8")
    index = site / INDEX
    index.write_text(index_page(outcomes, overview, heading, files), encoding="utf-8")
    return index
