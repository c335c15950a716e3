"""``cardlab grade-all``: grade a whole class, keep every result, resume where it stopped.

The submissions folder is read and checked first (a missing or empty folder, duplicate
student ids: one line, nothing written). Then the results database in the output
folder is opened, which refuses a database of another version or batch, and every
submission that has no current result (never graded, changed since, or graded by
other graders) goes to a :class:`~cardlab.batch.judges.JudgePool`, or with a Dask
scheduler (``--scheduler``) to a cluster's workers, each submission shipped as bytes
(:class:`~cardlab.batch.shipped_judges.ShippedJudges`). Each verdict is committed
as it arrives, so an interrupted batch loses nothing it had received, and the next run
grades only what is left. Gradebook, reports and the class overview are written from
the database at the end.

When the phase has a deadline, the submission times and extensions are read before the
database is opened (:mod:`.lateness`; a wrong file is refused and nothing changes). A
submission after the last moment work is taken is stored as ``late-refused`` and not
graded; every other one is stored with its time, due and penalty. A kept result whose
penalty or due changed (a new extension, say) has them stored anew without grading
again; one that is refused now is stored refused, and one refused before that is now in
time is graded.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..course.project import Project
from ..course.secret import secret_fingerprint
from ..course.submissions import Submission, content_hash, find_submissions
from ..errors import CardlabError
from ..worker.untrusted import valid
from .executors import default_jobs, refuse_jobs_with_scheduler, task_pool
from .fingerprints import grader_hash, worker_check
from .judges import TASKS_PER_JUDGE, Assignment, JudgePool
from .lateness import ClassTiming, Timing, class_timing, timing_of
from .shipped_judges import ShippedJudges
from .store import GRADED, LATE_REFUSED, Outcome, ResultStore, Verdict, open_store

DEFAULT_SECONDS_PER_SUBMISSION = 900.0
"""The whole grading of one submission is stopped after this long (each call and test
has its own, much shorter limits; this one guards against a stuck grading process)."""


@dataclass(frozen=True)
class BatchRequest:
    """What ``cardlab grade-all`` was asked to do.

    Attributes:
        assignment: The assignment id.
        phase: The phase number.
        submissions: The folder of student folders or zips.
        output: The output folder (database, gradebook, reports, overview).
        jobs: Submissions graded at once.
        regrade: Grade every submission again, even if its result is current.
        seconds_per_submission: Time limit on one submission's whole grading.
        scheduler: The address of a Dask scheduler to grade on its cluster, or None to
            grade on this machine.
        times_file: A ``submissions.csv`` of submission times, or None for the one in
            ``submissions`` if there is one.
        extensions: An extensions file (student, due, late_due), or None.
    """

    assignment: str
    phase: int
    submissions: Path
    output: Path
    jobs: int = 0
    regrade: bool = False
    seconds_per_submission: float = DEFAULT_SECONDS_PER_SUBMISSION
    scheduler: str | None = None
    times_file: Path | None = None
    extensions: Path | None = None


@dataclass(frozen=True)
class BatchPlan:
    """The submissions of a batch, and which of them need grading.

    Attributes:
        submissions: Every submission found.
        hashes: Student id -> content hash.
        to_grade: The submissions to grade in this run.
        strays: Stray files in the submissions folder (left out).
        grader_hash: Hash of what grades (cardlab, spec, reference, graders, phase).
        max_score: The phase's points.
        secret: The fingerprint of this project's course secret.
        other_secret: The fingerprint of another course secret that the stored results
            were graded under, or ``""``.
        timings: Each submission's time, due and penalty, by student (empty when the
            phase has no deadline).
        refused: The submissions refused as late in this run (not graded).
        timing: What the batch knows of submission times, or None without a deadline.
    """

    submissions: tuple[Submission, ...]
    hashes: dict[str, str]
    to_grade: tuple[Submission, ...]
    strays: tuple[str, ...]
    grader_hash: str
    max_score: float
    secret: str = ""
    other_secret: str = ""
    timings: dict[str, Timing] = field(default_factory=dict)
    refused: tuple[Submission, ...] = ()
    timing: ClassTiming | None = None


def plan(
    project: Project, request: BatchRequest, store: ResultStore, timing: ClassTiming | None = None
) -> BatchPlan:
    """Find the submissions and decide which need grading and which are refused as late."""
    spec = project.spec(request.assignment)
    phase = spec.phase(request.phase)
    found = find_submissions(request.submissions, exclude=request.output)
    graders = grader_hash(project, request.assignment, request.phase)
    hashes = {s.student: content_hash(s) for s in found.submissions}
    timings = {
        s.student: timing_of(timing, s, phase.max_score) for s in found.submissions if timing
    }
    refused = tuple(
        s for s in found.submissions if s.student in timings and timings[s.student].refused
    )
    to_grade = tuple(
        s
        for s in found.submissions
        if s not in refused
        and (request.regrade or not store.is_current(s.student, hashes[s.student], graders))
    )
    read = timing.times_file if timing else None  # a submissions.csv read is no stray
    strays = tuple(name for name in found.strays if request.submissions / name != read)
    secret = secret_fingerprint(project.root)
    stored = store.secret()
    if stored is None:
        store.set_secret(secret)
    other = stored if stored not in (None, secret) else ""
    return BatchPlan(
        found.submissions,
        hashes,
        to_grade,
        strays,
        graders,
        phase.max_score,
        secret,
        other,
        timings,
        refused,
        timing,
    )


def check_request(project: Project, request: BatchRequest) -> None:
    """Refuse a batch that cannot run, before anything is written.

    Raises:
        CardlabError: Unknown assignment or phase, a bad submissions folder, an output
            path that is a file, a ``--jobs`` below 1, or ``--jobs`` with ``--scheduler``.
    """
    project.spec(request.assignment).phase(request.phase)
    find_submissions(request.submissions, exclude=request.output)
    if request.output.exists() and not request.output.is_dir():
        raise CardlabError(f"the output {request.output} is a file; name a folder")
    if request.jobs < 0:
        raise CardlabError(f"--jobs must be at least 1, not {request.jobs}")
    refuse_jobs_with_scheduler(request.jobs, request.scheduler)


def grade_all(
    project: Project,
    request: BatchRequest,
    on_plan: Callable[[BatchPlan], None] = lambda plan: None,
    on_result: Callable[[Outcome, bool], None] = lambda outcome, stored: None,
) -> list[Outcome]:
    """Grade the submissions that need it and return every stored outcome.

    Args:
        project: The project holding the assignment.
        request: What to grade, where to.
        on_plan: Called once the plan is known, before grading starts.
        on_result: Called with each new outcome and whether it was stored (a failed
            grading never replaces an earlier result).

    Raises:
        CardlabError: A bad request (see :func:`check_request`), a wrong submission
            times or extensions file, a results database of another version or batch,
            or a Dask scheduler (``--scheduler``) that cannot be reached; nothing is
            written then.
    """
    check_request(project, request)
    target = Assignment(project.root, request.assignment, request.phase)
    phase = project.spec(request.assignment).phase(request.phase)
    max_score = phase.max_score
    found = find_submissions(request.submissions, exclude=request.output)
    timing = class_timing(
        phase, request.submissions, found.submissions, request.times_file, request.extensions
    )
    with (
        judges(project, target, max_score, request) as pool,
        open_store(request.output, request.assignment, request.phase) as store,
    ):
        batch = plan(project, request, store, timing)
        on_plan(batch)
        _store_timings(store, batch)
        sources = {s.student: s for s in batch.to_grade}
        regraded = request.regrade
        for verdict in pool.grade(batch.to_grade):
            outcome = _outcome(verdict, sources[verdict.student], batch)
            stored = store.put(outcome)
            regraded = regraded and stored
            on_result(outcome, stored)
        if batch.other_secret and regraded:  # every result is now of this secret
            store.set_secret(batch.secret)
        return store.all()


@contextlib.contextmanager
def judges(
    project: Project,
    target: Assignment,
    max_score: float,
    request: BatchRequest,
    tasks_per_judge: int = TASKS_PER_JUDGE,
) -> Iterator[JudgePool | ShippedJudges]:
    """The judges of a batch: a pool on this machine, or tasks on a Dask cluster.

    On a cluster each submission is graded by a judge of its own; on this machine a
    judge grades ``tasks_per_judge`` submissions before a fresh one replaces it.
    """
    if request.scheduler is None:
        jobs = request.jobs or default_jobs()
        limit = request.seconds_per_submission
        with JudgePool(target, max_score, jobs, limit, tasks_per_judge) as pool:
            yield pool
        return
    check = worker_check(project, request.assignment, request.phase, grading=True)
    with task_pool(0, request.scheduler, check) as tasks:
        yield ShippedJudges(tasks, target, max_score, request.seconds_per_submission)


def _store_timings(store: ResultStore, batch: BatchPlan) -> None:
    """Store the submissions refused as late, and new times or penalties of kept results.

    A refused submission's row is written again only when it was not refused for the
    same files and time already.
    """
    for submission in batch.refused:
        refused = _refused(submission, batch)
        stored = store.get(submission.student)
        same = stored is not None and all(
            getattr(stored, name) == getattr(refused, name)
            for name in ("status", "content_hash", "submitted_at", "due", "cause")
        )
        if not same:
            store.put(refused)
    grading = {s.student for s in batch.to_grade} | {s.student for s in batch.refused}
    for student, timing in batch.timings.items():
        stored = store.get(student)
        if student in grading or stored is None or stored.status == LATE_REFUSED:
            continue
        kept = replace(stored, **_timing_fields(timing, stored.status))
        if kept != stored:
            store.set_lateness(kept)


def _timing_fields(timing: Timing | None, status: str) -> dict[str, Any]:
    """The store's deadline fields of a submission (a penalty only on a graded one)."""
    if timing is None:
        return {}
    return {
        "submitted_at": valid(timing.submitted_at),
        "time_source": valid(timing.time_source),
        "due": timing.due,
        "penalty": timing.penalty if status == GRADED else 0.0,
    }


def _refused(submission: Submission, batch: BatchPlan) -> Outcome:
    timing = batch.timings[submission.student]
    return Outcome(
        submission.student,
        LATE_REFUSED,
        0.0,
        batch.max_score,
        valid(timing.cause),
        source=valid(str(submission.source)),
        content_hash=batch.hashes[submission.student],
        grader_hash=batch.grader_hash,
        **_timing_fields(timing, LATE_REFUSED),
    )


def _outcome(verdict: Verdict, submission: Submission, batch: BatchPlan) -> Outcome:
    """The verdict as the store keeps it, every text valid UTF-8, with its timing.

    SQLite, CSV and report files refuse a lone surrogate, which a file name or a judge's
    text may carry.
    """
    texts = {
        name: valid(value)
        for name, value in vars(verdict).items()
        if type(value) is str and name != "student"
    }
    return Outcome(
        **{**vars(verdict), **texts, "seconds": round(verdict.seconds, 3)},
        source=valid(str(submission.source)),
        content_hash=batch.hashes[verdict.student],
        grader_hash=batch.grader_hash,
        **_timing_fields(batch.timings.get(verdict.student), verdict.status),
    )
