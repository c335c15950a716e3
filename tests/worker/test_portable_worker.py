"""The portable worker (CARDLAB_PORTABLE=1): spawned on its standard streams, read by a
thread, no signals and no confinement; grading must come out the same."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support.call_limits import job_with_call_seconds

from cardlab.course.handout import build_handout
from cardlab.judge.grading import handout_job, run
from cardlab.worker.portable import NOT_CONFINED, SETTING, ThreadedReader, portable
from cardlab.worker.wire import ChannelClosed, FrameTimeout, write_frame

ONE = (Path(sys.executable),)
DOUBLE_TESTS = """import pytest

pytestmark = pytest.mark.part("a")


@pytest.mark.parametrize("x", [1, 2, 5])
def test_double(student, x):
    assert student.pkg.a.double(x) == 2 * x
"""


def _handout(toy_tree, tmp_path: Path, double: str) -> Path:
    project, spec = toy_tree
    folder = build_handout(project, spec, 1, tmp_path / "hand out é", pythons=ONE)
    (folder / "tests" / "test_double.py").write_text(DOUBLE_TESTS)
    (folder / "tests" / "codec.py").unlink()  # the toy's is a placeholder; ints need none
    (folder / "toy" / "a.py").write_text(f"import os\n\n\ndef double(x):\n{double}")
    return folder


def _outcomes(report) -> dict[str, str]:
    return {test.id: test.status for test in report.tests}


def test_the_setting_forces_the_portable_path(monkeypatch):
    monkeypatch.setenv(SETTING, "1")
    assert portable()
    monkeypatch.setenv(SETTING, "0")
    assert portable() == (not sys.platform.startswith("linux"))


def test_a_portable_check_grades_as_the_confined_one(toy_tree, tmp_path, monkeypatch):
    folder = _handout(toy_tree, tmp_path, "    return x + x\n")
    confined = run(handout_job(folder))
    monkeypatch.setenv(SETTING, "1")
    portable_report = run(handout_job(folder))
    assert portable_report.score == confined.score == portable_report.max_score
    assert _outcomes(portable_report) == _outcomes(confined)
    assert portable_report.isolation_notes == (NOT_CONFINED,)
    assert confined.isolation_notes != (NOT_CONFINED,)


def test_a_portable_worker_that_loops_is_killed_by_the_judge(toy_tree, tmp_path, monkeypatch):
    monkeypatch.setenv(SETTING, "1")
    folder = _handout(toy_tree, tmp_path, "    while x:\n        pass\n")
    job = handout_job(folder)
    # Every call of this handout loops, so no honest call has to meet this small limit.
    report = run(job_with_call_seconds(job, 0.5))
    assert report.score == 0
    failed = [test for test in report.tests if test.id.endswith("test_double[1]")]
    assert failed and "did not finish within 0.5 s" in failed[0].message


def test_student_writes_to_the_standard_streams_do_not_reach_the_channel(
    toy_tree, tmp_path, monkeypatch
):
    monkeypatch.setenv(SETTING, "1")
    noisy = (
        "    os.write(1, b'\\\\x00\\\\x00\\\\x00\\\\x05junk')\n"  # a frame header, then junk
        "    os.read(0, 10)\n"
        "    return 2 * x\n"
    )
    report = run(handout_job(_handout(toy_tree, tmp_path, noisy)))
    assert report.score == report.max_score, [t.message for t in report.failures]


def test_the_threaded_reader_waits_with_a_deadline_and_sees_the_end():
    read_fd, write_fd = os.pipe()
    reader = ThreadedReader(read_fd)
    with pytest.raises(FrameTimeout):
        reader.read(time.monotonic() + 0.05)
    write_frame(write_fd, {"id": 1, "ok": "yes"})
    assert reader.read(time.monotonic() + 5) == {"id": 1, "ok": "yes"}
    os.close(write_fd)
    for _ in range(2):
        with pytest.raises(ChannelClosed):
            reader.read(time.monotonic() + 5)
    os.close(read_fd)


WITHOUT_UNIX = """
import os, sys
for module in ("pwd", "grp", "resource", "fcntl", "termios"):
    sys.modules[module] = None  # as on Windows
for name in ("geteuid", "killpg", "setsid", "fork", "sched_yield"):
    delattr(os, name)
"""


def test_the_portable_path_needs_none_of_the_unix_only_calls(toy_tree, tmp_path):
    folder = _handout(toy_tree, tmp_path, "    return x + x\n")
    report = tmp_path / "report.json"
    check = WITHOUT_UNIX + (
        "from cardlab.cli import main\n"
        f"main(['check', '--handout', {str(folder)!r}, '--format', 'json', "
        f"'--output', {str(report)!r}])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", check],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, SETTING: "1"},
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(report.read_text())
    assert data["score"] == data["max_score"] > 0
    assert data["isolation"]["missing"] == [NOT_CONFINED]
    worker = WITHOUT_UNIX + "import cardlab.worker.serve\n"
    imported = subprocess.run(
        [sys.executable, "-c", worker], capture_output=True, text=True, timeout=60, check=False
    )
    assert imported.returncode == 0, imported.stderr
