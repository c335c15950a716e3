"""The fork server (zygote): a clean process that forks one fresh worker per request.

Started by the judge as ``python -S -s -P -B -m cardlab.worker.zygote CONTROL_FD`` from the
grading run's private tree, with the same scrubbed environment as a worker. It imports
the worker's runtime (:mod:`cardlab.worker.serve` and what that imports) and, for the runs
of a student's own tests (``CONTROL_FD TESTLIB HYPOTHESIS``), pytest from the tree's
``TESTLIB`` folder and hypothesis when ``HYPOTHESIS`` is ``1`` (trusted libraries, the
same for every run: see :func:`cardlab.worker.student_tests.prepare`), then waits on
its control socket, a ``SOCK_SEQPACKET`` socket from the judge, for three requests:

* ``fork`` (with the new worker's two channel descriptors attached, and its home
  folder): fork a child, answer with its process id. The child becomes a worker
  exactly as a started one: the judge sends it ``confine`` first
  (:mod:`cardlab.worker.confine`, every layer applied to this child alone: its own
  namespaces, its own user id, its own limits and system call filter), then ``init``,
  which loads the student's modules.
* ``wait`` (a process id and seconds): the child's exit status once it has ended, or
  None when it is still running after that long.
* ``reap`` (a process id): wait for the child, which the judge has killed, and answer
  its exit status.

The zygote never loads student code and never reads anything a child writes: its only
contact with a child is the child's exit status. So every child starts from the same
state, the state of a process that has imported nothing but the standard library and
the runtime. A child reaches nothing of the zygote's but its memory as it was at the
fork (runtime modules, and no secret: the zygote holds none); it reseeds ``random``
from the system before anything else, and every request then seeds it afresh. A child
is reaped only when the judge asks, so its process id is never reused while the judge
may still signal it. The zygote is killed when the judge ends, and each child
when the zygote ends (``PR_SET_PDEATHSIG``), so a judge killed mid-grading leaves no worker
running, though each worker leads a process group of its own.

Only the standard library and the runtime are used: this module runs in the private tree.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import json
import os
import random
import socket
import sys
import time

from . import canary, confine, serve, student_tests

MESSAGE_BYTES = 65536
"""The largest request or answer on the control socket."""

_POLL_SECONDS = 0.005

PRELOADED = ("argparse",)
"""Standard-library modules the assignments' programs import and the runtime does not:
imported once here, so that no worker spends a millisecond importing them again."""


def _exit_code(status: int) -> int:
    """The exit status as :class:`subprocess.Popen` gives it (a signal as its negative)."""
    return os.waitstatus_to_exitcode(status)


def _wait(pid: int, seconds: float | None) -> int | None:
    """The child's exit code, waiting at most ``seconds`` (None: as long as it takes)."""
    if seconds is None:
        return _exit_code(os.waitpid(pid, 0)[1])
    ends = time.monotonic() + seconds
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return _exit_code(status)
        if time.monotonic() >= ends:
            return None
        time.sleep(_POLL_SECONDS)


def _become_worker(
    control: socket.socket, read_fd: int, write_fd: int, home: str, zygote: int
) -> None:
    """In the forked child: leave the zygote behind and serve as a worker; never return.

    The child ends with the zygote, as the zygote ends with the judge, so that a judge
    that is killed takes every worker along, wherever their process groups are.
    """
    code = 1
    try:
        confine.die_with_parent(zygote)
        os.setsid()
        control.close()
        kept = sorted((0, 1, 2, read_fd, write_fd))
        for low, high in zip(kept, [*kept[1:], os.sysconf("SC_OPEN_MAX")], strict=True):
            os.closerange(low + 1, high)
        os.chdir(home)
        os.environ["HOME"] = home
        sys.argv = [serve.__file__, str(read_fd), str(write_fd)]  # as a started worker's
        random.seed()  # from the system (each request then seeds it as the judge says)
        serve.Worker(read_fd, write_fd).serve()
        code = 0
    finally:
        os._exit(code)


def _answer(control: socket.socket, request: dict, fds: list[int]) -> dict:
    op = request.get("op")
    if op == "fork":
        read_fd, write_fd = fds
        zygote = os.getpid()
        pid = os.fork()
        if pid == 0:
            _become_worker(control, read_fd, write_fd, request["home"], zygote)
        for fd in fds:
            os.close(fd)
        return {"pid": pid}
    for fd in fds:
        os.close(fd)
    if op == "wait":
        return {"status": _wait(int(request["pid"]), float(request["seconds"]))}
    if op == "reap":
        return {"status": _wait(int(request["pid"]), None)}
    raise ValueError(f"unknown request {op!r}")


def serve_forks(control: socket.socket) -> None:
    """Answer the judge's requests until it closes the control socket."""
    while True:
        data, fds, _, _ = socket.recv_fds(control, MESSAGE_BYTES, 2)
        if not data:
            return
        try:
            answer = _answer(control, json.loads(data), fds)
        except (OSError, ValueError, KeyError) as error:
            answer = {"error": f"{type(error).__name__}: {error}"}
        with contextlib.suppress(OSError):  # the judge left: still reap what it asked to
            control.send(json.dumps(answer).encode())


def main(argv: list[str] | None = None) -> None:
    """Serve forks on the control socket named on the command line."""
    import site  # started with -S: add only exit() and quit(), as a worker does

    site.setquit()
    sys.dont_write_bytecode = True
    control_fd, *testlib = argv or sys.argv[1:]
    confine.die_with_parent()  # a judge that is killed takes the zygote along
    for name in PRELOADED:
        importlib.import_module(name)
    if testlib:
        folder, hypothesis = testlib
        student_tests.prepare(folder, hypothesis == "1")
    canary.note_runtime()
    gc.freeze()  # a worker's collections skip what it shares with the zygote (no copying)
    serve_forks(socket.socket(fileno=int(control_fd)))


if __name__ == "__main__":
    main()
