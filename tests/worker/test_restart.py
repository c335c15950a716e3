"""A restarted worker knows nothing of the one before it (a fresh process, ready early).

Workers are forked from a zygote that never runs student code: whatever one game leaves
in its worker (module state, patched classes, files, the environment) must not be found
by the next game's worker, forked from the same zygote.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from support.call_limits import HONEST_CALL_SECONDS

from cardlab.judge.proxy import Student
from cardlab.judge.session import SPARES
from cardlab.worker.codec import Codec
from cardlab.worker.compose import compose
from cardlab.worker.forkserver import ForkedWorker
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

LEAVES_STATE = COUNTS_CALLS + """
import builtins
import os

from . import greet

TRACE = "left by an earlier game"


def leave():
    global LEFT
    LEFT = TRACE
    Tally.total = TRACE
    greet.LEFT = TRACE
    builtins.LEFT = TRACE
    os.environ["LEFT"] = TRACE
    with open("/tmp/left", "w") as trace:
        trace.write(TRACE)
    return os.getuid()


def find():
    found = {
        "module global": globals().get("LEFT"),
        "class attribute": Tally.total,
        "provided module": getattr(greet, "LEFT", None),
        "builtins": getattr(builtins, "LEFT", None),
        "environment": os.environ.get("LEFT"),
        "file in /tmp": os.path.exists("/tmp/left") or None,
    }
    return sorted(name for name, value in found.items() if value)
"""


def _student(toy, folder, source, guarded=()):
    (folder / "counter.py").write_text(source, encoding="utf-8")
    composition = compose("toy", toy.reference_dir("toy"), folder, ["counter"])
    setup = WorkerSetup(composition, None, 4096, guarded=guarded)
    student = Student(setup, HONEST_CALL_SECONDS, Codec([]))
    student.session.begin("test_restart")
    return student


@pytest.fixture
def counting(toy, tmp_path):
    """The toy package with a counter that remembers how often add was called."""
    student = _student(toy, tmp_path, COUNTS_CALLS)
    yield student
    student.session.close()


@pytest.fixture
def leaving(toy, tmp_path):
    """The toy package with a counter that leaves traces of itself everywhere it can."""
    student = _student(toy, tmp_path, LEAVES_STATE)
    yield student
    student.session.close()


def test_a_restart_forgets_everything_and_refuses_old_handles(counting):
    tally = counting.pkg.counter.Tally()
    assert [counting.pkg.counter.add(1, 2) for _ in range(2)] == [1, 2]
    for game in range(3):
        counting.restart()
        assert [counting.pkg.counter.add(1, 2) for _ in range(2)] == [1, 2], game
    with pytest.raises(WorkerFailure, match="lost when the worker was restarted"):
        counting.attr(tally, "total")


def test_without_a_spare_the_next_call_starts_a_worker(counting):
    assert counting.pkg.counter.add(1, 2) == 1
    counting.restart(spare=False)
    assert counting.pkg.counter.add(1, 2) == 1
    assert counting.canary() == []


def test_workers_started_ahead_load_the_students_code_before_they_are_needed(toy, tmp_path):
    """Spares are confined, checked and composing while the judge works.

    A folder other users can read is guarded, so that a judge run as root composes only
    once the confinement's answer says the worker cannot read it.
    """
    guarded = tmp_path / "guarded"
    guarded.mkdir(mode=0o755)
    student = _student(toy, tmp_path, COUNTS_CALLS, guarded=(guarded,))
    try:
        assert student.pkg.counter.add(1, 2) == 1
        student.restart()
        ahead = list(student.session._spares)
        assert len(ahead) == SPARES
        ends = time.monotonic() + 10
        while not ahead[-1].reader.waiting() and time.monotonic() < ends:
            time.sleep(0.01)
        student.restart()  # the spares move on: the last one's confinement is read
        assert ahead[-1].confined and not ahead[-1].started
        student.restart()
        assert student.session._process is ahead[-1]
        assert [student.pkg.counter.add(1, 2) for _ in range(2)] == [1, 2]
    finally:
        student.session.close()


def test_no_game_finds_what_an_earlier_game_left(leaving):
    users = {leaving.pkg.counter.leave()}
    everywhere = ["builtins", "class attribute", "environment", "module global", "provided module"]
    if "private root" in leaving.session.isolation.applied:  # else /tmp is the machine's own
        everywhere.append("file in /tmp")
    assert leaving.pkg.counter.find() == sorted(everywhere)  # the probe sees what it left
    for game in range(3):
        leaving.restart()
        assert leaving.pkg.counter.find() == [], game
        assert isinstance(leaving.session._process.process, ForkedWorker)  # forked from the zygote
        users.add(leaving.pkg.counter.leave())
    if os.geteuid() == 0:  # a judge run as root gives every worker a user id of its own
        assert len(users) == 4 and 0 not in users


def test_the_zygote_imports_only_the_standard_library_and_the_runtime():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    imported = subprocess.run(
        [sys.executable, "-S", "-s", "-P", "-c",
         f"import sys; sys.path.insert(0, {root!r}); import cardlab.worker.zygote; "
         "print(' '.join(sys.modules))"],
        capture_output=True, text=True, check=True, env={},
    ).stdout.split()
    outside = [
        name for name in imported
        if name.split(".")[0] not in sys.stdlib_module_names
        and name != "__main__"
        and not name.startswith(("cardlab.worker.", "_"))
        and name not in ("cardlab", "cardlab.worker")
    ]
    assert "cardlab.worker.serve" in imported and outside == []


def test_a_killed_worker_is_reaped_not_left_a_zombie(counting):
    killed = []
    for _ in range(3):
        counting.pkg.counter.add(1, 2)
        killed.append(counting.session._process.process.pid)
        counting.restart()
    assert counting.pkg.counter.add(1, 2) == 1  # the zygote still runs, and has reaped them
    deadline = time.monotonic() + 5
    while any(os.path.exists(f"/proc/{pid}") for pid in killed) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [pid for pid in killed if os.path.exists(f"/proc/{pid}")] == []
