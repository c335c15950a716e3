"""An interrupted grading writes no score: Ctrl-C, or a judge that fails or dies mid-run.

The toy project is copied with one more public grader: its first test tells the outside,
on a pipe the command inherits (pytest captures the standard streams), that the tests
before it have run, and its second waits for the interruption, calling the student's code
all the while. The signal is sent once that line is read, so no test here waits on the
clock.
"""

from __future__ import annotations

import functools
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardlab import cli, demo
from cardlab.course.project import Project
from cardlab.errors import GradingIncomplete, GradingInterrupted
from cardlab.judge import grading, mutation
from cardlab.judge.grading import project_job, run

TESTS = Path(__file__).resolve().parents[1]
TOY = TESTS / "toy_project"
READY = "the first tests have run"
INTERRUPTED = "grading interrupted: no score was written"
WAITS_FOR_THE_SIGNAL = '''
"""Graders that hold the grading open until it is interrupted."""

import os

import pytest

from cardlab.testing import expect_equal

READY_FD = {fd}


@pytest.mark.part("add")
def test_first(student):
    """add gives the sum."""
    expect_equal(student.pkg.counter.add(1, 2), 3, "add(1, 2)")
    os.write(READY_FD, b"{ready}\\n")


@pytest.mark.part("add")
def test_waits(student):
    """Calls add until the grading is interrupted."""
    while True:
        student.pkg.counter.add(1, 2)
'''


def _project(tmp_path: Path, grader: str, name: str = "test_waits.py") -> Path:
    """A copy of the toy project with ``grader`` as one more public module, ``name``.

    Its test limit is raised so far that only the interruption ends the waiting test.
    """
    root = tmp_path / "project"
    shutil.copytree(TOY, root)
    spec = root / "specs" / "toy.toml"
    spec.write_text(spec.read_text().replace("test_seconds = 300.0", "test_seconds = 3600.0"))
    (root / "graders" / "toy" / "public" / name).write_text(grader)
    return root


def _grade_until(tmp_path: Path, stop: signal.Signals, *options: str) -> tuple[int, str, str]:
    """``cardlab grade`` of the reference, sent ``stop`` once its first tests have run.

    Returns:
        The exit status and what the command wrote after the ready line, on standard
        output and on standard error.
    """
    ready, told = os.pipe()
    grader = WAITS_FOR_THE_SIGNAL.format(fd=told, ready=READY)
    root = _project(tmp_path, grader)
    submission = root / "reference" / "toy"
    command = [sys.executable, "-m", "cardlab.cli", "grade", "toy", "--phase", "1"]
    command += ["--project", str(root), "--submission", str(submission), *options]
    try:
        grade = subprocess.Popen(
            command,
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            pass_fds=(told,),
            # Ctrl-C as a terminal delivers it, even where this test process ignores SIGINT.
            preexec_fn=functools.partial(signal.signal, signal.SIGINT, signal.SIG_DFL),
        )
    finally:
        os.close(told)  # the command holds the only writing end: its end is the pipe's
    with grade, os.fdopen(ready) as lines:
        if lines.readline().strip() != READY:
            grade.kill()
            pytest.fail(f"the grading ended before its first tests ran: {grade.communicate()}")
        grade.send_signal(stop)
        out, err = grade.communicate(timeout=120)
    return grade.returncode, out, err


def test_ctrl_c_during_grade_writes_no_score(tmp_path):
    code, out, err = _grade_until(tmp_path, signal.SIGINT)
    assert code == 130
    assert err.strip() == INTERRUPTED
    assert out == ""


def test_ctrl_c_leaves_an_earlier_report_file_as_it_was(tmp_path):
    output = tmp_path / "out" / "report.json"
    output.parent.mkdir()
    output.write_text("the earlier report\n")
    code, out, err = _grade_until(
        tmp_path, signal.SIGINT, "--format", "json", "--output", str(output)
    )
    assert code == 130
    assert err.strip() == INTERRUPTED
    assert out == ""
    assert output.read_text() == "the earlier report\n"
    assert not (tmp_path / "out" / "report-files").exists() or not any(
        (tmp_path / "out" / "report-files").iterdir()
    )


def test_a_judge_killed_mid_run_writes_no_report(tmp_path):
    output = tmp_path / "report.json"
    code, out, err = _grade_until(
        tmp_path, signal.SIGKILL, "--format", "json", "--output", str(output)
    )
    assert code == -signal.SIGKILL
    assert (out, err) == ("", "")
    assert not output.exists()


def test_run_raises_when_its_pytest_session_is_interrupted(tmp_path):
    """pytest ends an interrupted session as INTERRUPTED: the run scores none of it."""
    interrupts = '''
import pytest


@pytest.mark.part("add")
def test_interrupted():
    """Ctrl-C reaches the judge during this test."""
    raise KeyboardInterrupt
'''
    root = _project(tmp_path, interrupts)
    project = Project(root)
    with pytest.raises(GradingInterrupted):
        run(project_job(project, "toy", 1, root / "reference" / "toy"))


FAILS_AFTER_ITS_FIRST_TEST = '''
"""A hook of the graders' that fails once a test has run: the judge stops part-way."""


def pytest_runtest_logreport(report):
    if report.when == "teardown":
        raise RuntimeError("a hook of the judge failed")
'''


def test_a_judge_that_fails_part_way_makes_no_score(tmp_path):
    """pytest ends a session whose own machinery failed as INTERNAL_ERROR: no score."""
    root = _project(tmp_path, FAILS_AFTER_ITS_FIRST_TEST, "conftest.py")
    submission = root / "reference" / "toy"
    with pytest.raises(GradingIncomplete, match="INTERNAL_ERROR"):
        run(project_job(Project(root), "toy", 1, submission))
    arguments = ["grade", "toy", "--phase", "1", "--project", str(root)]
    result = CliRunner().invoke(cli.main, [*arguments, "--submission", str(submission)])
    assert result.exit_code == 2, result.output
    [line] = result.output.splitlines()
    assert line.startswith("cardlab: the grader run ended early (INTERNAL_ERROR)")
    assert line.endswith("no score was written")


@pytest.mark.parametrize(
    ("arguments", "stopped", "line"),
    [
        (["check"], (grading, "handout_job"), "check interrupted: no score was written"),
        (
            ["mutants", "toy", "--phase", "1", "--project", str(TOY)],
            (mutation, "grade_mutants"),
            "mutants interrupted: no report was written",
        ),
        (["demo", "--project", str(TESTS.parent)], (demo, "run"), INTERRUPTED),
    ],
    ids=["check", "mutants", "demo"],
)
def test_every_command_that_scores_says_it_was_interrupted(monkeypatch, arguments, stopped, line):
    def interrupted(*args, **kwargs):
        raise GradingInterrupted(INTERRUPTED)

    monkeypatch.setattr(*stopped, interrupted)
    result = CliRunner().invoke(cli.main, arguments)
    assert result.exit_code == 130, result.output
    assert result.output.splitlines()[-1] == line
    assert "Total" not in result.output and "/ 100" not in result.output
