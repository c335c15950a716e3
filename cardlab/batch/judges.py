"""A pool of judge processes that grade a class's submissions side by side.

Each judge is a long-lived process that has imported cardlab, pytest and hypothesis
once and grades one submission after another with :func:`cardlab.judge.grading.run`, exactly
as ``cardlab grade`` does (the student's code still runs in a worker process of its
own, started for each submission). Judges are forked from a ``forkserver`` that
preloads the grading modules, so starting or replacing one costs milliseconds rather
than an interpreter start-up.

The parent hands out submissions and collects verdicts over pipes. A judge that dies,
or takes longer than the time limit on one submission, is killed and replaced: that
submission gets a ``failed`` verdict naming the cause, and the others are not touched.
Judges run in a session of their own, so a Ctrl-C in the terminal reaches only the
parent, which then stops every judge. A judge whose parent is gone (killed with
SIGKILL) finds its pipe closed and ends.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import time
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection, wait
from pathlib import Path

from ..course.submissions import Submission, empty_submission, submission_folder
from ..errors import CardlabError
from ..judge.startup import cache_bytecode
from ..worker.untrusted import MAX_NOTE, printable
from ..worker.wire import FrameReader
from .store import EMPTY, FAILED, GRADED, REJECTED, Verdict

TASKS_PER_JUDGE = 20
"""Submissions a judge grades before a fresh one replaces it (bounds leaks), by default."""
_PRELOAD = ["cardlab.judge.grading", "cardlab.reports", "hypothesis", "hypothesis.strategies"]
_POLL_SECONDS = 1.0
_STOP_SECONDS = 5.0


@dataclass(frozen=True)
class Assignment:
    """What every judge grades against.

    Attributes:
        project_root: The cardlab project's folder.
        assignment: The assignment id.
        phase: The phase number.
    """

    project_root: Path
    assignment: str
    phase: int


def grade_submission(target: Assignment, submission: Submission, max_score: float) -> Verdict:
    """Grade one submission in this process (a judge), unpacking a zip first.

    The files are read from ``submission.files`` when set (a copy shipped to a cluster's
    worker), else from ``submission.source``; reports name ``submission.source``.

    Never raises for what the submission holds: a submission without any of the
    phase's files is ``empty`` (and not graded), an unreadable zip is ``rejected``,
    anything unexpected in grading is ``failed`` with its cause.
    """
    from ..course.project import Project
    from ..judge.grading import project_job, rerun_command, run
    from ..reports import render

    started = time.perf_counter()
    project = Project(target.project_root)
    modules = project.spec(target.assignment).submitted_modules(target.phase)
    rerun = rerun_command(
        "grade",
        target.assignment,
        "--phase",
        str(target.phase),
        "--submission",
        str(submission.source),
    )
    try:
        refuse_link(submission.source)
        with submission_folder(submission.files or submission.source, modules) as folder:
            job = project_job(project, target.assignment, target.phase, folder)
            cause = empty_submission(folder, job.composition, target.phase)
            if cause:
                seconds = time.perf_counter() - started
                return Verdict(
                    submission.student,
                    EMPTY,
                    0.0,
                    max_score,
                    printable(cause, MAX_NOTE),
                    seconds=seconds,
                )
            report = run(replace(job, reproduce=rerun))
        report = replace(report, submission=printable(str(submission.source), MAX_NOTE))
        report_json, report_text = render(report, "json"), render(report, "text")
    except CardlabError as error:
        return Verdict(
            submission.student,
            REJECTED,
            0.0,
            max_score,
            printable(str(error), MAX_NOTE),
            seconds=time.perf_counter() - started,
        )
    except Exception as error:  # noqa: BLE001 - one submission must not stop a judge
        cause = printable(f"grading stopped with {type(error).__name__}: {error}", MAX_NOTE)
        return Verdict(
            submission.student, FAILED, 0.0, max_score, cause, seconds=time.perf_counter() - started
        )
    return Verdict(
        student=submission.student,
        status=GRADED,
        score=report.score,
        max_score=report.max_score,
        report_json=report_json,
        report_text=report_text,
        seconds=time.perf_counter() - started,
    )


def refuse_link(source: Path) -> None:
    """Refuse a submission that is a link (a submission is only its own files).

    Raises:
        CardlabError: ``source`` is a symbolic link.
    """
    if source.is_symlink():
        raise CardlabError(
            f"{source.name} is a link to something elsewhere; a submission "
            "is only the files inside its own folder or zip"
        )


def _child_pids(parent: str = "self") -> list[int]:
    """A process's children and their descendants (Linux: ``/proc``; elsewhere none).

    A judge's workers are the children of its fork server, each in a process group of
    its own, so the judge's own children are not enough.
    """
    pids = []
    for children in Path(f"/proc/{parent}/task").glob("*/children"):
        with contextlib.suppress(OSError, ValueError):
            pids += [int(pid) for pid in children.read_text().split()]
    return pids + [pid for child in pids for pid in _child_pids(str(child))]


def _end_with_workers(signum: int, frame: object) -> None:
    """On SIGTERM, kill the student's workers, then end at once.

    Each worker leads its own process group, so without this a worker stuck in an
    endless loop would outlive its judge.
    """
    for pid in _child_pids():
        with contextlib.suppress(OSError):
            os.killpg(pid, signal.SIGKILL)
    os._exit(1)


def _serve(channel: Connection, target: Assignment, max_score: float, poll: bool) -> None:
    """A judge's loop: receive a submission, send its verdict, until the pipe closes.

    ``poll`` False: the judges keep every core busy, so its readers of the workers'
    answers sleep at once rather than poll (see :class:`~cardlab.worker.wire.FrameReader`).
    """
    if not poll:
        FrameReader.spin_seconds = 0.0
    cache_bytecode()  # the fork server was started with -B: grader modules are compiled once
    os.setsid()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _end_with_workers)
    while True:
        try:
            submission = channel.recv()
        except (EOFError, OSError):
            return
        verdict = grade_submission(target, submission, max_score)
        try:
            channel.send(verdict)
        except OSError:
            return


@dataclass
class _Judge:
    process: multiprocessing.process.BaseProcess
    channel: Connection
    submission: Submission | None = None
    started: float = 0.0
    graded: int = 0


class JudgePool:
    """Judge processes grading submissions in parallel, each isolated from the others."""

    def __init__(
        self,
        target: Assignment,
        max_score: float,
        jobs: int,
        seconds_per_submission: float,
        tasks_per_judge: int = TASKS_PER_JUDGE,
    ) -> None:
        """Prepare a pool (judges start when :meth:`grade` runs).

        Args:
            target: What to grade against.
            max_score: The phase's points, for failed verdicts.
            jobs: How many submissions to grade at once.
            seconds_per_submission: Time limit on one submission's whole grading.
            tasks_per_judge: Submissions a judge grades before a fresh one replaces it
                (1: each submission is graded by a judge that graded nothing before).
        """
        self.target = target
        self.max_score = max_score
        self.jobs = max(1, jobs)
        self.limit = seconds_per_submission
        self.tasks_per_judge = max(1, tasks_per_judge)
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(_PRELOAD)
        self._judges: list[_Judge] = []

    def _start(self) -> _Judge:
        ours, theirs = self._context.Pipe()
        process = self._context.Process(
            target=_serve,
            args=(theirs, self.target, self.max_score, self.jobs < (os.cpu_count() or 1)),
            daemon=True,
        )
        process.start()
        theirs.close()
        judge = _Judge(process, ours)
        self._judges.append(judge)
        return judge

    def _stop(self, judge: _Judge) -> None:
        """End a judge: SIGTERM (it kills its workers first), SIGKILL if it lingers."""
        if judge.process.is_alive():
            judge.process.terminate()
            judge.process.join(_STOP_SECONDS)
        if judge.process.is_alive():
            judge.process.kill()
        judge.process.join()
        judge.channel.close()
        self._judges.remove(judge)

    def close(self) -> None:
        """Stop every judge."""
        for judge in list(self._judges):
            self._stop(judge)

    def __enter__(self) -> JudgePool:
        """Use the pool in a ``with`` block that stops its judges."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Stop every judge, whatever happened."""
        self.close()

    def grade(self, submissions: Iterable[Submission]) -> Iterator[Verdict]:
        """Grade the submissions; yield each verdict as soon as it is known."""
        waiting = deque(submissions)
        for _ in range(min(self.jobs, len(waiting))):
            self._start()
        for judge in list(self._judges):
            self._assign(judge, waiting)
        while busy := [j for j in self._judges if j.submission is not None]:
            ready = wait(
                [j.channel for j in busy] + [j.process.sentinel for j in busy],
                timeout=_POLL_SECONDS,
            )
            for judge in busy:
                verdict = self._collect(judge, ready)
                if verdict is None:
                    continue
                yield verdict
                if judge in self._judges and judge.graded >= self.tasks_per_judge:
                    self._stop(judge)
                if judge not in self._judges:
                    judge = self._start() if waiting else judge
                self._assign(judge, waiting)

    def _assign(self, judge: _Judge, waiting: deque[Submission]) -> None:
        """Hand the next submission to a judge (to a fresh one if that judge is gone)."""
        if judge not in self._judges or not waiting:
            return
        submission = waiting.popleft()
        try:
            judge.channel.send(submission)
        except OSError:  # the judge ended between two submissions
            self._stop(judge)
            judge = self._start()
            judge.channel.send(submission)
        judge.submission = submission
        judge.started = time.monotonic()

    def _collect(self, judge: _Judge, ready: Sequence[object]) -> Verdict | None:
        """The judge's verdict if it has one, or a failed one if the judge is lost."""
        submission = judge.submission
        assert submission is not None
        if judge.channel in ready or judge.process.sentinel in ready:
            try:
                if judge.channel.poll():
                    verdict: Verdict = judge.channel.recv()
                    judge.submission = None
                    judge.graded += 1
                    return verdict
            except (EOFError, OSError):
                pass
            self._stop(judge)
            return self._failed(judge, submission, _death(judge.process.exitcode))
        if time.monotonic() - judge.started > self.limit:
            self._stop(judge)
            return self._failed(
                judge, submission, f"grading took longer than {self.limit:g} s and was stopped"
            )
        return None

    def _failed(self, judge: _Judge, submission: Submission, cause: str) -> Verdict:
        judge.submission = None
        seconds = time.monotonic() - judge.started
        return Verdict(submission.student, FAILED, 0.0, self.max_score, cause, seconds=seconds)


def _death(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        return f"the grading process was killed by {name}"
    return f"the grading process ended unexpectedly (exit status {exitcode})"
