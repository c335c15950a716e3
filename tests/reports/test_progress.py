"""A grading tells its progress (tests done of total, the part at work), for a terminal only."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from cardlab.judge.grading import project_job, run
from cardlab.reports.progress import grading_progress


def test_a_grading_tells_each_test_done_of_the_total_and_its_part(toy, tmp_path):
    told: list[tuple[int, int, str]] = []
    job = project_job(toy, "toy", 1, tmp_path)
    report = run(job, progress=lambda done, total, part: told.append((done, total, part)))
    tests = len(report.tests)
    titles = {part.title for part in report.parts}
    during = [step for step in told if step[1] == tests]
    assert [done for done, _, _ in during[: tests + 1]] == list(range(tests + 1))
    assert {part for _, _, part in during if part} == titles
    quiet = run(project_job(toy, "toy", 1, tmp_path))
    assert report == quiet, "timing fields aside, a progress changes nothing of the report"


def test_the_progress_line_shows_tests_done_of_total_and_the_part(tmp_path):
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, color_system=None, width=100)
    with grading_progress("toy phase 1", console) as tell:
        tell(12, 181, "The rules: legal plays, tricks, scoring a hand, the end of the game")
    shown = screen.getvalue()
    assert "12/181 tests" in shown and "The rules: legal plays, tricks" in shown


def test_no_progress_reaches_a_stream_that_is_not_a_terminal(toy):
    cardlab = Path(sys.executable).parent / "cardlab"
    done = subprocess.run(
        [
            str(cardlab),
            "grade",
            "toy",
            "--phase",
            "1",
            "--format",
            "json",
            "--project",
            str(toy.root),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "progress" not in json.loads(done.stdout)
