"""Where a batch's tasks run: processes on this machine, or a Dask cluster.

A task pool hands out ``concurrent.futures`` executors, so ``cardlab tournament`` plays
its matches (and ``cardlab grade-all`` its submissions, see
:mod:`~cardlab.batch.shipped_judges`) the same way wherever they run: it submits
tasks, takes each result as it arrives, and its own process alone writes the results
database. Dask is imported only when a scheduler is named (:mod:`.cluster`).
"""

from __future__ import annotations

import concurrent.futures
import concurrent.futures.process
import contextlib
import multiprocessing
from collections.abc import Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import ClassVar, Protocol


class TaskPool(Protocol):
    """Executors of one batch's tasks.

    Attributes:
        ships_files: True when the tasks run where the submissions folder cannot be
            read, so each submission travels with its task as bytes.
        lost: The exceptions a task's result raises when the process running it died;
            the task can be tried again (in a new executor).
    """

    ships_files: bool
    lost: tuple[type[BaseException], ...]

    def executor(self) -> AbstractContextManager[concurrent.futures.Executor]:
        """An executor, shut down (its pending tasks cancelled) at the end of the block."""
        ...


@dataclass(frozen=True)
class WorkerCheck:
    """What a process running a batch's tasks must have, as the driver has it.

    Attributes:
        version: cardlab's version.
        root: The project folder (the same path on every machine).
        assignment: The assignment id.
        phase: The phase number.
        graders: The hash of the spec, reference and graders (see ``grader_hash``).
        children: True when the tasks start processes of their own with
            ``multiprocessing`` (a grading's judge), which a daemonic process cannot.
        secret: The SHA-256 of the course secret, when the tasks read it from the
            project (a grading's seeds); ``""`` when they are given it (a tournament's).
    """

    version: str
    root: str
    assignment: str
    phase: int
    graders: str
    children: bool = False
    secret: str = ""


@dataclass(frozen=True)
class LocalProcesses:
    """Processes on this machine, started afresh (``spawn``) for each executor."""

    jobs: int
    ships_files: ClassVar[bool] = False
    lost: ClassVar[tuple[type[BaseException], ...]] = (
        concurrent.futures.process.BrokenProcessPool,
    )

    @contextlib.contextmanager
    def executor(self) -> Iterator[concurrent.futures.Executor]:
        """A pool of ``jobs`` processes; Ctrl-C cancels what has not started."""
        context = multiprocessing.get_context("spawn")
        pool = concurrent.futures.ProcessPoolExecutor(self.jobs, mp_context=context)
        try:
            yield pool
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


@contextlib.contextmanager
def task_pool(jobs: int, scheduler: str | None, check: WorkerCheck) -> Iterator[TaskPool]:
    """The processes that run a batch's tasks.

    Args:
        jobs: Processes on this machine, when no scheduler is named.
        scheduler: The address of a Dask scheduler, or None.
        check: What the cluster's workers must have (checked by each task there).

    Raises:
        CardlabError: A scheduler is named but Dask distributed is not installed or the
            scheduler cannot be reached.
    """
    if scheduler is None:
        yield LocalProcesses(jobs)
        return
    from .cluster import connect

    with connect(scheduler, check) as cluster:
        yield cluster
