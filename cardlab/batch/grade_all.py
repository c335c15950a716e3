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
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..course.project import Project
from ..course.secret import secret_fingerprint
from ..course.submissions import Submission, content_hash, find_submissions
from ..errors import CardlabError
from ..worker.untrusted import valid
from .executors import default_jobs, refuse_jobs_with_scheduler, task_pool
from .fingerprints import grader_hash, worker_check
from .judges import TASKS_PER_JUDGE, Assignment, JudgePool
from .shipped_judges import ShippedJudges
from .store import Outcome, ResultStore, Verdict, open_store

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
    """

    assignment: str
    phase: int
    submissions: Path
    output: Path
    jobs: int = 0
    regrade: bool = False
    seconds_per_submission: float = DEFAULT_SECONDS_PER_SUBMISSION
    scheduler: str | None = None


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
    """

    submissions: tuple[Submission, ...]
    hashes: dict[str, str]
    to_grade: tuple[Submission, ...]
    strays: tuple[str, ...]
    grader_hash: str
    max_score: float
    secret: str = ""
    other_secret: str = ""


def plan(project: Project, request: BatchRequest, store: ResultStore) -> BatchPlan:
    """Find the submissions and decide which need grading."""
    spec = project.spec(request.assignment)
    phase = spec.phase(request.phase)
    found = find_submissions(request.submissions, exclude=request.output)
    graders = grader_hash(project, request.assignment, request.phase)
    hashes = {s.student: content_hash(s) for s in found.submissions}
    to_grade = tuple(
        s
        for s in found.submissions
        if request.regrade or not store.is_current(s.student, hashes[s.student], graders)
    )
    secret = secret_fingerprint(project.root)
    stored = store.secret()
    if stored is None:
        store.set_secret(secret)
    other = stored if stored not in (None, secret) else ""
    return BatchPlan(
        found.submissions, hashes, to_grade, found.strays, graders, phase.max_score, secret, other
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
        CardlabError: A bad request (see :func:`check_request`), a results database
            of another version or batch, or a Dask scheduler (``--scheduler``) that
            cannot be reached; nothing is written then.
    """
    check_request(project, request)
    target = Assignment(project.root, request.assignment, request.phase)
    max_score = project.spec(request.assignment).phase(request.phase).max_score
    with (
        judges(project, target, max_score, request) as pool,
        open_store(request.output, request.assignment, request.phase) as store,
    ):
        batch = plan(project, request, store)
        on_plan(batch)
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


def _outcome(verdict: Verdict, submission: Submission, batch: BatchPlan) -> Outcome:
    """The verdict as the store keeps it, every text valid UTF-8.

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
    )
