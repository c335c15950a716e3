"""Work left running in a process of its own still counts against a test's processor time.

A student's code that returns at once but leaves a child (or an orphaned grandchild) at
work would otherwise get the machine's processors for free while the test goes on; its
honest twin, which leaves nothing behind, makes the same calls and passes.
"""

from __future__ import annotations

import time

import pytest
from support.processor_budget import working_student

from cardlab.worker.process import WorkerFailure

USED_UP = "used more than 1 s of processor time in this test"


def _calls_for(student, seconds: float) -> None:
    """Cheap calls, one every tenth of a second, for ``seconds`` of the clock."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        student.pkg.play.pause(0.1)


@pytest.mark.parametrize("grandchild", [False, True], ids=["child", "orphaned grandchild"])
def test_work_left_running_is_stopped(repo, tmp_path, grandchild):
    with working_student(repo, tmp_path, 1.0, "test_leaves_work") as student:
        student.pkg.play.work_elsewhere(30, grandchild)
        with pytest.raises(WorkerFailure, match=USED_UP):
            _calls_for(student, 60)


def test_the_honest_twin_leaves_nothing_and_passes(repo, tmp_path):
    with working_student(repo, tmp_path, 1.0, "test_leaves_nothing") as student:
        student.pkg.play.work_elsewhere(0.2)
        _calls_for(student, 3)
