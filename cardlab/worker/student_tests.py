"""In the worker: run a student's own pytest tests, once, against one implementation.

A graded run of a student's suite must not be able to tell which implementation it runs
on except by what the code does (:mod:`cardlab.judge.student_tests` gives every run a
fresh worker of its own). This module is that worker's side of one run:

* **the code under test comes in the request**, as compiled code objects, and is served
  from memory under the same file names in every run (``code``: the package, its
  ``__init__`` and its modules, and ``where``, the folder the names point into, where no
  file exists). No implementation is on disk where the tests could read or compare it.
  A student's own check runs on the student's files instead (``composition``).
* **the tests run in a child process** forked for the run, which closes every descriptor
  but its standard streams and the pipe it reports on before loading the tests, so the
  judge's channel is out of its reach. The worker makes itself non-dumpable before the
  fork (``PR_SET_DUMPABLE``), so the child cannot reach the worker's descriptors or
  memory through ``/proc`` or ``ptrace`` either. What the child writes on its pipe is
  read by the worker only as events of this one run; the worker adds what only it
  knows (whether the run was cut, how the child ended) and the run's ``nonce`` from the
  request, and the judge reads that as the answer for the run it asked for.
* **the child works in a fresh empty folder** of its own (its current folder and
  ``TMPDIR``), under the same options and limits as every other run.

Each test runs under a timer (``SIGALRM``): a test that takes longer than its limit
fails with :class:`TestTimeLimit`. The whole run has a limit too: when it is reached,
the child is killed and the answer says which test was running. Events are dicts:

* ``{"running": id}`` before a test;
* ``{"test": id, "outcome": "failed" | "skipped", "message": line}``, or
  ``{"test": id, "outcome": "passed", "seconds": time}``;
* ``{"broken": file, "message": line}`` for a test file that cannot be collected (the
  other files still run: ``--continue-on-collection-errors``).

This module uses only the standard library; pytest (and hypothesis, when the tests use
it) is imported from the folder the judge copied it to, by the zygote the worker was
forked from.
"""

from __future__ import annotations

import base64
import contextlib
import ctypes
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import io
import json
import marshal
import os
import select
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from types import CodeType, ModuleType
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

MAX_PARALLEL_RUNS = 2
"""The most runs at once: two keep both cores of a small machine busy."""

PYTEST_OPTIONS = (
    "--import-mode=importlib", "--capture=sys", "-q", "--continue-on-collection-errors",
    "-p", "no:cacheprovider", "-p", "no:stepwise", "-p", "no:pastebin", "-p", "no:junitxml",
    "-p", "no:doctest", "-p", "no:logging", "-p", "no:warnings", "-p", "no:faulthandler",
    "-p", "no:legacypath",
)  # fmt: skip
"""pytest's options, the same for every run (with the test folder as root and rootdir)."""

HYPOTHESIS_PROFILE = "cardlab"
"""The hypothesis settings every run uses: the same examples each time, no database."""

_PR_SET_DUMPABLE = 4
_LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform == "linux" else None


class TestTimeLimit(BaseException):
    """Raised in a test that ran out of time.

    A BaseException, so that ``except Exception`` in a test does not swallow it.
    """

    __test__ = False


def parallel_runs() -> int:
    """How many runs go at once: the processors this process may use, up to the maximum."""
    affinity = getattr(os, "sched_getaffinity", None)  # Linux's; elsewhere, every processor
    processors = len(affinity(0)) if affinity is not None else os.cpu_count() or 1
    return max(1, min(MAX_PARALLEL_RUNS, processors))


def prepare(testlib: str, hypothesis: bool) -> None:
    """Import pytest (and hypothesis, with its grading profile) from ``testlib``.

    Called in the zygote, before any worker is forked, so that every run starts with the
    same libraries already loaded and pays none of their import.
    """
    if testlib not in sys.path:
        sys.path.insert(0, testlib)
    import pytest  # noqa: F401 - imported for the runs
    from _pytest.config import default_plugins

    for name in default_plugins:  # each run loads them all: import them once, here
        with contextlib.suppress(ImportError):
            importlib.import_module(f"_pytest.{name}")
    if hypothesis:
        _load_hypothesis_profile()


def _load_hypothesis_profile() -> None:
    """Seeded and database-free: the same examples on every run of the suite."""
    from hypothesis import settings

    settings.register_profile(HYPOTHESIS_PROFILE, derandomize=True, database=None)
    settings.load_profile(HYPOTHESIS_PROFILE)


def run(request: dict, install: Callable[[dict], None]) -> dict:
    """Run the student's tests once, in a forked child, within the suite's limit.

    Args:
        request: ``tests`` (the test folder), ``testlib`` (where pytest is), ``ini`` (an
            empty pytest configuration file), ``test_seconds``, ``suite_seconds``,
            ``hypothesis`` (whether to load hypothesis's grading profile), ``nonce`` (the
            judge's name for this run), and either ``code`` with ``where`` (the
            implementation, see :func:`code_message`) or ``composition`` (a message
            for ``install``: the student's own code).
        install: Installs a composition message in the child (the worker's composer).

    Returns:
        ``events`` (the list above), ``cut`` (True when the suite limit was reached),
        ``running`` (the test running when cut, if any), ``ended`` (why the child ended
        early: an exit status or a signal, else None) and ``nonce``, the request's.
    """
    prepare(request["testlib"], bool(request.get("hypothesis")))
    _not_dumpable()
    folder = tempfile.mkdtemp(prefix="run-")
    read_fd, write_fd = os.pipe()
    pid = _fork()
    if pid == 0:  # the child: never returns
        os.close(read_fd)
        _child(request, install, write_fd, folder)
    os.close(write_fd)
    deadline = time.monotonic() + float(request["suite_seconds"])
    chunks, cut = [], False
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                cut = True
                break
            ready, _, _ = select.select([read_fd], [], [], left)
            if ready:
                chunk = os.read(read_fd, _READ_BYTES)
                if not chunk:
                    break
                chunks.append(chunk)
    finally:
        if cut:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        os.close(read_fd)
        shutil.rmtree(folder, ignore_errors=True)
    events = _events(b"".join(chunks))
    ended = None if cut else _ending(status)
    running = _last_running(events)
    return {
        "events": events,
        "cut": cut,
        "running": running,
        "ended": ended,
        "nonce": request.get("nonce"),
    }


