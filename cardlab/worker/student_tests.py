"""In the worker: run a student's own pytest tests against one implementation.

The judge asks for *runs*: the student's test folder against one composition of the
package (the reference, "the wheat", or a copy of it with one bug, "a chaff"). For each
run the worker forks; the child installs that composition, runs pytest on the folder
and streams one JSON line per event back to the parent over a pipe, which forwards them
to the judge once the child is done or its time is up. Forking gives every run a fresh
interpreter state: nothing a test leaves in memory reaches the next run. The judge may
ask for several runs at once; they go two at a time on a machine with two cores, the
children independent of each other (each its own pipe, limit and folder of code).

Each test runs under a timer (``SIGALRM``): a test that takes longer than its limit
fails with :class:`TestTimeLimit`. The whole run has a limit too: when it is reached,
the child is killed and the answer says which test was running. Events are dicts:

* ``{"running": id}`` before a test;
* ``{"test": id, "outcome": "failed" | "skipped", "message": line}``, or
  ``{"test": id, "outcome": "passed", "seconds": time}``;
* ``{"broken": file, "message": line}`` for a test file that cannot be collected.

This module uses only the standard library; pytest is imported in the child, from the
folder the judge copied it to.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import select
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

_READ_BYTES = 65536
MAX_EVENTS = 5000
"""Events kept from one run; a suite with more tests is cut there."""

FORK_TRIES = 50
"""How often a fork is tried while the user's processes are at their limit."""

FORK_PAUSE_SECONDS = 0.1
"""The pause between two tries."""

MAX_MESSAGE = 300
"""Characters kept of one failure's message."""


class TestTimeLimit(BaseException):
    """Raised in a test that ran out of time.

    A BaseException, so that ``except Exception`` in a test does not swallow it.
    """

    __test__ = False


def run(request: dict, install: Callable[[dict], None]) -> dict:
    """Run the student's tests against one composition, or several, in forked children.

    Args:
        request: ``tests`` (the test folder), ``testlib`` (where pytest is), ``ini`` (an
            empty pytest configuration file) and ``test_seconds``, shared by every run;
            then either the fields of one run or ``runs``, a list of them. A run's
            fields are ``composition`` (the variant to install, as a message), ``only``
            (the test ids to run, in the order to run them, or None for all),
            ``stop_at_first_failure`` and ``suite_seconds``.
        install: Installs a composition message in the child (the worker's composer).

    Returns:
        For one run: ``events`` (the list above), ``cut`` (True when the suite limit was
        reached), ``running`` (the test running when cut, if any) and ``ended`` (why the
        child ended early: an exit status or a signal, else None). For ``runs``:
        ``{"runs": [...]}``, one such answer per run, in the order asked. Up to
        :func:`parallel_runs` children run at once, each within its own limit.
    """
    _import_pytest(request["testlib"])
    shared = {key: value for key, value in request.items() if key != "runs"}
    if "runs" not in request:
        return _run_all([shared], install)[0]
    return {"runs": _run_all([{**shared, **one} for one in request["runs"]], install)}


MAX_PARALLEL_RUNS = 2
"""The most runs at once: two keep both cores of a small machine busy."""


def parallel_runs() -> int:
    """How many runs go at once: the processors this worker may use, up to the maximum."""
    return max(1, min(MAX_PARALLEL_RUNS, len(os.sched_getaffinity(0))))


class _Child:
    """One run in a forked child: its pipe, its deadline and what it has sent."""

    def __init__(self, request: dict, install: Callable[[dict], None]) -> None:
        self.folder = tempfile.mkdtemp(prefix="run-")  # its working folder, its own
        read_fd, write_fd = os.pipe()
        self.pid = _fork()
        if self.pid == 0:  # the child: never returns
            os.close(read_fd)
            _child(request, install, write_fd, self.folder)
        os.close(write_fd)
        self.fd = read_fd
        self.deadline = time.monotonic() + float(request["suite_seconds"])
        self.chunks: list[bytes] = []

    def read(self) -> bool:
        """Read what the child sent; True once it has closed its end."""
        chunk = os.read(self.fd, _READ_BYTES)
        self.chunks.append(chunk)
        return not chunk

    def finish(self, cut: bool) -> dict:
        """Reap the child (killed first when ``cut``) and make its answer."""
        if cut:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        shutil.rmtree(self.folder, ignore_errors=True)
        events = _events(b"".join(self.chunks))
        running = _last_running(events)
        ended = None if cut else _ending(status)
        return {"events": events, "cut": cut, "running": running, "ended": ended}


def _run_all(requests: list[dict], install: Callable[[dict], None]) -> list[dict]:
    """Run every request, up to :func:`parallel_runs` at once; answers in request order."""
    answers: list[dict] = [{} for _ in requests]
    waiting = list(enumerate(requests))
    running: dict[int, tuple[int, _Child]] = {}
    width = parallel_runs()
    while waiting or running:
        while waiting and len(running) < width:
            index, request = waiting.pop(0)
            child = _Child(request, install)
            running[child.fd] = (index, child)
        now = time.monotonic()
        for fd, (index, child) in list(running.items()):
            if child.deadline <= now:
                answers[index] = child.finish(cut=True)
                del running[fd]
        if not running:
            continue
        left = min(child.deadline for _, child in running.values()) - now
        ready, _, _ = select.select(list(running), [], [], max(0.0, left))
        for fd in ready:
            index, child = running[fd]
            if child.read():
                answers[index] = child.finish(cut=False)
                del running[fd]
    return answers


