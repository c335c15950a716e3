"""The pytest plugin that turns grader tests into scored results.

Registered by :func:`cardlab.judge.grading.run` for one grading run, it

* reads each test's rubric part and weight from marks
  (``@pytest.mark.part("card")``, ``@pytest.mark.weight(2)``) and deselects tests
  whose part is not graded in this phase;
* gives tests the fixtures ``student`` (the proxy to the student's code, composed for
  the test's part: see ``[grading] other_parts`` in the spec), ``ref``
  (the reference, hidden tests only), ``phase`` (the spec's phase), ``credit``
  (partial credit), ``student_files`` (the submission's files, to read as text),
  ``seeds`` (seeds derived from the course secret), ``secret_examples`` (hypothesis
  examples drawn from the course secret, for a grader folder that opts in),
  ``artifacts`` (a folder for files a test makes for the report, such as a plot) and
  ``leaderboard`` (figures for a class leaderboard, which the Gradescope export shows);
* seeds hypothesis per test, with no example database;
* turns every failure into a message for the student: what was called, what came
  back, and how to run the test again; never a framework traceback;
* counts a skipped test as failed unless the grader declared the skip: a ``skip`` or
  ``skipif`` mark, or :func:`excuse` (for a reason outside the student's control, such
  as the reference not being there). A skip raised any other way may depend on what
  the student's code answered, so it never takes a test out of its part.
"""

from __future__ import annotations

import functools
import math
import shlex
import shutil
import tempfile
import time
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import pytest

# pytest exports this class as ``pytest.skip.Exception`` only, an attribute that a type
# checker does not take as a base class.
from _pytest.outcomes import Skipped

from ..course.spec import Phase
from ..worker.process import Isolation, UnsafeToGrade, WorkerFailure
from .notes import student_note
from .parts import kind_of
from .proxy import Student, StudentRaised
from .reference import Reference
from .results import (
    FAILED,
    HIDDEN,
    PASSED,
    RERUN_PREFIX,
    SKIPPED,
    VISIBLE,
    LeaderboardEntry,
    TestResult,
)
from .seeds import PUBLIC_SECRET, Seeds

_CALLS_SHOWN = 6
_ORIGINAL_INNER = "_cardlab_original_inner"
_credit_key = pytest.StashKey["Credit"]()
_started_key = pytest.StashKey[float]()
_failure_key = pytest.StashKey[str]()
PLUGIN_KEY = pytest.StashKey["CardlabPlugin"]()
_skipped_key = pytest.StashKey[str]()
_began_key = pytest.StashKey[bool]()


class Excused(Skipped):
    """A skip the grader declares, for a reason outside the student's control."""


def excuse(reason: str) -> NoReturn:
    """Skip this test without counting it, for a reason the student's code cannot cause.

    Use it only where the reason does not depend on anything the student's code did or
    answered (the reference is not available, say); any other skip counts as failed.
    """
    raise Excused(reason)


@dataclass
class Credit:
    """Partial credit a test awards itself (a tournament, say).

    Attributes:
        fraction: The share of the test's weight earned if it passes, 0 to 1.
        note: What the credit was for, shown in the report.
    """

    fraction: float = 1.0
    note: str = ""

    def award(self, fraction: float, note: str) -> None:
        """Earn ``fraction`` of the test's weight; the note says why.

        A fraction that is not a finite number (NaN, from a share of nothing) earns 0.
        """
        fraction = float(fraction)
        self.fraction = min(max(fraction, 0.0), 1.0) if math.isfinite(fraction) else 0.0
        self.note = note


Progress = Callable[[int, int, str], None]
"""Told how a run goes: the tests done, the tests to run, the title of the part at work."""


