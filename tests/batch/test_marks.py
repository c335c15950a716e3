"""`cardlab marks import`: marks given by hand reach every total; a wrong file changes nothing."""

from __future__ import annotations

import csv
import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console
from support.toy_class import BUGGY, GOOD, graded_class, toy_with_notes

from cardlab.batch.console import write_and_print
from cardlab.batch.grade_all import BatchRequest, grade_all
from cardlab.batch.store import DATABASE_NAME
from cardlab.cli import main
from cardlab.course.project import Project


@pytest.fixture(scope="module")
def graded(toy, tmp_path_factory) -> tuple[Path, Path]:
    """A graded toy class (ann good, bob buggy, cy empty): the project and the output."""
    folder = tmp_path_factory.mktemp("marks")
    project = toy_with_notes(toy, folder / "project")
    output = graded_class(project, folder, {"ann": GOOD, "bob": BUGGY, "=2+5": GOOD, "cy": None})
    return project.root, output


@pytest.fixture
def batch(graded, tmp_path) -> tuple[Path, Path]:
    """A copy of the graded class's output folder, for one test to change."""
    project, output = graded
    copy = tmp_path / "out"
    copy.mkdir()
    for path in output.rglob("*"):
        target = copy / path.relative_to(output)
        if path.is_dir():
            target.mkdir(exist_ok=True)
        else:
            target.write_bytes(path.read_bytes())
    return project, copy


def _import(project: Path, output: Path, marks: Path):
    arguments = ["marks", "import", "toy", "--phase", "1", str(marks), "--output", str(output)]
    return CliRunner().invoke(main, [*arguments, "--project", str(project)])


def _marks_file(folder: Path, text: str, name: str = "marks.csv") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _gradebook(output: Path) -> dict[str, dict[str, str]]:
    with (output / "gradebook.csv").open(newline="", encoding="utf-8") as file:
        return {row["student_id"]: row for row in csv.DictReader(file)}


def _stored_marks(output: Path) -> list[tuple]:
    db = sqlite3.connect(output / DATABASE_NAME)
    try:
        return db.execute(
            "SELECT student, part, points, comment FROM marks ORDER BY 1, 2"
        ).fetchall()
    finally:
        db.close()


GOOD_MARKS = (
    "student,part,points,comment\n"
    "ann,notes,8,clear and short\n"
    "bob,notes,10,\n"
    "bob,add,40,the subtraction test expected the wrong sign this term\n"
    "'=2+5,notes,5,\n"
)


def test_marks_reach_the_gradebook_overview_and_reports(batch, tmp_path):
    project, output = batch
    before = _gradebook(output)
    assert before["ann"]["notes"] == "" and before["ann"]["total"] == "100.0"

    result = _import(project, output, _marks_file(tmp_path, GOOD_MARKS))

    assert result.exit_code == 0, result.output
    assert "Stored 4 mark(s)" in result.output
    gradebook = _gradebook(output)
    assert gradebook["ann"]["notes"] == "8.0" and gradebook["ann"]["total"] == "108.0"
    assert gradebook["bob"]["add"] == "40.0" and gradebook["bob"]["total"] == "110.0"
    assert gradebook["'=2+5"]["total"] == "105.0"  # the apostrophe of the gradebook read back
    assert gradebook["cy"]["total"] == "0.0" and gradebook["cy"]["notes"] == "0.0"
    with (output / "overview" / "parts.csv").open(newline="") as file:
        parts = {row["part"]: row for row in csv.DictReader(file)}
    assert float(parts["notes"]["mean"]) == round((8 + 10 + 5) / 3, 2)
    assert parts["add"]["full_marks"] == "3"
    report = json.loads((output / "reports" / "bob.json").read_text())
    add = next(part for part in report["parts"] if part["id"] == "add")
    assert add["score"] == 40 and add["marked_by_hand"]["graded"] == 0
    assert report["score"] == 110 and report["open_points"] == 0
    text = (output / "reports" / "ann.txt").read_text()
    assert "Marked by hand:" in text and "Notes on the tally: 8 / 10: clear and short" in text


def test_an_empty_points_cell_takes_a_mark_back(batch, tmp_path):
    project, output = batch
    assert _import(project, output, _marks_file(tmp_path, GOOD_MARKS)).exit_code == 0
    again = _marks_file(tmp_path, "student,part,points\nann,notes,\n", "again.csv")

    result = _import(project, output, again)

    assert result.exit_code == 0, result.output
    assert "1 taken back" in result.output
    assert (
        _gradebook(output)["ann"]["notes"] == "" and _gradebook(output)["ann"]["total"] == "100.0"
    )
    assert [m[:2] for m in _stored_marks(output)] == [
        ("=2+5", "notes"),
        ("bob", "add"),
        ("bob", "notes"),
    ]


