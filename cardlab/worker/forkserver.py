"""The judge's side of the fork server: fresh workers forked from a clean zygote.

Starting a worker as a new Python process costs an interpreter's start-up and the
import of the worker's runtime every time; a tournament, which gives every game a fresh
worker so that no game learns from another, pays it hundreds of times per submission. A
:class:`ForkServer` starts one zygote per private tree (:mod:`cardlab.worker.zygote`), a
process that has imported the runtime and nothing else, and asks it for a forked child
per worker. The child goes on as a started worker would: the judge confines it, then
composes the package in it, each time from the zygote's unchanged state, so no game sees
anything of another.

The zygote runs the judge's trusted code only, as the judge's user and unconfined, so
that it can give each child new namespaces and, started as root, a user id of its own.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import threading
from pathlib import Path

from .sandbox import WorkerTree, worker_interpreter
from .zygote import MESSAGE_BYTES

_ANSWER_SECONDS = 30.0
"""How long the zygote may take over one request (it only forks and waits)."""


class ForkServerGone(OSError):
    """The zygote did not answer (it ended, or was killed)."""


def worker_environment(home: str, lib: Path, python_home: str | None) -> dict[str, str]:
    """A small, fixed environment for the worker: nothing of the judge's leaks in."""
    environment = {
        "PATH": os.defpath,
        "HOME": home,
        "LANG": "C.UTF-8",
        "PYTHONHASHSEED": "0",
        "PYTHONIOENCODING": "utf-8",
        "PYTHONPATH": str(lib),
    }
    if python_home is not None:
        environment["PYTHONHOME"] = python_home
    if os.name == "nt":  # Windows' own libraries need it to start a Python at all
        environment["SYSTEMROOT"] = os.environ.get("SYSTEMROOT", r"C:\Windows")
    return environment


