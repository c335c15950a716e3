"""The worker process as the judge sees it: start, confine, ask with a time limit, replace.

A worker runs from the private tree of its grading run (:mod:`cardlab.worker.sandbox`), with
a scrubbed environment, no standard input and its own output thrown away (student
output is captured per call inside the worker). Its first request makes it lock
itself in (:mod:`cardlab.worker.confine`); the layers it got are kept for the report.

Every request has a deadline, and so has the worker as a whole. A worker that misses
one, dies, or sends something that is not a well-formed answer to the request just
made (a second answer included) is killed with its whole process group, and with
its PID namespace when it has one, and replaced by a fresh one at the next request;
the request that saw it fail raises :class:`WorkerFailure` with a cause a student
understands.

A worker is either a new Python process, or a child forked from the tree's zygote
(:mod:`cardlab.worker.forkserver`), which is cheaper and starts from the same clean state
every time; both are confined and composed the same way.

Started as root, each worker runs as a user id of its own, and once it has ended the
judge removes whatever that user left behind (:mod:`cardlab.worker.leftovers`), unless
the worker had its own PID and IPC namespaces and a private root: then its processes,
IPC objects and scratch files ended with those, and there is nothing to sweep. Where
the worker gets no private root, the instructor's folders it must never read
(:attr:`WorkerSetup.guarded`) are checked: if other users can read them, grading stops
with :class:`UnsafeToGrade`, whose message says what to change.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import CardlabError
from .compose import Composition
from .confine import OWN_IPC, PID_NAMESPACE, PRIVATE_ROOT
from .forkserver import (
    ForkedWorker,
    ForkServer,
    ForkServerGone,
    start_runtime,
    worker_environment,
)
from .leftovers import sweep
from .portable import portable, spawn
from .sandbox import Limits, WorkerTree, as_root, exposed, fresh_user, worker_interpreter
from .untrusted import clean_answer
from .wire import (
    ChannelClosed,
    FrameReader,
    FrameTimeout,
    ProtocolError,
    encode_frame,
    from_json,
    write_all,
    write_frame,
)

_WRITE_AT_ONCE = 16384
"""Bytes of requests written together at most: well within a Linux pipe's buffer (64 KB),
so that the write never waits for the worker, which may be writing answers the judge
reads after. (The portable path's judge reads answers in a thread of its own, so a
smaller pipe there only makes the write wait for the worker to read.)"""
_CONTAINED = frozenset({PID_NAMESPACE, OWN_IPC, PRIVATE_ROOT})
"""Layers under which nothing of the worker outlives it: no sweep is needed after it."""
_CRASH_HINTS = {
    getattr(signal, name): hint
    for name, hint in (
        ("SIGSEGV", " (too deep a recursion, or too much memory?)"),
        ("SIGKILL", " (too much memory, or it used up its processor time?)"),
        ("SIGABRT", " (too deep a recursion, or too much memory?)"),
        ("SIGXCPU", " (it used up its processor time)"),
        ("SIGXFSZ", " (it wrote too large a file)"),
    )
    if hasattr(signal, name)  # Windows has only some of them
}
_CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
"""Units of a process's times in ``/proc/<pid>/stat``."""


def processor_seconds_of(pid: int) -> float:
    """The processor time of process ``pid`` and of every live process below it.

    Read from ``/proc``: each process's user and system time, with the children it has
    waited for; a process that ended unwaited is counted by whoever reaps it. Processes
    that cannot be read (ended meanwhile, or no ``/proc`` at all) count 0.
    """
    total, pending, seen = 0.0, [pid], set()
    while pending:
        current = pending.pop()
        if current in seen:
            continue
        seen.add(current)
        try:
            stat = Path(f"/proc/{current}/stat").read_text()
        except OSError:
            continue
        # The fields after the command's closing parenthesis start at field 3 (state):
        # utime, stime, cutime and cstime are fields 14 to 17.
        times = stat.rsplit(")", 1)[-1].split()[11:15]
        total += sum(int(value) for value in times) / _CLOCK_TICKS
        pending.extend(_children_of(current))
    return total


def _children_of(pid: int) -> list[int]:
    """The live children of every thread of process ``pid`` (none if it cannot be read)."""
    tasks = Path(f"/proc/{pid}/task")
    try:
        threads = os.listdir(tasks)
    except OSError:
        return []
    children = []
    for thread in threads:
        with contextlib.suppress(OSError, ValueError):
            children += [int(child) for child in (tasks / thread / "children").read_text().split()]
    return children