def test_a_mark_outlives_grading_again(graded, batch, tmp_path):
    project, output = batch
    assert _import(project, output, _marks_file(tmp_path, GOOD_MARKS)).exit_code == 0
    subs = graded[1].parent / "subs"  # the class the batch was graded from
    toy = Project(project)

    grade_all(toy, BatchRequest("toy", 1, subs, output, jobs=2, regrade=True))
    write_and_print(toy, "toy", 1, output, Console(quiet=True))

    assert _gradebook(output)["ann"]["notes"] == "8.0"
    assert _gradebook(output)["bob"]["total"] == "110.0"


BAD_FILES = {
    "above the part's points": (
        "student,part,points,comment\nann,notes,8,\nbob,notes,11,\n",
        "marks.csv:3: points: 11 is more than the 10 that notes is worth",
    ),
    "negative": (
        "student,part,points,comment\nann,notes,8,\nbob,notes,-1,\n",
        "marks.csv:3: points: -1 is negative",
    ),
    "not a number": (
        "student,part,points,comment\nann,notes,8,\nbob,notes,ten,\n",
        "marks.csv:3: points: 'ten' is not a number",
    ),
    "not finite": (
        "student,part,points,comment\nann,notes,nan,\n",
        "marks.csv:2: points: 'nan' is not a number",
    ),
    "unknown student": (
        "student,part,points,comment\nann,notes,8,\ndan,notes,5,\n",
        "marks.csv:3: student: 'dan' was not graded in this batch",
    ),
    "unknown part": (
        "student,part,points,comment\nann,notes,8,\nbob,style,5,\n",
        "marks.csv:3: part: 'style' is not a part of phase 1 (its parts: add, tally, notes)",
    ),
    "no grade to mark": (
        "student,part,points,comment\nann,notes,8,\ncy,notes,5,\n",
        "marks.csv:3: student: 'cy' has no grade to mark (the submission is empty)",
    ),
    "override without a reason": (
        "student,part,points,comment\nann,notes,8,\nbob,add,40,\n",
        "marks.csv:3: comment: add is scored by the graders",
    ),
    "twice": (
        "student,part,points,comment\nann,notes,8,\nann,notes,9,\n",
        "marks.csv:3: student, part: ann is marked for notes already on line 2",
    ),
    "unknown column": (
        "student,part,pionts,comment\nann,notes,8,\n",
        "marks.csv:1: unknown column 'pionts'",
    ),
    "missing column": ("student,points\nann,8\n", "marks.csv:1: no 'part' column"),
    "short line": (
        "student,part,points,comment\nann,notes,8,\nbob,notes\n",
        "marks.csv:3: 2 fields where the header has 4",
    ),
    "empty": ("", "marks.csv:1: the file is empty"),
}


@pytest.mark.parametrize(("text", "message"), BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_wrong_marks_file_is_refused_in_one_line_and_changes_nothing(
    batch, tmp_path, text, message
):
    project, output = batch
    assert _import(project, output, _marks_file(tmp_path, GOOD_MARKS, "first.csv")).exit_code == 0
    stored, gradebook = _stored_marks(output), (output / "gradebook.csv").read_bytes()

    result = _import(project, output, _marks_file(tmp_path, text))

    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output
    assert "Traceback" not in result.output
    assert _stored_marks(output) == stored
    assert (output / "gradebook.csv").read_bytes() == gradebook


def test_a_marks_file_that_is_not_text_or_not_there_is_refused(batch, tmp_path):
    project, output = batch
    binary = tmp_path / "marks.csv"
    binary.write_bytes(b"student,part,points\n\xff\xfe,notes,3\n")
    for path, message in [(binary, "not UTF-8"), (tmp_path / "none.csv", "cannot read")]:
        result = _import(project, output, path)
        assert result.exit_code == 2 and message in result.output, result.output
    assert _stored_marks(output) == []


def test_marks_without_a_graded_batch_are_refused(graded, tmp_path):
    project, _ = graded
    result = _import(project, tmp_path / "nothing", _marks_file(tmp_path, GOOD_MARKS))
    assert result.exit_code == 2
    assert "holds no results of cardlab grade-all" in result.output
    assert not (tmp_path / "nothing").exists()
