"""A test's processor budget: the student's processor time in one test, all workers together."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from support.processor_budget import working_student

from cardlab.worker.process import WorkerFailure, processor_seconds_of

USED_UP = "used more than 1 s of processor time in this test"


def test_a_process_is_counted_with_the_processes_it_left_running():
    spins_below = (
        "import subprocess, sys, time\n"
        "subprocess.Popen([sys.executable, '-c', 'while True: pass'])\n"
        "time.sleep(120)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", spins_below], start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while processor_seconds_of(parent.pid) < 0.5 and time.monotonic() < deadline:
            time.sleep(0.1)
        own = (lambda t: t[0] + t[1])(os.times())  # the test's own process is not in it
        assert processor_seconds_of(parent.pid) >= 0.5, "the spinning child was not counted"
        assert processor_seconds_of(os.getpid()) >= own - 0.05
    finally:
        os.killpg(parent.pid, signal.SIGKILL)
        parent.wait()


def test_a_process_that_cannot_be_read_counts_nothing():
    # Above the largest process id Linux gives (2**22): no such process.
    assert processor_seconds_of(2**22 + 1) == 0.0


def test_work_past_the_budget_fails_the_test_and_the_next_test_starts_afresh(repo, tmp_path):
    with working_student(repo, tmp_path, 1.0, "test_budget") as student:
        calls = 0
        with pytest.raises(WorkerFailure, match=USED_UP):
            while calls < 20:
                student.pkg.play.work(0.3)
                calls += 1
        assert calls >= 3, f"failed after {calls} calls of 0.3 s: before the budget was used"
        with pytest.raises(WorkerFailure, match=USED_UP):  # the rest of the test fails at once
            student.pkg.play.pause(0)
        student.session.begin("next test")
        for _ in range(3):
            student.pkg.play.work(0.3)


def test_time_spent_waiting_is_not_processor_time(repo, tmp_path):
    with working_student(repo, tmp_path, 1.0, "test_waits") as student:
        for _ in range(6):
            student.pkg.play.pause(0.3)


def test_every_worker_of_a_test_counts(repo, tmp_path):
    with (
        working_student(repo, tmp_path, 1.0, "test_restarts") as student,
        pytest.raises(WorkerFailure, match=USED_UP),
    ):
        for _ in range(20):
            student.pkg.play.work(0.3)
            student.session.restart()
