"""The class overview: how a class did, for the instructor.

From the graded submissions of a batch: the distribution of final scores (after any
late penalty) as a histogram (``overview/histogram.png``), each part's mean
(``overview/parts.csv``) and the tests failed by the most students
(``overview/failed-tests.csv``), with the same figures as tables in the terminal.
Only ``graded`` submissions count: empty, rejected, failed and late-refused ones are
left out of every figure (the overview says how many) and listed in ``status.csv``. A
parametrized test is one row of the failed tests, however many of its cases failed:
the row names how many cases there are.

The histogram needs matplotlib, an optional extra (``pip install "cardlab[plots]"``):
without it, the CSV files and tables are still written and :func:`write_histogram`
raises a one-line :class:`~cardlab.errors.CardlabError` saying what to install.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ..course.spec import Phase
from ..spreadsheet import write_csv
from .plotting import headless_pyplot
from .store import GRADED, Outcome, graded_reports

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
        id: pytest's node id, without the parameters of a parametrized test.
        part: The part it belongs to.
        name: The test's readable name, without the parameters.
        failed: How many students failed it (at least one of its cases).
        share: ``failed`` over the number of graded students.
        cases: How many of its cases some student failed (1 unless parametrized).
    """

    id: str
    part: str
    name: str
    failed: int
    share: float
    cases: int = 1


@dataclass(frozen=True)
class Overview:
    """Figures for the whole class.

    Attributes:
        scores: Every graded student's total.
        max_score: Points available.
        parts: One summary per part, in spec order.
        failed_tests: Tests failed by at least one student, most failed first.
        left_out: Students without a grade, by status (empty, rejected, failed,
            late-refused): left out of every figure.
        penalties: The late penalty of each graded student who lost one, in points.
    """

    scores: tuple[float, ...]
    max_score: float
    parts: tuple[PartSummary, ...]
    failed_tests: tuple[FailedTest, ...]
    left_out: dict[str, int]
    penalties: tuple[float, ...] = ()

    @property
    def not_graded(self) -> int:
        """How many students were left out of the figures."""
        return sum(self.left_out.values())

    def left_out_line(self) -> str:
        """Who was left out, e.g. "2 empty, 1 rejected", or ``""``."""
        return ", ".join(f"{count} {status}" for status, count in self.left_out.items())


def summarize(outcomes: list[Outcome], phase: Phase) -> Overview:
    """The class overview of a batch's outcomes."""
    reports = list(graded_reports(outcomes))
    count = len(reports)
    earned: dict[str, list[float]] = {part.id: [] for part in phase.parts}
    failing: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    cases: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    for student, report in reports:
        for part in report["parts"]:
            earned.setdefault(part["id"], []).append(part["score"])
            for test in part["tests"]:
                if test["status"] == "failed":
                    key = (_without_parameters(test["id"]), part["id"], _base_name(test))
                    failing[key].add(student)
                    cases[key].add(test["id"])
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
        FailedTest(test_id, part, name, len(students), len(students) / count, len(cases[key]))
        for key, students in sorted(failing.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        for test_id, part, name in [key]
    )
    left_out = Counter(o.status for o in outcomes if o.status != GRADED or not o.report_json)
    graded = [o for o in outcomes if o.status == GRADED and o.report_json]
    return Overview(
        scores=tuple(outcome.final_score for outcome in graded),
        max_score=phase.max_score,
        parts=parts,
        failed_tests=failed,
        left_out=dict(sorted(left_out.items())),
        penalties=tuple(outcome.penalty for outcome in graded if outcome.penalty),
    )


def _without_parameters(test_id: str) -> str:
    """A node id without the ``[...]`` of a parametrized case."""
    return test_id.split("[", 1)[0]


def _base_name(test: dict) -> str:
    """A test's readable name without the `` [...]`` a parametrized case adds."""
    name, id_ = test["name"], test["id"]
    parameters = id_[len(_without_parameters(id_)) :]
    return name.removesuffix(f" {parameters}") if parameters else name


def write_overview_csv(folder: Path, overview: Overview) -> None:
    """Write ``parts.csv`` and ``failed-tests.csv`` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    write_csv(
        folder / PARTS,
        ["part", "title", "points", "mean", "full_marks"],
        ([p.id, p.title, p.points, round(p.mean, 2), p.full] for p in overview.parts),
    )
    write_csv(
        folder / FAILED_TESTS,
        ["test", "part", "name", "failed", "share", "cases"],
        (
            [t.id, t.part, t.name, t.failed, round(t.share, 3), t.cases]
            for t in overview.failed_tests
        ),
    )


def write_histogram(path: Path, overview: Overview, title: str) -> None:
    """Draw the score distribution into a PNG file.

    Raises:
        CardlabError: When matplotlib (the ``plots`` extra) is not installed.
    """
    pyplot = headless_pyplot(f"the histogram {path.name}", ", then run cardlab overview")
    from matplotlib.ticker import MaxNLocator

    figure, axes = pyplot.subplots(figsize=(7, 4), dpi=100)
    try:
        axes.hist(overview.scores, bins=_BINS, range=(0, overview.max_score), edgecolor="black")
        axes.yaxis.set_major_locator(MaxNLocator(integer=True))  # students come whole
        axes.set_xlabel(f"score (out of {overview.max_score:g})")
        axes.set_ylabel("students")
        left_out = f" ({overview.left_out_line()} left out)" if overview.not_graded else ""
        axes.set_title(f"{title}: {len(overview.scores)} graded submissions{left_out}")
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
    if overview.penalties:
        penalties = overview.penalties
        console.print(
            f"Late: {len(penalties)} graded with a penalty (mean {statistics.fmean(penalties):g}, "
            f"most {max(penalties):g} points); the scores above are after it"
        )
    if overview.not_graded:
        console.print(
            f"[yellow]Left out of these figures: {overview.left_out_line()}[/] (see status.csv)"
        )
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
        cases = f" ({t.cases} failing cases)" if t.cases > 1 else ""
        failed.add_row(f"{t.name}{cases}", t.part, str(t.failed), f"{t.share:.0%}")
    console.print(failed)
