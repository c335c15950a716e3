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
import os
from collections.abc import Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import ClassVar, Protocol

from ..errors import CardlabError
from .fingerprints import WorkerCheck


class TaskPool(Protocol):
    """Executors of one batch's tasks."""

    @property
    def ships_files(self) -> bool:
        """True when the tasks run where the submissions folder cannot be read.

        Each submission then travels with its task as bytes.
        """
        ...

    @property
    def lost(self) -> tuple[type[BaseException], ...]:
        """The exceptions a task's result raises when the process running it died.

        Such a task can be tried again (in a new executor).
        """
        ...

    def executor(self) -> AbstractContextManager[concurrent.futures.Executor]:
        """An executor, shut down (its pending tasks cancelled) at the end of the block."""
        ...


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


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def refuse_jobs_with_scheduler(jobs: int, scheduler: str | None) -> None:
    """Refuse ``--jobs`` beside ``--scheduler`` (the cluster's workers set how many run).

    Raises:
        CardlabError: Both were given.
    """
    if jobs and scheduler is not None:
        raise CardlabError(
            "--jobs and --scheduler: give one (on a cluster, its workers decide how many "
            "tasks run at once)"
        )


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
