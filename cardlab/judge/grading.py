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
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import cardlab

from ..course.project import CODEC_FILE, HANDOUT_MANIFEST, Project
from ..course.provided import grading_provided_dir
from ..course.secret import course_secret
from ..course.spec import STUDENT_TESTS, Part, Spec, load_spec
from ..errors import CardlabError
from ..worker import compose
from ..worker.codec import load_codec
from ..worker.process import WorkerSetup
from ..worker.sandbox import ignored_files, refusals
from . import plugin as plugin_module
from . import student_tests
from .plugin import CardlabPlugin, RunSettings
from .proxy import Student
from .reference import Reference
from .results import GradeReport, PartResult, part_score
from .seeds import PUBLIC_SECRET, Seeds
from .startup import import_before_rewriting


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
        secret: The key of every seed student code can observe (the course secret on
            the instructor's side; see :mod:`cardlab.judge.seeds`).
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
    secret: bytes = PUBLIC_SECRET


def project_job(
    project: Project, assignment: str, phase: int, submission: Path | None = None
) -> GradingJob:
    """A grading run on the instructor's side: public and hidden tests, with the reference.

    Raises:
        CardlabError: An unknown assignment or phase, a broken spec, or a course secret
            that can neither be read nor created.
    """
    spec = project.spec(assignment)
    spec.phase(phase)
    reference_dir = project.reference_dir(assignment)
    folder = submission if submission is not None else project.student_dir(assignment)
    graders = project.graders_dir(assignment)
    codec_file = graders / CODEC_FILE
    shown = folder if submission is not None else None
    option = f" --submission {shown}" if shown else ""
    return GradingJob(
        spec=spec,
        phase=phase,
        submission=folder,
        composition=compose.compose(
            spec.package,
            grading_provided_dir(project, spec, phase),
            folder,
            spec.submitted_modules(phase),
        ),
        codec_file=codec_file if codec_file.is_file() else None,
        public_dir=graders / "public",
        hidden_dir=graders / "hidden",
        reference_dir=reference_dir,
        reproduce=f"cardlab grade {assignment} --phase {phase}{option} --test '{{test}}'",
        secret=course_secret(project.root),
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


def run(job: GradingJob, select: str | None = None) -> GradeReport:
    """Grade a job and return its report (never raises for what the submission does).

    Args:
        job: What to grade.
        select: Only the test with this node id (or node ids containing it).
    """
    started = time.perf_counter()
    codec = load_codec(job.codec_file)
    reference = Reference(job.spec.package, job.reference_dir, codec) if job.reference_dir else None
    phase = job.spec.phase(job.phase)
    setup = WorkerSetup(job.composition, job.codec_file, job.spec.limits.output_bytes)
    seeds = Seeds(job.secret)
    hidden_dirs = (job.hidden_dir.resolve(),) if job.hidden_dir else ()
    plugin = CardlabPlugin(
        RunSettings(
            phase=phase,
            make_student=lambda: Student(
                setup,
                job.spec.limits.call_seconds,
                codec,
                reference.resolve if reference else None,
                seeds,
            ),
            reference=reference,
            seeds=seeds,
            hidden_dirs=hidden_dirs,
            reproduce=job.reproduce,
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
    for part in phase.parts:
        if part.kind == STUDENT_TESTS and _selected(part, select):
            notes += _grade_student_tests(job, part, setup, plugin)
    return _report(job, plugin, notes, time.perf_counter() - started)


def _selected(part: Part, select: str | None) -> bool:
    return select is None or select in f"student-tests::{part.id}::chaffs"


def _grade_student_tests(
    job: GradingJob, part: Part, setup: WorkerSetup, plugin: CardlabPlugin
) -> list[str]:
    """Grade the student's own tests for ``part``; only on the instructor's side."""
    if job.reference_dir is None or job.hidden_dir is None:
        return []
    try:
        plugin.results += student_tests.grade(
            part, setup, job.submission, job.reference_dir, job.public_dir.parent
        )
    except CardlabError as error:  # a chaff that does not fit: the instructor's to mend
        return [f"{part.id}: your tests could not be graded ({error})"]
    except Exception as error:  # noqa: BLE001 - fail closed: the report is still written
        return [f"{part.id}: grading your tests stopped with {type(error).__name__}: {error}"]
    return []


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
    import_before_rewriting()
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
    )
