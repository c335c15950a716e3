"""A submission is only the files inside the folder given, wherever it is graded.

The attack is a submission whose entry is a link to a folder elsewhere: the reference
itself, as a student could point to it inside the Gradescope autograder
(``../source/project/reference/<assignment>``). It is tried with ``cardlab grade``,
``cardlab grade-all``, a student's ``cardlab check`` in a handout, and the exported
Gradescope ``run_autograder``; each grades only what lies inside the submission.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardlab.batch.grade_all import BatchRequest, grade_all
from cardlab.batch.store import DATABASE_NAME
from cardlab.cli import main
from cardlab.course.handout import build_handout
from cardlab.exports.gradescope import export_gradescope
from cardlab.judge.grading import handout_job, project_job, run

pytestmark = pytest.mark.slow

LINK_NOTE = "it is a link, and a submission is only the files inside its folder"


def _linking(folder: Path, name: str, target: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / name).symlink_to(target, target_is_directory=True)
    return folder


def test_grade_does_not_follow_a_link_to_the_reference(toy, tmp_path):
    submission = _linking(tmp_path / "alice", "toy", toy.reference_dir("toy"))
    output = tmp_path / "report.json"
    result = CliRunner().invoke(main, [
        "grade", "toy", "--phase", "1", "--project", str(toy.root),
        "--submission", str(submission), "--format", "json", "--output", str(output),
    ])
    assert result.exit_code == 2, result.output  # the link is all it holds: an empty submission
    assert f"ignored toy in the submission: {LINK_NOTE}" in result.output
    assert not output.exists()


def test_grade_all_refuses_a_linked_submission_and_a_linked_folder(toy, tmp_path):
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "alice").symlink_to(toy.reference_dir("toy"), target_is_directory=True)
    _linking(subs / "bob", "toy", toy.reference_dir("toy"))
    honest = subs / "carol"
    honest.mkdir()
    shutil.copy(toy.reference_dir("toy") / "counter.py", honest)
    output = tmp_path / "out"

    grade_all(toy, BatchRequest("toy", 1, subs, output, jobs=1))

    db = sqlite3.connect(output / DATABASE_NAME)
    rows = {row[0]: row[1:] for row in db.execute("SELECT student, status, score, cause, "
                                                   "report_text FROM results")}
    db.close()
    assert rows["alice"][:2] == ("rejected", 0)
    assert "alice is a link to something elsewhere" in rows["alice"][2]
    assert rows["bob"][:2] == ("empty", 0)
    assert rows["carol"][:2] == ("graded", 100)
    assert LINK_NOTE in " ".join(rows["bob"][2].split())  # the one-line cause of "empty"


def test_check_refuses_a_package_folder_that_links_elsewhere(toy, tmp_path):
    handout = build_handout(toy, toy.spec("toy"), 1, tmp_path / "handout")
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(toy.reference_dir("toy"), elsewhere)
    for compiled in (handout / "toy").glob("*.pyc"):  # so the handout still runs here
        shutil.copy(compiled, elsewhere)
    shutil.rmtree(handout / "toy")
    (handout / "toy").symlink_to(elsewhere, target_is_directory=True)

    report = run(handout_job(handout))

    assert report.score == 0
    assert any("counter.py is a link to a file outside your submission" in n
               for n in report.notes)


def test_the_gradescope_autograder_grades_only_the_submission(toy, tmp_path):
    wheel = tmp_path / "cardlab-0-py3-none-any.whl"  # never installed: the judge's python runs
    wheel.write_bytes(b"")
    autograder = export_gradescope(toy, toy.spec("toy"), 1, tmp_path / "ag.zip", wheel=wheel)
    root = tmp_path / "autograder"
    with zipfile.ZipFile(autograder) as archive:
        archive.extractall(root / "source")
    os.chmod(root / "source" / "run_autograder", 0o755)
    _linking(root / "submission", "toy", Path("../source/project/reference/toy"))
    env = {**os.environ, "CARDLAB_AUTOGRADER_ROOT": str(root), "CARDLAB_PYTHON": sys.executable}

    subprocess.run([str(root / "source" / "run_autograder")], env=env, cwd=root,
                   capture_output=True, timeout=600, check=True)

    results = json.loads((root / "results" / "results.json").read_text())
    assert results["score"] == 0
    assert LINK_NOTE in results["output"]


def test_style_indicators_never_read_a_refused_module(repo, tmp_path):
    """A module that is a link out of the submission earns no style for the file it names."""
    honest = shutil.copytree(repo.reference_dir("cardgame"), tmp_path / "honest")
    linked = shutil.copytree(honest, tmp_path / "linked")
    (linked / "card.py").unlink()
    (linked / "card.py").symlink_to(repo.reference_dir("cardgame") / "card.py")

    def style(folder: Path) -> float:
        report = run(project_job(repo, "cardgame", 1, folder), "test_style_indicators")
        return next(part.score for part in report.parts if part.id == "style")

    assert style(linked) < style(honest) == 10


def test_grade_all_never_reads_what_a_link_points_to(toy, tmp_path):
    """Links in a class's submissions are hashed as links: no file outside is read.

    The link points to a sparse file of 64 GiB: read, it would exhaust the judge's memory.
    """
    huge = tmp_path / "huge"
    with huge.open("wb") as file:
        file.truncate(64 << 30)
    subs = tmp_path / "subs"
    eve = subs / "eve"
    eve.mkdir(parents=True)
    shutil.copy(toy.reference_dir("toy") / "counter.py", eve)
    (eve / "big").symlink_to(huge)
    (subs / "mallory.zip").symlink_to(huge)

    outcomes = grade_all(toy, BatchRequest("toy", 1, subs, tmp_path / "out", jobs=1))

    assert {o.student: (o.status, o.score) for o in outcomes} == {
        "eve": ("graded", 100), "mallory": ("rejected", 0)}
