"""Grader strength, measured: every mutant of a phase graded through the real grading path.

Each mutant (:mod:`cardlab.course.mutants`) is the reference solution with one realistic
mistake in the code a student writes. It is graded exactly as a submission is
(:func:`cardlab.judge.grading.run`: the worker, its confinement, the phase's public and
hidden tests), with two shortcuts that cannot change whether it loses points: only the
tests of the parts that grade the changed code run (its *home* parts), and the run
stops at the first test that loses points. A mutant that loses points in a home part
is *killed*; one that scores full marks there *survives*, and the report shows it as a
diff with the tests that ran on it. Mutants a spec lists as reviewed equivalents are
shown as such and left out of the kill rate.

Asked for the *costs*, the run does not stop at the first loss: every test of the home
parts runs, and each killed mutant reports the points it costs there, so a mistake that
breaks a core rule and costs a sliver of its part shows (the report gives each phase's
distribution: the least, the median and the most a killed mutant costs).

Mutants are graded side by side by a pool of judge processes, each grading one
mutant after another in a folder of its own.
"""

from __future__ import annotations

import fnmatch
import multiprocessing
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from ..course.mutants import Mutant, module_file, phase_mutants
from ..course.project import Project
from ..course.solution import write_solution
from ..course.spec import Phase, Spec
from ..errors import CardlabError
from .grading import project_job, run
from .results import FAILED, GradeReport

KILLED = "killed"
SURVIVED = "survived"
EQUIVALENT = "equivalent"
_TASKS_PER_JUDGE = 25
"""Mutants one judge process grades before fresh ones replace it (bounds leaks). Done by
starting a new pool per batch: ``max_tasks_per_child`` can hang the pool in Python 3.11
when it replaces a worker."""
_PRELOAD = ["cardlab.judge.grading", "hypothesis", "hypothesis.strategies"]


@dataclass(frozen=True)
class MutantResult:
    """What grading one mutant showed.

    Attributes:
        mutant: The mutant.
        status: ``killed``, ``survived`` or ``equivalent`` (reviewed, not graded).
        parts: Its home parts: the parts that grade the changed code.
        killed_by: The first test that lost points, when killed.
        message: That test's first line of explanation, or the equivalence reason.
        tests: The tests that ran on it, in order.
        seconds: Time taken to grade it.
        points: The points it costs in its home parts, when graded for its cost (None
            otherwise, or when it survived).
        out_of: The points of its home parts.
    """

    mutant: Mutant
    status: str
    parts: tuple[str, ...]
    killed_by: str = ""
    message: str = ""
    tests: tuple[str, ...] = ()
    seconds: float = 0.0
    points: float | None = None
    out_of: float = 0.0

    @property
    def share(self) -> float | None:
        """The share of its home parts' points it costs, when graded for its cost."""
        if self.points is None:
            return None
        return self.points / self.out_of if self.out_of else 0.0


@dataclass(frozen=True)
class CostSpread:
    """How many points the killed mutants of a phase cost: the least, the median, the most.

    Attributes:
        mutants: The killed mutants graded for their cost.
        least: The fewest points one costs.
        median: The median of their costs.
        most: The most points one costs.
    """

    mutants: int
    least: float
    median: float
    most: float


@dataclass(frozen=True)
class PartRate:
    """The kill rate of one part: how many of its mutants lost points in it."""

    part: str
    mutants: int
    killed: int
    equivalent: int

    @property
    def counted(self) -> int:
        """Mutants that count towards the rate (reviewed equivalents left out)."""
        return self.mutants - self.equivalent

    @property
    def rate(self) -> float:
        """Killed over counted, 1.0 when there is nothing to count."""
        return self.killed / self.counted if self.counted else 1.0


