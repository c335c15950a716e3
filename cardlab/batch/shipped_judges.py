"""Judges on other machines: each submission shipped as bytes to a task that grades it.

:class:`ShippedJudges` grades as :class:`~cardlab.batch.judges.JudgePool` does, through
the executors of a task pool (a Dask cluster, :mod:`.cluster`): each task lands the
submission's bytes in a scratch folder and grades it with a pool of one judge
(:func:`grade_shipped`), so the time limit, the judge's own process and the verdicts
are those of a grading on this machine. A task whose worker kept dying gives a
``failed`` verdict, tried again by the next run.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
from collections.abc import Iterable, Iterator

from ..course.shipping import ShippedFiles, landed, ship
from ..course.submissions import Submission
from ..errors import CardlabError
from ..worker.untrusted import MAX_NOTE, printable
from .executors import TaskPool
from .judges import Assignment, JudgePool, refuse_link
from .store import FAILED, REJECTED, Verdict


def grade_shipped(
    target: Assignment,
    submission: Submission,
    files: ShippedFiles,
    max_score: float,
    seconds_per_submission: float,
) -> Verdict:
    """Grade a shipped submission here (on a cluster's worker) with one judge.

    Args:
        target: What to grade against (the project at the same path as the driver's).
        submission: The student and the submission's path on the driver (for reports).
        files: The submission's files.
        max_score: The phase's points.
        seconds_per_submission: Time limit on the whole grading.
    """
    with landed(files) as copy, JudgePool(target, max_score, 1, seconds_per_submission) as pool:
        return next(iter(pool.grade([dataclasses.replace(submission, files=copy)])))


class ShippedJudges:
    """Gradings run as tasks of a task pool, each submission shipped as bytes."""

    def __init__(
        self, tasks: TaskPool, target: Assignment, max_score: float, seconds_per_submission: float
    ) -> None:
        """Prepare to grade (nothing is sent before :meth:`grade`).

        Args:
            tasks: Where the gradings run.
            target: What to grade against.
            max_score: The phase's points, for rejected and failed verdicts.
            seconds_per_submission: Time limit on one submission's whole grading.
        """
        self.tasks = tasks
        self.target = target
        self.max_score = max_score
        self.limit = seconds_per_submission

    def __enter__(self) -> ShippedJudges:
        """Use the judges in a ``with`` block, as a :class:`JudgePool`."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Nothing to stop: each task's judge ends with its task."""

    def grade(self, submissions: Iterable[Submission]) -> Iterator[Verdict]:
        """Grade the submissions; yield each verdict as soon as it is known.

        Raises:
            CardlabError: A worker that cannot grade (see :mod:`.cluster`).
        """
        with self.tasks.executor() as executor:
            pending = {}
            for submission in submissions:
                try:
                    refuse_link(submission.source)
                    files = ship(submission.source)
                except CardlabError as error:
                    cause = printable(str(error), MAX_NOTE)
                    yield Verdict(submission.student, REJECTED, 0.0, self.max_score, cause)
                    continue
                task = executor.submit(
                    grade_shipped, self.target, submission, files, self.max_score, self.limit
                )
                pending[task] = submission
            for task in concurrent.futures.as_completed(pending):
                yield self._verdict(task, pending[task])

    def _verdict(self, task: concurrent.futures.Future, submission: Submission) -> Verdict:
        try:
            return task.result()
        except self.tasks.lost as error:
            cause = printable(f"the grading's worker was lost ({error})", MAX_NOTE)
            return Verdict(submission.student, FAILED, 0.0, self.max_score, cause)
