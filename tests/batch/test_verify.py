"""`cardlab grade-all --verify K`: a sample graded again, differences reported, nothing changed.

One small toy class is graded once per module; each test verifies a copy of its output
folder. A grade that changes is made two ways: a result altered in the database, and a
hidden test that reads a file outside the project, which changes between the gradings.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.toy_class import BUGGY, GOOD, graded_class

from cardlab.batch.store import DATABASE_NAME
from cardlab.batch.verify import choose
from cardlab.cli import main
from cardlab.course.project import Project
from cardlab.course.submissions import Submission

COIN_TEST = '''
"""A hidden test that passes while a file outside the project says heads."""

from pathlib import Path

import pytest


@pytest.mark.part("add")
def test_the_coin(student):
    """Passes on heads."""
    assert Path({coin!r}).read_text() == "heads"
'''
PID_TEST = '''
"""A hidden test that notes which judge process ran it."""

import os
from pathlib import Path

import pytest


@pytest.mark.part("add")
def test_note_the_judge(student):
    """Always passes."""
    with Path({log!r}).open("a") as log:
        log.write(f"{{os.getpid()}}\\n")
'''


@pytest.fixture(scope="module")
def graded(toy, tmp_path_factory) -> tuple[Path, Path]:
    """A graded toy class (ann and cy good, bob buggy, dan empty): project and submissions."""
    folder = tmp_path_factory.mktemp("verify")
    students = {"ann": GOOD, "bob": BUGGY, "cy": GOOD, "dan": None}
    graded_class(toy, folder, students)
    return toy.root, folder / "subs"


@pytest.fixture
def batch(graded, tmp_path) -> Path:
    """A copy of the graded class's output folder, for one test to change."""
    copy = tmp_path / "out"
    shutil.copytree(graded[1].parent / "out", copy)
    return copy


def _verify(project: Path, subs: Path, output: Path, *options: str):
    arguments = ["grade-all", "toy", "--phase", "1", str(subs), "--output", str(output)]
    return CliRunner().invoke(main, [*arguments, *options, "--project", str(project)])


def _digest(output: Path) -> str:
    return hashlib.sha256((output / DATABASE_NAME).read_bytes()).hexdigest()


def _tamper(output: Path, student: str, score: float, test: str, status: str) -> None:
    """Change one stored result: its score, and one test's status in its JSON report."""
    db = sqlite3.connect(output / DATABASE_NAME)
    try:
        (text,) = db.execute(
            "SELECT report_json FROM results WHERE student = ?", (student,)
        ).fetchone()
        report = json.loads(text)
        for part in report["parts"]:
            for entry in part["tests"]:
                if entry["id"] == test:
                    entry["status"], entry["fraction"] = status, 0.0
        db.execute(
            "UPDATE results SET score = ?, report_json = ? WHERE student = ?",
            (score, json.dumps(report), student),
        )
        db.commit()
    finally:
        db.close()


def _first_test(output: Path, student: str) -> tuple[str, str]:
    db = sqlite3.connect(output / DATABASE_NAME)
    try:
        (text,) = db.execute(
            "SELECT report_json FROM results WHERE student = ?", (student,)
        ).fetchone()
    finally:
        db.close()
    part = json.loads(text)["parts"][0]
    return part["id"], part["tests"][0]["id"]


def test_a_stable_class_agrees_and_nothing_is_changed(graded, batch):
    before = _digest(batch)

    result = _verify(*graded, batch, "--verify", "3", "--verify-seed", "11", "--jobs", "2")

    assert result.exit_code == 0, result.output
    assert "seed 11" in result.output
    assert "All 3 submissions graded again agree with their stored result" in result.output
    assert _digest(batch) == before


def test_a_tampered_result_is_reported_with_both_scores_and_its_test(graded, batch):
    part, test = _first_test(batch, "ann")
    _tamper(batch, "ann", 55.0, test, "failed")
    before = _digest(batch)

    result = _verify(*graded, batch, "--verify", "3", "--verify-seed", "5")

    assert result.exit_code == 1, result.output
    lines = [line for line in result.stdout.splitlines() if line.startswith("ann:")]
    assert len(lines) == 1, result.output
    assert "stored 55 / 100, graded again 100 / 100" in lines[0]
    assert f"{part}/{test} failed -> passed" in lines[0]
    assert "1 of 3 submissions graded again differ" in result.stdout
    assert not any(line.startswith(("bob:", "cy:")) for line in result.stdout.splitlines())
    assert _digest(batch) == before


def test_the_seed_chooses_the_same_sample_again():
    pool = [Submission(name, Path(name)) for name in "qwertyuiopasdfgh"]

    draws = {tuple(s.student for s in choose(pool, 4, seed)) for seed in range(20)}

    assert choose(pool, 4, 3) == choose(list(reversed(pool)), 4, 3)
    assert len(draws) > 1  # the seed decides the draw