def _fork(tries: int = FORK_TRIES) -> int:
    """``os.fork``, tried again while the system is short of processes (``EAGAIN``)."""
    for _ in range(tries - 1):
        try:
            return os.fork()
        except BlockingIOError:
            time.sleep(FORK_PAUSE_SECONDS)
    return os.fork()


def _import_pytest(testlib: str) -> None:
    """Import pytest once in the worker, before forking, so every run starts warm."""
    if testlib not in sys.path:
        sys.path.insert(0, testlib)
    import pytest  # noqa: F401 - imported for the children


def _events(data: bytes) -> list[dict]:
    events = []
    for line in data.splitlines()[:MAX_EVENTS]:
        with contextlib.suppress(ValueError):
            event = json.loads(line)
            if isinstance(event, dict):
                events.append(event)
    return events


def _last_running(events: list[dict]) -> str | None:
    finished = {event.get("test") for event in events}
    running = [event["running"] for event in events if "running" in event]
    return running[-1] if running and running[-1] not in finished else None


def _ending(status: int) -> str | None:
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}"
    code = os.WEXITSTATUS(status)
    return None if code == 0 else f"ended with exit status {code}"


def _child(request: dict, install: Callable[[dict], None], write_fd: int, folder: str) -> None:
    """Install the variant, run pytest, stream events; always ends with ``os._exit``.

    The run works in ``folder``, so that files a test writes where it stands are not
    seen by a run going on at the same time.
    """
    code = 0
    try:
        os.chdir(folder)
        sys.stdout = sys.stderr = io.StringIO()  # the student's prints go nowhere
        sys.stdin = io.StringIO()
        install(request["composition"])
        _run_pytest(request, _Stream(write_fd))
    except BaseException:  # noqa: BLE001 - whatever happened, the parent reports it
        code = 3
    os._exit(code)


class _Stream:
    """Writes events as JSON lines to the pipe, straight away."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def send(self, event: dict[str, Any]) -> None:
        line = (json.dumps(event) + "\n").encode()
        with contextlib.suppress(OSError):
            os.write(self.fd, line)


def _run_pytest(request: dict, stream: _Stream) -> None:
    import pytest

    plugin = _Reporter(pytest, stream, request.get("only"), float(request["test_seconds"]))
    folder = request["tests"]
    args = [
        folder, f"--rootdir={folder}", f"--confcutdir={folder}", "-c", request["ini"],
        "--import-mode=importlib", "--capture=sys", "-q", "-p", "no:cacheprovider",
        "-p", "no:stepwise", "-p", "no:pastebin", "-p", "no:junitxml", "-p", "no:doctest",
        "-p", "no:logging", "-p", "no:warnings", "-p", "no:faulthandler", "-p", "no:legacypath",
    ]  # fmt: skip
    if request.get("stop_at_first_failure"):
        args += ["-x", "--assert=plain"]  # only whether a test fails matters: no rewriting
    pytest.main(args, plugins=[plugin])


class _Reporter:
    """The pytest plugin of a run: keeps only wanted tests, times them, streams results."""

    def __init__(self, pytest: Any, stream: _Stream, only: list[str] | None, seconds: float):
        self.pytest = pytest
        self.stream = stream
        self.only = {test: place for place, test in enumerate(only)} if only is not None else None
        self.seconds = seconds
        self.failed: set[str] = set()
        self.skipped: set[str] = set()
        self.started = 0.0

    def pytest_collection_modifyitems(self, config: Any, items: list[Any]) -> None:
        if (only := self.only) is not None:  # the wanted tests, in the order given
            wanted = [item for item in items if item.nodeid in only]
            items[:] = sorted(wanted, key=lambda item: only[item.nodeid])

    def pytest_collectreport(self, report: Any) -> None:
        if report.failed:
            self.stream.send({"broken": report.nodeid, "message": _last_line(report)})

    def pytest_runtest_logstart(self, nodeid: str, location: Any) -> None:
        self.stream.send({"running": nodeid})
        self.started = time.perf_counter()
        signal.signal(signal.SIGALRM, _out_of_time)
        signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.failed and report.nodeid not in self.failed:
            self.failed.add(report.nodeid)
            self.stream.send(
                {"test": report.nodeid, "outcome": "failed", "message": _failure_line(report)}
            )
        elif report.skipped and report.nodeid not in self.skipped:
            self.skipped.add(report.nodeid)
            self.stream.send({"test": report.nodeid, "outcome": "skipped", "message": ""})

    def pytest_runtest_logfinish(self, nodeid: str, location: Any) -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        if nodeid not in self.failed and nodeid not in self.skipped:
            seconds = time.perf_counter() - self.started
            self.stream.send({"test": nodeid, "outcome": "passed", "seconds": seconds})


def _out_of_time(signum: int, frame: Any) -> None:
    raise TestTimeLimit("the test took longer than its time limit")


def _failure_line(report: Any) -> str:
    crash = getattr(report.longrepr, "reprcrash", None)
    text = crash.message if crash is not None else _last_line(report)
    return " ".join(text.split())[:MAX_MESSAGE]


def _last_line(report: Any) -> str:
    lines = [line for line in str(report.longreprtext).splitlines() if line.strip()]
    return " ".join((lines[-1] if lines else "could not be collected").split())[:MAX_MESSAGE]
