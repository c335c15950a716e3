"""Grading one submission: compose, run the grader suites, score, report.

:func:`project_job` prepares grading on the instructor's side (public and hidden tests,
the reference as oracle); :func:`handout_job` a student's local check in a
handout folder (public tests only, provided modules as bytecode). Both run the
grader tests with pytest in this process, the judge, while the student's code
runs in a worker process. The report is always produced, whatever the submission
does; only a problem with cardlab's own inputs (an unknown assignment, a broken
spec) raises :class:`~cardlab.errors.CardlabError`.
"""

from __future__ import annotations

import contextlib
import io
import os
import platform
import sys
import time
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import cardlab

from ..course.project import CODEC_FILE, HANDOUT_MANIFEST, Project
from ..course.spec import OTHER_PARTS_STUDENT, Spec, load_spec
from ..errors import CardlabError
from ..worker import compose
from ..worker.codec import load_codec
from ..worker.process import WorkerSetup
from ..worker.sandbox import ignored_files, refusals
from . import plugin as plugin_module
from .plugin import CardlabPlugin, RunSettings
from .proxy import Student
from .reference import Reference
from .results import GradeReport, PartResult, part_score


@dataclass(frozen=True)
class GradingJob:
    """Everything one grading run needs.

    Attributes:
        spec: The assignment's spec.
        phase: The phase number.
        submission: The student's folder.
        composition: Where each module comes from.
        codec_file: The assignment's codec, if any.
        public_dir: Folder of public tests.
        hidden_dir: Folder of hidden tests, or None for a student's check.
        reference_dir: The reference package folder, where it is available.
        reproduce: A command to run one test again (``{test}`` stands for its id).
        part_compositions: Where each module comes from while one part's tests run,
            by part id, when it differs from ``composition`` (fair parts).
        other_parts: Whose code each part's tests ran with outside that part
            (``reference`` or ``student``), for the report.
    """

    spec: Spec
    phase: int
    submission: Path
    composition: compose.Composition
    codec_file: Path | None
    public_dir: Path
    hidden_dir: Path | None
    reference_dir: Path | None
    reproduce: str
    part_compositions: Mapping[str, compose.Composition] = field(default_factory=dict)
    other_parts: str = OTHER_PARTS_STUDENT

    def composition_for(self, part: str) -> compose.Composition:
        """Where each module comes from while the tests of ``part`` run."""
        return self.part_compositions.get(part, self.composition)


def project_job(
    project: Project, assignment: str, phase: int, submission: Path | None = None
) -> GradingJob:
    """A grading run on the instructor's side: public and hidden tests, with the reference.

    Raises:
        CardlabError: An unknown assignment or phase, or a broken spec.
    """
    spec = project.spec(assignment)
    spec.phase(phase)
    reference_dir = project.reference_dir(assignment)
    folder = submission if submission is not None else project.student_dir(assignment)
    graders = project.graders_dir(assignment)
    codec_file = graders / CODEC_FILE
    shown = folder if submission is not None else None
    option = f" --submission {shown}" if shown else ""
    composition = compose.compose(
        spec.package, reference_dir, folder, spec.submitted_modules(phase)
    )
    part_compositions = {
        part.id: compose.compose(
            spec.package, reference_dir, folder, spec.part_modules(phase, part.id)
        )
        for part in spec.phase(phase).parts
    }
    return GradingJob(
        spec=spec,
        phase=phase,
        submission=folder,
        composition=composition,
        codec_file=codec_file if codec_file.is_file() else None,
        public_dir=graders / "public",
        hidden_dir=graders / "hidden",
        reference_dir=reference_dir,
        reproduce=f"cardlab grade {assignment} --phase {phase}{option} --test '{{test}}'",
        part_compositions=part_compositions,
        other_parts=spec.other_parts,
    )


def handout_job(folder: Path) -> GradingJob:
    """A student's check in a handout folder: public tests, provided modules as bytecode.

    Raises:
        CardlabError: When ``folder`` is not a handout.
    """
    folder = folder.resolve()
    manifest_path = folder / HANDOUT_MANIFEST
    if not manifest_path.is_file():
        raise CardlabError(
            f"{folder.resolve()} is not a handout folder (no {HANDOUT_MANIFEST}); "
            "run cardlab check in the folder you received"
        )
    manifest = tomllib.loads(manifest_path.read_text(encoding="utf-8"))
    spec = load_spec(folder / "spec.toml")
    phase = int(manifest["phase"])
    package_dir = folder / spec.package
    codec_file = folder / "tests" / CODEC_FILE
    return GradingJob(
        spec=spec,
        phase=phase,
        submission=package_dir,
        composition=compose.compose(
            spec.package, package_dir, package_dir, spec.submitted_modules(phase)
        ),
        codec_file=codec_file if codec_file.is_file() else None,
        public_dir=folder / "tests",
        hidden_dir=None,
        reference_dir=None,
        reproduce="cardlab check --test '{test}'",
    )