def test_a_printed_seed_draws_the_same_submissions(graded, batch):
    _part, test = _first_test(batch, "ann")
    for student in ("ann", "bob", "cy"):
        _tamper(batch, student, 1.0, test, "skipped")

    first = _verify(*graded, batch, "--verify", "1")
    seed = first.output.split("chosen with seed ")[1].split()[0]
    again = _verify(*graded, batch, "--verify", "1", "--verify-seed", seed)

    assert first.exit_code == again.exit_code == 1, first.output
    named = [line.split(":")[0] for line in first.stdout.splitlines() if ": stored" in line]
    assert len(named) == 1
    assert [line.split(":")[0] for line in again.stdout.splitlines() if ": stored" in line] == named


def test_a_grading_that_depends_on_a_changing_file_is_reported(toy, tmp_path):
    coin = tmp_path / "coin.txt"
    coin.write_text("heads")
    project = _project_with_test(toy, tmp_path / "project", COIN_TEST.format(coin=str(coin)))
    output = graded_class(project, tmp_path, {"ann": GOOD})
    coin.write_text("tails")

    result = _verify(project.root, tmp_path / "subs", output, "--verify", "1")

    assert result.exit_code == 1, result.output
    (line,) = [line for line in result.stdout.splitlines() if line.startswith("ann:")]
    assert "stored 100 / 100, graded again" in line
    assert "test_the_coin passed -> failed" in line


def test_each_submission_is_graded_again_by_a_judge_of_its_own(toy, tmp_path):
    log = tmp_path / "judges.log"
    project = _project_with_test(toy, tmp_path / "project", PID_TEST.format(log=str(log)))
    output = graded_class(project, tmp_path, {"ann": GOOD, "bob": BUGGY, "cy": GOOD})
    log.write_text("")

    result = _verify(project.root, tmp_path / "subs", output, "--verify", "3", "--jobs", "1")

    assert result.exit_code == 0, result.output
    judges = log.read_text().split()
    assert len(judges) == 3
    assert len(set(judges)) == 3  # one batch judge would have graded all three


def _project_with_test(toy: Project, folder: Path, test: str) -> Project:
    """The toy project with one more hidden test, of source ``test``."""
    folder.mkdir()
    shutil.copytree(toy.graders_dir("toy"), folder / "graders" / "toy")
    hidden = folder / "graders" / "toy" / "hidden" / "test_extra.py"
    hidden.write_text(textwrap.dedent(test))
    for entry in toy.root.iterdir():
        if entry.name not in {"graders", ".cardlab"}:
            (folder / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    return Project(folder)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("--verify", "4"), "holds only 3 graded result(s) that can be verified"),
        (("--verify", "0"), "K must be at least 1"),
        (("--verify-seed", "3"), "give --verify too"),
        (("--verify", "1", "--regrade"), "--verify and --regrade"),
    ],
)
def test_bad_verify_options_are_one_line_and_change_nothing(graded, batch, options, message):
    before = _digest(batch)

    result = _verify(*graded, batch, *options)

    assert result.exit_code == 2, result.output
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert _digest(batch) == before


def test_a_store_without_graded_results_or_no_store_is_refused(graded, batch, tmp_path):
    db = sqlite3.connect(batch / DATABASE_NAME)
    db.execute("DELETE FROM results WHERE status = 'graded'")
    db.commit()
    db.close()

    empty = _verify(*graded, batch, "--verify", "1")
    missing = _verify(*graded, tmp_path / "nothing-here", "--verify", "1")

    assert empty.exit_code == missing.exit_code == 2, empty.output + missing.output
    assert "holds no graded result to verify; grade the class first" in empty.output
    assert "holds no results of cardlab grade-all" in missing.output
    assert not (tmp_path / "nothing-here").exists()


def test_a_changed_submission_is_left_out(graded, batch):
    copy = batch.parent / "subs"
    shutil.copytree(graded[1], copy)
    (copy / "bob" / "counter.py").write_text(textwrap.dedent(GOOD))

    result = _verify(graded[0], copy, batch, "--verify", "2", "--verify-seed", "1")

    assert result.exit_code == 0, result.output
    assert "Grading again 2 of 2 graded submissions" in result.output
    assert "1 left out" in result.output


def test_a_store_graded_under_another_course_secret_is_refused(graded, batch):
    db = sqlite3.connect(batch / DATABASE_NAME)
    db.execute("UPDATE batch SET value = '0123456789abcdef' WHERE key = 'secret'")
    db.commit()
    db.close()

    result = _verify(*graded, batch, "--verify", "1")

    assert result.exit_code == 2, result.output
    assert "graded under another course secret (0123456789abcdef" in result.output
