"""The class overview: how a class did, for the instructor.

From the graded submissions of a batch: the score distribution as a histogram
(``overview/histogram.png``), each part's mean (``overview/parts.csv``) and the tests
failed by the most students (``overview/failed-tests.csv``), with the same figures as
tables in the terminal. Only ``graded`` submissions count; rejected and failed ones
are listed in ``status.csv`` instead.

The histogram needs matplotlib, an optional extra (``pip install "cardlab[plots]"``):
without it, the CSV files and tables are still written and :func:`write_histogram`
raises a one-line :class:`~cardlab.errors.CardlabError` saying what to install.
"""

from __future__ import annotations

import csv
import statistics
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ..course.spec import Phase
from ..errors import CardlabError
from .store import Outcome, graded_reports

OVERVIEW = "overview"
HISTOGRAM = "histogram.png"
PARTS = "parts.csv"
FAILED_TESTS = "failed-tests.csv"
SHOWN_TESTS = 10
"""How many of the most failed tests the terminal table shows (the CSV has them all)."""
_BINS = 10


@dataclass(frozen=True)
class PartSummary:
    """How the class did in one rubric part.

    Attributes:
        id: The part id.
        title: The part's title.
        points: Points available.
        mean: Mean points earned.
        full: How many students earned every point.
    """

    id: str
    title: str
    points: float
    mean: float
    full: int


@dataclass(frozen=True)
class FailedTest:
    """A test and how many students failed it.

    Attributes:
        id: pytest's node id.
        part: The part it belongs to.
        name: The test's readable name.
        failed: How many students failed it.
        share: ``failed`` over the number of graded students.
    """

    id: str
    part: str
    name: str
    failed: int
    share: float


@dataclass(frozen=True)
class Overview:
    """Figures for the whole class.

    Attributes:
        scores: Every graded student's total.
        max_score: Points available.
        parts: One summary per part, in spec order.
        failed_tests: Tests failed by at least one student, most failed first.
        not_graded: Students without a grade (rejected or failed).
    """

    scores: tuple[float, ...]
    max_score: float
    parts: tuple[PartSummary, ...]
    failed_tests: tuple[FailedTest, ...]
    not_graded: int


def summarize(outcomes: list[Outcome], phase: Phase) -> Overview:
    """The class overview of a batch's outcomes."""
    reports = list(graded_reports(outcomes))
    count = len(reports)
    earned: dict[str, list[float]] = {part.id: [] for part in phase.parts}
    failures: Counter[tuple[str, str, str]] = Counter()
    for _, report in reports:
        for part in report["parts"]:
            earned.setdefault(part["id"], []).append(part["score"])
            for test in part["tests"]:
                if test["status"] == "failed":
                    failures[(test["id"], part["id"], test["name"])] += 1
    parts = tuple(
        PartSummary(
            part.id,
            part.title,
            part.points,
            statistics.fmean(earned[part.id]) if earned[part.id] else 0.0,
            sum(score >= part.points for score in earned[part.id]),
        )
        for part in phase.parts
    )
    failed = tuple(
        FailedTest(test_id, part, name, n, n / count)
        for (test_id, part, name), n in sorted(failures.items(), key=lambda kv: (-kv[1], kv[0]))
    )
    return Overview(
        scores=tuple(report["score"] for _, report in reports),
        max_score=phase.max_score,
        parts=parts,
        failed_tests=failed,
        not_graded=len(outcomes) - count,
    )


def write_overview_csv(folder: Path, overview: Overview) -> None:
    """Write ``parts.csv`` and ``failed-tests.csv`` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / PARTS).open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["part", "title", "points", "mean", "full_marks"])
        for p in overview.parts:
            writer.writerow([p.id, p.title, p.points, round(p.mean, 2), p.full])
    with (folder / FAILED_TESTS).open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["test", "part", "name", "failed", "share"])
        for t in overview.failed_tests:
            writer.writerow([t.id, t.part, t.name, t.failed, round(t.share, 3)])


def write_histogram(path: Path, overview: Overview, title: str) -> None:
    """Draw the score distribution into a PNG file.

    Raises:
        CardlabError: When matplotlib (the ``plots`` extra) is not installed.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot
    except ImportError:
        raise CardlabError(
            f'the histogram {path.name} needs matplotlib: pip install "cardlab[plots]", '
            "then run cardlab overview"
        ) from None
    figure, axes = pyplot.subplots(figsize=(7, 4), dpi=100)
    try:
        axes.hist(overview.scores, bins=_BINS, range=(0, overview.max_score), edgecolor="black")
        axes.set_xlabel(f"score (out of {overview.max_score:g})")
        axes.set_ylabel("students")
        axes.set_title(f"{title}: {len(overview.scores)} graded submissions")
        figure.tight_layout()
        path.parent.mkdir(parents=True, exist_ok=True)
        figure.savefig(path, format="png")
    finally:
        pyplot.close(figure)


def print_overview(overview: Overview, console: Console) -> None:
    """Print the overview as tables: scores, part means, most failed tests."""
    scores = overview.scores
    if scores:
        console.print(
            f"[bold]{len(scores)} graded[/]: mean {statistics.fmean(scores):.1f}, "
            f"median {statistics.median(scores):g}, lowest {min(scores):g}, "
            f"highest {max(scores):g} (out of {overview.max_score:g})"
        )
    if overview.not_graded:
        console.print(f"[yellow]{overview.not_graded} not graded[/] (see status.csv)")
    parts = Table(title="Parts")
    for column in ("Part", "Mean", "Points", "Full marks"):
        parts.add_column(column, justify="left" if column == "Part" else "right")
    for p in overview.parts:
        parts.add_row(p.title, f"{p.mean:.1f}", f"{p.points:g}", str(p.full))
    console.print(parts)
    if not overview.failed_tests:
        return
    failed = Table(title=f"Most failed tests (top {SHOWN_TESTS})")
    for column in ("Test", "Part", "Students failing", "Share"):
        failed.add_column(column, justify="left" if column in ("Test", "Part") else "right")
    for t in overview.failed_tests[:SHOWN_TESTS]:
        failed.add_row(t.name, t.part, str(t.failed), f"{t.share:.0%}")
    console.print(failed)