def pack(code: CodeType) -> str:
    """A module's code as the judge sends it: marshalled, in base64."""
    return base64.b64encode(marshal.dumps(code)).decode("ascii")


def code_message(package: str, init: str | None, modules: dict[str, str]) -> dict:
    """An implementation as the judge sends it: its package, and each module :func:`pack`-ed."""
    return {"package": package, "init": init, "modules": dict(modules)}


class CodeLoader(importlib.abc.Loader):
    """Runs a module's code object, received from the judge, as the module's body."""

    def __init__(self, data: str) -> None:
        """Keep the marshalled code (base64) until the module is loaded."""
        self.data = data

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        """The default module object."""

    def exec_module(self, module: ModuleType) -> None:
        """Run the module's code in its namespace."""
        exec(marshal.loads(base64.b64decode(self.data)), module.__dict__)


class CodeFinder(importlib.abc.MetaPathFinder):
    """Serves one package from code objects, under the same file names in every run."""

    def __init__(self, message: dict, where: str) -> None:
        """Serve the package of ``message`` (:func:`code_message`), named into ``where``."""
        self.package = message["package"]
        self.init = message.get("init")
        self.modules = dict(message["modules"])
        self.where = where

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """The package itself, or one of its modules; no other name."""
        if fullname == self.package:
            return self._spec(fullname, self.init, "__init__", package=True)
        prefix, _, name = fullname.rpartition(".")
        if prefix != self.package or name not in self.modules:
            return None
        return self._spec(fullname, self.modules[name], name, package=False)

    def _spec(
        self, fullname: str, data: str | None, name: str, package: bool
    ) -> importlib.machinery.ModuleSpec:
        loader = CodeLoader(data) if data is not None else _EmptyLoader()
        origin = f"{self.where}/{self.package}/{name}.py"
        spec = importlib.util.spec_from_loader(fullname, loader, origin=origin, is_package=package)
        assert spec is not None
        spec.has_location = True  # __file__ is set, the same in every run
        if package:
            spec.submodule_search_locations = []
        return spec


class _EmptyLoader(importlib.abc.Loader):
    """A package without an ``__init__``: an empty module."""

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        """The default module object."""

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run."""


def install_code(message: dict, where: str) -> None:
    """Serve the implementation of ``message`` and nothing else of its package."""
    from . import compose

    for finder in list(sys.meta_path):
        if isinstance(finder, compose.ComposingFinder | CodeFinder):
            sys.meta_path.remove(finder)
    compose.forget(message["package"])
    sys.meta_path.insert(0, CodeFinder(message, where))


def _not_dumpable() -> None:
    """Keep the tests' child, a process of the same user, out of this one (Linux).

    A process that is not dumpable cannot be traced, and its ``/proc`` descriptors and
    memory cannot be opened, by another process of its user without privileges.
    """
    if _LIBC is not None:
        _LIBC.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0)


def _fork(tries: int = FORK_TRIES) -> int:
    """``os.fork``, tried again while the system is short of processes (``EAGAIN``)."""
    for _ in range(tries - 1):
        try:
            return os.fork()
        except BlockingIOError:
            time.sleep(FORK_PAUSE_SECONDS)
    return os.fork()


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


def _only_descriptors(kept: int) -> None:
    """Close every descriptor but the standard streams and ``kept``."""
    top = os.sysconf("SC_OPEN_MAX")
    os.closerange(3, kept)
    os.closerange(kept + 1, top)


def _child(request: dict, install: Callable[[dict], None], write_fd: int, folder: str) -> None:
    """Install the implementation, run pytest, stream events; always ends with ``os._exit``.

    The run works in ``folder``, its own and empty, which is also its ``TMPDIR``.
    """
    code = 0
    try:
        _only_descriptors(write_fd)
        os.chdir(folder)
        os.environ["TMPDIR"] = folder
        tempfile.tempdir = folder
        sys.stdout = sys.stderr = io.StringIO()  # the student's prints go nowhere
        sys.stdin = io.StringIO()
        if "code" in request:
            install_code(request["code"], request["where"])
        else:
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

    plugin = _Reporter(stream, float(request["test_seconds"]))
    folder = request["tests"]
    args = [folder, f"--rootdir={folder}", f"--confcutdir={folder}", "-c", request["ini"]]
    pytest.main([*args, *PYTEST_OPTIONS], plugins=[plugin])


class _Reporter:
    """The pytest plugin of a run: times each test and streams its result."""

    def __init__(self, stream: _Stream, seconds: float):
        self.stream = stream
        self.seconds = seconds
        self.failed: set[str] = set()
        self.skipped: set[str] = set()
        self.started = 0.0

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
