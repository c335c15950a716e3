"""The worker process as the judge sees it: start, ask with a time limit, replace.

Every request has a deadline. A worker that misses it, dies, or sends something
that is not a well-formed message is killed with its whole process group and
replaced by a fresh one at the next request; the request that saw it fail raises
:class:`WorkerFailure` with a cause a student understands.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import cardlab

from .compose import Composition
from .wire import ChannelClosed, FrameReader, FrameTimeout, ProtocolError, write_frame

_START_SECONDS = 10.0


class WorkerFailure(Exception):
    """The worker did not answer: it timed out, ended, or broke the protocol."""


@dataclass(frozen=True)
class WorkerSetup:
    """Everything needed to start a worker for one submission.

    Attributes:
        composition: Where each module of the package comes from.
        codec: The assignment's codec file, if it has one.
        output_bytes: Student output kept per call.
    """

    composition: Composition
    codec: Path | None
    output_bytes: int


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _worker_environment(home: str) -> dict[str, str]:
    """A small, fixed environment: nothing of the judge's leaks in."""
    return {
        "PATH": os.defpath,
        "HOME": home,
        "LANG": "C.UTF-8",
        "PYTHONHASHSEED": "0",
        "PYTHONIOENCODING": "utf-8",
        "PYTHONPATH": str(Path(cardlab.__file__).resolve().parent.parent),
    }


class WorkerProcess:
    """One running worker."""

    def __init__(self, setup: WorkerSetup) -> None:
        """Start a worker and send it the composition (not yet waited for)."""
        self.setup = setup
        self.home = tempfile.TemporaryDirectory(prefix="cardlab-worker-")
        to_worker_read, self.to_worker = os.pipe()
        self.from_worker, from_worker_write = os.pipe()
        self.process = subprocess.Popen(
            [sys.executable, "-s", "-P", "-m", "cardlab.worker",
             str(to_worker_read), str(from_worker_write)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=(to_worker_read, from_worker_write),
            cwd=self.home.name,
            env=_worker_environment(self.home.name),
            start_new_session=True,
        )
        os.close(to_worker_read)
        os.close(from_worker_write)
        self.reader = FrameReader(self.from_worker)
        self.requests = 0
        self.dead = False

    def start(self, seconds: float = _START_SECONDS) -> None:
        """Compose the package in the worker; a broken setup raises WorkerFailure."""
        answer = self.request(
            {
                "op": "init",
                "composition": self.setup.composition.to_message(),
                "codec": str(self.setup.codec) if self.setup.codec else None,
                "output_bytes": self.setup.output_bytes,
            },
            seconds,
        )
        if "ok" not in answer:
            self.kill()
            raise WorkerFailure(f"the worker could not start: {answer.get('raised')}")

    def request(self, message: dict, seconds: float) -> dict:
        """Send one request and wait at most ``seconds`` for its answer.

        Raises:
            WorkerFailure: On a timeout, a worker that ended, or a malformed answer;
                the worker is killed before this is raised.
        """
        if self.dead:
            raise WorkerFailure("the worker had already stopped")
        self.requests += 1
        message["id"] = self.requests
        try:
            write_frame(self.to_worker, message)
            answer = self.reader.read(time.monotonic() + seconds)
            if answer.get("id") != self.requests:
                raise ProtocolError("an answer to another request")
            return answer
        except FrameTimeout:
            self.kill()
            raise WorkerFailure(
                f"your code did not finish within {seconds:g} s "
                "(an endless loop, or waiting for input?)"
            ) from None
        except (BrokenPipeError, ChannelClosed):
            raise WorkerFailure(self._ending()) from None
        except ProtocolError as error:
            self.kill()
            raise WorkerFailure(f"the worker sent a malformed answer ({error})") from None
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
            hint = " (too deep a recursion, or too much memory?)" if code in (-11, -9, -6) else ""
            return f"the worker crashed with {_signal_name(-code)}{hint}"
        return f"your code ended the worker process (exit status {code}, e.g. os._exit)"

    def kill(self) -> None:
        """Kill the worker and every process it started."""
        if self.dead:
            return
        self.dead = True
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        for fd in (self.to_worker, self.from_worker):
            with contextlib.suppress(OSError):
                os.close(fd)
        self.home.cleanup()