def start_runtime(
    module: str, fds: tuple[int, ...], home: str, lib: Path, args: tuple[str, ...] = ()
) -> subprocess.Popen:
    """Run a module of the worker's runtime (``python -m``) from a private tree.

    The interpreter skips ``site`` and the user's site folder, puts neither the current
    folder nor the script's on the import path, and writes no bytecode; it gets the
    descriptors ``fds`` (named on its command line, before ``args``), no standard input
    or output, its own session, and :func:`worker_environment`.
    """
    interpreter = worker_interpreter()
    command = [interpreter.executable, "-S", "-s", "-P", "-B", "-m", module, *map(str, fds)]
    return subprocess.Popen(
        [*command, *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        pass_fds=fds,
        cwd=home,
        env=worker_environment(home, lib, interpreter.home),
        start_new_session=True,
    )


class ForkedWorker:
    """A worker forked by the zygote, with the parts of :class:`subprocess.Popen` in use.

    The zygote is its parent, so waiting for it is a request to the zygote; it stays
    unreaped (its process id reserved) until :meth:`wait` has seen it end.
    """

    def __init__(self, server: ForkServer, pid: int) -> None:
        """Name the child ``pid`` of ``server``'s zygote."""
        self.server = server
        self.pid = pid
        self.zygote = server.started
        self.returncode: int | None = None

    def wait(self, timeout: float | None = None) -> int:
        """The child's exit code, as :meth:`subprocess.Popen.wait` gives it.

        Raises:
            subprocess.TimeoutExpired: Still running after ``timeout`` seconds.
        """
        if self.returncode is not None:
            return self.returncode
        if self.zygote != self.server.started or self.server.control is None:
            self.returncode = -9  # its zygote has ended: the system reaped it
            return self.returncode
        try:
            if timeout is None:
                status = self.server.ask({"op": "reap", "pid": self.pid})["status"]
            else:
                request = {"op": "wait", "pid": self.pid, "seconds": timeout}
                status = self.server.ask(request, timeout + _ANSWER_SECONDS)["status"]
        except ForkServerGone:  # the zygote is gone, and the system reaped the child
            status = -9
        if status is None:
            raise subprocess.TimeoutExpired(f"worker {self.pid}", timeout or 0.0)
        self.returncode = int(status)
        return self.returncode

    def reap_later(self) -> None:
        """Have the zygote reap the child, which the judge has killed, without waiting.

        The child's process id stays reserved until then, and the judge never signals it
        again; the zygote's answer is read before the next request's.
        """
        if self.returncode is None and self.zygote == self.server.started:
            self.returncode = -9
            self.server.send_only({"op": "reap", "pid": self.pid})


class ForkServer:
    """A zygote for one private tree, started on first use.

    Its requests may come from several threads of the judge: one at a time goes to the
    zygote.

    Args:
        tree: The grading run's private tree; the zygote and every child load from it.
        preload: The zygote's arguments after its control descriptor (see
            :mod:`cardlab.worker.zygote`): what it imports for the runs of student tests.
    """

    def __init__(self, tree: WorkerTree, preload: tuple[str, ...] = ()) -> None:
        """Prepare; the zygote starts at the first fork (``started`` counts zygotes)."""
        self.tree = tree
        self.preload = preload
        self.lock = threading.RLock()
        self.control: socket.socket | None = None
        self.process: subprocess.Popen | None = None
        self.started = 0
        self.unread = 0

    def _start(self) -> socket.socket:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        fds = (theirs.fileno(),)
        self.process = start_runtime("cardlab.worker.zygote", fds, "/", self.tree.lib, self.preload)
        theirs.close()
        self.control = ours
        self.started += 1
        return ours

    def fork(self, home: str, read_fd: int, write_fd: int) -> ForkedWorker:
        """A new worker reading requests on ``read_fd`` and answering on ``write_fd``.

        A zygote that has ended is replaced once before giving up.

        Raises:
            ForkServerGone: Neither the zygote nor its replacement forked.
        """
        message = {"op": "fork", "home": home}
        try:
            answer = self.ask(message, fds=(read_fd, write_fd))
        except ForkServerGone:
            self.close()
            answer = self.ask(message, fds=(read_fd, write_fd))
        return ForkedWorker(self, int(answer["pid"]))

    def ask(self, request: dict, seconds: float = _ANSWER_SECONDS, fds: tuple = ()) -> dict:
        """Send one request to the zygote and return its answer.

        Raises:
            ForkServerGone: The zygote did not answer in time, or answered with an error.
        """
        with self.lock:
            return self._ask(request, seconds, fds)

    def _ask(self, request: dict, seconds: float, fds: tuple) -> dict:
        control = self.control or self._start()
        try:
            control.settimeout(seconds)
            socket.send_fds(control, [json.dumps(request).encode()], list(fds))
            while self.unread:  # answers to requests sent without waiting (reap_later)
                control.recv(MESSAGE_BYTES)
                self.unread -= 1
            data = control.recv(MESSAGE_BYTES)
        except OSError as error:
            raise ForkServerGone(f"the fork server did not answer ({error})") from None
        if not data:
            raise ForkServerGone("the fork server has ended")
        answer = json.loads(data)
        if "error" in answer:
            raise ForkServerGone(f"the fork server failed: {answer['error']}")
        return answer

    def send_only(self, request: dict) -> None:
        """Send a request whose answer is read (and dropped) before the next one's."""
        with self.lock:
            if self.control is None:
                return
            try:
                self.control.send(json.dumps(request).encode())
            except OSError:
                self.close()  # the next fork starts a new zygote
                return
            self.unread += 1

    def close(self) -> None:
        """End the zygote (its children are not touched: their owners kill them)."""
        with self.lock:
            self._close()

    def _close(self) -> None:
        if self.control is not None:
            self.control.close()
            self.control = None
        self.unread = 0
        if self.process is not None:
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    self.process.kill()
                self.process.wait()
            self.process = None
