"""Results of a grading run: tests, parts and the whole report, as frozen data.

Part scores come from their tests: each test has a weight (default 1) and earns a
fraction of it (1 when it passes, 0 when it fails, a partial credit when the test
awards one). A part earns ``points * sum(weight * fraction) / sum(weight)`` over its
tests that ran; skipped tests do not count, and a part none of whose tests ran
earns nothing. Only a skip the grader declared is ``skipped`` (see
:mod:`cardlab.judge.plugin`): a test that student code made skip is ``failed``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PASSED = "passed"
FAILED = "failed"
SKIPPED = "skipped"
VISIBLE = "visible"
HIDDEN = "hidden"
RERUN_PREFIX = "Run it again: "
"""Starts the last line of a failure's message: a shell command that runs the test again."""


@dataclass(frozen=True)
class TestResult:
    """The outcome of one grader test.

    Attributes:
        id: pytest's node id of the test.
        name: A readable name.
        part: The rubric part it belongs to.
        weight: Its weight within the part.
        status: ``passed``, ``failed`` or ``skipped``.
        fraction: The share of its weight earned, from 0 to 1.
        message: What went wrong (or the credit note), for the student.
        visibility: ``visible`` for public tests, ``hidden`` for hidden ones.
        seconds: How long it took (a timing field: varies between runs).
    """

    __test__ = False  # not a pytest test class

    id: str
    name: str
    part: str
    weight: float
    status: str
    fraction: float
    message: str
    visibility: str
    seconds: float = field(default=0.0, compare=False)


@dataclass(frozen=True)
class PartResult:
    """The outcome of one rubric part.

    Attributes:
        id: The part id from the spec.
        title: The part's title.
        score: Points earned.
        max_score: Points available.
        tests: The part's tests.
        note: Why the part scored nothing without a test failing, if so; for a part
            marked by hand, whether its file was found.
        manual: For a part the instructor marks by hand, the file it marks; its
            ``score`` is 0 and its points are left open.
        document: That file's text, for the instructor's report (None when missing,
            empty, or in a student's own check).
        scored: False for a part this run does not score, whose points only grading
            awards (in a student's check: hidden tests alone, or the student's own
            tests, which run there on the student's code for no points).
    """

    id: str
    title: str
    score: float
    max_score: float
    tests: tuple[TestResult, ...]
    note: str = ""
    manual: str = ""
    document: str | None = None
    scored: bool = True

    @property
    def passed(self) -> int:
        """How many of the part's tests passed."""
        return sum(test.status == PASSED for test in self.tests)

    @property
    def counted(self) -> int:
        """How many of the part's tests ran (were not skipped)."""
        return sum(test.status != SKIPPED for test in self.tests)


@dataclass(frozen=True)
class LeaderboardEntry:
    """A figure of the submission for a class leaderboard (Gradescope shows these).

    Attributes:
        name: The column's name, e.g. "Tournament share".
        value: The submission's figure.
        order: ``desc`` when a higher figure ranks first, ``asc`` when a lower one does.
    """

    name: str
    value: float
    order: str = "desc"


@dataclass(frozen=True)
class Selection:
    """The tests a run was limited to (``--test``), and how many of the phase's ran.

    Attributes:
        test: The test id (or part of one) given.
        ran: The tests that ran.
        of: The phase's tests the run could have run (its grader tests).
    """

    test: str
    ran: int
    of: int


@dataclass(frozen=True)
class GradeReport:
    """A graded submission.

    Attributes:
        assignment: The assignment id.
        title: The assignment's title.
        phase: The phase number.
        phase_title: The phase's title.
        submission: The graded folder, as given.
        score: Points earned, rounded to two decimals.
        max_score: Points available.
        parts: Part results in spec order.
        notes: Problems with the run as a whole (one line each).
        public_only: True when only public tests ran (a student's check).
        cardlab_version: The grading framework's version.
        python: The Python version that graded.
        seconds: Wall time of the run (a timing field).
        isolation: The confinement layers the worker ran under.
        isolation_notes: One line per layer that was not available on this machine,
            for the instructor.
        other_parts: Whose code each part's tests ran with outside that part:
            ``reference`` (a mistake costs points once, in its own part) or
            ``student`` (all of the student's code, in every part).
        leaderboard: Figures the graders recorded for a class leaderboard.
        selection: The tests the run was limited to, or None for the whole phase.
    """

    assignment: str
    title: str
    phase: int
    phase_title: str
    submission: str
    score: float
    max_score: float
    parts: tuple[PartResult, ...]
    notes: tuple[str, ...]
    public_only: bool
    cardlab_version: str
    python: str
    seconds: float = field(default=0.0, compare=False)
    isolation: tuple[str, ...] = ()
    isolation_notes: tuple[str, ...] = ()
    other_parts: str = "student"
    leaderboard: tuple[LeaderboardEntry, ...] = ()
    selection: Selection | None = None

    @property
    def open_points(self) -> float:
        """Points of the parts marked by hand, left for the instructor to award."""
        return sum(part.max_score for part in self.parts if part.manual)

    @property
    def tests(self) -> tuple[TestResult, ...]:
        """Every test, part by part."""
        return tuple(test for part in self.parts for test in part.tests)

    @property
    def failures(self) -> tuple[TestResult, ...]:
        """The tests that failed."""
        return tuple(test for test in self.tests if test.status == FAILED)


def part_score(points: float, tests: tuple[TestResult, ...]) -> float:
    """Points a part earns from its tests (see the module docstring)."""
    counted = [test for test in tests if test.status != SKIPPED]
    total_weight = sum(test.weight for test in counted)
    if total_weight <= 0:
        return 0.0
    earned = sum(test.weight * test.fraction for test in counted)
    return points * earned / total_weight


def weight_share(points: float, test: TestResult, tests: tuple[TestResult, ...]) -> float:
    """The points a single test is worth within its part."""
    total_weight = sum(t.weight for t in tests if t.status != SKIPPED)
    if test.status == SKIPPED or total_weight <= 0:
        return 0.0
    return points * test.weight / total_weight
