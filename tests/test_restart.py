"""A restarted worker knows nothing of the one before it (a fresh process, ready early)."""

from __future__ import annotations

import pytest

from cardlab.judge.proxy import Student
from cardlab.worker.codec import Codec
from cardlab.worker.compose import compose
from cardlab.worker.process import WorkerFailure, WorkerSetup

COUNTS_CALLS = """
CALLS = 0


def add(a, b):
    global CALLS
    CALLS += 1
    return CALLS


class Tally:
    total = 0
"""


@pytest.fixture
def counting(toy, tmp_path):
    """The toy package with a counter that remembers how often add was called."""
    (tmp_path / "counter.py").write_text(COUNTS_CALLS, encoding="utf-8")
    setup = WorkerSetup(compose("toy", toy.reference_dir("toy"), tmp_path, ["counter"]), None, 4096)
    student = Student(setup, 5.0, Codec([]))
    student.begin("test_restart")
    yield student
    student.close()


def test_a_restart_forgets_everything_and_refuses_old_handles(counting):
    tally = counting.counter.Tally()
    assert [counting.counter.add(1, 2) for _ in range(2)] == [1, 2]
    for game in range(3):
        counting.restart()
        assert [counting.counter.add(1, 2) for _ in range(2)] == [1, 2], game
    with pytest.raises(WorkerFailure, match="lost when the worker was restarted"):
        counting.attr(tally, "total")


def test_without_a_spare_the_next_call_starts_a_worker(counting):
    assert counting.counter.add(1, 2) == 1
    counting.restart(spare=False)
    assert counting.counter.add(1, 2) == 1
    assert counting.canary() == []