class WorkerFailure(Exception):
    """The worker did not answer: it timed out, ended, or broke the protocol."""


class UnsafeToGrade(CardlabError):
    """This machine cannot run student code without exposing the instructor's files."""


@dataclass(frozen=True)
class WorkerSetup:
    """Everything needed to start a worker for one submission.

    Attributes:
        composition: Where each module of the package comes from.
        codec: The assignment's codec file, if it has one.
        output_bytes: Student output kept per call.
        limits: The limits every worker runs under.
        guarded: Folders the worker must never read (hidden tests, reference source).
    """

    composition: Composition
    codec: Path | None
    output_bytes: int
    limits: Limits = field(default_factory=Limits)
    guarded: tuple[Path, ...] = ()


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


@dataclass(frozen=True)
class Isolation:
    """The confinement layers a worker got, and one note per layer it did not get."""

    applied: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()


class WorkerProcess:
    """One running worker.

    Args:
        setup: The submission's setup (output cap, limits).
        tree: The grading run's private tree, which the worker loads everything from.
        forks: The tree's fork server, to fork the worker from its clean zygote; None
            starts the worker as a new Python process.
    """

    def __init__(
        self,
        setup: WorkerSetup,
        tree: WorkerTree,
        forks: ForkServer | None = None,
        import_seed: int = 0,
    ) -> None:
        """Start a worker (its start-up is not yet waited for).

        ``import_seed`` seeds ``random`` while the student's modules are imported, so a
        draw at import time is as unpredictable to students as the judge makes it.

        Raises:
            WorkerFailure: ``forks`` was given and its zygote could not fork.
        """
        self.setup = setup
        self.tree = tree
        self.import_seed = import_seed
        self.home = tempfile.TemporaryDirectory(prefix="cardlab-worker-")
        self.isolation = Isolation()
        self.init_pid: int | None = None
        self.ends_at = time.monotonic() + setup.limits.worker_seconds
        if portable():  # no user to switch to (Windows has no user ids), nothing to sweep
            self.user = 0
        else:
            self.user = setup.limits.user if setup.limits.user is not None else fresh_user()
        self.process: subprocess.Popen | ForkedWorker
        if portable():
            interpreter = worker_interpreter()
            self.process, self.to_worker, self.from_worker, self.reader = spawn(
                [interpreter.executable, "-S", "-s", "-P", "-B", "-m", "cardlab.worker.serve"],
                self.home.name,
                worker_environment(self.home.name, tree.lib, interpreter.home),
            )
        else:
            self._start_on_pipes(forks)
        self.requests = 0
        self.dead = False
        self.launched = False
        self.guarded_exposed = False
        self.confined = False
        self._start_error: WorkerFailure | UnsafeToGrade | None = None
        self.started = False

    def _start_on_pipes(self, forks: ForkServer | None) -> None:
        """Start the worker with the channel on two pipes: forked or spawned (Linux)."""
        to_worker_read, self.to_worker = os.pipe()
        self.from_worker, from_worker_write = os.pipe()
        try:
            if forks is None:
                self.process = self._spawn(to_worker_read, from_worker_write)
            else:
                self.process = forks.fork(self.home.name, to_worker_read, from_worker_write)
        except ForkServerGone as gone:
            for fd in (self.to_worker, self.from_worker):
                os.close(fd)
            self.home.cleanup()
            raise WorkerFailure(f"the worker could not start: {gone}") from None
        finally:
            os.close(to_worker_read)
            os.close(from_worker_write)
        self.reader = FrameReader(self.from_worker)

    def _spawn(self, read_fd: int, write_fd: int) -> subprocess.Popen:
        """A worker started as a new Python process (no fork server)."""
        fds = (read_fd, write_fd)
        return start_runtime("cardlab.worker.serve", fds, self.home.name, self.tree.lib)

    def start(self) -> None:
        """Confine the worker, then compose the package in it, within its start-up limit.

        Raises:
            WorkerFailure: A worker that cannot start, or a module that hangs or ends
                the worker while loading.
            UnsafeToGrade: The worker would run as root, or could read a guarded folder.
        """
        self.launch()
        self.finish_start()

    def launch(self) -> None:
        """Send the start-up requests (confine, then compose) without waiting for answers.

        The worker carries them out on its own while the judge does other work; a later
        :meth:`finish_start` reads the answers. Launching twice sends nothing more. Where
        the worker could read a guarded folder unless it gets a private root (a judge
        running as root, with folders other users can read), composing (which loads
        student code) waits for the confinement's answer.
        """
        if self.launched:
            return
        self.launched = True
        plan = self.setup.limits.plan(self.tree, Path(self.home.name), self.user)
        self._send({"op": "confine", "plan": plan.to_message()})
        self.guarded_exposed = as_root() and bool(exposed(self.setup.guarded))
        if not self.guarded_exposed:
            self._send(self._init_request())

    def finish_start(self) -> None:
        """Wait for the answers to :meth:`launch`'s requests, within the start-up limit.

        Raises:
            WorkerFailure: A worker that cannot start, or a module that hangs or ends
                the worker while loading.
            UnsafeToGrade: The worker would run as root, or could read a guarded folder.
        """
        if self.started:
            return
        self.launch()
        if self._start_error is not None:
            raise self._start_error
        seconds = self.setup.limits.start_seconds
        if not self.confined:
            self._take_confinement(seconds)
        self._expect_ok(self._receive(2, seconds))
        self.started = True

    def advance(self) -> None:
        """Carry a launched worker's start-up on as far as it goes without waiting.

        Where composing waits for the confinement's answer (see :meth:`launch`), a
        worker started ahead would load the student's modules only once it is needed.
        Once that answer has come, this checks it and sends the composing request, so
        that composing too runs while the judge works. What goes wrong here is raised
        by :meth:`finish_start`.
        """
        if not self.launched or self.confined or self.dead or self._start_error is not None:
            return
        if self.reader.waiting():
            try:
                self._take_confinement(self.setup.limits.start_seconds)
            except (WorkerFailure, UnsafeToGrade) as error:
                self._start_error = error

    def _take_confinement(self, seconds: float) -> None:
        """Read the confinement's answer; compose now if that waited for it."""
        answer = self._receive(1, seconds)
        raised = answer.get("raised")
        if isinstance(raised, dict) and "cardlab.worker.confine.Refused" in raised["types"]:
            self.kill()
            raise UnsafeToGrade(f"cannot grade safely here: {raised['message']}")
        confined = from_json(self._expect_ok(answer))
        self.isolation = Isolation(tuple(confined["applied"]), tuple(confined["missing"]))
        if PID_NAMESPACE in self.isolation.applied:
            self.init_pid = self._first_child()
        if self.guarded_exposed:
            self._check_guarded()
            self._send(self._init_request())
        self.confined = True

    def _init_request(self) -> dict:
        return {
            "op": "init",
            "composition": self.tree.composition.to_message(),
            "codec": str(self.tree.codec) if self.tree.codec else None,
            "output_bytes": self.setup.output_bytes,
            "seed": self.import_seed,
        }

    def _send(self, message: dict) -> None:
        """Write one request; a worker already gone is found out when its answer is read."""
        self.requests += 1
        message["id"] = self.requests
        with contextlib.suppress(BrokenPipeError):
            write_frame(self.to_worker, message)

    def _check_guarded(self) -> None:
        """Stop when the worker, with no private root, could read a guarded folder.

        Only a judge running as root can run the worker as another user, whom other
        users' rights bind; as an ordinary user, the report's isolation notes say that
        the worker sees the file system as its user may.
        """
        if PRIVATE_ROOT in self.isolation.applied:
            return
        readable = exposed(self.setup.guarded)
        if readable:
            self.kill()
            raise UnsafeToGrade(
                f"cannot grade safely here: the worker gets no private root on this machine, "
                f"and other users can read {readable[0]}; remove their access "
                f"(chmod -R go-rwx {readable[0]}) and grade again"
            )

    def _expect_ok(self, answer: dict) -> Any:
        if "ok" not in answer:
            self.kill()
            raise WorkerFailure(f"the worker could not start: {answer.get('raised')}")
        return answer["ok"]

    def processor_seconds(self) -> float:
        """The processor time the worker and its live processes have used (0 once ended)."""
        return 0.0 if self.dead else processor_seconds_of(self.process.pid)

    def _first_child(self) -> int | None:
        """The worker's child, the first process of its PID namespace."""
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        try:
            return int(children.read_text().split()[0])
        except (OSError, IndexError, ValueError):
            return None

    def request(self, message: dict, seconds: float) -> dict:
        """Send one request and wait at most ``seconds`` for its answer.

        Raises:
            WorkerFailure: On a timeout, a worker that ended, or a malformed answer;
                the worker is killed before this is raised.
        """
        self._write(self._numbered_frame(message))
        return self._receive(self.requests, seconds)

    def exchange(self, messages: list[dict], seconds: float) -> Iterator[dict]:
        """Send ``messages`` together and yield their answers in order.

        The requests go in as few writes as the pipe takes at once (the worker then
        answers them one after another without waiting for the judge), so a run of
        calls whose answers the judge reads later costs one round trip. Each answer
        gets ``seconds`` from the moment the judge starts waiting for it. The caller
        must read every answer (or let the worker be killed by a failure).

        Raises:
            WorkerFailure: As :meth:`request` does; the worker is killed before.
        """
        frames = [self._numbered_frame(message) for message in messages]
        start = self.requests - len(frames) + 1
        for first, last in _chunks([len(frame) for frame in frames], _WRITE_AT_ONCE):
            self._write(b"".join(frames[first:last]))
            for number in range(start + first, start + last):
                yield self._receive(number, seconds)

    def _numbered_frame(self, message: dict) -> bytes:
        """The frame of ``message``, given the next request number as its ``id``."""
        self.requests += 1
        message["id"] = self.requests
        return encode_frame(message)

    def _write(self, data: bytes) -> None:
        """Write request frames to the worker."""
        if self.dead:
            raise WorkerFailure("the worker had already stopped")
        try:
            write_all(self.to_worker, data)
        except BrokenPipeError:
            raise WorkerFailure(self._ending()) from None
        except BaseException:
            self.kill()  # interrupted mid-request (a test's own time limit): never reuse
            raise

    def _receive(self, number: int, seconds: float) -> dict:
        """The answer to request ``number``, which must be the only frame waiting.

        Raises:
            WorkerFailure: On a timeout, a worker that ended, or a malformed answer;
                the worker is killed before this is raised.
        """
        if self.dead:
            raise WorkerFailure("the worker had already stopped")
        now = time.monotonic()
        try:
            answer = self.reader.read(min(now + seconds, self.ends_at))
            if answer.get("id") != number:
                raise ProtocolError("an answer to another request")
            if self.reader.buffer and number == self.requests:
                raise ProtocolError("more than one answer to a request")
            return clean_answer(answer, self.setup.output_bytes, self.reader.last_frame)
        except FrameTimeout:
            self.kill()
            if now + seconds > self.ends_at:
                raise WorkerFailure(
                    f"the worker reached its limit of {self.setup.limits.worker_seconds:g} s in all"
                ) from None
            raise WorkerFailure(
                f"your code did not finish within {seconds:g} s "
                "(an endless loop, or waiting for input?)"
            ) from None
        except (BrokenPipeError, ChannelClosed):
            raise WorkerFailure(self._ending()) from None
        except ProtocolError as error:
            self.kill()
            raise WorkerFailure(
                f"the worker sent a malformed answer ({error}): a protocol error that only "
                "code in the worker can cause, so the test gets no credit"
            ) from None
        except BaseException:
            self.kill()  # interrupted mid-request (a test's own time limit): never reuse
            raise

    def _ending(self) -> str:
        """Why the worker stopped, once it has."""
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            code = None
        self.kill()
        if code is None:
            return "the worker stopped answering"
        if code < 0:
            return f"the worker crashed with {_signal_name(-code)}{_CRASH_HINTS.get(-code, '')}"
        return f"your code ended the worker process (exit status {code}, e.g. os._exit)"

    def kill(self) -> None:
        """Kill the worker and every process it started."""
        if self.dead:
            return
        self.dead = True
        if self.init_pid is not None:  # its namespace dies with it, however its processes hid
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(self.init_pid, signal.SIGKILL)
        if portable():  # no process groups to kill: the worker alone
            assert isinstance(self.process, subprocess.Popen), "a portable worker is a child"
            with contextlib.suppress(OSError):
                self.process.kill()
        else:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signal.SIGKILL)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(self.process.pid, signal.SIGKILL)
        if isinstance(self.process, ForkedWorker):
            self.process.reap_later()  # the zygote reaps it while the judge goes on
        else:
            self.process.wait()
        for fd in (self.to_worker, self.from_worker):
            with contextlib.suppress(OSError):
                os.close(fd)
        if not _CONTAINED.issubset(self.isolation.applied):
            sweep(self.user)  # its processes, IPC objects and files could outlive it
        self.home.cleanup()


def _chunks(sizes: list[int], most: int) -> Iterator[tuple[int, int]]:
    """``(first, last)`` index ranges of ``sizes`` whose sum stays within ``most``.

    A size over ``most`` makes a range of its own.
    """
    first, total = 0, 0
    for index, size in enumerate(sizes):
        if index > first and total + size > most:
            yield first, index
            first, total = index, 0
        total += size
    if sizes:
        yield first, len(sizes)