@dataclass(frozen=True)
class MutationReport:
    """Every mutant of one phase and what became of it.

    Attributes:
        assignment: The assignment id.
        phase: The phase number.
        other_parts: The spec's ``[grading] other_parts`` setting the mutants ran with.
        results: One result per mutant, in the order of the code.
        stale: Equivalent entries of the spec that name no mutant any more.
        jobs: Judge processes used.
        seconds: Wall time of the whole run.
    """

    assignment: str
    phase: int
    other_parts: str
    results: tuple[MutantResult, ...]
    stale: tuple[str, ...] = ()
    jobs: int = 1
    seconds: float = field(default=0.0, compare=False)
    costs: bool = False

    def costs_spread(self) -> CostSpread | None:
        """The spread of the killed mutants' costs; None when costs were not asked for."""
        points = sorted(r.points for r in self.results if r.points is not None)
        if not self.costs or not points:
            return None
        return CostSpread(len(points), points[0], statistics.median(points), points[-1])

    def rates(self) -> list[PartRate]:
        """The kill rate of every part that has mutants (a mutant counts in each home part)."""
        parts = list(dict.fromkeys(p for r in self.results for p in r.parts))
        return [self._rate(part, [r for r in self.results if part in r.parts]) for part in parts]

    def overall(self) -> PartRate:
        """The kill rate over every mutant of the phase, each counted once."""
        return self._rate("all", list(self.results))

    @staticmethod
    def _rate(part: str, results: list[MutantResult]) -> PartRate:
        return PartRate(
            part,
            len(results),
            sum(r.status == KILLED for r in results),
            sum(r.status == EQUIVALENT for r in results),
        )

    @property
    def survivors(self) -> tuple[MutantResult, ...]:
        """The mutants that scored full marks in their home parts."""
        return tuple(r for r in self.results if r.status == SURVIVED)


@dataclass(frozen=True)
class _Target:
    """What every judge process needs to grade a mutant (sent to it once per mutant)."""

    project_root: Path
    assignment: str
    phase: int
    solution: Path
    scratch: Path
    costs: bool = False


def grade_mutant(target: _Target, mutant: Mutant, parts: tuple[str, ...]) -> MutantResult:
    """Grade one mutant in this process: the solution with the mutated module, home parts only."""
    started = time.perf_counter()
    folder = Path(tempfile.mkdtemp(prefix="mutant-", dir=target.scratch))
    try:
        shutil.copytree(target.solution, folder, dirs_exist_ok=True)
        module_file(folder, mutant.module).write_text(mutant.source, encoding="utf-8")
        job = project_job(Project(target.project_root), target.assignment, target.phase, folder)
        report = run(job, parts=parts, stop_at_first_loss=not target.costs)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return _result(mutant, parts, report, time.perf_counter() - started, target.costs)


def _result(
    mutant: Mutant,
    parts: tuple[str, ...],
    report: GradeReport,
    seconds: float,
    costs: bool = False,
) -> MutantResult:
    tests = tuple(t.id for t in report.tests)
    losing = next((t for t in report.tests if t.status == FAILED or t.fraction < 1), None)
    home = [p for p in report.parts if p.id in parts]
    lost = any(p.score < p.max_score for p in home)
    if lost:  # a run in which no test of a home part ran scores 0 there: killed too
        first = losing.message.splitlines()[0] if losing and losing.message else ""
        message = first or (report.notes[0] if report.notes else "lost points")
        points = sum(p.max_score - p.score for p in home) if costs else None
        return MutantResult(
            mutant,
            KILLED,
            parts,
            losing.id if losing else "",
            message,
            tests,
            seconds,
            points=points,
            out_of=sum(p.max_score for p in home),
        )
    return MutantResult(mutant, SURVIVED, parts, tests=tests, seconds=seconds)


def check_reference(project: Project, assignment: str, phase: int, solution: Path) -> None:
    """The reference itself must score full marks, or no mutant can be judged.

    Full marks are those of the parts tests grade: a part marked by hand is open until
    the instructor marks it, for the reference too.

    Raises:
        CardlabError: Naming the first test the reference fails.
    """
    report = run(project_job(project, assignment, phase, solution), stop_at_first_loss=True)
    if report.score < report.max_score - report.open_points:
        failing = next((t.id for t in report.tests if t.fraction < 1), "a test")
        raise CardlabError(
            f"the reference scores {report.score:g} / {report.max_score:g} in phase {phase} "
            f"({failing} loses points); mend the graders before measuring them"
        )