def run(
    job: GradingJob,
    select: str | None = None,
    *,
    parts: tuple[str, ...] = (),
    stop_at_first_loss: bool = False,
) -> GradeReport:
    """Grade a job and return its report (never raises for what the submission does).

    Args:
        job: What to grade.
        select: Only the test with this node id (or node ids containing it).
        parts: Only the tests of these parts (all parts when empty).
        stop_at_first_loss: End the run at the first test that loses points (to tell
            quickly whether a submission scores full marks, as ``cardlab mutants`` does).
    """
    started = time.perf_counter()
    codec = load_codec(job.codec_file)
    reference = Reference(job.spec.package, job.reference_dir, codec) if job.reference_dir else None
    phase = job.spec.phase(job.phase)
    students: dict[frozenset[str], Student] = {}

    def make_student(part: str) -> Student:
        """One worker per distinct composition: parts that share one share a worker."""
        composition = job.composition_for(part)
        key = frozenset(str(path) for path in composition.student_files())
        if key not in students:
            setup = WorkerSetup(composition, job.codec_file, job.spec.limits.output_bytes)
            students[key] = Student(
                setup,
                job.spec.limits.call_seconds,
                codec,
                reference.resolve if reference else None,
            )
        return students[key]

    hidden_dirs = (job.hidden_dir.resolve(),) if job.hidden_dir else ()
    plugin = CardlabPlugin(
        RunSettings(
            phase=phase,
            make_student=make_student,
            reference=reference,
            hidden_dirs=hidden_dirs,
            reproduce=job.reproduce,
            parts=parts,
            stop_at_first_loss=stop_at_first_loss,
            student_files={
                name: path
                for name, path in job.composition.modules.items()
                if job.composition.origins[name] == compose.STUDENT
            },
        )
    )
    notes = _submission_notes(job)
    try:
        exit_code, output = _run_pytest(job, plugin, select)
    finally:
        if reference is not None:
            reference.close()
    if exit_code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
        notes.append(_pytest_problem(exit_code, output))
    return _report(job, plugin, notes, time.perf_counter() - started)


def _test_dirs(job: GradingJob) -> list[Path]:
    dirs = [job.public_dir]
    if job.hidden_dir is not None and job.hidden_dir.is_dir():
        dirs.append(job.hidden_dir)
    return [d for d in dirs if d.is_dir()]


def _run_pytest(job: GradingJob, plugin: CardlabPlugin, select: str | None) -> tuple[int, str]:
    dirs = _test_dirs(job)
    if not dirs:
        return pytest.ExitCode.NO_TESTS_COLLECTED, "no grader tests found"
    root = dirs[0].parent
    targets = [str(d) for d in dirs]
    if select and "::" in select:
        targets = [str(root / select)]
    elif select:
        targets += ["-k", select]
    args = [
        *targets,
        f"--rootdir={root}",
        f"--confcutdir={root}",
        "--import-mode=importlib",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:randomly",
        f"--timeout={job.spec.limits.test_seconds:g}",
        "--continue-on-collection-errors",
        "-q",
    ]
    output = io.StringIO()
    with (
        contextlib.redirect_stdout(output),
        contextlib.redirect_stderr(output),
        _importable(dirs),
    ):
        exit_code = pytest.main(args, plugins=[plugin, plugin_module])
    return exit_code, output.getvalue()


@contextlib.contextmanager
def _importable(dirs: list[Path]) -> Iterator[None]:
    """Let grader tests import helper modules that sit beside them, for one run.

    Helper modules are named after their assignment, so that two assignments graded in
    one process never share a module name.
    """
    folders = [d.resolve() for d in dirs]
    added = [str(folder) for folder in folders if str(folder) not in sys.path]
    sys.path[:0] = added
    try:
        yield
    finally:
        for entry in added:
            sys.path.remove(entry)
        _forget_modules_under(folders)


def _forget_modules_under(folders: list[Path]) -> None:
    """Drop grader modules from ``sys.modules``, so the next run imports them afresh.

    pytest keeps marks on the objects of a test module; a module reused by a second run
    in the same process would carry the first run's state into the second.
    """
    for name, module in list(sys.modules.items()):
        location = getattr(module, "__file__", None)
        if location and any(Path(location).is_relative_to(folder) for folder in folders):
            del sys.modules[name]


def _pytest_problem(exit_code: int, output: str) -> str:
    if exit_code == pytest.ExitCode.NO_TESTS_COLLECTED:
        return "no grader test ran"
    last = next((line for line in reversed(output.splitlines()) if line.strip()), "")
    return f"the grader run ended early ({pytest.ExitCode(exit_code).name}): {last}"


def _submission_notes(job: GradingJob) -> list[str]:
    notes = []
    if not job.submission.is_dir():
        notes.append(f"the submission folder {job.submission} does not exist")
        return notes
    missing = [p.name for p in job.composition.student_files() if not os.path.lexists(p)]
    if missing:
        notes.append(f"missing from the submission: {', '.join(missing)}")
    notes += refusals(job.composition).values()
    return notes + ignored_files(job.submission, job.composition)


def _no_tests_note(job: GradingJob) -> str:
    if job.hidden_dir is None:
        return "checked only when your work is graded"
    return "no test of this part ran"


def _report(
    job: GradingJob, plugin: CardlabPlugin, notes: list[str], seconds: float
) -> GradeReport:
    phase = job.spec.phase(job.phase)
    isolation = plugin.isolation
    parts = []
    for part in phase.parts:
        if plugin.settings.parts and part.id not in plugin.settings.parts:
            continue
        tests = tuple(r for r in plugin.results if r.part == part.id)
        note = "" if any(t.status != "skipped" for t in tests) else _no_tests_note(job)
        score = round(part_score(part.points, tests), 2)
        parts.append(PartResult(part.id, part.title, score, part.points, tests, note))
    return GradeReport(
        assignment=job.spec.id,
        title=job.spec.title,
        phase=phase.number,
        phase_title=phase.title,
        submission=str(job.submission),
        score=round(sum(p.score for p in parts), 2),
        max_score=phase.max_score,
        parts=tuple(parts),
        notes=tuple(notes + plugin.notes),
        public_only=job.hidden_dir is None,
        cardlab_version=cardlab.__version__,
        python=f"{platform.python_implementation()} {sys.version.split()[0]}",
        seconds=round(seconds, 3),
        isolation=isolation.applied if isolation else (),
        isolation_notes=isolation.missing if isolation else (),
        other_parts=job.other_parts,
    )