@dataclass(frozen=True)
class RunSettings:
    """What one grading run needs to know.

    Attributes:
        phase: The graded phase.
        make_student: Builds (or shares) the proxy to the student's code, for a part.
        reference: The reference, where hidden tests may use it.
        hidden_dirs: Folders whose tests are hidden from students.
        secret_examples: Whether the hidden tests draw their hypothesis examples from
            the course secret (as the ``secret_examples`` fixture makes a test do).
        reproduce: A command that runs one test again once the test's id, quoted for a
            shell, is appended.
        student_files: The submission's files graded in this phase, by module name
            (to read as text, such as for style indicators; never to import).
        seeds: Derives seeds student code may observe (tournament deals) from the
            course secret.
        parts: Only the tests of these parts run (all of the phase's when empty).
        stop_at_first_loss: The run ends after the first test that loses points, and
            hypothesis does not shrink a failing example (the loss is all that counts);
            each part's tests then run where its kind puts them (the phase's tournament
            last, its public tests after its hidden ones: see
            :mod:`cardlab.judge.parts.strength`).
        artifacts: Where tests may write files for the report (a tournament's plot),
            or None when the run keeps no files.
        node: Only the tests whose node id is this one or lies under it (a file, a
            class, every case of a parametrized test), as pytest selects by a node id;
            None for every test.
        progress: Told before each test the tests done, the tests to run and the title
            of the test's part (see :data:`Progress`).
    """

    phase: Phase
    make_student: Callable[[str], Student]
    reference: Reference | None
    hidden_dirs: tuple[Path, ...]
    reproduce: str
    secret_examples: bool = False
    student_files: Mapping[str, Path] = field(default_factory=dict)
    seeds: Seeds = field(default_factory=lambda: Seeds(PUBLIC_SECRET))
    parts: tuple[str, ...] = ()
    stop_at_first_loss: bool = False
    artifacts: Path | None = None
    node: str | None = None
    progress: Progress | None = None


