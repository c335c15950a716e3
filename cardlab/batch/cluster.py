"""A batch's tasks on a Dask distributed cluster (``--scheduler ADDRESS``).

The driver (the ``cardlab`` command) connects a ``distributed.Client`` to the
scheduler and submits one task per match or submission through the client's
``concurrent.futures`` executor; each submission travels with its task as bytes
(:mod:`~cardlab.course.shipping`), so the workers need no shared disk, and the driver
alone writes the results database. A worker that dies mid-task has its task run again
by Dask elsewhere; a task that kills its workers again and again ends as
``distributed.KilledWorker``, which the batch treats as a lost process.

The workers need cardlab (the same version) and the project (spec, reference,
graders) at the same path as the driver's. The first task a worker process runs
checks this against the driver's :class:`~cardlab.batch.fingerprints.WorkerCheck` and
fails with one line naming the worker's machine, which stops the batch; the results
committed until then are kept.

This module is imported only when a scheduler is named, and imports Dask only then.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import multiprocessing
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import cardlab

from ..course.project import Project
from ..course.secret import SECRET_FILE
from ..errors import CardlabError
from .fingerprints import WorkerCheck, grader_hash, secret_digest

CONNECT_SECONDS = 10.0
"""How long the driver tries to reach the scheduler before giving up."""
WORKERS_NOT_DAEMONIC = "DASK_DISTRIBUTED__WORKER__DAEMON=False"
"""The setting that lets a Dask worker's tasks start processes (a grading's judge)."""

_verified: set[WorkerCheck] = set()
"""The checks this worker process has passed (each is made once per process)."""


@dataclass(frozen=True)
class DaskCluster:
    """A Dask cluster reached through its scheduler: executors that run tasks there.

    Attributes:
        client: The connected ``distributed.Client``.
        check: What every worker must have, checked by its first task.
        lost: ``distributed.KilledWorker``: a task whose workers kept dying.
    """

    client: Any
    check: WorkerCheck
    lost: tuple[type[BaseException], ...]
    ships_files: ClassVar[bool] = True

    @contextlib.contextmanager
    def executor(self) -> Iterator[concurrent.futures.Executor]:
        """An executor of checked tasks; the tasks still pending are cancelled at the end."""
        executor = self.client.get_executor(pure=False)
        try:
            yield _CheckedExecutor(executor, self.check)
        finally:
            executor.shutdown(wait=False)


class _CheckedExecutor(concurrent.futures.Executor):
    """Submits each task wrapped in :func:`run_checked`."""

    def __init__(self, inner: concurrent.futures.Executor, check: WorkerCheck) -> None:
        self._inner = inner
        self._check = check

    def submit(self, fn: Callable, /, *args: Any, **kwargs: Any) -> concurrent.futures.Future:
        """Run ``fn(*args, **kwargs)`` on a worker once the worker has passed the check."""
        return self._inner.submit(run_checked, self._check, fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Wait for the tasks, or cancel them."""
        self._inner.shutdown(wait=wait and not cancel_futures)


def run_checked(check: WorkerCheck, task: Callable, *args: Any, **kwargs: Any) -> Any:
    """Run a task on a worker, after checking (once per process) that it can run it.

    Raises:
        CardlabError: The worker has another cardlab, another or no project at the
            driver's path, or cannot start the processes the task needs.
    """
    if check not in _verified:
        problem = _problem(check)
        if problem:
            raise CardlabError(f"the Dask worker on {socket.gethostname()} {problem}")
        _verified.add(check)
    return task(*args, **kwargs)


def _problem(check: WorkerCheck) -> str:
    """Why this worker process cannot run the batch's tasks, or ``""``."""
    if cardlab.__version__ != check.version:
        return f"has cardlab {cardlab.__version__}, the driver {check.version}: install the same"
    if check.children and multiprocessing.current_process().daemon:
        return (
            "cannot start a grading's judge from a daemonic process: start the workers "
            f"with {WORKERS_NOT_DAEMONIC} in their environment"
        )
    try:
        graders = grader_hash(Project(Path(check.root)), check.assignment, check.phase)
    except CardlabError as error:
        return f"cannot read the project at {check.root} ({error})"
    if graders != check.graders:
        return (
            f"has another spec, reference or graders of {check.assignment} phase {check.phase} "
            f"at {check.root} than the driver: copy the driver's project there"
        )
    if check.secret and secret_digest(Path(check.root)) != check.secret:
        return (
            f"has another course secret than the driver ({Path(check.root) / SECRET_FILE}): "
            "copy the driver's there"
        )
    return ""


@contextlib.contextmanager
def connect(address: str, check: WorkerCheck) -> Iterator[DaskCluster]:
    """The cluster whose scheduler is at ``address``, disconnected at the end.

    Raises:
        CardlabError: Dask distributed is not installed, or the scheduler cannot be
            reached within :data:`CONNECT_SECONDS`.
    """
    try:
        import distributed
    except ImportError:
        raise CardlabError(
            '--scheduler needs Dask distributed: pip install "cardlab[dask]"'
        ) from None
    try:
        client = distributed.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise CardlabError(f"cannot reach the Dask scheduler at {address} ({error})") from None
    with client:
        yield DaskCluster(client, check, (distributed.KilledWorker,))
