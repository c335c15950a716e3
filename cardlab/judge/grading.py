"""Grading one submission: compose, run the grader suites, score, report.

:func:`project_job` prepares grading on the instructor's side (public and hidden tests,
the reference as oracle); :func:`handout_job` a student's local check in a
handout folder (public tests only, provided modules as bytecode). Both run the
grader tests with pytest in this process, the judge, while the student's code
runs in a worker process. The report is always produced, whatever the submission
does; only a problem with cardlab's own inputs (an unknown assignment, a broken
spec) raises :class:`~cardlab.errors.CardlabError`, and a run that did not reach its
end raises rather than score the tests that ran: :class:`~cardlab.errors.GradingInterrupted`
on Ctrl-C, :class:`~cardlab.errors.GradingIncomplete` when the judge itself failed.
"""

from __future__ import annotations

import contextlib
import io
import os
import platform
import shlex
import sys
import time
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

import cardlab

from ..course.fit import fit_problem
from ..course.project import (
    ARTIFACTS_FOLDER,
    CODEC_FILE,
    HANDOUT_MANIFEST,
    HANDOUT_TESTS,
    PUBLIC_TESTS,
    Project,
)
from ..course.provided import grading_provided_dir
from ..course.secret import course_secret
from ..course.spec import OTHER_PARTS_STUDENT, Spec, load_spec
from ..errors import CardlabError, GradingIncomplete, GradingInterrupted
from ..worker import compose
from ..worker.codec import load_codec
from ..worker.process import WorkerSetup
from ..worker.sandbox import Limits, ignored_files, refusals
from ..worker.untrusted import MAX_NOTE, printable
from . import plugin as plugin_module
from .example_pool import without_local_constants
from .parts import PartsRun, kind_of
from .plugin import CardlabPlugin, Progress, RunSettings
from .proxy import Student
from .reference import Reference
from .results import GradeReport, PartResult, Selection
from .seeds import PUBLIC_SECRET, Seeds
from .startup import import_before_rewriting