@dataclass(eq=False)
class CardlabPlugin:
    """Collects scored results of one grading run (pytest hashes plugins: compare by identity)."""

    settings: RunSettings
    results: list[TestResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    leaderboard: dict[str, LeaderboardEntry] = field(default_factory=dict)
    isolation: Isolation | None = None
    unsafe: UnsafeToGrade | None = None
    phase_tests: int = 0
    _done: int = 0
    _students: dict[str, Student] = field(default_factory=dict)
    scratch: str = field(default_factory=lambda: tempfile.mkdtemp(prefix="cardlab-hypothesis-"))

    # -- configuration and collection ------------------------------------------

    def pytest_configure(self, config: pytest.Config) -> None:
        """Register the marks and the grading profile of hypothesis."""
        config.stash[PLUGIN_KEY] = self
        config.addinivalue_line("markers", "part(id): the rubric part a test belongs to")
        config.addinivalue_line("markers", "weight(w): the test's weight within its part")
        from hypothesis import HealthCheck, Phase, settings
        from hypothesis.configuration import set_hypothesis_home_dir

        set_hypothesis_home_dir(self.scratch)  # nothing written where grading runs

        phases = [Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink]
        if self.settings.stop_at_first_loss:  # whether points are lost, not the least example
            phases.remove(Phase.shrink)
        settings.register_profile(
            "cardlab-grading",
            derandomize=True,
            phases=phases,
            database=None,
            deadline=None,
            print_blob=False,
            report_multiple_bugs=False,
            max_examples=60,
            # ``student`` is per test (its part decides the composition) and meant to
            # outlive an example: the worker is not restarted for each one.
            suppress_health_check=[
                HealthCheck.too_slow,
                HealthCheck.data_too_large,
                HealthCheck.function_scoped_fixture,
            ],
        )
        settings.load_profile("cardlab-grading")

    @pytest.hookimpl(tryfirst=True)  # before ``-k`` deselects: the count is the phase's
    def pytest_collection_modifyitems(
        self, session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
    ) -> None:
        """Keep the tests of this phase's parts, and of the node asked for; count them.

        Tests with no part are noted.
        """
        graded = {part.id for part in self.settings.phase.parts}
        if self.settings.parts:
            graded &= set(self.settings.parts)
        keep: list[pytest.Item] = []
        drop: list[pytest.Item] = []
        for item in items:
            part = _part(item)
            if part is None:
                self.notes.append(f"grader test {item.nodeid} has no part mark; not scored")
            (keep if part in graded else drop).append(item)
        self.phase_tests = len(keep)
        if self.settings.node is not None:
            drop += [item for item in keep if not _under(item.nodeid, self.settings.node)]
            keep = [item for item in keep if _under(item.nodeid, self.settings.node)]
        if self.settings.stop_at_first_loss:
            # A run that ends at its first loss (a mutant's) runs each part's tests where
            # the part's kind puts them: a tournament, by far the longest, last.
            phase = self.settings.phase
            places = {part.id: kind_of(part, phase).order for part in phase.parts}
            keep.sort(key=lambda item: places[_part(item) or ""](self._is_hidden(item)))
        items[:] = keep
        if drop:
            config.hook.pytest_deselected(items=drop)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Tell the progress how many tests are to run."""
        if self.settings.progress is not None and session.items:
            self.settings.progress(0, len(session.items), self._title(session.items[0]))

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        """A grader file that cannot be collected is noted, not fatal."""
        if report.failed:
            self.notes.append(f"grader file {report.nodeid} could not be loaded")

    def student_proxy(self, item: pytest.Item) -> Student:
        """The proxy to the student's code for the item's part, made at first use."""
        part = _part(item) or ""
        if part not in self._students:
            self._students[part] = self.settings.make_student(part)
        return self._students[part]

    def _student_of(self, item: pytest.Item) -> Student | None:
        return self._students.get(_part(item) or "")

    # -- running ----------------------------------------------------------------

    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        """Start the test's transcript and clock."""
        item.stash[_started_key] = time.perf_counter()
        item.stash[_began_key] = True  # from here on, a skip may depend on student code
        test = getattr(item, "obj", None)  # a test function's item holds the function
        if self.settings.secret_examples and test is not None and self._is_hidden(item):
            seed_examples(test, self.settings.seeds, item.nodeid)
        if "student" in getattr(item, "fixturenames", ()):
            student = self.student_proxy(item)
            student.session.begin(item.nodeid)
            _restart_transcript_per_example(item, student)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, None, None]:
        """Once the test's body has run, its told calls are answered (``Student.tell``).

        An exception of a told call then fails the test that told it.
        """
        result = yield
        if "student" in getattr(item, "fixturenames", ()):
            self.student_proxy(item).flush()
        return result

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        """Remember the first failure's message, written for the student."""
        report = yield
        if report.when == "call" and report.passed and _failure_key not in item.stash:
            self._check_canary(item)
        if report.failed and _failure_key not in item.stash:
            item.stash[_failure_key] = self._explain(item, call)
        elif report.skipped and _is_declared(item, call):
            item.stash[_skipped_key] = _skip_reason(report, call)
        elif report.skipped and _failure_key not in item.stash:
            item.stash[_failure_key] = (
                f"this test skipped itself after running your code ({_skip_reason(report, call)}); "
                "a test that your code makes skip counts as failed\n"
                f"{RERUN_PREFIX}{self.settings.reproduce} {shlex.quote(item.nodeid)}"
            )
        return report

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None) -> Any:
        """Record the test's result once setup, call and teardown are done."""
        outcome = yield
        result = self._result(item)
        self.results.append(result)
        self._done += 1
        if self.settings.progress is not None:
            title = self._title(nextitem) if nextitem is not None else ""
            self.settings.progress(self._done, len(item.session.items), title)
        if self.settings.stop_at_first_loss and result.status != SKIPPED and result.fraction < 1:
            # As --maxfail ends a run: ``shouldstop`` would end it as interrupted, and
            # pytest would then render the interruption's whole traceback, source and all.
            item.session.shouldfail = f"{item.nodeid} lost points"
        return outcome

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """Stop the workers, keep how they were confined, and remove the scratch folder."""
        for student in {id(s): s for s in self._students.values()}.values():
            self.isolation = self.isolation or student.session.isolation
            self.unsafe = self.unsafe or student.session.unsafe
            student.session.close()
        shutil.rmtree(self.scratch, ignore_errors=True)

    def _check_canary(self, item: pytest.Item) -> None:
        """Fail a passed test if student code changed the runtime or the provided code."""
        student = self._student_of(item)
        if student is None or "student" not in getattr(item, "fixturenames", ()):
            return
        changed = student.canary()
        if changed:
            item.stash[_failure_key] = tampered(changed)

    # -- results ----------------------------------------------------------------

    def _result(self, item: pytest.Item) -> TestResult:
        failure = item.stash.get(_failure_key, None)
        skipped = item.stash.get(_skipped_key, "")
        credit = item.stash.get(_credit_key, Credit())
        if failure is not None:
            status, fraction, message = FAILED, 0.0, failure
        elif skipped:
            status, fraction, message = SKIPPED, 0.0, skipped
        else:
            status, fraction, message = PASSED, credit.fraction, credit.note
        started = item.stash.get(_started_key, time.perf_counter())
        return TestResult(
            id=item.nodeid,
            name=_readable_name(item),
            part=_part(item) or "",
            weight=_weight(item),
            status=status,
            fraction=fraction,
            message=message,
            visibility=HIDDEN if self._is_hidden(item) else VISIBLE,
            seconds=time.perf_counter() - started,
        )

    def _title(self, item: pytest.Item) -> str:
        """The title of the item's part."""
        part = _part(item)
        return next((p.title for p in self.settings.phase.parts if p.id == part), "")

    def _is_hidden(self, item: pytest.Item) -> bool:
        path = Path(str(item.path)).resolve()
        return any(path.is_relative_to(folder) for folder in self.settings.hidden_dirs)

    def _explain(self, item: pytest.Item, call: pytest.CallInfo[None]) -> str:
        error = call.excinfo.value if call.excinfo else None
        lines = [_describe(error, call.when)]
        fixtures = getattr(item, "fixturenames", ())
        notes = [student_note(note, fixtures) for note in getattr(error, "__notes__", ())]
        lines += [f"  note: {note}" for note in notes]
        student = self._student_of(item)
        if student is not None and "student" in fixtures:
            calls = student.session.transcript.last(_CALLS_SHOWN + 1)
            if isinstance(error, StudentRaised | WorkerFailure):
                calls = calls[:-1]  # the failing call itself is already described
            calls = calls[-_CALLS_SHOWN:]
            if calls:
                lines.append("Last calls to your code:")
                lines += [f"  {line}" for line in calls]
        lines.append(f"{RERUN_PREFIX}{self.settings.reproduce} {shlex.quote(item.nodeid)}")
        return "\n".join(lines)


