"""A student's module that works for the processor time it is asked to, in its own
process or in one it leaves running, for the tests of the processor budget of a test."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from cardlab.judge.proxy import Student
from cardlab.worker.codec import load_codec
from cardlab.worker.compose import compose
from cardlab.worker.process import WorkerSetup
from support.call_limits import HONEST_CALL_SECONDS

WORK = '''
import os
import time


def work(seconds):
    """Use ``seconds`` of processor time here, then return."""
    started = time.process_time()
    while time.process_time() - started < seconds:
        pass


def work_elsewhere(seconds, grandchild=False):
    """Leave a process behind that uses ``seconds`` of processor time, and return at once."""
    if os.fork() == 0:
        if grandchild and os.fork() != 0:
            os._exit(0)
        work(seconds)
        os._exit(0)
    if grandchild:
        os.wait()


def pause(seconds):
    """Wait ``seconds`` without working."""
    time.sleep(seconds)
'''


@contextlib.contextmanager
def working_student(repo, folder: Path, budget: float | None, test_id: str) -> Iterator[Student]:
    """bisca with a ``play`` module of :data:`WORK`, in test ``test_id`` under ``budget``."""
    (folder / "play.py").write_text(WORK)
    reference = repo.reference_dir("bisca")
    codec_file = repo.graders_dir("bisca") / "codec.py"
    setup = WorkerSetup(compose("bisca", reference, folder, ["play"]), codec_file, 4096)
    student = Student(
        setup, HONEST_CALL_SECONDS, load_codec(codec_file), test_processor_seconds=budget
    )
    student.session.begin(test_id)
    try:
        yield student
    finally:
        student.session.close()
