"""The worker on any system: a start, a channel and an end that need nothing of Linux.

On Linux the worker gets its channel as two inherited pipe descriptors, reads them with
``select``, confines itself with namespaces, resource limits and a system call filter, and
the judge kills its whole process group. None of that exists on Windows, and little of
it on macOS. The portable path, taken off Linux or wherever ``CARDLAB_PORTABLE=1`` is
set (so Linux can test it), replaces each piece:

* the worker is spawned (never forked) with ``serve stdio``: the channel is its standard
  input and output, which it moves to fresh descriptors at once, pointing descriptors 0
  and 1 at the null device so student code writing there cannot reach the channel;
* the judge reads the channel in a thread of its own (:class:`ThreadedReader`): waiting
  with a deadline needs no ``select`` on pipes, which Windows lacks; the worker reads with
  plain blocking reads (:class:`BlockingReader`);
* time limits stay the judge's: a call that misses its deadline gets the worker killed
  (``Popen.kill``), no signals needed in the worker;
* the worker confines nothing: it answers the confinement request with every layer
  missing, which the report states. Grading is the same, protection is weaker; students
  run their own code on their own computers, and instructors grade on Linux.
"""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time

from .wire import ChannelClosed, FrameReader, FrameTimeout

SETTING = "CARDLAB_PORTABLE"
"""The environment variable that forces the portable path on Linux (``1``)."""
STDIO = "stdio"
"""The worker's argument that says its channel is its standard input and output."""
NOT_CONFINED = (
    "confinement: not on this system (the portable worker: no private root, namespaces, "
    "resource limits or system call filter)"
)
"""The report's note for a portable worker."""
_READ_SIZE = 1 << 16


def _binary(*fds: int) -> None:
    """On Windows, make descriptors carry bytes untranslated (no CRLF for LF)."""
    if sys.platform == "win32":
        import msvcrt

        for fd in fds:
            msvcrt.setmode(fd, os.O_BINARY)


def portable() -> bool:
    """Whether workers take the portable path here."""
    return os.environ.get(SETTING) == "1" or not sys.platform.startswith("linux")


class ThreadedReader(FrameReader):
    """Frames from a pipe that a thread of the judge reads, waiting with a deadline.

    Args:
        fd: The descriptor to read (left blocking); the thread ends when it closes.
    """

    def __init__(self, fd: int) -> None:
        """Start reading ``fd`` in a daemon thread."""
        self.fd = fd
        self.buffer = bytearray()
        self.last_frame = b""
        self.chunks: queue.SimpleQueue[bytes] = queue.SimpleQueue()
        threading.Thread(target=self._pump, name="cardlab-channel", daemon=True).start()

    def _pump(self) -> None:
        while True:
            try:
                chunk = os.read(self.fd, _READ_SIZE)
            except OSError:
                chunk = b""
            self.chunks.put(chunk)
            if not chunk:
                return

    def _fill(self, deadline: float | None) -> None:
        timeout = None if deadline is None else deadline - time.monotonic()
        if timeout is not None and timeout <= 0:
            raise FrameTimeout()
        try:
            chunk = self.chunks.get(timeout=timeout)
        except queue.Empty:
            raise FrameTimeout() from None
        if not chunk:
            self.chunks.put(chunk)  # every later read sees the end too
            raise ChannelClosed("the channel was closed")
        self.buffer += chunk


class BlockingReader(FrameReader):
    """Frames from a descriptor read with plain blocking reads (the worker's side)."""

    def __init__(self, fd: int) -> None:
        """Read from ``fd``, left blocking."""
        self.fd = fd
        self.buffer = bytearray()
        self.last_frame = b""

    def _fill(self, deadline: float | None) -> None:
        chunk = os.read(self.fd, _READ_SIZE)
        if not chunk:
            raise ChannelClosed("the channel was closed")
        self.buffer += chunk


def spawn(
    command: list[str], cwd: str, env: dict[str, str]
) -> tuple[subprocess.Popen, int, int, FrameReader]:
    """Start a worker whose channel is its standard input and output.

    Args:
        command: The interpreter and its arguments up to the module to run; ``stdio``
            is appended.
        cwd: The worker's working folder.
        env: The worker's whole environment.

    Returns:
        The process, the descriptor to write requests to, the one answers come from, and
        the reader of the answers.
    """
    process = subprocess.Popen(
        [*command, STDIO],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=cwd,
        env=env,
    )
    assert process.stdin is not None and process.stdout is not None, "both are pipes"
    to_worker = os.dup(process.stdin.fileno())
    from_worker = os.dup(process.stdout.fileno())
    process.stdin.close()
    process.stdout.close()
    _binary(to_worker, from_worker)
    return process, to_worker, from_worker, ThreadedReader(from_worker)


def serve_on_stdio() -> tuple[int, int, FrameReader]:
    """The worker's side: move the channel off descriptors 0 and 1, which student code can reach.

    Returns:
        The descriptor requests come from, the one answers go to, and the reader.
    """
    read_fd, write_fd = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.close(null)
    _binary(read_fd, write_fd)
    return read_fd, write_fd, BlockingReader(read_fd)