def tampered(changed: list[str]) -> str:
    """The failure of a test during which student code changed code it must not change."""
    return (
        "your code changed code of the worker or of the provided modules "
        f"({', '.join(changed)}), so this test could not measure your own code; "
        "it earns nothing. Use the provided classes as they are."
    )


def _restart_transcript_per_example(item: pytest.Item, student: Student) -> None:
    """Show only the failing example's calls: wrap hypothesis's documented ``inner_test``.

    The wrapper is made anew for every run (a module may stay imported between
    runs), always around the test's own inner function.
    """
    handle = getattr(getattr(item, "obj", None), "hypothesis", None)
    if handle is None:
        return
    inner = getattr(handle.inner_test, _ORIGINAL_INNER, handle.inner_test)

    @functools.wraps(inner)
    def each_example(*args: Any, **kwargs: Any) -> Any:
        student.new_example()
        return inner(*args, **kwargs)

    setattr(each_example, _ORIGINAL_INNER, inner)
    handle.inner_test = each_example


def _is_declared(item: pytest.Item, call: pytest.CallInfo[None]) -> bool:
    """Whether a skip was declared by the grader: by :func:`excuse`, or by a mark.

    A mark's skip is raised before this plugin starts the test, so before any fixture
    or test code could reach the student's code.
    """
    error = call.excinfo.value if call.excinfo else None
    return isinstance(error, Excused) or _began_key not in item.stash


def _skip_reason(report: pytest.TestReport, call: pytest.CallInfo[None]) -> str:
    error = call.excinfo.value if call.excinfo else None
    if isinstance(error, pytest.skip.Exception) and error.msg:
        return error.msg
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return "skipped"


def _describe(error: BaseException | None, when: str) -> str:
    """One line (or a few) saying what went wrong, without a framework traceback."""
    if _is_flaky(error):
        return (
            "your code gave different answers to the same calls (does it depend on "
            "randomness, the clock, or state left over from an earlier call?)"
        )
    if isinstance(error, BaseExceptionGroup) and error.exceptions:
        return _describe(error.exceptions[0], when)
    if isinstance(error, StudentRaised):
        return f"{error}{error.stub_hint}"
    if isinstance(error, WorkerFailure):
        return str(error)
    if isinstance(error, AssertionError):
        return str(error) or "an expectation was not met"
    if isinstance(error, pytest.fail.Exception):
        return error.msg or "failed"
    if error is None:
        return f"failed during {when}"
    return f"the grader could not finish this test: {type(error).__name__}: {error}"


def _is_flaky(error: BaseException | None) -> bool:
    from hypothesis.errors import Flaky

    return isinstance(error, Flaky)


def _under(nodeid: str, node: str) -> bool:
    """Whether ``nodeid`` is ``node`` or under it: in its file or class, or one of its cases."""
    return nodeid == node or nodeid.startswith((f"{node}::", f"{node}["))


def _part(item: pytest.Item) -> str | None:
    marker = item.get_closest_marker("part")
    return str(marker.args[0]) if marker and marker.args else None


def _weight(item: pytest.Item) -> float:
    marker = item.get_closest_marker("weight")
    return float(marker.args[0]) if marker and marker.args else 1.0


def _readable_name(item: pytest.Item) -> str:
    name = item.name.removeprefix("test_").replace("_", " ")
    doc = getattr(getattr(item, "function", None), "__doc__", None)
    summary = doc.strip().splitlines()[0].rstrip(".") if doc else name
    callspec = getattr(item, "callspec", None)
    return f"{summary} [{callspec.id}]" if callspec else summary