_PYTEST_VARIABLES = ("PYTEST_ADDOPTS", "PYTEST_PLUGINS")
WALL_CLOCK_BACKSTOP = 4.0
"""A grader test's time on the clock, as a multiple of ``[limits] test_seconds``.

``test_seconds`` bounds the processor time of the student's code in one test (see
:class:`~cardlab.judge.session.WorkerSession`), which a busy machine hardly changes; the
clock only stops a test that waits without working, with room for a machine slowed
several times over."""


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
        reference_dirs: The reference folder of each package, where it is available.
        reproduce: A command that runs one test again once the test's id is appended
            (see :func:`rerun_command`).
        secret: The key of every seed student code can observe (the course secret on
            the instructor's side; see :mod:`cardlab.judge.seeds`).
        part_compositions: Where each module comes from while one part's tests run,
            by part id, when it differs from ``composition`` (fair parts).
        other_parts: Whose code each part's tests ran with outside that part
            (``reference`` or ``student``), for the report.
        artifacts: Where tests may write files the report links to, or None.
        worker_limits: The limits the workers of this run start and run under.
        secret_examples: Whether the hidden tests draw their hypothesis examples from
            the course secret (the assignment's declaration says).
        run_hidden: Whether the hidden tests run (False: the public ones alone, on the
            instructor's side, as past a Gradescope cap on hidden runs).
    """

    spec: Spec
    phase: int
    submission: Path
    composition: compose.Composition
    codec_file: Path | None
    public_dir: Path
    hidden_dir: Path | None
    reference_dirs: dict[str, Path] | None
    reproduce: str
    secret: bytes = PUBLIC_SECRET
    artifacts: Path | None = None
    part_compositions: Mapping[str, compose.Composition] = field(default_factory=dict)
    other_parts: str = OTHER_PARTS_STUDENT
    worker_limits: Limits = field(default_factory=Limits)
    secret_examples: bool = False
    run_hidden: bool = True

    def composition_for(self, part: str) -> compose.Composition:
        """Where each module comes from while the tests of ``part`` run."""
        return self.part_compositions.get(part, self.composition)


def compose_phase(
    spec: Spec,
    phase: int,
    provided: dict[str, Path],
    folder: Path,
    modules: tuple[str, ...] | None = None,
    root: Path | None = None,
) -> compose.Composition:
    """Where each module of a phase comes from: the submission or the provided folders.

    Args:
        spec: The assignment's spec.
        phase: The phase number.
        provided: The provided folder of each package (reference source or bytecode).
        folder: The submission: the package's modules, or with several packages a
            folder per package.
        modules: The student's modules to load from the submission (default: every
            module the student has written by this phase).
        root: The folder every student module must lie inside (default: ``folder``).
    """
    if modules is None:
        modules = tuple(spec.submitted_modules(phase))
    if not spec.has_packages:
        return compose.compose(spec.package, provided[spec.package], folder, modules, root)
    written = spec.by_package(modules)
    return compose.compose_packages(
        [
            compose.compose(
                package,
                provided[package],
                folder / package,
                written.get(package, ()),
                root or folder,
            )
            for package in spec.packages_in(phase)
        ]
    )


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
    reference_dirs = project.reference_dirs(spec)
    folder = submission if submission is not None else project.stubs_dir(spec)
    graders = project.graders_dir(assignment)
    declaration = project.declaration(assignment)
    shown = ("--submission", str(folder)) if submission is not None else ()
    provided = reference_dirs
    if not spec.has_packages:  # a Cython course grades with extensions, as it hands out
        provided = {spec.package: grading_provided_dir(project, spec)}
    composition = compose_phase(spec, phase, provided, folder)
    part_compositions = {
        part.id: compose_phase(spec, phase, provided, folder, spec.part_modules(phase, part.id))
        for part in spec.phase(phase).parts
    }
    return GradingJob(
        spec=spec,
        phase=phase,
        submission=folder,
        composition=composition,
        codec_file=declaration.codec,
        public_dir=graders / PUBLIC_TESTS,
        hidden_dir=graders / "hidden",
        reference_dirs=reference_dirs,
        reproduce=rerun_command("grade", assignment, "--phase", str(phase), *shown),
        secret=course_secret(project.root),
        part_compositions=part_compositions,
        other_parts=spec.graded_with(phase),
        secret_examples=declaration.secret_examples,
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
    if problem := fit_problem(folder, manifest):
        raise CardlabError(problem)
    spec = load_spec(folder / "spec.toml")
    phase = int(manifest["phase"])
    package_dirs = {package: folder / package for package in spec.packages_in(phase)}
    submission = folder if spec.has_packages else package_dirs[spec.package]
    codec_file = folder / "tests" / CODEC_FILE
    return GradingJob(
        spec=spec,
        phase=phase,
        submission=submission,
        composition=compose_phase(spec, phase, package_dirs, submission, root=folder),
        codec_file=codec_file if codec_file.is_file() else None,
        public_dir=folder / HANDOUT_TESTS,
        hidden_dir=None,
        reference_dirs=None,
        reproduce=rerun_command("check"),
        artifacts=folder / ARTIFACTS_FOLDER,
    )


def rerun_command(*words: str) -> str:
    """A ``cardlab`` command line that runs one test again when a test id is appended.

    Every word is quoted for a POSIX shell, so the line works when pasted; the grader
    appends the test's id, quoted the same way.

    Args:
        *words: The cardlab subcommand and its arguments, unquoted.
    """
    return shlex.join(["cardlab", *words, "--test"])


def handout_rerun(test_id: str) -> str | None:
    """The command a student runs in the handout to run a public test again.

    A public test is ``public/...`` among the graders and ``tests/...`` in the handout.

    Args:
        test_id: The test's node id in a grading by the project.

    Returns:
        ``cardlab check --test tests/...``, or None for a test the handout does not hold.
    """
    folder, _, rest = test_id.partition("/")
    if folder != PUBLIC_TESTS or not rest:
        return None
    return f"{rerun_command('check')} {shlex.quote(f'{HANDOUT_TESTS}/{rest}')}"


def run(
    job: GradingJob,
    select: str | None = None,
    *,
    parts: tuple[str, ...] = (),
    stop_at_first_loss: bool = False,
    progress: Progress | None = None,
) -> GradeReport:
    """Grade a job and return its report (never raises for what the submission does).

    Args:
        job: What to grade.
        select: Only the test with this node id (or node ids containing it).
        parts: Only the tests of these parts (all parts when empty).
        stop_at_first_loss: End the run at the first test that loses points (to tell
            quickly whether a submission scores full marks, as ``cardlab mutants`` does).
        progress: Told how the run goes (see :data:`~cardlab.judge.plugin.Progress`):
            before each grader test, then before each part's own work once they ran.

    Raises:
        CardlabError: ``select`` matches no grader test.
        UnsafeToGrade: This machine cannot run student code without exposing the
            hidden tests or the reference (the message says what to change).
        GradingInterrupted: The run was interrupted (Ctrl-C) before its end: the tests
            that ran make no score.
        GradingIncomplete: The judge failed part-way (pytest's internal error): the tests
            that ran make no score either.
    """
    started = time.perf_counter()
    codec = load_codec(job.codec_file)
    reference = Reference.of_packages(job.reference_dirs, codec) if job.reference_dirs else None
    phase = job.spec.phase(job.phase)
    seeds = Seeds(job.secret)
    students: dict[frozenset[str], Student] = {}

    def make_student(part: str) -> Student:
        """One worker per distinct composition: parts that share one share a worker."""
        composition = job.composition_for(part)
        key = frozenset(str(path) for path in composition.student_files())
        if key not in students:
            students[key] = Student(
                _worker_setup(job, part),
                job.spec.limits.call_seconds,
                codec,
                reference.resolve if reference else None,
                seeds,
                test_processor_seconds=job.spec.limits.test_seconds,
            )
        return students[key]

    hidden_dirs = (job.hidden_dir.resolve(),) if job.hidden_dir else ()
    plugin = CardlabPlugin(
        RunSettings(
            phase=phase,
            make_student=make_student,
            reference=reference,
            seeds=seeds,
            hidden_dirs=hidden_dirs,
            secret_examples=job.secret_examples,
            reproduce=job.reproduce,
            parts=parts,
            stop_at_first_loss=stop_at_first_loss,
            student_files=_readable_student_files(job.composition),
            artifacts=job.artifacts,
            node=_node(job, select),
            progress=progress,
        )
    )
    notes = _submission_notes(job)
    try:
        exit_code, output = _run_pytest(job, plugin, select)
    finally:
        if reference is not None:
            reference.close()
    if exit_code == pytest.ExitCode.INTERRUPTED:
        # pytest ends its session on Ctrl-C as interrupted, with the results so far.
        raise GradingInterrupted("grading interrupted: no score was written")
    if plugin.unsafe is not None:
        raise plugin.unsafe
    if exit_code == pytest.ExitCode.INTERNAL_ERROR:
        # The judge itself failed part-way: the tests that ran are not the phase's. (A
        # usage error is a --test that matches no test, said below in the user's words.)
        raise GradingIncomplete(f"{_pytest_problem(exit_code, output)}; no score was written")
    # A --test that no grader test matches may still select a part's own work, said below.
    selected_none = select and exit_code == pytest.ExitCode.NO_TESTS_COLLECTED
    if exit_code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED) and not selected_none:
        notes.append(_pytest_problem(exit_code, output))
    graded = [(part, kind_of(part, phase)) for part in phase.parts if not parts or part.id in parts]
    grading = _parts_run(job, plugin, select)
    done = len(plugin.results)
    for part, kind in graded:
        if progress is not None:
            progress(done, done, part.title)
        notes += kind.run(part, grading)
    if select and not plugin.results:
        raise CardlabError(
            f"no test matches --test {shlex.quote(select)}; copy a test id from a report"
        )
    scored = tuple(kind.score(part, grading) for part, kind in graded)
    report = _report(job, plugin, scored, notes, time.perf_counter() - started)
    if select:
        chosen = Selection(select, len(plugin.results), plugin.phase_tests)
        report = replace(report, selection=chosen)
    return report


def _worker_setup(job: GradingJob, part: str) -> WorkerSetup:
    """How the workers of ``part``'s tests start: its composition, the job's limits."""
    return WorkerSetup(
        job.composition_for(part),
        job.codec_file,
        job.spec.limits.output_bytes,
        limits=job.worker_limits,
        guarded=_guarded(job),
    )


def _parts_run(job: GradingJob, plugin: CardlabPlugin, select: str | None) -> PartsRun:
    """What the kinds of parts see of the run: the submission, the results, the reference.

    Only the instructor's side (the reference and hidden tests at hand) gives the
    reference folders, on which the student's own tests run.
    """
    return PartsRun(
        submission=job.submission,
        student_view=job.hidden_dir is None,
        select=select,
        results=plugin.results,
        worker_setup=lambda part: _worker_setup(job, part),
        reference_dirs=None if job.hidden_dir is None else job.reference_dirs,
        package=job.spec.package,
        graders_dir=job.public_dir.parent,
    )


def _readable_student_files(composition: compose.Composition) -> dict[str, Path]:
    """The student's modules that style indicators may read: present and not refused.

    A refused module (a link out of the submission, say) is read by no one: neither the
    worker nor the indicators.
    """
    refused = {part.modules[name] for part in composition.packages for name in refusals(part)}
    return {
        name: path
        for name, path in composition.student_modules().items()
        if path not in refused and os.path.lexists(path)
    }


def _guarded(job: GradingJob) -> tuple[Path, ...]:
    """The instructor's folders a worker must never read: hidden tests and reference."""
    if job.hidden_dir is None:  # a student's own check: nothing of theirs is secret
        return ()
    folders = [job.hidden_dir.parent, *(job.reference_dirs or {}).values()]
    return tuple(folder.resolve() for folder in folders)


def _test_dirs(job: GradingJob) -> list[Path]:
    dirs = [job.public_dir]
    if job.hidden_dir is not None and job.run_hidden and job.hidden_dir.is_dir():
        dirs.append(job.hidden_dir)
    return [d for d in dirs if d.is_dir()]


def _node(job: GradingJob, select: str | None) -> str | None:
    """The node id a ``--test`` names (a file, or a test in one), relative to the graders.

    The plugin keeps the tests under it, so that the run still counts the phase's tests;
    any other ``--test`` is a ``-k`` expression (None here).
    """
    if not select or not ("::" in select or select.endswith(".py")):
        return None
    path, colons, rest = select.partition("::")
    dirs = _test_dirs(job)
    root = dirs[0].parent if dirs else job.public_dir.parent
    where = Path(os.path.relpath(root / path, root)).as_posix()
    return f"{where}{colons}{rest}"


def _run_pytest(job: GradingJob, plugin: CardlabPlugin, select: str | None) -> tuple[int, str]:
    dirs = _test_dirs(job)
    if not dirs:
        return pytest.ExitCode.NO_TESTS_COLLECTED, "no grader tests found"
    root = dirs[0].parent
    # In a handout, everything above tests/ is the student's: no conftest.py, ini file
    # or PYTEST_* option of theirs may load (tests/ itself is checked by --verify).
    confcut = dirs[0] if job.hidden_dir is None else root
    targets = [str(d) for d in dirs]
    if select and _node(job, select) is None:
        targets += ["-k", select]
    args = [
        *targets,
        f"--rootdir={root}",
        f"--confcutdir={confcut}",
        f"--config-file={os.devnull}",  # no pytest settings of the project or the student
        "-p",
        "no:xdist",
        "--import-mode=importlib",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:randomly",
        # Its clean-up runs two full garbage collections, the largest single cost of a
        # grading in a long-lived judge; an exception raised in a finaliser scores nothing.
        "-p",
        "no:unraisableexception",
        f"--timeout={job.spec.limits.test_seconds * WALL_CLOCK_BACKSTOP:g}",
        "--continue-on-collection-errors",
        # Reports say what failed in their own words (plugin._explain), never with
        # pytest's traceback: pytest's default re-parses every source file of every
        # failure's traceback, which took most of the time of grading a failing submission.
        "--tb=line",
        "-q",
    ]
    import_before_rewriting()
    output = io.StringIO()
    with (
        contextlib.redirect_stdout(output),
        contextlib.redirect_stderr(output),
        _importable(dirs),
        _without_pytest_options(),
        without_local_constants(),
    ):
        exit_code = pytest.main(args, plugins=[plugin, plugin_module])
    return exit_code, output.getvalue()


@contextlib.contextmanager
def _without_pytest_options() -> Iterator[None]:
    """Hide the environment's PYTEST_ADDOPTS and PYTEST_PLUGINS for one run."""
    saved = {name: os.environ.pop(name) for name in _PYTEST_VARIABLES if name in os.environ}
    try:
        yield
    finally:
        os.environ.update(saved)


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
    in the same process would carry the first run's state into the second. The grader
    modules' files were found under ``folders`` as :func:`_importable` put them on the
    import path, so their paths start with those folders' as text (a comparison of
    strings: a long-lived judge holds a thousand modules or more).
    """
    prefixes = tuple(os.path.join(folder, "") for folder in folders)
    for name, module in list(sys.modules.items()):
        location = getattr(module, "__file__", None)
        if type(location) is str and location.startswith(prefixes):
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
    missing = [
        _as_submitted(path, job.submission)
        for path in job.composition.student_files()
        if not os.path.lexists(path)
    ]
    if missing:
        notes.append(f"missing from the submission: {', '.join(missing)}")
    for part in job.composition.packages:
        notes += refusals(part).values()
    return notes + ignored_files(job.submission, job.composition)


def _as_submitted(path: Path, folder: Path) -> str:
    """A submission file as the student knows it: relative to the submission folder."""
    return path.relative_to(folder).as_posix() if path.is_relative_to(folder) else path.name


def _report(
    job: GradingJob,
    plugin: CardlabPlugin,
    parts: tuple[PartResult, ...],
    notes: list[str],
    seconds: float,
) -> GradeReport:
    phase = job.spec.phase(job.phase)
    isolation = plugin.isolation
    return GradeReport(
        assignment=job.spec.id,
        title=job.spec.title,
        phase=phase.number,
        phase_title=phase.title,
        submission=printable(str(job.submission), MAX_NOTE),
        score=round(sum(p.score for p in parts), 2),
        max_score=phase.max_score,
        parts=parts,
        notes=tuple(printable(note, MAX_NOTE) for note in notes + plugin.notes),
        public_only=job.hidden_dir is None or not job.run_hidden,
        cardlab_version=cardlab.__version__,
        python=f"{platform.python_implementation()} {sys.version.split()[0]}",
        seconds=round(seconds, 3),
        isolation=isolation.applied if isolation else (),
        isolation_notes=isolation.missing if isolation else (),
        other_parts=job.other_parts,
        leaderboard=tuple(plugin.leaderboard.values()),
    )
