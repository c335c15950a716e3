"""The portable worker (CARDLAB_PORTABLE=1): spawned on its standard streams, read by a
thread, no signals and no confinement; grading must come out the same."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from cardlab.course.handout import build_handout
from cardlab.judge.grading import handout_job, run
from cardlab.worker.portable import NOT_CONFINED, SETTING, ThreadedReader, portable
from cardlab.worker.wire import ChannelClosed, FrameTimeout, write_frame

ONE = (Path(sys.executable),)
DOUBLE_TESTS = """import pytest

pytestmark = pytest.mark.part("a")


@pytest.mark.parametrize("x", [1, 2, 5])
def test_double(student, x):
    assert student.a.double(x) == 2 * x
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
    report = run(handout_job(folder))
    assert report.score == 0
    failed = [test for test in report.tests if test.id.endswith("test_double[1]")]
    assert failed and "did not finish within 1 s" in failed[0].message


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