# -- fixtures (this module is registered as a plugin beside the CardlabPlugin) -------


def _plugin(request: pytest.FixtureRequest) -> CardlabPlugin:
    return request.config.stash[PLUGIN_KEY]


@pytest.fixture
def student(request: pytest.FixtureRequest) -> Student:
    """The student's code for this test's part, through the worker."""
    return _plugin(request).student_proxy(request.node)


@pytest.fixture(scope="module")
def part_student(request: pytest.FixtureRequest) -> Student:
    """The student's code for the module's part, for a module-scoped fixture.

    For work done once and judged by several tests, such as a tournament: the module's
    ``part`` mark chooses the composition, and the calls are seeded as one test named
    after the module.
    """
    student = _plugin(request).student_proxy(request.node)
    student.session.begin(request.node.nodeid)
    return student


@pytest.fixture(scope="session")
def ref(request: pytest.FixtureRequest) -> Reference:
    """The reference implementation (hidden tests only)."""
    reference = _plugin(request).settings.reference
    if reference is None:
        excuse("needs the reference implementation, which is not here")
    return reference


@pytest.fixture(scope="session")
def phase(request: pytest.FixtureRequest) -> Phase:
    """The phase being graded, as the spec states it."""
    return _plugin(request).settings.phase


@pytest.fixture(scope="session")
def student_files(request: pytest.FixtureRequest) -> Mapping[str, Path]:
    """The submission's files graded in this phase, by module name: read them, never import."""
    return _plugin(request).settings.student_files


@pytest.fixture(scope="session")
def seeds(request: pytest.FixtureRequest) -> Seeds:
    """Seeds from the course secret: ``seeds.seed("tournament", deal)`` (see judge.seeds)."""
    return _plugin(request).settings.seeds


@pytest.fixture
def secret_examples(request: pytest.FixtureRequest, seeds: Seeds) -> None:
    """Draw this test's hypothesis examples from the course secret, not from its source.

    The grading profile derandomizes hypothesis, which draws the same examples wherever
    the test's code is the same: values student code sees (seeds, deals, hands) would
    be known to anyone who has run the graders. Every hidden test draws them so unless
    its assignment's declaration says ``[hidden] secret_examples = false``; a public
    test may ask for this fixture. Examples stay the same on every run under one secret
    (a state machine made inside a test takes ``hypothesis.seed`` itself).
    """
    seed_examples(request.node.obj, seeds, request.node.nodeid)


def seed_examples(test: Callable[..., Any], seeds: Seeds, test_id: str) -> None:
    """Make hypothesis draw the examples of ``test`` from ``seeds`` and ``test_id``.

    A test that is not a hypothesis test is left as it is.
    """
    from hypothesis import seed

    if getattr(test, "is_hypothesis_test", False):
        seed(seeds.seed("hypothesis", test_id))(test)


class Leaderboard:
    """Figures of the submission for a class leaderboard (see :class:`LeaderboardEntry`)."""

    def __init__(self, entries: dict[str, LeaderboardEntry]) -> None:
        """Record into ``entries``, the run's, by name."""
        self._entries = entries

    def record(self, name: str, value: float, order: str = "desc") -> None:
        """Show ``value`` in the leaderboard's column ``name`` (the last value recorded wins).

        Args:
            name: The column's name.
            value: The figure; one that is not a finite number is not recorded.
            order: ``desc`` when a higher figure ranks first, ``asc`` when a lower one does.

        Raises:
            ValueError: If ``order`` is neither.
        """
        if order not in ("asc", "desc"):
            raise ValueError(f"a leaderboard order is 'asc' or 'desc', not {order!r}")
        value = float(value)
        if math.isfinite(value):
            self._entries[name] = LeaderboardEntry(name, value, order)


@pytest.fixture
def leaderboard(request: pytest.FixtureRequest) -> Leaderboard:
    """Figures for a class leaderboard: ``leaderboard.record("Tournament share", 0.61)``."""
    return Leaderboard(_plugin(request).leaderboard)


@pytest.fixture
def credit(request: pytest.FixtureRequest) -> Credit:
    """Partial credit for this test."""
    return request.node.stash.setdefault(_credit_key, Credit())


@pytest.fixture(scope="session")
def artifacts(request: pytest.FixtureRequest) -> Path | None:
    """A folder for files the report links to (a plot), or None when none are kept."""
    return _plugin(request).settings.artifacts