def grade_mutants(
    project: Project,
    assignment: str,
    phase: int,
    *,
    jobs: int = 1,
    part: str | None = None,
    costs: bool = False,
    progress: Callable[[MutantResult], None] | None = None,
) -> MutationReport:
    """Make and grade every mutant of a phase (or of one part's code).

    Args:
        project: The cardlab project.
        assignment: The assignment id.
        phase: The phase number.
        jobs: Judge processes grading side by side.
        part: Only mutants of the code this part grades.
        costs: Grade every test of a mutant's home parts, not only up to the first that
            loses points, to report the points each killed mutant costs (slower).
        progress: Called with each result as it comes.

    Raises:
        CardlabError: An unknown assignment, phase or part, or a reference that does not
            score full marks.
    """
    started = time.perf_counter()
    spec = project.spec(assignment)
    graded = spec.phase(phase)
    mutants = phase_mutants(_mutated_root(project, spec), spec, phase, part)
    reasons = {e.mutant: e.reason for e in graded.equivalent}
    with tempfile.TemporaryDirectory(prefix="cardlab-mutants-") as scratch:
        solution = Path(scratch) / "solution"
        write_solution(project, spec, solution)
        check_reference(project, assignment, phase, solution)
        target = _Target(project.root, assignment, phase, solution, Path(scratch), costs)
        results: dict[str, MutantResult] = {}
        to_grade = []
        for mutant in mutants:
            parts = graded_home_parts(graded, mutant)
            reason = _equivalence(mutant.id, reasons)
            if reason is not None:
                results[mutant.id] = MutantResult(mutant, EQUIVALENT, parts, message=reason)
            else:
                to_grade.append((mutant, parts))
        for result in _graded_side_by_side(target, to_grade, jobs):
            results[result.mutant.id] = result
            if progress is not None:
                progress(result)
    known = [m.id for m in phase_mutants(_mutated_root(project, spec), spec, phase)]
    return MutationReport(
        assignment=assignment,
        phase=phase,
        other_parts=spec.graded_with(phase),
        results=tuple(results[m.id] for m in mutants),
        stale=tuple(entry for entry in reasons if not fnmatch.filter(known, entry)),
        jobs=jobs,
        seconds=time.perf_counter() - started,
        costs=costs,
    )


def graded_home_parts(graded: Phase, mutant: Mutant) -> tuple[str, ...]:
    """The home parts of ``mutant`` that tests grade: a part marked by hand is left out.

    No test runs in a part the instructor marks by hand (an ``ADVANCED.md``), so the
    reference itself scores nothing there until it is marked; such a part can neither
    kill a mutant nor let one survive.
    """
    by_hand = {part.id for part in graded.parts if part.manual}
    return tuple(
        part for part in graded.home_parts(mutant.module, mutant.function) if part not in by_hand
    )


def _mutated_root(project: Project, spec: Spec) -> Path:
    """Where the mutated modules are read from.

    The package folder, or ``reference/`` when the assignment has several packages (its
    modules are then named with their package, ``cards.card``).
    """
    return project.root / "reference" if spec.has_packages else project.reference_dir(spec.id)


def _equivalence(mutant_id: str, reasons: dict[str, str]) -> str | None:
    """The reason a spec gives for a mutant being equivalent: an exact id, else a pattern."""
    if mutant_id in reasons:
        return reasons[mutant_id]
    return next((r for p, r in reasons.items() if fnmatch.fnmatchcase(mutant_id, p)), None)


def _graded_side_by_side(
    target: _Target, work: list[tuple[Mutant, tuple[str, ...]]], jobs: int
) -> Iterable[MutantResult]:
    if jobs <= 1:
        for mutant, parts in work:
            yield grade_mutant(target, mutant, parts)
        return
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(_PRELOAD)
    batch = jobs * _TASKS_PER_JUDGE
    for start in range(0, len(work), batch):
        with ProcessPoolExecutor(jobs, context) as pool:
            futures = [
                pool.submit(grade_mutant, target, mutant, parts)
                for mutant, parts in work[start : start + batch]
            ]
            for future in as_completed(futures):
                yield future.result()
